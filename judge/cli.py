"""The command line: the parser, `judge adjudicate`, `map`, `variants`, `datc`, `fuzz` and `example` (the operator's
commands, `serve`, `deliver`, `process` and `requeue`, are in judge/cli_operator.py)."""
from __future__ import annotations

import io
import json
import os
import sys
from types import SimpleNamespace

from judge.hints import TYPE_CHECKING, Any, BinaryIO, Sequence
from judge.json_input import NotRead, TooLarge, document_lines, loads, read_document

if TYPE_CHECKING:
    import argparse

    from judge.config import Settings


# The operator's commands, and the settings, are imported only when one runs: `judge adjudicate` needs neither
# (judge.cli_operator's imports were a thirtieth of its start-up).
def settings_of(args: argparse.Namespace) -> Settings:
    from judge.cli_operator import settings_of
    return settings_of(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from judge.cli_operator import cmd_serve
    return cmd_serve(args)


def cmd_deliver(args: argparse.Namespace) -> int:
    from judge.cli_operator import cmd_deliver
    return cmd_deliver(args)


def cmd_process(args: argparse.Namespace) -> int:
    from judge.cli_operator import cmd_process
    return cmd_process(args)


def cmd_requeue(args: argparse.Namespace) -> int:
    from judge.cli_operator import cmd_requeue
    return cmd_requeue(args)


def _offer_variants(args: argparse.Namespace) -> None:
    """Variants beyond the shipped ones come from config.ini's variants_dir, read only if a request needs one."""
    from judge import maps
    maps.use_folder(lambda: settings_of(args).variants_dir)


def cmd_adjudicate(args: argparse.Namespace) -> int:
    import gc
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    gc.disable()                # imports make lasting objects only: nothing to collect meanwhile
    from judge import api
    gc.freeze()                 # and no collection looks at them again
    gc.set_threshold(10_000)    # a request leaves a few reference cycles (the adjudicator's rows): collected in bulk
    gc.enable()
    _offer_variants(args)
    stdin = getattr(sys.stdin, "buffer", None)
    source = None
    try:
        # Bytes, decoded line by line in a batch: a line that is not UTF-8 is that line's error, not the batch's end.
        if args.file and args.file != "-":
            source = open(args.file, "rb")
        elif sys.stdin is None:
            raise OSError("standard input is closed")
        else:
            source = stdin or io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))
        if args.batch:
            return _batch(source, api)
        try:
            doc = _json_document(read_document(source))
        except ValueError as exc:
            _say(_one_line(exc))
            return MALFORMED
        try:
            result = api.request(doc)
        except ValueError as exc:
            _say(_one_line(exc))
            return MALFORMED
        # (--compact: the same bytes as a --batch line)
        _put((json.dumps(result, separators=(",", ":")) if args.compact else json.dumps(result, indent=2)) + "\n")
        return 0
    except _OutputFailed as exc:
        _say(f"cannot write the result: {exc.args[0]}")
        return 1
    except BrokenPipeError:
        raise                   # (the reader went away: main() ends quietly)
    except OSError as exc:      # (opening or reading the input)
        _say(f"cannot read the request: {exc}")
        return MALFORMED
    finally:
        if source is not None and source is not stdin:
            source.close()
        gc.unfreeze()
        gc.set_threshold(*threshold)
        if not enabled:
            gc.disable()


MALFORMED = 2           # the exit status for a request that is not a valid document (in a batch: any line)


class _OutputFailed(Exception):
    """Writing a result failed (a full disk, standard output closed): args[0] says why."""


def _put(text: str) -> None:
    """A result out on standard output at once (a caller may wait for each line); a closed pipe is left to main()."""
    out = sys.stdout
    if out is None:                     # (`judge adjudicate >&-`: Python has no standard output at all)
        raise _OutputFailed("standard output is closed")
    try:
        out.write(text)
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _OutputFailed(exc) from exc


def _say(text: str) -> None:
    """One line on standard error, if there is one (with none, print() would write it among the results)."""
    if sys.stderr is not None:
        print(f"judge adjudicate: {text}", file=sys.stderr)


def _batch(source: BinaryIO, api) -> int:
    """One request per line, one result per line, in order. A bad line gets an {"error": ...} line, and the batch
    goes on; the exit status is then MALFORMED."""
    status = 0
    encode = json.JSONEncoder(separators=(",", ":")).encode     # (what json.dumps makes afresh for every call)
    for lineno, line in enumerate(document_lines(source), 1):
        if line is not None and not line.strip():
            _put("\n")                  # (a blank line for a blank line: result line N answers request line N)
            continue
        try:
            if line is None:            # (a line too long to hold: its rest is read past after this answer)
                raise TooLarge()
            result = api.request_text(_json_document(line))     # (= encode(api.request(...)))
        except ValueError as exc:
            message = f"line {lineno}: {_one_line(exc)}"
            _say(message)
            result, status = encode({"error": message}), MALFORMED
        _put(result + "\n")
    return status


def _json_document(data: bytes) -> Any:
    """The JSON value of a request's bytes, or ValueError saying why not, alike for a request alone and a --batch
    line: NotRead as it is (JSON, but not a document: said as a bad field is), any other (not UTF-8, not JSON) as
    "not a JSON document"."""
    try:
        return loads(data.decode("utf-8"))
    except NotRead:
        raise
    except ValueError as exc:           # (JSONDecodeError and UnicodeDecodeError are ValueErrors)
        raise ValueError(f"not a JSON document: {exc}") from None


def _one_line(exc: BaseException) -> str:
    """An error said on one line: the judge's own messages quote names escaped (judge.shown), and a line break in any
    other is escaped too, never joined with a space (which would make "a\nb" look like "a b")."""
    return str(exc).translate(_BREAKS)


_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}    # (str.splitlines' breaks)


def cmd_map(args: argparse.Namespace) -> int:
    """Draw a request's result (or, with --before, the position it starts from) to OUT.png or OUT.svg."""
    from judge import api, picture
    from judge.position import Position
    _offer_variants(args)
    from pathlib import Path
    out = Path(args.output)
    if out.suffix.lower() not in (".png", ".svg"):
        print(f"judge map: {out}: the output file must end in .png or .svg", file=sys.stderr)
        return 2
    try:
        if args.file == "-":
            if sys.stdin is None:
                raise OSError("standard input is closed")
            data = read_document(getattr(sys.stdin, "buffer", None) or io.BytesIO(sys.stdin.read().encode()))
        else:
            with open(args.file, "rb") as f:
                data = read_document(f)
        doc = loads(data.decode("utf-8"))
    except NotRead as exc:
        print(f"judge map: {_one_line(exc)}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:        # (not JSON, or not UTF-8)
        print(f"judge map: cannot read the request: {_one_line(exc)}", file=sys.stderr)
        return 2
    try:
        if not isinstance(doc, dict):
            raise ValueError("REQUEST MUST BE AN OBJECT WITH state, orders AND rules")
        m = api.read_variant(doc.get("variant") or "standard")     # (null: left out, as the request reads it)
        if not picture.has_drawing(m.board):
            # (not the JSON reply's "LEAVE picture OUT": this command has nothing but the picture to give)
            raise ValueError(f"VARIANT {m.name} HAS NO DRAWING: judge map CANNOT DRAW IT (judge adjudicate gives its "
                             "result as text)")
        # the whole document is checked, --before or not (a picture field of its own must be valid too)
        result = api.request(doc if doc.get("picture") is not None else {**doc, "picture": "svg"})
        if args.before:
            svg = picture.position_svg(m, Position.from_json(doc["state"], m))
        else:
            svg = result["picture"]
    except ValueError as exc:
        print(f"judge map: {_one_line(exc)}", file=sys.stderr)
        return 2
    try:
        if out.suffix.lower() == ".png":
            out.write_bytes(picture.png(svg))
        else:
            out.write_text(picture.standalone(svg), encoding="utf-8")     # (a file of its own: XML declaration)
    except OSError as exc:
        print(f"judge map: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    """One line per variant offered: name, powers, supply centres, victory count (shared/spec/judge-json.md)."""
    from judge import maps
    from judge.config import ConfigError
    try:
        settings_of(args)               # the folder of more variants, if config.ini names one
    except ConfigError as exc:
        print(f"judge variants: {exc}", file=sys.stderr)
        return 78
    status = 0
    for name in maps.known():
        try:
            m = maps.load(name)
        except maps.MapError as exc:    # a broken file in the folder is named, and the others still listed
            print(f"judge variants: {exc}", file=sys.stderr)
            status = 1
            continue
        print(f"{m.name:<20} {len(m.powers):>3} {len(m.centers):>3} {m.victory_count:>3}")
    for path, shipped, offered in maps.catalog.shadowed():
        print(f"judge variants: {path} is named like the shipped variant {shipped!r}: it is offered as {offered!r}",
              file=sys.stderr)
    return status


def cmd_datc(args: argparse.Namespace) -> int:
    from judge import datc
    from judge.rules import parse_rules
    from pathlib import Path
    try:
        rules = parse_rules(args.rules.split(",")) if args.rules else None
    except ValueError as exc:                  # (an unknown rule word: said as fuzz says it, not a traceback)
        print(f"judge datc: {exc}", file=sys.stderr)
        return 2
    data = Path(args.data) if args.data else datc.DATA
    if not data.is_dir():                      # (else "0/164 passed", as if every case had failed)
        print(f"judge datc: no such folder of DATC cases: {data}", file=sys.stderr)
        return 2
    report = datc.run_all(data, rules, engine=args.engine)
    print(report.summary())
    return 0 if all(report.by_case().values()) and len(report.by_case()) == datc.TOTAL else 1


def cmd_fuzz(args: argparse.Namespace) -> int:
    from judge import fuzz
    _offer_variants(args)
    rules = tuple(w for w in (args.rules or "").replace(",", " ").split() if w)
    return fuzz.command(args.phases, args.seed, args.out, args.jobs, args.known, args.variant, rules)


def cmd_config(args: argparse.Namespace) -> int:
    """Print the whole config.ini of the defaults, commented: an install from the wheel carries no config.ini."""
    from judge import config
    _put(config.render_ini())
    return 0


def cmd_example(args: argparse.Namespace) -> int:
    """Adjudicate the shipped example request and print the result."""
    from judge import api, shipped
    example = shipped.example()
    doc = json.loads(example.read_text(encoding="utf-8"))
    print(f"Adjudicating the shipped example ({example.name}):")
    print(json.dumps(api.request(doc), indent=2))
    return 0


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser (judge.cli_parser); with `only`, that command's alone."""
    from judge import cli_parser
    return cli_parser.build(_FUNCS, only)


_FUNCS = {"serve": cmd_serve, "deliver": cmd_deliver, "requeue": cmd_requeue, "process": cmd_process,
          "config": cmd_config, "example": cmd_example, "adjudicate": cmd_adjudicate, "map": cmd_map,
          "variants": cmd_variants, "datc": cmd_datc, "fuzz": cmd_fuzz}


def _parse(words: list[str]) -> argparse.Namespace | SimpleNamespace:
    """The words read as build_parser() reads them. A command named first (`judge adjudicate --batch`, the MTA's
    `judge deliver`) is read by a parser of that command alone; words it leaves unread go to the whole parser, whose
    error names every command, as it always did."""
    plain = _plain_adjudicate(words)
    if plain is not None:
        return plain
    if words and words[0] in _FUNCS:
        args, rest = build_parser(words[0]).parse_known_args(words)
        if not rest:
            return args
    return build_parser().parse_args(words)


_ADJUDICATE_FLAGS = {"--batch": "batch", "--compact": "compact"}


def _plain_adjudicate(words: list[str]) -> SimpleNamespace | None:
    """`judge adjudicate` with no other words than --batch, --compact and a file name, read without argparse:
    importing it, building the command's parser and its help texts' translations were about a tenth of
    `judge adjudicate --batch`'s start-up. The values are the parser's for the same words; any other word (an
    option, an abbreviation, "-", a second file) is left to the parser, which reads it or says what is wrong."""
    if not words or words[0] != "adjudicate":
        return None
    args = SimpleNamespace(config=None, version=None, debug=False, func=cmd_adjudicate, host=None, port=None,
                           ready_file=None, web_port=None, command="adjudicate", file=None, batch=False,
                           compact=False)
    for word in words[1:]:
        if word in _ADJUDICATE_FLAGS:
            setattr(args, _ADJUDICATE_FLAGS[word], True)
        elif word and not word.startswith("-") and args.file is None:
            args.file = word
        else:
            return None
    return args


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if "deliver" in words:          # the MTA's command line: its mistakes are 75, not argparse's 2 (bounced)
        from judge.cli_parser import read_mta_words
        args = read_mta_words(_parse, words)
    else:
        args = _parse(words)
    args.words = words              # (repeated in a message: judge.owner)
    alone = argv is None            # a process of its own (the `judge` command), not a call from other Python code
    try:
        status = args.func(args)
    except BrokenPipeError:         # the reader went away (`judge ... | head`): not an error
        if not alone:
            return 0
        status = 0
        try:                        # what is still buffered goes nowhere, instead of failing again at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
    if alone and args.func is cmd_adjudicate:
        _exit_now(status)
    if alone and args.func in (cmd_deliver, cmd_process):
        # The MTA runs `judge deliver` for every message and cron `judge process` every minute: their work is done
        # and closed (files written and synced, the sender's threads stopped), so the collections the interpreter
        # makes while it shuts down, which walk every object the run made, are left out (a fifth of `judge deliver`'s
        # CPU, benchmarks/cli.py).
        import gc
        gc.freeze()
    return status


def _exit_now(status: int) -> None:
    """End `judge adjudicate`'s process once its output is written, without the interpreter's tear-down: freeing the
    caches and parsed orders a long --batch keeps (tens of thousands of objects) took about a seventh of a
    1,602-request batch's time. Nothing else is left to do: every result was flushed as it was written, no file is
    open for writing, no thread runs, nothing is logged to a file."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as exc:
        if status != 1:             # (a write that failed earlier was said then: cmd_adjudicate)
            _say(f"cannot write the result: {exc}")
            status = 1
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except OSError:
        pass
    os._exit(status)


if __name__ == "__main__":
    raise SystemExit(main())
