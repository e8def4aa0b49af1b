"""The hide_dummies house rule (DPjudge HIDE_DUMMIES, its Rules page: a dummy is listed as a power that can be
logged in and written to, so the players cannot tell which powers are dummies). By mail: every place that would
name a dummy shows the players and observers a power whose player is silent; the master still sees the dummy."""
from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from tests.commands.helpers import GAME, GM, PLAYERS

ASKER = "asker@example.org"
TITLES = {p.title() for p in PLAYERS}


@pytest.fixture
def hiding(started):
    """Game g1 under hide_dummies with Italy made a dummy by the master; Italy's old address is nobody's now."""
    assert started.master("SET RULE hide_dummies", "DUMMY ITALY").accepted
    assert started.game(GAME).player("ITALY").status == "dummy"
    started.new_mail()
    return started


def _line(reply: str, power: str) -> str:
    """What LIST says of a power, without its name."""
    return " ".join(next(line for line in reply.splitlines() if line.strip().startswith(power)).split()[1:])


def test_the_rule_takes_dpjudge_s_name_and_its_negation(started):
    assert started.master("SET RULE HIDE_DUMMIES").accepted
    assert started.game(GAME).rules.hide_dummies
    assert started.master("SET RULE !HIDE_DUMMIES").accepted
    assert not started.game(GAME).rules.hide_dummies


@pytest.mark.parametrize("show_status", [False, True])
def test_list_shows_a_dummy_as_a_silent_player(hiding, show_status):
    if show_status:
        assert hiding.master("SET RULE show_status").accepted
        hiding.new_mail()
    for asker in (ASKER, PLAYERS["FRANCE"][0]):
        assert hiding.send(asker, f"LIST {GAME}").accepted
        reply = hiding.reply(asker)
        # Italy (a dummy) and Germany (a player who sent nothing) read alike: no 'dummy', no 'civil disorder'.
        assert _line(reply, "Italy") == _line(reply, "Germany")
        powers = [line for line in reply.splitlines() if line.strip().split(" ")[0] in TITLES]
        assert len(powers) == 7 and not any("dummy" in line or "disorder" in line for line in powers), powers
    assert hiding.master(f"LIST {GAME}").accepted
    assert _line(hiding.reply(GM[0]), "Italy").startswith("dummy")


def _press_archive(desk) -> list[dict]:
    folder = desk.folder(GAME) / "press"
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))] if folder.exists() else []


def test_press_to_a_dummy_alone_is_accepted_and_reaches_nobody(hiding):
    # As to a player who never answers: the sender is told it went to Italy, and no copy goes anywhere.
    r = hiding.signon("FRANCE", "PRESS TO I", "anyone there?", "ENDPRESS")
    assert r.accepted and "Press sent to Italy." in hiding.reply("FRANCE")
    assert hiding.delivered("press from France") == {}
    [entry] = _press_archive(hiding)
    assert entry["to"] == ["ITALY"] and entry["body"] == ["anyone there?"]


def test_press_to_a_dummy_and_a_player_names_both(hiding):
    assert hiding.signon("FRANCE", "PRESS TO GI", "hello", "ENDPRESS").accepted
    assert "Press sent to Germany and Italy." in hiding.reply("FRANCE")
    assert set(hiding.delivered("press from France")) == {PLAYERS["GERMANY"][0]}


def test_the_master_s_press_to_a_dummy_alone_is_still_refused(hiding):
    before = hiding.status_bytes()
    r = hiding.master("PRESS TO I", "anyone there?", "ENDPRESS")
    assert r.errors[0][1] == "NOBODY TO SEND THIS PRESS TO (NO ACTIVE PLAYER AMONG THE RECIPIENTS)"
    assert hiding.status_bytes() == before and _press_archive(hiding) == []


def test_takeover_of_a_dummy_is_refused_as_of_a_played_power(hiding):
    before = hiding.status_bytes()
    played = hiding.send("new@example.org", f"TAKEOVER france@{GAME} new-pw")
    dummy = hiding.send("new@example.org", f"TAKEOVER italy@{GAME} new-pw")
    assert played.errors[0][1] == "FRANCE IS NOT OPEN FOR TAKEOVER"
    assert dummy.errors[0][1] == "ITALY IS NOT OPEN FOR TAKEOVER"
    assert hiding.status_bytes() == before
    # The master, who may REVIVE it, is still told that someone asked for the dummy.
    told = hiding.delivered("takeover request")
    assert set(told) == {GM[0]} and "a dummy" in told[GM[0]].get_content()


def _results(desk) -> str:
    """The S1901M results, which every player, observer and the master get alike (delivered() checks that)."""
    return " ".join(desk.delivered(f"Diplomacy results {GAME} S1901M")[PLAYERS["FRANCE"][0]].get_content().split())


@pytest.mark.parametrize("hide, said", [
    (True, "No orders came from Germany and Italy: their units took the default (civil disorder)."),
    (False, "No orders came from Germany: its units took the default (civil disorder)."),
])
def test_results_name_a_dummy_among_the_powers_whose_orders_never_came(started, hide, said):
    # Without the rule a dummy's default orders are no news; with it, Italy must read as late as silent Germany.
    assert started.master(*(["SET RULE hide_dummies"] if hide else []), "DUMMY ITALY").accepted
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "RUSSIA", "TURKEY")
    started.new_mail()
    assert started.master("PROCESS!").accepted
    assert said in _results(started)


def test_summary_shows_a_dummy_s_last_player_playing_it_still(hiding):
    for asker in (ASKER, PLAYERS["FRANCE"][0]):
        assert hiding.send(asker, f"SUMMARY {GAME}").accepted
        reply = hiding.reply(asker)
        assert _line(reply, "Italy") == _line(reply, "France") and "dummy" not in reply, reply
    assert hiding.master(f"SUMMARY {GAME}").accepted
    assert _line(hiding.reply(GM[0]), "Italy").endswith("to S1901M, then a dummy)")


def _activate_with_dummies(forming, hide: bool) -> None:
    """ACTIVATE with two players: the five powers nobody joined for start as dummies (DPjudge's CD powers)."""
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}" + ("\nSET RULE hide_dummies" if hide else "")).accepted
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw F").accepted
    assert forming.send("germany@example.org", f"JOIN {GAME} ger-pw G").accepted
    forming.new_mail()
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nACTIVATE").accepted
    assert forming.game(GAME).player("ITALY").status == "dummy"


@pytest.mark.parametrize("hide", [True, False])
def test_the_start_notice_lists_the_dummies_as_played_powers(forming, hide):
    _activate_with_dummies(forming, hide)
    start = forming.delivered("starting")["france@example.org"].get_content()
    listed = {line.split()[0]: line.split()[1] for line in start.split("Powers:")[1].splitlines()
              if line.strip().split(" ")[0] in TITLES}
    assert listed == {t: "active" if hide or t in ("France", "Germany") else "dummy" for t in TITLES}


@pytest.mark.parametrize("hide", [True, False])
def test_results_give_no_vassal_lines_naming_the_dummies(started, hide):
    # vassal_dummies reports each dummy's standing after a year's last phase ("Italy is independent."), which names
    # the dummies: DPjudge shows it only without HIDE_DUMMIES.
    rules = "SET RULE vassal_dummies" + (" hide_dummies" if hide else "")
    assert started.master(rules, "DUMMY ITALY").accepted
    for phase in ("S1901M", "F1901M"):
        started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
        started.new_mail()
        assert started.master("PROCESS!").accepted, phase
    fall = " ".join(started.delivered(f"Diplomacy results {GAME} F1901M")[PLAYERS["FRANCE"][0]].get_content().split())
    assert ("Italy is independent." in fall) is not hide


def test_late_notices_name_each_late_player_s_own_power_only(hiding):
    # A list of the late powers leaves a dummy out (it is never late), which tells the players it is one: as
    # DPjudge's HIDE_DUMMIES implies HIDE_LATE_POWERS, each late player is told of their own lateness only.
    hiding.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY")
    hiding.new_mail()
    hiding.clock.now = datetime(2026, 1, 8, 12, tzinfo=timezone.utc)       # g1's first deadline
    hiding.process(GAME)
    got = {str(m["To"]): m.get_content() for m in hiding.new_mail()
           if "late" in str(m["Subject"]) or "missed" in str(m["Subject"])}
    russia, turkey = PLAYERS["RUSSIA"][0], PLAYERS["TURKEY"][0]
    assert sorted(got) == sorted([russia, turkey, GM[0]])
    assert "Late Power:       Turkey\n" in got[turkey] and "Russia" not in got[turkey]
    assert "Late Power:       Russia\n" in got[russia] and "Turkey" not in got[russia]
    assert "Late Powers:      Russia, Turkey\n" in got[GM[0]]


def test_summary_shows_a_dummy_from_the_start_with_a_first_player(forming):
    # Nobody ever played Italy: without a turn of its own, SUMMARY would name it as the one power nobody plays.
    _activate_with_dummies(forming, hide=True)
    assert forming.send(ASKER, f"SUMMARY {GAME}").accepted
    reply = forming.reply(ASKER)
    assert _line(reply, "Italy") == _line(reply, "France") == "first player (from S1901M to now)", reply
    assert forming.master(f"SUMMARY {GAME}").accepted
    assert not any(line.strip().startswith("Italy") for line in forming.reply(GM[0]).splitlines())   # (as ever)


def test_a_sign_on_as_a_dummy_is_refused_as_one_with_a_wrong_password(hiding):
    # Without the rule, the refusal goes on "(ITS LAST PLAYER: MADE A DUMMY ...)", which anyone may provoke.
    played = hiding.send(ASKER, f"SIGNON F{GAME} guess").errors[0][1]
    dummy = hiding.send(ASKER, f"SIGNON I{GAME} guess").errors[0][1]
    assert played == f"WRONG PASSWORD OR NO PLAYER FOR FRANCE IN {GAME}"
    assert dummy == played.replace("FRANCE", "ITALY")


@pytest.mark.parametrize("lines", [["SET RULE hide_dummies dummy_votes=exclude"],
                                   ["SET RULE dummy_votes=exclude", "SET RULE hide_dummies"]])
def test_hide_dummies_cannot_go_with_dummy_votes_exclude(started, lines):
    # dummy_votes=exclude names the dummies in every vote and draw ('a draw ... (not Italy)'): nothing hidden then.
    if len(lines) == 2:
        assert started.master(lines[0]).accepted
    before = started.status_bytes()
    r = started.master(lines[-1])
    assert r.errors[0][1] == "RULE HIDE_DUMMIES CONFLICTS WITH DUMMY_VOTES=exclude"
    assert started.status_bytes() == before
