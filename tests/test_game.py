"""The Game aggregate, pure: joining and starting, who must order, order sets under the house rules, readiness,
what the clock asks (due, next_wakeup), advancing, and JSON."""
from datetime import datetime, timedelta, timezone

import pytest

from judge import maps
from judge.deadlines import Timing, next_deadline
from judge.game import Game, GameError, OrderSetError
from judge.position import Position
from judge.rules import parse_rules

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)
DEADLINE = T0 + timedelta(hours=72)
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
HOLDS = {
    "AUSTRIA": ["A VIE H", "A BUD H", "F TRI H"], "ENGLAND": ["F LON H", "F EDI H", "A LVP H"],
    "FRANCE": ["F BRE H", "A PAR H", "A MAR H"], "GERMANY": ["F KIE H", "A BER H", "A MUN H"],
    "ITALY": ["F NAP H", "A ROM H", "A VEN H"], "RUSSIA": ["F STP/SC H", "A MOS H", "A WAR H", "F SEV H"],
    "TURKEY": ["F ANK H", "A CON H", "A SMY H"],
}


def forming(**timing) -> Game:
    game = Game("g1", "gm@example.org", "scrypt$master-hash")
    game.timing = Timing(**timing)
    return game


def started(rules: str = "", **timing) -> Game:
    game = forming(**timing)
    game.rules = parse_rules(rules.split())
    for power in POWERS:
        game.join(f"{power.lower()}@example.org", f"scrypt${power}", power[0])
    game.activate(T0)
    return game


def everyone_holds(game: Game, now: datetime, *powers: str) -> None:
    for power in powers or POWERS:
        game.submit_orders(power, HOLDS[power], now)


def set_position(game: Game, doc: dict) -> None:
    game.position = Position.from_json(doc, maps.load())


# -- joining and starting ------------------------------------------------------------------------------------------
def test_join_rules():
    game = forming()
    game.join("a@example.org", "h")
    with pytest.raises(GameError, match="^A@example.org HAS ALREADY JOINED GAME g1$"):
        game.join("A@example.org", "h")
    for n in range(6):
        game.join(f"p{n}@example.org", "h")
    with pytest.raises(GameError, match="IS FULL"):
        game.join("eighth@example.org", "h")


def test_activate_needs_every_player():
    game = forming()
    game.join("a@example.org", "h")
    with pytest.raises(GameError, match="HAS 1 OF 7 PLAYERS"):
        game.activate(T0)
    assert game.status == "forming" and game.position is None


def test_activate():
    game = started()
    assert game.status == "active" and str(game.position.phase) == "S1901M"
    assert [p.power for p in game.players] == POWERS                       # in the map's order
    assert all(p.address == f"{p.power.lower()}@example.org" for p in game.players)   # first preferences
    assert game.deadline == next_deadline(T0, "M", game.timing) == DEADLINE
    with pytest.raises(GameError, match="HAS ALREADY STARTED"):
        game.activate(T0)
    with pytest.raises(GameError, match="IS NOT FORMING"):
        game.join("late@example.org", "h")


@pytest.mark.parametrize("seed", range(5))
def test_conflicting_preferences(seed):
    game = forming()
    prefs = {"a": "A", "b": "FG", "c": "FE", "d": "I", "e": "R", "f": "T", "g": ""}
    for who, pref in prefs.items():
        game.join(f"{who}@example.org", "h", pref)
    game.activate(T0, seed=seed)
    power = {p.address[0]: p.power for p in game.players}
    assert sorted(power.values()) == POWERS
    assert (power["a"], power["d"], power["e"], power["f"]) == ("AUSTRIA", "ITALY", "RUSSIA", "TURKEY")
    # One of b and c gets France; the other gets its second choice, which nobody else asked for first.
    assert (power["b"], power["c"]) in (("FRANCE", "ENGLAND"), ("GERMANY", "FRANCE"))
    assert power["g"] == ({"ENGLAND", "GERMANY"} - {power["b"], power["c"]}).pop()


def test_powers_are_given_out_unpredictably():
    """Without preferences, who gets what cannot be worked out from what players know (the game's name, the join
    order): the same game formed twenty times does not give the same powers every time."""
    seen = set()
    for _ in range(20):
        game = forming()
        for power in POWERS:
            game.join(f"{power.lower()}@example.org", "scrypt$x", "")
        game.activate(T0)
        seen.add(tuple(p.address for p in game.players))        # (players are kept in the powers' order)
    assert len(seen) > 1
    seeded = set()
    for _ in range(3):                                   # (a seed, for tests, gives the same every time)
        game = forming()
        for power in POWERS:
            game.join(f"{power.lower()}@example.org", "scrypt$x", "")
        game.activate(T0, seed=7)
        seeded.add(tuple(p.address for p in game.players))
    assert len(seeded) == 1


# -- who must order ------------------------------------------------------------------------------------------------
def test_movement_every_power_with_units():
    game = started()
    assert [p.power for p in game.ordering_players()] == POWERS and not game.all_in()


def test_retreats_only_the_dislodged():
    game = started()
    set_position(game, {"phase": "S1901R", "units": {"GERMANY": ["A BUR"], "FRANCE": ["A PAR"]},
                        "dislodged": {"FRANCE": {"A BUR": ["PIC", "GAS"]}}})
    assert [p.power for p in game.ordering_players()] == ["FRANCE"]


def test_a_unit_with_nowhere_to_go_needs_no_order():
    """The movement results reported it destroyed: its power has nothing to order in the retreat phase, is never
    late for it, and a retreat phase of such units only is processed at once (even with early processing off)."""
    game = started(early_minutes=-1)
    set_position(game, {"phase": "F1901R", "units": {"AUSTRIA": ["A BUL"], "GERMANY": ["A PAR"]},
                        "dislodged": {"TURKEY": {"A BUL": []}, "FRANCE": {"A PAR": ["PIC", "GAS"]}}})
    game.start_phase(T0)
    assert [p.power for p in game.ordering_players()] == ["FRANCE"]
    assert [p.power for p in game.late_players()] == ["FRANCE"] and game.due(T0 + timedelta(minutes=5)) is None
    set_position(game, {"phase": "F1901R", "units": {"AUSTRIA": ["A BUL"]}, "dislodged": {"TURKEY": {"A BUL": []}}})
    game.start_phase(T0)
    assert game.ordering_players() == [] and game.all_in()
    assert game.due(T0) == "process" and game.next_wakeup(T0) == T0


def test_adjustments_builds_need_a_free_home_centre():
    game = started()
    set_position(game, {"phase": "W1901A",
                        "units": {"FRANCE": ["A PIC", "A BUR", "F MAO"], "GERMANY": ["F KIE", "A BER", "A MUN"],
                                  "RUSSIA": ["A MOS", "A WAR", "F SEV", "F BOT"], "ITALY": ["A VEN", "A ROM", "F NAP"]},
                        "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL"], "GERMANY": ["KIE", "BER", "MUN", "DEN"],
                                    "RUSSIA": ["MOS", "WAR", "SEV"], "ITALY": ["VEN", "ROM", "NAP"]}})
    # France may build (its home centres are empty); Germany's are all occupied; Russia must remove; Italy is even.
    assert [p.power for p in game.ordering_players()] == ["FRANCE", "RUSSIA"]


def test_dummies_never_hold_the_game_up_but_vacant_powers_do():
    game = started()
    everyone_holds(game, T0, "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    game.player("ITALY").status = "dummy"
    game.resign("TURKEY")
    assert [p.power for p in game.late_players()] == ["TURKEY"]
    turkey = game.takeover("TURKEY", "new@example.org", "scrypt$new")
    assert (turkey.status, turkey.address) == ("active", "new@example.org")
    with pytest.raises(GameError, match="FRANCE IS NOT OPEN FOR TAKEOVER"):
        game.takeover("FRANCE", "x@example.org", "h")


# -- order sets -----------------------------------------------------------------------------------------------------
def test_submit_returns_the_orders_as_read():
    game = started()
    assert game.submit_orders("FRANCE", ["A Paris - Burgundy", "F bre - mao"], T0) == ["A PAR - BUR", "F BRE - MAO"]
    assert game.player("FRANCE").orders == ["A Paris - Burgundy", "F bre - mao"]


def test_order_sets_replace():
    game = started()
    game.submit_orders("FRANCE", ["A PAR - BUR", "A MAR - SPA"], T0)
    game.submit_orders("FRANCE", ["A PAR - PIC"], T0)
    assert game.player("FRANCE").orders == ["A PAR - PIC"]


def test_order_sets_merge():
    """DATC 4.D.1 'merge': a later order for a unit replaces its earlier one; other units keep theirs."""
    game = started("order_sets=merge")
    game.submit_orders("FRANCE", ["A PAR - BUR", "A MAR - SPA"], T0)
    game.submit_orders("FRANCE", ["A Paris - Picardy", "F BRE - MAO"], T0)
    assert game.player("FRANCE").orders == ["A MAR - SPA", "A Paris - Picardy", "F BRE - MAO"]
    outcome, _ = game.adjudicate()
    assert {u.loc for u in outcome.position.units_of("FRANCE")} == {"PIC", "SPA", "MAO"}


def test_merge_reports_only_the_new_lines():
    game = started("order_sets=merge")
    game.submit_orders("FRANCE", ["A PAR - BUR"], T0)
    with pytest.raises(OrderSetError) as err:
        game.submit_orders("FRANCE", ["A MAR - XYZ"], T0)
    assert [t for t, _ in err.value.errors] == ["A MAR - XYZ"]
    assert game.player("FRANCE").orders == ["A PAR - BUR"]


def test_a_refused_set_changes_nothing():
    game = started()
    game.submit_orders("FRANCE", ["A PAR - BUR"], T0)
    with pytest.raises(OrderSetError):
        game.submit_orders("FRANCE", ["A MAR - SPA", "F BRE - MUN"], T0)
    assert game.player("FRANCE").orders == ["A PAR - BUR"]


def test_partial_orders():
    accept = started()
    accept.submit_orders("FRANCE", ["A PAR - BUR"], T0)
    assert accept.player("FRANCE").submitted
    reject = started("partial_orders=reject")
    with pytest.raises(GameError, match="^ORDERS MISSING FOR: ") as err:
        reject.submit_orders("FRANCE", ["A PAR - BUR"], T0)
    assert set(str(err.value).split(": ", 1)[1].split(", ")) == {"F BRE", "A MAR"}
    assert not reject.player("FRANCE").submitted
    reject.submit_orders("FRANCE", ["A PAR - BUR", "F BRE H", "A MAR H"], T0)
    assert reject.player("FRANCE").submitted


@pytest.mark.parametrize("rule, where", [("hold", "PAR"), ("first", "BUR"), ("last", "PIC")])
def test_duplicate_orders_settled_by_the_rule(rule, where):
    """DATC 4.D.3: two orders for one unit; the set stands and the rule says which (if any) counts."""
    game = started(f"duplicate_orders={rule}")
    notes = []
    game.submit_orders("FRANCE", ["A PAR - BUR", "A PAR - PIC", "A MAR H"], T0, notes)
    assert game.player("FRANCE").submitted
    assert notes and all(why.startswith("MULTIPLE ORDERS FOR ONE UNIT: A PAR") for _, why in notes)
    outcome, errors = game.adjudicate()
    assert outcome.position.units[where].power == "FRANCE"
    assert [e[0] for e in errors] == ["FRANCE"] * len(notes)       # the results list what was not used


def test_duplicate_orders_reject_set():
    game = started("duplicate_orders=reject_set")
    with pytest.raises(OrderSetError) as err:
        game.submit_orders("FRANCE", ["A PAR - BUR", "A PAR - PIC", "A MAR H"], T0)
    # One diagnostic for the clashing unit, naming its lines; the innocent A MAR H is not blamed.
    assert err.value.errors == [("A PAR - BUR / A PAR - PIC", "ORDER SET REJECTED (MULTIPLE ORDERS FOR ONE UNIT): A PAR")]
    assert not game.player("FRANCE").submitted


def test_the_same_order_twice_is_no_duplicate():
    game = started("duplicate_orders=reject_set")
    game.submit_orders("FRANCE", ["A PAR - BUR", "A Paris - Burgundy"], T0)
    assert game.player("FRANCE").submitted


def test_orders_only_while_active():
    game = forming()
    with pytest.raises(GameError, match="IS NOT ACTIVE"):
        game.submit_orders("FRANCE", ["A PAR H"], T0)


# -- readiness and the clock -------------------------------------------------------------------------------------------
def test_ready_when_every_order_is_in_and_nobody_waits():
    game = started()
    t1 = T0 + timedelta(hours=1)
    everyone_holds(game, t1)
    assert game.ready_since == t1 and game.early_time() == t1 + timedelta(minutes=10)
    game.set_wait("FRANCE", True, t1)
    assert game.ready_since is None and game.early_time() is None
    t2 = t1 + timedelta(hours=1)
    game.set_wait("FRANCE", False, t2)
    assert game.ready_since == t2                                        # counted again from NOWAIT
    game.clear_orders("FRANCE", t2)
    assert game.ready_since is None


def test_due_early_processing():
    game = started()
    t1 = T0 + timedelta(hours=1)
    everyone_holds(game, t1)
    assert game.due(t1 + timedelta(minutes=9)) is None
    assert game.due(t1 + timedelta(minutes=10)) == "process"


def test_due_never_early_with_negative_early_minutes():
    game = started(early_minutes=-1)
    everyone_holds(game, T0)
    assert game.early_time() is None and game.due(DEADLINE - timedelta(minutes=1)) is None
    assert game.due(DEADLINE) == "process"


def test_a_waiting_power_is_processed_at_the_deadline():
    game = started()
    everyone_holds(game, T0)
    game.set_wait("FRANCE", True, T0)
    assert game.due(DEADLINE - timedelta(minutes=1)) is None
    assert game.due(DEADLINE) == "process"


def test_due_reminders():
    game = started()
    assert game.due(DEADLINE - timedelta(hours=24, minutes=1)) is None
    assert game.due(DEADLINE - timedelta(hours=24)) == "remind"
    for p in game.late_players():
        p.reminded = True
    assert game.due(DEADLINE - timedelta(hours=1)) is None
    assert started(reminder_hours=0).due(DEADLINE - timedelta(hours=1)) is None


def test_due_late_notices_then_disorder():
    game = started()
    everyone_holds(game, T0, "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
    italy = game.player("ITALY")
    assert game.due(DEADLINE) == "late"
    italy.late_notices = 1                                              # the first notice went out
    assert game.due(DEADLINE + timedelta(hours=5, minutes=59)) is None
    assert game.due(DEADLINE + timedelta(hours=6)) == "late"
    italy.late_notices = 4
    assert game.due(DEADLINE + timedelta(hours=23)) is None
    assert game.due(DEADLINE + timedelta(hours=24)) == "disorder"


def test_after_a_preview_or_resignation_the_game_waits_for_a_message():
    preview = started("late_powers=preview")
    assert preview.due(DEADLINE + timedelta(hours=24)) == "disorder"
    preview.preview_sent = True
    assert preview.due(DEADLINE + timedelta(hours=25)) is None
    assert preview.next_wakeup(DEADLINE + timedelta(hours=25)) is None

    resign = started("late_powers=resign")
    assert resign.due(DEADLINE + timedelta(hours=24)) == "disorder"
    for p in resign.late_players():
        resign.resign(p.power)
    assert resign.due(DEADLINE + timedelta(hours=25)) is None
    assert resign.next_wakeup(DEADLINE + timedelta(hours=25)) is None


def test_next_wakeup():
    game = started()
    assert game.next_wakeup(T0) == DEADLINE - timedelta(hours=24)        # the reminder
    for p in game.players:
        p.reminded = True
    assert game.next_wakeup(T0) == DEADLINE
    everyone_holds(game, T0 + timedelta(hours=1))
    assert game.next_wakeup(T0 + timedelta(hours=1)) == T0 + timedelta(hours=1, minutes=10)
    assert game.next_wakeup(T0 + timedelta(hours=2)) == T0 + timedelta(hours=2)      # due now


def test_next_wakeup_during_the_grace_period():
    game = started()
    everyone_holds(game, T0, "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
    assert game.next_wakeup(DEADLINE) == DEADLINE                        # the first late notice is due
    game.player("ITALY").late_notices = 1
    assert game.next_wakeup(DEADLINE + timedelta(hours=1)) == DEADLINE + timedelta(hours=6)
    game.player("ITALY").late_notices = 4
    assert game.next_wakeup(DEADLINE + timedelta(hours=19)) == DEADLINE + timedelta(hours=24)


def test_nothing_to_wake_for_when_not_playing():
    assert forming().next_wakeup(T0) is None and forming().due(T0) is None


# -- advancing and JSON -----------------------------------------------------------------------------------------------
def test_advance_through_a_year_records_the_centres():
    game = started()
    everyone_holds(game, T0)
    outcome, _ = game.adjudicate()
    game.advance(outcome, T0 + timedelta(hours=1))
    assert str(game.position.phase) == "F1901M" and game.history == ["S1901M"] and game.center_history == {}
    assert game.deadline == T0 + timedelta(hours=73) and not game.player("FRANCE").submitted
    outcome, _ = game.adjudicate()                                       # no orders at all: everyone holds
    game.advance(outcome, T0 + timedelta(hours=2))
    assert str(game.position.phase) == "S1902M"                          # no adjustments: winter is skipped
    assert game.center_history == {"1901": {"AUSTRIA": 3, "ENGLAND": 3, "FRANCE": 3, "GERMANY": 3, "ITALY": 3,
                                            "RUSSIA": 4, "TURKEY": 3}}


def test_a_winner_completes_the_game():
    game = started()
    seventeen = ["PAR", "MAR", "BRE", "SPA", "POR", "BEL", "HOL", "KIE", "BER", "DEN", "NWY", "SWE", "LON", "LVP",
                 "EDI", "VEN", "ROM"]
    set_position(game, {"phase": "F1905M", "units": {"FRANCE": ["A BUR"]}, "centers": {"FRANCE": seventeen}})
    game.submit_orders("FRANCE", ["A BUR - MUN"], T0)
    outcome, _ = game.adjudicate()
    game.advance(outcome, T0)
    assert (game.winner, game.status, game.deadline) == ("FRANCE", "completed", None)
    assert game.due(T0 + timedelta(days=100)) is None


def test_json_round_trip():
    game = started("dpjudge press=none", grace_hours=12, days="MTWTF--")
    game.observers.append("watcher@example.org")
    everyone_holds(game, T0 + timedelta(hours=1))
    game.set_wait("FRANCE", True, T0 + timedelta(hours=1))
    doc = game.to_json()
    again = Game.from_json(doc)
    assert again.to_json() == doc
    assert again.rules == game.rules and again.timing == game.timing and again.deadline == game.deadline
    assert doc["master"] == {"address": "gm@example.org", "password": "scrypt$master-hash"}
    assert "press=none" in doc["rules"] and doc["phase"] == "S1901M"


def test_copy_is_independent():
    game = started()
    twin = game.copy()
    twin.submit_orders("FRANCE", ["A PAR H"], T0)
    assert game.player("FRANCE").orders == []


def test_wait_is_cleared_when_a_phase_is_processed():
    """As DPjudge: WAIT holds for one phase."""
    from judge.game.processing import process
    from judge import config
    game = started()
    game.set_wait("FRANCE", True, T0)
    assert game.player("FRANCE").wait
    process(game, config.load(None), T0)
    assert not any(p.wait for p in game.players)


def test_no_reminder_that_would_come_with_the_results():
    """A 24-hour retreat phase with a 24-hour reminder: the reminder would go out as the phase begins, with the
    results that opened it - so none goes; a 72-hour movement phase gets its reminder 48 hours in."""
    game = started(retreat_hours=24, reminder_hours=24)
    set_position(game, {"phase": "S1901R", "units": {"FRANCE": ["A BUR", "A MUN"]},     # (Munich taken from Ruhr)
                        "dislodged": {"GERMANY": {"A MUN": ["KIE", "BOH"]}}})
    game.start_phase(T0)
    assert game.reminder_time() is None and game.due(T0 + timedelta(minutes=30)) is None
    assert game.next_wakeup(T0) == game.deadline
    moving = started(reminder_hours=24)
    assert moving.reminder_time() == moving.deadline - timedelta(hours=24) == T0 + timedelta(hours=48)
    assert moving.next_wakeup(T0) == T0 + timedelta(hours=48)
