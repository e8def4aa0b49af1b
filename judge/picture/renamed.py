"""The drawing of a board for a variant whose board is that one under other names (judge.maps.matching: DPjudge's
translated standard maps): every province's outline, label, unit, coast and centre points are those of the board's
province it matches, keyed and labelled by the variant's own abbreviation and coast codes, so that every label, id
and order of the picture names the variant's places."""
from __future__ import annotations

import dataclasses

from judge.picture.geometry import Geometry

_RENAMED: dict[tuple[int, frozenset[tuple[str, str]]], tuple[Geometry, Geometry]] = {}   # (id of the drawing, names)


def renamed(g: Geometry, on_board: dict[str, str]) -> Geometry:
    """`g` with its places under the variant's names: `on_board` maps each of the variant's locations to the board's
    ("NWG" -> "NWY", "BUL/OK" -> "BUL/EC"), as Map.on_board does. Kept per drawing and renaming: the pictures' own
    caches (outlines, routes) are by the drawing's identity."""
    key = (id(g), frozenset(on_board.items()))
    cached = _RENAMED.get(key)
    if cached is None or cached[0] is not g:      # (the entry keeps g alive: its id names no other drawing)
        cached = _RENAMED[key] = (g, _renamed(g, on_board))
    return cached[1]


def _renamed(g: Geometry, on_board: dict[str, str]) -> Geometry:
    mine = {drawn: loc for loc, drawn in on_board.items()}          # the board's location -> the variant's
    provinces = {}
    for drawn, shape in g.provinces.items():
        abbr = mine.get(drawn, drawn)
        coasts = {mine.get(f"{drawn}/{c}", f"{abbr}/{c}").partition("/")[2]: p for c, p in shape.coasts.items()}
        provinces[abbr] = dataclasses.replace(shape, name=abbr, coasts=coasts)
    return dataclasses.replace(
        g, provinces=provinces,
        crossings=tuple((mine.get(a, a), mine.get(b, b)) for a, b in g.crossings),
        borders_without_passage=tuple((mine.get(a, a), mine.get(b, b), why)
                                      for a, b, why in g.borders_without_passage))
