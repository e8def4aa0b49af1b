"""The reader (commands in order, order lines collected, the first error stops it) and the command registry."""
import pytest

from judge.commands.base import Session
from judge.commands.reader import read
from judge.commands.registry import BY_WORD, COMMANDS, _index
from tests.commands.helpers import GAME, T0


def session(desk, sender="france@example.org") -> Session:
    return Session(desk.settings, desk.judge.store, T0, sender)


def test_every_command_is_complete_and_reachable():
    for c in COMMANDS:
        assert c.name and c.syntax and c.help, c
        assert BY_WORD[c.name] is c and all(BY_WORD[a] is c for a in c.aliases)
        assert c.block_end is None or c.block_end.startswith("END")
    expected = {"SIGNON", "SIGNOFF", "JOIN", "OBSERVE", "MONITOR", "RESIGN", "TAKEOVER", "ORDERS", "CLEAR", "PRESS",
                "BROADCAST", "STATUS", "SET", "LIST", "SUMMARY", "HISTORY", "HELP", "CREATE", "ACTIVATE", "FORM",
                "PROCESS", "PROCESS!", "PREVIEW", "ROLLBACK", "ROLLFORWARD", "DUMMY", "REVIVE", "TERMINATE", "ARCHIVE",
                "UNOBSERVE", "VOTE", "PAUSE", "RESUME", "EXTEND", "EJECT", "POSITION", "MAP", "UNLOCK", "OFFICIAL",
                "PRIVATE", "RULE", "ZONE", "TIMING", "DESC", "PURGE", "RENAME", "REVEAL"}
    assert {c.name for c in COMMANDS} == expected


def test_a_command_word_used_twice_is_an_error():
    class Twin:
        name, aliases, syntax, help, block_end = "LIST", (), "", "", None
    with pytest.raises(RuntimeError, match="LIST is used twice"):
        _index((*COMMANDS, Twin()))


def test_commands_run_in_order_and_orders_are_collected(started):
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "", "A PAR - BUR", "A MAR - SPA", "SET WAIT", "F BRE - MAO"])
    assert reading.errors == [] and reading.unread == []
    france = s.game.player("FRANCE")
    assert france.orders == ["F BRE - MAO"] and france.wait        # two sets: the second replaces the first
    assert s.lines[0] == f"Signed on as France in game {GAME}."
    assert not started.judge.store.load(GAME).player("FRANCE").submitted   # the reader itself saves nothing


def test_signoff_stops(started):
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "A PAR H", "SIGNOFF", "nonsense"])
    assert reading.errors == [] and s.game.player("FRANCE").orders == ["A PAR H"]


def test_the_first_error_stops_reading(started):
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "SET COLOUR red", "SET WAIT", "A PAR H"])
    assert reading.errors == [("SET COLOUR red", "UNKNOWN SETTING: COLOUR")]
    assert reading.unread == ["SET WAIT", "A PAR H"]
    assert not s.game.player("FRANCE").wait


def test_bad_orders_at_the_end_of_a_message(started):
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "A PAR - BUR", "A PAR - XYZ"])
    assert [line for line, _ in reading.errors] == ["A PAR - XYZ"] and reading.unread == []


def test_bad_orders_before_a_command_leave_the_command_unread(started):
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "A PAR - XYZ", "SET WAIT", "A MAR H"])
    assert [line for line, _ in reading.errors] == ["A PAR - XYZ"]
    assert reading.unread == ["SET WAIT", "A MAR H"]


def test_a_refused_block_leaves_its_body_unread(started):
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "PRESS TO NARNIA", "hello", "ENDPRESS", "A PAR H"])
    assert reading.errors == [("PRESS TO NARNIA", "UNKNOWN POWER: NARNIA")]
    assert reading.unread == ["hello", "ENDPRESS", "A PAR H"]


def test_a_block_body_is_not_read_as_commands(started):
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "PRESS TO G", "SET PASSWORD stolen", "RESIGN", "ENDPRESS"])
    assert reading.errors == []
    assert s.game.player("FRANCE").status == "active"
    [effect] = [e for e in s.effects if e.kind == "press"]
    assert effect.payload[1]["body"] == ["SET PASSWORD stolen", "RESIGN"]


def test_partial_orders_refusal_is_reported_not_raised(started):
    game = started.game(GAME)
    game.set_rules(["partial_orders=reject"])
    started.judge.store.save(game)
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "A PAR - BUR", "STATUS"])
    [(line, error)] = reading.errors
    assert line == "" and set(error.removeprefix("ORDERS MISSING FOR: ").split(", ")) == {"F BRE", "A MAR"}
    assert reading.unread == ["STATUS"]


def test_partial_orders_at_the_end_of_a_message(started):
    game = started.game(GAME)
    game.set_rules(["partial_orders=reject"])
    started.judge.store.save(game)
    reading = read(session(started), [f"SIGNON F{GAME} fra-pw", "A PAR - BUR"])
    assert [line for line, _ in reading.errors] == [""] and reading.unread == []


def test_a_set_whose_every_order_is_settled_away(started):
    """duplicate_orders=hold: both orders for the unit are dropped; the set stands, empty, and the reply says so."""
    s = session(started)
    reading = read(s, [f"SIGNON F{GAME} fra-pw", "A PAR - BUR", "A PAR - PIC"])
    assert reading.errors == [] and s.game.player("FRANCE").submitted
    assert "  (no order counts: every unit takes the default)" in s.lines
    assert "  A PAR: no order (defaults to hold)" in s.lines
    assert sum(line.startswith("  not used: A PAR - ") for line in s.lines) == 2


def test_a_message_asking_too_much_is_refused_before_anything_is_done(started):
    """A flood of HELP or LIST lines made a 96 MB reply: one of each per message, at most 60 commands, 1000 lines;
    the refusal echoes nothing back."""
    before = started.status_bytes()
    cases = [("HELP\n" * 2000, "MESSAGE TOO LONG: AT MOST 1000 LINES IN ONE MESSAGE"),
             ("HELP\nHELP", "HELP MAY BE ASKED FOR ONCE PER MESSAGE"),
             (f"LIST\nLIST {GAME}", "LIST MAY BE ASKED FOR ONCE PER MESSAGE"),
             (f"SIGNON F{GAME} fra-pw\n" + "SET WAIT\n" * 61, "TOO MANY COMMANDS: AT MOST 60 IN ONE MESSAGE")]
    for body, why in cases:
        r = started.send("someone@example.org", body)
        assert r.errors == [("", why)], why
        reply = started.reply("someone@example.org")
        assert len(reply) < 1000 and "HELP" not in reply.replace(why, "")
    assert started.status_bytes() == before


def test_only_what_is_read_counts_against_the_limits(started):
    """Lines after SIGNOFF are never read (as lines after a signature): they count for nothing."""
    from judge.commands.reader import MAX_COMMANDS, MAX_LINES, too_much
    after = ["A PAR - BUR"] * (MAX_LINES + 200) + ["HELP"] * 2 + ["SET WAIT"] * (MAX_COMMANDS + 1)
    assert too_much([f"SIGNON F{GAME} fra-pw", "A PAR H", "SIGNOFF", *after]) is None
    assert too_much([f"SIGNON F{GAME} fra-pw", "PRESS TO G", "hi", "SIGNOFF", *after]) is None    # SIGNOFF ends a press
    assert too_much(["A PAR H"] * (MAX_LINES + 1) + ["SIGNOFF"]).startswith("MESSAGE TOO LONG")
    assert too_much(["PRESS TO G", *["x"] * MAX_LINES, "ENDPRESS", "SIGNOFF"]).startswith("MESSAGE TOO LONG")
    assert too_much(["HELP", "HELP", "SIGNOFF"]) == "HELP MAY BE ASKED FOR ONCE PER MESSAGE"


def test_press_bodies_and_orders_are_not_counted_as_commands(started):
    body = "\n".join(["LIST"] * 100)
    text = f"SIGNON F{GAME} fra-pw\nPRESS TO G\n{body}\nENDPRESS\nA PAR - BUR"
    assert started.send("france@example.org", text).accepted


def test_every_reply_is_bounded(started):
    from judge.reply_text import MAX_REPLY_CHARS, bounded
    long = "x\n" * MAX_REPLY_CHARS
    cut = bounded(long)
    assert len(cut) < MAX_REPLY_CHARS + 200 and cut.endswith("End of judge reply.\n") and "left out" in cut
    assert bounded("short\n") == "short\n"


def test_a_line_of_a_powers_name_gives_the_order_lines_below_it_to_that_power(started):
    # DPjudge reads a power's name on a line of its own as the power of the orders below it: a master sends the
    # powers' orders in blocks ("FRANCE" then its orders); the judge asked for "FRANCE: " in front of every line.
    r = started.master("FRANCE", "A PAR - BUR", "F BRE H", "Germany:", "A MUN H", "france", "A MAR H")
    assert r.accepted, r.errors
    game = started.game(GAME)
    assert sorted(game.player("FRANCE").orders) == ["A MAR H", "A PAR - BUR", "F BRE H"]
    assert game.player("GERMANY").orders == ["A MUN H"]
    # A player may head their own orders so (or sign a message with their power's name); another power's heading
    # is refused, as another power's name in front of an order is, and nothing is stored.
    assert started.signon("ITALY", "Italy", "A VEN H").accepted
    assert started.game(GAME).player("ITALY").orders == ["A VEN H"]
    before = started.status_bytes()
    r = started.signon("ITALY", "AUSTRIA", "A VIE H")
    assert r.errors == [("AUSTRIA", "YOU PLAY ITALY: ORDERS FOR AUSTRIA ARE NOT YOURS TO GIVE")]
    assert started.status_bytes() == before
