"""DUMMY and REVIVE as the master sends them by mail to a running judge serve (real SMTP, the scheduler on an
injected clock). README: "DUMMY TURKEY: Turkey is played by default orders and never holds the game up"; "REVIVE
TURKEY: the dummy is opened for takeover"; "A dummy cannot be taken over until you REVIVE it. Anyone who tries is
refused, and you are told they asked." The mail table: "a power is open" goes to everyone in the game, a reminder
only to a player without orders, late notices never name a dummy. After every step the scheduler's jobs are a fresh
start-up's and no mail shows anyone another's address (tests.daemon.test_games_by_mail.Post checks both).

T0 is Mon 5 Jan 2026 12:00 UTC; the Spring 1901 deadline Thu 8 Jan 12:00; early_minutes 10 (config.ini's default)."""
from datetime import timedelta

from tests.daemon.checked_post import run
from tests.daemon.test_games_by_mail import GM, HOLDS, POWERS, WATCHER, Post, address, utc

NEWCOMER = "newturk@example.org"
OTHERS = [p for p in POWERS if p != "TURKEY"]


def test_a_dummy_plays_by_default_orders_and_revive_gives_it_back(tmp_path):
    run(tmp_path, _dummy, "cd")


async def _dummy(post: Post):
    await post.start_game()
    await post.mail(WATCHER, "OBSERVE cd")
    post.new()
    reply = await post.master("DUMMY TURKEY")
    assert "Turkey is now a dummy." in reply
    # Turkey's player alone is told (the master has the reply); nobody else gets a word of it.
    got = post.new()
    told = [(to, subject) for to, subject, _ in got if not subject.startswith("Re:")]
    assert told == [(address("TURKEY"), "Diplomacy your power is now a dummy (cd)")], told
    assert sorted(to for to, _, _ in got) == sorted([GM, address("TURKEY")])
    # The old player no longer plays it: a sign-on is refused and changes nothing.
    before = (post.tmp_path / "games" / "cd" / "status.json").read_bytes()
    reply = await post.signon("TURKEY", "F ANK - BLA")
    assert "NOT accepted" in reply
    assert (post.tmp_path / "games" / "cd" / "status.json").read_bytes() == before
    post.new()

    # Everyone else orders: the dummy never holds the phase up. It is processed early_minutes after the last order,
    # long before the deadline, with default orders (every Turkish unit holds), and no reminder or late notice.
    for power in OTHERS:
        await post.signon(power, HOLDS[power])
    last = post.clock.now
    await post.at(last + timedelta(minutes=10))
    game = post.status()
    assert game.history == ["S1901M"] and str(game.position.phase) == "F1901M"
    assert sorted(str(u) for u in game.position.units_of("TURKEY")) == ["A CON", "A SMY", "F ANK"]
    got = post.new()
    assert not any("reminder" in s or "late" in s or "CD notice" in s for _, s, _ in got), got
    assert address("TURKEY") not in {to for to, _, _ in got}              # gone: no results for the old player
    assert game.player("TURKEY").late_count == 0

    # A newcomer asks for the dummy: refused, and the master is told who asked (the master may see addresses).
    await post.mail(NEWCOMER, "TAKEOVER Tcd new-pw")
    reply = post.reply(NEWCOMER)
    assert "TURKEY IS A DUMMY: ONLY THE MASTER CAN OPEN IT FOR TAKEOVER (REVIVE)" in " ".join(reply.split())
    got = post.new()
    asked = [body for to, subject, body in got if to == GM]
    assert len(asked) == 1 and f"{NEWCOMER} asks to take over Turkey, a dummy." in " ".join(asked[0].split())
    assert sorted(to for to, _, _ in got) == sorted([GM, NEWCOMER])
    assert post.status().player("TURKEY").status == "dummy"

    # REVIVE: everyone in the game (the players, the observer, the master) learns Turkey is open, with how it is
    # taken over; the notice names no address.
    reply = await post.master("REVIVE TURKEY")
    assert "Turkey is open for takeover." in reply
    opened = {to: body for to, subject, body in post.new() if subject == "Diplomacy a power is open (cd)"}
    assert set(opened) == {address(p) for p in OTHERS} | {GM, WATCHER}
    for body in opened.values():
        assert "TAKEOVER Tcd <password>" in " ".join(body.split()) and "@" not in body

    # Open, Turkey now holds the phase up as a late power would: the others' orders alone do not process it.
    fall_deadline = post.status().deadline
    for power in OTHERS:
        await post.signon(power, *[f"{u} H" for u in post.status().position.units_of(power)])
    await post.at(post.clock.now + timedelta(minutes=30))
    assert str(post.status().position.phase) == "F1901M"
    # The newcomer takes it, orders, and the phase is processed early.
    await post.mail(NEWCOMER, "TAKEOVER Tcd new-pw")
    assert "You now play Turkey in game cd." in post.reply(NEWCOMER)
    await post.mail(NEWCOMER, "SIGNON Tcd new-pw\nF ANK - BLA\nA CON H\nA SMY H")
    await post.at(post.clock.now + timedelta(minutes=10))
    game = post.status()
    assert game.history == ["S1901M", "F1901M"] and post.clock.now < fall_deadline
    assert game.player("TURKEY").address == NEWCOMER and "BLA" in game.position.units


def test_a_dummy_made_after_the_deadline_stops_the_late_notices(tmp_path):
    run(tmp_path, _late_dummy, "lately")


async def _late_dummy(post: Post):
    """Turkey is late; at the deadline the late notices name it. The master makes it a dummy in the grace period: the
    phase no longer waits for Turkey (nor for the grace period's end): it is processed within early_minutes, and no
    more late notices go."""
    await post.start_game()
    for power in OTHERS:
        await post.signon(power, HOLDS[power])
    await post.at(utc(2026, 1, 8, 12))
    late = {to for to, subject, _ in post.new() if "late notice" in subject or "deadline missed" in subject}
    assert late == {address("TURKEY"), GM}
    await post.at(utc(2026, 1, 8, 13))
    await post.master("DUMMY TURKEY")
    await post.at(utc(2026, 1, 8, 13, 10))
    game = post.status()
    assert game.history == ["S1901M"], (game.history, post.daemon.deadlines.wakeups)
    got = post.new()
    assert not any("late notice" in s or "deadline missed" in s for _, s, _ in got), got


def test_revive_gives_the_power_back_to_its_player(tmp_path):
    run(tmp_path, _back, "back")


async def _back(post: Post):
    """The master makes Turkey a dummy, then REVIVEs it: its player takes it back with TAKEOVER (README: "the power
    is open, TAKEOVER takes it (back)"), and from then on is reminded, named late and mailed the results again."""
    await post.start_game()
    await post.master("DUMMY TURKEY")
    await post.master("REVIVE TURKEY")
    post.new()
    await post.mail(address("TURKEY"), "TAKEOVER Tback pw-again")
    assert "You now play Turkey in game back." in post.reply(address("TURKEY"))
    # The others learn Turkey has a player again, not who; the master learns who.
    taken = {to: body for to, subject, body in post.new() if subject == "Diplomacy a power is taken (back)"}
    assert set(taken) == {address(p) for p in OTHERS}
    assert all(body == "Turkey in game back has a new player.\n" for body in taken.values()), taken
    for power in OTHERS:
        await post.signon(power, HOLDS[power])
    post.new()
    await post.at(utc(2026, 1, 7, 12))                                # the reminder: Turkey's, its player's again
    assert [(to, s) for to, s, _ in post.new()] == [(address("TURKEY"), "Diplomacy deadline reminder (back)")]
    await post.at(utc(2026, 1, 8, 12))
    late = {to for to, subject, _ in post.new() if "late notice" in subject or "deadline missed" in subject}
    assert late == {address("TURKEY"), GM}
    await post.mail(address("TURKEY"), "SIGNON Tback pw-again\nF ANK H\nA CON H\nA SMY H")
    await post.at(utc(2026, 1, 8, 12, 10))
    results = {to for to, subject, _ in post.new() if subject.startswith("Diplomacy results back S1901M")}
    assert results == {address(p) for p in POWERS} | {GM}
    assert post.status().player("TURKEY").late_count == 1


def test_a_revived_power_holds_up_a_phase_that_was_ready(tmp_path):
    run(tmp_path, _revived_late, "ready")


async def _revived_late(post: Post):
    """Every other order is in and the dummy holds nothing up: the phase is due early_minutes later. The master
    REVIVEs Turkey before then: open, it owes orders as a late power does (REVIVE's help: "open, it holds the game
    up as a vacant power does until taken over"; README: a vacant power is named late), so the phase is not processed early any more
    but waits for a takeover, the deadline and its grace period (before, it was processed at the early moment, Turkey
    in civil disorder, the takeover REVIVE offered never possible)."""
    await post.start_game()
    await post.master("DUMMY TURKEY")
    for power in OTHERS:
        await post.signon(power, HOLDS[power])
    ready = post.clock.now
    assert post.daemon.deadlines.wakeups["ready"] == ready + timedelta(minutes=10)     # due early
    await post.at(ready + timedelta(minutes=2))
    await post.master("REVIVE TURKEY")
    post.new()
    for moment in (ready + timedelta(minutes=10), ready + timedelta(hours=1), utc(2026, 1, 8, 12) - timedelta(hours=1)):
        await post.at(moment)
        assert post.status().history == [], moment
    await post.at(utc(2026, 1, 8, 12))                             # the deadline: the master's notice names Turkey
    late = {to: body for to, subject, body in post.new() if subject == "Diplomacy late notice (ready)"}
    assert list(late) == [GM] and "Turkey" in late[GM]
    await post.mail(NEWCOMER, "TAKEOVER Tready new-pw\nF ANK H\nA CON H\nA SMY H")      # taken in the grace period
    await post.at(post.clock.now + timedelta(minutes=10))
    game = post.status()
    assert game.history == ["S1901M"] and game.player("TURKEY").address == NEWCOMER


def test_cd_dummies_turned_off_while_the_phase_is_ready_makes_it_wait(tmp_path):
    run(tmp_path, _rule_off, "rule")


async def _rule_off(post: Post):
    """Every other order is in, the dummy holds nothing up (cd_dummies on): due early. The master turns cd_dummies off
    before then: "off: a phase a dummy has to order waits for its deadline" (README's house rules), so it is not
    processed early but at the deadline (before, at the early moment the old rule had given). Turned on again, early
    processing counts from then."""
    await post.start_game()
    await post.master("DUMMY TURKEY")
    for power in OTHERS:
        await post.signon(power, HOLDS[power])
    ready = post.clock.now
    await post.at(ready + timedelta(minutes=2))
    await post.master("SET RULE no_cd_dummies")
    for moment in (ready + timedelta(minutes=10), ready + timedelta(hours=20)):
        await post.at(moment)
        assert post.status().history == [], moment
    assert post.daemon.deadlines.wakeups["rule"] == utc(2026, 1, 8, 12)          # the deadline: nothing before
    await post.master("SET RULE cd_dummies")
    on = post.clock.now
    await post.at(on + timedelta(minutes=9))
    assert post.status().history == []
    await post.at(on + timedelta(minutes=10))
    assert post.status().history == ["S1901M"]
