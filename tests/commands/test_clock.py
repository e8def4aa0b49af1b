"""PAUSE, RESUME, EXTEND, the manual mode and absences by mail, with the clock run as the daemon runs it.

The game g1 starts Mon 5 Jan 2026 12:00 UTC (T0); its Spring 1901 deadline is Thu Jan 08 12:00, with a 24-hour grace
period and a reminder 24 hours before the deadline."""
from datetime import datetime, timedelta, timezone

import pytest

from tests.commands.helpers import GAME, GM, HOLDS, LETTER, PLAYERS, T0
from tests.dpjudge_layout import header_deadline

EVERYONE = {a for a, _ in PLAYERS.values()} | {GM[0]}
DEADLINE = T0 + timedelta(hours=72)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


def notice(desk, title: str) -> str:
    """The one text everyone got under this title (the table checks one recipient a mail)."""
    got = desk.delivered(title)
    assert set(got) >= EVERYONE, set(got)
    return got[GM[0]].get_content()


# -- PAUSE and RESUME -------------------------------------------------------------------------------------------------
def test_pause_stops_the_clock_and_resume_gives_the_time_left(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    started.clock.advance(hours=24)                                      # 48 hours left
    started.new_mail()
    assert started.master("PAUSE").accepted
    assert f"Game {GAME} is paused." in started.reply(GM[0])
    assert notice(started, "paused") == f"The master has paused game {GAME}: no deadline runs until it is resumed.\n"
    assert started.judge.store.wakeup(GAME) is None
    assert started.send("someone@example.org", f"LIST {GAME}").accepted
    assert "Deadline:  paused\n" in started.reply("someone@example.org")
    # Past the deadline and the grace period: no reminder, no late notice, no processing.
    for hours in (1, 48, 49, 80, 200):
        started.clock.now = T0 + timedelta(hours=24 + hours)
        assert started.process(GAME) == []
    assert started.new_mail() == [] and str(started.game(GAME).position.phase) == "S1901M"
    started.clock.now = T0 + timedelta(days=10)
    assert started.master("RESUME").accepted
    # Paused at Jan 06 12:00 with 48 hours left, resumed Jan 15 12:00: the deadline is Jan 17 12:00.
    assert started.game(GAME).deadline == utc(2026, 1, 17, 12)
    assert f"Game {GAME} is running again. The deadline is Sat 17 Jan 2026 12:00 UTC." in started.reply(GM[0])
    assert notice(started, "resumed") == (f"The master has resumed game {GAME}. The deadline is Sat 17 Jan 2026 "
                                          "12:00 UTC.\n")
    assert started.judge.store.wakeup(GAME) == utc(2026, 1, 16, 12)      # the reminder, a day before


def clock_notices(desk, address: str) -> list[str]:
    """The notices (not the reply) that one address got from the last message, each as one line of text."""
    return [" ".join(m.get_content().split()) for m in desk.new_mail()
            if str(m["To"]) == address and str(m["Subject"]).startswith("Diplomacy ")]


def test_pause_and_resume_in_one_message_is_one_notice(started):
    """Paused and resumed at once, the game runs as it did: one notice says so, with the deadline it keeps."""
    started.clock.advance(hours=24)
    started.new_mail()
    assert started.master("PAUSE", "RESUME").accepted
    assert started.game(GAME).deadline == DEADLINE and not started.game(GAME).paused
    assert clock_notices(started, PLAYERS["FRANCE"][0]) == [
        f"The master has paused and resumed game {GAME}. The deadline is Thu 8 Jan 2026 12:00 UTC."]


def test_pause_set_deadline_resume_is_one_notice_with_the_deadline_that_holds(started):
    """The deadline set while paused is not said to move with a pause that the same message ended."""
    started.new_mail()
    assert started.master("PAUSE", "SET DEADLINE 2026-01-10 12:00", "RESUME").accepted
    assert started.game(GAME).deadline == utc(2026, 1, 10, 12) and not started.game(GAME).paused
    got = started.delivered(f"({GAME})")                       # one mail each (the reply's subject is its own)
    assert set(got) == EVERYONE
    assert " ".join(got[PLAYERS["ITALY"][0]].get_content().split()) == (
        f"The master has paused and resumed game {GAME}. The deadline is Sat 10 Jan 2026 12:00 UTC.")


def test_resume_then_pause_in_one_message_is_one_notice_that_it_is_paused(started):
    assert started.master("PAUSE").accepted
    started.new_mail()
    assert started.master("RESUME", "SET DEADLINE 2026-01-10 12:00", "PAUSE").accepted
    assert started.game(GAME).paused
    assert clock_notices(started, PLAYERS["FRANCE"][0]) == [
        f"The master has paused game {GAME} again: no deadline runs until it is resumed. The deadline is set to Sat "
        "10 Jan 2026 12:00 UTC, and moves by the time the game stays paused."]


def test_clock_commands_then_the_end_in_one_message_are_one_notice_of_the_end(started):
    """PAUSE, SET DEADLINE, TERMINATE: each of the game's people hears once that it ended (the end mail), not of a
    pause and a deadline the same message made moot."""
    started.new_mail()
    assert started.master("PAUSE", "SET DEADLINE 2026-01-10 12:00", "TERMINATE").accepted
    subjects: dict = {}
    for m in started.new_mail():
        subjects.setdefault(str(m["To"]), []).append(str(m["Subject"]))
    for address in EVERYONE:
        assert sorted(s for s in subjects[address] if not s.startswith("Re:")) == \
            [f"Diplomacy game '{GAME}' complete"], (address, subjects[address])


def test_an_extension_then_the_last_vote_in_one_message_is_the_end_alone(started):
    """A player's EXTEND and the vote that ends the game in one message: the end mail, no extension notice."""
    assert started.master("SET RULE extension_count=1").accepted
    for power in list(PLAYERS)[:-1]:
        assert started.signon(power, "VOTE DRAW").accepted
    started.new_mail()
    assert started.signon("TURKEY", "EXTEND", "VOTE DRAW").accepted
    assert started.game(GAME).over
    got = [m for m in started.new_mail() if not str(m["Subject"]).startswith("Re:")]
    assert sorted(str(m["Subject"]) for m in got if str(m["To"]) == PLAYERS["FRANCE"][0]) == \
        [f"Diplomacy game '{GAME}' complete"]
    assert not [m for m in got if "extended" in str(m["Subject"])]


def test_pause_and_resume_refusals(started, forming):
    r = started.signon("FRANCE", "PAUSE")
    assert r.errors == [("PAUSE", "ONLY THE GAME MASTER MAY DO THAT (SIGNON M<game> <password>)")]
    assert started.master("RESUME").errors == [("RESUME", f"GAME {GAME} IS NOT PAUSED")]
    assert started.master("PAUSE").accepted
    assert started.master("PAUSE").errors == [("PAUSE", f"GAME {GAME} IS ALREADY PAUSED")]
    assert started.master("UNPAUSE").accepted                            # RESUME's other name
    r = forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nPAUSE")
    assert r.errors == [("PAUSE", f"GAME {GAME} IS NOT ACTIVE: NOTHING TO PAUSE")]


def test_orders_and_processing_by_the_master_while_paused(started):
    """Players may still send orders; the master may process; the next phase waits for RESUME with its whole
    72 hours."""
    assert started.master("PAUSE").accepted
    started.all_hold()
    started.clock.advance(hours=1)
    assert started.process(GAME) == []                                   # no early processing while paused
    started.clock.advance(days=2)
    assert started.master("PROCESS").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "F1901M" and game.paused and started.judge.store.wakeup(GAME) is None
    started.clock.advance(days=1)
    assert started.master("RESUME").accepted
    assert started.game(GAME).deadline == started.clock.now + timedelta(hours=72)


# -- EXTEND -----------------------------------------------------------------------------------------------------------
def test_extend_is_off_unless_the_house_rules_allow_it(started):
    assert started.signon("FRANCE", "EXTEND").errors == [("EXTEND", f"GAME {GAME} ALLOWS NO DEADLINE EXTENSIONS")]
    assert started.master("EXTEND").errors[0][1].startswith("YOU MUST SIGN ON AS A POWER FIRST")


def test_extend_anonymously(started):
    assert started.master("SET RULE extension_count=2 extension_hours=36").accepted
    started.new_mail()
    assert started.signon("FRANCE", "EXTEND").accepted
    assert ("The deadline is extended to Sat 10 Jan 2026 00:00 UTC (1 extension left)."
            in started.reply("FRANCE"))
    got = started.delivered("deadline extended", same=False)
    assert set(got) == EVERYONE
    # The players learn that the deadline moved, not who asked; the master, as with grey press, is told who did.
    for address in EVERYONE - {GM[0]}:
        assert got[address].get_content() == \
            f"The deadline of game {GAME} has been extended to Sat 10 Jan 2026 00:00 UTC.\n", address
    told = " ".join(got[GM[0]].get_content().split())
    assert told.startswith(f"The deadline of game {GAME} has been extended at France's request to Sat 10 Jan 2026 "
                           "00:00 UTC. France has now used 1 extension (each player may ask for 2).")
    assert started.signon("FRANCE", "EXTENSION").accepted                # the other name
    assert "(0 extensions left)" in started.reply("FRANCE")
    # LIST: the master sees each power's extensions used; nobody else does (it would give away who asked).
    assert started.master(f"LIST {GAME}").accepted
    master_view = started.reply(GM[0])
    assert "  France   active, no orders yet, late 0 times, 2 of 2 extensions used\n" in master_view
    assert "  Germany  active, no orders yet, late 0 times, 0 of 2 extensions used\n" in master_view
    assert started.signon("GERMANY", f"LIST {GAME}").accepted
    assert "extensions used" not in started.reply("GERMANY")
    assert started.game(GAME).deadline == DEADLINE + timedelta(hours=72)
    assert started.signon("FRANCE", "EXTEND").errors[0][1] == "YOU HAVE USED ALL 2 EXTENSION(S) THIS GAME ALLOWS"
    assert started.signon("GERMANY", "EXTEND").accepted                  # each player has their own


def test_extend_named(started):
    assert started.master("SET RULE extension_count=1 no_extension_anonymous").accepted
    started.new_mail()
    assert started.signon("ITALY", "EXTEND").accepted
    text = notice(started, "deadline extended")
    assert " ".join(text.split()) == (f"The deadline of game {GAME} has been extended at Italy's request to Fri 9 "
                                      "Jan 2026 12:00 UTC.")
    assert "Fri 9 Jan 2026 12:00 UTC." in text                   # a deadline is never broken over two lines


def test_extend_while_paused_is_refused(started):
    assert started.master("SET RULE extension_count=1", "PAUSE").accepted
    assert started.signon("ITALY", "EXTEND").errors[0][1] == \
        f"GAME {GAME} IS PAUSED: THE DEADLINE IS NOT RUNNING, NOTHING TO EXTEND"


def test_extend_in_the_grace_period_keeps_the_missed_deadline(started):
    """The deadline passed without Italy's and Turkey's orders: that phase counts in their lateness (the master's
    LIST: phases a player let pass the deadline without orders), though Turkey's extension then gave them more time
    and Italy's orders came in it. They were told they missed it: no reminder then says the deadline is still to
    come. Turkey, late again at the extended deadline, is told so; the phase still counts once."""
    assert started.master("SET RULE extension_count=1 extension_hours=48").accepted
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    started.clock.now = DEADLINE + timedelta(hours=2)
    assert started.process(GAME) == ["late notices sent to ITALY, TURKEY"]
    started.new_mail()
    assert started.signon("TURKEY", "EXTEND").accepted
    extended = started.game(GAME).deadline
    assert extended > started.clock.now + timedelta(hours=24)     # (time for a reminder a day before it)
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    started.new_mail()
    started.clock.now = extended - timedelta(minutes=1)
    assert started.process(GAME) == [] and started.new_mail() == []
    started.clock.now = extended
    assert started.process(GAME) == ["late notices sent to TURKEY"]
    assert started.signon("TURKEY", *HOLDS["TURKEY"]).accepted
    assert started.process(GAME) == ["S1901M processed; next phase F1901M"]
    assert started.master(f"LIST {GAME}").accepted
    listing = started.reply(GM[0])
    for power, times in (("Italy", "late 1 time,"), ("Turkey", "late 1 time,"), ("France", "late 0 times,")):
        assert f"  {power:<8} active, no orders yet, {times}" in listing, (power, listing)


def test_the_masters_new_deadline_in_the_grace_period_keeps_the_missed_deadline(started):
    """As an extension does: Italy and Turkey let the deadline pass without orders, so the phase counts in their
    lateness, though the master then set a later deadline and Italy's orders came before it. Having had the late
    notice they are not reminded of a deadline still to come; a deadline set before the old one passed counts
    nothing."""
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    assert started.master("SET DEADLINE 2026-01-08 12:00").accepted          # before the deadline: nobody late
    assert "missed it" not in started.reply(GM[0])
    started.clock.now = started.game(GAME).deadline + timedelta(hours=2)
    assert started.process(GAME) == ["late notices sent to ITALY, TURKEY"]
    assert started.master("SET DEADLINE 2026-01-12 12:00").accepted
    assert "The deadline had passed: Italy, Turkey missed it, and this phase counts in their lateness." in \
        " ".join(started.reply(GM[0]).split())
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    started.new_mail()
    started.clock.now = started.game(GAME).deadline - timedelta(hours=23)   # a day before: reminders were due
    assert started.process(GAME) == [] and started.new_mail() == []
    started.clock.now = started.game(GAME).deadline
    assert started.process(GAME) == ["late notices sent to TURKEY"]
    assert started.signon("TURKEY", *HOLDS["TURKEY"]).accepted
    assert started.process(GAME) == ["S1901M processed; next phase F1901M"]
    assert started.master(f"LIST {GAME}").accepted
    listing = started.reply(GM[0])
    for power, times in (("Italy", "late 1 time"), ("Turkey", "late 1 time"), ("France", "late 0 times")):
        assert f"  {power:<8} active, no orders yet, {times}\n" in listing, (power, listing)


# -- the manual mode --------------------------------------------------------------------------------------------------
def test_manual_deadlines(started):
    assert started.master("SET RULE deadlines=manual").accepted
    assert "Deadline now: none (the master processes the game)." in started.reply(GM[0])
    assert started.game(GAME).deadline is None and started.judge.store.wakeup(GAME) is None
    started.all_hold()
    for days in (1, 10, 100):
        started.clock.now = T0 + timedelta(days=days)
        assert started.process(GAME) == []                               # every order is in: still nothing
    assert started.send("someone@example.org", f"LIST {GAME}").accepted
    assert "Deadline:  none (the master processes the game)\n" in started.reply("someone@example.org")
    assert started.master("PROCESS").accepted
    assert str(started.game(GAME).position.phase) == "F1901M" and started.game(GAME).deadline is None
    assert started.master("SET RULE deadlines=auto").accepted            # back: a deadline from now
    assert started.game(GAME).deadline == started.clock.now + timedelta(hours=72)
    assert started.signon("FRANCE", "EXTEND").errors[0][1] == f"GAME {GAME} ALLOWS NO DEADLINE EXTENSIONS"


def test_a_game_without_deadlines_says_so_in_words_in_its_mails(forming):
    """The start, each power's assignment and each results mail of a deadlines=manual game say that the master
    processes it, in a sentence of their own (not "Orders are due by none ...")."""
    assert forming.master("SET RULE deadlines=manual").accepted
    for power, (address, password) in PLAYERS.items():
        assert forming.send(address, f"JOIN {GAME} {password} {LETTER[power]}").accepted
    assert forming.game(GAME).status == "active" and forming.game(GAME).deadline is None
    mails = forming.new_mail()
    start = next(m for m in mails if str(m["Subject"]) == f"Diplomacy game {GAME} starting").get_content()
    assigned = next(m for m in mails if m["To"] == PLAYERS["FRANCE"][0] and
                    "power assignment" in str(m["Subject"])).get_content()
    assert "The first phase is Movement for Spring of 1901. It has no deadline: the master processes the game." \
        in " ".join(start.split())
    assert "The first phase (Movement for Spring of 1901) has no deadline: the master processes the game." \
        in " ".join(assigned.split())
    forming.all_hold()
    assert forming.master("PROCESS").accepted
    results = forming.delivered(f"Diplomacy results {GAME} S1901M")[GM[0]].get_content()
    assert "The next phase of 'g1' will be Movement for Fall of 1901.\nThere is no deadline: the master processes " \
           "the game.\n" in results
    for text in (start, assigned, results):
        assert "due by none" not in text and "will be none" not in text and "deadline is none" not in text
    # The '::' header DPjudge's filters and Mapper read: a phase, then a time and a zone; with no deadline, the time
    # the mail was written, as DPjudge writes then.
    for text in (start, results):
        assert header_deadline(deadline_line(text, "S1901M")) == forming.clock.now.replace(tzinfo=None)


def deadline_line(text: str, phase: str) -> str:
    """The text's own ':: Deadline:' line (HISTORY's reply holds the game's mails after it, each with its own)."""
    line = next(line for line in text.splitlines() if line.startswith(":: Deadline:"))
    assert line.startswith(f":: Deadline: {phase} "), line
    return line


def test_a_game_without_deadlines_dates_its_header_lines_when_they_are_written(started):
    """Every ':: Deadline:' line of a deadlines=manual game reads, as DPjudge reads it, as the moment of its mail:
    the confirmation of orders, HISTORY, PREVIEW and the results (DPjudge's reading, not "none ...", which it takes
    for a zone named 'game)')."""
    assert started.master("SET RULE deadlines=manual").accepted
    started.clock.now = T0 + timedelta(days=1, hours=3, minutes=20)
    written = datetime(2026, 1, 6, 15, 20)
    assert started.signon("FRANCE", *HOLDS["FRANCE"]).accepted
    assert header_deadline(deadline_line(started.reply("FRANCE"), "S1901M")) == written
    assert started.send("reader@example.org", f"HISTORY {GAME}").accepted
    assert header_deadline(deadline_line(started.reply_to("reader@example.org"), "S1901M")) == written
    started.new_mail()
    assert started.master("PREVIEW").accepted
    [preview] = started.mails("PREVIEW Diplomacy results")
    assert header_deadline(deadline_line(preview.get_content(), "S1901M")) == written
    started.clock.now += timedelta(hours=5)
    assert started.master("PROCESS!").accepted
    results = started.delivered(f"Diplomacy results {GAME} S1901M")[GM[0]].get_content()
    assert header_deadline(deadline_line(results, "S1901M")) == written + timedelta(hours=5)


# -- absences ---------------------------------------------------------------------------------------------------------
def test_past_absences_count_against_the_limit(started):
    for day in (6, 8, 10, 12):
        assert started.signon("FRANCE", f"SET ABSENCE 2026-01-{day:02}").accepted
    started.clock.now = utc(2026, 1, 20)                                 # all four are over
    assert started.signon("FRANCE", "SET ABSENCE 2026-02-01").errors[0][1] == \
        f"YOU HAVE SET ALL 4 ABSENCES GAME {GAME} ALLOWS (ASK THE MASTER)"
    assert started.master("SET ABSENCE 2026-02-01").accepted             # the master has no limit


def test_an_absence_set_while_paused_moves_the_deadline_at_resume(started):
    assert started.master("PAUSE").accepted
    started.new_mail()
    assert started.signon("FRANCE", "SET ABSENCE 9 Jan TO 10 Jan").accepted
    assert started.mails("deadline") == []                               # nothing runs: nothing announced yet
    started.clock.now = T0 + timedelta(hours=24)
    assert started.master("RESUME").accepted
    # Jan 08 12:00 + 24 hours paused = Jan 09 12:00, inside the absence: its end, Jan 11 00:00.
    assert "The deadline is Sun 11 Jan 2026 00:00 UTC." in notice(started, "resumed")


def test_an_ejected_players_absence_moves_no_later_deadline(started):
    assert started.signon("ITALY", "SET ABSENCE 9 Jan TO 12 Jan").accepted   # after Spring's deadline
    assert started.master("EJECT ITALY").accepted
    assert started.game(GAME).absences == []
    assert started.send("new@example.org", f"TAKEOVER I{GAME} new-pw\nA VEN H").accepted
    started.all_hold(*[p for p in PLAYERS if p != "ITALY"])
    started.clock.now = utc(2026, 1, 6, 12)
    assert started.process(GAME)[0].startswith("S1901M processed")
    assert started.game(GAME).deadline == utc(2026, 1, 9, 12)            # 72 hours, not the absence's end


@pytest.mark.parametrize("line, error", [
    ("SET ABSENCE yesterday", "UNRECOGNIZED DAY: yesterday"),
    ("SET ABSENCE 2025-12-01", "AN ABSENCE MUST END AFTER IT STARTS, AND IN THE FUTURE"),
])
def test_absence_errors(started, line, error):
    assert started.signon("FRANCE", line).errors[0][1].startswith(error)


def test_replies_with_a_header_dated_now_say_in_words_that_no_deadline_runs(started):
    """A ':: Deadline:' line of a game without a running deadline gives the time of the mail (as DPjudge writes it):
    the order confirmation and HISTORY's reply say beside it, in words, that there is no deadline (deadlines=manual)
    or that the game is paused, so that nobody takes that time for a deadline."""
    manual = "There is no deadline: the master processes the game."
    assert started.signon("FRANCE", *HOLDS["FRANCE"]).accepted           # a running deadline: no such sentence
    assert manual not in started.reply("FRANCE")
    assert started.master("SET RULE deadlines=manual").accepted
    assert started.signon("FRANCE", *HOLDS["FRANCE"]).accepted
    confirmation = started.reply("FRANCE")
    deadline_line(confirmation, "S1901M")
    assert manual in " ".join(confirmation.split()), confirmation
    assert started.send("reader@example.org", f"HISTORY {GAME}").accepted
    history = started.reply_to("reader@example.org")
    header = history.split("\n\n")[0] + "\n\n" + history.split("\n\n")[1]
    assert manual in " ".join(header.split()), history
    assert started.master("SET RULE deadlines=auto", "PAUSE").accepted
    assert started.send("reader@example.org", f"HISTORY {GAME}").accepted
    history = started.reply_to("reader@example.org")
    assert f"Game {GAME} is paused" in " ".join(history.split("\n\n", 2)[1].split()), history
    assert manual not in history


def test_dpjudges_short_dates_by_mail(started):
    """DPjudge's guide's forms, `SET DEADLINE [weekday] [day [month [year]]] [hour:minute]` and SET ABSENCE's short
    days, each read as the first moment to come that fits (T0 is Monday 5 January 2026, noon, in UTC)."""
    assert started.game(GAME).timing.timezone == "UTC"
    assert started.master("SET DEADLINE SAT 10 JAN 20:00").accepted
    assert "Deadline set to Sat 10 Jan 2026 20:00 UTC." in started.reply(GM[0])
    assert started.signon("FRANCE", "SET ABSENCE 12 TO 14").accepted
    assert "France is away from Mon 12 Jan 2026 00:00 UTC to\nThu 15 Jan 2026 00:00 UTC" in started.reply("FRANCE")
    before = started.status_bytes()
    r = started.master("SET DEADLINE MON 5 DEC")                  # no Monday is a 5 December within the year
    assert r.errors[0][1] == "NO SUCH DAY TO COME: MON 5 DEC (NONE IN THE NEXT 400 DAYS)"
    assert started.status_bytes() == before
