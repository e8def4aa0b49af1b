"""A game's clock through the Game (judge.game.clock): pauses, extensions, the manual mode and absences. Pure.

T0 is Mon 5 Jan 2026 12:00 UTC; a game started then has its Spring 1901 deadline 72 hours later (Thu Jan 08 12:00),
a 24-hour grace period, a reminder 24 hours before the deadline and early processing 10 minutes after the last
orders."""
from datetime import datetime, timedelta, timezone
from itertools import pairwise

import pytest

from judge.game import GameError
from judge.game.roles import DUMMY, MASTER
from judge.position import Phase, Unit
from tests.test_game import DEADLINE, POWERS, T0, everyone_holds, forming, started

H = timedelta(hours=1)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


def process(game, now):
    outcome, _ = game.adjudicate()
    game.advance(outcome, now)


# -- pause and resume ------------------------------------------------------------------------------------------------
def test_a_paused_game_has_nothing_due_and_no_wakeup():
    game = started()
    assert game.next_wakeup(T0) == DEADLINE - 24 * H                      # the reminder
    game.pause(T0 + H)
    assert game.paused and game.next_wakeup(T0 + H) is None
    for later in (DEADLINE - 24 * H, DEADLINE, DEADLINE + 12 * H, DEADLINE + 30 * H, DEADLINE + 300 * H):
        assert game.due(later) is None, later                           # no reminder, notice, disorder, processing
        assert game.next_wakeup(later) is None
    everyone_holds(game, T0 + 2 * H)
    assert game.due(T0 + 3 * H) is None                                  # not even early processing


def test_resume_gives_the_deadline_the_time_it_had_left():
    game = started()
    game.pause(T0 + 24 * H)                                              # 48 hours left
    back = T0 + 24 * H + timedelta(days=5)
    game.resume(back)
    assert not game.paused and game.deadline == back + 48 * H == utc(2026, 1, 13, 12, 0)
    assert game.next_wakeup(back) == back + 24 * H                       # the reminder, 24 hours before it
    assert game.due(back + 48 * H - timedelta(minutes=1)) == "remind"
    assert game.due(back + 48 * H) == "late"


def test_resume_keeps_the_time_left_before_early_processing():
    game = started()
    everyone_holds(game, T0 + H)                                         # early processing due at T0 + 1:10
    game.pause(T0 + H + timedelta(minutes=4))                            # 6 minutes left
    back = T0 + 5 * H
    game.resume(back)
    assert game.early_time() == back + timedelta(minutes=6)
    assert game.due(back + timedelta(minutes=5)) is None and game.due(back + timedelta(minutes=6)) == "process"


def test_a_resumed_deadline_inside_an_absence_moves_past_it():
    game = started()
    game.pause(T0)                                                       # 72 hours left
    game.add_absence("FRANCE", utc(2026, 1, 12), utc(2026, 1, 14), T0)
    game.resume(utc(2026, 1, 10, 12))                                    # Jan 13 12:00 would be inside
    assert game.deadline == utc(2026, 1, 14)


def test_pause_and_resume_refusals():
    game = forming()
    with pytest.raises(GameError, match="^GAME g1 IS NOT ACTIVE: NOTHING TO PAUSE$"):
        game.pause(T0)
    game = started()
    with pytest.raises(GameError, match="^GAME g1 IS NOT PAUSED$"):
        game.resume(T0)
    game.pause(T0)
    with pytest.raises(GameError, match="^GAME g1 IS ALREADY PAUSED$"):
        game.pause(T0 + H)
    assert game.paused_since == T0


def test_a_phase_processed_while_paused_starts_paused_and_gets_its_whole_time():
    """The master may PROCESS a paused game: the next phase waits for RESUME, then has its full 72 hours (not 72
    hours less the days the game was paused before that phase began)."""
    game = started()
    game.pause(T0)
    process(game, T0 + timedelta(days=4))
    assert str(game.position.phase) == "F1901M" and game.paused
    assert game.due(T0 + timedelta(days=30)) is None
    game.resume(T0 + timedelta(days=5))
    assert game.deadline == T0 + timedelta(days=5) + 72 * H


def test_the_pause_survives_saving_and_loading():
    from judge.game import Game
    game = started()
    game.pause(T0 + H)
    again = Game.from_json(game.to_json())
    assert again.paused_since == T0 + H and again.next_wakeup(DEADLINE + H) is None


# -- extensions -------------------------------------------------------------------------------------------------------
def test_no_extensions_by_default():
    game = started()
    with pytest.raises(GameError, match="^GAME g1 ALLOWS NO DEADLINE EXTENSIONS$"):
        game.extend("FRANCE", T0)
    assert game.deadline == DEADLINE


def test_extensions_as_many_and_as_long_as_the_house_rules_say():
    game = started("extension_count=2 extension_hours=12")
    assert game.extend("FRANCE", T0 + H) == DEADLINE + 12 * H
    assert game.extend("FRANCE", T0 + 2 * H) == DEADLINE + 24 * H
    with pytest.raises(GameError, match=r"^YOU HAVE USED ALL 2 EXTENSION\(S\) THIS GAME ALLOWS$"):
        game.extend("FRANCE", T0 + 3 * H)
    assert game.extend("GERMANY", T0 + 3 * H) == DEADLINE + 36 * H        # each player has their own
    assert [game.player(p).extensions for p in ("FRANCE", "GERMANY", "ITALY")] == [2, 1, 0]


def test_an_extension_in_the_grace_period_counts_from_now():
    game = started("extension_count=1 extension_hours=48")
    everyone_holds(game, T0, *[p for p in POWERS if p != "TURKEY"])
    now = DEADLINE + 5 * H
    assert game.due(now) == "late"
    game.player("TURKEY").late_notices = game.late_notice_count(now)     # the late notice has gone
    assert game.extend("TURKEY", now) == now + 48 * H
    assert game.due(now + H) is None                                    # before the new deadline again
    assert game.due(now + 48 * H) == "late"                             # late again at the new one: a new notice


def test_an_extension_ending_inside_an_absence_moves_past_it():
    game = started("extension_count=1")
    game.add_absence("ITALY", utc(2026, 1, 9), utc(2026, 1, 11), T0)
    assert game.deadline == DEADLINE                                     # Jan 08 12:00: before the absence
    assert game.extend("FRANCE", T0) == utc(2026, 1, 11)


def test_extensions_need_a_deadline():
    game = started("extension_count=1 deadlines=manual")
    with pytest.raises(GameError, match="^GAME g1 HAS NO DEADLINE TO EXTEND$"):
        game.extend("FRANCE", T0)
    assert game.player("FRANCE").extensions == 0


# -- the manual mode --------------------------------------------------------------------------------------------------
def test_manual_deadlines_leave_processing_to_the_master():
    game = started("deadlines=manual")
    assert game.deadline is None and game.next_wakeup(T0) is None
    everyone_holds(game, T0)
    assert game.due(T0 + timedelta(days=400)) is None                   # no early processing either
    process(game, T0 + H)
    assert str(game.position.phase) == "F1901M" and game.deadline is None and game.next_wakeup(T0 + H) is None


# -- absences ---------------------------------------------------------------------------------------------------------
def test_an_absence_moves_the_deadline_to_its_end():
    game = started()
    assert game.add_absence("FRANCE", utc(2026, 1, 7), utc(2026, 1, 10), T0) is True
    assert game.deadline == utc(2026, 1, 10)
    assert game.add_absence("GERMANY", utc(2026, 1, 20), utc(2026, 1, 21), T0) is False
    assert game.deadline == utc(2026, 1, 10)


def test_absences_that_touch_are_crossed_one_after_the_other():
    game = started()
    game.add_absence("FRANCE", utc(2026, 1, 7), utc(2026, 1, 10), T0)
    game.add_absence("GERMANY", utc(2026, 1, 10), utc(2026, 1, 12), T0)
    assert game.deadline == utc(2026, 1, 12)


def test_the_moved_deadline_keeps_the_games_time_of_day_and_playing_days():
    game = started(time_of_day="18:00", days="MTWTF--")                  # Thu Jan 08 18:00
    assert game.deadline == utc(2026, 1, 8, 18)
    game.add_absence("FRANCE", utc(2026, 1, 8), utc(2026, 1, 9, 20), T0)
    # The absence ends Fri 20:00, after that day's 18:00: Saturday 18:00, a day without deadlines; so Monday.
    assert game.deadline == utc(2026, 1, 12, 18)


def test_a_later_phase_takes_its_deadline_after_an_absence():
    game = started()
    game.add_absence("FRANCE", utc(2026, 1, 9), utc(2026, 1, 12), T0)   # after Spring's deadline
    assert game.deadline == DEADLINE
    everyone_holds(game, T0)
    process(game, utc(2026, 1, 6, 12))                                   # Fall would end Jan 09 12:00: inside
    assert game.deadline == utc(2026, 1, 12)


def test_past_absences_still_count_per_game_but_the_masters_are_dropped():
    game = started()
    game.add_absence("FRANCE", utc(2026, 1, 6), utc(2026, 1, 7), T0)
    game.add_absence(MASTER, utc(2026, 1, 6), utc(2026, 1, 7), T0)
    game.add_absence("GERMANY", utc(2026, 2, 1), utc(2026, 2, 2), utc(2026, 1, 20))
    assert len(game.absences_of("FRANCE")) == 1 and game.absences_of(MASTER) == []
    assert [a["who"] for a in game.absences] == ["FRANCE", "GERMANY"]


def test_an_absence_ending_at_the_deadline_moves_nothing_one_starting_there_does():
    game = started()
    assert game.add_absence("FRANCE", DEADLINE - 5 * H, DEADLINE, T0) is False
    assert game.add_absence("GERMANY", DEADLINE, DEADLINE + H, T0) is True
    assert game.deadline == DEADLINE + H


def test_while_paused_no_extension_and_absences_wait_for_resume():
    game = started("extension_count=1")
    game.pause(T0 + H)
    with pytest.raises(GameError, match="^GAME g1 IS PAUSED: THE DEADLINE IS NOT RUNNING, NOTHING TO EXTEND$"):
        game.extend("FRANCE", T0 + 2 * H)
    assert game.add_absence("FRANCE", utc(2026, 1, 10), utc(2026, 1, 12), T0 + 2 * H) is False
    assert game.deadline == DEADLINE                                     # nothing announced while paused
    game.resume(T0 + 49 * H)                                             # Jan 08 12:00 + 48 h: inside the absence
    assert game.deadline == utc(2026, 1, 12)


# -- a board nobody can order on ----------------------------------------------------------------------------------------
def test_a_board_without_units_waits_for_each_deadline_instead_of_spinning():
    """No unit on the board, and Austria's one centre (Warsaw) is no home of its: nobody can order anything, in the
    spring, the fall or the winter, ever. The movement phase waits for its deadline; processed at once ('ready':
    nobody owes orders) the phases followed one another as fast as the judge could process them, forever. (Once
    processed, the game ends: the board is frozen, judge.game.frozen.)"""
    game = started()
    game.position = game.position.replace(units={}, centers={"WAR": "AUSTRIA"})
    game.start_phase(T0)
    assert not game.ordering_players() and not game.board_empty()
    now, processed = T0, []
    for _ in range(50):                                  # the scheduler's loop: the next wake-up, what is due then
        now = game.next_wakeup(now) or now
        if game.due(now) == "process":
            processed.append((str(game.position.phase), now))
            process(game, now)
        elif game.due(now) is None:
            break
        if now > T0 + timedelta(days=30):
            break
    assert processed, "never processed"
    assert processed[0] == ("S1901M", DEADLINE), processed
    # Each movement phase waited for its deadline: a year takes days, not one pass through the loop.
    springs = [when for phase, when in processed if phase.endswith("M")]
    assert all(b - a >= timedelta(hours=24) for a, b in pairwise(springs)), processed
    assert len(processed) < 50
    assert processed == [("S1901M", DEADLINE)] and game.over and game.result["powers"] == ["AUSTRIA"]


def test_a_movement_phase_with_only_dummies_units_waits_for_its_deadline():
    """Every power a dummy: their default orders are 'in' at once, but nobody sent them. The movement phase waits
    for its deadline (processed at once, the phases followed one another as fast as the judge could, forever); an
    adjustment phase only dummies have to order is played at once, as before (early processing, EARLY minutes)."""
    game = started()
    for power in POWERS:
        game.vacate(power, DUMMY, "made a dummy by the master")
        game._note_readiness(T0)                                         # (as the master's DUMMY does)
    assert game.ready_since is not None and game.ordering_players()
    assert game.early_time() is None and game.due(T0 + H) is None
    assert game.next_wakeup(T0) == DEADLINE and game.due(DEADLINE) == "process"
    other = started()
    for power in POWERS[1:]:
        other.vacate(power, DUMMY, "made a dummy by the master")
        other._note_readiness(T0)
    everyone_holds(other, T0 + H, POWERS[0])
    assert other.early_time() == T0 + H + timedelta(minutes=10)
    game.position = game.position.replace(phase=Phase.parse("W1901A"), units={"PAR": Unit("FRANCE", "A", "PAR")},
                            centers={"MAR": "FRANCE", "PAR": "FRANCE", "BRE": "FRANCE"})
    game.start_phase(T0 + 2 * H)
    assert [p.power for p in game.ordering_players()] == ["FRANCE"]            # (a dummy with a build)
    assert game.early_time() == T0 + 2 * H + timedelta(minutes=10)
