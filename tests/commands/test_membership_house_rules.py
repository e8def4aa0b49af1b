"""JOIN under DPjudge's game-start rules a GM sets: START_MASTER (the master starts a full game), SILENT_JOIN and
POWER_CHOICE. Every mail is read whole; the Desk checks that nobody sees another's address and that a refused
message changes no file."""
from __future__ import annotations

from tests.commands.helpers import GAME, GM, LETTER, PLAYERS


def _join_all(desk, but: tuple[str, ...] = ()) -> None:
    for power, (address, password) in PLAYERS.items():
        if power not in but:
            assert desk.send(address, f"JOIN {GAME} {password} {LETTER[power]}").accepted, power


def test_start_master_keeps_a_full_game_forming_until_the_master_activates_it(forming):
    """DPjudge's Rules page: START_MASTER "prevents the game from automatically starting once the last player joined.
    The Master will need to change the game status to active"; DPjudge then tells everyone "All positions are
    filled, but you need to wait for the Master to activate the game"."""
    assert forming.master("SET RULE START_MASTER").accepted
    assert forming.game(GAME).rules.start_master
    assert forming.master("FORM").accepted
    assert (f"Game {GAME} is forming: players JOIN it, and it starts when you send ACTIVATE (house rule "
            "start_master).") in " ".join(forming.reply(GM[0]).split())
    forming.new_mail()
    _join_all(forming, but=("TURKEY",))
    forming.new_mail()
    assert forming.send(PLAYERS["TURKEY"][0], f"JOIN {GAME} tur-pw T").accepted
    game = forming.game(GAME)
    assert game.status == "forming" and {p.power for p in game.players} == {""}
    mails = forming.new_mail()
    assert not [m for m in mails if "starting" in str(m["Subject"]) or "assignment" in str(m["Subject"])]
    [reply] = [m for m in mails if m["To"] == PLAYERS["TURKEY"][0]]
    assert f"Game {GAME} is full: it starts when its master activates it." in " ".join(reply.get_content().split())
    full = {m["To"]: " ".join(m.get_content().split()) for m in mails if m["To"] != PLAYERS["TURKEY"][0]}
    assert sorted(full) == sorted([a for p, (a, _) in PLAYERS.items() if p != "TURKEY"] + [GM[0]])
    for address, text in full.items():
        if address == GM[0]:
            assert text == (f"All 7 powers of game {GAME} are taken. It waits for you (house rule start_master): "
                            "send ACTIVATE to start it.")
        else:
            assert text == f"All 7 powers of game {GAME} are taken: the game starts when its master activates it."
    assert {str(m["Subject"]) for m in mails if m["To"] != PLAYERS["TURKEY"][0]} == {f"Diplomacy game full ({GAME})"}
    # An eighth JOIN is refused as before, and changes nothing.
    before = forming.status_bytes()
    assert forming.send("late@example.org", f"JOIN {GAME} pw").errors[0][1] == f"GAME {GAME} IS FULL"
    assert forming.status_bytes() == before
    # The master's ACTIVATE starts it: every power with the player who asked for it, no dummy.
    assert forming.master("ACTIVATE").accepted
    game = forming.game(GAME)
    assert game.status == "active" and {p.power: p.address for p in game.players} == \
        {k: v[0] for k, v in PLAYERS.items()}
    starts = [m for m in forming.new_mail() if str(m["Subject"]) == f"Diplomacy game {GAME} starting"]
    assert len(starts) == 8


def test_start_master_switched_off_in_a_full_game_tells_the_master_to_activate_it(forming):
    assert forming.master("SET RULE START_MASTER").accepted
    _join_all(forming)
    assert forming.game(GAME).status == "forming"
    forming.new_mail()
    assert forming.master("SET NORULE start_master").accepted
    assert f"Game {GAME} has all its players: send ACTIVATE to start it." in forming.reply(GM[0])
    assert forming.game(GAME).status == "forming"


def test_without_start_master_the_last_join_starts_the_game(forming):
    assert forming.master("SET RULE START_MASTER", "SET RULE !START_MASTER").accepted
    assert not forming.game(GAME).rules.start_master
    _join_all(forming)
    assert forming.game(GAME).status == "active"
    assert not [m for m in forming.new_mail() if "game full" in str(m["Subject"])]


def test_without_silent_join_each_join_is_told_to_the_others_and_never_who_joined(forming):
    """DPjudge without SILENT_JOIN broadcasts "<power> has joined the game. Still 5 positions left." to the game;
    here powers are given out at the start, so the others learn the count, never who (nor an address); the master
    learns who. Our default is DPjudge's SILENT_JOIN: nothing is sent."""
    assert forming.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    assert forming.master("SET RULE !SILENT_JOIN").accepted and forming.game(GAME).rules.join_notices
    forming.new_mail()
    assert forming.send(PLAYERS["FRANCE"][0], f"JOIN {GAME} fra-pw F").accepted
    first = {m["To"]: m for m in forming.new_mail()}
    assert sorted(first) == sorted([PLAYERS["FRANCE"][0], "watcher@example.org", GM[0]])
    assert " ".join(first["watcher@example.org"].get_content().split()) == \
        f"A player has joined game {GAME}: 1 of 7 powers are taken, 6 still open."
    assert " ".join(first[GM[0]].get_content().split()) == \
        f"france@example.org has joined game {GAME}: 1 of 7 powers are taken, 6 still open."
    assert str(first[GM[0]]["Subject"]) == f"Diplomacy a player has joined ({GAME})"
    assert forming.send(PLAYERS["ENGLAND"][0], f"JOIN {GAME} eng-pw E").accepted
    second = {m["To"]: " ".join(m.get_content().split()) for m in forming.new_mail()}
    assert sorted(second) == sorted([PLAYERS["ENGLAND"][0], PLAYERS["FRANCE"][0], "watcher@example.org", GM[0]])
    for address in (PLAYERS["FRANCE"][0], "watcher@example.org"):
        assert second[address] == f"A player has joined game {GAME}: 2 of 7 powers are taken, 5 still open."
    # The JOIN that fills the game starts it: no JOIN notice then (DPjudge's start mail says it all).
    _join_all(forming, but=("FRANCE", "ENGLAND", "TURKEY"))
    forming.new_mail()
    assert forming.send(PLAYERS["TURKEY"][0], f"JOIN {GAME} tur-pw T").accepted
    assert not [m for m in forming.new_mail() if "joined" in str(m["Subject"])]


def test_silent_join_is_our_default_no_notice_of_a_join(forming):
    assert forming.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    assert forming.master("SET RULE !SILENT_JOIN", "SET RULE SILENT_JOIN").accepted
    assert not forming.game(GAME).rules.join_notices
    forming.new_mail()
    _join_all(forming, but=("TURKEY",))
    mails = forming.new_mail()
    assert sorted(m["To"] for m in mails) == sorted(a for p, (a, _) in PLAYERS.items() if p != "TURKEY")  # replies


def test_power_choice_gives_the_first_to_ask_for_a_power_that_power(forming):
    """DPjudge's POWER_CHOICE: "players may select an (unspoken for) power to play when JOINing the game"; a power
    already asked for is refused ("Power France is already being played")."""
    assert forming.master("SET RULE POWER_CHOICE").accepted
    assert forming.game(GAME).rules.power_assignment.value == "first_come"
    assert forming.send(PLAYERS["FRANCE"][0], f"JOIN france@{GAME} fra-pw").accepted
    assert f"You have joined game {GAME} (1 of 7 players). France is yours: you play it when the game starts." in \
        " ".join(forming.reply("FRANCE").split())
    before = forming.status_bytes()
    for line in (f"JOIN france@{GAME} pw", f"JOIN {GAME} pw FG"):
        r = forming.send("second@example.org", line)
        assert r.errors[0][1] == (f"FRANCE IS TAKEN IN GAME {GAME} (HOUSE RULE POWER_ASSIGNMENT=FIRST_COME): ASK FOR "
                                  "ONE STILL FREE (AUSTRIA, ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY), OR FOR NONE")
        assert "france@example.org" not in forming.reply_to("second@example.org")
    assert forming.status_bytes() == before
    _join_all(forming, but=("FRANCE",))
    game = forming.game(GAME)
    assert game.status == "active" and {p.power: p.address for p in game.players} == \
        {k: v[0] for k, v in PLAYERS.items()}


def test_power_choice_set_late_gives_a_power_asked_for_twice_to_who_joined_first(forming):
    """Preferences taken before the master chose POWER_CHOICE: two asked for France; the first to join has it."""
    assert forming.send("first@example.org", f"JOIN {GAME} pw1 F").accepted
    assert forming.send(PLAYERS["FRANCE"][0], f"JOIN {GAME} fra-pw F").accepted
    assert forming.master("SET RULE POWER_CHOICE").accepted
    for power in ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA"):
        address, password = PLAYERS[power]
        assert forming.send(address, f"JOIN {GAME} {password}").accepted
    game = forming.game(GAME)
    assert game.status == "active" and game.player("FRANCE").address == "first@example.org"


def test_without_power_choice_powers_are_drawn_by_lot_and_a_join_names_none(forming):
    """DPjudge without POWER_CHOICE: "the DPjudge will assign powers to all players randomly", and a JOIN naming a
    power is refused ("Power selection is not allowed")."""
    assert forming.master("SET RULE !POWER_CHOICE").accepted
    assert forming.game(GAME).rules.power_assignment.value == "random"
    before = forming.status_bytes()
    for line in (f"JOIN france@{GAME} fra-pw", f"JOIN {GAME} fra-pw F"):
        assert forming.send(PLAYERS["FRANCE"][0], line).errors[0][1] == \
            (f"IN GAME {GAME} THE POWERS ARE DRAWN BY LOT (HOUSE RULE POWER_ASSIGNMENT=RANDOM): JOIN {GAME} "
             "<password>, NAMING NO POWER")
    assert forming.status_bytes() == before
    for address, password in PLAYERS.values():
        assert forming.send(address, f"JOIN {GAME} {password}").accepted
    game = forming.game(GAME)
    assert game.status == "active" and sorted(p.power for p in game.players) == sorted(PLAYERS)
