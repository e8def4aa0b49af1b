"""What a paused game's replies say of the deadline, a grace changed in the middle of a grace period, how often a
player was late, and what the clock logs of its reminders. Game g1 starts Mon 5 Jan 2026 12:00 UTC (T0); its
Spring 1901 deadline is Thu 8 Jan 12:00 (24 hours' grace, a reminder 24 hours before, late notices every 6 hours)."""
from datetime import timedelta

from tests.commands.helpers import GAME, GM, HOLDS, PLAYERS, T0

DEADLINE = T0 + timedelta(hours=72)
PAUSED = "paused (when the master resumes the game, it runs again with the time it had left)"


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_paused_game_replies_that_no_deadline_runs(started):
    """STATUS, the confirmation of orders and the TAKEOVER reply of a paused game name no deadline that will not hold;
    the ':: Deadline:' line keeps the shape DPjudge and Mapper read, with the time now (as DPjudge writes when a game
    has no deadline running)."""
    assert started.signon("TURKEY", "RESIGN").accepted
    started.clock.now = T0 + timedelta(days=1)
    assert started.master("PAUSE").accepted
    started.new_mail()
    started.clock.now = T0 + timedelta(days=2)

    assert started.signon("FRANCE", "STATUS").accepted
    status = flat(started.reply("FRANCE"))
    assert f"Game '{GAME}', Spring 1901 Movement; deadline {PAUSED}." in status, status
    assert "Thu 8 Jan" not in status

    assert started.signon("FRANCE", *HOLDS["FRANCE"]).accepted
    orders = started.reply("FRANCE")
    lines = orders.splitlines()
    assert ":: Deadline: S1901M Wed 7 Jan 2026 12:00 UTC" in lines, orders
    assert flat(orders).count(f"Game {GAME} is paused: no deadline runs until the master resumes it") == 1
    assert "Thu 8 Jan" not in orders

    assert started.send("new@example.org", f"TAKEOVER T{GAME} new-pw").accepted
    takeover = flat(started.reply_to("new@example.org"))
    assert f"deadline {PAUSED}." in takeover, takeover
    assert "Thu 8 Jan" not in takeover

    assert started.master(f"HISTORY {GAME}").accepted
    assert ":: Deadline: S1901M Wed 7 Jan 2026 12:00 UTC" in started.reply(GM[0]).splitlines()

    # Resumed, the replies name the deadline as it now stands: the one day paused later.
    started.clock.now = T0 + timedelta(days=2)
    assert started.master("RESUME").accepted
    assert started.signon("FRANCE", "STATUS").accepted
    assert "deadline Fri 9 Jan 2026 12:00 UTC." in flat(started.reply("FRANCE"))
    assert started.signon("FRANCE", *HOLDS["FRANCE"]).accepted
    orders = started.reply("FRANCE")
    assert ":: Deadline: S1901M Fri 9 Jan 2026 12:00 UTC" in orders.splitlines() and "paused" not in orders


def test_results_of_a_phase_processed_while_paused_say_the_next_deadline_waits(started):
    started.clock.now = T0 + timedelta(days=1)
    assert started.master("PAUSE", "PROCESS!").accepted
    results = started.mails("Diplomacy results")
    assert results
    text = flat(results[0].get_content())
    assert "The game is paused: the deadline runs when the master resumes it, with the phase's whole time." in text
    assert "The deadline for orders will be" not in text


def test_set_deadline_while_paused_tells_the_players_it_moves_with_the_pause(started):
    started.clock.now = T0 + timedelta(days=1)
    assert started.master("PAUSE").accepted
    started.new_mail()
    assert started.master("SET DEADLINE 2026-01-10 12:00").accepted
    notice = flat(started.delivered("deadline changed")[PLAYERS["FRANCE"][0]].get_content())
    assert (f"The master has set the deadline of {GAME} to Sat 10 Jan 2026 12:00 UTC (the game is paused: it moves "
            "by the time the game stays paused).") in notice


def others_hold(desk, but: str = "AUSTRIA") -> None:
    for power in HOLDS:
        if power != but:
            assert desk.signon(power, *HOLDS[power]).accepted


def test_a_grace_changed_in_the_grace_period_keeps_the_promised_end(started):
    """Austria, late, is told orders count until Fri 9 Jan 12:00; an hour later the master cuts the grace to two
    hours. Austria's orders at 11:00 on Jan 9 still count (no civil disorder at 14:00 on Jan 8); the two hours
    apply from Fall 1901."""
    assert started.master("SET LATE 0").accepted
    others_hold(started)
    started.clock.now = DEADLINE
    started.process(GAME)
    notice = flat(started.delivered("deadline missed")[PLAYERS["AUSTRIA"][0]].get_content())
    assert "Orders arriving before Fri 9 Jan 2026 12:00 UTC will still be used" in notice

    started.clock.now = DEADLINE + timedelta(hours=1)
    assert started.master("SET GRACE 2").accepted
    assert flat(started.reply(GM[0])).endswith(
        "Grace set to 2 hours. It applies from the next phase; the current grace ends Fri 9 Jan 2026 12:00 UTC as "
        "promised. End of judge reply.")
    assert started.master(f"LIST {GAME}").accepted
    assert "  grace_hours = 2 (this phase: 24)\n" in started.reply(GM[0])
    # The players are told, with what this phase keeps.
    told = started.delivered("rules changed")
    assert "Grace period after a deadline: 2 hours (was 24 hours); from the next phase on" in \
        flat(told[PLAYERS["AUSTRIA"][0]].get_content())
    started.clock.now = DEADLINE + timedelta(hours=3)
    assert started.process(GAME) == []
    started.clock.now = DEADLINE + timedelta(hours=22)
    assert started.process(GAME) == []
    assert not started.mails("Diplomacy")                  # no civil disorder, no results: the grace still runs
    started.clock.now = DEADLINE + timedelta(hours=23)
    assert started.signon("AUSTRIA", *HOLDS["AUSTRIA"]).accepted
    assert started.process(GAME) == ["S1901M processed; next phase F1901M"]

    # Fall 1901: the deadline is 72 hours on (Jan 12 11:00), and its grace the two hours set.
    others_hold(started)
    fall = DEADLINE + timedelta(hours=23 + 72)
    started.clock.now = fall
    started.process(GAME)
    notice = flat(started.delivered("deadline missed")[PLAYERS["AUSTRIA"][0]].get_content())
    assert "Orders arriving before Mon 12 Jan 2026 13:00 UTC will still be used" in notice
    started.clock.now = fall + timedelta(hours=2)
    assert started.process(GAME)[0] == "civil disorder: AUSTRIA"


def test_the_master_counts_a_phase_late_whether_orders_came_in_the_grace_period_or_never(started):
    """Italy orders in the grace period, twice (one late phase, not two); Austria never orders. LIST shows each
    late once."""
    for power in ("ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY"):
        assert started.signon(power, *HOLDS[power]).accepted
    started.clock.now = DEADLINE
    started.process(GAME)
    started.clock.now = DEADLINE + timedelta(hours=1)
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    started.clock.now = DEADLINE + timedelta(hours=2)
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    started.clock.now = DEADLINE + timedelta(hours=24)
    assert started.process(GAME)[0] == "civil disorder: AUSTRIA"

    assert started.master(f"LIST {GAME}").accepted
    listing = started.reply(GM[0])
    assert "  Austria  active, no orders yet, late 1 time\n" in listing, listing
    assert "  Italy    active, no orders yet, late 1 time\n" in listing
    assert "  France   active, no orders yet, late 0 times\n" in listing


def test_a_newcomer_after_the_deadline_is_not_late_and_old_files_count_as_before(started):
    """Turkey's seat, taken in the grace period and ordered at once, is no late phase of the newcomer's. A status
    file written before the judge remembered which phases it counted (no 'missed') loads, and counts Italy once."""
    import json
    assert started.signon("TURKEY", "RESIGN").accepted
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA"):
        assert started.signon(power, *HOLDS[power]).accepted
    started.clock.now = DEADLINE + timedelta(hours=1)
    status = started.folder(GAME) / "status.json"
    doc = json.loads(status.read_text(encoding="utf-8"))
    for p in doc["players"]:
        p.pop("missed", None)
    status.write_text(json.dumps(doc), encoding="utf-8")
    assert started.send("new@example.org", f"TAKEOVER T{GAME} new-pw\n" + "\n".join(HOLDS["TURKEY"])).accepted
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    assert started.process(GAME) == ["S1901M processed; next phase F1901M"]
    assert started.master(f"LIST {GAME}").accepted
    listing = started.reply(GM[0])
    assert "  Italy    active, no orders yet, late 1 time\n" in listing, listing
    assert "  Turkey   active, no orders yet, late 0 times\n" in listing


def test_the_clock_logs_the_reminders_it_sent_and_none_for_a_vacant_power(started):
    assert started.signon("TURKEY", "RESIGN").accepted
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA"):
        assert started.signon(power, *HOLDS[power]).accepted
    started.new_mail()
    started.clock.now = DEADLINE - timedelta(hours=24)
    assert started.process(GAME) == ["1 reminder sent"]
    assert list(started.delivered("reminder")) == [PLAYERS["ITALY"][0]]
    # Italy in, only vacant Turkey is late: nothing to remind anyone of, nothing logged.
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    started.new_mail()
    started.clock.now = DEADLINE - timedelta(hours=23)
    assert started.process(GAME) == []
    assert not started.mails("reminder")
    log = (started.folder(GAME) / "access.log").read_text(encoding="utf-8")
    assert "judge 1 reminder sent" in log and "reminders sent" not in log


def test_a_vacant_power_taken_before_the_deadline_gets_its_reminder(started):
    assert started.signon("TURKEY", "RESIGN").accepted
    others_hold(started, but="TURKEY")
    started.clock.now = DEADLINE - timedelta(hours=24)
    assert started.process(GAME) == []
    started.clock.now = DEADLINE - timedelta(hours=20)
    assert started.send("new@example.org", f"TAKEOVER T{GAME} new-pw").accepted
    started.new_mail()
    assert started.process(GAME) == ["1 reminder sent"]
    assert list(started.delivered("reminder")) == ["new@example.org"]


def test_a_grace_changed_then_a_deadline_set_in_one_message_names_the_grace_end_that_holds(started):
    """Before the Thu 8 Jan deadline the master sends SET GRACE 2 and then SET DEADLINE 2026-01-07 12:00. The phase
    keeps its 24 hours' grace, counted from the new deadline: orders count until Thu 8 Jan 12:00. The reply once said
    the grace ended Fri 9 Jan 12:00 'as promised' (from the deadline then, which the next line moved), and the late
    notice then said Thu 8 Jan."""
    started.clock.now = T0 + timedelta(hours=1)
    assert started.master("SET GRACE 2", "SET DEADLINE 2026-01-07 12:00").accepted
    reply = flat(started.reply(GM[0]))
    assert "Fri 9 Jan" not in reply and "as promised" not in reply, reply
    assert "Grace set to 2 hours. It applies from the next phase; this phase keeps its grace of 24 hours after " \
        "its deadline." in reply, reply
    assert "Deadline set to Wed 7 Jan 2026 12:00 UTC. This phase keeps its grace of 24 hours: orders are still " \
        "used until Thu 8 Jan 2026 12:00 UTC." in reply, reply
    assert started.game(GAME).grace_until() == T0 + timedelta(hours=72)


def test_the_players_are_told_a_grace_change_leaves_this_phase_its_grace_period(started):
    """The notice of SET GRACE said "this phase keeps the deadline it was given": a grace change moves no deadline;
    what this phase keeps is its grace period (the late notice's "orders arriving before ..." stays as promised)."""
    started.new_mail()
    assert started.master("SET GRACE 2").accepted
    told = flat(started.delivered("rules changed")[PLAYERS["AUSTRIA"][0]].get_content())
    assert "Grace period after a deadline: 2 hours (was 24 hours); from the next phase on, this phase keeps the " \
        "grace period it was given." in told, told
    assert started.master("SET MOVEMENT 48").accepted
    told = flat(started.delivered("rules changed")[PLAYERS["AUSTRIA"][0]].get_content())
    assert "this phase keeps the deadline it was given." in told, told
