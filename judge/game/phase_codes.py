"""A game's phases as players read them: the short code results give (S1901M; DPjudge's A1425M for a calendar of
the map's own), from what the game keeps (its history's long form "A.D. 1425 MOVEMENT", its files' names)."""
from __future__ import annotations

from collections import defaultdict, deque

from judge.position_parts import Phase
from judge.storage.phase_files import code_of, legacy_part


def phase_code(game, phase: str) -> str:
    """A phase as kept in the game ("A.D. 1425 MOVEMENT" in a calendar of the map's own) by the short code its
    results give it (A1425M)."""
    flow = game.map.flow
    if not phase or flow is None:
        return phase
    try:
        return Phase.parse(phase, flow).code
    except ValueError:
        return phase


def file_codes(game, names: list[str]) -> list[str]:
    """The codes of the phases whose files (results or snapshots, in order) are named so (judge.storage.phase_files:
    "A1425M", "B-1M"; or, written by an older judge, "A_D_1425_MOVEMENT")."""
    # An older judge's name can stand for two phases ("B_C_1_MOVEMENT": B.C. 1 and B.C. -1). The files are numbered
    # in the order the phases were processed, as the history lists them: the k-th file of a name is the k-th phase of
    # the history with that name.
    unread: dict[str, deque[str]] = defaultdict(deque)
    for h in game.history:
        unread[legacy_part(h)].append(h)
    out = []
    for n in names:
        code = code_of(n)
        if code is None and unread[n]:
            code = phase_code(game, unread[n].popleft())
        elif code is not None:
            code = phase_code(game, code)           # (a name written before eras had no year 0: B0M is A1M)
        out.append(code or n)
    return out


def year_name(game, year: int | str) -> str:
    """A year as the phases write it: "B.C. 272" where the map's calendar has one season, an era of its own
    (DPjudge's classical map: "B.C. 272 Movement"), or "A.D. 1425"; the bare number otherwise ("1901")."""
    flow = game.map.flow
    if flow is None or len(flow.seasons) != 1 or flow.seasons[0].isalpha():
        return str(year)
    try:
        kept = int(year)
    except ValueError:
        return f"{flow.title(0)} {year}"
    return f"{flow.title(0, kept)} {flow.dated(0, kept)[1]}"        # (B.C.'s year 0 is "A.D. 1")
