"""The command line: the parser, `judge adjudicate`, `map`, `variants`, `datc`, `fuzz` and `example` (the operator's
commands, `serve`, `deliver`, `process` and `requeue`, are in judge/cli_operator.py)."""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Sequence

from judge import __version__
from judge.json_input import NotRead, TooLarge, document_lines, loads, read_document

if TYPE_CHECKING:
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
            doc = loads(read_document(source).decode("utf-8"))
        except NotRead as exc:                # (JSON, but not a document: said as a bad field is)
            _say(_one_line(exc))
            return MALFORMED
        except ValueError as exc:                  # (JSONDecodeError and UnicodeDecodeError are ValueErrors)
            _say(f"not a JSON document: {_one_line(exc)}")
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
            result = api.request_text(loads(line.decode("utf-8")))     # (= encode(api.request(...)))
        except ValueError as exc:       # (a JSONDecodeError, or a UnicodeDecodeError: ValueErrors too)
            message = f"line {lineno}: {_one_line(exc)}"
            _say(message)
            result, status = encode({"error": message}), MALFORMED
        _put(result + "\n")
    return status


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
        # the whole document is checked, --before or not (a picture field of its own must be valid too)
        result = api.request(doc if doc.get("picture") is not None else {**doc, "picture": "svg"})
        if args.before:
            m = api.read_variant(doc.get("variant") or "standard")     # (null: left out, as the request reads it)
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
    rules = parse_rules(args.rules.split(",")) if args.rules else None
    report = datc.run_all(Path(args.data) if args.data else datc.DATA, rules, engine=args.engine)
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


class _Version(argparse.Action):
    """--version: "judge X.Y.Z", with " (compiled)" for the compiled build (JUDGE_COMPILE=1, tools/build_backend.py),
    whose JSON-path modules are extension modules. Looked up only when asked: every command builds the parser."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        import importlib.util
        spec = importlib.util.find_spec("judge.position")
        compiled = spec is not None and not str(spec.origin).endswith(".py")
        print(f"{parser.prog} {__version__}{' (compiled)' if compiled else ''}")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `only`, one command's alone (main: the others' parsers cost `judge adjudicate
    --batch` a twelfth of its start-up, and a command's own parser reads its words as the whole one does)."""
    parser = argparse.ArgumentParser(prog="judge", description="A play-by-email Diplomacy judge.")
    parser.add_argument("--config", help="config.ini to use (default: ./config.ini if present, else built-in)")
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--debug", action="store_true", help="say each problem with its traceback (judge deliver "
                                                             "and judge process say one line each without it)")
    parser.set_defaults(func=cmd_serve, host=None, port=None, ready_file=None, web_port=None)   # `judge serve`
    sub = parser.add_subparsers(dest="command")
    for name, add in _COMMANDS.items():
        if only is None or name == only:
            add(sub)
    return parser


def _add_serve(sub) -> None:
    p = sub.add_parser("serve", help="run the judge: SMTP in, deadlines, SMTP out (the main job)")
    p.add_argument("--host", help="address to listen on (default: config.ini [smtp] host)")
    p.add_argument("--port", type=int, help="port to listen on; 0 picks a free one (default: [smtp] port)")
    p.add_argument("--web-port", type=int, help="port of the web pages; 0 picks a free one (default: [web] port; "
                                                "[web] port = 0 turns the pages off)")
    p.add_argument("--ready-file", help="write 'host port' here once listening, and 'web host port' on a second "
                                        "line when the pages are served (for scripts and tests)")
    p.set_defaults(func=cmd_serve)


def _add_deliver(sub) -> None:
    p = sub.add_parser("deliver", help="handle one incoming message from standard input (as an MTA pipes it)")
    p.add_argument("--sender", help="the envelope sender, if the MTA passes it ('' for a bounce)")
    p.set_defaults(func=cmd_deliver)


def _add_requeue(sub) -> None:
    p = sub.add_parser("requeue", help="list the messages set aside after a failure, or put them back in the queue")
    p.add_argument("names", nargs="*", help="the messages to requeue (default: all)")
    p.add_argument("--list", action="store_true", help="only list them, with why each was set aside")
    p.add_argument("--now", action="store_true", help="(the default now: with no `judge serve` running they are "
                                                       "processed at once, else its queue takes them)")
    p.set_defaults(func=cmd_requeue)


def _add_process(sub) -> None:
    p = sub.add_parser("process", help="do a game's clock work now if it is due (processing, reminders, late "
                                       "notices), or every due game's (from cron); then send the pending mail")
    p.add_argument("game", nargs="?", help="the game (default: every game that is due)")
    p.set_defaults(func=cmd_process)


def _add_config(sub) -> None:
    p = sub.add_parser("config", help="print a config.ini of every setting at its default, each with why "
                                      "(judge config > config.ini, then edit it)")
    p.set_defaults(func=cmd_config)


def _add_example(sub) -> None:
    p = sub.add_parser("example", help="adjudicate the shipped example request and print the result")
    p.set_defaults(func=cmd_example)


def _add_adjudicate(sub) -> None:
    p = sub.add_parser("adjudicate", help="adjudicate a JSON request (shared/spec/judge-json.md)")
    p.add_argument("file", nargs="?", help="request document (default: standard input)")
    p.add_argument("--batch", action="store_true", help="one request per input line, one result per output line")
    p.add_argument("--compact", action="store_true", help="print the result on one line")
    p.set_defaults(func=cmd_adjudicate)


def _add_map(sub) -> None:
    p = sub.add_parser("map", help="draw a request's result, orders and outcome, to a PNG or SVG file")
    p.add_argument("file", help="request document (shared/spec/judge-json.md); - for standard input")
    p.add_argument("-o", "--output", required=True, help="OUT.png or OUT.svg: the format follows the suffix")
    p.add_argument("--before", action="store_true", help="draw the position before the request instead")
    p.set_defaults(func=cmd_map)


def _add_variants(sub) -> None:
    p = sub.add_parser("variants", help="list the variants: name, powers, supply centres, centres to win")
    p.set_defaults(func=cmd_variants)


def _add_datc(sub) -> None:
    p = sub.add_parser("datc", help="run the DATC v3.1 test cases and print the score")
    p.add_argument("--rules", help="comma-separated rule words to run under (default: the DATC preferences)")
    p.add_argument("--data", help="folder of DATC case files (default: the shipped ones; tests/data/datc here)")
    p.add_argument("--engine", choices=("dpjudge", "equations"), default="dpjudge",
                   help="movement adjudicator: the DPjudge port (default) or the DATC equations")
    p.set_defaults(func=cmd_datc)


def _add_fuzz(sub) -> None:
    p = sub.add_parser("fuzz", help="adjudicate random phases with both engines; write each disagreement, shrunk")
    p.add_argument("--phases", type=int, default=2000, help="how many phases to run (default 2000)")
    p.add_argument("--seed", type=int, default=1, help="run seed; a phase is reproducible from (seed, index)")
    p.add_argument("--out", default="fuzz-cases", help="folder for the minimal cases (default ./fuzz-cases)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--known", action="store_true",
                   help="also switch safe_convoys on; disagreements it alone causes are reported as explained")
    p.add_argument("--variant", default="standard",
                   help="the map to draw phases on (default standard); 'all' runs every variant in turn")
    p.add_argument("--rules", default="",
                   help="rule words set on every phase, over the random ones (e.g. convoy_intent=via_only)")
    p.set_defaults(func=cmd_fuzz)


_COMMANDS = {"serve": _add_serve, "deliver": _add_deliver, "requeue": _add_requeue, "process": _add_process, "config": _add_config, "example": _add_example, "adjudicate": _add_adjudicate, "map": _add_map, "variants": _add_variants, "datc": _add_datc, "fuzz": _add_fuzz}

def _parse(words: list[str]) -> argparse.Namespace:
    """The words read as build_parser() reads them. A command named first (`judge adjudicate --batch`, the MTA's
    `judge deliver`) is read by a parser of that command alone; words it leaves unread go to the whole parser, whose
    error names every command, as it always did."""
    if words and words[0] in _COMMANDS:
        args, rest = build_parser(words[0]).parse_known_args(words)
        if not rest:
            return args
    return build_parser().parse_args(words)


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
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
