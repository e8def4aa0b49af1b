"""The drawing's elements as plain dicts for the template: unit tokens, arrows, rings and badges."""
from __future__ import annotations

from typing import Sequence

from judge.picture import shapes
from judge.picture.shapes import Point
from judge.picture.style import PowerStyle

UNIT_R = 13.0           # about half a unit token: arrows start and stop this far from a unit's point
RING_R = 16.5           # hold, convoy and support-to-hold rings around a unit


def token(st: PowerStyle, kind: str, at: Point, *, id_: str = "", ghost: bool = False, dislodged: bool = False,
          scale: float = 1.0) -> dict:
    """A unit: its shape says army or fleet, its colour and letter say whose (colour is never the only cue).

    ghost: a unit that is gone (removed, disbanded, retreated from here): a faded dashed outline.
    dislodged: a unit pushed out of its province, waiting to retreat: ringed with a red dashed halo.
    """
    return {"id": id_, "kind": kind, "x": at[0], "y": at[1], "fill": st.colour, "dark": st.dark, "text": st.text,
            "letter": st.letter, "scale": scale, "ghost": ghost, "dislodged": dislodged}


def arrow(kind: str, pts: Sequence[Point], st: PowerStyle, *, head: float = 0.0, failed: bool = False,
          id_: str = "") -> dict:
    """A line along pts (move, retreat, support, retreat option), with a head when `head` gives its length."""
    triangle, tri = "", None
    if head and len(pts) >= 2:
        pts, tri = shapes.head(pts, head)
        triangle = shapes.path_d(tri, closed=True)
    # pts and tri (the shaft's points, the head's corners) are for placing labels clear of them
    return {"kind": kind, "d": shapes.path_d(pts), "head": triangle, "colour": st.colour, "dark": st.dark,
            "failed": failed, "id": id_, "dot": None, "ring": None, "pts": list(pts), "tri": tri}


def ring(kind: str, centre: Point, st: PowerStyle, *, failed: bool = False, id_: str = "") -> dict:
    """A ring around a unit: a hold (solid) or a convoy (dotted)."""
    return {"kind": kind, "cx": centre[0], "cy": centre[1], "r": RING_R, "colour": st.colour, "dark": st.dark,
            "failed": failed, "id": id_}


def mark(kind: str, at: Point, word: str = "", right_edge: float = 0.0) -> dict:
    """A badge: "x" over a failed order (with the report's word beside it) or "plus" on a new unit.

    The word goes to the badge's right, or to its left when it would run past `right_edge` (the map's width); the
    placement pass (judge.picture.placement) may move it to whichever side covers least.
    """
    left = bool(right_edge) and at[0] + 12 + 6.5 * len(word) > right_edge
    return {"kind": kind, "x": at[0], "y": at[1], "word": word, "side": "left" if left else "right"}
