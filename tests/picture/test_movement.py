"""A movement phase's orders as drawn: a move between close units still shows as a line from one to the other, and a
support's line ends on the move or the unit it supports, clear of every other unit (read back from the SVG, measured
against the map's own points and outlines)."""
from __future__ import annotations

import math
from itertools import pairwise

import pytest

from judge import picture
from judge.picture import geometry, shapes
from tests.picture import crowds
from tests.picture.scenes import adjudicated
from tests.picture.test_placement import Board, problems, triangle_meets

# Short hops: the two places' unit points are 36 to 69 apart, a unit's token 28 to 35 wide.
VACATED = {  # each unit moves away and nobody comes in: only the destination has a unit drawn
    "state": {"phase": "S1902M", "units": {"ENGLAND": ["A CLY", "F NWY"], "ITALY": ["A APU", "A VEN"],
                                           "FRANCE": ["A PAR"], "AUSTRIA": ["A SER"], "GERMANY": ["A HOL", "A MUN"],
                                           "RUSSIA": ["F BAR"]}, "centers": {}},
    "orders": {"ENGLAND": ["A CLY - EDI", "F NWY - SKA"], "ITALY": ["A APU - NAP", "A VEN - TRI"],
               "FRANCE": ["A PAR - PIC"], "AUSTRIA": ["A SER - BUL"], "GERMANY": ["A HOL - BEL", "A MUN - TYR"],
               "RUSSIA": ["F BAR - STP/NC"]}}
REFILLED = {  # ... and another unit moves into each place left: a unit at both ends
    "state": {"phase": "S1902M", "units": {"ENGLAND": ["A CLY", "A LVP", "F NWY", "F NWG"],
                                           "ITALY": ["A APU", "A ROM"], "FRANCE": ["A PAR", "A BUR"]},
              "centers": {}},
    "orders": {"ENGLAND": ["A CLY - EDI", "A LVP - CLY", "F NWY - SKA", "F NWG - NWY"],
               "ITALY": ["A APU - NAP", "A ROM - APU"], "FRANCE": ["A PAR - PIC", "A BUR - PAR"]}}
BOUNCES = {  # bounces off a unit that held, and two fleets swapping places that bounce head to head
    "state": {"phase": "S1902M", "units": {"ITALY": ["A PIE"], "AUSTRIA": ["A VEN", "A TYR"], "RUSSIA": ["F RUM"],
                                           "TURKEY": ["F BUL/EC"], "GERMANY": ["A MUN"], "ENGLAND": ["A CLY", "F EDI"]},
              "centers": {}},
    "orders": {"ITALY": ["A PIE - VEN"], "AUSTRIA": ["A VEN H", "A TYR H"], "RUSSIA": ["F RUM - BUL/EC"],
               "TURKEY": ["F BUL/EC - RUM"], "GERMANY": ["A MUN - TYR"], "ENGLAND": ["A CLY - EDI", "F EDI H"]}}


def drawn(doc: dict) -> tuple[Board, str, tuple]:
    m, before, outcome = adjudicated(doc)
    svg = picture.results_svg(m, before, outcome)
    return Board(svg), svg, (m, before, outcome)


def in_box(p, box) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def in_sight(pts, hidden) -> float:
    """How much of a polyline lies outside every one of the boxes and triangles (sampled every half unit)."""
    seen = 0.0
    for a, b in pairwise(pts):
        n = max(1, int(math.dist(a, b) * 2))
        for k in range(n):
            p = (a[0] + (b[0] - a[0]) * (k + 0.5) / n, a[1] + (b[1] - a[1]) * (k + 0.5) / n)
            if not any(triangle_meets((p[0], p[1], p[0], p[1]), h) if len(h) == 3 else in_box(p, h)
                       for h in hidden):
                seen += math.dist(a, b) / n
    return seen


def moves(outcome) -> list:
    return [r for r in outcome.results if type(r.order).__name__ == "Move"]


@pytest.mark.parametrize("doc", [VACATED, REFILLED], ids=["vacated", "refilled"])
def test_a_short_hop_shows_a_line_beyond_its_head_clear_of_the_units(doc):
    # Clyde to Edinburgh, Apulia to Naples, Paris to Picardy... were an arrowhead alone, or nothing, between the two
    # units (a tester's whole game of pictures).
    b, svg, (_, _, outcome) = drawn(doc)
    g = geometry.load()
    units = [box for _, box, _ in b.units]
    for r in moves(outcome):
        assert not r.marks, r
        oid = f"order-{r.order.unit.province}"
        [shaft] = {tuple(pts) for i, pts in b.shafts if i == oid}
        [head] = [tri for i, tri in b.heads if i == oid]
        assert in_sight(shaft, units + [head]) >= 8, (oid, in_sight(shaft, units + [head]))
        # from the place it left to the one it reached, through no third place
        src, dest = r.order.unit.province, r.order.dest[:3]
        stray = [p for p in shaft if not any(shapes.inside(p, g.provinces[k].rings) for k in (src, dest))]
        assert len(stray) <= 1, (oid, stray)
    assert problems(svg) == []


def test_a_bounce_between_close_units_shows_its_line_and_its_cross_by_the_place_it_tried():
    # Piedmont to Venice, Munich to Tyrolia, Clyde to Edinburgh, and Rumania and Bulgaria's fleets swapping: the
    # cross lay between the two units with no line to say which way the move went, the swap's two crosses one on
    # the other.
    b, svg, (_, _, outcome) = drawn(BOUNCES)
    g = geometry.load()
    units = [box for _, box, _ in b.units]
    crosses = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in b.badges]
    failed = moves(outcome)
    assert len(failed) == len(crosses) == 5 and all("bounce" in r.marks for r in failed)
    for r in failed:
        oid = f"order-{r.order.unit.province}"
        [shaft] = {tuple(pts) for i, pts in b.shafts if i == oid}
        [cross] = [c for c in crosses if math.dist(c, shaft[-1]) < 1]
        badges = [(c[0] - 9.3, c[1] - 9.3, c[0] + 9.3, c[1] + 9.3) for c in crosses]
        assert in_sight(shaft, units + badges) >= 10, (oid, in_sight(shaft, units + badges))
        # the cross nearer the place it tried than the one it came from, inside one of the two
        src, dest = g.location_point(r.order.unit.loc), g.location_point(r.order.dest)
        assert math.dist(cross, dest) < math.dist(cross, src), oid
        assert any(shapes.inside(cross, g.provinces[k].rings) for k in (r.order.unit.province, r.order.dest[:3]))
    for a in crosses:
        assert all(a == c or math.dist(a, c) >= 2 * 9.3 for c in crosses), crosses
    assert problems(svg) == []


PIEDMONT_BOUNCES = {  # Piedmont's army bounces off the army holding in Venice, supported twice or not at all
    "supported": {"state": {"phase": "F1901M", "units": {"FRANCE": ["A PIE"], "ITALY": ["A VEN", "A APU"],
                                                         "AUSTRIA": ["A TRI"]}},
                  "orders": {"FRANCE": ["A PIE-VEN"], "ITALY": ["A VEN H", "A APU S A VEN"],
                             "AUSTRIA": ["A TRI S A VEN"]}},
    "alone": {"state": {"phase": "F1901M", "units": {"FRANCE": ["A PIE"], "ITALY": ["A VEN"]}},
              "orders": {"FRANCE": ["A PIE-VEN"], "ITALY": ["A VEN H"]}},
}


@pytest.mark.parametrize("scene", sorted(PIEDMONT_BOUNCES))
def test_a_bounce_word_leaves_its_own_short_line_in_sight(scene):
    # The dashed line from Piedmont to its X is about 22 long; the word "bounce", set left of the X with its white
    # halo, lay over all of it (a tester's whole game of pictures): a cross with no line to say where it came from.
    b, svg, _ = drawn(PIEDMONT_BOUNCES[scene])
    [shaft] = {tuple(pts) for i, pts in b.shafts if i == "order-PIE"}
    [(word, box)] = b.words
    assert word == "bounce"
    units = [u for _, u, _ in b.units]
    seen = in_sight(shaft, units + b.badges)
    assert seen >= 10, seen
    # the word covers none of it: all of the line in sight stays in sight
    halo = (box[0] - 1.5, box[1] - 1.5, box[2] + 1.5, box[3] + 1.5)
    assert in_sight(shaft, units + b.badges + [halo]) == pytest.approx(seen, abs=0.5)
    assert problems(svg) == []


SUPPORT_FOR_A_UNIT_GONE = {  # Austria supports its army in Serbia to hold; it moves to Albania, a Turk comes in
    "state": {"phase": "S1902M", "units": {"AUSTRIA": ["A BUD", "A SER"], "TURKEY": ["A BUL"]}, "centers": {}},
    "orders": {"AUSTRIA": ["A BUD S A SER", "A SER - ALB"], "TURKEY": ["A BUL - SER"]}}


def test_a_support_to_hold_rings_the_unit_supported_where_it_is_now():
    # The ring lay round the Turkish army that came into Serbia: it read as Austria supporting the Turk.
    b, svg, (_, _, outcome) = drawn(SUPPORT_FOR_A_UNIT_GONE)
    g = geometry.load()
    assert outcome.position.units["ALB"].power == "AUSTRIA" and outcome.position.units["SER"].power == "TURKEY"
    [(cx, cy)] = {(cx, cy) for cx, cy, _ in b.rings}
    assert math.dist((cx, cy), g.location_point("ALB")) < 1
    assert problems(svg) == []


THIRD_UNITS = {  # a support's line, or the point it ends at, by a unit it has nothing to do with (the third)
    # the third unit's province: the scene, and the support order's unit
    "BOT": {"state": {"phase": "S1902M", "units": {"ENGLAND": ["A NWY"], "RUSSIA": ["A FIN"], "GERMANY": ["F BOT"]},
                      "centers": {}},
            "orders": {"ENGLAND": ["A NWY S A FIN"], "RUSSIA": ["A FIN H"], "GERMANY": ["F BOT H"]}},
    "POR": {"state": {"phase": "S1902M", "units": {"ENGLAND": ["F IRI"], "FRANCE": ["F NAF"], "ITALY": ["A POR"]},
                      "centers": {}},
            "orders": {"ENGLAND": ["F IRI S F NAF - MAO"], "FRANCE": ["F NAF H"], "ITALY": ["A POR H"]}},
    "WAL": {"state": {"phase": "S1902M", "units": {"FRANCE": ["F PIC", "F IRI"], "ENGLAND": ["A WAL"]}, "centers": {}},
            "orders": {"FRANCE": ["F PIC S F IRI - ENG", "F IRI H"], "ENGLAND": ["A WAL H"]}},
}


SUPPORTER = {"BOT": "NWY", "POR": "IRI", "WAL": "PIC"}


@pytest.mark.parametrize("third", sorted(THIRD_UNITS))
def test_a_support_keeps_off_a_third_unit(third):
    # Norway's support for Finland ran under the fleet in the Gulf of Bothnia; Picardy's for a move from the Irish
    # Sea to the Channel (not ordered) ended on the army in Wales, the Irish Sea's for North Africa to the Atlantic
    # on the army in Portugal: each read as a support of that unit.
    b, svg, _ = drawn(THIRD_UNITS[third])
    oid = f"order-{SUPPORTER[third]}"
    [line] = {tuple(pts) for i, pts in b.shafts if i == oid}
    [box] = [box for uid, box, _ in b.units if uid == f"unit-{third}"]
    assert in_sight(line, [box]) == pytest.approx(shapes.length(line), abs=0.5), oid       # never under it
    end = line[-1]
    assert math.dist(end, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)) > 30, (oid, end)
    assert problems(svg) == []


SERBIA_TAKEN = {  # Budapest takes Serbia with Greece's support; the Turk there has nowhere to go, Albania's fleet by
    "state": {"phase": "F1902M", "units": {"AUSTRIA": ["A BUD", "A GRE", "A TRI"], "ITALY": ["F ALB"],
                                           "RUSSIA": ["A RUM"], "TURKEY": ["A SER", "A BUL"]}},
    "orders": {"AUSTRIA": ["A BUD-SER", "A GRE S A BUD-SER", "A TRI H"], "ITALY": ["F ALB H"],
               "RUSSIA": ["A RUM H"], "TURKEY": ["A SER H", "A BUL H"]}}


def test_a_support_goes_round_the_units_by_the_move_it_supports():
    # Greece's line ran straight over the army now in Serbia, the Turk dislodged beside it and its cross: with
    # Albania's fleet by Greece no even bow cleared both sides.
    b, svg, (_, _, outcome) = drawn(SERBIA_TAKEN)
    assert "SER" in outcome.position.dislodged and not outcome.position.dislodged["SER"].retreats
    [line] = {tuple(pts) for i, pts in b.shafts if i == "order-GRE"}
    others = [box for uid, box, _ in b.units if uid != "unit-GRE"]
    assert in_sight(line, others + b.badges) == pytest.approx(shapes.length(line), abs=0.5)
    [shaft] = {tuple(pts) for i, pts in b.shafts if i == "order-BUD"}
    assert min(math.dist(line[-1], p) for p in shaft) < 5           # (it still ends by the arrow, at its dot)
    assert [p for p in problems(svg) if "dislodged-SER" not in p] == []     # (its cross is on that unit)


def test_no_support_line_passes_under_a_third_unit_on_crowded_boards():
    # On 100 random late-game boards (28 to 34 units, half of them moving, most of the rest supporting) 2 of some
    # 1,000 support lines still ran under a unit they had nothing to do with, where no bow cleared the units: a
    # dislodged supporter's line under the unit that took its place, York's for Clyde to Edinburgh under the fleet
    # dislodged from Edinburgh.
    boards = crowds.boards()
    assert len(boards) == 100 and sum(len(s) for _, s in boards) > 800        # (enough lines to tell)
    under = [f"board {i}: {p}" for i, (svg, supported) in enumerate(boards)
             for p in crowds.supports_under_units(svg, supported)]
    assert under == []


APULIA_TAKEN = {  # the German army in Apulia supports Rome to hold and is dislodged by Venice, supported by Rome
    "state": {"phase": "F1907M", "units": {"GERMANY": ["A APU", "F NAP"], "FRANCE": ["A ROM"], "ENGLAND": ["A VEN"],
                                           "ITALY": ["F ADR"]}, "centers": {}},
    "orders": {"GERMANY": ["A APU S A ROM", "F NAP H"], "FRANCE": ["A ROM S A VEN - APU"], "ENGLAND": ["A VEN - APU"],
               "ITALY": ["F ADR H"]}}


def test_a_dislodged_supporters_line_goes_round_the_unit_that_took_its_place():
    # Drawn beside Apulia, the German army's line to its ring round Rome ran straight under the English army now in
    # Apulia: no bow cleared it, the two tokens side by side (a random crowded board).
    b, svg, (_, _, outcome) = drawn(APULIA_TAKEN)
    assert "APU" in outcome.position.dislodged and outcome.position.units["APU"].power == "ENGLAND"
    [line] = {tuple(pts) for i, pts in b.shafts if i == "order-APU"}
    [taker] = [box for uid, box, _ in b.units if uid == "unit-APU"]
    assert in_sight(line, [taker]) == pytest.approx(shapes.length(line), abs=0.5)
    rome = geometry.load().location_point("ROM")
    assert any(math.dist((cx, cy), rome) < 1 for cx, cy, _ in b.rings)             # (still rings Rome)
    assert math.dist(line[-1], rome) < 20                                          # (its line ends at that ring)
    # its cut X on its line, off the head of Venice's arrow that the line passes by (it lay on it)
    assert not any(triangle_meets(badge, tri) for badge in b.badges for _, tri in b.heads)
    assert [p for p in problems(svg) if "dislodged-APU" not in p] == []      # (its cut X is on it)


IRISH_SEA_TAKEN = {  # the Russian fleet in the Irish Sea, bound for Wales, is dislodged by the Welsh fleet
    "state": {"phase": "S1902M", "units": {"RUSSIA": ["F IRI"], "ENGLAND": ["A LVP"], "AUSTRIA": ["F WAL"],
                                           "GERMANY": ["F NAO", "F MAO"], "ITALY": ["F ENG"]}, "centers": {}},
    "orders": {"RUSSIA": ["F IRI - WAL"], "ENGLAND": ["A LVP S F IRI - WAL"], "AUSTRIA": ["F WAL - IRI"],
               "GERMANY": ["F NAO S F WAL - IRI", "F MAO S F WAL - IRI"], "ITALY": ["F ENG - IRI"]}}


def test_a_dislodged_units_move_keeps_off_the_unit_that_took_its_place():
    # The Russian fleet's bounce towards Wales started beside the Irish Sea and ran under the Austrian fleet that
    # came in: its line was hidden, and Liverpool's support for it could only end by the Austrian, as if for it.
    b, svg, (_, _, outcome) = drawn(IRISH_SEA_TAKEN)
    assert "IRI" in outcome.position.dislodged and outcome.position.units["IRI"].power == "AUSTRIA"
    [taker] = [box for uid, box, _ in b.units if uid == "unit-IRI"]
    [shaft] = {tuple(pts) for i, pts in b.shafts if i == "order-IRI"}
    assert shapes.length(shaft) > 20 and in_sight(shaft, [taker]) == pytest.approx(shapes.length(shaft), abs=0.5)
    g = geometry.load()
    stray = [p for p in shaft if not any(shapes.inside(p, g.provinces[k].rings) for k in ("IRI", "WAL"))]
    assert len(stray) <= 1, stray                                   # (through no third place)
    [support] = {tuple(pts) for i, pts in b.shafts if i == "order-LVP"}
    assert in_sight(support, [taker]) == pytest.approx(shapes.length(support), abs=0.5)
    assert min(math.dist(support[-1], p) for p in shaft) < 5       # (it ends on the move it supports)
    assert not any(x0 < (taker[0] + taker[2]) / 2 < x1 and y0 < (taker[1] + taker[3]) / 2 < y1
                   for x0, y0, x1, y1 in b.badges)                  # (no X on the Austrian)
    assert [p for p in problems(svg) if "dislodged-IRI" not in p] == []      # (its no-retreat X is on it)
