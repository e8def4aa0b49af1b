"""DPjudge's HIDE_LATE_POWERS (our hide_late_powers), by mail with the clock run as cron runs it: "The power-identity
of players who are late with orders is not revealed to the players, and each late player is told only of his own
tardiness. Only the Master is sent the complete list of late powers." Game g1's Spring 1901 deadline is Thu 8 Jan
2026 12:00 UTC; Italy and Turkey miss it."""
from datetime import datetime, timezone

from tests.commands.helpers import GAME, GM, PLAYERS

ITALY, TURKEY = PLAYERS["ITALY"][0], PLAYERS["TURKEY"][0]


def late_notices(desk) -> dict[str, str]:
    desk.all_hold(*[p for p in PLAYERS if p not in ("ITALY", "TURKEY")])
    desk.new_mail()
    desk.clock.now = datetime(2026, 1, 8, 12, tzinfo=timezone.utc)
    desk.process(GAME)
    return {str(m["To"]): m.get_content() for m in desk.new_mail() if "late" in str(m["Subject"]) or
            "missed" in str(m["Subject"])}


def test_each_late_player_is_told_of_their_own_lateness_only(started):
    assert started.master("SET RULE HIDE_LATE_POWERS").accepted and started.game(GAME).rules.hide_late_powers
    got = late_notices(started)
    assert sorted(got) == sorted([ITALY, TURKEY, GM[0]])
    assert "Late Power:       Italy\n" in got[ITALY] and "Turkey" not in got[ITALY]
    assert "Late Power:       Turkey\n" in got[TURKEY] and "Italy" not in got[TURKEY]
    assert "Late Powers:      Italy, Turkey\n" in got[GM[0]]
    # The rest of each notice is the one every late player gets without the rule.
    assert got[ITALY].replace("Italy", "Turkey") == got[TURKEY]


def test_without_the_rule_each_late_player_sees_every_late_power(started):
    got = late_notices(started)
    assert "Late Powers:      Italy, Turkey\n" in got[ITALY] and got[ITALY] == got[TURKEY]


def test_hide_late_powers_cannot_go_with_show_status(started):
    """show_status shows everyone whose orders are not in: the late powers, once the deadline has passed."""
    before = started.status_bytes()
    r = started.master("SET RULE show_status HIDE_LATE_POWERS")
    assert r.errors[0][1] == "RULE HIDE_LATE_POWERS CONFLICTS WITH SHOW_STATUS=on"
    assert started.status_bytes() == before
