"""The board pictures as SVG: every phase kind draws valid XML, with one element per province and unit, the right
fills, orders drawn with their outcome, dislodged units beside their province, builds and removals marked."""
from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET

import pytest

from judge import maps, picture
from judge.picture import geometry, style
from judge.picture.draw import TOP
from judge.position import initial_position
from tests.picture.scenes import adjudicated, request

NS = {"s": "http://www.w3.org/2000/svg"}
# The standard board's letters, as the rules' map shows them (independent of the map file the drawing reads).
LETTERS = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I", "RUSSIA": "R", "TURKEY": "T"}


def results(name: str, game: str = "") -> tuple[ET.Element, tuple]:
    m, before, outcome = adjudicated(request(name))
    return ET.fromstring(picture.results_svg(m, before, outcome, game=game)), (m, before, outcome)


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def translate(e: ET.Element) -> tuple[float, float]:
    x, y = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", e.get("transform")).groups()
    return float(x), float(y)


def words(root: ET.Element) -> list[str]:
    return sorted(t.text for t in root.iter("{%s}text" % NS["s"]) if t.get("class") == "word")


def path_points(d: str) -> list[tuple[float, float]]:
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(nums[::2], nums[1::2]))


@pytest.mark.parametrize("name", ["s1901", "midgame", "retreats", "winter"])
def test_each_phase_kind_draws_one_element_per_province_and_unit(name):
    root, (m, before, outcome) = results(name)
    ids = by_id(root)
    assert root.tag == "{%s}svg" % NS["s"]
    for layer in ("provinces", "centres", "labels", "orders", "units", "dislodged", "marks", "title", "legend"):
        assert root.find(f".//s:g[@id='{layer}']", NS) is not None, layer
    provinces = [e.get("id") for e in root.find(".//s:g[@id='provinces']", NS) if e.get("id", "").startswith("prov-")]
    assert sorted(provinces) == sorted(f"prov-{p}" for p in m.provinces)
    after = outcome.position
    drawn = {e.get("id") for e in root.find(".//s:g[@id='units']", NS)}
    assert drawn == {f"unit-{p}" for p in after.units}
    for prov, unit in after.units.items():
        token = ids[f"unit-{prov}"]
        assert token.find("s:use", NS).get("href") == ("#army" if unit.kind == "A" else "#fleet")
        assert token.find("s:text", NS).text == LETTERS[unit.power]       # whose it is, in a letter as well
    assert {e.get("id") for e in root.find(".//s:g[@id='dislodged']", NS) if e.get("id", "").startswith("dislodged")} \
        == ({f"dislodged-{p}" for p in after.dislodged} | {f"dislodged-{p}" for p in before.dislodged})


def test_a_position_picture_has_no_orders():
    m = maps.load()
    root = ET.fromstring(picture.position_svg(m, initial_position(m), game="Start"))
    assert len(root.find(".//s:g[@id='units']", NS)) == 22
    assert len(root.find(".//s:g[@id='orders']", NS)) == 0 and len(root.find(".//s:g[@id='marks']", NS)) == 0
    title = "".join(root.find(".//s:g[@id='title']", NS).itertext())
    assert "Start" in title and "Spring 1901 Movement" in title


def test_province_fills_follow_ownership_after_the_phase():
    # after the Fall 1905 retreats Smyrna, taken by Italy's convoyed army, has changed hands; Burgundy is no centre
    root, (m, before, outcome) = results("retreats")
    ids = by_id(root)
    owners = outcome.position.centers
    assert owners["SMY"] == "ITALY" and before.centers["SMY"] == "TURKEY"
    for abbr, p in m.provinces.items():
        fill = ids[f"prov-{abbr}"].get("fill")
        if abbr in owners:
            assert fill == style.tint(style.DEFAULT_COLOURS[owners[abbr]]), abbr
        else:
            assert fill == (style.SEA if p.terrain == "sea" else style.LAND), abbr
    assert ids["sc-SMY"].get("fill") == style.DEFAULT_COLOURS["ITALY"]
    assert ids["sc-SWE"].get("fill") == style.DEFAULT_COLOURS["ENGLAND"]
    neutral = [c for c in root.find(".//s:g[@id='centres']", NS) if c.get("fill") == "#ffffff"]
    assert len(neutral) == len(m.centers) - len(owners)


def test_a_dislodged_unit_stands_beside_its_province_with_its_retreats():
    root, (m, before, outcome) = results("midgame")
    ids, g = by_id(root), geometry.load()
    # A BUR (French) was dislodged by the German army from Ruhr, which now stands on Burgundy's unit point
    assert ids["unit-BUR"].find("s:text", NS).text == "G" and translate(ids["unit-BUR"]) == g.provinces["BUR"].unit
    for prov, letter in (("BUR", "F"), ("SMY", "T")):
        spot, home = translate(ids[f"dislodged-{prov}"]), g.provinces[prov].unit
        assert ids[f"dislodged-{prov}"].find("s:text", NS).text == letter
        assert 15 < math.dist(spot, home) < 45, (prov, spot, home)
    options = sorted(e.get("id") for e in root.find(".//s:g[@id='orders']", NS) if e.get("class") == "option")
    assert options == ["retreat-BUR-GAS", "retreat-BUR-PAR", "retreat-SMY-ANK", "retreat-SMY-CON", "retreat-SMY-SYR"]


def test_failed_orders_are_marked_with_the_report_word():
    root, _ = results("midgame")
    ids = by_id(root)
    # the six bounces: A YOR-BEL (2 v 2), A PIE-MAR, A UKR-GAL, F SEV-ARM and A ARM-SEV, F BLA-RUM;
    # A GAL's and A MAR's supports cut; F DEN's support for a move F KIE did not make is void
    assert words(root) == ["bounce"] * 6 + ["cut"] * 2 + ["void"]
    for prov in ("YOR", "PIE", "UKR", "SEV", "ARM", "BLA"):
        assert ids[f"order-{prov}"].get("class") == "move failed"
        assert len(ids[f"order-{prov}"]) == 2                     # no arrowhead: it never arrived
    for prov in ("RUH", "APU", "TRI", "NWG"):
        assert ids[f"order-{prov}"].get("class") == "move" and len(ids[f"order-{prov}"]) == 3
    assert ids["order-GAL"].get("class") == "support-hold failed" and ids["order-MUN"].get("class") == "support"


def test_a_convoyed_army_travels_through_its_fleets():
    root, _ = results("midgame")
    g = geometry.load()
    route = path_points(by_id(root)["order-APU"][0].get("d"))
    for sea in ("ION", "AEG"):
        assert min(math.dist(p, g.provinces[sea].unit) for p in route) < 2, sea
    orders = root.find(".//s:g[@id='orders']", NS)
    assert {e.get("id") for e in orders if e.get("class") == "convoy"} == {"order-ION", "order-AEG", "order-NTH"}


def test_a_support_points_at_the_middle_of_the_move_it_supports():
    root, _ = results("midgame")
    ids = by_id(root)
    move = path_points(ids["order-RUH"][0].get("d"))
    support = path_points(ids["order-MUN"][1].get("d"))
    assert min(math.dist(support[-1], p) for p in move) < 6
    assert 0.3 < move.index(min(move, key=lambda p: math.dist(p, support[-1]))) / len(move) < 0.7


def test_retreats_drawn_from_beside_the_province_and_failures_marked():
    doc = request("retreats")
    doc["orders"] = {"FRANCE": ["A BUR R GAS"], "TURKEY": ["A SMY D"]}
    m, before, outcome = adjudicated(doc)
    root = ET.fromstring(picture.results_svg(m, before, outcome))
    ids = by_id(root)
    assert ids["order-BUR"].get("class") == "retreat" and ids["unit-GAS"].find("s:text", NS).text == "F"
    start = path_points(ids["order-BUR"][0].get("d"))[0]
    assert math.dist(start, translate(ids["dislodged-BUR"])) < 16     # the arrow leaves the dislodged unit's edge
    assert words(root) == ["disbanded"] and "unit-CON" not in ids
    assert ids["dislodged-SMY"].find("s:text", NS).text == "T"          # the disbanded unit, faded, under its X


def test_two_retreats_to_one_place_both_fail():
    doc = request("retreats")
    doc["state"]["dislodged"]["AUSTRIA"] = {"A GAL": ["SIL", "BOH"]}
    doc["state"]["units"]["AUSTRIA"].remove("A GAL")
    units = doc["state"]["units"]         # (the unit that dislodged it stands there: Russia's, from Warsaw)
    units["RUSSIA"] = ["A GAL" if u == "A WAR" else u for u in units["RUSSIA"]]
    doc["state"]["dislodged"]["FRANCE"] = {"A BUR": ["GAS", "PAR"]}
    doc["orders"] = {"AUSTRIA": ["A GAL R BOH"], "FRANCE": ["A BUR R PAR"], "TURKEY": ["A SMY R CON"]}
    doc["state"]["units"]["GERMANY"].remove("A MUN")
    units["AUSTRIA"] = ["A MUN" if u == "A TYR" else u for u in units["AUSTRIA"]]         # (from Tyrolia)
    doc["state"]["dislodged"]["GERMANY"] = {"A MUN": ["BOH"]}
    doc["orders"]["GERMANY"] = ["A MUN R BOH"]
    m, before, outcome = adjudicated(doc)
    root = ET.fromstring(picture.results_svg(m, before, outcome))
    ids = by_id(root)
    assert ids["order-GAL"].get("class") == ids["order-MUN"].get("class") == "retreat failed"
    assert words(root) == ["bounce", "bounce"] and "unit-BOH" not in ids


def test_a_winter_marks_builds_and_removals():
    root, (m, before, outcome) = results("winter")
    ids = by_id(root)
    g = geometry.load()
    assert ids["unit-NAP"].find("s:use", NS).get("href") == "#fleet"
    plus = [translate(e) for e in root.find(".//s:g[@id='marks']", NS) if e.get("class") == "built"]
    assert len(plus) == 1 and math.dist(plus[0], g.provinces["NAP"].unit) < 20
    assert "unit-ARM" not in ids and "removed-ARM" in ids and words(root) == ["removed"]


def test_a_convoy_nobody_uses_is_drawn_as_an_offer():
    doc = request("midgame")
    doc["orders"]["ENGLAND"] = ["F NTH C A YOR - BEL", "A YOR H"]
    m, before, outcome = adjudicated(doc)
    root = ET.fromstring(picture.results_svg(m, before, outcome))
    ids = by_id(root)
    assert ids["convoy-NTH"].get("class") == "convoy-line"
    assert ids["order-NTH"].get("class") in ("convoy", "convoy failed")


def test_the_title_names_game_and_phase_and_escapes_the_name():
    root, _ = results("s1901", game='<Bad & "Co">')
    title = "".join(root.find(".//s:g[@id='title']", NS).itertext())
    assert '<Bad & "Co">' in title and "Spring 1901 Movement" in title and "Fall 1901 Movement" in title


def test_legend_counts_centres_and_units():
    root, (m, before, outcome) = results("winter")
    legend = " ".join(t.text or "" for t in root.find(".//s:g[@id='legend']", NS).iter("{%s}text" % NS["s"]))
    # after the winter: Italy 6 centres (Smyrna taken) and 6 units (a fleet built); Turkey 3 and 3 (an army removed)
    assert "Italy" in legend and "6 SC, 6 units" in legend and "3 SC, 3 units" in legend


def test_a_map_with_its_own_colours_is_drawn_in_them():
    m = copy.copy(maps.load())
    m.power_colours = {"FRANCE": "#123456"}          # type: ignore[attr-defined]
    root = ET.fromstring(picture.position_svg(m, initial_position(m)))
    ids = by_id(root)
    assert ids["unit-PAR"].find("s:use[2]", NS).get("fill") == "#123456"
    assert ids["prov-PAR"].get("fill") == style.tint("#123456")
    assert ids["unit-BER"].find("s:use[2]", NS).get("fill") == style.DEFAULT_COLOURS["GERMANY"]


def test_has_drawing():
    assert picture.has_drawing("standard") and not picture.has_drawing("no_such_map")


def test_the_map_sits_under_the_title_band():
    root, _ = results("s1901")
    assert root.find(".//s:g[@id='map']", NS).get("transform") == f"translate(0 {TOP:g})"
    assert float(root.get("width")) == geometry.load().width


@pytest.mark.parametrize("colour", sorted(set(style.DEFAULT_COLOURS.values())))
def test_letters_on_units_contrast_with_their_colour(colour):
    lum = style.luminance(colour)
    text = style.luminance(style.text_on(colour))
    assert (max(lum, text) + 0.05) / (min(lum, text) + 0.05) >= 3.0      # WCAG large/bold text


def test_legend_counts_a_dislodged_unit_that_may_retreat():
    # Austria's army in Budapest, dislodged, may retreat: the legend said "3 SC, 0 units" beside it.
    from tests.picture.scenes import adjudicated
    doc = {"state": {"phase": "S1901M", "units": {"AUSTRIA": ["A BUD"], "RUSSIA": ["A GAL", "A RUM"]},
                     "centers": {"AUSTRIA": ["BUD", "TRI", "VIE"], "RUSSIA": ["RUM"]}},
           "orders": {"RUSSIA": ["A GAL - BUD", "A RUM S A GAL - BUD"]}}
    m, before, outcome = adjudicated(doc)
    assert outcome.position.dislodged["BUD"].retreats
    svg = picture.results_svg(m, before, outcome)
    root = ET.fromstring(svg)
    legend = " ".join(t.text or "" for t in root.find(".//s:g[@id='legend']", NS).iter("{%s}text" % NS["s"]))
    assert "3 SC, 1 unit" in legend and "1 SC, 2 units" in legend


def test_a_retreat_picture_leaves_out_the_unit_the_movement_showed_destroyed():
    # A retreat phase held for one unit: another, with nowhere to go, was shown destroyed with the movement, and the
    # retreat's text leaves it out; its picture drew it again, crossed out as "disbanded".
    from tests.picture.scenes import adjudicated
    doc = {"state": {"phase": "F1901R", "units": {"RUSSIA": ["A BUD", "F ANK", "F BLA"], "AUSTRIA": ["A VIE"],
                                                 "TURKEY": ["A CON", "A SMY", "A ARM"], "ITALY": ["A TRI"]},
                     "centers": {"AUSTRIA": ["VIE", "TRI"], "TURKEY": ["CON", "SMY"]},
                     "dislodged": {"AUSTRIA": {"A TRI": ["ALB", "TYR"]}, "TURKEY": {"F BLA": []}}},
           "orders": {"AUSTRIA": ["A TRI R ALB"]}}
    m, before, outcome = adjudicated(doc)
    root = ET.fromstring(picture.results_svg(m, before, outcome))
    ids = {g.get("id") for g in root.iter("{%s}g" % NS["s"]) if g.get("id")}
    words = [t.text for t in root.iter("{%s}text" % NS["s"])]
    assert "dislodged-TRI" in ids and "order-TRI" in ids
    assert "dislodged-BLA" not in ids and "disbanded" not in words


def test_a_picture_inside_a_document_begins_with_svg_and_a_file_with_its_declaration():
    m = maps.load("standard")
    drawn = picture.position_svg(m, initial_position(m))
    assert drawn.startswith(picture.DECLARATION + "<svg ")              # (a mail's attachment, a page's map.svg)
    inline = picture.inline(drawn)
    assert inline.startswith("<svg ") and ET.fromstring(inline).tag.endswith("svg")
    assert picture.inline(inline) == inline and picture.standalone(inline) == drawn == picture.standalone(drawn)


def legend_of(svg: str) -> tuple[str, list[str]]:
    """The legend's words, and the names of the powers it greys out."""
    g = ET.fromstring(svg).find(".//s:g[@id='legend']", NS)
    texts = list(g.iter("{%s}text" % NS["s"]))
    return " ".join(t.text or "" for t in texts), [t.text for t in texts if t.get("fill") == "#999"]


def test_the_legend_keeps_a_power_still_to_mobilize_in_the_game():
    # House rule mobilize: the game begins in W1900A with no unit and no centre, each power to build its first. The
    # legend called every power "out of the game" (greyed) on the map and on the end mail's picture; STATUS and LIST
    # had them active.
    from judge.rules import parse_rules
    m = maps.load()
    start = initial_position(m, parse_rules(["mobilize"]))
    assert str(start.phase) == "W1900A" and not start.units and not start.centers
    words, greyed = legend_of(picture.position_svg(m, start))
    assert "out of the game" not in words and greyed == [], (words, greyed)
    assert words.count("0 SC, 0 units") == len(m.powers)
    # a power with nothing left and nothing owed is out of the game as before
    mid = initial_position(m)
    for gone in ("AUSTRIA", "TURKEY"):
        mid = mid.replace(units={k: u for k, u in mid.units.items() if u.power != gone},
                                  centers={k: p for k, p in mid.centers.items() if p != gone})
    words, greyed = legend_of(picture.position_svg(m, mid))
    assert words.count("out of the game") == 2 and greyed == ["Austria", "Turkey"], (words, greyed)
