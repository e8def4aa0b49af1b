"""A retreat's arrow leaves the faded dislodged unit, which stands beside the unit that took its province: the units
are drawn over the orders, so an arrow run under that unit lost its start (Burgundy to Marseilles went under the
German army). Every retreat on the standard board is tried, each with the unit that took the province."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from judge import maps, picture
from judge.picture import placement
from judge.picture.arrows import clear_of
from judge.position import Position
from tests.picture.scenes import adjudicated

NS = "{http://www.w3.org/2000/svg}"


def _points(d: str) -> list[tuple[float, float]]:
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(nums[::2], nums[1::2]))


def _retreat_picture(kind: str, loc: str, dest: str, taker: str) -> ET.Element:
    doc = {"state": {"phase": "F1905R", "units": {"GERMANY": [f"{taker} {loc[:3]}"]}, "centers": {},
                     "dislodged": {"FRANCE": {f"{kind} {loc}": [dest]}}},
           "orders": {"FRANCE": [f"{kind} {loc} R {dest}"]}, "rules": []}
    m, before, outcome = adjudicated(doc)
    return ET.fromstring(picture.results_svg(m, before, outcome))


def _taker_box(root: ET.Element, province: str, kind: str) -> tuple[float, float, float, float]:
    unit = root.find(f".//{NS}g[@id='unit-{province}']")
    x, y = (float(v) for v in re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", unit.get("transform")).groups())
    return placement.token_box(x, y, kind)


def _every_retreat(m: maps.Map):
    """(unit kind, location, destination, kind of the unit that took the province) for every retreat the board has."""
    for abbr, p in sorted(m.provinces.items()):
        taker = "F" if p.terrain == "sea" else "A"
        for kind, adj in (("A", m.army_adj), ("F", m.fleet_adj)):
            if p.terrain == ("sea" if kind == "A" else "land"):
                continue
            locs = [f"{abbr}/{c}" for c in sorted(p.coasts)] if kind == "F" and p.coasts else [abbr]
            for loc in locs:
                for dest in sorted(adj.get(loc, ())):
                    yield kind, loc, dest, taker


def test_the_units_are_drawn_over_the_orders():
    # (why the arrow must keep off the unit: the unit's layer hides whatever order line runs under it)
    root = _retreat_picture("A", "BUR", "MAR", "A")
    layers = [g.get("id") for g in root.find(f".//{NS}g[@id='map']")]
    assert layers.index("orders") < layers.index("units") < layers.index("dislodged")


def test_burgundy_to_marseilles_keeps_off_the_army_that_took_burgundy():
    root = _retreat_picture("A", "BUR", "MAR", "A")
    line = _points(root.find(f".//{NS}g[@id='order-BUR']")[0].get("d"))
    assert clear_of(line, [_taker_box(root, "BUR", "A")])


def test_no_retreat_on_the_standard_board_runs_under_the_unit_that_took_the_province():
    m = maps.load("standard")
    hidden, drawn = [], 0
    for kind, loc, dest, taker in _every_retreat(m):
        root = _retreat_picture(kind, loc, dest, taker)
        arrow = root.find(f".//{NS}g[@id='order-{loc[:3]}']")
        assert arrow is not None and arrow.get("class") == "retreat", (kind, loc, dest)
        drawn += 1
        if not clear_of(_points(arrow[0].get("d")), [_taker_box(root, loc[:3], taker)]):
            hidden.append(f"{kind} {loc} R {dest}")
    assert drawn > 400 and hidden == []


def test_no_retreat_option_on_the_standard_board_runs_under_the_unit_that_took_the_province():
    # A position picture (MAP, PREVIEW, and the movement's results) draws a dotted arrow to each place a dislodged
    # unit may go: those ran under the unit that took its place just the same.
    m = maps.load("standard")
    hidden, drawn = [], 0
    places = {}
    for kind, loc, dest, taker in _every_retreat(m):
        places.setdefault((kind, loc, taker), []).append(dest)
    for (kind, loc, taker), dests in places.items():
        state = {"phase": "F1905R", "units": {"GERMANY": [f"{taker} {loc[:3]}"]}, "centers": {},
                 "dislodged": {"FRANCE": {f"{kind} {loc}": dests}}}
        root = ET.fromstring(picture.position_svg(m, Position.from_json(state, m)))
        box = _taker_box(root, loc[:3], taker)
        for dest in dests:
            arrow = root.find(f".//{NS}g[@id='retreat-{loc[:3]}-{dest[:3]}']")
            drawn += 1
            if not clear_of(_points(arrow[0].get("d")), [box]):
                hidden.append(f"{kind} {loc} -> {dest}")
    assert drawn > 400 and hidden == []


def _strays(pts, src: str, dest: str) -> list:
    from judge.picture import geometry, shapes
    g = geometry.load(maps.load("standard").board)
    return [p for p in pts if not any(shapes.inside(p, g.provinces[k].rings) for k in (src, dest))]


def test_a_retreat_from_the_channel_to_the_irish_sea_runs_by_sea_not_across_wales():
    # A tester's Spring 1902: the fleet dislodged from the Channel retreated to the Irish Sea, and its arrow (and,
    # in the movement's picture, the dotted option before it) ran straight over Wales, reading as a retreat there.
    # Like a move's, it now runs through the border the two seas share.
    root = _retreat_picture("F", "ENG", "IRI", "F")
    line = _points(root.find(f".//{NS}g[@id='order-ENG']")[0].get("d"))
    assert len(line) > 2 and len(_strays(line, "ENG", "IRI")) <= 1, _strays(line, "ENG", "IRI")
    m = maps.load("standard")
    state = {"phase": "S1902R", "units": {"FRANCE": ["F ENG"]}, "centers": {},
             "dislodged": {"ENGLAND": {"F ENG": ["IRI", "WAL", "BEL"]}}}
    root = ET.fromstring(picture.position_svg(m, Position.from_json(state, m)))
    option = _points(root.find(f".//{NS}g[@id='retreat-ENG-IRI']")[0].get("d"))
    assert len(option) > 2 and len(_strays(option, "ENG", "IRI")) <= 1, _strays(option, "ENG", "IRI")
