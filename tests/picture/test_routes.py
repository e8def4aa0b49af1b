"""Where a move's arrow and a dislodged unit's retreat (or option) run, measured against the map's own outlines and
the units' tokens and rings: an arrow over a third province reads as a move there, and one through another unit's
token or ring as an order of that unit. Every adjacency of every shipped board is drawn both ways."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest

from judge import maps, picture
from judge.maps import catalog
from judge.picture import placement, shapes
from judge.picture.items import RING_R
from judge.position import Position
from tests.picture.scenes import adjudicated

NS = "{http://www.w3.org/2000/svg}"
HAIR = 8.0        # how far along an arrow may run outside its two provinces (a coast's wiggle), in picture units


def _points(d: str) -> list[tuple[float, float]]:
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(nums[::2], nums[1::2]))


def _line(root: ET.Element, id_: str) -> list[tuple[float, float]]:
    return _points(root.find(f".//{NS}g[@id='{id_}']")[0].get("d"))


def _samples(pts):
    """Points every unit or less along the polyline, each with the length it stands for."""
    for a, b in pairwise(pts):
        n = max(1, math.ceil(math.dist(a, b)))
        for k in range(n):
            t = (k + 0.5) / n
            yield (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), math.dist(a, b) / n


def outside(g, pts, keep) -> float:
    """How much of the line lies outside the provinces `keep`."""
    return sum(w for p, w in _samples(pts) if not any(shapes.inside(p, g.provinces[k].rings) for k in keep))


def over(g, pts, prov) -> float:
    """How much of the line lies over the province."""
    return sum(w for p, w in _samples(pts) if shapes.inside(p, g.provinces[prov].rings))


def meets_unit(pts, at, kind) -> bool:
    """Does the line pass through the unit's token, or the ring a hold draws round it?"""
    w, h = placement.TOKEN[kind]
    return any(math.dist(p, at) < RING_R or (abs(p[0] - at[0]) < w and abs(p[1] - at[1]) < h)
               for p, _ in _samples(pts))


CHANNEL = {  # the tester's Spring 1902: the Channel's fleet dislodged, an army holding in Picardy (a ring round it)
    "state": {"phase": "S1902M", "units": {"ENGLAND": ["F ENG", "F LON"], "FRANCE": ["F BRE", "F MAO", "A PIC"]},
              "centers": {}},
    "orders": {"ENGLAND": ["F ENG H", "F LON H"], "FRANCE": ["F BRE - ENG", "F MAO S F BRE - ENG", "A PIC H"]}}


def test_the_channels_option_to_belgium_keeps_off_picardy_and_its_army():
    m, before, outcome = adjudicated(CHANNEL)
    g = picture.drawing(m)
    root = ET.fromstring(picture.results_svg(m, before, outcome))
    option = _line(root, "retreat-ENG-BEL")
    ring = root.find(f".//{NS}g[@id='order-PIC']/{NS}circle")
    assert ring is not None                     # (the hold's ring is drawn: the line must keep out of it too)
    at = (float(ring.get("cx")), float(ring.get("cy")))
    assert not meets_unit(option, at, "A")
    # the Channel narrows to a token's height at its east end, between England and Picardy: the line may graze a
    # coast there, but not cross Picardy (it ran a third of its length over it)
    assert over(g, option, "PIC") < 0.1 * shapes.length(option), over(g, option, "PIC")


@pytest.mark.parametrize("fleet, move, third", [("F DEN", "F DEN - KIE", "F HEL"), ("F NWY", "F NWY - SWE", "F SKA")])
def test_a_fleets_move_between_two_coasts_keeps_off_the_fleet_in_the_sea_between(fleet, move, third):
    # Real games: Denmark's fleet to Kiel ran under the fleet in Heligoland (units are drawn over the orders), Norway's
    # to Sweden under the Skagerrak's. The arrow now goes round the token, still by the sea beside both coasts.
    doc = {"state": {"phase": "S1903M", "units": {"GERMANY": [fleet], "ENGLAND": [third]}, "centers": {}},
           "orders": {"GERMANY": [move], "ENGLAND": [f"{third} H"]}}
    m, before, outcome = adjudicated(doc)
    g = picture.drawing(m)
    root = ET.fromstring(picture.results_svg(m, before, outcome))
    src, dest, sea = fleet[2:], move[-3:], third[2:]
    arrow = _line(root, f"order-{src}")
    assert not meets_unit(arrow, g.location_point(sea), "F"), arrow
    land = [p for p, prov in m.provinces.items() if p not in (src, dest) and prov.terrain != "sea"]
    assert all(over(g, arrow, p) <= HAIR for p in land)


def test_a_dislodged_fleet_with_no_clear_way_by_water_crosses_its_own_land_not_a_third_units_token():
    # A real game's Spring 1903 retreat: Germany's fleet in Denmark dislodged by England's, drawn at Denmark's
    # north tip above the fleet that took its place, with England's fleet in Heligoland. By water, the option to
    # Kiel could only run down past Heligoland's fleet (it ran under its token, over the North Sea's edge); down
    # Denmark's own land beside the English fleet it keeps to the two provinces.
    state = {"phase": "S1903R", "centers": {},
             "units": {"ENGLAND": ["F DEN", "F HEL", "F SKA"]},        # (Kiel empty: a retreat option)
             "dislodged": {"GERMANY": {"F DEN": ["BAL", "KIE"]}}}
    m = maps.load()
    g = picture.drawing(m)
    root = ET.fromstring(picture.position_svg(m, Position.from_json(state, m)))
    option = _line(root, "retreat-DEN-KIE")
    assert not meets_unit(option, g.location_point("HEL"), "F"), option
    assert not meets_unit(option, g.location_point("SKA"), "F"), option
    assert outside(g, option, ("DEN", "KIE", "HEL", "BAL")) <= 2 * HAIR, outside(g, option, ("DEN", "KIE", "HEL", "BAL"))


def test_cormouths_east_coast_to_the_amber_sea_runs_smoothly():
    # Heartland: the middle of the border Cormouth shares with the Amber Sea lies west of the fleet on its east
    # coast, and the arrow ran there first and turned back: a hook.
    doc = {"variant": "heartland", "state": {"phase": "S1901M", "units": {"CALDOR": ["F COR/EC"]}, "centers": {}},
           "orders": {"CALDOR": ["F COR/EC - AMB"]}}
    m, before, outcome = adjudicated(doc)
    g = picture.drawing(m)
    line = _line(ET.fromstring(picture.results_svg(m, before, outcome)), "order-COR")
    chord = (line[-1][0] - line[0][0], line[-1][1] - line[0][1])
    heading = [math.atan2(b[1] - a[1], b[0] - a[0]) for a, b in pairwise(line) if math.dist(a, b) > 0.5]
    turn = sum(abs((y - x + math.pi) % (2 * math.pi) - math.pi) for x, y in pairwise(heading))
    # never backwards, and turning no more than a gentle curve does (the hook turned through half a circle)
    assert all((b[0] - a[0]) * chord[0] + (b[1] - a[1]) * chord[1] > 0 for a, b in pairwise(line))
    assert turn < math.radians(60), math.degrees(turn)
    assert outside(g, line, ("COR", "AMB")) <= HAIR


def _boards():
    """One variant per board and adjacency: those on the same board with the same moves draw the same."""
    seen = {}
    for name in catalog.known():
        m = maps.load(name)
        if picture.has_drawing(m.board):
            key = (m.board, repr(sorted(m.army_adj.items())), repr(sorted(m.fleet_adj.items())))
            seen.setdefault(key, name)
    return sorted(seen.values())


def _locations(m):
    """(kind, location, destinations) for every place a unit may stand."""
    for abbr, p in sorted(m.provinces.items()):
        for kind, adj in (("A", m.army_adj), ("F", m.fleet_adj)):
            if p.terrain == ("sea" if kind == "A" else "land"):
                continue
            for loc in ([f"{abbr}/{c}" for c in sorted(p.coasts)] if kind == "F" and p.coasts else [abbr]):
                if adj.get(loc):
                    yield kind, loc, sorted(adj[loc])


def _way_exists(g, a, b, src, dest) -> bool:
    """Is there a way from a to b within the two provinces, straight or in two straight lines meeting on a vertex
    of their outlines (the test's own search, not the drawing's)?"""
    keep = (src, dest)
    if outside(g, [a, b], keep) <= HAIR:
        return True
    corners = {p for k in keep for ring in g.provinces[k].rings for p in ring}
    near = sorted(corners, key=lambda p: math.dist(a, p) + math.dist(p, b))
    return any(outside(g, [a, p, b], keep, ) <= HAIR for p in near[:40])


def _unit_kind(m, prov):
    return "F" if m.provinces[prov].terrain == "sea" else "A"


@pytest.mark.parametrize("variant", _boards())
def test_every_move_and_retreat_option_keeps_to_its_two_provinces_and_off_other_units(variant):
    """Every adjacency drawn as a move and, on a crowded board (a unit in every other province), as a dislodged
    unit's retreat option: where a way within the two provinces exists, the arrow keeps to them but for a hair; a
    fleet between two coasts goes by the water between, over no third land; no option crosses another unit's
    token or ring."""
    from judge.picture import routes
    m = maps.load(variant)
    g = picture.drawing(m)
    # (every move keeps to its provinces, on every board: where a province wraps round the other, as St Petersburg's
    # north coast round Finland to meet Norway, by the shortest way inside the two. The standard board still has
    # retreat options over a third province, on this crowded board where keeping off the units comes first:
    # benchmarks/routes.py counts them)
    strays, crossings, drawn = [], [], 0
    powers = list(m.powers)
    for kind, loc, dests in _locations(m):
        src = loc[:3]
        others = [p for p in m.provinces if p != src and p not in {d[:3] for d in dests}]
        state = {"phase": "F1905R", "centers": {},
                 "units": {powers[0]: [f"{_unit_kind(m, p)} {p}" for p in [src, *others]]},
                 "dislodged": {powers[1]: {f"{kind} {loc}": dests}}}
        root = ET.fromstring(picture.position_svg(m, Position.from_json(state, m)))
        for dest in dests:
            terrains = (m.provinces[src].terrain, m.provinces[dest[:3]].terrain)
            by_border = routes.by_border(terrains, kind)
            move = routes.unit_path(m, g, g.location_point(loc), kind, loc, dest)      # (as a move is drawn)
            option = _line(root, f"retreat-{src}-{dest[:3]}")
            for what, line in (("move", move), ("option", option)):
                drawn += 1
                if variant == "standard" and what == "option":
                    continue                    # (see above)
                if by_border and (what == "move" or _way_exists(g, line[0], line[-1], src, dest[:3])):
                    if outside(g, line, (src, dest[:3])) > HAIR:
                        strays.append(f"{what} {kind} {loc}-{dest}")
                elif not by_border:
                    land = [p for p in m.provinces if p not in (src, dest[:3]) and m.provinces[p].terrain != "sea"]
                    if any(over(g, line, p) > HAIR for p in land):
                        strays.append(f"{what} {kind} {loc}-{dest} over land")
            crossings += [f"{kind} {loc}-{dest} through {p}" for p in others
                          if meets_unit(option, g.location_point(p), _unit_kind(m, p))]
    assert drawn > 100
    assert crossings == []
    assert strays == [], strays
