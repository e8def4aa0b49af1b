"""A game's phases as players read them: the short code results give (S1901M; DPjudge's A1425M for a calendar of
the map's own), from what the game keeps (its history's long form "A.D. 1425 MOVEMENT", its files' "A_D_1425_...")."""
from __future__ import annotations

from judge.position_parts import Phase
from judge.storage.gamedir import file_part


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
    """Phases as the game's files name them (S1901M; "A_D_1425_MOVEMENT" for a calendar of the map's own), by
    their codes, in order."""
    if game.map.flow is None:
        return list(names)
    codes = {file_part(h): phase_code(game, h) for h in game.history}
    return [codes.get(n, n) for n in names]


def year_name(game, year: int | str) -> str:
    """A year as the phases write it: "B.C. 272" where the map's calendar has one season, an era of its own
    (DPjudge's classical map: "B.C. 272 Movement"), or "A.D. 1425"; the bare number otherwise ("1901")."""
    flow = game.map.flow
    if flow is None or len(flow.seasons) != 1 or flow.seasons[0].isalpha():
        return str(year)
    return f"{flow.title(0)} {year}"
