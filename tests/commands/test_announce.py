"""The master's changes to a running game's house rules, victory and timing, announced to its players and observers
by mail: one notice per message, saying what changed from what, and nothing to anyone while the game forms or when
nothing changed."""
from tests.commands.helpers import GAME, GM, PLAYERS

WATCHER = "watcher@example.org"
PLAYING = {a for a, _ in PLAYERS.values()}


def changes(desk) -> dict[str, str]:
    """The text of the one 'rules changed' notice each recipient got (the desk checks one each, all the same)."""
    return {to: " ".join(m.get_content().split()) for to, m in desk.delivered("rules changed").items()}


def test_one_notice_a_message_to_the_players_and_observers(started):
    assert started.send(WATCHER, f"OBSERVE {GAME}").accepted
    started.new_mail()
    assert started.master("SET RULE press=none draw_votes=names", "SET VICTORY 12", "SET MOVEMENT 96").accepted
    got = changes(started)
    assert set(got) == PLAYING | {WATCHER}          # not the master: his reply says it all
    text = got[WATCHER]
    assert text.startswith(f"The master of game {GAME} has changed these rules and settings: House rule press: none "
                           "(was white). Press between players:")
    assert "House rule draw_votes: names (was secret). Draw and concession votes are" in text
    assert "Supply centres for a solo victory: 12 (was 18)." in text
    assert ("Time for a movement phase: 96 hours (was 72 hours); from the next phase on, this phase keeps the deadline "
            "it was given.") in text
    assert "@" not in text
    # The change holds: the players' own press is refused now.
    assert started.signon("FRANCE", "PRESS TO G", "hello", "ENDPRESS").errors


def test_the_timing_as_players_read_it(started):
    started.new_mail()
    assert started.master("SET LATE 0", "SET EARLY -1", "SET TIME 18:00", "SET DAYS MTWTF--", "SET REMINDER 0",
                          "SET GRACE 12").accepted
    text = changes(started)[PLAYERS["ITALY"][0]]
    for line in ("Late notices in the grace period: one only (was every 6 hours).",
                 "Processing once every order is in and nobody waits: at the deadline only (was after 10 minutes).",
                 "Time of day of deadlines: 18:00 (was none, exactly after the phase's delay); from the next phase on",
                 "Days deadlines may fall on: MTWTF-- (was MTWTFSS); from the next phase on",
                 "Reminder to powers without orders: none (was 24 hours before the deadline).",
                 "Grace period after a deadline: 12 hours (was 24 hours); from the next phase on"):
        assert line in text, line


def test_nothing_told_when_nothing_changes_or_nothing_is_done(started, forming):
    started.new_mail()
    assert started.master("SET RULE press=white", "SET NORULE draw_votes", "SET VICTORY 18").accepted   # (as it was)
    assert started.mails("rules changed") == []
    # A message refused further down changes nothing, and tells nothing.
    assert not started.master("SET RULE press=none", "SET VICTORY 99").accepted
    assert started.mails("rules changed") == []
    # A game still forming: its rules are LIST's business, and the start mail's.
    assert forming.send(PLAYERS["FRANCE"][0], f"JOIN {GAME} fra-pw F").accepted
    forming.new_mail()
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSET RULE press=none").accepted
    assert forming.mails("rules changed") == []


def test_one_minute_is_one_minute_not_one_minutes(started):
    # A delay of one minute, given in minutes for a setting kept in hours, is said in the singular, in the master's
    # reply and in the players' notice alike (grammar, not arithmetic: 1m is 1/60 of an hour).
    started.new_mail()
    assert started.master("SET LATE 1m", "SET GRACE 90m").accepted
    text = changes(started)[PLAYERS["ITALY"][0]]
    assert "Late notices in the grace period: every 1 minute (was every 6 hours)." in text
    assert "Grace period after a deadline: 90 minutes (was 24 hours)" in text
    assert "1 minutes" not in text
    assert started.master("SET REMINDER 1m").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert "Reminder set to 1 minute." in reply and "1 minutes" not in reply


def test_early_zero_is_said_at_once(started):
    # SET EARLY 0 processes a phase the moment its last order comes: the players read "at once", not "after 0
    # minutes".
    started.new_mail()
    assert started.master("SET EARLY 0").accepted
    text = changes(started)[PLAYERS["ITALY"][0]]
    assert "Processing once every order is in and nobody waits: at once (was after 10 minutes)." in text, text


def test_a_setting_changed_and_changed_back_in_one_message_is_told_by_its_net_change(started):
    """A master who corrects himself in one message (press=grey, then back to the default) changed nothing for the
    players: the notice said 'press: grey (was white)' and then 'press: white (was grey)'. Each setting is told once,
    from what it was before the message; one that ends where it began is not told."""
    started.new_mail()
    assert started.master("SET RULE press=grey", "SET VICTORY 20", "SET MOVEMENT 96", "SET NORULE press",
                          "SET VICTORY 18", "SET MOVEMENT 48").accepted
    text = changes(started)[PLAYERS["ITALY"][0]]
    assert "press" not in text and "solo victory" not in text
    assert text.count("Time for a movement phase") == 1
    assert "Time for a movement phase: 48 hours (was 72 hours)" in text
    # Every change undone: no notice at all.
    assert started.master("SET RULE draw_votes=names", "SET NORULE draw_votes").accepted
    assert started.mails("rules changed") == []
