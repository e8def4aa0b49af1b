"""The house rule anonymous as its meaning (LIST, the game page, README) says it works: under its default 'no' the
players still see no other player's address while the game runs (README: "Before the end, only the master (signed on)
sees addresses"), so the meaning must not promise them "shown to all"."""
from __future__ import annotations

from judge.rules import RULES_BY_NAME
from tests.commands.helpers import GAME, PLAYERS


def test_under_anonymous_no_a_player_sees_no_other_address(started):
    assert started.game(GAME).rules.anonymous.value == "no"
    assert started.signon("FRANCE", f"LIST {GAME}", f"SUMMARY {GAME}").accepted
    reply = started.reply("FRANCE")
    others = [address for power, (address, _) in PLAYERS.items() if power != "FRANCE"]
    assert not [a for a in others if a in reply]


def test_the_meaning_of_anonymous_says_what_the_players_see():
    meaning = RULES_BY_NAME["anonymous"].meaning
    assert "shown to all" not in meaning
    assert "no player sees another's address while the game runs" in meaning
