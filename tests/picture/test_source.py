"""A results picture's source kept as JSON draws the very SVG the adjudication's own objects draw, for every kind of
phase and order; a damaged one is refused with ValueError."""
import json

import pytest

from judge import picture
from judge.picture import source
from tests.picture import scenes


@pytest.mark.parametrize("scene", ["s1901", "midgame", "retreats", "winter"])
def test_the_kept_source_draws_the_same_svg(scene):
    m, before, outcome = scenes.adjudicated(scenes.request(scene))
    data = source.dump(m, before, outcome.results, outcome.position, "demo & co")
    assert len(data) < 8000                             # a few KB beside the results, against 60-80 KB of SVG
    assert source.svg(m, data) == picture.results_svg(m, before, outcome, game="demo & co")


def test_the_scenes_hold_every_kind_of_order():
    kinds = set()
    for scene in ("s1901", "midgame", "retreats", "winter"):
        m, before, outcome = scenes.adjudicated(scenes.request(scene))
        kinds |= {type(r.order).__name__ for r in outcome.results}
    assert kinds >= {"Hold", "Move", "Support", "Convoy", "Retreat", "Build", "Remove"}


def test_a_damaged_source_is_refused():
    m, before, outcome = scenes.adjudicated(scenes.request("retreats"))
    data = source.dump(m, before, outcome.results, outcome.position, "demo")
    doc = json.loads(data)
    broken = [data[:len(data) // 2], b"\xff" + data, json.dumps({**doc, "format": 99}).encode(),
              json.dumps({k: v for k, v in doc.items() if k != "after"}).encode(),
              json.dumps({**doc, "results": [[["Teleport", 1], []]]}).encode(), b"[]"]
    for bad in broken:
        with pytest.raises(ValueError):
            source.svg(m, bad)


def test_the_source_of_the_phase_that_ended_the_game_keeps_what_it_says_of_the_end():
    """Its picture names no next phase (there is none): the subtitle it was kept with, drawn the same later."""
    m, before, outcome = scenes.adjudicated(scenes.request("midgame"))
    said = "the game is over: Russia has won alone"
    data = source.dump(m, before, outcome.results, outcome.position, "demo", subtitle=said)
    drawn = source.svg(m, data)
    assert drawn == picture.results_svg(m, before, outcome, game="demo", subtitle=said)
    assert said in drawn and "next:" not in drawn
    assert "next: " in source.svg(m, source.dump(m, before, outcome.results, outcome.position, "demo"))
