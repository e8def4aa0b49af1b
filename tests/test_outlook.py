"""The master's PREVIEW by mail says what will in fact process the phase (judge.game.outlook): the game itself and
when, or the master's PROCESS or PROCESS!; powers not ordered are 'without orders yet' before the deadline, 'late'
after it, and a vacant power is named vacant. Each test reads the mail's whole opening, then checks that what it
said is what the judge does."""
from datetime import timedelta

import pytest

from tests.commands.helpers import GAME, GM, HOLDS, T0, Desk, desk_with

# The started game's clock (config defaults): T0 is Monday 5 January 2026 12:00 UTC, movement 72 hours, grace 24,
# early processing 10 minutes after the last order.
DEADLINE, DEADLINE_SHOWN = T0 + timedelta(hours=72), "Thu 8 Jan 2026 12:00 UTC"
GRACE_END, GRACE_SHOWN = DEADLINE + timedelta(hours=24), "Fri 9 Jan 2026 12:00 UTC"
SUBJECT = f"PREVIEW Diplomacy results {GAME} S1901M"
OPENING = (f"This is a preview for the master of game '{GAME}': what processing the phase now would give. Nothing "
           "has been processed.")


@pytest.fixture
def desk(tmp_path, tmp_path_factory) -> Desk:
    desk = desk_with(tmp_path, tmp_path_factory, "started")
    desk.new_mail()
    return desk


def rules(desk: Desk, words: str) -> None:
    assert desk.master(f"SET RULE {words}").accepted
    desk.new_mail()


def opening(desk: Desk, *commands: str, ask: bool = True) -> str:
    """The master sends PREVIEW (after `commands`; unless not `ask`: the clock sent it): the preview's text before
    the results, its lines joined as they read."""
    if ask:
        assert desk.master(*commands, "PREVIEW").accepted
    [mail] = desk.mails(SUBJECT)
    assert mail["To"] == GM[0]
    head, sep, _ = mail.get_content().partition(":: Judge:")
    assert sep, "the results follow the preview's words"
    return " ".join(head.split())


def test_before_the_deadline_powers_have_no_orders_yet_and_a_vacant_one_is_vacant(desk):
    desk.all_hold("FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    assert desk.signon("ENGLAND", "RESIGN").accepted
    desk.new_mail()
    desk.clock.now = T0 + timedelta(hours=2)
    assert opening(desk) == (
        f"{OPENING} Without orders yet: Austria. Vacant (nobody plays it: TAKEOVER): England. In this preview their "
        f"units take default orders. If every order is in by the deadline, {DEADLINE_SHOWN}, the game processes "
        "itself 10 minutes after the last one comes. If not, the powers still without orders are late and have "
        f"until the end of the grace period, {GRACE_SHOWN}; then the game processes itself, with default orders for "
        "the powers still late. PROCESS! processes it now, giving the powers without orders default orders "
        "(PROCESS does not while orders are missing).")


def test_during_the_grace_period_the_game_processes_itself_at_its_end(desk):
    """Under the default late_powers the master's PREVIEW in the grace period does not say the game waits for a
    PROCESS: at the end of the grace period it processes itself, as the mail says."""
    desk.all_hold("ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    desk.new_mail()
    desk.clock.now = DEADLINE + timedelta(hours=3)
    assert opening(desk) == (
        f"{OPENING} Late: Austria. In this preview their units take default orders. The deadline has passed. The "
        f"game processes itself when the late orders are in; if they are not by the end of the grace period, "
        f"{GRACE_SHOWN}, then the game processes itself, with default orders for the powers still late. PROCESS! "
        "processes it now, giving the late powers default orders (PROCESS does not while orders are missing).")
    desk.clock.now = GRACE_END - timedelta(minutes=1)
    assert not any("processed" in note for note in desk.judge.process(GAME))
    desk.clock.now = GRACE_END
    assert desk.judge.process(GAME)[-1] == "S1901M processed; next phase F1901M"


def test_late_powers_preview_says_process_bang_which_is_what_processes_it(desk):
    rules(desk, "late_powers=preview")
    desk.all_hold("ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    desk.new_mail()
    desk.clock.now = GRACE_END
    assert desk.judge.process(GAME) == []                        # the clock's preview
    said = opening(desk, ask=False)
    assert said == (
        f"{OPENING} Late: Austria. In this preview their units take default orders. The grace period ended "
        f"{GRACE_SHOWN}: the game waits for you (house rule late_powers=preview). PROCESS! processes it now, giving "
        "the late powers default orders (PROCESS does not while orders are missing). If the late orders come first, "
        "the game processes itself then.")
    assert "waits for PROCESS." not in said
    r = desk.master("PROCESS")
    assert not r.accepted and r.errors[0][1].startswith("ORDERS MISSING FROM AUSTRIA: USE PROCESS!")
    assert desk.master("PROCESS!").accepted
    assert str(desk.game(GAME).position.phase) == "F1901M"


def test_every_order_in_the_game_processes_itself_shortly(desk):
    desk.clock.now = T0 + timedelta(hours=1)
    desk.all_hold()
    desk.new_mail()
    desk.clock.now = T0 + timedelta(hours=1, minutes=2)
    assert opening(desk) == (f"{OPENING} Every order is in: the game processes itself at Mon 5 Jan 2026 13:10 UTC. "
                             "PROCESS processes it now.")
    desk.clock.now = T0 + timedelta(hours=1, minutes=9)
    assert desk.judge.process(GAME) == []
    desk.clock.now = T0 + timedelta(hours=1, minutes=10)
    assert desk.judge.process(GAME) == ["S1901M processed; next phase F1901M"]


def test_paused_nothing_is_processed_until_resumed(desk):
    desk.all_hold("ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    desk.new_mail()
    assert opening(desk, "PAUSE") == (
        f"{OPENING} Without orders yet: Austria. In this preview their units take default orders. The game is "
        "paused: nothing is processed until you RESUME it. PROCESS! processes it now, giving the powers without "
        "orders default orders (PROCESS does not while orders are missing).")


def test_after_resignation_for_lateness_the_power_is_vacant_and_waits_for_a_takeover(desk):
    rules(desk, "late_powers=resign")
    desk.all_hold("ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    desk.clock.now = GRACE_END
    assert desk.judge.process(GAME) == ["resigned: AUSTRIA"]
    desk.new_mail()
    desk.clock.now = GRACE_END + timedelta(hours=5)
    assert opening(desk) == (
        f"{OPENING} Vacant (nobody plays it: TAKEOVER): Austria. In this preview their units take default orders. "
        f"The grace period ended {GRACE_SHOWN} and the late players have been resigned (house rule "
        "late_powers=resign): the game processes itself once every power has its orders in (a vacant power needs a "
        "new player: TAKEOVER). PROCESS! processes it now, giving the late powers default orders (PROCESS does not "
        "while orders are missing).")
    assert desk.send("new@example.org", f"TAKEOVER A{GAME} new-pw\n" + "\n".join(HOLDS["AUSTRIA"])).accepted
    assert desk.judge.process(GAME) == ["S1901M processed; next phase F1901M"]


def test_without_deadlines_the_game_waits_for_the_master(desk):
    rules(desk, "deadlines=manual")
    desk.all_hold("ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    desk.new_mail()
    desk.clock.now = DEADLINE + timedelta(days=3)                 # (no deadline: nobody is late)
    assert opening(desk) == (
        f"{OPENING} Without orders yet: Austria. In this preview their units take default orders. The game has no "
        "deadline (deadlines=manual): it waits for you. PROCESS! processes it now, giving the powers without orders "
        "default orders (PROCESS does not while orders are missing).")
    assert desk.judge.process(GAME) == []


def test_a_dummy_that_holds_the_phase_up_is_named_a_dummy(desk):
    """Under cd_dummies=no a phase a dummy orders in waits for its deadline (then the dummy's units take default
    orders): the preview names the dummy as a dummy, before the deadline, and never as late."""
    rules(desk, "cd_dummies=no")
    assert desk.master("DUMMY Italy").accepted
    desk.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    desk.new_mail()
    desk.clock.now = T0 + timedelta(hours=2)
    said = opening(desk)
    assert ("Without orders yet: Turkey. Dummies (default orders at the deadline: house rule cd_dummies is off): "
            "Italy. In this preview") in said
    assert f"If every order is in by the deadline, {DEADLINE_SHOWN}, the game processes itself at the deadline " in said
    desk.clock.now = DEADLINE + timedelta(hours=1)
    said = opening(desk)
    assert f"{OPENING} Late: Turkey. In this preview" in said and "Italy" not in said.split("In this preview")[0]


def test_under_resign_a_vacant_power_alone_waits_for_a_takeover(desk):
    """Nobody is left to resign: the preview does not promise a resignation, only the wait for a new player."""
    rules(desk, "late_powers=resign")
    assert desk.signon("TURKEY", "RESIGN").accepted
    desk.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA")
    desk.new_mail()
    desk.clock.now = DEADLINE + timedelta(hours=1)
    assert opening(desk) == (
        f"{OPENING} Vacant (nobody plays it: TAKEOVER): Turkey. In this preview their units take default orders. "
        "The deadline has passed. The game processes itself when the late orders are in; if they are not by the end "
        f"of the grace period, {GRACE_SHOWN}, then the game waits until the vacant powers are taken over and ordered "
        "(house rule late_powers=resign). PROCESS! processes it now, giving the late powers default orders (PROCESS "
        "does not while orders are missing).")
    desk.clock.now = GRACE_END + timedelta(hours=1)
    assert not any("processed" in note for note in desk.judge.process(GAME))
    assert str(desk.game(GAME).position.phase) == "S1901M"


def test_with_early_zero_the_game_processes_itself_as_soon_as_the_last_order_comes(desk):
    # SET EARLY 0: the phase is processed the moment its last order comes; the preview says so in words.
    assert desk.master("SET EARLY 0").accepted
    desk.all_hold("FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY", "ENGLAND")
    desk.new_mail()
    said = opening(desk)
    assert "If every order is in by the deadline, Thu 8 Jan 2026 12:00 UTC, the game processes itself as soon as " \
           "the last one comes." in said, said
    assert "0 minutes" not in said
    # And it does: once Austria's orders, the last, are in, the clock processes the phase with no time passed.
    assert desk.signon("AUSTRIA", *HOLDS["AUSTRIA"]).accepted
    assert desk.judge.process(GAME) == ["S1901M processed; next phase F1901M"]
