"""DPjudge map files that build on another map with USE (as DPjudge's standard_glhetg.map builds on standard.map):
in the variants folder, each is pictured on the drawing of the map it builds on when its provinces are that map's,
and is played as text otherwise, its description saying why. Our own files: tests/data/maps/ring.map (a board with
a drawing of ours, ring.geometry.json, and no MAP line) and the ring_*.map files that USE it."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge import maps, picture

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


@pytest.fixture
def folder(tmp_path):
    for path in DATA.glob("ring*"):
        shutil.copy(path, tmp_path / path.name)
    maps.use_folder(tmp_path)
    yield tmp_path
    maps.use_folder(None)


def test_a_file_that_uses_a_drawn_board_is_pictured_on_its_drawing(folder):
    m = maps.load("ring_three")
    assert m.board == "ring" and picture.has_drawing(m.board)
    assert set(m.powers) == {"WEST", "EAST", "SOUTH"}         # its own powers and centres, on the ring's provinces
    assert m.homes("SOUTH") == ("HIL", "SBY") and "TOR" not in m.centers


def test_a_file_that_uses_such_a_file_is_pictured_on_the_same_drawing(folder):
    m = maps.load("ring_later")
    assert m.board == "ring" and m.victory_count == 5 and "SOUTH" in m.powers


@pytest.mark.parametrize("name, why", [
    ("ring_isle", "it adds ISL"),
    ("ring_renamed", "it adds HRT; it has no MID"),
])
def test_a_file_that_adds_or_renames_provinces_is_text_only_and_says_why(folder, name, why):
    m = maps.load(name)
    assert m.board == "" and not picture.has_drawing(m.board)
    assert m.description == f"Read from the DPjudge map file {name}.map. (Text only, no picture: the drawing of Ring " \
                            f"does not fit its provinces: {why}.)"


def test_use_of_a_variant_the_judge_offers_pictures_on_its_drawing(folder):
    # no standard.map in the folder: USE standard takes the judge's own standard map, and now its drawing too
    (folder / "no_belgium.map").write_text("USE standard\nUNOWNED -BEL\n")
    m = maps.load("no_belgium")
    assert m.board == "standard" and "BEL" not in m.centers


def test_a_drawing_of_its_own_comes_first(folder):
    from judge.position import initial_position
    doc = json.loads((folder / "ring.geometry.json").read_text())
    own = {**doc, "map": "ring_three", "provinces": {**doc["provinces"]}}
    for abbr, centre in (("SBY", [480.0, 480.0]), ("HIL", [780.0, 280.0]), ("TOR", None)):
        own["provinces"][abbr] = {**own["provinces"][abbr], "center": centre}
    (folder / "ring_three.geometry.json").write_text(json.dumps(own))
    m = maps.load("ring_three")
    assert m.board == "ring_three"
    assert 'id="sc-SBY"' in picture.position_svg(m, initial_position(m))


def test_textonly_keeps_a_file_without_a_picture(folder):
    (folder / "ring_plain.map").write_text("USE ring\nTEXTONLY\n")
    assert maps.load("ring_plain").board == ""


def test_a_json_variant_on_such_a_file_takes_the_board_its_reading_settled(folder):
    (folder / "three_json.json").write_text(json.dumps({"base": "ring_three", "victory": 6}))
    (folder / "isle_json.json").write_text(json.dumps({"base": "ring_isle", "victory": 6}))
    assert maps.load("three_json").board == "ring"
    isle = maps.load("isle_json")          # (its base's drawing does not fit it: text only, not an error)
    assert isle.board == "" and "ISL" in isle.provinces


def test_files_that_use_each_other_are_refused_not_looped(folder):
    (folder / "loop_a.map").write_text("USE loop_b\n")
    (folder / "loop_b.map").write_text("USE loop_a\n")
    with pytest.raises(maps.MapError, match="used twice"):
        maps.load("loop_a")
