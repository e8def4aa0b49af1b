"""Whether the drawing of one board can picture a variant played on another map: it can when the variant's provinces
are the drawing's (the same abbreviations, terrain and coasts). Supply centres and adjacencies may differ: the
picture marks the variant's own centres (judge.picture.fitted) and draws its moves from place to place."""
from __future__ import annotations

from judge.maps import Map

SHOWN = 5           # provinces named in a note before "and N more"


def _places(m: Map) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {abbr: (p.terrain, tuple(sorted(p.coasts))) for abbr, p in m.provinces.items()}


def same_provinces(variant: Map, board: Map) -> bool:
    """May `board`'s drawing picture `variant`? Only if every province is drawn, as its terrain and coasts are."""
    return _places(variant) == _places(board)


def _few(abbrs: list[str]) -> str:
    shown = ", ".join(abbrs[:SHOWN])
    return shown if len(abbrs) <= SHOWN else f"{shown} and {len(abbrs) - SHOWN} more"


def difference(variant: Map, board: Map) -> str:
    """What keeps `board`'s drawing from picturing `variant`, in words for the variant's description ("it adds MIL,
    SAV; it has no PIE, TUS"); "" if nothing does."""
    mine, drawn = _places(variant), _places(board)
    added = sorted(mine.keys() - drawn.keys())
    gone = sorted(drawn.keys() - mine.keys())
    terrain = sorted(k for k in mine.keys() & drawn.keys() if mine[k][0] != drawn[k][0])
    coasts = sorted(k for k in mine.keys() & drawn.keys() if mine[k][1] != drawn[k][1])
    parts = [f"it adds {_few(added)}" if added else "", f"it has no {_few(gone)}" if gone else "",
             f"the terrain of {_few(terrain)} differs" if terrain else "",
             f"the coasts of {_few(coasts)} differ" if coasts else ""]
    return "; ".join(p for p in parts if p)


def text_only_note(variant: Map, board: Map) -> str:
    """The description's plain word that a variant is played without a picture, and why."""
    return f"(Text only, no picture: the drawing of {board.title} does not fit its provinces: " \
           f"{difference(variant, board)}.)"
