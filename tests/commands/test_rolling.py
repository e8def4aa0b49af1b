"""ROLLFORWARD, and DPjudge's words for ROLLBACK, by mail (judge.commands.rolling; ROLLBACK's own tests are in
test_master.py and test_rollback_finished.py). DPjudge's guide: ROLLFORWARD undoes a rollback as long as the game was
not processed since; several rollbacks undone by one rollforward and vice versa; RESTORE keeps the orders."""
from datetime import timedelta

from tests.commands.helpers import GAME, GM, PLAYERS

NOT_MASTER = "ONLY THE GAME MASTER MAY DO THAT (SIGNON M<game> <password>)"
# What any roll gives anew: the phase counts from now, the message is known, the deadline is fresh.
RENEWED = ("deadline", "phase_started", "seen", "ready_since", "wakeup")


def _without(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in RENEWED}


def _said(mail) -> str:
    return " ".join(mail.get_content().split())


def _files(desk, sub: str) -> list[str]:
    return sorted(p.name for p in (desk.folder(GAME) / sub).glob("0*") if p.suffix in (".txt", ".json"))


def three_phases(desk) -> dict:
    """S1901M and F1901M processed (France takes Belgium), then France's build in W1901A: the game as it stands."""
    assert desk.signon("FRANCE", "A PAR - BUR").accepted
    assert desk.master("PROCESS!").accepted
    assert desk.signon("FRANCE", "A BUR - BEL").accepted
    assert desk.master("PROCESS!").accepted
    assert desk.signon("FRANCE", "BUILD A PAR").accepted
    game = desk.game(GAME)
    assert str(game.position.phase) == "W1901A" and game.player("FRANCE").orders
    return game.to_json()


def test_rollforward_undoes_a_rollback(started):
    before = three_phases(started)
    results, snapshots = _files(started, "results"), _files(started, "snapshots")
    assert started.master("ROLLBACK S1901M").accepted
    assert _files(started, "results") == [] and str(started.game(GAME).position.phase) == "S1901M"
    started.new_mail()
    started.clock.advance(hours=5)
    assert started.master("ROLLFORWARD").accepted
    game = started.game(GAME)
    # Back as it stood: Belgium French, France's build order in, both results and snapshots in place again.
    assert _without(game.to_json()) == _without(before)
    assert "A BEL" in {str(u) for u in game.position.units_of("FRANCE")}
    assert _files(started, "results") == results and _files(started, "snapshots") == snapshots
    # A fresh deadline of an adjustment phase's time from now (config.ini: adjustment_hours = 24).
    assert game.deadline == started.clock.now + timedelta(hours=24)
    assert started.reply_to(GM[0]).count("Game g1 rolled forward to W1901A") == 1
    notices = started.delivered("rollforward notice")
    assert set(notices) == {address for address, _ in PLAYERS.values()} | {GM[0]}
    said = _said(notices[PLAYERS["ITALY"][0]])
    assert f"The master has rolled game {GAME} forward to Winter 1901 Adjustments, undoing the rollback: the " \
           "results it had taken back stand again, as they were mailed." in said
    shown = f"{game.deadline:%a} {game.deadline.day} {game.deadline:%b %Y %H:%M} UTC"
    assert f"The deadline for orders is {shown}." in said
    # What the rollforward replaced (the game in the spring again) is kept, not lost.
    kept = list((started.folder(GAME) / "rolledforward").rglob("status.json"))
    assert len(kept) == 1 and '"S1901M"' in kept[0].read_text()


def test_rollforward_to_a_phase_in_between_then_on(started):
    three_phases(started)
    assert started.master("ROLLBACK S1901M").accepted
    started.new_mail()
    assert started.master("ROLLFORWARD f1901m").accepted
    said = _said(started.delivered("rollforward notice")[PLAYERS["ITALY"][0]])
    assert "forward to Fall 1901 Movement, undoing the rollback as far as that phase: the results before it stand " \
           "again, as they were mailed; ROLLFORWARD may bring back the rest." in said
    game = started.game(GAME)
    assert str(game.position.phase) == "F1901M" and game.player("FRANCE").orders == ["A BUR - BEL"]
    assert _files(started, "results") == ["0001-S1901M.txt"] and _files(started, "snapshots") == ["0001-S1901M.json"]
    # The rest is still there to come back.
    assert started.master("ROLLFORWARD").accepted
    assert str(started.game(GAME).position.phase) == "W1901A"
    assert _files(started, "results") == ["0001-S1901M.txt", "0002-F1901M.txt"]


def test_one_rollforward_undoes_several_rollbacks(started):
    before = three_phases(started)
    assert started.master("ROLLBACK").accepted                       # to F1901M
    assert started.master("ROLLBACK").accepted                       # to S1901M
    assert str(started.game(GAME).position.phase) == "S1901M"
    assert started.master("ROLLFORWARD").accepted
    assert _without(started.game(GAME).to_json()) == _without(before)


def test_rollback_after_a_rollforward_works_again(started):
    before = three_phases(started)
    assert started.master("ROLLBACK S1901M").accepted
    assert started.master("ROLLFORWARD").accepted
    assert started.master("ROLLBACK F1901M").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"
    assert started.master("ROLLFORWARD").accepted
    assert _without(started.game(GAME).to_json()) == _without(before)


def test_rollforward_is_refused_once_a_phase_was_processed_since(started):
    three_phases(started)
    assert started.master("ROLLBACK S1901M").accepted
    assert started.master("PROCESS!").accepted
    frozen, files = started.status_bytes(), sorted(p.name for p in started.folder(GAME).rglob("*"))
    r = started.master("ROLLFORWARD")
    assert r.errors[0][1] == ("NOTHING TO ROLL FORWARD: A PHASE WAS PROCESSED AFTER THE LAST ROLLBACK, SO WHAT IT "
                              "UNDID CANNOT COME BACK (IT STAYS KEPT IN THE GAME'S FOLDER, FOR THE JUDGE KEEPER)")
    assert started.status_bytes() == frozen and sorted(p.name for p in started.folder(GAME).rglob("*")) == files
    # A new rollback can be undone as before.
    assert started.master("ROLLBACK").accepted and started.master("ROLLFORWARD").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"


def test_rollforward_after_a_rollback_and_processing_in_one_message(started):
    """A ROLLBACK and a PROCESS in one message leave the archive's numbers with a gap; rolling back and forward
    again still brings back each phase's own results."""
    three_phases(started)
    assert started.master("ROLLBACK S1901M", "PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"
    before, results = started.game(GAME).to_json(), _files(started, "results")
    assert started.master("ROLLBACK S1901M").accepted and _files(started, "results") == []
    assert started.master("ROLLFORWARD").accepted
    assert _without(started.game(GAME).to_json()) == _without(before) and _files(started, "results") == results
    # What the first rollback undid was processed over: it stays aside.
    assert started.master("ROLLFORWARD").errors[0][1].startswith(
        "NOTHING TO ROLL FORWARD: A PHASE WAS PROCESSED AFTER THE LAST ROLLBACK")


def test_rollforward_refusals_change_nothing(started):
    assert started.master("ROLLFORWARD").errors[0][1] == "NOTHING TO ROLL FORWARD: NO ROLLBACK TO UNDO"
    three_phases(started)
    assert started.master("ROLLBACK S1901M").accepted
    frozen = started.status_bytes()
    assert started.signon("FRANCE", "ROLLFORWARD").errors[0][1] == NOT_MASTER
    assert started.master("ROLLFORWARD F1905M").errors[0][1] == \
        "NO PHASE F1905M TO ROLL FORWARD TO: ROLLFORWARD REACHES F1901M, W1901A"
    assert started.master("ROLLFORWARD S1901M").errors[0][1].startswith("NO PHASE S1901M TO ROLL FORWARD TO")
    assert started.master("ROLLFORWARD FULL").errors[0][1].startswith("ROLLFORWARD FULL IS NOT OFFERED")
    assert started.status_bytes() == frozen


def test_rollforward_keeps_todays_players_and_rules(started):
    """As ROLLBACK: only the board, the orders and the history move; a password changed and a house rule set since
    the rollback stay."""
    three_phases(started)
    assert started.master("ROLLBACK S1901M").accepted
    assert started.signon("ITALY", "SET PASSWORD new-ita").accepted
    assert started.master("SET VICTORY 20").accepted
    assert started.master("ROLLFORWARD").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "W1901A" and game.victory == 20
    assert started.send(PLAYERS["ITALY"][0], f"SIGNON I{GAME} new-ita\nSTATUS").accepted


def test_dpjudge_words_for_rollback(started):
    three_phases(started)
    frozen = started.status_bytes()
    full = started.master("ROLLBACK FULL RESTORE W1901A").errors[0][1]
    assert full.startswith("ROLLBACK FULL IS NOT OFFERED: THE GAME GOES BACK, ITS PLAYERS, PASSWORDS, HOUSE RULES AND")
    assert full.endswith("NOTHING DONE")
    forming = started.master("ROLLBACK FORMING").errors[0][1]
    assert forming.startswith("ROLLBACK FORMING IS NOT OFFERED: ROLLBACK S1901M TAKES THE GAME BACK TO ITS FIRST PHASE")
    assert started.status_bytes() == frozen
    # RESTORE keeps the orders: what ROLLBACK does here anyway.
    assert started.master("ROLLBACK RESTORE F1901M").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "F1901M" and game.player("FRANCE").orders == ["A BUR - BEL"]
    assert started.master("ROLLFORWARD RESTORE").accepted
    assert str(started.game(GAME).position.phase) == "W1901A"


def test_rollforward_and_processing_in_one_message_is_refused(started):
    """The files a rollforward brings back must not meet those the same message's processing writes."""
    three_phases(started)
    assert started.master("ROLLBACK S1901M").accepted
    frozen = started.status_bytes()
    r = started.master("PROCESS!", "ROLLFORWARD")
    assert r.errors[0][1] == ("ROLLFORWARD GOES IN A MESSAGE OF ITS OWN, NOT AFTER PROCESS, ROLLBACK OR ROLLFORWARD "
                              "IN THE SAME MESSAGE: NOT ROLLED FORWARD")
    assert started.master("ROLLFORWARD F1901M", "ROLLFORWARD").errors[0][1].startswith(
        "ROLLFORWARD GOES IN A MESSAGE OF ITS OWN")
    assert started.master("ROLLFORWARD F1901M", "ROLLBACK").errors[0][1].startswith(
        "ROLLBACK GOES IN A MESSAGE OF ITS OWN")
    assert started.status_bytes() == frozen                  # (the message refused: nothing of it done)


def test_two_rollbacks_in_one_message_are_refused(started):
    """Before: the second read the folder as the first had not changed it yet, went back to the same phase again,
    and mailed everyone two notices."""
    three_phases(started)
    frozen = started.status_bytes()
    r = started.master("ROLLBACK", "ROLLBACK")
    assert r.errors[0][1] == ("ROLLBACK GOES IN A MESSAGE OF ITS OWN, NOT AFTER PROCESS, ROLLBACK OR ROLLFORWARD IN "
                              "THE SAME MESSAGE: NOT ROLLED BACK")
    assert started.master("PROCESS!", "ROLLBACK").errors[0][1].startswith("ROLLBACK GOES IN A MESSAGE OF ITS OWN")
    assert started.status_bytes() == frozen


def test_rollforward_to_the_end_of_a_finished_game(started):
    """A finished game rolled back can be rolled forward to its end again: the game is over once more."""
    assert started.master("PROCESS!").accepted
    assert started.master("TERMINATE").accepted
    assert started.master("ROLLBACK").accepted
    assert not started.game(GAME).over
    started.new_mail()
    assert started.master("ROLLFORWARD").accepted
    game = started.game(GAME)
    assert game.over and game.result["kind"] == "terminated" and str(game.position.phase) == "F1901M"
    said = _said(started.delivered("rollforward notice")[PLAYERS["ITALY"][0]])
    assert "The game is over once more" in said


def test_help_names_rollforward(started):
    assert started.send("someone@example.org", "HELP").accepted
    text = started.reply_to("someone@example.org")
    assert "ROLLFORWARD [RESTORE] [phase]" in text and "ROLLBACK [RESTORE] [phase]" in text


def test_a_rollback_an_earlier_judge_made_rolls_forward_as_far_as_its_files_go(started):
    """An earlier version kept no status.json beside what it rolled back: the phases of its snapshots come back,
    the phase it had reached (never processed, so no snapshot) cannot, and the reply says why."""
    three_phases(started)
    assert started.master("ROLLBACK S1901M").accepted
    for kept in (started.folder(GAME) / "rolledback").rglob("status.json"):
        kept.unlink()
    assert started.master("ROLLFORWARD").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"
    frozen = started.status_bytes()
    assert started.master("ROLLFORWARD").errors[0][1] == (
        "NOTHING TO ROLL FORWARD: THE GAME AS IT STOOD BEFORE THE ROLLBACK WAS NOT KEPT (AN EARLIER VERSION OF THE "
        "JUDGE ROLLED IT BACK)")
    assert started.status_bytes() == frozen
