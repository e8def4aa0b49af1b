"""A picture's title names the phase in one language. DPjudge's translated standard maps name their seasons in their
own language and their phase kinds in English (FLOW LENTE:MOVEMENT,RETREATS: the only kind words FLOW takes), so the
phase reads "Lente 1901 Movement"; a picture names it as the standard calendar does, "Spring 1901 Movement", whose
season is the one the map's FLOW puts first in the year. Any other calendar of a map's own keeps its words."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

from judge import maps, picture
from judge.adjudicator import adjudicate
from judge.api import read_rules
from judge.game.ending import final_title
from judge.maps.build import build
from judge.maps.calendar import Calendar
from judge.picture.titles import phase_title
from judge.position import Phase, initial_position

NS = "{http://www.w3.org/2000/svg}"
DUTCH = ["LENTE:MOVEMENT,RETREATS", "HERFST:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"]


@pytest.mark.parametrize("flow, phase, title", [
    (DUTCH, "LENTE 1901 MOVEMENT", "Spring 1901 Movement"),
    (DUTCH, "HERFST 1903 RETREATS", "Fall 1903 Retreats"),
    (DUTCH, "WINTER 1903 ADJUSTMENTS", "Winter 1903 Adjustments"),
    # English seasons of the standard year's shape: as the map names them (not renamed to spring and fall)
    (["SUMMER:MOVEMENT,RETREATS", "AUTUMN:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"], "AUTUMN 1901 MOVEMENT",
     "Autumn 1901 Movement"),
    # a year of another shape has no standard names for its seasons: the map's words
    (["A.D.:MOVEMENT,RETREATS", "A.D.:ADJUSTMENTS"], "A.D. 1425 MOVEMENT", "A.D. 1425 Movement"),
    (["NEWYEAR:-1", "LENTE:MOVEMENT,RETREATS", "HERFST:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"],
     "LENTE 1901 MOVEMENT", "Lente 1901 Movement"),
    (["LENTE:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"], "LENTE 1901 MOVEMENT", "Lente 1901 Movement"),
])
def test_a_phase_of_a_calendar_of_the_maps_own(flow, phase, title):
    assert phase_title(Phase.parse(phase, Calendar(flow))) == title


def test_the_standard_calendar_is_named_as_ever():
    assert phase_title(Phase.parse("F1901R")) == "Fall 1901 Retreats"


def _dutch_standard() -> maps.Map:
    """The shipped standard board with DPjudge's Dutch seasons (standard_dutch.map's FLOW and BEGIN lines)."""
    doc = json.loads((Path(maps.__file__).resolve().parent / "standard.json").read_text(encoding="utf-8"))
    doc.update(name="standard_lente", board="standard", flow=DUTCH, begin="LENTE 1901 MOVEMENT")
    doc.pop("calendar", None)
    return build(doc, "standard_lente")


def _title(svg: str) -> tuple[str, str]:
    band = ET.fromstring(svg).find(f".//{NS}g[@id='title']")
    texts = band.findall(f"{NS}text")
    return "".join(texts[0].itertext()), "".join(texts[1].itertext()) if len(texts) > 1 else ""


def test_the_pictures_of_a_map_with_the_standard_year_renamed_name_it_in_one_language():
    m = _dutch_standard()
    start = initial_position(m)
    assert start.phase.describe() == "Lente 1901 Movement"           # (the game's text names it so, as DPjudge does)
    assert _title(picture.position_svg(m, start, game="g")) == ("g·Spring 1901 Movement", "")
    outcome = adjudicate(m, start, [], read_rules(None))
    heading, subtitle = _title(picture.results_svg(m, start, outcome, game="g"))
    assert heading == "g·Spring 1901 Movement: orders and results" and subtitle == "next: Fall 1901 Movement"


def test_the_final_picture_names_the_phase_that_ended_the_game_in_one_language():
    m = _dutch_standard()
    game = SimpleNamespace(result={"phase": "HERFST 1905 MOVEMENT", "when": "after"}, map=m)
    assert final_title(game) == "The game is over after Herfst 1905 Movement"          # (the text, as before)
    assert final_title(game, phase_title) == "The game is over after Fall 1905 Movement"
