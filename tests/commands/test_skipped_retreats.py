"""A retreat phase in which no dislodged unit has anywhere to go is skipped, as DPjudge skips it (Game.checkPhase):
the movement results say each such unit was destroyed and name the phase after it, with that phase's deadline; no
second, empty results mail; the game's records (results/, HISTORY, SUMMARY, the snapshots ROLLBACK uses) know the
movement only. Played by mail on a real game folder; the positions are set on the board first.

The Holland position: a German army in Holland, attacked from Belgium by an English army supported from the North
Sea; Holland's other neighbours for an army are Ruhr and Kiel (Heligoland and the North Sea are seas)."""
from __future__ import annotations

from datetime import timedelta

from judge import maps
from judge.position import Position
from tests.commands.helpers import GAME, GM

ASKER = "someone@example.org"
HOME = {p: sorted(c) for p, c in maps.load().home_centers.items()}
# England takes Holland from Belgium with the North Sea's support (the standard DATC shape of a supported attack).
ENGLAND = ["A BEL - HOL", "F NTH S A BEL - HOL"]


def board(desk, phase: str, units: dict[str, list[str]], **more) -> None:
    """The game set to `phase` with these units and the home centres owned, every order and deadline fresh."""
    game = desk.game(GAME)
    game.position = Position.from_json({"phase": phase, "units": units, "centers": HOME, **more}, game.map)
    game.start_phase(desk.clock.now)
    desk.judge.store.save(game, desk.clock.now)


def play(desk, orders: dict[str, list[str]]) -> None:
    """Each power's orders by mail, then the clock: every order in, the phase is processed once early_minutes
    (10) are over."""
    for power, lines in orders.items():
        assert desk.signon(power, *lines).accepted, desk.reply(power)
    desk.new_mail()
    desk.clock.advance(minutes=11)
    desk.process(GAME)


def results(desk) -> dict[str, str]:
    """The results mails just sent, by subject: one text each, everyone's alike (the desk checks that)."""
    out: dict[str, str] = {}
    for to, m in desk.delivered("Diplomacy results").items():
        out[str(m["Subject"])] = m.get_content()
    return out


def test_a_spring_unit_with_no_retreat_is_destroyed_and_the_fall_follows(started):
    """Holland's army cannot go back to Belgium (the attacker came from there), nor to Ruhr (a French army that
    bounced stays there), nor to Kiel (the French and German armies stood each other off there)."""
    board(started, "S1901M", {"ENGLAND": ["A BEL", "F NTH"], "FRANCE": ["A RUH"], "GERMANY": ["A HOL", "A BER"]})
    play(started, {"ENGLAND": ENGLAND, "FRANCE": ["A RUH - KIE"], "GERMANY": ["A HOL H", "A BER - KIE"]})
    mails = results(started)
    assert list(mails) == [f"Diplomacy results {GAME} S1901M"]            # one mail: no retreat results follow
    text = mails[f"Diplomacy results {GAME} S1901M"]
    assert "The German army in Holland with no valid retreats was destroyed." in text
    assert f"The next phase of '{GAME}' will be Movement for Fall of 1901." in text
    game = started.game(GAME)
    assert str(game.position.phase) == "F1901M" and game.history == ["S1901M"]
    assert game.position.dislodged == {} and game.position.units["HOL"].power == "ENGLAND"
    assert [str(u) for u in game.position.units_of("GERMANY")] == ["A BER"]
    # The Fall's deadline: a movement phase's 72 hours from now, announced in the mail.
    assert game.deadline == started.clock.now + timedelta(hours=72)
    d = game.deadline
    assert f"The deadline for orders will be {d:%A} {d.day} {d:%B %Y %H:%M} UTC." in text
    # Spring changes no owner: Holland is nobody's yet.
    assert game.position.centers.get("HOL") is None and "Ownership of supply centers" not in text
    # Nothing to order until the Fall: the clock has nothing to process.
    started.clock.advance(minutes=30)
    assert started.process(GAME) == [] and started.delivered("Diplomacy results") == {}
    assert [p.name for p in (started.folder(GAME) / "results").glob("0*.txt")] == ["0001-S1901M.txt"]


def test_a_fall_unit_with_no_retreat_leads_into_the_adjustments_with_the_new_centres(started):
    """Surrounded: Ruhr and Kiel are held. England takes Holland in the Fall: four centres for three units, one
    build; Germany keeps its three home centres for one unit left, two builds (Berlin and Munich are free)."""
    board(started, "F1901M", {"ENGLAND": ["A BEL", "F NTH"], "FRANCE": ["A RUH"], "GERMANY": ["A HOL", "A KIE"],
                              "RUSSIA": ["A MOS"]})
    play(started, {"ENGLAND": ENGLAND, "FRANCE": ["A RUH H"], "GERMANY": ["A HOL H", "A KIE H"],
                   "RUSSIA": ["A MOS H"]})
    mails = results(started)
    assert list(mails) == [f"Diplomacy results {GAME} F1901M"]
    text = mails[f"Diplomacy results {GAME} F1901M"]
    assert "The German army in Holland with no valid retreats was destroyed." in text
    assert f"The next phase of '{GAME}' will be Adjustments for Winter of 1901." in text
    assert "England:    Edinburgh, Holland, London, Liverpool." in text          # (by abbreviation, as DPjudge)
    assert "England:     4 Supply centers,  2 Units:  Builds   2 units." in text
    assert "Germany:     3 Supply centers,  1 Unit:   Builds   2 units." in text
    game = started.game(GAME)
    assert str(game.position.phase) == "W1901A" and game.history == ["F1901M"]
    assert game.position.centers["HOL"] == "ENGLAND"
    assert game.deadline == started.clock.now + timedelta(hours=game.timing.adjustment_hours)
    assert game.needs_orders("ENGLAND") and game.needs_orders("GERMANY")
    # The year is counted at once: SUMMARY gives England its four centres.
    assert started.send(ASKER, f"SUMMARY {GAME}").accepted
    assert "1901         3       4       3       3       3       4       3" in started.reply(ASKER)
    # HISTORY: the start, then the one results mail; no retreat phase in it.
    assert started.send(ASKER, f"HISTORY {GAME}").accepted
    history = started.reply(ASKER)
    assert f"Subject: Diplomacy results {GAME} F1901M\n" in history and "F1901R" not in history
    assert "Retreat orders" not in history
    folder = started.folder(GAME)
    assert [p.name for p in (folder / "results").glob("0*.txt")] == ["0001-F1901M.txt"]
    assert [p.name for p in (folder / "snapshots").glob("*.json")] == ["0001-F1901M.json"]


def test_a_rollback_to_before_a_skipped_retreat_restores_the_movement(started):
    board(started, "F1901M", {"ENGLAND": ["A BEL", "F NTH"], "FRANCE": ["A RUH"], "GERMANY": ["A HOL", "A KIE"]})
    play(started, {"ENGLAND": ENGLAND, "FRANCE": ["A RUH H"], "GERMANY": ["A HOL H", "A KIE H"]})
    results(started)
    assert started.master("ROLLBACK").accepted, started.reply(GM[0])
    assert "rolled back to before F1901M" in started.reply(GM[0])
    game = started.game(GAME)
    assert str(game.position.phase) == "F1901M" and game.history == [] and game.center_history == {}
    assert game.position.units["HOL"].power == "GERMANY" and game.position.centers.get("HOL") is None
    folder = started.folder(GAME)
    assert list((folder / "results").glob("0*")) == [] and list((folder / "snapshots").glob("*")) == []
    # Played again, the orders kept: the same single results mail, into the adjustments.
    started.new_mail()
    started.clock.advance(minutes=11)
    assert started.master("PROCESS").accepted
    assert list(results(started)) == [f"Diplomacy results {GAME} F1901M"]
    assert str(started.game(GAME).position.phase) == "W1901A"


def test_a_retreat_phase_with_a_unit_that_can_retreat_is_played_as_before(started):
    """Two German armies dislodged: Holland's has nowhere to go, Munich's may go to Silesia (Berlin is held,
    Bohemia and Tyrolia are Austrian...). The retreat phase is held for Munich's."""
    board(started, "S1901M", {"ENGLAND": ["A BEL", "F NTH"], "FRANCE": ["A RUH", "A BUR"],
                              "GERMANY": ["A HOL", "A KIE", "A MUN", "A BER"], "AUSTRIA": ["A BOH", "A TYR"]})
    play(started, {"ENGLAND": ENGLAND, "FRANCE": ["A RUH H", "A BUR - MUN"], "AUSTRIA": ["A BOH S A BUR - MUN",
                                                                                          "A TYR H"],
                   "GERMANY": ["A HOL H", "A KIE H", "A MUN H", "A BER H"]})
    mails = results(started)
    text = mails[f"Diplomacy results {GAME} S1901M"]
    assert list(mails) == [f"Diplomacy results {GAME} S1901M"]
    assert "The German army in Holland with no valid retreats was destroyed." in text
    assert "The German army in Munich can retreat to Silesia." in text
    assert f"The next phase of '{GAME}' will be Retreats for Spring of 1901." in text
    game = started.game(GAME)
    assert str(game.position.phase) == "S1901R"
    assert game.deadline == started.clock.now + timedelta(hours=game.timing.retreat_hours)
    assert [p.power for p in game.ordering_players()] == ["GERMANY"]
    play(started, {"GERMANY": ["A MUN R SIL"]})
    mails = results(started)
    assert list(mails) == [f"Diplomacy results {GAME} S1901R"]
    assert "Germany:    Army Munich -> Silesia." in mails[f"Diplomacy results {GAME} S1901R"]
    assert str(started.game(GAME).position.phase) == "F1901M" and started.game(GAME).history == ["S1901M", "S1901R"]
