"""The log of `judge deliver` and `judge process`: their standard error, which is all the pipe set-up has of a log
(the MTA's log for `judge deliver`, cron's mail for `judge process`). The MTA keeps only the start of a command's
output and joins its lines, so each problem is one short line: what failed, why, and where; the traceback only
with `judge --debug`."""
from __future__ import annotations

import logging
import sys
from pathlib import Path

DEBUG_HINT = "judge --debug shows the traceback"
# What a keeper's notice names as the log in this set-up (the daemon's is judge.keeper.DAEMON_LOG).
PIPE_LOG = "the MTA's log for `judge deliver`, cron's mail for `judge process`"


def place(exc: BaseException) -> str:
    """Where in the judge's code an exception was raised: file:line in function (the innermost frame)."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return "no traceback"
    code = tb.tb_frame.f_code
    return f"{Path(code.co_filename).name}:{tb.tb_lineno} in {code.co_name}"


def one_line(exc: BaseException) -> str:
    """An exception said on one line: its type and message (an OSError's names its file), and where it came from."""
    said = " ".join(str(exc).split()) or "(no message)"
    return f"{type(exc).__name__}: {said} (at {place(exc)})"


class OneLine(logging.Formatter):
    """Each record on one line; an exception with it is said as `one_line`, or in full when debugging."""

    def __init__(self, prog: str, debug: bool):
        super().__init__(f"{prog}: %(levelname)s %(message)s")
        self.debug = debug

    def format(self, record: logging.LogRecord) -> str:
        if self.debug or not record.exc_info:
            return super().format(record) if self.debug else " ".join(super().format(record).split("\n"))
        exc = record.exc_info[1]
        bare = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
        line = " ".join(super().format(bare).split("\n"))
        return f"{line}: {one_line(exc)}" if exc is not None else line


def setup(prog: str, debug: bool) -> None:
    """Warnings and errors on standard error, one line each (every traceback with `debug`)."""
    root = logging.getLogger()
    if root.handlers:                   # (as logging.basicConfig: a caller's own logging is left alone)
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine(prog, debug))
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if debug else logging.WARNING)
