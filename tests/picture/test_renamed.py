"""A variant whose board is a drawn board under other names, pictured on that drawing with its own names
(judge.picture.renamed): our fjord board (tests/data/maps/fjord.map, fjord.geometry.json) and fjord_renamed.map, which
renames every place, swaps the Blue Sea's and the Dock's abbreviations and gives the Grey Sea's GRS to the Moor.
Each picture of the renamed fjord is compared with the fjord's own picture of the same game: every outline, label,
unit, centre marker and order in the same place, under the variant's names."""
from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judge import maps, picture
from judge.adjudicator import adjudicate
from judge.api import read_rules
from judge.orders.sets import build_order_set
from judge.orders.validate import Validator
from judge.position import initial_position

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"
NS = "{http://www.w3.org/2000/svg}"
# fjord_renamed.map's lines, read by hand: the variant's places -> the fjord's
PLACES = {"GZE": "GRS", "GRS": "MOR", "DOC": "BLS", "BLS": "DOC", "KAP": "CAP", "PUN": "PNT", "HAV": "HAV",
          "DIE": "DEP", "FJE": "FEL", "DAL": "GLN", "WOU": "WLD", "STR": "STR"}
COASTS = {"wk": "wc", "ok": "ec"}
GONE = {"CAP", "PNT", "MOR", "DEP", "FEL", "GLN", "WLD"}        # the fjord's abbreviations the variant does not use


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    where = tmp_path_factory.mktemp("variants")
    for path in DATA.glob("fjord*"):
        shutil.copy(path, where / path.name)
    maps.use_folder(where)
    yield where
    maps.use_folder(None)


def _texts(root: ET.Element, layer: str) -> list[tuple[str, float, float]]:
    return [((t.text or ""), float(t.get("x")), float(t.get("y")))
            for t in root.find(f".//{NS}g[@id='{layer}']").iter(f"{NS}text")]


def _placed(root: ET.Element, layer: str) -> dict[str, str]:
    """id -> where it is drawn (its transform, path data or centre), for the elements of a layer that have an id."""
    out = {}
    group = root.find(f".//{NS}g[@id='{layer}']")
    for e in group.iter():
        if e is not group and e.get("id"):
            paths = "|".join(p.get("d") or "" for p in e.iter(f"{NS}path"))
            out[e.get("id")] = f"{e.get('transform')} {e.get('cx')} {e.get('cy')} {paths}"
    return out


def _as_fjord(key: str) -> str:
    """An element id of the variant's picture under the fjord's names ("unit-KAP" -> "unit-CAP")."""
    return re.sub(r"(?<=-)([A-Z]{3})\b", lambda m: PLACES.get(m.group(1), m.group(1)), key)


def _fjord_position(variant_position, fjord):
    """The variant's position under the fjord's names (its powers NORTH and SOUTH, its places the fjord's)."""
    doc = json.loads(json.dumps(variant_position.to_json(maps.load("fjord_renamed"))))
    text = json.dumps(doc).replace("NOORD", "NORTH").replace("ZUID", "SOUTH")
    text = re.sub(r"\b([A-Z]{3})(/([A-Z]{2}))?\b", lambda m: PLACES.get(m.group(1), m.group(1)) + (
        "/" + {"WK": "WC", "OK": "EC"}[m.group(3)] if m.group(3) else ""), text)
    from judge.position import Position
    return Position.from_json(json.loads(text), fjord)


def _same_picture(mine: str, theirs: str) -> None:
    a, b = ET.fromstring(mine), ET.fromstring(theirs)
    labels = [(PLACES.get(t, COASTS.get(t, t)), x, y) for t, x, y in _texts(a, "labels")]
    assert sorted(labels) == sorted(_texts(b, "labels"))
    for layer in ("provinces", "centres", "units", "dislodged", "orders"):
        assert {_as_fjord(k): v for k, v in _placed(a, layer).items()} == _placed(b, layer), layer
    assert len(_placed(b, "provinces")) == 12 and len(_placed(b, "centres")) == 7 and len(_placed(b, "units")) == 4


def test_the_start_is_the_fjords_picture_under_the_variants_names(folder):
    m = maps.load("fjord_renamed")
    svg = picture.position_svg(m, initial_position(m), game="g")
    fjord = maps.load("fjord")
    _same_picture(svg, picture.position_svg(fjord, _fjord_position(initial_position(m), fjord), game="g"))


def test_every_text_of_the_picture_is_the_variants(folder):
    m = maps.load("fjord_renamed")
    root = ET.fromstring(picture.position_svg(m, initial_position(m), game="g"))
    labels = [t for t, _, _ in _texts(root, "labels")]
    assert sorted(labels) == sorted([*m.provinces, "wk", "ok"])
    texts = {t.strip() for e in root.iter() for t in (e.text, e.get("id")) if t}
    words = {w for t in texts for w in re.split(r"[\s\-:·,]+", t)}
    assert not words & GONE and not words & {"wc", "ec", "North", "South"}
    titles = {e.get("id"): e.find(f"{NS}title").text for e in root.iter(f"{NS}path") if e.get("id", "").startswith("prov-")}
    assert titles["prov-DOC"] == "Blauwe Zee" and titles["prov-BLS"] == "Dok" and titles["prov-GRS"] == "Heide"
    # the swapped abbreviations where their places are drawn: DOC on the fjord's Blue Sea, BLS on its Dock
    drawing = json.loads((DATA / "fjord.geometry.json").read_text())["provinces"]
    at = {t: (x, y - 4) for t, x, y in _texts(root, "labels")}          # (a label's text sits 4 below its point)
    assert at["DOC"] == tuple(drawing["BLS"]["label"]) and at["BLS"] == tuple(drawing["DOC"]["label"])
    assert at["GRS"] == tuple(drawing["MOR"]["label"])


def _outcome(m, position, texts: dict[str, str]):
    rules = read_rules(None)
    validator = Validator(position, m, rules)
    orders = []
    for power, text in texts.items():
        oset = build_order_set(power, text.split("\n"), position, m, rules, validator)
        assert not oset.errors, oset.errors
        orders.extend(oset.orders)
    return adjudicate(m, position, orders, rules)


def test_orders_and_their_results_are_drawn_from_the_places_they_match(folder):
    m, fjord = maps.load("fjord_renamed"), maps.load("fjord")
    start = initial_position(m)
    # the Noord's fleet from the Kaap's east coast to the Blauwe Zee (DOC: the fjord's Blue Sea), its army into the
    # Heide (GRS: the fjord's Moor); the Zuid's army into the Dok (BLS: the fjord's Dock), its fleet into the Diepte
    mine = _outcome(m, start, {"NOORD": "F KAP/OK - DOC\nA HAV - GRS", "ZUID": "A WOU - BLS\nF STR - DIE"})
    theirs = _outcome(fjord, _fjord_position(start, fjord),
                      {"NORTH": "F CAP/EC - BLS\nA HAV - MOR", "SOUTH": "A WLD - DOC\nF STR - DEP"})
    assert [r.marks for r in mine.results] == [r.marks for r in theirs.results]
    svg = picture.results_svg(m, start, mine, game="g")
    _same_picture(svg, picture.results_svg(fjord, _fjord_position(start, fjord), theirs, game="g"))
    root = ET.fromstring(svg)
    assert {e.get("id") for e in root.find(f".//{NS}g[@id='orders']") if e.get("id")} == {
        "order-KAP", "order-HAV", "order-WOU", "order-STR"}
