"""The variants on offer: shipped ones, a folder of more (our JSON or DPjudge .map files), one Map per variant."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge import maps
from judge.maps import MapError, UnknownVariant

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


@pytest.fixture
def folder(tmp_path):
    shutil.copy(DATA / "toy.map", tmp_path / "toy.map")
    (tmp_path / "rome_x.json").write_text(json.dumps({"base": "fleet_rome", "title": "Rome X", "victory": 17}))
    maps.use_folder(tmp_path)
    yield tmp_path
    maps.use_folder(None)


def test_maps_are_read_once_per_variant():
    assert maps.load("chaos") is maps.load("chaos") and maps.load() is maps.load("standard")


def test_an_unknown_variant_is_named_with_those_offered():
    with pytest.raises(UnknownVariant, match=r"UNKNOWN VARIANT: 'nope' \(this judge offers: standard, chaos, "
                                             r"fleet_rome, heartland\)"):
        maps.load("nope")
    assert isinstance(UnknownVariant("x"), ValueError)


def test_a_folder_adds_json_and_dpjudge_variants(folder):
    assert maps.known() == ["standard", "chaos", "fleet_rome", "heartland", "rome_x", "toy"]
    rome = maps.load("rome_x")
    assert rome.victory_count == 17 and rome.board == "standard" and rome.start == maps.load("fleet_rome").start
    assert rome.source == str(folder / "rome_x.json")
    toy = maps.load("toy")
    assert len(toy.provinces) == 6 and toy.source == str(folder / "toy.map")
    assert [m.name for m in maps.variants()] == maps.known()


def test_without_the_folder_its_variants_are_gone(folder):
    maps.load("toy")
    maps.use_folder(None)
    with pytest.raises(UnknownVariant):
        maps.load("toy")


def test_a_broken_file_is_listed_and_named_when_loaded(folder):
    # (a colon missing on line 3: every Python's json names that line; a trailing comma is placed differently
    # by 3.13's json than by earlier ones)
    (folder / "bad.json").write_text('{"base": "standard",\n "victory": 99,\n "x" 1}')
    assert "bad" in maps.known() and "bad" not in [m.name for m in maps.variants()]
    with pytest.raises(MapError, match=r"bad.json:3: not JSON"):
        maps.load("bad")
    (folder / "bad.json").write_text('{"base": "standard", "victory": 99}')
    maps.use_folder(None)
    maps.use_folder(folder)                          # a new folder setting reads the files again
    with pytest.raises(MapError, match=r"bad.json: victory: 99 is more than the 34 supply centres"):
        maps.load("bad")


def test_a_shipped_name_is_never_shadowed(folder):
    (folder / "chaos.json").write_text('{"base": "standard", "victory": 3}')
    assert maps.known().count("chaos") == 1 and maps.load("chaos").victory_count == 18


def test_a_folder_file_named_like_a_shipped_variant_is_offered_under_a_prefix_and_said(folder, caplog):
    (folder / "chaos.json").write_text('{"base": "standard", "victory": 3}')
    (folder / "standard.map").write_text((DATA / "toy.map").read_text())
    maps.use_folder(folder)
    with caplog.at_level("INFO", logger="judge"):
        assert "dpjudge_standard" in maps.known() and "folder_chaos" in maps.known()
    assert maps.load("folder_chaos").victory_count == 3 and len(maps.load("dpjudge_standard").powers) == 2
    assert maps.load("standard").powers == maps.load("fleet_rome").powers          # the shipped one is untouched
    assert f"{folder / 'standard.map'} is named like the shipped variant 'standard'; it is offered as " \
           "'dpjudge_standard'" in caplog.text
    assert [(p.name, a, b) for p, a, b in maps.catalog.shadowed()] == [
        ("chaos.json", "chaos", "folder_chaos"), ("standard.map", "standard", "dpjudge_standard")]


def test_a_variant_name_may_begin_with_a_digit(folder):
    (folder / "1898.map").write_text((DATA / "toy.map").read_text())
    assert "1898" in maps.known() and maps.load("1898").name == "1898"


def test_a_variant_on_another_board_must_have_its_geography(folder):
    doc = json.loads((Path(maps.__file__).parent / "heartland.json").read_text())
    doc.update(name="heart2", board="standard")
    (folder / "heart2.json").write_text(json.dumps(doc))
    with pytest.raises(MapError, match=r"heart2.json: board: the provinces differ from those of 'standard' \(it "
                                       r"adds ALD, .*; it has no ADR, AEG, ALB, ANK, APU and 70 more\)"):
        maps.load("heart2")


def test_a_dpjudge_file_that_changes_the_provinces_of_its_board_is_played_as_text(folder):
    (folder / "noice.map").write_text("MAP standard\nIceland = ice\nCOAST ICE ABUTS NAO NWG\n"
                                      "AMEND NAO ABUTS ICE\nAMEND NWG ABUTS ICE\n")
    m = maps.load("noice")
    assert m.board == "" and "ICE" in m.provinces
    assert m.description.endswith("(Text only, no picture: the drawing of Standard does not fit its provinces: it "
                                  "adds ICE.)")


def test_a_dpjudge_file_that_changes_only_the_centres_of_its_board_is_pictured_on_it(folder):
    # (the picture marks the variant's own centres: tests/picture/test_fitted.py)
    (folder / "nobel.map").write_text("MAP standard\nUNOWNED -BEL\n")       # Belgium is no centre
    m = maps.load("nobel")
    assert m.board == "standard" and "BEL" not in m.centers and "Text only" not in m.description


def test_a_base_that_leads_back_to_itself_is_an_error(folder):
    (folder / "loop_a.json").write_text('{"base": "loop_b"}')
    (folder / "loop_b.json").write_text('{"base": "loop_a"}')
    with pytest.raises(MapError, match=r"leads back to itself \(loop_a -> loop_b -> loop_a\)"):
        maps.load("loop_a")


def test_the_folder_can_be_found_only_when_needed():
    asked = []
    maps.use_folder(lambda: asked.append(1) or DATA)
    try:
        maps.load("standard")
        assert asked == []                    # a shipped variant never needs the folder (nor config.ini)
        assert maps.load("toy").name == "toy" and asked == [1]
    finally:
        maps.use_folder(None)


def test_the_drawing_of_a_board(folder):
    from judge.maps import catalog
    assert catalog.drawing("standard") is not None and catalog.drawing("") is None
    assert catalog.drawing("toy") is None
    shutil.copy(Path(maps.__file__).parent / "heartland.geometry.json", folder / "toy.geometry.json")
    assert catalog.drawing("toy") == folder / "toy.geometry.json"
