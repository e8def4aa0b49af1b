"""Reminders and late notices as a running judge serve sends them: its scheduler fires them when the injected clock
reaches them (no direct call of the clock's work), over real SMTP to a recording relay. A reminder goes a day before
the deadline (reminder_hours 24) to exactly the powers without orders; none to a power that has ordered, none twice;
nothing at all while the game is PAUSEd. After every step (tests.daemon.test_games_by_mail.Post checks it) the
scheduler's jobs are those a fresh start-up would plan from the games on disk, and no mail shows another's address.

The game starts at T0, Mon 5 Jan 2026 12:00 UTC: its Spring 1901 deadline is Thu 8 Jan 12:00 (movement 72 hours),
the reminder Wed 7 Jan 12:00, late notices every 6 hours of a grace period of 24 hours (config.ini's defaults)."""
from datetime import timedelta

from tests.daemon.checked_post import run
from tests.daemon.test_games_by_mail import GM, HOLDS, POWERS, Post, address, utc

DEADLINE = utc(2026, 1, 8, 12)
REMINDER = DEADLINE - timedelta(hours=24)
MINUTE = timedelta(minutes=1)


def reminders(post: Post) -> list[str]:
    """The recipients of the reminders among the mail since the last look (every other mail is asserted away)."""
    got = post.new()
    subjects = {subject for _, subject, _ in got}
    assert subjects <= {f"Diplomacy deadline reminder ({post.game})"}, subjects
    return sorted(to for to, _, _ in got)


def test_a_reminder_goes_to_exactly_the_powers_without_orders(tmp_path):
    run(tmp_path, _reminded, "remind")


async def _reminded(post: Post):
    await post.start_game()
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA"):
        await post.signon(power, HOLDS[power])
    await post.at(REMINDER - timedelta(hours=6))
    await post.signon("ITALY", HOLDS["ITALY"])                   # Italy orders before the reminder: none for Italy
    post.new()
    await post.at(REMINDER - MINUTE)
    assert reminders(post) == []
    await post.at(REMINDER)
    assert reminders(post) == [address("TURKEY")]
    game = post.status()
    [text] = [m.get_content() for m in post.relay.to(address("TURKEY")) if "reminder" in str(m["Subject"])]
    assert "Turkey" in text and "Thu 8 Jan 2026 12:00 UTC" in text, text
    assert post.daemon.deadlines.wakeups["remind"] == DEADLINE and game.deadline == DEADLINE
    await post.at(DEADLINE - MINUTE)                               # one reminder, not one per look of the clock
    assert reminders(post) == []
    # Turkey orders: every order is in, and the phase is processed early (early_minutes 10), with no late notice.
    await post.at(DEADLINE - timedelta(hours=2))
    await post.signon("TURKEY", HOLDS["TURKEY"])
    post.new()
    await post.at(DEADLINE - timedelta(hours=2) + timedelta(minutes=10))
    got = post.new()
    assert not any("late" in subject or "reminder" in subject for _, subject, _ in got), got
    game = post.status()
    assert game.history == ["S1901M"] and str(game.position.phase) == "F1901M"

    # Fall 1901 (72 hours from its start): France waits, so nothing is processed early; everyone has ordered before
    # the reminder's time: no reminder goes at all.
    fall = game.deadline
    assert fall == DEADLINE - timedelta(hours=2) + timedelta(minutes=10) + timedelta(hours=72)
    await post.signon("FRANCE", "SET WAIT")
    for power in POWERS:
        await post.signon(power, *[f"{u} H" for u in _units(post, power)])
    post.new()
    await post.at(fall - timedelta(hours=24))
    await post.at(fall - MINUTE)
    assert reminders(post) == []
    await post.at(fall)
    got = post.new()
    assert not any("late" in subject or "reminder" in subject for _, subject, _ in got), got
    assert post.status().history == ["S1901M", "F1901M"]


def _units(post: Post, power: str) -> list[str]:
    return [str(u) for u in post.status().position.units_of(power)]


def test_nothing_is_sent_while_the_game_is_paused(tmp_path):
    run(tmp_path, _paused, "halt")


async def _paused(post: Post):
    await post.start_game()
    for power in POWERS[:-1]:
        await post.signon(power, HOLDS[power])                    # Turkey alone owes orders
    post.new()
    # Paused a day and a half before the deadline, before the reminder: the reminder's time, the deadline's, the
    # late notices' and the grace period's end all pass, and not one mail goes.
    await post.at(REMINDER - timedelta(hours=12))
    assert "Game halt is paused." in await post.master("PAUSE")
    post.new()
    assert "halt" not in post.daemon.deadlines.wakeups
    for moment in (REMINDER, DEADLINE, DEADLINE + timedelta(hours=6), DEADLINE + timedelta(hours=24),
                   utc(2026, 1, 20)):
        await post.at(moment)
        assert post.new() == [], moment
    assert post.status().history == []
    # RESUME on Jan 20 00:00: the 36 hours left run from then; the reminder comes a day before the new deadline.
    reply = await post.master("RESUME")
    resumed = utc(2026, 1, 20) + timedelta(hours=36)
    assert "The deadline is Wed 21 Jan 2026 12:00 UTC." in reply and post.status().deadline == resumed
    post.new()
    await post.at(resumed - timedelta(hours=24) - MINUTE)
    assert reminders(post) == []
    await post.at(resumed - timedelta(hours=24))
    assert reminders(post) == [address("TURKEY")]
    # Paused again in the grace period, after the first late notice: no more late notices and no civil disorder
    # while paused; RESUME gives back the 18 hours of grace that were left.
    await post.at(resumed)
    late = {to for to, subject, _ in post.new() if "late notice" in subject or "deadline missed" in subject}
    assert late == {address("TURKEY"), GM}
    await post.at(resumed + timedelta(hours=1))
    await post.master("PAUSE")
    post.new()
    for moment in (resumed + timedelta(hours=6), resumed + timedelta(hours=24), resumed + timedelta(days=5)):
        await post.at(moment)
        assert post.new() == [], moment
    assert post.status().history == []
    await post.master("RESUME")                                    # at resumed + 5 days; 23 hours of grace left
    post.new()
    again = resumed + timedelta(days=5)
    await post.at(again + timedelta(hours=5) - MINUTE)
    assert post.new() == []
    await post.at(again + timedelta(hours=5))                      # the deadline moved by 5 days less an hour
    late = {to for to, subject, _ in post.new() if "late notice" in subject or "deadline missed" in subject}
    assert late == {address("TURKEY"), GM}
    await post.at(again + timedelta(hours=23) - MINUTE)
    assert post.status().history == []
    await post.at(again + timedelta(hours=23))                     # the grace period's end: Turkey in disorder
    game = post.status()
    assert game.history == ["S1901M"] and game.player("TURKEY").late_count == 1


def test_a_reminder_due_while_judge_serve_was_down_goes_once_at_its_start(tmp_path):
    run(tmp_path, _restarted, "down")


async def _restarted(post: Post):
    """judge serve stops an hour before the reminder's time and starts three hours after it: the reminder it missed
    goes at the start, to Turkey alone; another restart and the hours after send it no second time."""
    await post.start_game()
    for power in POWERS[:-1]:
        await post.signon(power, HOLDS[power])
    post.new()
    await post.at(REMINDER - timedelta(hours=1))
    await post.stop()
    post.clock.now = REMINDER + timedelta(hours=3)
    await post.start()
    assert reminders(post) == [address("TURKEY")]
    [text] = [m.get_content() for m in post.relay.to(address("TURKEY")) if "reminder" in str(m["Subject"])]
    assert "The pending deadline is Thu 8 Jan 2026 12:00 UTC." in " ".join(text.split()), text
    await post.restart()
    await post.at(DEADLINE - MINUTE)
    assert reminders(post) == []
