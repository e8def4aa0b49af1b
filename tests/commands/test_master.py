"""The master's commands: CREATE, ACTIVATE, FORM, PROCESS, PROCESS!, PREVIEW, ROLLBACK, DUMMY, REVIVE, TERMINATE."""
import json
import logging
from datetime import timedelta

import pytest

from judge.deadlines import Timing
from judge.rules import PRESETS, Ruleset
from judge.service import Judge
from tests.commands.helpers import GAME, GM, HOLDS, PLAYERS, T0
from tests.e2e.conftest import game_files

NOT_MASTER = "ONLY THE GAME MASTER MAY DO THAT (SIGNON M<game> <password>)"


# -- CREATE ----------------------------------------------------------------------------------------------------------
def test_create(desk):
    r = desk.send(GM[0], "CREATE Demo gm-pw")
    assert r.accepted and r.game == "demo"
    assert "Game demo created; you are its master. Players join with: JOIN demo <password>" in desk.reply(GM[0])
    game = desk.game("demo")
    assert (game.status, game.master_address, game.created) == ("forming", GM[0], T0)
    assert game.master_password.startswith("scrypt$") and "gm-pw" not in desk.status_bytes("demo").decode()
    assert game.rules == Ruleset() and game.timing == Timing()          # the embedded defaults
    assert "CREATE demo" in (desk.folder("demo") / "access.log").read_text()


def test_create_takes_rules_and_timing_from_the_settings(desk):
    settings = desk.settings.with_values(rules_default="dpjudge press=none", deadlines_movement_hours=48,
                                         deadlines_days="MTWTF--")
    desk.judge = Judge(settings, clock=desk.clock)
    assert desk.send(GM[0], "CREATE demo pw").accepted
    game = desk.game("demo")
    assert game.rules == PRESETS["dpjudge"].with_(press="none")
    assert (game.timing.movement_hours, game.timing.days) == (48, "MTWTF--")


def test_create_and_set_up_in_one_message(desk):
    assert desk.send(GM[0], "CREATE demo pw\nSET GRACE 12\nSET RULE order_sets=merge").accepted
    game = desk.game("demo")
    assert game.timing.grace_hours == 12 and game.rules.order_sets.value == "merge"


def test_a_refused_create_creates_nothing(desk):
    r = desk.send(GM[0], "CREATE demo pw\nSET GRACE forever")
    assert not r.accepted
    assert not desk.judge.store.exists("demo") and desk.judge.store.names() == []


@pytest.mark.parametrize("line, error", [
    ("CREATE 9lives pw", "BAD GAME NAME: 9lives (a letter, then up to 19 letters, digits, - or _)"),
    ("CREATE ../etc pw", "BAD GAME NAME: ../etc (a letter, then up to 19 letters, digits, - or _)"),
    ("CREATE abcdefghijklmnopqrstu pw", "BAD GAME NAME: abcdefghijklmnopqrstu"),
    ("CREATE demo", "INCOMPLETE COMMAND: USE CREATE <game> <password>"),
])
def test_create_errors(desk, line, error):
    r = desk.send(GM[0], line)
    assert not r.accepted and r.errors[0][1].startswith(error)
    assert desk.judge.store.names() == []


def test_create_an_existing_game(started):
    before = started.status_bytes()
    r = started.send("other@example.org", f"CREATE {GAME} mine")
    assert r.errors[0][1] == f"GAME {GAME} ALREADY EXISTS"
    assert started.status_bytes() == before


def test_create_after_signing_on(started):
    assert started.master("CREATE g2 pw").errors[0][1] == \
        f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {GAME}"


# -- ACTIVATE ------------------------------------------------------------------------------------------------------
def test_activate_fills_the_empty_powers_with_dummies(forming):
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw F").accepted
    assert forming.send("germany@example.org", f"JOIN {GAME} ger-pw G").accepted
    forming.new_mail()
    r = forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nACTIVATE")
    assert r.accepted
    game = forming.game(GAME)
    assert game.status == "active" and str(game.position.phase) == "S1901M"
    assert game.player("FRANCE").address == "france@example.org"
    assert game.player("GERMANY").address == "germany@example.org"
    dummies = [p.power for p in game.players if p.status == "dummy"]
    assert sorted(dummies) == ["AUSTRIA", "ENGLAND", "ITALY", "RUSSIA", "TURKEY"]
    assert [p.power for p in game.late_players()] == ["FRANCE", "GERMANY"]     # dummies never hold the game up
    starts = forming.mails("starting")
    assert sorted(m["To"] for m in starts) == sorted(["france@example.org", "germany@example.org", GM[0]])


def test_activate_alias(forming):
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSTART").accepted
    assert forming.game(GAME).status == "active"


def test_dpjudges_form_opens_the_game_to_joins_and_starts_nothing(forming, started):
    """DPjudge's FORM takes a game out of preparation to take JOINs (its guide's CREATE example ends with a FORM
    line); it used to be read as ACTIVATE here, which started the game with every power nobody joined a dummy."""
    before = forming.status_bytes()
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nFORM").accepted
    assert forming.game(GAME).status == "forming" and forming.game(GAME).players == []
    assert f"Game {GAME} is forming: players JOIN it" in forming.reply(GM[0])
    assert forming.status_bytes() == before
    r = forming.send("new-gm@example.org", "CREATE g2 pw-g2\nFORM\nSIGNOFF")
    assert r.accepted and forming.game("g2").status == "forming"
    assert started.master("FORM").errors[0][1] == f"GAME {GAME} HAS ALREADY STARTED: IT CANNOT FORM AGAIN"
    assert forming.send("x@example.org", f"JOIN {GAME} pw\nFORM").errors[0][1] == NOT_MASTER


def test_activate_errors(started, forming):
    assert started.master("ACTIVATE").errors[0][1] == f"GAME {GAME} HAS ALREADY STARTED"
    assert forming.send("x@example.org", f"JOIN {GAME} pw\nACTIVATE").errors[0][1] == NOT_MASTER


# -- PROCESS, PROCESS!, PREVIEW --------------------------------------------------------------------------------------
def test_process_refuses_while_orders_are_missing(started):
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY")
    before = started.status_bytes()
    r = started.master("PROCESS")
    assert r.errors[0][1] == "ORDERS MISSING FROM RUSSIA, TURKEY: USE PROCESS! TO GIVE THEM DEFAULT ORDERS"
    assert started.status_bytes() == before and not list((started.folder(GAME) / "results").glob("0*.txt"))


def test_a_phase_the_master_processes_is_logged_as_a_deadlines_is(started, caplog):
    # The daemon's log said each phase a deadline processed, and nothing of one processed by the master's PROCESS.
    started.all_hold()
    with caplog.at_level(logging.INFO, logger="judge"):
        assert started.master("PROCESS").accepted
    said = [r.getMessage() for r in caplog.records if r.name == "judge"]
    assert f"{GAME}: S1901M processed; next phase F1901M (by a message from {GM[0]})" in said
    access = (started.folder(GAME) / "access.log").read_text().splitlines()
    assert access[-1].endswith(" judge S1901M processed; next phase F1901M") and f"{GM[0]} SIGNON MASTER" in access[-2]


def test_process_when_every_order_is_in(started):
    started.all_hold()
    started.new_mail()
    assert started.master("PROCESS").accepted
    assert "S1901M processed; next phase F1901M. The results have been mailed to everyone in the game." in \
        " ".join(started.reply(GM[0]).split())
    assert str(started.game(GAME).position.phase) == "F1901M"
    folder = started.folder(GAME)
    [snapshot] = (folder / "snapshots").glob("*.json")
    assert snapshot.name == "0001-S1901M.json"
    doc = json.loads(snapshot.read_text())
    assert doc["phase"] == "S1901M" and doc["players"][2]["orders"] == HOLDS["FRANCE"]
    [results] = (folder / "results").glob("0*.txt")
    assert results.name == "0001-S1901M.txt" and "France: Army Paris HOLD." in results.read_text()
    got = started.delivered("results")
    assert set(got) == {a for a, _ in PLAYERS.values()} | {GM[0]}
    assert results.read_text().startswith("From judge@localhost ")
    assert got[GM[0]].get_content() == results.read_text().split("\n\n", 1)[1]       # the mail, after its head


def test_process_now_gives_defaults_and_uses_the_masters_orders(started):
    assert started.master("FRANCE: A PAR - BUR", "PROCESS!").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "F1901M" and game.position.units["BUR"].power == "FRANCE"
    text = started.mails("results")[0].get_content()
    assert "France: Army Paris -> Burgundy." in text and "Germany: Army Munich HOLD." in text


def test_process_naming_a_phase_processes_only_that_phase(started):
    # A master's PROCESS! sent just as early processing moved the game on processed the next phase, unseen.
    assert started.master("PROCESS! S1901M").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"
    files = game_files(started.settings.games_dir)
    refused = started.master("PROCESS! S1901M")
    assert not refused.accepted and refused.errors[0][1] == f"GAME {GAME} IS IN F1901M, NOT S1901M: NOTHING PROCESSED"
    assert game_files(started.settings.games_dir) == files and str(started.game(GAME).position.phase) == "F1901M"
    assert started.master("PROCESS! f1901m").accepted and str(started.game(GAME).position.phase) == "S1902M"


def test_force_alias(started):
    assert started.master("FORCE").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"


def test_process_errors(started, forming):
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nPROCESS!").errors[0][1] == f"GAME {GAME} IS NOT ACTIVE"
    assert started.signon("FRANCE", "PROCESS!").errors[0][1] == NOT_MASTER
    assert str(started.game(GAME).position.phase) == "S1901M"


def test_preview_changes_nothing_and_mails_the_master(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    before = started.status_bytes()
    started.new_mail()
    assert started.master("PREVIEW").accepted
    assert started.status_bytes() == before
    assert not list((started.folder(GAME) / "results").glob("0*.txt")) and \
        not (started.folder(GAME) / "snapshots").exists()
    [mail] = started.mails("PREVIEW Diplomacy results g1 S1901M")
    assert mail["To"] == GM[0]
    text = mail.get_content()
    assert "Nothing has been processed" in text and "France: Army Paris -> Burgundy." in text
    # Named as everywhere else in mail, not in capitals (issue 18).
    assert "Without orders yet: Austria, England, Germany, Italy, Russia, Turkey." in \
        " ".join(text.split())


def test_preview_errors(started, forming):
    assert started.signon("FRANCE", "PREVIEW").errors[0][1] == NOT_MASTER
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nPREVIEW").errors[0][1] == f"GAME {GAME} IS NOT ACTIVE"


# -- ROLLBACK ---------------------------------------------------------------------------------------------------------
def test_rollback_with_nothing_processed(started):
    assert started.master("ROLLBACK").errors[0][1] == "NOTHING TO ROLL BACK: NO PHASE HAS BEEN PROCESSED"


def two_phases(desk):
    assert desk.signon("FRANCE", "A PAR - BUR").accepted
    assert desk.master("PROCESS!").accepted
    assert desk.signon("FRANCE", "A BUR - BEL").accepted
    assert desk.master("PROCESS!").accepted            # Fall 1901: France takes Belgium, so builds
    assert str(desk.game(GAME).position.phase) == "W1901A"


def test_rollback_the_last_phase(started):
    two_phases(started)
    started.new_mail()
    assert started.master("ROLLBACK").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "F1901M" and game.player("FRANCE").orders == ["A BUR - BEL"]
    folder = started.folder(GAME)
    assert [p.name for p in sorted((folder / "results").glob("*.txt"))] == ["0001-S1901M.txt", "start.txt"]
    assert [p.name for p in (folder / "rolledback").rglob("*.txt")] == ["0002-F1901M.txt"]
    notices = started.delivered("rollback notice")
    assert "france@example.org" in notices and GM[0] in notices
    # The movement phase gets a movement phase's time from now (72 hours), not what was left of the winter's.
    assert game.deadline == started.clock.now + timedelta(hours=72)
    shown = f"{game.deadline:%a} {game.deadline.day} {game.deadline:%b %Y %H:%M} UTC"
    assert f"The deadline for orders is {shown}" in notices[GM[0]].get_content()


def test_rollback_while_paused_gives_the_phase_its_whole_time_at_resume(started):
    """Rolled back during a pause: the fresh deadline starts counting at RESUME (as a phase processed while paused),
    not shortened by, nor moved by, the pause before the rollback; the notice says the game is paused."""
    two_phases(started)
    assert started.master("PAUSE").accepted
    started.clock.advance(days=3)
    started.new_mail()
    assert started.master("ROLLBACK").accepted
    text = " ".join(started.delivered("rollback notice")[GM[0]].get_content().split())
    assert "(the game is paused: the deadline moves by the time it stays paused)." in text
    started.clock.advance(days=2)
    assert started.master("RESUME").accepted
    assert started.game(GAME).deadline == started.clock.now + timedelta(hours=72)


def test_rollback_to_a_named_phase(started):
    two_phases(started)
    assert started.master("ROLLBACK s1901m").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "S1901M" and game.player("FRANCE").orders == ["A PAR - BUR"]
    assert list((started.folder(GAME) / "results").glob("0*.txt")) == []       # the start stays
    assert list((started.folder(GAME) / "snapshots").glob("*.json")) == []
    # Processing again numbers the archive on from what is left.
    assert started.master("PROCESS!").accepted
    assert [p.name for p in (started.folder(GAME) / "results").glob("0*.txt")] == ["0001-S1901M.txt"]


def test_rollback_to_an_unknown_phase(started):
    two_phases(started)
    before = started.status_bytes()
    assert started.master("ROLLBACK F1905M").errors[0][1] == "NO PROCESSED PHASE F1905M: PROCESSED ARE S1901M, F1901M"
    assert started.status_bytes() == before


def test_rollback_is_the_masters(started):
    two_phases(started)
    assert started.signon("FRANCE", "ROLLBACK").errors[0][1] == NOT_MASTER


def test_after_a_rollback_the_clock_does_not_reprocess_at_once(started):
    """A rollback is done to change something: the restored phase must not be processed again on the next clock
    tick because its snapshot says every order was in long ago, or because its deadline has passed."""
    started.all_hold()
    started.clock.advance(minutes=10)
    assert started.judge.process(GAME)                       # processed early: every order was in
    started.clock.now = started.game(GAME).deadline + timedelta(hours=1)
    assert started.master("ROLLBACK").accepted
    assert started.judge.process(GAME) == []
    game = started.game(GAME)
    assert str(game.position.phase) == "S1901M"
    assert game.deadline == started.clock.now + timedelta(hours=72)     # the old one had passed: a fresh one
    # Every order is in, but a rollback is there so that orders can change: no early processing on the old sets
    # (with EARLY 0 they would be processed again in the second the notice goes out); a new order set counts.
    started.clock.advance(minutes=30)
    assert started.judge.process(GAME) == [] and started.game(GAME).ready_since is None
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    started.clock.advance(minutes=10)
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]


# -- DUMMY, REVIVE, TERMINATE ----------------------------------------------------------------------------------------
def test_dummy(started):
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
    assert started.game(GAME).ready_since is None                     # Italy is missing
    assert started.master("DUMMY I").accepted
    assert "Italy is now a dummy." in started.reply(GM[0])
    game = started.game(GAME)
    italy = game.player("ITALY")
    assert (italy.status, italy.address, italy.password) == ("dummy", "", "")
    assert game.late_players() == [] and game.ready_since == T0      # now every needed order is in


def test_dummy_errors(started, forming):
    assert started.master("DUMMY").errors[0][1] == "INCOMPLETE COMMAND: USE DUMMY <power>"
    assert started.master("DUMMY NARNIA").errors[0][1] == "UNKNOWN POWER: NARNIA"
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nDUMMY ITALY").errors[0][1] == "ITALY IS NOT IN THE GAME YET"
    assert started.signon("FRANCE", "DUMMY ITALY").errors[0][1] == NOT_MASTER


def test_revive(started):
    assert started.master("DUMMY ITALY").accepted
    assert started.master("REVIVE ITALY").accepted
    assert "Italy is open for takeover." in started.reply(GM[0])
    game = started.game(GAME)
    assert game.player("ITALY").status == "vacant" and "ITALY" in [p.power for p in game.late_players()]
    assert started.master("REVIVE FRANCE").errors[0][1] == "FRANCE IS NOT A DUMMY"
    assert started.master("REVIVE").errors[0][1] == "INCOMPLETE COMMAND: USE REVIVE <power>"


def test_revive_tells_everyone_once_that_the_power_is_open_and_how_to_take_it(started):
    assert started.master("DUMMY ITALY").accepted
    started.new_mail()
    assert started.master("REVIVE ITALY").accepted
    notices = started.delivered("a power is open")
    assert set(notices) == {a for a, _ in PLAYERS.values() if a != PLAYERS["ITALY"][0]} | {GM[0]}
    text = " ".join(notices[GM[0]].get_content().split())
    # One sentence says that Italy is open, then the command that takes it: nothing said twice.
    assert text.lower().count("open") == 1 and text.count("TAKEOVER") == 1, text
    assert f"Italy in game {GAME} " in text and f"take it over: TAKEOVER I{GAME} <password>." in text


def test_help_says_a_revived_power_holds_the_game_up_once_open_not_before(started):
    # HELP said "(until then it holds the game up like a late power)": read as the dummy holding the game up until
    # REVIVE, which DUMMY's own line says it never does. As the README says: once revived, it holds the phase up
    # as a vacant power does, until someone takes it over.
    assert started.send("someone@example.org", "HELP").accepted
    lines = started.reply_to("someone@example.org").split("\n")
    at = lines.index("  REVIVE <power>")
    entry = " ".join(" ".join(lines[at + 1:at + 4]).split())
    assert "until then" not in entry, entry
    assert "holds the game up as a vacant power does until taken over" in entry, entry
    dummy = " ".join(" ".join(lines[lines.index("  DUMMY <power>") + 1:][:3]).split())
    assert "never holds the game up" in dummy


def test_terminate(started):
    started.new_mail()
    assert started.master("TERMINATE").accepted
    game = started.game(GAME)
    assert (game.status, game.deadline) == ("terminated", None)
    # One mail each, the end mail, which says who ended it (a "game terminated" notice came beside it).
    mails = [m for m in started.new_mail() if not str(m["Subject"]).startswith("Re:")]
    assert sorted(str(m["To"]) for m in mails) == sorted({a for a, _ in PLAYERS.values()} | {GM[0]})
    for m in mails:
        assert str(m["Subject"]) == f"Diplomacy game '{GAME}' complete"
        assert f"Game '{GAME}' has been ended by its master." in " ".join(m.get_content().split())
    assert started.signon("FRANCE", "A PAR H").errors[0][1] == \
        f"GAME {GAME} IS OVER (TERMINATED BY THE MASTER): NO MORE ORDERS"
    started.clock.advance(days=30)
    assert started.judge.process(GAME) == []
    # (whoever asks: a finished game takes nothing that would change it)
    assert started.signon("FRANCE", "TERMINATE").errors[0][1] == \
        f"GAME {GAME} IS OVER (TERMINATED BY THE MASTER): NOTHING MORE TO CHANGE"


# -- a variant is a name from the catalogue, never a path ---------------------------------------------------------------
def _outside(tmp_path):
    """Two JSON files outside every variants folder: one naming itself, one holding a list."""
    import os
    from judge.maps import catalog
    (tmp_path / "secret.json").write_text(json.dumps({"name": "top-secret-name", "powers": []}))
    (tmp_path / "listed.json").write_text("[1, 2, 3]")
    shipped = str(catalog._shipped_folder())
    return {n: os.path.relpath(tmp_path / n, shipped) for n in ("secret", "listed")}


def test_create_refuses_a_variant_that_is_a_path(desk, tmp_path):
    paths = _outside(tmp_path)
    for name in (paths["secret"], paths["listed"], str(tmp_path / "secret"), "../maps/standard", "standard/",
                 "x" * 5000):
        r = desk.send(GM[0], f"CREATE demo pw {name}")
        assert not r.accepted, name
        reply = " ".join(desk.reply(GM[0]).upper().split())
        assert "UNKNOWN VARIANT" in reply and "THIS JUDGE OFFERS: STANDARD, " in reply, reply
        assert "TOP-SECRET-NAME" not in reply and "SECRET.JSON" not in reply and len(reply) < 2000
    assert desk.judge.store.names() == [] and not (desk.judge.settings.inbox_dir / "bad").exists()


def test_rollback_past_a_takeover_leaves_the_newcomer_a_clean_record(started):
    """README: a newcomer does not inherit the old player's extensions used or lateness count. A rollback to before
    the takeover restores the board and the orders, but the snapshot's record of the seat is the old player's: the
    newcomer must keep their own (found by a GM running a game by mail: a newcomer refused EXTEND after ROLLBACK)."""
    assert started.master("SET RULE extension_count=1").accepted
    assert started.signon("FRANCE", "EXTEND").accepted                   # the first player's one extension
    started.clock.now = started.game(GAME).deadline + timedelta(minutes=5)
    assert started.master("PROCESS!").accepted                           # France missed it: late once
    old = started.game(GAME).player("FRANCE")
    assert (old.extensions, old.late_count) == (1, 1)
    assert started.master("EJECT FRANCE").accepted
    assert started.send("newcomer@example.org", "TAKEOVER Fg1 new-pw").accepted
    assert started.master("ROLLBACK").accepted
    seat = started.game(GAME).player("FRANCE")
    assert seat.address == "newcomer@example.org"
    assert (seat.extensions, seat.late_count) == (0, 0)
    assert started.send("newcomer@example.org", "SIGNON Fg1 new-pw\nEXTEND").accepted


def test_rollback_keeps_the_record_of_a_player_who_stayed(started):
    """The same player throughout: the rollback takes their record back with the board (an extension asked for in
    the phase rolled back to stays used, as it was then)."""
    assert started.master("SET RULE extension_count=1").accepted
    assert started.signon("FRANCE", "EXTEND").accepted
    assert started.master("PROCESS!").accepted
    assert started.master("ROLLBACK").accepted
    assert started.game(GAME).player("FRANCE").extensions == 1


def test_rollback_past_a_takeover_dates_the_newcomer_from_the_phase_the_game_stands_in(started):
    """The record of who played what must not name a phase the game has not reached: rolled back from Fall 1901 to
    Spring 1901, a power taken over in Fall 1901 is played by the newcomer from Spring 1901 (they order it there),
    and the end mail of a game ended then said 'from F1901M to the end' of a game over in S1901M."""
    assert started.master("PROCESS!").accepted                           # now Fall 1901 Movement
    assert started.master("EJECT FRANCE").accepted
    assert started.send("newcomer@example.org", "TAKEOVER Fg1 new-pw").accepted
    assert started.master("ROLLBACK").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "S1901M"
    assert [(t["address"], t["from"], t["to"]) for t in game.tenures_of("FRANCE")] == [
        (PLAYERS["FRANCE"][0], "S1901M", "S1901M"), ("newcomer@example.org", "S1901M", "")]
    started.new_mail()
    assert started.master("TERMINATE").accepted
    ended = " ".join(started.delivered("complete", same=False)[PLAYERS["ITALY"][0]].get_content().split())
    assert "The game is over (in S1901M)" in ended and "F1901M" not in ended
