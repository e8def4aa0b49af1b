"""A region nobody plays (Switzerland) is labelled with the map's name for it where the map gives one: DPjudge's
translated standard maps rename it ('swi -> Suisse = sui'); it was labelled in English whatever the map's language."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judge import maps, picture
from judge.maps import MapError
from judge.maps.build import build
from judge.position import initial_position

NS = "{http://www.w3.org/2000/svg}"


def _standard(**extra) -> maps.Map:
    doc = json.loads((Path(maps.__file__).resolve().parent / "standard.json").read_text(encoding="utf-8"))
    doc.update(name="standard_named", board="standard", **extra)
    return build(doc, "standard_named")


def _labels(root: ET.Element) -> set[str]:
    return {t.text for t in root.find(f".//{NS}g[@id='labels']").iter(f"{NS}text")}


def test_the_maps_name_for_a_region_labels_it():
    m = _standard(region_names={"SWI": "Suisse"})
    root = ET.fromstring(picture.position_svg(m, initial_position(m)))
    assert "Suisse" in _labels(root) and "Switzerland" not in _labels(root)
    assert root.find(f".//{NS}path[@id='other-SWI']").find(f"{NS}title").text == "Suisse"
    assert {"Ireland", "Corsica", "Africa"} <= _labels(root)       # (the map names no other: the drawing's names)


def test_without_names_the_drawings_are_kept():
    m = _standard()
    assert "Switzerland" in _labels(ET.fromstring(picture.position_svg(m, initial_position(m))))


def test_region_names_must_be_words():
    with pytest.raises(MapError, match="region_names.SWI"):
        _standard(region_names={"SWI": 3})
