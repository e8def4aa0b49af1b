"""The vote news is gathered for ten minutes; the master who makes the votes secret in those minutes (SET RULE
draw_votes=secret) has every player told nothing of them: the rule in force when the news would go decides."""
from __future__ import annotations

from tests.commands.helpers import GAME, PLAYERS


def _vote_news(desk) -> list:
    return [m for m in desk.new_mail() if str(m["Subject"]).startswith("Diplomacy votes")]


def test_votes_made_secret_before_their_news_is_sent_are_not_told(started):
    assert started.master("SET RULE draw_votes=names").accepted
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    assert started.signon("GERMANY", "VOTE CONCEDE FRANCE").accepted
    assert started.master("SET RULE draw_votes=secret").accepted
    started.new_mail()
    started.clock.advance(minutes=11)
    started.process(GAME)
    news = _vote_news(started)
    assert news == [], [m.get_content() for m in news]
    assert not any("France" in m.get_content() for m in started.new_mail()
                   if str(m["To"]) == PLAYERS["ITALY"][0])
    # The next round of votes under secret tells nobody either, and the clock has nothing left to send.
    assert started.game(GAME).vote_news is None


def test_votes_made_counts_are_told_as_counts(started):
    # (the rule at the time of the news decides in the other direction too: names made counts tell no name)
    assert started.master("SET RULE draw_votes=names").accepted
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    assert started.master("SET RULE draw_votes=counts").accepted
    started.new_mail()
    started.clock.advance(minutes=11)
    started.process(GAME)
    news = _vote_news(started)
    assert news and all("France" not in m.get_content() for m in news)
    assert "1 of the 7 powers with a vote is for a draw" in news[0].get_content()
