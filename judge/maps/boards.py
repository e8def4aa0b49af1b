"""Whether the drawing of one board can picture a variant played on another map: it can when the variant's provinces
are the drawing's (the same abbreviations, terrain and coasts; supply centres and adjacencies may differ: the picture
marks the variant's own centres, judge.picture.fitted, and draws its moves from place to place), or when its board is
the drawing's with the places renamed (found from the structure: judge.maps.matching), drawn with its own names."""
from __future__ import annotations

from judge.maps import Map, matching

SHOWN = 5           # provinces named in a note before "and N more"


def _places(m: Map) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {abbr: (p.terrain, tuple(sorted(p.coasts))) for abbr, p in m.provinces.items()}


def same_provinces(variant: Map, board: Map) -> bool:
    """May `board`'s drawing picture `variant`? Only if every province is drawn, as its terrain and coasts are."""
    return _places(variant) == _places(board)


def drawn_as(variant: Map, board: Map) -> dict[str, str] | None:
    """How `board`'s drawing pictures `variant`: {} when its provinces are the board's; each of its locations -> the
    board's it is drawn as, when its board is `board`'s under other names (all of them); None when it cannot."""
    if same_provinces(variant, board):
        return {}
    return matching.match(variant, board).renaming if _alike(variant, board) else None


def _alike(variant: Map, board: Map) -> bool:
    """As many provinces of each terrain and number of coasts: might the board be `board`'s under other names?"""
    def kinds(m: Map) -> list[tuple[str, int]]:
        return sorted((p.terrain, len(p.coasts)) for p in m.provinces.values())
    return kinds(variant) == kinds(board)


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


def why_not(variant: Map, board: Map) -> str:
    """What keeps `board`'s drawing from picturing `variant` (drawn_as None): the provinces that differ by name,
    terrain or coasts, and, where a renaming might have fitted, why none does."""
    words = difference(variant, board)
    if not _alike(variant, board):
        return words
    found = matching.match(variant, board)
    if found.ways > 1:
        return f"{words}; nor does one renaming fit: its provinces match those of {board.title} in more than one way"
    places = list(dict.fromkeys(loc.split("/")[0] for loc in found.unmatched))
    if not places:          # (the two sides alike round after round, yet no pairing carries every adjacency over)
        return f"{words}; nor does a renaming fit: no renaming carries its adjacencies onto those of {board.title}"
    return f"{words}; nor does a renaming fit: no province of {board.title} has the terrain, coasts and " \
           f"neighbours of {_few(places)}"


TEXT_ONLY = "(Text only, no picture:"     # how a description's note that a variant has no picture begins


def text_only_note(variant: Map, board: Map) -> str:
    """The description's plain word that a variant is played without a picture, and why."""
    return f"{TEXT_ONLY} the drawing of {board.title} does not fit its provinces: " \
           f"{why_not(variant, board)}.)"
