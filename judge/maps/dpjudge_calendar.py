"""DPjudge's FLOW and BEGIN lines: the year's phases and the first one. The standard year (or spring or fall alone,
before the winter) with four-digit years becomes our `calendar` and a short code (S1901M); anything else (seasons of
the map's own, NEWYEAR, IFYEARDIV, other years) becomes a calendar of the variant's own (judge.maps.calendar), whose
phases are named in DPjudge's long form ("A.D. 1425 MOVEMENT")."""
from __future__ import annotations

import re
from judge.maps import MapError
from judge.maps.calendar import Calendar, CalendarError
from judge.maps.dpjudge_board import Board, DEFAULT_FLOW, Line, refuse

# The FLOWs of the standard calendar: the standard year, or one with a single movement season (FORMAT.md `calendar`).
FLOWS = {tuple(DEFAULT_FLOW): ["spring", "fall"], (DEFAULT_FLOW[0], DEFAULT_FLOW[2]): ["spring"],
         (DEFAULT_FLOW[1], DEFAULT_FLOW[2]): ["fall"]}
LEFT_OUT = ("INCOME",)          # phases of Payola games: an ordinary game does not play them (DPjudge would stall)
_SHORT = {"SPRING": "S", "FALL": "F", "WINTER": "W"}
_KINDS = {"MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}


def flow_line(reader: Board, line: Line) -> None:
    """FLOW alone empties the flow; FLOW words add to it (DPjudge reads the lines in order)."""
    words = [w.upper() for w in line.words[1:]]
    reader.flow = reader.flow + words if words else []
    reader.flow_lines = reader.flow_lines + [line.where] * len(words) if words else []
    reader.flow_where = line.where


def begin_line(reader: Board, line: Line) -> None:
    """BEGIN <season> <year> <phase>: checked against the flow once the whole file is read."""
    reader.begin = " ".join(line.words[1:]).upper()
    reader.begin_where = line.where
    if len(line.words) != 4:
        raise MapError(f"{line.where}: BEGIN: expected season, year and phase, e.g. BEGIN SPRING 1901 MOVEMENT")


def document_keys(reader: Board) -> dict:
    """The document's calendar keys: "begin" and, unless the year is the standard one, "calendar" or "flow"."""
    flow = [w for w in reader.flow] or list(DEFAULT_FLOW)
    begin = reader.begin
    words = begin.split() if begin else []
    if begin and len(words) == 1:           # a short code, from a variant this judge offers (USE standard)
        return _standard(reader, flow, begin) if tuple(flow) in FLOWS else _own(reader, flow, begin)
    if tuple(flow) in FLOWS and (not words or (words[0] in _SHORT and re.fullmatch(r"\d{4}", words[1])
                                               and words[2] in _KINDS)):
        code = f"{_SHORT[words[0]]}{words[1]}{_KINDS[words[2]]}" if words else None
        return _standard(reader, flow, code)
    return _own(reader, flow, begin)


def _first_kind(reader: Board, kind: str, begin: str) -> None:
    if kind == "R":
        refuse(reader.begin_where, f"a game that begins with {begin.lower()} (a movement or an adjustment phase "
                                   "comes first)")


def _standard(reader: Board, flow: list[str], code: str | None) -> dict:
    calendar = FLOWS[tuple(flow)]
    if code:
        _first_kind(reader, code[-1], reader.begin or code)
    out: dict = {"begin": code or ("F1901M" if calendar[0] == "fall" else "S1901M")}
    if calendar != ["spring", "fall"]:
        out["calendar"] = calendar
    return out


def _own(reader: Board, flow: list[str], begin: str | None) -> dict:
    """A calendar of the map's own, checked here so that a refusal names the FLOW or BEGIN line."""
    try:
        calendar = Calendar(flow, left_out=LEFT_OUT)
    except CalendarError as exc:
        lines = reader.flow_lines
        where = lines[exc.item] if exc.item is not None and exc.item < len(lines) else reader.flow_where
        raise MapError(f"{where or reader.files[0]}: this judge does not play {exc}") from None
    if begin is None:
        begin = calendar.example()
    try:
        _, _, kind = calendar.read(begin)
    except ValueError as exc:
        raise MapError(f"{reader.begin_where}: BEGIN {begin}: {str(exc).removeprefix('BAD PHASE: ')}") from None
    _first_kind(reader, "MRA"[kind], begin)
    left = sorted({k for w in flow if ":" in w for k in w.split(":", 1)[1].split(",") if k in LEFT_OUT})
    if left:
        reader.notes.append(f"Its {', '.join(k.lower() for k in left)} phases (of Payola games) are not played.")
    return {"begin": begin, "flow": flow}
