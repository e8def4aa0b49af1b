"""A frozen board (judge.game.frozen): no unit, no build ever, centres still held. On our board
tests/data/maps/frozen.json (North's home Northhold, South's Southhold, the Raiders' Raiders' Camp; no unit on these
boards), with the variants a map may make of it: a NEWHOMES year, changes in given phases, calendars of its own.
Pure."""
from __future__ import annotations

import copy
import json
from datetime import timedelta
from pathlib import Path

import pytest

from judge.game.frozen import frozen, holders
from judge.maps.build import build
from judge.position import Dislodged, HouseState, Phase, Position, Unit
from judge.rules import Ruleset, parse_rules

DOC = json.loads((Path(__file__).resolve().parent / "data" / "maps" / "frozen.json").read_text())
# North holds South's home centre, South holds North's and the Raiders': nobody holds a home centre of its own.
SWAPPED = {"NHM": "SOUTH", "SHM": "NORTH", "RHM": "SOUTH"}
NONE = Ruleset()
YEARS = ["NEWYEAR:5", "A.D.:MOVEMENT,RETREATS", "IFYEARDIV:10", "A.D.:ADJUSTMENTS"]     # adjustments every 10 years
BC = ["NEWYEAR:-1", "B.C.:MOVEMENT,RETREATS", "IFYEARDIV:2", "B.C.:ADJUSTMENTS"]         # years counting down


def board(**changed):
    return build({**copy.deepcopy(DOC), **changed}, "frozen.json")


def bare(m, phase: str = "S1901M", centers: dict | None = None, **more) -> Position:
    """No unit on the board; the centres as given (by default nobody holds a home centre of its own)."""
    return Position(Phase.parse(phase, m.flow), {}, dict(SWAPPED if centers is None else centers), **more)


def test_no_unit_and_no_home_centre_held_is_frozen_in_either_season():
    m = board()
    assert frozen(m, bare(m), NONE) and frozen(m, bare(m, "F1901M"), NONE)
    assert holders(m, bare(m)) == ["NORTH", "SOUTH"]                 # in the map's order, the Raiders hold none


def test_a_power_that_can_build_keeps_the_board_alive():
    m = board()
    assert not frozen(m, bare(m, centers={**SWAPPED, "NHM": "NORTH"}), NONE)     # North holds its home centre
    # Rules that let a power build elsewhere: in any centre it owns; in any power's home centre it owns.
    assert not frozen(m, bare(m), parse_rules(["build_anywhere"]))
    assert not frozen(m, bare(m), parse_rules(["home_builds"]))
    assert not frozen(board(builds="any"), bare(m), NONE)


def test_anything_on_the_board_or_to_adjust_is_no_frozen_board():
    m = board()
    assert not frozen(m, bare(m, centers={}), NONE)                  # an empty board: judge.game.ordering ends it
    with_unit = bare(m).replace(units={"NHL": Unit("NORTH", "A", "NHL")})
    assert not frozen(m, with_unit, NONE)                            # a unit stands (a dummy's, say): a normal game
    gone = Dislodged(Unit("NORTH", "A", "NHL"), ("NRI",))
    assert not frozen(m, bare(m, "F1901R", dislodged={"NHL": gone}), NONE)
    mobilizing = bare(m, "W1901A", house=HouseState(mobilizing={"NORTH": 1}))
    assert not frozen(m, mobilizing, parse_rules(["mobilize"]))       # an adjustment phase: someone has a build
    assert not frozen(m, mobilizing.replace(phase=Phase.parse("S1902M")), parse_rules(["mobilize"]))


def test_a_new_homes_year_ahead_keeps_it_alive_however_far():
    """In a NEWHOMES year the centres each power holds become its home centres: North and South will build then."""
    assert not frozen(board(new_homes=[1903]), bare(board()), NONE)
    assert not frozen(board(new_homes=[1950]), bare(board()), NONE)
    assert frozen(board(new_homes=[1900]), bare(board(), house=HouseState(homes={"NORTH": ("NHM",),
                                                                              "SOUTH": ("SHM",),
                                                                              "RAIDERS": ("RHM",)})), NONE)


@pytest.mark.parametrize("change, alive", [
    ({"from": "S1905M", "homes": {"NORTH": ["SHM"], "SOUTH": ["NHM"]}}, True),   # from 1905 both hold a home
    ({"in": "F195", "homes": {"NORTH": ["SHM"], "SOUTH": ["NHM"]}}, True),        # in the falls of the 1950s
    ({"in": "S195", "homes": {"NORTH": ["SHM"], "SOUTH": ["NHM"]}}, False),       # (springs: no winter follows)
    ({"from": "S1905M", "build_limit": 1}, False),                               # nothing that lets anyone build
])
def test_a_change_of_the_map_in_a_given_year_is_looked_at(change, alive):
    m = board(changes=[change])
    assert frozen(m, bare(m), NONE) is not alive


def test_a_vassal_dummy_takes_back_its_home_centre_at_the_next_winter():
    """vassal_dummies: a dummy never loses its home centres; North, a dummy, gets Northhold back, and builds there."""
    m = board()
    house = HouseState(dummies=frozenset({"NORTH"}))
    assert not frozen(m, bare(m, house=house), parse_rules(["vassal_dummies"]))
    assert frozen(m, bare(m, house=house), NONE)                     # (without the rule, nothing changes)


@pytest.mark.parametrize("flow, begin, later", [(YEARS, "A.D. 1425 MOVEMENT", "A.D. 1435 MOVEMENT"),
                                                (BC, "B.C. 273 MOVEMENT", "B.C. 270 MOVEMENT")])
def test_a_calendar_of_the_maps_own_is_looked_at_for_a_whole_cycle(flow, begin, later):
    """The next adjustment phase may be years away (every tenth year; every other year, counting down): a power
    that will build there keeps the board alive; without one, the board is frozen in any year."""
    m = board(flow=flow, begin=begin)
    assert frozen(m, bare(m, begin), NONE) and frozen(m, bare(m, later), NONE)
    assert not frozen(m, bare(m, begin, centers={**SWAPPED, "NHM": "NORTH"}), NONE)
    assert not frozen(m, bare(m, later, centers={**SWAPPED, "NHM": "NORTH"}), NONE)


def test_the_game_ends_as_a_draw_of_the_powers_holding_centres_after_the_phase_that_froze_it():
    """Through the Game: Spring 1901 processed on a board with no unit, Austria holding Warsaw only (no home centre
    of its; the standard map)."""
    from tests.test_game import T0, started
    game = started()
    game.position = game.position.replace(units={}, centers={"WAR": "AUSTRIA", "MUN": "RUSSIA"})
    game.start_phase(T0)
    outcome, _ = game.adjudicate()
    game.advance(outcome, T0 + timedelta(hours=1))
    assert game.over and game.status == "completed" and game.deadline is None
    assert game.result["kind"] == "draw" and game.result["powers"] == ["AUSTRIA", "RUSSIA"], game.result
    assert (game.result["phase"], game.result["when"], game.result["reason"]) == ("S1901M", "after", "frozen")
    assert game.next_wakeup(T0 + timedelta(days=30)) is None
