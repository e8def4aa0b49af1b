"""SET: a player's WAIT, PASSWORD, ADDRESS, ABSENCE; the master's DEADLINE, RULE, NORULE, PRIVATE and timing."""
import re
from datetime import datetime, timedelta, timezone

import pytest

from judge.deadlines import show
from judge.rules import LatePowers, PartialOrders, Press
from tests.commands.helpers import GAME, GM, PLAYERS, T0


def test_wait_and_nowait(started):
    assert started.signon("FRANCE", "SET WAIT").accepted
    assert "France will WAIT for the deadline." in started.reply("FRANCE")
    assert started.game(GAME).player("FRANCE").wait
    assert started.signon("FRANCE", "SET NOWAIT").accepted
    assert not started.game(GAME).player("FRANCE").wait
    assert started.signon("FRANCE", "SET WAIT", "SET NO_WAIT").accepted
    assert not started.game(GAME).player("FRANCE").wait


def test_wait_is_a_players_setting(started):
    assert started.master("SET WAIT").errors[0][1].startswith("YOU MUST SIGN ON AS A POWER FIRST")


def test_wait_is_refused_after_the_deadline_as_dpjudge_refuses_it(started):
    # In the grace period the phase is processed as soon as the late orders are in: a WAIT then was taken, said "will
    # WAIT for the deadline" (a deadline already gone), and held the phase back against the rule the others keep.
    started.clock.now = started.game(GAME).deadline + timedelta(minutes=5)
    before = started.status_bytes()
    for word in ("WAIT", "NOWAIT"):
        r = started.signon("FRANCE", f"SET {word}")
        assert r.errors == [(f"SET {word}", f"SET {word} IS NOT TAKEN AFTER THE DEADLINE (Thu 8 Jan 2026 12:00 UTC): "
                                            "SPRING 1901 MOVEMENT IS PROCESSED AS SOON AS IT MAY BE, AS DPJUDGE DOES")]
    assert started.status_bytes() == before


def test_wait_is_refused_to_a_power_with_nothing_to_order(started):
    # A retreat phase where only Germany has a unit to retreat: France's WAIT would hold nothing back (the phase does
    # not wait for France), and Italy, off the board, has nothing to order ever again.
    started.set_board({"phase": "S1902R", "units": {"FRANCE": ["A MUN", "A MAR"], "GERMANY": ["A KIE"],
                                                    "AUSTRIA": ["A VEN"]},
                       "dislodged": {"GERMANY": {"A MUN": ["RUH", "BOH"]}},
                       "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["KIE", "BER", "MUN"],
                                   "AUSTRIA": ["VIE", "VEN"]}})
    before = started.status_bytes()
    r = started.signon("FRANCE", "SET WAIT")
    assert r.errors == [("SET WAIT", "FRANCE HAS NOTHING TO ORDER IN SPRING 1902 RETREATS: SET WAIT WOULD HOLD "
                                     "NOTHING BACK (THE PHASE DOES NOT WAIT FOR A POWER WITHOUT ORDERS TO GIVE)")]
    r = started.signon("ITALY", "SET WAIT")
    assert r.errors[0][1].startswith("ITALY IS ELIMINATED: SET WAIT WOULD HOLD NOTHING BACK")
    r = started.signon("FRANCE", "SET NOWAIT")                          # (not "would hold nothing back")
    assert r.errors[0][1] == ("FRANCE HAS NOTHING TO ORDER IN SPRING 1902 RETREATS: SET NOWAIT HAS NOTHING TO LET GO "
                              "(THE PHASE DOES NOT WAIT FOR A POWER WITHOUT ORDERS TO GIVE)")
    assert started.status_bytes() == before
    assert started.signon("GERMANY", "SET WAIT").accepted                 # Germany has a retreat to order
    assert started.game(GAME).player("GERMANY").wait


def test_wait_is_refused_where_nothing_is_processed_early(started):
    # Under deadlines=manual only the master's PROCESS processes a phase, and with early processing off only the
    # deadline: a WAIT was taken there ("France will WAIT for the deadline") and held nothing back.
    assert started.master("SET RULE deadlines=manual").accepted
    before = started.status_bytes()
    r = started.signon("FRANCE", "SET WAIT")
    assert r.errors == [("SET WAIT", f"GAME {GAME} HAS NO DEADLINES (DEADLINES=MANUAL): NOTHING IS PROCESSED "
                                     "BEFORE THE MASTER SENDS PROCESS, SO SET WAIT WOULD HOLD NOTHING BACK")]
    assert started.status_bytes() == before
    assert started.signon("FRANCE", "SET NOWAIT").accepted                # (clearing a flag is always taken)
    assert started.master("SET RULE deadlines=auto", "SET EARLY -1").accepted
    before = started.status_bytes()
    r = started.signon("FRANCE", "SET WAIT")
    assert r.errors[0][1] == (f"GAME {GAME} PROCESSES NO PHASE BEFORE ITS DEADLINE (EARLY PROCESSING IS "
                              "OFF), SO SET WAIT WOULD HOLD NOTHING BACK")
    assert started.status_bytes() == before
    assert started.master("SET EARLY 0").accepted
    assert started.signon("FRANCE", "SET WAIT").accepted and started.game(GAME).player("FRANCE").wait


def test_player_password(started):
    assert started.signon("FRANCE", "SET PASSWORD brand-new").accepted
    assert "Password changed." in started.reply("FRANCE")
    assert "brand-new" not in started.status_bytes().decode()
    assert not started.signon("FRANCE").accepted                          # the old password no longer works
    assert started.send("france@example.org", f"SIGNON F{GAME} brand-new").accepted


def test_master_password(started):
    assert started.master("SET PASSWORD gm-new").accepted
    assert started.send(GM[0], f"SIGNON M{GAME} gm-new").accepted
    assert not started.master().accepted
    assert "gm-new" not in started.status_bytes().decode()


def test_password_must_be_one_word(started):
    for args in ("", " two words"):
        r = started.signon("FRANCE", f"SET PASSWORD{args}")
        assert r.errors[0][1] == "USE SET PASSWORD <new password> (one word)"


def test_address(started):
    """SET ADDRESS mails a code to the new address; SET ADDRESS <new> <code> makes the change."""
    from tests.commands.test_address import change_address
    started.new_mail()
    change_address(started, "FRANCE", "fr-new@example.org")
    assert started.game(GAME).player("FRANCE").address == "fr-new@example.org"
    # The new address gets a confirmation (a typo would otherwise lose every later mail); the old one the reply.
    [confirmation] = started.mails("address changed")
    assert confirmation["To"] == "fr-new@example.org"
    assert "now fr-new@example.org (it was france@example.org)" in " ".join(confirmation.get_content().split())
    change_address(started, None, "new-gm@example.org")
    assert started.game(GAME).master_address == "new-gm@example.org"
    before = started.status_bytes()
    for bad in ("SET ADDRESS", "SET ADDRESS nobody", "SET ADDRESS a@b c@d e", "SET ADDRESS a@x.org,b@y.org",
                "SET ADDRESS a@x.org;b@y.org", "SET ADDRESS <a@x.org>", "SET ADDRESS j\u00f6rg@x.org"):
        r = started.signon("FRANCE", bad)
        assert r.errors[0][1].startswith("USE SET ADDRESS <one plain e-mail address, e.g. name@example.org>"), bad
    assert started.status_bytes() == before


def test_absence_moves_a_deadline_inside_it_and_says_only_that(started):
    """T0 is Mon 5 Jan 2026 12:00; the deadline is Thu Jan 08 12:00. France is away Jan 7-9: the deadline moves to
    the end of the absence (Jan 10 00:00); the others learn that it moved, not why."""
    started.new_mail()
    assert started.signon("FRANCE", "SET ABSENCE 7 Jan TO 9 Jan").accepted
    reply = started.reply("FRANCE")
    assert "Noted: France is away from Wed 7 Jan 2026 00:00 UTC to Sat 10 Jan 2026 00:00 UTC" in " ".join(reply.split())
    game = started.game(GAME)
    assert game.deadline == datetime(2026, 1, 10, 0, 0, tzinfo=timezone.utc)
    notices = started.delivered("deadline changed")
    assert set(notices) == {a for a, _ in PLAYERS.values()} | {GM[0]}
    text = notices[GM[0]].get_content()
    assert "moved to Sat 10 Jan 2026 00:00 UTC" in text and "France" not in text and "absen" not in text


def test_an_absence_that_misses_the_deadline_moves_nothing(started):
    started.new_mail()
    assert started.signon("FRANCE", "SET ABSENCE 2026-02-01").accepted
    assert started.game(GAME).deadline == T0 + timedelta(hours=72)
    assert started.mails("deadline") == []


def test_later_phases_take_their_deadline_after_absences(started):
    assert started.signon("FRANCE", "SET ABSENCE 9 Jan TO 12 Jan").accepted     # after this phase's deadline
    started.all_hold()
    started.clock.advance(minutes=10)
    assert started.process(GAME)[0].startswith("S1901M processed")
    # F1901M starts Jan 05 12:10; its deadline (72 h later, Jan 08 12:10) is before the absence: unchanged.
    assert started.game(GAME).deadline == T0 + timedelta(minutes=10, hours=72)
    assert started.master("SET MOVEMENT 96").accepted
    started.all_hold()
    started.clock.advance(minutes=10)
    started.process(GAME)
    # W1901 has nothing to adjust; S1902M starts Jan 05 12:20 and would end Jan 09 12:20: inside, so Jan 13 00:00.
    assert started.game(GAME).deadline == datetime(2026, 1, 13, 0, 0, tzinfo=timezone.utc)


def test_absence_limits(started):
    before = started.status_bytes()
    cases = [("SET ABSENCE", "USE SET ABSENCE"), ("SET ABSENCE next week", "UNRECOGNIZED DAY: next week"),
             ("SET ABSENCE 1 Feb TO 20 Feb", "AN ABSENCE MAY LAST AT MOST 14 DAYS"),
             ("SET ABSENCE 10 Feb TO 1 Feb", "AN ABSENCE MUST END AFTER IT STARTS")]
    for line, why in cases:
        r = started.signon("FRANCE", line)
        assert not r.accepted and r.errors[0][1].startswith(why), (line, r.errors)
    assert started.status_bytes() == before
    for day in (1, 3, 5, 7):
        assert started.signon("FRANCE", f"SET ABSENCE 2026-02-0{day}").accepted
    assert started.signon("FRANCE", "SET ABSENCE 2026-02-09").errors[0][1] == \
        f"YOU HAVE SET ALL 4 ABSENCES GAME {GAME} ALLOWS (ASK THE MASTER)"
    assert started.master("SET ABSENCE 1 Mar TO 30 Apr").accepted          # the master sets any
    assert started.master("SET RULE absence_days=0").accepted
    assert started.signon("GERMANY", "SET ABSENCE 2026-02-01").errors[0][1] == \
        f"GAME {GAME} ALLOWS NO ABSENCES (ASK THE MASTER)"


def test_absence_count_of_none_or_one_is_said_in_words(started):
    # absence_count=0 was "YOU HAVE SET ALL 0 ABSENCES GAME g1 ALLOWS" to a player who had set none, and 1 "ALL 1
    # ABSENCES".
    assert started.master("SET RULE absence_count=0").accepted
    before = started.status_bytes()
    assert started.signon("FRANCE", "SET ABSENCE 2026-02-01").errors[0][1] == \
        f"GAME {GAME} ALLOWS NO ABSENCES (ASK THE MASTER)"
    assert started.status_bytes() == before
    assert started.master("SET RULE absence_count=1").accepted
    assert started.signon("FRANCE", "SET ABSENCE 2026-02-01").accepted
    assert started.signon("FRANCE", "SET ABSENCE 2026-02-03").errors[0][1] == \
        f"YOU HAVE SET THE ONE ABSENCE GAME {GAME} ALLOWS (ASK THE MASTER)"


def test_deadline(started):
    started.new_mail()
    assert started.master("SET DEADLINE 2026-01-20 18:00").accepted
    assert started.game(GAME).deadline == datetime(2026, 1, 20, 18, 0, tzinfo=timezone.utc)
    assert "Deadline set to Tue 20 Jan 2026 18:00 UTC." in started.reply(GM[0])
    assert set(started.delivered("deadline changed")) == {a for a, _ in PLAYERS.values()} | {GM[0]}


def test_deadline_relative_and_in_the_games_zone(started):
    assert started.master("SET DEADLINE +48h").accepted
    assert started.game(GAME).deadline == T0 + timedelta(hours=48)
    assert started.master("SET DEADLINE +2d").accepted
    assert started.game(GAME).deadline == T0 + timedelta(days=2)
    assert started.master("SET ZONE Europe/Paris", "SET DEADLINE 2026-07-20 18:00").accepted
    assert started.game(GAME).deadline == datetime(2026, 7, 20, 16, 0, tzinfo=timezone.utc)    # CEST = UTC+2
    # in words, as masters write them (T0 is Monday 5 January 2026, noon; the game is in Paris time now)
    assert started.master("SET DEADLINE 2 days").accepted
    assert started.game(GAME).deadline == T0 + timedelta(days=2)
    assert started.master("SET DEADLINE Friday 20:00").accepted
    assert started.game(GAME).deadline == datetime(2026, 1, 9, 19, 0, tzinfo=timezone.utc)     # CET = UTC+1
    refused = started.master("SET DEADLINE today 09:00")
    assert refused.errors[0][1].startswith("DEADLINE IN THE PAST: Mon 5 Jan 2026 09:00 CET")


def test_deadline_errors(started):
    assert started.master("SET DEADLINE someday").errors[0][1] == \
        "UNRECOGNIZED DEADLINE: someday (write e.g. 2026-11-30 23:30, or +48h)"
    assert started.signon("FRANCE", "SET DEADLINE +1d").errors[0][1].startswith("ONLY THE GAME MASTER MAY DO THAT")


def test_deadline_allows_a_new_preview(started):
    game = started.game(GAME)
    game.preview_sent = True
    started.judge.store.save(game)
    assert started.master("SET DEADLINE +1d").accepted
    assert not started.game(GAME).preview_sent


def test_rule_and_norule(started):
    assert started.master("SET RULE partial_orders=reject late_powers=preview").accepted
    assert "Rules now: partial_orders=reject, late_powers=preview." in started.reply(GM[0])
    rules = started.game(GAME).rules
    assert (rules.partial_orders, rules.late_powers) == (PartialOrders.REJECT, LatePowers.PREVIEW)
    assert started.master("SET NORULE partial-orders").accepted
    rules = started.game(GAME).rules
    assert (rules.partial_orders, rules.late_powers) == (PartialOrders.ACCEPT, LatePowers.PREVIEW)


def test_rule_preset(started):
    assert started.master("SET RULE dpjudge press=none").accepted
    rules = started.game(GAME).rules
    assert rules.duplicate_orders.value == "reject_set" and rules.press is Press.NONE


@pytest.mark.parametrize("line, error", [
    ("SET RULE frobnicate=on", "UNKNOWN RULE: FROBNICATE"),
    ("SET RULE press=pink", "RULE PRESS: 'pink' IS NOT ONE OF white, grey, white_grey, broadcast, none"),
    ("SET RULE absence_days=99", "RULE ABSENCE_DAYS: '99' IS NOT FROM 0 TO 60"),
    ("SET RULE fake_press press=none", "RULE FAKE_PRESS CONFLICTS WITH PRESS=none"),
    ("SET RULE press", "RULE PRESS NEEDS A VALUE"),
    ("SET NORULE frobnicate", "UNKNOWN RULE: FROBNICATE"),
    ("SET NORULE", "UNKNOWN RULE: (none given)"),
])
def test_rule_errors(started, line, error):
    before = started.status_bytes()
    r = started.master(line)
    assert not r.accepted and r.errors[0][1].startswith(error)
    assert started.status_bytes() == before


def test_rules_are_the_masters(started):
    assert started.signon("FRANCE", "SET RULE press=none").errors[0][1].startswith("ONLY THE GAME MASTER")


def test_private_and_public(started):
    assert started.master("SET PRIVATE").accepted and started.game(GAME).private
    assert started.master("SET PUBLIC").accepted and not started.game(GAME).private


@pytest.mark.parametrize("line, field, value", [
    ("SET MOVEMENT 48", "movement_hours", 48), ("SET MOVE 36", "movement_hours", 36),
    ("SET RETREAT 12", "retreat_hours", 12), ("SET RETREATS 6", "retreat_hours", 6),
    ("SET ADJUSTMENT 10", "adjustment_hours", 10), ("SET BUILDS 8", "adjustment_hours", 8),
    ("SET GRACE 0", "grace_hours", 0), ("SET REMINDER 0", "reminder_hours", 0), ("SET LATE 3", "late_notice_hours", 3),
    ("SET GRACE 90m", "grace_hours", 1.5), ("SET MOVEMENT 2d", "movement_hours", 48), ("SET EARLY 2h", "early_minutes", 120),
    ("SET LATE 30m", "late_notice_hours", 0.5),
    # in words, as masters write them
    ("SET GRACE 2 days", "grace_hours", 48), ("SET MOVEMENT 36 hours", "movement_hours", 36),
    ("SET RETREAT 1 week", "retreat_hours", 168), ("SET LATE 90 minutes", "late_notice_hours", 1.5),
    ("SET EARLY 3 hrs", "early_minutes", 180),
    ("SET EARLY 0", "early_minutes", 0), ("SET EARLY -1", "early_minutes", -1),
    ("SET TIME 23:30", "time_of_day", "23:30"), ("SET TIME NONE", "time_of_day", ""),
    ("SET DAYS mtwtf--", "days", "MTWTF--"), ("SET ZONE America/New_York", "timezone", "America/New_York"),
])
def test_timing(started, line, field, value):
    assert started.master(line).accepted, line
    assert getattr(started.game(GAME).timing, field) == value


@pytest.mark.parametrize("line", [
    "SET MOVEMENT x", "SET MOVEMENT 0", "SET RETREAT -2", "SET ADJUSTMENT 0", "SET GRACE -1", "SET REMINDER -1",
    "SET EARLY soon", "SET TIME 25:00", "SET TIME", "SET TIME noon", "SET DAYS MTWTF", "SET DAYS -------",
    "SET DAYS XTWTFSS",
    "SET ZONE Mars/Olympus_Mons", "SET MOVEMENT 99999999999", "SET GRACE 100000", "SET EARLY 99999999",
    "SET REMINDER 1000", "SET LATE 99999", "SET RETREAT 2161", "SET GRACE 2 months", "SET MOVEMENT 2 days 3 hours",
])
def test_timing_errors(started, line):
    before = started.status_bytes()
    r = started.master(line)
    what = line.split()[1]
    assert not r.accepted and r.errors[0][1].startswith(f"SET {what}: ") and "IS NOT VALID" in r.errors[0][1]
    assert started.status_bytes() == before


def test_days_without_any_playing_day_are_refused_saying_why(started):
    """'-------' is seven characters, each a letter's place or '-', as the rule asks: the refusal says what is wrong
    with it (no day left for a deadline), and nothing changes."""
    before = started.status_bytes()
    r = started.master("SET DAYS -------")
    assert not r.accepted and "------- leaves no day for a deadline" in r.errors[0][1], r.errors
    assert started.status_bytes() == before


@pytest.mark.parametrize("name, why", [
    ("localtime", "depends on how this host is set up"), ("posixrules", "depends on how this host is set up"),
    ("right/UTC", "depends on how this host is set up"), ("posix/Europe/Paris", "depends on how this host is set up"),
    ("Factory", "depends on how this host is set up"), ("US/Eastern", "is an old name for America/New_York"),
    ("Europe/Kiev", "is an old name for Europe/Kyiv"), ("EST", ""), ("../../etc/passwd", "unknown time zone"),
])
def test_a_zone_is_a_canonical_iana_name(started, name, why):
    """Zone names whose meaning is the host's (the host's own zone, the posix/ and right/ trees) or that are only
    kept for old software are refused, saying what to use; the reply never says 'Zone set'."""
    before = started.status_bytes()
    r = started.master(f"SET ZONE {name}")
    assert not r.accepted, name
    error = r.errors[0][1]
    assert error.startswith(f"SET ZONE: {name} IS NOT VALID") and why in error and ": use " in error, error
    assert started.status_bytes() == before and "Zone set" not in started.reply(GM[0])


def test_a_zone_name_in_any_case_is_kept_as_the_database_spells_it(started):
    assert started.master("SET ZONE europe/PARIS").accepted
    assert "Zone set to Europe/Paris." in started.reply(GM[0])
    assert started.game(GAME).timing.timezone == "Europe/Paris"
    assert started.master("SET ZONE etc/gmt-1").accepted and started.game(GAME).timing.timezone == "Etc/GMT-1"


def test_delays_in_minutes_hours_or_days(started):
    assert started.master("SET GRACE 90m", "SET RETREAT 30m").accepted
    reply = started.reply(GM[0])
    assert "Grace set to 90 minutes." in reply and "Retreat set to 30 minutes." in reply
    assert started.master("SET DEADLINE +30m").accepted
    assert started.game(GAME).deadline == T0 + timedelta(minutes=30)


def test_reminder_and_late_notices_set_to_zero_say_what_zero_means(started):
    """SET REMINDER 0 sends no reminder at all, SET LATE 0 one late notice (at the deadline) and no more: the reply
    says so, as the players' notice of the change does, not "Reminder set to 0 hours." (a reminder at the
    deadline?)."""
    assert started.master("SET REMINDER 0", "SET LATE 0").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert "Reminders are off: no reminder goes before a deadline." in reply, reply
    assert "Late notices: one only, at the deadline." in reply, reply
    assert "set to 0" not in reply
    assert (started.game(GAME).timing.reminder_hours, started.game(GAME).timing.late_notice_hours) == (0, 0)


def test_deadlines_made_manual_in_the_grace_period_keep_the_missed_deadline(started):
    """Turkey missed Thu 8 Jan 12:00 and had its late notice; the master then takes the deadlines away (a live
    session to finish the phase) and processes it. The deadline was missed all the same: Turkey's lateness counts
    the phase, as when the master moves the deadline in the grace period (SET DEADLINE, README)."""
    started.all_hold(*[p for p in PLAYERS if p != "TURKEY"])
    started.clock.now = T0 + timedelta(hours=80)
    assert started.process(GAME) == ["late notices sent to TURKEY"]
    assert started.master("SET RULE deadlines=manual").accepted
    assert ("The deadline had passed: Turkey missed it, and this phase counts in their lateness."
            in " ".join(started.reply(GM[0]).split()))
    assert started.game(GAME).deadline is None
    assert started.master("PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"
    assert started.master(f"LIST {GAME}").accepted
    listing = started.reply(GM[0])
    assert "  Turkey   active, no orders yet, late 1 time\n" in listing, listing
    assert "  France   active, no orders yet, late 0 times\n" in listing, listing


def test_the_largest_settings_still_let_the_clock_run(started):
    """Every timing at the top of its range: the deadline, reminder, late-notice and civil-disorder arithmetic
    all stay inside the calendar (a huge value used to crash every later processing run)."""
    assert started.master("SET MOVEMENT 2160", "SET GRACE 2160", "SET EARLY 10080", "SET REMINDER 720",
                          "SET LATE 720", "SET DEADLINE +366d").accepted
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA")
    game = started.game(GAME)
    started.clock.now = game.deadline + timedelta(hours=2161)
    assert started.process(GAME) == ["civil disorder: TURKEY", "S1901M processed; next phase F1901M"]
    assert started.game(GAME).deadline - started.clock.now == timedelta(hours=2160)


@pytest.mark.parametrize("when", ["+99999999d", "+367d", "9999-12-31 23:59", "+9999999999h"])
def test_a_deadline_too_far_ahead_is_refused(started, when):
    before = started.status_bytes()
    r = started.master(f"SET DEADLINE {when}")
    assert not r.accepted and r.errors[0][1].startswith(("DEADLINE TOO FAR AHEAD", "UNRECOGNIZED DEADLINE")), r.errors
    assert started.status_bytes() == before


def test_out_of_range_timing_saved_by_an_older_judge_is_brought_into_range(started):
    import json
    path = started.folder(GAME) / "status.json"
    doc = json.loads(path.read_text())
    doc["timing"].update(movement_hours=99999999999, early_minutes=-5, grace_hours=-3)
    path.write_text(json.dumps(doc))
    timing = started.game(GAME).timing
    assert (timing.movement_hours, timing.early_minutes, timing.grace_hours) == (2160, -1, 0)


def test_set_errors(started):
    assert started.master("SET").errors[0][1].startswith("SET WHAT? WAIT, NOWAIT")
    assert started.master("SET COLOUR blue").errors[0][1] == "UNKNOWN SETTING: COLOUR"
    assert started.signon("FRANCE", "SET COLOUR blue").errors[0][1] == "UNKNOWN SETTING: COLOUR"
    # DPjudge's words for what is done here otherwise: named, with what does it
    assert started.master("SET UNLISTED").errors[0][1].startswith(
        "UNKNOWN SETTING: UNLISTED; DPJUDGE'S SET UNLISTED IS DONE HERE BY SET PRIVATE <game password>")
    assert started.master("SET LISTED").errors[0][1].startswith(
        "UNKNOWN SETTING: LISTED; DPJUDGE'S SET LISTED IS DONE HERE BY SET PUBLIC")
    assert started.send("x@example.org", "SET WAIT").errors[0][1] == \
        "NO GAME: SIGN ON (SIGNON, CREATE, JOIN, OBSERVE) FIRST"


# -- what a new game master meets (issue 18) -------------------------------------------------------------------------
def test_five_minutes_is_the_shortest_phase_and_is_accepted(desk):
    r = desk.send(GM[0], "CREATE live gm-pw\nSET MOVEMENT 5m\nSET RETREAT 5m\nSET ADJUSTMENT 5m")
    assert r.accepted, desk.reply(GM[0])
    assert "Movement set to 5 minutes." in desk.reply(GM[0])
    timing = desk.game("live").timing
    assert timing.movement_hours * 60 == pytest.approx(5) and timing.adjustment_hours * 60 == pytest.approx(5)
    assert desk.send(GM[0], "SIGNON Mlive gm-pw\nSET MOVEMENT 4m").errors[0][1].startswith(
        "SET MOVEMENT: 4m IS NOT VALID (it must be from 5 minutes")


def test_a_refused_create_says_no_game_was_made_and_a_join_says_where_to_look(desk):
    r = desk.send(GM[0], "CREATE demo gm-pw\nSET MOVEMENT 5m\nSET RULE presss=none")
    assert not r.accepted and not desk.judge.store.exists("demo")
    reply = " ".join(desk.reply(GM[0]).split())
    assert "GAME demo WAS NOT CREATED: CORRECT THE LINE BELOW AND SEND THE WHOLE MESSAGE AGAIN" in reply
    assert ">> SET RULE presss=none UNKNOWN RULE: PRESSS" in reply
    assert desk.send("p@example.org", "JOIN demo pw F").errors[0][1] == \
        "NO SUCH GAME: demo (LIST SHOWS THE GAMES OF THIS JUDGE)"


def test_a_phase_made_too_short_for_its_reminder_is_said_so_when_it_is_set(started):
    """With reminders 24 hours before the deadline, a movement phase of 12 hours has no time for one (it would go
    before the phase began): SET MOVEMENT says so, as SET REMINDER does; retreats and adjustments of 24 hours (the
    defaults) never had one, and a change that leaves reminders where they were adds no note."""
    assert started.master("SET MOVEMENT 12").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert ("Movement set to 12 hours. From the next phase on; the current deadline stays Thu 8 Jan 2026 12:00 UTC. "
            "Note: with the phases this game has now, no reminder will be sent in any phase: a reminder goes 24 hours "
            "before the deadline, and only when that is at least 1 hour after the phase began.") in reply, reply
    assert started.master("SET MOVEMENT 48", "SET ADJUSTMENT 12").accepted
    assert "Note" not in started.reply(GM[0])


def test_a_reminder_that_can_never_go_is_said_so_when_it_is_set(desk):
    assert desk.send(GM[0], "CREATE live gm-pw\nSET MOVEMENT 5m\nSET RETREAT 5m\nSET ADJUSTMENT 5m\n"
                            "SET REMINDER 2m").accepted
    reply = " ".join(desk.reply(GM[0]).split())
    assert ("Reminder set to 2 minutes. Note: with the phases this game has now, no reminder will be sent in any "
            "phase: a reminder goes 2 minutes before the deadline, and only when that is at least 1 hour after the "
            "phase began.") in reply
    assert desk.send(GM[0], "SIGNON Mlive gm-pw\nSET MOVEMENT 48h\nSET RETREAT 30m\nSET ADJUSTMENT 1d\n"
                            "SET REMINDER 12h").accepted
    assert "no reminder will be sent in a retreat phase:" in " ".join(desk.reply(GM[0]).split())
    assert desk.send(GM[0], "SIGNON Mlive gm-pw\nSET RETREAT 24h\nSET REMINDER 12h").accepted
    assert "Note:" not in desk.reply(GM[0])


def test_set_early_tells_the_master_when_the_phase_goes_at_once(started):
    started.all_hold()
    assert started.game(GAME).ready_since is not None
    assert started.master("SET EARLY 0").accepted
    assert ("Note: every order is in and nobody waits, so Spring 1901 Movement will be processed now (within a "
            "minute).") in " ".join(started.reply(GM[0]).split())
    assert started.master("SET EARLY 30").accepted
    assert "will be processed at Mon 5 Jan 2026 12:30 UTC." in " ".join(started.reply(GM[0]).split())
    assert started.signon("FRANCE", "SET WAIT").accepted
    assert started.master("SET EARLY 0").accepted
    assert "Note:" not in started.reply(GM[0])


def test_help_names_every_word_set_takes(started):
    """HELP's SET entry names every word SET takes (the first spelling of each; SET LATE was left out once), read
    from the table SET itself goes by: a word outside it is an UNKNOWN SETTING, so HELP cannot drift from SET."""
    from judge.commands.settings import word_groups
    assert started.send("asker@example.org", "HELP").accepted
    reply = started.reply("asker@example.org")
    entry = reply.split("\n  SET <what> <value>\n")[1].split("\n\n")[0]
    named = set(re.findall(r"\b[A-Z][A-Z_]+\b", entry))
    groups = word_groups()
    assert {"LATE", "MOVEMENT", "GRACE", "ZONE", "VICTORY", "WAIT", "ABSENCE"} <= {g[0] for g in groups}
    missing = [g[0] for g in groups if g[0] not in named]
    assert not missing, f"HELP's SET leaves out {missing}"
    for group in groups:
        for word in group:
            errors = started.master(f"SET {word}").errors
            assert not errors or not errors[0][1].startswith("UNKNOWN SETTING"), (word, errors)
    assert started.master("SET LATENESS 3").errors[0][1] == "UNKNOWN SETTING: LATENESS"


def _join_all(desk) -> None:
    from tests.commands.helpers import LETTER
    for power, (address, password) in PLAYERS.items():
        assert desk.send(address, f"JOIN {GAME} {password} {LETTER[power]}").accepted


def test_the_first_deadline_the_master_sets_while_the_game_forms_holds_when_it_starts(forming):
    # SET DEADLINE while forming was answered "Deadline set to ..." and then forgotten: the start set its own
    first = T0 + timedelta(days=5, hours=3)
    assert forming.master(f"SET DEADLINE {first:%Y-%m-%d %H:%M}").accepted
    assert "still forming: this is its first deadline if it starts before then" in forming.reply(GM[0])
    forming.clock.advance(hours=2)
    _join_all(forming)
    game = forming.game(GAME)
    assert game.status == "active" and game.deadline == first
    starting = forming.mails("starting")
    assert starting and all(f":: Deadline: S1901M {show(first, game.timing)}" in m.get_content() for m in starting)


def test_a_first_deadline_already_past_when_the_game_starts_gives_way_to_the_usual_one(forming):
    first = T0 + timedelta(hours=5)
    assert forming.master(f"SET DEADLINE {first:%Y-%m-%d %H:%M}").accepted
    forming.clock.advance(hours=6)
    _join_all(forming)
    game = forming.game(GAME)
    # the movement phase's usual 72 hours from the start (the game's default timing), not a deadline already past
    assert game.deadline >= forming.clock.now + timedelta(hours=72)


def test_a_rule_that_makes_held_orders_unusable_drops_them_and_says_so(started):
    """SET RULE immobile_dummies=on with a move held for a dummy (the master's order): the move is dropped and the
    master told, as the unit now holds (DPjudge's IMMOBILE_DUMMIES); it was kept, said nothing, and only processing
    set it aside (the random walk over DPjudge's v8 map found it)."""
    assert started.master("DUMMY E").accepted
    assert started.master("ENGLAND: F LON - NTH", "ENGLAND: A LVP H").accepted
    assert started.master("SET RULE immobile_dummies=on").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert ("Orders the rules no longer allow, dropped: England: F LON - NTH (A DUMMY'S UNIT CANNOT MOVE (RULE "
            "IMMOBILE_DUMMIES): F LON).") in reply
    game = started.game(GAME)
    assert game.player("ENGLAND").orders == ["A LVP H"] and not game.legal_orders()[1]


def test_a_player_whose_held_build_a_rule_change_makes_unusable_is_told_of_it(started):
    """SET RULE build_anywhere=off in a winter where France holds a build in Spain (not a home centre): the master's
    reply names it, and France's player is told by mail which of the orders they sent no longer stand; nobody else
    is told of France's orders."""
    started.set_board({"phase": "W1902A", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BER"]},
                       "centers": {"FRANCE": ["PAR", "SPA", "BRE"], "GERMANY": ["BER"]}})
    assert started.master("SET RULE build_anywhere=on").accepted
    assert started.signon("FRANCE", "Build A Spa").accepted
    started.new_mail()
    assert started.master("SET RULE build_anywhere=off").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert "Orders the rules no longer allow, dropped: France: Build A Spa (NOT A HOME SUPPLY CENTER: SPA)" in reply
    told = started.delivered("orders dropped")
    france = PLAYERS["FRANCE"][0]
    assert list(told) == [france], told
    text = " ".join(told[france].get_content().split())
    assert ("these orders of France's no longer stand: they were dropped. Build A Spa (NOT A HOME SUPPLY CENTER: "
            "SPA).") in text
    assert started.game(GAME).player("FRANCE").orders == []
