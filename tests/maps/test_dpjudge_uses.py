"""DPjudge map files that build on another map with USE (as DPjudge's standard_glhetg.map builds on standard.map):
in the variants folder, each is pictured on the drawing of the map it builds on when its provinces are that map's,
or that map's under other names (matched by structure), and is played as text otherwise, its description saying why.
Our own files: tests/data/maps/ring.map (a board with a drawing of ours, ring.geometry.json, and no MAP line) and the
ring_*.map files that USE it; fjord.map (another, with no symmetry) and the fjord_*.map files."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge import maps, picture

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


@pytest.fixture
def folder(tmp_path):
    for path in [*DATA.glob("ring*"), *DATA.glob("fjord*")]:
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
    # the ring is symmetric: renamed, its Heartland might be the Midland or the Hills
    ("ring_renamed", ("it adds HRT; it has no MID; nor does one renaming fit: its provinces match those of Ring "
                      "in more than one way")),
    # fjord_bent.map: the renamed fjord with one adjacency more, between the Fjeld and the Heide (FJE, GRS)
    ("fjord_bent", ("it adds DAL, DIE, FJE, GZE, KAP and 2 more; it has no CAP, DEP, FEL, GLN, MOR and 2 more; "
                    "the terrain of BLS, DOC, GRS differs; nor does a renaming fit: no province of Fjord has the "
                    "terrain, coasts and neighbours of FJE, GRS")),
])
def test_a_file_that_adds_or_renames_provinces_is_text_only_and_says_why(folder, name, why):
    m = maps.load(name)
    assert m.board == "" and not picture.has_drawing(m.board)
    board = "Fjord" if name.startswith("fjord") else "Ring"
    assert m.description == f"Read from the DPjudge map file {name}.map. (Text only, no picture: the drawing of " \
                            f"{board} does not fit its provinces: {why}.)"
    assert m.on_board == {}


def test_a_file_that_renames_every_place_is_pictured_on_the_drawing_it_matches(folder):
    m = maps.load("fjord_renamed")
    assert m.board == "fjord" and picture.has_drawing(m.board) and "Text only" not in m.description
    # fjord_renamed.map's lines: the Grey Sea's GRS given to the Moor, the Blue Sea and the Dock swapped
    assert (m.on_board["GZE"], m.on_board["GRS"], m.on_board["DOC"], m.on_board["BLS"]) == ("GRS", "MOR", "BLS", "DOC")
    assert (m.on_board["KAP/WK"], m.on_board["KAP/OK"]) == ("CAP/WC", "CAP/EC")
    assert maps.load("ring_three").on_board == {}           # (its own names: nothing to rename)


def test_a_json_variant_on_a_renamed_file_is_pictured_as_its_base(folder):
    (folder / "renamed_json.json").write_text(json.dumps({"base": "fjord_renamed", "victory": 4}))
    m = maps.load("renamed_json")
    assert m.board == "fjord" and m.on_board == maps.load("fjord_renamed").on_board


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


def test_a_variant_that_names_a_renamed_file_as_its_board_is_drawn_as_that_file_is(folder):
    # its board, fjord_renamed, has no drawing of its own: the fjord's pictures it, under fjord_renamed's names
    (folder / "board_json.json").write_text(json.dumps({"base": "fjord_renamed", "board": "fjord_renamed"}))
    m = maps.load("board_json")
    assert m.board == "fjord" and m.on_board == maps.load("fjord_renamed").on_board
