"""The command line's parser: every command's words, and the function that runs each (judge.cli)."""
from __future__ import annotations

import argparse
import contextlib
import io
import sys
from typing import Callable

from judge import __version__


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


def _port(text: str) -> int:
    """A port given on the command line, checked as config.ini's are: the socket layer would take 99999 as 34463
    (modulo 65536) and listen there without a word, or fail with a traceback on the web port."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number (0 to 65535; 0: a free one): {text!r}")
    return value


def _at_least(low: int) -> Callable[[str], int]:
    """A whole number no lower than `low` (--jobs 0 would run one worker and print '0 job(s)')."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(f"not a whole number of at least {low}: {text!r}")
        return value
    return parse


def build(funcs: dict[str, Callable[[argparse.Namespace], int]], only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser, each command run by its function in `funcs`; with `only`, that command's alone
    (the others' parsers cost `judge adjudicate --batch` a twelfth of its start-up, and a command's own parser reads
    its words as the whole one does)."""
    parser = argparse.ArgumentParser(prog="judge", description="A play-by-email Diplomacy judge. With no command it "
                                     "runs `judge serve` (the main job), so `judge` alone starts the daemon.")
    parser.add_argument("--config", help="config.ini to use (default: ./config.ini if present, else built-in)")
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--debug", action="store_true", help="say each problem with its traceback (judge deliver "
                                                             "and judge process say one line each without it)")
    parser.set_defaults(func=funcs["serve"], host=None, port=None, ready_file=None, web_port=None)   # `judge serve`
    sub = parser.add_subparsers(dest="command")
    for name, add in COMMANDS.items():
        if only is None or name == only:
            add(sub, funcs[name])
    return parser


def _add_serve(sub, func: Callable) -> None:
    p = sub.add_parser("serve", help="run the judge: SMTP in, deadlines, SMTP out (the main job)")
    p.add_argument("--host", help="address to listen on (default: config.ini [smtp] host)")
    p.add_argument("--port", type=_port, help="port to listen on; 0 picks a free one (default: [smtp] port)")
    p.add_argument("--web-port", type=_port, help="port of the web pages; 0 picks a free one (default: [web] port; "
                                                "[web] port = 0 turns the pages off)")
    p.add_argument("--ready-file", help="write 'host port' here once listening, and 'web host port' on a second "
                                        "line when the pages are served (for scripts and tests)")
    p.set_defaults(func=func)


def _add_deliver(sub, func: Callable) -> None:
    p = sub.add_parser("deliver", help="handle one incoming message from standard input (as an MTA pipes it)")
    p.add_argument("--sender", help="the envelope sender, if the MTA passes it ('' for a bounce)")
    p.set_defaults(func=func)


def _add_requeue(sub, func: Callable) -> None:
    p = sub.add_parser("requeue", help="list the messages set aside after a failure, or put them back in the queue")
    p.add_argument("names", nargs="*", help="the messages to requeue or list (default: all)")
    p.add_argument("--list", action="store_true", help="only list them (all, or those named), with why each was set "
                                                          "aside")
    p.add_argument("--now", action="store_true", help="(the default now: with no `judge serve` running they are "
                                                       "processed at once, else its queue takes them)")
    p.set_defaults(func=func)


def _add_process(sub, func: Callable) -> None:
    p = sub.add_parser("process", help="do a game's clock work now if it is due (processing, reminders, late "
                                       "notices), or every due game's (from cron); then send the pending mail")
    p.add_argument("game", nargs="?", help="the game (default: every game that is due)")
    p.set_defaults(func=func)


def _add_config(sub, func: Callable) -> None:
    p = sub.add_parser("config", help="print a config.ini of every setting at its default, each with why "
                                      "(judge config > config.ini, then edit it)")
    p.set_defaults(func=func)


def _add_example(sub, func: Callable) -> None:
    p = sub.add_parser("example", help="adjudicate the shipped example request and print the result")
    p.set_defaults(func=func)


def _add_adjudicate(sub, func: Callable) -> None:
    p = sub.add_parser("adjudicate", help="adjudicate a JSON request (shared/spec/judge-json.md)")
    p.add_argument("file", nargs="?", help="request document (default: standard input)")
    p.add_argument("--batch", action="store_true", help="one request per input line, one result per output line")
    p.add_argument("--compact", action="store_true", help="print the result on one line")
    p.set_defaults(func=func)


def _add_map(sub, func: Callable) -> None:
    p = sub.add_parser("map", help="draw a request's result, orders and outcome, to a PNG or SVG file")
    p.add_argument("file", help="request document (shared/spec/judge-json.md); - for standard input")
    p.add_argument("-o", "--output", required=True, help="OUT.png or OUT.svg: the format follows the suffix")
    p.add_argument("--before", action="store_true", help="draw the position before the request instead")
    p.set_defaults(func=func)


def _add_variants(sub, func: Callable) -> None:
    p = sub.add_parser("variants", help="list the variants: name, powers, supply centres, centres to win")
    p.set_defaults(func=func)


def _add_datc(sub, func: Callable) -> None:
    p = sub.add_parser("datc", help="run the DATC v3.1 test cases and print the score")
    p.add_argument("--rules", help="comma-separated rule words to run under (default: the DATC preferences)")
    p.add_argument("--data", help="folder of DATC case files (default: the shipped ones; tests/data/datc here)")
    p.add_argument("--engine", choices=("dpjudge", "equations"), default="dpjudge",
                   help="movement adjudicator: the DPjudge port (default) or the DATC equations")
    p.set_defaults(func=func)


def _add_fuzz(sub, func: Callable) -> None:
    p = sub.add_parser("fuzz", help="adjudicate random phases with both engines; write each disagreement, shrunk")
    p.add_argument("--phases", type=_at_least(0), default=2000, help="how many phases to run (default 2000)")
    p.add_argument("--seed", type=int, default=1, help="run seed; a phase is reproducible from (seed, index)")
    p.add_argument("--out", default="fuzz-cases", help="folder for the minimal cases (default ./fuzz-cases)")
    p.add_argument("--jobs", type=_at_least(1), default=1, help="worker processes (default 1)")
    p.add_argument("--known", action="store_true",
                   help="also switch safe_convoys on; disagreements it alone causes are reported as explained")
    p.add_argument("--variant", default="standard",
                   help="the map to draw phases on (default standard); 'all' runs every variant in turn")
    p.add_argument("--rules", default="",
                   help="rule words set on every phase, over the random ones (e.g. convoy_intent=via_only)")
    p.set_defaults(func=func)


COMMANDS = {"serve": _add_serve, "deliver": _add_deliver, "requeue": _add_requeue, "process": _add_process,
            "config": _add_config, "example": _add_example, "adjudicate": _add_adjudicate, "map": _add_map,
            "variants": _add_variants, "datc": _add_datc, "fuzz": _add_fuzz}


def read_mta_words(parse: Callable[[list[str]], argparse.Namespace], words: list[str]) -> argparse.Namespace:
    """`parse(words)`, for `judge deliver`'s command line (master.cf's `argv=`, which the MTA runs for every message):
    a mistake in it is the keeper's to mend, as a bad config.ini is: said in one line, exit 75, so that the MTA keeps
    the message. Postfix bounces argparse's own exit 2 for good ("Command died with status 2"), and with it every
    player's mail until the line is mended."""
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said):
            return parse(words)
    except SystemExit as exc:
        if exc.code in (0, None):       # --help, --version: said on standard output
            raise
        lines = [line for line in said.getvalue().splitlines() if line.strip()]
        what = lines[-1].split(" error: ", 1)[-1] if lines else f"exit {exc.code}"
        from judge.pipe import KEPT
        print(f"judge deliver: bad command line: {what}; {KEPT}", file=sys.stderr)
        raise SystemExit(75) from None
