"""Absences and EXTEND by mail to a running judge serve (real SMTP, the scheduler on an injected clock), as README
says: "no deadline falls inside an absence, so a deadline that would moves to the absence's end; the others learn only
that the deadline moved", "Later phases also take their deadlines from after the absence", absence_days and
absence_count limit a player (counting absences already over), never the master; EXTEND gives extension_count
extensions of extension_hours, "it lands on a playing day at the time of day, as every deadline" (then past any
absence), the others learn it was extended but not who asked (extension_anonymous), and it is refused while paused.
A refused command changes no game file (the access log alone records the attempt, as for every refused message);
after every step the scheduler's jobs are a fresh start-up's, and no mail shows another's address (Post's checks).

T0 is Mon 5 Jan 2026 12:00 UTC: the Spring 1901 deadline is Thu 8 Jan 12:00 (72 hours)."""
from datetime import timedelta

from tests.daemon.checked_post import run
from tests.daemon.test_games_by_mail import GM, HOLDS, POWERS, Post, address, utc


def game_files(post: Post) -> dict[str, bytes]:
    """Every file of the game's folder, byte for byte, but the access log (an audit trail that records refusals)."""
    root = post.tmp_path / "games" / post.game
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != "access.log"}


def access_log(post: Post) -> bytes:
    return (post.tmp_path / "games" / post.game / "access.log").read_bytes()


async def refused(post: Post, power: str, line: str, error: str) -> None:
    """`line` from `power` (or "MASTER") is refused with `error`, and no game file changes but the access log, which
    gains one line recording the refusal."""
    files, log = game_files(post), access_log(post)
    reply = await (post.master(line) if power == "MASTER" else post.signon(power, line))
    assert error in " ".join(reply.split()) and "NOT accepted" in reply, reply
    assert game_files(post) == files
    after = access_log(post)
    assert after.startswith(log) and after[len(log):].count(b"\n") == 1 and b" REFUSED " in after[len(log):]
    assert [to for to, _, _ in post.new()] == [GM if power == "MASTER" else address(power)]     # the reply alone


def moved_notices(post: Post, game: str) -> dict[str, str]:
    return {to: body for to, subject, body in post.new() if subject == f"Diplomacy deadline changed ({game})"}


def test_an_absence_from_today_is_taken(tmp_path):
    run(tmp_path, _today, "today")


async def _today(post: Post):
    """A day without a year is the next such day, and today is one until it is over: "SET ABSENCE 5 Jan TO 8 Jan",
    sent on Monday 5 Jan at noon, is an absence from now to the end of Thursday (before, 5 Jan was read as 5 Jan of
    next year and the absence refused as ending before it starts)."""
    await post.start_game()
    post.new()
    reply = await post.signon("FRANCE", "SET ABSENCE 5 Jan TO 8 Jan")
    assert "Noted: France is away from Mon 5 Jan 2026 12:00 UTC to Fri 9 Jan 2026 00:00 UTC" in " ".join(reply.split())
    assert post.status().deadline == utc(2026, 1, 9)
    assert set(moved_notices(post, "today")) == {address(p) for p in POWERS} | {GM}
    assert post.daemon.deadlines.wakeups["today"] == utc(2026, 1, 8)                 # the reminder, a day before
    reply = await post.signon("ITALY", "SET ABSENCE 5 Jan")                          # the rest of today
    assert "Noted: Italy is away from Mon 5 Jan 2026 12:00 UTC to Tue 6 Jan 2026 00:00 UTC" in " ".join(reply.split())
    assert post.status().deadline == utc(2026, 1, 9)
    # The deadline stays: nobody else is told, but the master (house rule absence_notices=master, DPjudge's
    # SILENT_ABSENCES: "Only the Master will receive notice of the planned absence").
    assert sorted(to for to, _, _ in post.new()) == sorted([address("ITALY"), GM])
    # A moment of today already past is still refused as over.
    await refused(post, "GERMANY", "SET ABSENCE 5 Jan 08:00 TO 5 Jan 09:00",
                  "AN ABSENCE MUST END AFTER IT STARTS, AND IN THE FUTURE")


def test_absences_move_deadlines_within_the_house_rules(tmp_path):
    run(tmp_path, _absences, "away")


async def _absences(post: Post):
    await post.start_game("SET RULE absence_days=3 absence_count=2")
    post.new()
    await refused(post, "FRANCE", "SET ABSENCE 7 Jan TO 12 Jan", "AN ABSENCE MAY LAST AT MOST 3 DAYS IN GAME away")
    # Jan 7 00:00 to Jan 10 00:00: three days, the longest allowed. The deadline (Jan 8 12:00) moves to its end.
    reply = await post.signon("FRANCE", "SET ABSENCE 7 Jan TO 9 Jan")
    assert "to Sat 10 Jan 2026 00:00 UTC" in " ".join(reply.split())
    moved = moved_notices(post, "away")
    assert set(moved) == {address(p) for p in POWERS} | {GM}
    for to, body in moved.items():
        assert body == "The deadline of game away has moved to Sat 10 Jan 2026 00:00 UTC.\n", (to, body)
    assert post.status().deadline == utc(2026, 1, 10)
    # The second absence (Jan 12 to the end of Jan 14) covers the next phase's deadline: Fall 1901 starts at Jan 10
    # 00:00, its deadline would be Jan 13 00:00 and is Jan 15 00:00.
    await post.signon("FRANCE", "SET ABSENCE 12 Jan TO 14 Jan")
    await post.signon("FRANCE", "SET WAIT")
    for power in POWERS:
        await post.signon(power, HOLDS[power])
    post.new()
    await post.at(utc(2026, 1, 8, 12))                      # the first deadline, as it was: nothing
    assert post.status().history == [] and post.new() == []
    await post.at(utc(2026, 1, 10))
    game = post.status()
    assert game.history == ["S1901M"] and game.deadline == utc(2026, 1, 15)
    post.new()
    # A third absence is refused, the first being over; the master sets one of any length, and it moves deadlines.
    await refused(post, "FRANCE", "SET ABSENCE 20 Jan", "YOU HAVE SET ALL 2 ABSENCES GAME away ALLOWS (ASK THE MASTER)")
    reply = await post.master("SET ABSENCE 14 Jan TO 25 Jan")
    assert "Noted: the master is away from Wed 14 Jan 2026 00:00 UTC to Mon 26 Jan 2026 00:00 UTC" in \
        " ".join(reply.split())
    assert post.status().deadline == utc(2026, 1, 26)
    assert set(moved_notices(post, "away")) == {address(p) for p in POWERS} | {GM}
    await post.at(utc(2026, 1, 25))                         # the reminder, a day before: all seven owe orders
    assert sorted(to for to, s, _ in post.new() if "reminder" in s) == sorted(address(p) for p in POWERS)


def test_extend_as_the_house_rules_allow(tmp_path):
    run(tmp_path, _extend, "ext")


async def _extend(post: Post):
    await post.start_game("SET DAYS MTWTF--", "SET RULE extension_count=2 extension_hours=24")
    for power in POWERS[:-1]:
        await post.signon(power, HOLDS[power])
    post.new()
    await refused(post, "MASTER", "EXTEND", "EXTEND")      # the master has no extension to ask for
    await post.at(utc(2026, 1, 7, 13))
    post.new()
    reply = await post.signon("TURKEY", "EXTEND")
    assert "The deadline is extended to Fri 9 Jan 2026 12:00 UTC (1 extension left)." in " ".join(reply.split())
    told = {to: body for to, subject, body in post.new() if subject == "Diplomacy deadline extended (ext)"}
    assert set(told) == {address(p) for p in POWERS} | {GM}
    for power in POWERS:                                    # (extension_anonymous, the default: not who asked)
        assert told[address(power)] == "The deadline of game ext has been extended to Fri 9 Jan 2026 12:00 UTC.\n"
    assert "at Turkey's request" in told[GM]
    assert post.status().deadline == utc(2026, 1, 9, 12)
    # Italy will be away Mon 12 and Tue 13 Jan. Turkey's second extension: Sat 10 Jan 12:00 is no playing day, so
    # Mon 12 Jan 12:00; that is inside Italy's absence, so its end, Wed 14 Jan 00:00.
    await post.signon("ITALY", "SET ABSENCE 12 Jan TO 13 Jan")
    assert post.status().deadline == utc(2026, 1, 9, 12)
    post.new()
    reply = await post.signon("TURKEY", "EXTENSION")
    assert "The deadline is extended to Wed 14 Jan 2026 00:00 UTC (0 extensions left)." in " ".join(reply.split())
    post.new()
    await refused(post, "TURKEY", "EXTEND", "YOU HAVE USED ALL 2 EXTENSION(S) THIS GAME ALLOWS")
    # Paused, nobody may extend; the one who still could is refused too, and nothing changes.
    await post.master("PAUSE")
    post.new()
    await refused(post, "ENGLAND", "EXTEND", "GAME ext IS PAUSED: THE DEADLINE IS NOT RUNNING, NOTHING TO EXTEND")
    await post.master("RESUME")                             # at once: the deadline stays
    assert post.status().deadline == utc(2026, 1, 14)
    post.new()
    # The scheduler goes by the extended deadline: nothing at the old one, the late notice at the new one.
    for moment in (utc(2026, 1, 8, 12), utc(2026, 1, 9, 12), utc(2026, 1, 14) - timedelta(minutes=1)):
        await post.at(moment)
        assert not any("late" in s for _, s, _ in post.new()), moment
    await post.at(utc(2026, 1, 14))
    late = {to for to, subject, _ in post.new() if "late notice" in subject or "deadline missed" in subject}
    assert late == {address("TURKEY"), GM}


def test_extend_where_the_house_rules_allow_none(tmp_path):
    run(tmp_path, _no_extend, "none")


async def _no_extend(post: Post):
    await post.start_game()
    post.new()
    await refused(post, "FRANCE", "EXTEND", "GAME none ALLOWS NO DEADLINE EXTENSIONS")
    assert post.status().deadline == utc(2026, 1, 8, 12)
