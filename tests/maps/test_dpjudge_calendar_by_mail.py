"""DPjudge's real maps with calendars of their own, played by mail a year each (a movement, a dislodgement and its
retreat, an adjustment): hundred (A.D., years in fives, adjustments every ten), classical (B.C., years counting down,
adjustments every other year), ancmed (year 1), ambition (its Payola income phases left out) and the standard board
in Dutch, French, German and Glheţg (seasons of their own, one of them beginning with "Þ"). Every phase is checked
where players meet it: the order replies (subject and ':: Deadline:' line), the results mails (subject, title, next
phase), the game's history, HISTORY, SUMMARY, LIST, and the JSON interface on the same position. The names expected
are worked out from DPjudge's rules (Map.phaseAbbr, Game.phaseName), not taken from our output. The map files come
from a mirror of DPjudge's repository (the tests skip without one)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from judge import api, maps
from tests.commands.helpers import Desk, dpjudge_desk

GM = ("gm@example.org", "gm-pw")
READER = "reader@example.org"
# DPjudge's Game.phaseName writes "of" after these seasons only ("Spring of 1.", but "Lente 1901.", "A.D. 1425.")
SEASONS_OF_THE_YEAR = ("Spring", "Fall", "Winter", "Summer", "Autumn")


@dataclass
class Year:
    """A year of play: each phase in DPjudge's long form with the orders its powers send by mail; the phase that
    follows; the years SUMMARY then lists, as the phases write them."""
    phases: list[tuple[str, dict[str, list[str]]]]
    after: str
    summary: list[str] = field(default_factory=list)


def _standard(spring: str, fall: str, winter: str, austria: str, russia: str, rum: str, sev: str, vie: str) -> Year:
    """The standard board in another language: Russia's fleet goes to Rumania in the spring and is driven out in the
    fall by Austria (two against one); it retreats home, and Austria builds in the home it left."""
    return Year([(f"{spring} 1901 MOVEMENT", {russia: [f"F {sev} - {rum}"], austria: [f"A {vie} - GAL"]}),
                 (f"{fall} 1901 MOVEMENT", {austria: [f"A GAL - {rum}", f"A BUD S A GAL - {rum}"]}),
                 (f"{fall} 1901 RETREATS", {russia: [f"F {rum} - {sev}"]}),
                 (f"{winter} 1901 ADJUSTMENTS", {austria: [f"BUILD A {vie}"]})],
                f"{spring} 1902 MOVEMENT", ["1901"])


YEARS = {
    # FLOW NEWYEAR:5 A.D.:MOVEMENT,RETREATS IFYEARDIV:10 A.D.:ADJUSTMENTS. 1425 is not divisible by 10: no adjustment,
    # the next year is 1430. France takes Burgundy's Dijon; Burgundy, with one centre fewer, removes a unit in 1430.
    "hundred": Year([("A.D. 1425 MOVEMENT", {"FRANCE": ["A DAU - DIJ", "A PAR S A DAU - DIJ"]}),
                     ("A.D. 1425 RETREATS", {"BURGUNDY": ["A DIJ - CHA"]}),
                     ("A.D. 1430 MOVEMENT", {}),
                     ("A.D. 1430 ADJUSTMENTS", {"BURGUNDY": ["REMOVE A CHA"]})],
                    "A.D. 1435 MOVEMENT", ["A.D. 1430"]),
    # FLOW NEWYEAR:-1 B.C.:MOVEMENT,RETREATS IFYEARDIV:2 B.C.:ADJUSTMENTS: 273 is odd, so B.C. 272 follows B.C. 273
    # Movement; Egypt's fleets drive Syria's out of the Seleucid Sea, Macedon's fleet takes Athens and it builds.
    "classical": Year([("B.C. 273 MOVEMENT", {"EGYPT": ["F ALE - SOA", "F MEM - BOP"], "SYRIA": ["F TYR - SES"],
                                              "MACEDON": ["F CAS - EUB"]}),
                       ("B.C. 272 MOVEMENT", {"EGYPT": ["F SOA - SES", "F BOP S F SOA - SES"],
                                              "MACEDON": ["F EUB - ATH"]}),
                       ("B.C. 272 RETREATS", {"SYRIA": ["F SES - TYR"]}),
                       ("B.C. 272 ADJUSTMENTS", {"MACEDON": ["BUILD A CAS"]})],
                      "B.C. 271 MOVEMENT", ["B.C. 272"]),
    # BEGIN SPRING 1 MOVEMENT: the standard seasons in year 1. Egypt takes Cyrenaica and dislodges Carthage's army.
    "ancmed": Year([("SPRING 1 MOVEMENT", {"CARTHAGE": ["A CIR - PHA"],
                                           "EGYPT": ["A MEM - MAR", "A THB - BAY", "F ALE - CYR"]}),
                    ("FALL 1 MOVEMENT", {"EGYPT": ["A MAR - PHA", "A BAY S A MAR - PHA"]}),
                    ("FALL 1 RETREATS", {"CARTHAGE": ["A PHA - CIR"]}),
                    ("WINTER 1 ADJUSTMENTS", {"EGYPT": ["BUILD A MEM"]})],
                   "SPRING 2 MOVEMENT", ["1"]),
    # FLOW SPRING:INCOME,MOVEMENT,RETREATS ...: the income phases are not played. Saxony takes Austria's Budapest.
    "ambition": Year([("SPRING 1763 MOVEMENT", {"SAXONY": ["A DRE - BOH", "A WAR - GAL"]}),
                      ("FALL 1763 MOVEMENT", {"SAXONY": ["A BOH - BUD", "A GAL S A BOH - BUD"]}),
                      ("FALL 1763 RETREATS", {"AUSTRIA": ["A BUD - WLA"]}),
                      ("WINTER 1763 ADJUSTMENTS", {"SAXONY": ["BUILD A DRE"], "AUSTRIA": ["REMOVE A WLA"]})],
                     "SPRING 1764 MOVEMENT", ["1763"]),
    "standard_dutch": _standard("LENTE", "HERFST", "WINTER", "OOSTENRIJK", "RUSLAND", "ROE", "SEV", "WEN"),
    "standard_french": _standard("PRINTEMPS", "AUTOMNE", "HIVER", "AUTRICHE", "RUSSIE", "RMN", "SÉB", "VIE"),
    "standard_german": _standard("FRUEHJAHR", "HERBST", "WINTER", "OESTERREICH", "RUSSLAND", "RUM", "SEW", "WIE"),
    "standard_glhetg": _standard("PRIMAVARA", "OTOGNEU", "ÞIVEREU", "AUSTRIA", "RUSSIA", "RMN", "SEV", "VIA"),
}


def abbr(long: str) -> str:
    """DPjudge's Map.phaseAbbr: the first letter of the season, the year, the first letter of the phase."""
    season, year, kind = long.split()
    return f"{season[0]}{year}{kind[0]}"


def when(long: str) -> str:
    """DPjudge's Game.phaseName(form=1): "Spring of 1.", "Lente 1901.", "A.D. 1425." (a season's letters after a
    dot upper case)."""
    season, year, _ = long.title().split()
    return f"{season} {'of ' if season in SEASONS_OF_THE_YEAR else ''}{year}."


def address(m, power: str) -> str:
    """Plain ASCII addresses (the powers' names hold letters such as Ë and Ç)."""
    return f"p{sorted(m.playable_powers).index(power)}@example.org"


def send(desk: Desk, sender: str, *lines: str):
    return desk.send(sender, "\n".join(lines))


@pytest.fixture
def mirror(tmp_path):
    yield from dpjudge_desk(tmp_path)


def start(desk: Desk, variant: str):
    m = maps.load(variant)
    assert send(desk, GM[0], f"CREATE g {GM[1]} {variant}", "SET EARLY 0").accepted
    for power in m.playable_powers:
        assert send(desk, address(m, power), f"JOIN g pw-{power.lower()} {m.power_letters[power]}").accepted
    assert desk.game("g").status == "active"
    return m


def play_phase(desk: Desk, m, variant: str, long: str, orders: dict[str, list[str]], after: str) -> None:
    """The phase's orders by mail, each answered for this phase; the JSON interface, given the same position and
    orders, names the phase and the next one in the long form; the master's PROCESS! sends its results."""
    code = abbr(long)
    game = desk.game("g")
    assert str(game.position.phase) == long
    doc = game.position.to_json(m)
    assert doc["phase"] == long
    out = api.adjudicate(doc, orders, variant=variant)
    assert (out["phase"], out["state"]["phase"]) == (long, after)
    for power, lines in orders.items():
        sender = address(m, power)
        r = send(desk, sender, f"SIGNON {m.power_letters[power]}g pw-{power.lower()}", *lines)
        assert r.accepted, desk.reply_to(sender)
        [reply] = [x for x in desk.new_mail() if x["To"] == sender]
        assert str(reply["Subject"]) == f"Diplomacy orders g {code}"
        text = reply.get_content()
        assert re.search(rf"^:: Deadline: {re.escape(code)} \S", text, re.MULTILINE), text
        assert f"Orders for {m.power_title(power)} ({long.title()}):" in text, text
    assert send(desk, GM[0], f"SIGNON Mg {GM[1]}", "PROCESS!").accepted
    results = [x for x in desk.new_mail() if "results" in str(x["Subject"])]
    assert results and {str(x["Subject"]) for x in results} == {f"Diplomacy results g {code}"}
    text = results[0].get_content()
    title = {"M": "Movement results", "R": "Retreat orders", "A": "Adjustment orders"}[code[-1]]
    assert f"{title} for {when(long)}  (g.{code})" in text, text
    # (DPjudge's Game.advancePhase: the third word of the next phase's long form, "Retreats", "Adjustments")
    kind = after.title().split()[2]
    assert f"The next phase of 'g' will be {kind} for {when(after)}" in " ".join(text.split()), text


@pytest.mark.parametrize("variant", sorted(YEARS))
def test_a_year_on_a_calendar_of_the_maps_own_by_mail(mirror, variant):
    year = YEARS[variant]
    m = start(mirror, variant)
    mirror.new_mail()
    longs = [long for long, _ in year.phases]
    for (long, orders), after in zip(year.phases, longs[1:] + [year.after]):
        play_phase(mirror, m, variant, long, orders, after)
    game = mirror.game("g")
    assert game.history == longs and str(game.position.phase) == year.after
    codes = [abbr(long) for long in longs]

    assert send(mirror, READER, "HISTORY g").accepted
    history = mirror.reply_to(READER)
    assert re.findall(r"^Subject: Diplomacy (?:results|game) g ?(\S*)", history, re.MULTILINE) == ["starting", *codes]
    assert re.findall(r"(?:results|orders|position) for [^(]*\(g\.(\S+)\)", history) == [codes[0], *codes]

    assert send(mirror, READER, "SUMMARY g").accepted
    summary = mirror.reply_to(READER)
    rows = summary[summary.index("Year"):].split("\n\n")[0].split("\n")[1:]
    assert [row[:len(y)] for row, y in zip(rows, year.summary)] == year.summary and len(rows) == len(year.summary)
    assert f"from {codes[0]} to now" in summary

    assert send(mirror, READER, "LIST g").accepted
    assert re.search(rf"^Phase: +{re.escape(year.after.title())}$", mirror.reply_to(READER), re.MULTILINE)
