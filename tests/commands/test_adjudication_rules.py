"""DPjudge's adjudication rules by mail, in one game: FRIENDLY_FIRE, COASTAL_CRAWL and WEAK_BOUNCES in the spring
(a power dislodges its own army, which retreats beside the army that took its place; two fleets pass on Spain's
coasts; a bounced army falls to one unsupported attack), then NO_RETREAT in the fall (a dislodged army is
destroyed, no retreat phase). Each result worked out by hand from DPjudge's Rules page."""
from __future__ import annotations

from tests.commands.helpers import GAME, GM

BOARD = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A BUR", "A PIC", "F SPA/SC"], "ENGLAND": ["F POR", "F LON"],
              "AUSTRIA": ["A VIE"], "RUSSIA": ["A WAR", "A BUD"], "GERMANY": ["A MUN", "A KIE"],
              "ITALY": ["A ROM"], "TURKEY": ["A CON"]},
    "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "ENGLAND": ["LON", "EDI", "LVP"], "AUSTRIA": ["VIE", "TRI", "BUD"],
                "RUSSIA": ["WAR", "MOS", "SEV", "STP"], "GERMANY": ["MUN", "KIE", "BER"],
                "ITALY": ["ROM", "NAP", "VEN"], "TURKEY": ["CON", "ANK", "SMY"]},
}


def test_a_game_under_dpjudges_adjudication_rules(started):
    started.set_board(BOARD)
    set_rules = started.master("SET RULE FRIENDLY_FIRE COASTAL_CRAWL WEAK_BOUNCES")
    assert set_rules.accepted
    rules = started.game(GAME).rules
    assert rules.friendly_fire and rules.coastal_crawl and rules.weak_bounces and not rules.no_retreat
    started.new_mail()
    assert started.signon("FRANCE", "A BUR - PAR", "A PIC S A BUR - PAR", "A PAR H", "F SPA/SC - POR").accepted
    assert started.signon("ENGLAND", "F POR - SPA/NC", "F LON H").accepted
    assert started.signon("AUSTRIA", "A VIE - GAL").accepted
    assert started.signon("RUSSIA", "A WAR - GAL", "A BUD - VIE").accepted
    for power, order in (("GERMANY", "A MUN H\nA KIE H"), ("ITALY", "A ROM H"), ("TURKEY", "A CON H")):
        assert started.signon(power, *order.split("\n")).accepted
    assert started.master("PROCESS").accepted
    spring = started.delivered(f"Diplomacy results {GAME} S1901M")[GM[0]].get_content()
    # France takes Paris from itself with Picardy's support (FRIENDLY_FIRE); the fleets pass on Spain's two coasts
    # (COASTAL_CRAWL); Vienna bounced in Galicia and has no strength left at home, so Budapest's lone army takes it
    # (WEAK_BOUNCES). Neither dislodged army may go where the attack came from, nor to Galicia (a standoff), nor to a
    # held province.
    assert spring.split("\n\n", 1)[1].split("The deadline for orders")[0] == (
        "Movement results for Spring of 1901.  (g1.S1901M)\n\n"
        "Austria: Army Vienna -> Galicia.  (*bounce, dislodged*)\n\n"
        "England: Fleet London HOLD.\n"
        "England: Fleet Portugal -> Spain (north coast).\n\n"
        "France: Army Burgundy -> Paris.\n"
        "France: Army Paris HOLD.  (*dislodged*)\n"
        "France: Army Picardy SUPPORT Army Burgundy -> Paris.\n"
        "France: Fleet Spain (south coast) -> Portugal.\n\n"
        "Germany: Army Kiel HOLD.\n"
        "Germany: Army Munich HOLD.\n\n"
        "Italy: Army Rome HOLD.\n\n"
        "Russia: Army Budapest -> Vienna.\n"
        "Russia: Army Warsaw -> Galicia.  (*bounce*)\n\n"
        "Turkey: Army Constantinople HOLD.\n\n"
        "The following units were dislodged:\n\n"
        "The Austrian army in Vienna can retreat to Bohemia or Trieste or Tyrolia.\n"
        "The French army in Paris can retreat to Brest or Gascony.\n\n"
        "The next phase of 'g1' will be Retreats for Spring of 1901.\n"), spring
    # France orders its dislodged army, beside the French army that took its place.
    assert started.signon("FRANCE", "A PAR R BRE").accepted
    assert started.signon("AUSTRIA", "A VIE R BOH").accepted
    assert started.master("PROCESS").accepted
    retreats = started.delivered(f"Diplomacy results {GAME} S1901R")[GM[0]].get_content()
    assert "Austria:    Army Vienna -> Bohemia.\nFrance:     Army Paris -> Brest.\n" in retreats, retreats
    position = started.game(GAME).position
    assert str(position.phase) == "F1901M" and {str(u) for u in position.units.values() if u.power == "FRANCE"} == {
        "A BRE", "A PAR", "A PIC", "F POR"}
    # NO_RETREAT from the fall: Bohemia, dislodged by two against one, is destroyed although it could go to Galicia,
    # Silesia or Tyrolia; no retreat phase follows.
    assert started.master("SET RULE NO_RETREAT").accepted and started.game(GAME).rules.no_retreat
    started.new_mail()
    assert started.signon("GERMANY", "A MUN - BOH", "A KIE H").accepted
    assert started.signon("RUSSIA", "A VIE S A MUN - BOH", "A WAR H").accepted
    for power in ("FRANCE", "ENGLAND", "AUSTRIA", "ITALY", "TURKEY"):
        units = [u for u in started.game(GAME).position.units.values() if u.power == power]
        assert started.signon(power, *[f"{u} H" for u in units]).accepted
    assert started.master("PROCESS").accepted
    fall = started.delivered(f"Diplomacy results {GAME} F1901M")[GM[0]].get_content()
    results = fall.split("\n\n", 1)[1].split("Ownership of supply centers:")[0]
    assert results == (
        "Movement results for Fall of 1901.  (g1.F1901M)\n\n"
        "Austria: Army Bohemia HOLD.  (*dislodged*)\n\n"
        "England: Fleet London HOLD.\n"
        "England: Fleet Spain (north coast) HOLD.\n\n"
        "France: Army Brest HOLD.\n"
        "France: Army Paris HOLD.\n"
        "France: Army Picardy HOLD.\n"
        "France: Fleet Portugal HOLD.\n\n"
        "Germany: Army Kiel HOLD.\n"
        "Germany: Army Munich -> Bohemia.\n\n"
        "Italy: Army Rome HOLD.\n\n"
        "Russia: Army Vienna SUPPORT German Army Munich -> Bohemia.\n"
        "Russia: Army Warsaw HOLD.\n\n"
        "Turkey: Army Constantinople HOLD.\n\n"
        "The following units were dislodged:\n\n"
        "The Austrian army in Bohemia was destroyed.\n\n"), fall
    # Austria has no unit left and keeps Budapest and Trieste (Vienna is Russia's): it builds two.
    assert "Austria:    Budapest, Trieste.\n" in fall and "Russia:     Moscow, Sevastopol, St Petersburg, Vienna, " \
        "Warsaw.\n" in fall
    assert "Austria:     2 Supply centers,  0 Units:  Builds   2 units.\n" in fall
    assert str(started.game(GAME).position.phase) == "W1901A"
