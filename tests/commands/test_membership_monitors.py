"""MONITOR (DPjudge's results-only follower): what a monitor is sent, what it is refused, and how it shares
OBSERVE's way in and its limits (judge.commands.membership.follow)."""
from judge.service import Judge
from tests.commands.helpers import GAME, GM, PLAYERS

MON = "mon@example.org"
WATCHER = "watcher@example.org"


def words(text: str) -> str:
    return " ".join(text.split())


def text_of(mail) -> str:
    return mail.get_body(("plain",)).get_content() if mail.is_multipart() else mail.get_content()


def to(mails: list, address: str) -> list:
    return [m for m in mails if m["To"] == address]


def subjects(mails: list) -> list[str]:
    return sorted(str(m["Subject"]) for m in mails)


def test_a_monitor_gets_the_results_deadline_news_the_masters_broadcasts_and_the_end(started):
    """DPjudge's guide: a MONITOR receives only the results, deadline change notices and the end; an observer
    gets press and the other notices besides. DPjudge's Game.mailPress sends a monitor the master's broadcasts too
    (its readers "All!", as the results'), and no other press."""
    started.new_mail()
    assert started.send(MON, f"MONITOR {GAME}").accepted
    assert words(started.reply(MON)) == (f"You are monitoring game {GAME}: you will be sent its results, its "
                                         f"deadline changes, its master's broadcasts and its end, and no other "
                                         f"press. UNMONITOR {GAME} stops them. End of judge reply.")
    assert started.game(GAME).monitors == [MON] and started.game(GAME).observers == []
    assert started.send(WATCHER, f"OBSERVE {GAME}").accepted
    started.new_mail()
    assert started.master("SET RULE reveal=all", "SET DEADLINE 2026-01-10 12:00",
                          "BROADCAST", "To all: hello.", "ENDBROADCAST").accepted
    assert started.signon("FRANCE", "PRESS", "Peace to all.", "ENDPRESS", "RESIGN").accepted
    mails = started.new_mail()
    assert subjects(to(mails, WATCHER)) == [f"Diplomacy a power is open ({GAME})",
                                            f"Diplomacy broadcast from France ({GAME})",
                                            f"Diplomacy broadcast from the Game Master ({GAME})",
                                            f"Diplomacy deadline changed ({GAME})", f"Diplomacy rules changed ({GAME})"]
    [said, moved] = sorted(to(mails, MON), key=lambda m: str(m["Subject"]))
    assert str(said["Subject"]) == f"Diplomacy broadcast from the Game Master ({GAME})"
    [heard] = [m for m in to(mails, WATCHER) if m["Subject"] == said["Subject"]]
    assert said.get_content() == heard.get_content()            # the observers' very copy
    assert str(moved["Subject"]) == f"Diplomacy deadline changed ({GAME})"
    assert moved.get_content() == f"The master has set the deadline of {GAME} to Sat 10 Jan 2026 12:00 UTC.\n"

    assert started.master("PROCESS!").accepted
    mails = started.new_mail()
    [results] = to(mails, MON)
    [seen] = to(mails, WATCHER)
    [played] = to(mails, PLAYERS["AUSTRIA"][0])
    assert str(results["Subject"]) == f"Diplomacy results {GAME} S1901M"
    # The very results everyone in the game is sent, picture and all.
    assert text_of(results) == text_of(seen) == text_of(played)
    assert [p.get_filename() for p in results.iter_attachments()] == [f"{GAME}-S1901M.png"]

    assert started.master("TERMINATE").accepted
    mails = started.new_mail()
    [end] = to(mails, MON)
    [observed_end] = to(mails, WATCHER)
    assert str(end["Subject"]) == f"Diplomacy game '{GAME}' complete"
    # reveal=all shows the players' addresses to whoever is in the game; a monitor (a site, a list) never.
    assert "Austria   austria@example.org (from S1901M to the end)" in text_of(observed_end)
    assert "Austria   first player (from S1901M to the end)" in text_of(end)
    assert text_of(end).replace("first player", "X") == text_of(observed_end).replace(
        "austria@example.org", "X").replace("england@example.org", "X").replace("france@example.org", "X").replace(
        "germany@example.org", "X").replace("italy@example.org", "X").replace("russia@example.org", "X").replace(
        "turkey@example.org", "X")
    assert all("@" not in text_of(m) for m in (said, moved, results, end))


def test_a_monitor_of_a_forming_game_is_sent_its_start(forming):
    assert forming.send(MON, f"MONITOR {GAME}").accepted
    forming.new_mail()
    letters = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I", "RUSSIA": "R",
               "TURKEY": "T"}
    for power, (address, password) in PLAYERS.items():
        assert forming.send(address, f"JOIN {GAME} {password} {letters[power]}").accepted
    mails = forming.new_mail()
    [start] = to(mails, MON)                         # the start, and no power assignment
    assert str(start["Subject"]) == f"Diplomacy game {GAME} starting"
    [france] = [m for m in to(mails, PLAYERS["FRANCE"][0]) if m["Subject"] == start["Subject"]]
    assert start.get_content() == france.get_content()        # the starting position every player is sent
    assert "@" not in start.get_content()
    assert forming.game(GAME).monitors == [MON]


def test_a_monitor_sends_no_press_and_refusals_change_nothing(started):
    assert started.send(MON, f"MONITOR {GAME}").accepted
    started.new_mail()
    before = started.status_bytes()
    r = started.send(MON, f"LIST {GAME}\nBROADCAST\nhello\nENDBROADCAST")
    assert r.errors[0][1] == \
        f"YOU MONITOR GAME {GAME}: A MONITOR SENDS NO PRESS (OBSERVE {GAME} TO WRITE TO ITS MASTER)"
    r = started.send(PLAYERS["FRANCE"][0], f"MONITOR {GAME}")
    assert r.errors[0][1] == f"YOU ALREADY TAKE PART IN GAME {GAME}: NO NEED TO MONITOR IT"
    r = started.send(GM[0], f"MONITOR {GAME}")
    assert r.errors[0][1] == f"YOU ALREADY TAKE PART IN GAME {GAME}: NO NEED TO MONITOR IT"
    r = started.send(WATCHER, "MONITOR")
    assert r.errors[0][1] == "INCOMPLETE COMMAND: USE MONITOR <game> [game password of a private game]"
    r = started.send(WATCHER, f"UNMONITOR {GAME}")
    assert r.errors[0][1] == f"YOU ARE NOT OBSERVING OR MONITORING GAME {GAME}"
    assert started.status_bytes() == before
    mails = started.new_mail()
    assert {m["To"] for m in mails} == {MON, PLAYERS["FRANCE"][0], GM[0], WATCHER}   # the replies, and only them
    assert started.send(MON, f"UNMONITOR {GAME}").accepted
    assert f"You no longer monitor game {GAME}." in started.reply(MON)
    assert started.game(GAME).monitors == []


def test_a_private_game_is_monitored_with_its_game_password_and_a_finished_one_not_at_all(started):
    assert started.master("SET PRIVATE sesame").accepted
    r = started.send(MON, f"MONITOR {GAME}")
    assert r.errors[0][1].startswith(f"GAME {GAME} IS PRIVATE: ADD ITS GAME PASSWORD AT THE END OF THE LINE")
    assert started.game(GAME).monitors == []
    assert started.send(MON, f"MONITOR {GAME} sesame").accepted
    assert started.game(GAME).monitors == [MON]
    assert started.master("TERMINATE").accepted
    r = started.send(WATCHER, f"MONITOR {GAME} sesame")
    assert not r.accepted and "NOTHING MORE WILL BE SENT" in r.errors[0][1]


def test_observe_and_monitor_switch_and_share_the_limits(started):
    """One address is one kind of follower; both kinds count against observers_per_game and observe_per_sender."""
    started.judge = Judge(started.settings.with_values(limits_observers_per_game=2, limits_observe_per_sender=1),
                          clock=started.clock)
    assert started.send("a@example.org", f"OBSERVE {GAME}").accepted
    assert started.send("a@example.org", f"MONITOR {GAME}").accepted          # a switch: no new follower
    assert words(started.reply("a@example.org")).endswith("UNMONITOR g1 stops them. You no longer observe it. End "
                                                          "of judge reply.")
    game = started.game(GAME)
    assert game.observers == [] and game.monitors == ["a@example.org"]
    assert started.send("a@example.org", f"OBSERVE {GAME}").accepted
    assert f"You are observing game {GAME}. You no longer monitor it." in started.reply("a@example.org")
    assert started.send("b@example.org", f"MONITOR {GAME}").accepted
    r = started.send("c@example.org", f"MONITOR {GAME}")
    assert r.errors[0][1] == (f"GAME {GAME} HAS 2 OBSERVERS AND MONITORS, AS MANY AS THIS JUDGE LETS ONE GAME HAVE: "
                              "NO MORE CAN BE ADDED UNTIL ONE LEAVES (UNOBSERVE)")
    assert started.send("b@example.org", f"UNMONITOR {GAME}").accepted
    r = started.send("b@example.org", f"OBSERVE {GAME}")                      # b's one start of the hour is spent
    assert r.errors[0][1].startswith("THIS JUDGE LETS ONE ADDRESS START OBSERVING OR MONITORING 1 GAMES AN HOUR")
    # (a mail of its own: the same text would be the same Message-ID, a redelivery answered once)
    assert started.send("c@example.org", f"MONITOR {GAME}\n").accepted
    game = started.game(GAME)
    assert game.observers == ["a@example.org"] and game.monitors == ["c@example.org"]
    assert started.send("c@example.org", f"LIST {GAME}").accepted
    listed = started.reply("c@example.org")
    assert "Observers: 1\nMonitors:  1\n" in listed and "a@example.org" not in listed


def test_a_player_cannot_take_a_monitors_address(started):
    """SET ADDRESS to an address already in the game gets the word that nothing changed (test_address.py), a
    monitor's too: one address, one part."""
    assert started.send(MON, f"MONITOR {GAME}").accepted
    started.new_mail()
    started.owner[MON] = started.owner[PLAYERS["FRANCE"][0]]    # (the reply echoes the line France wrote: no leak)
    assert started.signon("FRANCE", f"SET ADDRESS {MON}").accepted
    [told] = [m for m in started.new_mail() if m["To"] == MON]
    assert "no code was sent" in words(told.get_content()) and "France" not in told.get_content()
    assert started.game(GAME).player("FRANCE").address == PLAYERS["FRANCE"][0]


def test_a_monitor_who_takes_over_a_power_monitors_no_more(started):
    """One copy of each mail: a player is sent the results as a player, not again as a monitor."""
    assert started.signon("FRANCE", "RESIGN").accepted
    assert started.send(MON, f"MONITOR {GAME}").accepted
    assert started.send(MON, f"TAKEOVER F{GAME} new-pw").accepted
    assert started.game(GAME).monitors == []
    started.new_mail()
    assert started.master("PROCESS!").accepted
    assert len([m for m in started.new_mail() if m["To"] == MON and "results" in str(m["Subject"])]) == 1


def test_a_rollback_keeps_the_monitors_of_now(started):
    """ROLLBACK restores the board, not who follows the game: a monitor since the snapshot stays one."""
    assert started.master("PROCESS!").accepted
    assert started.send(MON, f"MONITOR {GAME}").accepted
    assert started.master("ROLLBACK S1901M").accepted
    assert started.game(GAME).monitors == [MON]
