"""SET: a player's WAIT, PASSWORD, ADDRESS, ABSENCE; the master's DEADLINE, RULE, NORULE, PRIVATE and timing."""
from datetime import datetime, timedelta, timezone

import pytest

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
    assert started.signon("FRANCE", "SET ADDRESS new-france@example.org").accepted
    assert started.game(GAME).player("FRANCE").address == "new-france@example.org"
    assert started.master("SET ADDRESS new-gm@example.org").accepted
    assert started.game(GAME).master_address == "new-gm@example.org"
    before = started.status_bytes()
    for bad in ("SET ADDRESS", "SET ADDRESS nobody", "SET ADDRESS a@b c@d", "SET ADDRESS a@x.org,b@y.org",
                "SET ADDRESS a@x.org;b@y.org", "SET ADDRESS <a@x.org>", "SET ADDRESS j\u00f6rg@x.org"):
        r = started.signon("FRANCE", bad)
        assert r.errors[0][1] == "USE SET ADDRESS <one plain e-mail address, e.g. name@example.org>", bad
    assert started.status_bytes() == before


def test_absence(started):
    started.new_mail()
    assert started.signon("FRANCE", "SET ABSENCE 2026-02-01").accepted
    assert "Noted: France is away until 2026-02-01." in started.reply("FRANCE")
    assert started.game(GAME).player("FRANCE").absent_until == "2026-02-01"
    [notice] = started.mails("absence")
    assert notice["To"] == GM[0] and "France is away until 2026-02-01." in notice.get_content()
    for bad in ("SET ABSENCE", "SET ABSENCE next week", "SET ABSENCE 1/2/2026"):
        assert started.signon("FRANCE", bad).errors[0][1] == "USE SET ABSENCE <YYYY-MM-DD> (the day you are back)"


def test_deadline(started):
    started.new_mail()
    assert started.master("SET DEADLINE 2026-01-20 18:00").accepted
    assert started.game(GAME).deadline == datetime(2026, 1, 20, 18, 0, tzinfo=timezone.utc)
    assert "Deadline set to Tue Jan 20 2026 18:00 UTC." in started.reply(GM[0])
    assert set(started.delivered("deadline changed")) == {a for a, _ in PLAYERS.values()} | {GM[0]}


def test_deadline_relative_and_in_the_games_zone(started):
    assert started.master("SET DEADLINE +48h").accepted
    assert started.game(GAME).deadline == T0 + timedelta(hours=48)
    assert started.master("SET DEADLINE +2d").accepted
    assert started.game(GAME).deadline == T0 + timedelta(days=2)
    assert started.master("SET ZONE Europe/Paris", "SET DEADLINE 2026-07-20 18:00").accepted
    assert started.game(GAME).deadline == datetime(2026, 7, 20, 16, 0, tzinfo=timezone.utc)    # CEST = UTC+2


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
    ("SET RULE press=grey", "RULE PRESS: 'grey' IS NOT ONE OF white, none"),
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
    ("SET EARLY 0", "early_minutes", 0), ("SET EARLY -1", "early_minutes", -1),
    ("SET TIME 23:30", "time_of_day", "23:30"), ("SET TIME", "time_of_day", ""),
    ("SET DAYS mtwtf--", "days", "MTWTF--"), ("SET ZONE America/New_York", "timezone", "America/New_York"),
])
def test_timing(started, line, field, value):
    assert started.master(line).accepted, line
    assert getattr(started.game(GAME).timing, field) == value


@pytest.mark.parametrize("line", [
    "SET MOVEMENT x", "SET MOVEMENT 0", "SET RETREAT -2", "SET ADJUSTMENT 0", "SET GRACE -1", "SET REMINDER -1",
    "SET EARLY soon", "SET TIME 25:00", "SET TIME noon", "SET DAYS MTWTF", "SET DAYS -------", "SET DAYS XTWTFSS",
    "SET ZONE Mars/Olympus_Mons", "SET MOVEMENT 99999999999", "SET GRACE 100000", "SET EARLY 99999999",
    "SET REMINDER 1000", "SET LATE 99999", "SET RETREAT 2161",
])
def test_timing_errors(started, line):
    before = started.status_bytes()
    r = started.master(line)
    what = line.split()[1]
    assert not r.accepted and r.errors[0][1].startswith(f"SET {what}: ") and "IS NOT VALID" in r.errors[0][1]
    assert started.status_bytes() == before


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
    assert started.send("x@example.org", "SET WAIT").errors[0][1] == \
        "NO GAME: SIGN ON (SIGNON, CREATE, JOIN, OBSERVE) FIRST"
