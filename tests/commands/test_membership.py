"""JOIN, OBSERVE, RESIGN and TAKEOVER."""
import json
from datetime import timedelta

from tests.commands.helpers import GAME, GM, LETTER, PLAYERS, T0


def test_join_a_forming_game(forming):
    r = forming.send("france@example.org", f"JOIN {GAME} fra-pw fg")
    assert r.accepted
    reply = forming.reply("FRANCE")
    assert f"You have joined game {GAME} (1 of 7 players)." in reply and "Preference: France, Germany." in reply
    game = forming.game(GAME)
    assert game.status == "forming"
    [player] = game.players
    assert (player.address, player.power, player.preference) == ("france@example.org", "", "FG")
    assert player.password.startswith("scrypt$") and "fra-pw" not in forming.status_bytes().decode()
    assert f"JOIN {GAME}" in (forming.folder(GAME) / "access.log").read_text()


def test_join_twice_is_refused(forming):
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw").accepted
    r = forming.send("FRANCE@example.org", f"JOIN {GAME} other")     # addresses compare without case
    assert r.errors[0][1] == f"FRANCE@example.org HAS ALREADY JOINED GAME {GAME}"
    assert len(forming.game(GAME).players) == 1


def test_join_errors(forming):
    assert forming.send("a@example.org", f"JOIN {GAME}").errors[0][1] == \
        ("INCOMPLETE COMMAND: USE JOIN <game> <password> [power letters you prefer] [game password of a private game]"
         "  (or JOIN <power>@<game> <password>)")
    assert forming.send("a@example.org", f"JOIN {GAME} pw FXQ").errors[0][1] == \
        (f"UNKNOWN POWER LETTERS IN THE PREFERENCE (USE THE LETTERS AEFGIRT, E.G. JOIN {GAME} <password> FEG; A "
         "PUBLIC GAME NEEDS NO GAME PASSWORD)")
    # A word past the preference may be a game password given to a public game: its letters are not repeated.
    for line in (f"JOIN {GAME} pw FEG xyzpass", f"JOIN {GAME} pw xyzpass"):
        r = forming.send("a@example.org", line)
        assert r.errors[0][1].startswith("UNKNOWN POWER LETTERS IN THE PREFERENCE (USE THE LETTERS AEFGIRT")
        assert "XYZ" not in forming.reply_to("a@example.org").upper()
    assert forming.send(GM[0], f"JOIN {GAME} pw").errors[0][1] == \
        f"YOU ARE THE MASTER OF GAME {GAME}: A MASTER CANNOT ALSO PLAY IN IT"
    assert forming.game(GAME).players == []
    assert forming.send("a@example.org", "JOIN nosuch pw").errors[0][1].startswith("NO SUCH GAME: nosuch (")


def test_join_a_started_game_is_refused(started):
    r = started.send("late@example.org", f"JOIN {GAME} pw")
    assert r.errors[0][1] == f"GAME {GAME} IS NOT FORMING AND HAS NO OPEN POWER TO TAKE OVER"     # (every seat taken)
    assert started.signon("ITALY", "RESIGN").accepted
    r = started.send("late@example.org", f"JOIN {GAME} pw")
    assert r.errors[0][1] == f"GAME {GAME} IS NOT FORMING: USE TAKEOVER FOR AN OPEN POWER"


def test_prose_and_press_to_oneself_get_a_pointer(started):
    r = started.send("newcomer@example.org", "Hi there, I would like to join a game please")
    assert r.errors[0][1] == ("UNRECOGNIZED COMMAND: THE JUDGE READS COMMANDS, ONE A LINE (SEND HELP FOR THEM, LIST "
                              "FOR THE GAMES)")
    r = started.signon("FRANCE", "PRESS TO F", "Note to self.", "ENDPRESS")
    assert r.errors[0][1] == "PRESS TO FRANCE ONLY: THAT IS YOU (NAME THE POWERS TO WRITE TO)"


def test_the_seventh_join_starts_the_game(forming):
    for power, (address, password) in PLAYERS.items():
        assert forming.send(address, f"JOIN {GAME} {password} {LETTER[power]}").accepted
    game = forming.game(GAME)
    assert game.status == "active" and str(game.position.phase) == "S1901M"
    assert {p.power: p.address for p in game.players} == {k: v[0] for k, v in PLAYERS.items()}
    assert game.deadline == T0.replace(day=8)                    # 72 hours after Monday noon
    mails = forming.new_mail()
    # As DPjudge: each player's power assignment, and the starting position to everyone.
    starts = [m for m in mails if str(m["Subject"]) == f"Diplomacy game {GAME} starting"]
    assert sorted(m["To"] for m in starts) == sorted([a for a, _ in PLAYERS.values()] + [GM[0]])
    assert len({m.get_content() for m in starts}) == 1
    [assigned] = [m for m in mails if m["To"] == "france@example.org" and
                  str(m["Subject"]) == f"Diplomacy power assignment ({GAME})"]
    text = assigned.get_content()
    assert "You are playing France in game 'g1' (Standard).\nSign on with: SIGNON Fg1 <your password>" in text
    assert "Your units: F BRE, A MAR, A PAR." in text
    assert "The first deadline is Thursday 8 January 2026 12:00 UTC" in " ".join(text.split())
    assert [m["To"] for m in mails if "power assignment" in str(m["Subject"])].count(GM[0]) == 0
    start = starts[0].get_content()
    assert "Starting position for Spring of 1901.  (g1.S1901M)\n\nAustria: Army Budapest.\n" in start
    assert "France: Fleet Brest.\nFrance: Army Marseilles.\nFrance: Army Paris.\n" in start


def test_observe(started):
    r = started.send("watcher@example.org", f"OBSERVE {GAME}")
    assert r.accepted and f"You are observing game {GAME}." in started.reply("watcher@example.org")
    assert started.send("Watcher@example.org", f"WATCH {GAME}").accepted      # alias; no second entry
    assert started.game(GAME).observers == ["watcher@example.org"]


def test_observers_get_results(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    started.new_mail()
    assert started.master("PROCESS!").accepted
    assert "watcher@example.org" in started.delivered("results")


def test_observe_a_private_game_is_refused(started):
    assert started.master("SET PRIVATE").accepted
    r = started.send("watcher@example.org", f"OBSERVE {GAME}")
    assert r.errors[0][1] == f"GAME {GAME} IS PRIVATE: ONLY ITS PLAYERS (SIGNED ON) AND ITS MASTER MAY DO THAT"
    assert started.game(GAME).observers == []


def test_a_private_games_password_cannot_be_guessed_without_end_by_mail(started):
    """Five wrong game passwords within the hour, from any addresses, and the game password is refused for the
    rest of it (as on the web form); the master is told. Words a command has of its own are no guess."""
    assert started.master("SET PRIVATE sesame").accepted
    started.new_mail()
    r = started.send("joiner@example.org", f"JOIN {GAME} pw FEG")          # (its password and preferences only)
    assert r.errors[0][1].startswith(f"GAME {GAME} IS PRIVATE: ADD ITS GAME PASSWORD")
    for n in range(5):
        r = started.send(f"guess{n}@example.org", f"OBSERVE {GAME} guess{n}")
        assert r.errors[0][1].startswith(f"GAME {GAME} IS PRIVATE: ADD ITS GAME PASSWORD"), r.errors
    told = started.delivered("wrong passwords")
    assert set(told) == {GM[0]} and "wrong passwords for the game password" in told[GM[0]].get_content()
    r = started.send("late@example.org", f"OBSERVE {GAME} sesame")
    assert r.errors[0][1].startswith(f"TOO MANY WRONG GAME PASSWORDS FOR GAME {GAME}: REFUSED UNTIL")
    assert started.game(GAME).observers == []
    started.clock.advance(hours=1, minutes=1)
    assert started.send("late@example.org", f"OBSERVE {GAME} sesame").accepted


def test_observe_needs_a_game(started):
    assert started.send("w@example.org", "OBSERVE").errors[0][1] == \
        "INCOMPLETE COMMAND: USE OBSERVE <game> [game password of a private game]"
    assert started.send(PLAYERS["FRANCE"][0], f"OBSERVE {GAME}").errors[0][1] == \
        f"YOU ALREADY TAKE PART IN GAME {GAME}: NO NEED TO OBSERVE IT"


def test_resign(started):
    started.new_mail()
    assert started.signon("ITALY", "RESIGN").accepted
    assert f"You have resigned Italy in game {GAME}." in started.reply("ITALY")
    italy = started.game(GAME).player("ITALY")
    assert (italy.status, italy.address, italy.password) == ("vacant", "", "")
    notices = started.delivered("a power is open")
    assert set(notices) == {a for p, (a, _) in PLAYERS.items() if p != "ITALY"} | {GM[0]}
    assert f"TAKEOVER I{GAME} <password>" in notices[GM[0]].get_content()


def test_resign_after_resign_in_one_message_has_no_power(started):
    r = started.signon("ITALY", "RESIGN", "A VEN H")
    assert not r.accepted and r.errors[0] == ("A VEN H", "UNRECOGNIZED COMMAND (SIGN ON BEFORE SENDING ORDERS)")
    assert started.game(GAME).player("ITALY").status == "active"        # the whole message was refused


def test_resign_needs_a_power(started):
    r = started.master("RESIGN")
    assert r.errors[0][1].startswith("YOU MUST SIGN ON AS A POWER FIRST")


def test_takeover_a_resigned_power(started):
    assert started.signon("ITALY", "RESIGN").accepted
    started.new_mail()
    r = started.send("new@example.org", f"TAKEOVER I{GAME} new-pw\nA VEN - TYR")
    assert r.accepted
    italy = started.game(GAME).player("ITALY")
    assert (italy.status, italy.address, italy.orders) == ("active", "new@example.org", ["A VEN - TYR"])
    assert "new-pw" not in started.status_bytes().decode()
    mails = started.new_mail()
    assert any(m["To"] == GM[0] and "takeover" in str(m["Subject"]) for m in mails)
    # The other players are told Italy has a new player; the newcomer, who has the reply, is not told again.
    assert sorted(m["To"] for m in mails if "a power is taken" in str(m["Subject"])) == \
        sorted(a for p, (a, _) in PLAYERS.items() if p != "ITALY")
    assert started.send("new@example.org", f"SIGNON I{GAME} new-pw").accepted
    assert f"TAKEOVER ITALY {GAME}" in (started.folder(GAME) / "access.log").read_text()


def test_takeover_of_a_dummy_needs_the_masters_revive(started):
    assert started.master("DUMMY ITALY").accepted
    before = started.status_bytes()
    started.new_mail()
    r = started.send("new@example.org", f"TAKEOVER italy@{GAME} new-pw")
    assert r.errors[0][1] == ("ITALY IS A DUMMY: ONLY THE MASTER CAN OPEN IT FOR TAKEOVER (REVIVE); THE MASTER HAS "
                              "BEEN TOLD YOU ASKED")
    assert started.status_bytes() == before
    [request] = started.mails("takeover request")
    assert request["To"] == GM[0] and "new@example.org asks to take over Italy" in request.get_content()
    assert started.master("REVIVE ITALY").accepted
    assert started.send("new@example.org", f"TAKEOVER italy@{GAME} new-pw").accepted
    assert started.game(GAME).player("ITALY").status == "active"


def test_a_master_or_a_player_asking_for_a_dummy_is_refused_as_such_and_the_master_is_not_asked(started):
    """The master cannot play in his own game, nor a player take a second power: they are told so, and the master
    gets no takeover request from them (the master once got one from himself)."""
    assert started.master("DUMMY ENGLAND").accepted
    started.new_mail()
    before = started.status_bytes()
    assert started.send(GM[0], f"TAKEOVER E{GAME} pw").errors[0][1] == \
        f"YOU ARE THE MASTER OF GAME {GAME}: A MASTER CANNOT ALSO PLAY IN IT"
    assert started.send(PLAYERS["FRANCE"][0], f"TAKEOVER E{GAME} pw").errors[0][1] == \
        f"YOU ALREADY PLAY FRANCE IN GAME {GAME}: ONE POWER PER PLAYER"
    assert started.status_bytes() == before
    assert started.mails("takeover request") == []
    # With several powers allowed, the player's request is one the master may grant: it is passed on.
    assert started.master("SET RULE multiple_powers").accepted
    started.new_mail()
    r = started.send(PLAYERS["FRANCE"][0], f"TAKEOVER E{GAME} other-pw")
    assert "THE MASTER HAS BEEN TOLD YOU ASKED" in r.errors[0][1]
    [request] = started.mails("takeover request")
    assert request["To"] == GM[0] and "france@example.org asks to take over England" in request.get_content()


def test_one_player_one_power(started):
    assert started.signon("ITALY", "RESIGN").accepted
    r = started.send(PLAYERS["FRANCE"][0], f"TAKEOVER I{GAME} pw")
    assert r.errors[0][1] == f"YOU ALREADY PLAY FRANCE IN GAME {GAME}: ONE POWER PER PLAYER"
    assert started.send(GM[0], f"TAKEOVER I{GAME} pw").errors[0][1] == \
        f"YOU ARE THE MASTER OF GAME {GAME}: A MASTER CANNOT ALSO PLAY IN IT"
    assert started.master("SET RULE multiple_powers").accepted
    assert started.send(PLAYERS["FRANCE"][0], f"TAKEOVER I{GAME} pw").accepted


def test_takeover_an_active_power_is_refused(started):
    r = started.send("thief@example.org", f"TAKEOVER F{GAME} mine")
    assert r.errors[0][1] == "FRANCE IS NOT OPEN FOR TAKEOVER"
    assert started.game(GAME).player("FRANCE").address == "france@example.org"


def test_takeover_in_a_forming_game(forming):
    assert forming.send("a@example.org", f"TAKEOVER F{GAME} pw").errors[0][1] == \
        f"NOTHING TO TAKE OVER IN {GAME}: USE JOIN"


def test_the_master_hands_the_game_over_with_takeover(started):
    """DPjudge's handover: the new master sends TAKEOVER M<game> with the master's password."""
    assert started.send("newgm@example.org", f"TAKEOVER M{GAME} guess").errors[0][1] == \
        f"WRONG PASSWORD FOR THE MASTER OF {GAME}"
    started.new_mail()
    assert started.send("newgm@example.org", f"TAKEOVER M{GAME} {GM[1]}\nSET PASSWORD mine").accepted
    assert started.game(GAME).master_address == "newgm@example.org"
    [told] = started.mails("new master")
    assert told["To"] == GM[0]
    # the old master is told by role, never shown the new master's address
    assert "newgm@" not in str(told) and "no longer its master" in told.get_payload(decode=True).decode()
    assert started.send("newgm@example.org", f"SIGNON M{GAME} mine\nPROCESS!").accepted
    assert not started.send(GM[0], f"SIGNON M{GAME} {GM[1]}").accepted


def test_takeover_needs_a_password(started):
    assert started.send("a@example.org", f"TAKEOVER F{GAME}").errors[0][1].startswith("INCOMPLETE COMMAND")


def test_joined_players_are_saved_as_json(forming):
    forming.send("france@example.org", f"JOIN {GAME} fra-pw")
    doc = json.loads(forming.status_bytes())
    assert doc["players"][0]["address"] == "france@example.org" and doc["status"] == "forming"


# -- what a replacement and a removed player meet (issue 18) ---------------------------------------------------------
def test_a_takeover_is_told_where_the_power_stands(started):
    assert started.signon("FRANCE", "A PAR - BUR", "F BRE - MAO").accepted
    assert started.master("EJECT FRANCE").accepted
    started.new_mail()
    assert started.send("new@example.org", f"TAKEOVER F{GAME} new-pw").accepted
    reply = started.reply("new@example.org")
    assert f"You now play France in game {GAME}. Sign on with: SIGNON F{GAME} <your password>" in reply
    assert (f"Game '{GAME}', Spring 1901 Movement; deadline Thu 8 Jan 2026 12:00 UTC.\n\nFrance (active):\n"
            "  F BRE - MAO\n  A MAR: no order (defaults to hold)\n  A PAR - BUR\n") in reply


def test_a_removed_player_signing_on_is_told_so(started):
    assert started.master("EJECT FRANCE").accepted
    started.new_mail()
    before = started.status_bytes()
    r = started.signon("FRANCE", "A PAR - BUR")
    assert not r.accepted and started.status_bytes() == before
    assert r.errors[0][1] == f"YOU NO LONGER PLAY FRANCE IN {GAME} (REMOVED BY THE MASTER IN S1901M); IT IS OPEN FOR " \
                             "TAKEOVER"
    # Someone else gets what every player was told, never "you".
    r = started.send("someone@example.org", f"SIGNON F{GAME} fra-pw")
    assert r.errors[0][1] == f"WRONG PASSWORD OR NO PLAYER FOR FRANCE IN {GAME} (ITS LAST PLAYER: REMOVED BY THE " \
                             "MASTER IN S1901M; IT IS OPEN FOR TAKEOVER)"
    assert started.signon("ITALY", "RESIGN").accepted
    assert started.signon("ITALY").errors[0][1] == f"YOU NO LONGER PLAY ITALY IN {GAME} (RESIGNED IN S1901M); IT IS " \
                                                   "OPEN FOR TAKEOVER"


def test_resigning_a_waiting_power_with_its_orders_in_makes_the_phase_ready(started):
    # Its orders stay and its WAIT goes with the player: every needed order is in, and nobody asks to wait.
    started.all_hold()
    assert started.signon("FRANCE", "SET WAIT").accepted
    assert started.game(GAME).ready_since is None
    started.clock.advance(minutes=5)
    assert started.signon("FRANCE", "RESIGN").accepted
    game = started.game(GAME)
    assert game.player("FRANCE").wait is False and game.ready_since == T0 + timedelta(minutes=5)


# -- RESIGN before the start: a player who joined leaves a forming game ----------------------------------------------
def test_a_player_who_joined_leaves_a_forming_game_with_resign(forming):
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw F").accepted
    assert forming.send("germany@example.org", f"JOIN {GAME} ger-pw").accepted
    forming.new_mail()
    r = forming.send("france@example.org", f"RESIGN {GAME} fra-pw")
    assert r.accepted, r.errors
    reply = " ".join(forming.reply("FRANCE").split())
    assert f"You have left game {GAME}, which has not started (1 of 7 players now)." in reply
    assert "fra-pw" not in reply                            # the line is echoed with its password masked
    assert [p.address for p in forming.game(GAME).players] == ["germany@example.org"]
    assert forming.send("france@example.org", f"JOIN {GAME} new-pw").accepted     # and may join again
    assert len(forming.game(GAME).players) == 2


def test_resign_before_the_start_is_refused_with_a_reason_and_changes_nothing(forming):
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw").accepted
    before = forming.status_bytes()
    cases = [("france@example.org", f"RESIGN {GAME} wrong",
              f"WRONG PASSWORD FOR YOUR PLACE IN GAME {GAME} (THE ONE YOU JOINED WITH)"),
             ("stranger@example.org", f"RESIGN {GAME} fra-pw",
              f"stranger@example.org HAS NOT JOINED GAME {GAME}: NOTHING TO RESIGN"),
             ("france@example.org", "RESIGN nosuch fra-pw", "NO SUCH GAME: nosuch (LIST SHOWS THE GAMES OF THIS JUDGE)"),
             ("france@example.org", "RESIGN", "YOU MUST SIGN ON AS A POWER FIRST (SIGNON <power letter><game> "
                                              "<password>)")]
    for sender, line, why in cases:
        r = forming.send(sender, line)
        assert not r.accepted and r.errors[0][1] == why, line
        reply = forming.reply_to(sender)
        assert "fra-pw" not in reply and " wrong" not in reply
    assert forming.status_bytes() == before


def test_wrong_passwords_to_resign_before_the_start_are_limited(forming):
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw").accepted
    forming.new_mail()
    for n in range(5):
        assert forming.send("france@example.org", f"RESIGN {GAME} guess{n}").errors[0][1].startswith("WRONG PASSWORD")
    told = forming.delivered("wrong passwords")
    assert set(told) == {GM[0]}                         # the master alone: nobody has a power yet
    assert "5 wrong passwords for leaving the game before its start" in " ".join(told[GM[0]].get_content().split())
    r = forming.send("france@example.org", f"RESIGN {GAME} fra-pw")        # even the right one, for the hour
    assert r.errors[0][1].startswith(f"TOO MANY WRONG PASSWORDS TO RESIGN FROM {GAME}: REFUSED UNTIL")
    assert len(forming.game(GAME).players) == 1


def test_resign_with_a_game_once_it_has_started_says_to_sign_on(started):
    address, password = PLAYERS["FRANCE"]
    r = started.send(address, f"RESIGN {GAME} {password}")
    assert r.errors[0][1] == (f"GAME {GAME} HAS STARTED: SIGN ON AS YOUR POWER, THEN RESIGN (ON A LINE OF ITS OWN)")
    assert started.game(GAME).player("FRANCE").status == "active"


def test_dpjudges_join_with_the_power_before_the_game_asks_for_that_power(forming):
    """DPjudge's guide: JOIN <power>@<game> <password> (also with a space after the at-sign, as its own example for
    TAKEOVER writes it); here it is that power preferred."""
    assert forming.send("france@example.org", f"JOIN france@{GAME} fra-pw").accepted
    assert "Preference: France." in forming.reply("FRANCE")
    assert forming.send("germany@example.org", f"JOIN Germany@ {GAME} ger-pw").accepted
    assert [(p.address, p.preference) for p in forming.game(GAME).players] == \
        [("france@example.org", "F"), ("germany@example.org", "G")]
    before = forming.status_bytes()
    assert forming.send("a@example.org", f"JOIN prussia@{GAME} pw").errors[0][1] == "UNKNOWN POWER: PRUSSIA"
    assert forming.send("a@example.org", f"JOIN master@{GAME} pw").errors[0][1].startswith(
        "JOIN IS FOR PLAYING A POWER")
    assert forming.status_bytes() == before


def test_dpjudges_resign_in_place_of_a_sign_on(started):
    """DPjudge's RESIGN <power letter><game> <password> (or <power>@<game>) signs on and resigns in one line; its
    password is checked (and counted) as a SIGNON's is, and a wrong one changes nothing."""
    address, password = PLAYERS["ITALY"]
    before = started.status_bytes()
    r = started.send(address, f"RESIGN italy@{GAME} wrong-pw")
    assert r.errors[0][1] == f"WRONG PASSWORD OR NO PLAYER FOR ITALY IN {GAME}"
    assert "wrong-pw" not in started.reply("ITALY") and started.status_bytes() == before
    assert started.send(address, f"RESIGN I{GAME} {password}").accepted
    assert f"You have resigned Italy in game {GAME}." in started.reply("ITALY")
    assert started.game(GAME).player("ITALY").status == "vacant"
    address, password = PLAYERS["FRANCE"]
    assert started.send(address, f"RESIGN france@ {GAME} {password}").accepted
    assert started.game(GAME).player("FRANCE").status == "vacant"
    # and a vacant power taken over the same way DPjudge's guide writes it
    assert started.send("new@example.org", f"TAKEOVER france@ {GAME} new-pw").accepted
    assert started.game(GAME).player("FRANCE").address == "new@example.org"
    assert started.send("new@example.org", f"SIGNON france@ {GAME} new-pw").accepted


def test_dpjudges_named_observer_and_monitor_lines_follow_the_game(started):
    """DPjudge's guide: OBSERVE loudMouth@coolgame myPassword, MONITOR nosyParker@yourGame peeping. Here a follower
    is known by address alone: the game is followed, the reply says the name and password were not kept, and the
    password is never echoed."""
    r = started.send("watcher@example.org", f"OBSERVE loudMouth@{GAME} my-secret")
    assert r.accepted
    reply = started.reply_to("watcher@example.org")
    assert f"You are observing game {GAME}." in reply and "my-secret" not in reply
    assert "The name and password given were not kept." in " ".join(reply.split())
    assert started.send("nosy@example.org", f"MONITOR nosyParker@ {GAME} peeping").accepted
    game = started.game(GAME)
    assert game.observers == ["watcher@example.org"] and game.monitors == ["nosy@example.org"]
    assert "peeping" not in started.status_bytes().decode()


def test_dpjudges_parting_press_below_a_resign(started):
    """DPjudge's guide's example: RESIGN in place of a sign-on, then a PRESS TO MASTER and a BROADCAST as a parting
    shot, in the same message: the press goes out as from the power given up; orders after it are still refused."""
    address, password = PLAYERS["ITALY"]
    started.new_mail()
    r = started.send(address, f"RESIGN italy@{GAME} {password}\nPRESS TO MASTER\nI found a replacement.\nENDPRESS\n"
                              "BROADCAST\nGoodbye, cruel world.\nENDBROADCAST")
    assert r.accepted, r.errors
    assert started.game(GAME).player("ITALY").status == "vacant"
    mails = started.new_mail()
    to_master = [m for m in mails if m["To"] == GM[0] and "I found a replacement." in m.get_content()]
    assert len(to_master) == 1 and "from Italy" in to_master[0].get_content()
    got = {m["To"] for m in mails if "Goodbye, cruel world." in m.get_content() and
           str(m["Subject"]).startswith("Diplomacy broadcast")}
    assert got == {a for p, (a, _) in PLAYERS.items() if p != "ITALY"} | {GM[0]}
    r = started.send(PLAYERS["FRANCE"][0], f"RESIGN F{GAME} {PLAYERS['FRANCE'][1]}\nA PAR H")
    assert not r.accepted and r.errors[0] == ("A PAR H", "UNRECOGNIZED COMMAND (SIGN ON BEFORE SENDING ORDERS)")
