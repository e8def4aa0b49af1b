"""SET RULE as a GM coming from DPjudge writes it (the rule names of DPjudge's Rules page), and the rule that only says
how a game begins (mobilize), which a started game keeps."""
from __future__ import annotations

import pytest

from tests.commands.helpers import GAME, GM, PLAYERS


# Each DPjudge rule and what its Rules page says it does, in our table's words.
@pytest.mark.parametrize("word, rule, value", [
    ("NO_PRESS", "press", "none"),              # "Press is only allowed to and from the Master."
    ("PUBLIC_PRESS", "press", "broadcast"),     # "... to and from the Master, and broadcast."
    ("NO_PARTIAL", "press", "broadcast"),       # DPjudge's other name for PUBLIC_PRESS
    ("GREY_PRESS", "press", "grey"),            # "All press (except to the Master) is sent anonymously."
    ("WHITE_GREY", "press", "white_grey"),      # "The player can choose to have any press ... sent anonymously."
    ("BUILD_ANY", "build_anywhere", True),      # "Powers may build new units at any owned supply center"
    ("NO_DIAS", "draws", "any"),                # "may end in a result other than ... a draw that includes all"
    ("NO_DEADLINE", "deadlines", "manual"),     # "It's up to the GM to process each turn"
    ("NO_ABSENCES", "absence_days", 0),         # "reject ... SET ABSENCE ... by anyone other than the Master"
    ("no_reveal", "reveal", "none"),            # "player identities are concealed even after the game is completed"
    ("!NO_REVEAL", "reveal", "all"),            # DPjudge without NO_REVEAL shows who played
    ("FRIENDLY_FIRE", "friendly_fire", True),   # "Players may dislodge their own units" (refused as unknown before)
    ("NO_RETREAT", "no_retreat", True),         # "all dislodged units are destroyed without the ability to retreat"
    ("COASTAL_CRAWL", "coastal_crawl", True),   # "F Spa/sc-Por and F Por-Spa/nc would not bounce each other"
    ("WEAK_BOUNCES", "weak_bounces", True),     # Key's rule: no defensive strength after a failed move
    ("MUTE_OBSERVERS", "observer_press", False),   # "Observers may only send press to the Master."
    ("!MUTE_OBSERVERS", "observer_press", True),   # DPjudge without it: observers write to everyone
    ("SILENT_JOIN", "join_notices", False),     # "no broadcasts will be sent out whenever a player joins"
    ("!SILENT_JOIN", "join_notices", True),     # DPjudge without SILENT_JOIN: "... has joined the game"
    ("POWER_CHOICE", "power_assignment", "first_come"),   # "players may select an (unspoken for) power"
    ("!POWER_CHOICE", "power_assignment", "random"),      # "the DPjudge will assign powers to all players randomly"
    ("!HIDE_EXTENDERS", "extension_anonymous", False),    # DPjudge without it names who extended the deadline
    ("HIDE_EXTENDERS", "extension_anonymous", True),      # "The power-identity of a player who extends" is hidden
    ("LIST_UNORDERED", "show_status", True),    # "players who have not yet issued orders ... in the game list"
    ("LIST_WAITERS", "show_status", True),      # "players who have set their 'wait' ... flag ... in the game list"
])
def test_dpjudge_rule_names_set_our_rules(forming, word, rule, value):
    assert forming.master("SET RULE reveal=players", f"SET RULE {word}").accepted
    got = getattr(forming.game(GAME).rules, rule)
    assert getattr(got, "value", got) == value


def test_mute_observers_by_its_dpjudge_name_keeps_observers_to_the_master(started):
    """DPjudge's MUTE_OBSERVERS: "Observers may only send press to the Master" - our observer_press off."""
    assert started.master("SET RULE observer_press", "SET RULE MUTE_OBSERVERS").accepted
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    before = started.status_bytes()
    started.new_mail()
    r = started.send("watcher@example.org", f"OBSERVE {GAME}\nBROADCAST\nA kibitz.\nENDBROADCAST")
    assert r.errors == [("BROADCAST", f"OBSERVERS MAY NOT SEND PRESS IN GAME {GAME}: ONLY TO THE MASTER (PRESS TO M; "
                                      "HOUSE RULE OBSERVER_PRESS IS OFF)")]
    assert started.status_bytes() == before and [m["To"] for m in started.new_mail()] == ["watcher@example.org"]
    assert started.send("watcher@example.org", f"OBSERVE {GAME}\nPRESS TO M\nA question.\nENDPRESS").accepted


def test_no_press_by_its_dpjudge_name_stops_press_between_players(started):
    assert started.master("SET RULE NO_PRESS").accepted
    refused = started.signon("FRANCE", "PRESS TO GERMANY", "hello", "ENDPRESS")
    assert not refused.accepted and "NO PRESS IS ALLOWED" in refused.errors[0][1]
    assert started.signon("FRANCE", "PRESS TO M", "hello master", "ENDPRESS").accepted


def test_a_dpjudge_name_conflicting_with_fake_press_is_refused(started):
    before = started.status_bytes()
    r = started.master("SET RULE fake_press NO_PRESS")
    assert not r.accepted and r.errors[0][1] == "RULE FAKE_PRESS CONFLICTS WITH PRESS=none"
    assert started.status_bytes() == before


def test_a_started_game_keeps_its_mobilize_rule(started):
    # mobilize makes the game begin with builds; the game has begun, so setting it would change nothing but LIST.
    before = started.status_bytes()
    started.new_mail()
    r = started.master("SET RULE mobilize")
    assert not r.accepted and "MOBILIZE" in r.errors[0][1] and "HAS BEGUN" in r.errors[0][1]
    assert started.status_bytes() == before
    assert not [m for m in started.new_mail() if "rules changed" in str(m["Subject"])]
    # Other rules in the same game still change.
    assert started.master("SET RULE safe_convoys").accepted and started.game(GAME).rules.safe_convoys


def test_mobilize_may_still_be_switched_off_after_the_start(started):
    # A game given mobilize after its start (an earlier release took it) can be put right: off changes nothing.
    game = started.game(GAME)
    game.rules = game.rules.replace(mobilize=True)
    started.judge.store.save(game)
    assert started.master("SET NORULE mobilize").accepted and not started.game(GAME).rules.mobilize


def test_the_reply_says_which_rule_a_dpjudge_name_set(forming):
    assert forming.master("SET RULE NO_PRESS !NO_REVEAL safe_convoys").accepted
    reply = " ".join(forming.reply(GM[0]).split())
    assert "Rules now: NO_PRESS (press=none), !NO_REVEAL (reveal=all), safe_convoys." in reply


def test_a_dpjudge_adjudication_rule_is_switched_off_by_its_negated_name(forming):
    assert forming.master("SET RULE FRIENDLY_FIRE WEAK_BOUNCES").accepted
    assert forming.master("SET RULE !FRIENDLY_FIRE").accepted
    rules = forming.game(GAME).rules
    assert not rules.friendly_fire and rules.weak_bounces
def test_list_unordered_shows_everyone_whose_orders_are_in(started):
    """DPjudge's LIST_UNORDERED names the powers without orders in the game list; here show_status, which also shows
    who waits (DPjudge's LIST_WAITERS)."""
    assert started.master("SET RULE LIST_UNORDERED").accepted
    assert started.signon("FRANCE", "A PAR - BUR", "SET WAIT").accepted
    assert started.send("someone@example.org", f"LIST {GAME}").accepted
    reply = started.reply_to("someone@example.org")
    assert "  France   active, orders in, waiting\n" in reply and "  Italy    active, no orders yet\n" in reply
    assert started.master("SET RULE !LIST_WAITERS").accepted
    assert started.send("someone@example.org", f"LIST {GAME}").accepted
    assert "orders in" not in started.reply_to("someone@example.org")


def test_extenders_named_without_dpjudges_hide_extenders(started):
    """DPjudge's HIDE_EXTENDERS hides who extended the deadline; without it the players are told (our default is
    DPjudge's rule: extension_anonymous)."""
    assert started.master("SET RULE extension_count=1 !HIDE_EXTENDERS").accepted
    started.new_mail()
    assert started.signon("ITALY", "EXTEND").accepted
    told = [" ".join(m.get_content().split()) for m in started.new_mail() if m["To"] == PLAYERS["FRANCE"][0]]
    assert told == [f"The deadline of game {GAME} has been extended at Italy's request to Fri 9 Jan 2026 12:00 UTC."]
