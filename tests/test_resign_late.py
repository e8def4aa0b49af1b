"""The house rule late_powers=resign by mail: at the end of the grace period each late player is told they are
resigned and how the power may be taken over, everyone else in the game that the power is open (no address given
away), and the master what was done; the powers are named as every other mail names them."""
from datetime import timedelta

import pytest

from tests.commands.helpers import GAME, GM, PLAYERS, Desk, desk_with
from tests.e2e.conftest import check_mail_privacy, owners_in_games

DEADLINE_HOURS, GRACE_HOURS = 24, 2
WATCHER = "watcher@example.org"


@pytest.fixture
def resigning(tmp_path, tmp_path_factory) -> Desk:
    """Game g1 (seven players) under late_powers=resign, a 24-hour deadline and 2 hours' grace, anonymous, watched;
    everyone but Italy and Turkey has ordered."""
    desk = desk_with(tmp_path, tmp_path_factory, "started")
    assert desk.master("SET RULE late_powers=resign anonymous=until_end", f"SET MOVEMENT {DEADLINE_HOURS}",
                       f"SET GRACE {GRACE_HOURS}").accepted
    assert desk.send(WATCHER, f"OBSERVE {GAME}").accepted
    desk.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    desk.new_mail()
    return desk


def text(mail) -> str:
    return mail.get_content()


def test_late_players_are_told_and_everyone_learns_the_powers_are_open(resigning):
    game = resigning.game(GAME)
    grace_end = game.grace_until()
    owner = {}
    masters = owners_in_games(resigning.folder(GAME).parent, owner)   # (before the late players' addresses go)
    resigning.clock.now = grace_end
    assert resigning.judge.process(GAME) == ["resigned: ITALY, TURKEY"]
    mails = resigning.new_mail()
    check_mail_privacy(mails, owner, masters)
    by_subject: dict[str, dict[str, str]] = {}
    for m in mails:
        by_subject.setdefault(str(m["Subject"]), {})[str(m["To"])] = text(m)

    # Each late player: what happened, that the power is open, and how it is taken over.
    told = by_subject.pop(f"Diplomacy you have been resigned ({GAME})")
    assert sorted(told) == [PLAYERS["ITALY"][0], PLAYERS["TURKEY"][0]]
    italy = " ".join(told[PLAYERS["ITALY"][0]].split())
    assert "Italy" in italy and "Turkey" not in italy and "ITALY" not in italy
    assert "late_powers=resign" in italy and "you no longer play Italy" in italy
    assert f"TAKEOVER I{GAME} <password>" in italy
    from judge.deadlines import show
    assert show(grace_end, game.timing) in italy
    assert f"TAKEOVER T{GAME} <password>" in told[PLAYERS["TURKEY"][0]]

    # Everyone else still in the game (players, the observer), one mail each, all alike; not the master, who has
    # one notice of the event, below.
    opened = by_subject.pop(f"Diplomacy a power is open ({GAME})")
    still = [PLAYERS[p][0] for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")]
    assert sorted(opened) == sorted(still + [WATCHER])
    assert len(set(opened.values())) == 1
    news = " ".join(next(iter(opened.values())).split())
    assert f"Italy in game {GAME} has been resigned for lateness" in news
    assert f"Turkey in game {GAME} has been resigned for lateness" in news
    assert f"TAKEOVER I{GAME} <password>" in news and f"TAKEOVER T{GAME} <password>" in news

    # The master: one mail for the event (not "a power is open" beside it), saying all the others said: who was
    # resigned, that the powers are open, and how a newcomer takes each over; the display names, as everywhere.
    assert [m["To"] for m in mails].count(GM[0]) == 1
    [master] = by_subject.pop(f"Diplomacy late players resigned ({GAME})").values()
    said = " ".join(master.split())
    assert "Resigned for lateness: Italy, Turkey" in said and "ITALY" not in master
    assert "Italy and Turkey are now open for takeover, and everyone else in the game has been told so" in said
    assert f"TAKEOVER I{GAME} <password> (Italy), TAKEOVER T{GAME} <password> (Turkey)" in said
    assert "The game waits until each power is taken over (TAKEOVER), or until you send PROCESS!." in said
    assert by_subject == {}

    # The old players get no more of the game's mail; a newcomer takes Italy over (the others are told, as for a
    # RESIGN), and the game goes on once Turkey's new player has ordered too.
    resigning.clock.advance(hours=1)
    assert resigning.judge.process(GAME) == [] and resigning.new_mail() == []
    assert resigning.send("new-italy@example.org", f"TAKEOVER I{GAME} ni-pw\nF NAP H\nA ROM H\nA VEN H").accepted
    assert resigning.send("new-turkey@example.org", f"TAKEOVER T{GAME} nt-pw\nF ANK H\nA CON H\nA SMY H").accepted
    resigning.new_mail()
    assert resigning.judge.process(GAME) == ["S1901M processed; next phase F1901M"]
    results = resigning.delivered("results")
    assert PLAYERS["ITALY"][0] not in results and "new-italy@example.org" in results


def test_a_late_player_who_resigned_is_not_told_twice(resigning):
    """A late player who RESIGNs during the grace period was told then; the clock resigns nobody more."""
    assert resigning.signon("ITALY", "RESIGN").accepted
    resigning.new_mail()
    resigning.clock.now = resigning.game(GAME).grace_until() + timedelta(minutes=1)
    assert resigning.judge.process(GAME) == ["resigned: TURKEY"]
    mails = resigning.new_mail()
    assert [str(m["To"]) for m in mails if "you have been resigned" in str(m["Subject"])] == [PLAYERS["TURKEY"][0]]
    opened = [text(m) for m in mails if "a power is open" in str(m["Subject"])]
    assert opened and all("Turkey" in t and "Italy" not in t for t in opened)


def test_a_player_resigned_from_a_private_game_is_told_the_takeover_line_that_works(resigning):
    """A tester's private game: the resigned player read "TAKEOVER Tfx <password> ... that is also how you may take
    it back", and that line was refused for want of the game password (a resigned player is a newcomer again). The
    mail now names the game password as the other players' notice does, and the line it gives takes the power back."""
    assert resigning.master("SET PRIVATE our-secret").accepted
    resigning.new_mail()
    resigning.clock.now = resigning.game(GAME).grace_until()
    assert resigning.judge.process(GAME) == ["resigned: ITALY, TURKEY"]
    told = {str(m["To"]): " ".join(m.get_content().split()) for m in resigning.new_mail()
            if str(m["Subject"]) == f"Diplomacy you have been resigned ({GAME})"}
    turkey = told[PLAYERS["TURKEY"][0]]
    assert f"TAKEOVER T{GAME} <password> <game password> (the game is private: its master gives the game " \
        "password). While it is open, that is also how you may take it back." in turkey, turkey
    # Without the game password it is refused, with it Turkey's old player plays Turkey again.
    assert not resigning.send(PLAYERS["TURKEY"][0], f"TAKEOVER T{GAME} new-pw").accepted
    assert resigning.send(PLAYERS["TURKEY"][0], f"TAKEOVER T{GAME} new-pw our-secret").accepted
    assert resigning.game(GAME).player("TURKEY").address == PLAYERS["TURKEY"][0]


def test_a_newcomer_taking_a_resigned_power_over_is_not_resigned_at_once(resigning):
    """A tester took over a power resigned for lateness, as the notices invite, without orders in the same mail: the
    clock resigned the newcomer in the same second ("No orders came from you ... by the end of its grace period",
    which had ended before they came), and the game could go on only by PROCESS!. The newcomer now has the phase to
    send orders in; a new deadline from the master brings a grace period that is theirs to meet."""
    resigning.clock.now = resigning.game(GAME).grace_until()
    assert resigning.judge.process(GAME) == ["resigned: ITALY, TURKEY"]
    resigning.new_mail()
    resigning.clock.advance(hours=1)
    assert resigning.send("new-italy@example.org", f"TAKEOVER I{GAME} ni-pw").accepted
    assert resigning.send("new-turkey@example.org", f"TAKEOVER T{GAME} nt-pw").accepted
    # (its reply says the deadline and its grace period have passed: a bare past date read as a deadline to meet)
    said = " ".join(resigning.reply_to("new-turkey@example.org").split())
    assert "(passed, and its grace period: the game waits for the late orders, or the master)" in said, said
    assert resigning.judge.process(GAME) == []
    assert not [m for m in resigning.new_mail() if "resigned" in str(m["Subject"])]
    game = resigning.game(GAME)
    assert game.player("ITALY").address == "new-italy@example.org" and game.player("TURKEY").status == "active"
    # Italy's newcomer orders; the game waits for Turkey's (nothing is resigned meanwhile).
    assert resigning.send("new-italy@example.org", f"SIGNON I{GAME} ni-pw\nF NAP H\nA ROM H\nA VEN H").accepted
    resigning.clock.advance(hours=5)
    assert resigning.judge.process(GAME) == []
    # The master sets a new deadline: its grace period ends with Turkey's newcomer still late, who is resigned then.
    assert resigning.master("SET DEADLINE +1h").accepted
    resigning.clock.now = resigning.game(GAME).grace_until()
    assert resigning.judge.process(GAME) == ["resigned: TURKEY"]


def test_when_every_player_is_late_the_master_is_not_told_that_everyone_else_knows(tmp_path, tmp_path_factory):
    """Nobody ordered and nobody watches: nobody is left to tell that the powers are open; the master's notice said
    that "everyone else in the game has been told so"."""
    desk = desk_with(tmp_path, tmp_path_factory, "started")
    assert desk.master("SET RULE late_powers=resign", f"SET MOVEMENT {DEADLINE_HOURS}",
                       f"SET GRACE {GRACE_HOURS}").accepted
    desk.new_mail()
    desk.clock.now = desk.game(GAME).grace_until()
    assert desk.judge.process(GAME) == ["resigned: " + ", ".join(sorted(PLAYERS))]
    mails = desk.new_mail()
    assert not [m for m in mails if "a power is open" in str(m["Subject"])]
    [master] = [text(m) for m in mails if "late players resigned" in str(m["Subject"])]
    said = " ".join(master.split())
    assert "everyone else" not in said
    assert ("are now open for takeover, and nobody else is left in the game to tell (no other player, no observer). "
            f"A new player takes each over: TAKEOVER A{GAME} <password> (Austria)") in said
