"""Where a dislodged unit is drawn: inside its own province, beside the unit that took its place and off its arrow
(measured against the map's outlines, from the positions the SVG draws the tokens at)."""
from __future__ import annotations

from judge import maps, picture
from judge.picture import geometry, shapes
from judge.position import Dislodged, Position, Unit
from tests.picture.scenes import adjudicated, request
from tests.picture.test_placement import Board, full_board_units, meet, triangle_meets


def everywhere() -> tuple[Board, dict[str, Unit]]:
    """A retreat phase with a unit in every province and, beside it, a unit dislodged from there."""
    m = maps.load()
    units = full_board_units(m)
    other = {u.power: p for u, p in zip(units.values(), list(m.powers)[1:] + list(m.powers)[:1])}
    dislodged = {prov: Dislodged(Unit(other[u.power], u.kind, u.loc), ()) for prov, u in units.items()}
    start = Position.from_json({"phase": "F1901R", "units": {}, "centers": {}}, m)
    svg = picture.position_svg(m, Position(start.phase, units, {}, dislodged))
    return Board(svg), units


def spread(box, g: geometry.Geometry) -> dict[str, float]:
    """The share of a box lying in each province (sampled on an 11 by 11 grid)."""
    out: dict[str, float] = {}
    for i in range(11):
        for j in range(11):
            p = (box[0] + (box[2] - box[0]) * i / 10, box[1] + (box[3] - box[1]) * j / 10)
            prov = next((k for k, s in g.provinces.items() if shapes.inside(p, s.rings)), "")
            out[prov] = out.get(prov, 0) + 1 / 121
    return out


def test_a_dislodged_unit_lies_in_its_own_province_beside_the_unit_that_took_it():
    # Picardy's stood over its border with the Channel, Naples' half in Apulia, Apulia's half in the Adriatic,
    # Tuscany's a third in Venice (a tester's whole game of pictures): each read as its neighbour's.
    b, units = everywhere()
    g = geometry.load()
    boxes = {uid: box for uid, box, _ in b.units}
    for prov, unit in units.items():
        box = boxes[f"dislodged-{prov}"]
        share = spread(box, g)
        others = {k: v for k, v in share.items() if k != prov}
        assert share.get(prov, 0) >= 0.85 and max(others.values(), default=0) < 0.15, (prov, share)
        # beside the unit there: its letter (the middle of its token) in sight, most of its token too
        ux, uy = g.location_point(unit.loc)
        taken = boxes[f"unit-{prov}"]
        assert not meet(box, (ux - 6, uy - 6, ux + 6, uy + 6)), prov
        covered = max(0, min(box[2], taken[2]) - max(box[0], taken[0])) * max(0, min(box[3], taken[3])
                                                                               - max(box[1], taken[1]))
        assert covered <= 0.35 * (taken[2] - taken[0]) * (taken[3] - taken[1]), prov


def test_a_dislodged_unit_leaves_the_arrowhead_of_the_unit_that_took_its_place_in_sight():
    # Smyrna's Turkish army, driven out by Italy's convoyed army, lay on the head of its arrow.
    m, before, outcome = adjudicated(request("midgame"))
    b = Board(picture.results_svg(m, before, outcome))
    assert {"dislodged-SMY", "dislodged-BUR"} <= {uid for uid, _, _ in b.units}
    for oid, tri in b.heads:
        for uid, box, _ in b.units:
            if uid.startswith("dislodged"):
                assert not triangle_meets(box, tri), (oid, uid)
