"""A results picture's source kept as JSON draws the very SVG the adjudication's own objects draw, for every kind of
phase and order; a damaged one is refused with ValueError."""
import json

import pytest

from judge import picture
from judge.orders import Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Waive
from judge.picture import source
from judge.position import Unit
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


def test_every_kind_of_order_is_kept_with_every_field():
    """Each order class, its fields all set (units, a convoy path of three seas as long as a unit's three values, a
    coast, the flags), is read back from the kept JSON as the very order it was."""
    par, bur, lon = Unit("FRANCE", "A", "PAR"), Unit("FRANCE", "A", "BUR"), Unit("ENGLAND", "F", "LON")
    orders = [Hold(par), Move(par, "NWY", ("NTH", "NWG", "BAR"), True), Move(lon, "SPA/NC"),
              Support(par, bur, "MUN", True), Support(par, bur), Convoy(lon, par, "NWY", True), Retreat(par, "GAS"),
              Disband(par), Build("FRANCE", "F", "STP/SC"), Remove(bur), Waive("FRANCE")]
    assert {type(o) for o in orders} == set(source._TYPES.values())
    for order in orders:
        kept = json.loads(json.dumps(source._order(order)))
        assert source._read_order(kept) == order and str(source._read_order(kept)) == str(order)
