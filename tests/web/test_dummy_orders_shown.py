"""Under show_status a dummy's orders are not "not yet" / "no orders yet": with cd_dummies on (the default) the game
never waits for a dummy, whose units hold by default orders (judge.rules: cd_dummies; DPjudge CD_DUMMIES). LIST by
mail and the game's page say so in the same words. Real SMTP and HTTP through a running daemon."""
from __future__ import annotations

from tests.web.test_orders_column import orders_column

DUMMY_WORDS = "in civil disorder: units hold"


def test_a_dummy_is_shown_holding_not_waited_for(served):
    served.start_game("cd", "SET RULE show_status")
    served.orders("cd", "MASTER", "DUMMY FRANCE")
    game = served.daemon.judge.store.load("cd")
    assert next(p for p in game.players if p.power == "FRANCE").status == "dummy"
    shown = orders_column(served.visitor().get("/games/cd").text)
    assert shown["France"] == DUMMY_WORDS, shown
    assert shown["Germany"] == "not yet"
    served.mail("looker@example.org", "LIST cd")
    listed = served.relay.to("looker@example.org")[-1].get_content()
    france = next(line for line in listed.splitlines() if line.strip().startswith("France"))
    assert DUMMY_WORDS in france and "no orders yet" not in france, france
    assert "no orders yet" in next(line for line in listed.splitlines() if line.strip().startswith("Germany"))
    served.check_pages()


def test_with_cd_dummies_off_the_dummy_holds_at_the_deadline(served):
    served.start_game("cdoff", "SET RULE show_status", "SET RULE no_cd_dummies")
    served.orders("cdoff", "MASTER", "DUMMY FRANCE")
    shown = orders_column(served.visitor().get("/games/cdoff").text)
    assert shown["France"] == DUMMY_WORDS + " at the deadline", shown
