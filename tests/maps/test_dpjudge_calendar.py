"""Calendars of a map's own (DPjudge FLOW and BEGIN): seasons of its own ("A.D.", "B.C.", "LENTE"), NEWYEAR:n,
IFYEARDIV:n, years that are not four digits; phases named in DPjudge's long form ("A.D. 1425 MOVEMENT"), which the
JSON interface also accepts for the standard calendar. Our own test maps (tests/data/maps/toy_*.map)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge import api, maps
from judge.maps import MapError, dpjudge_format
from judge.maps.build import build
from judge.position import Phase, initial_position

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


@pytest.fixture(autouse=True)
def toy_folder():
    maps.use_folder(DATA)
    yield
    maps.use_folder(None)


def read(text: str, tmp_path: Path, name: str = "t"):
    (tmp_path / "toy.map").write_text((DATA / "toy.map").read_text())
    return build(dpjudge_format.read_text(text, name, tmp_path, maps.load), name)


def state(phase: str, north: list[str], south: list[str], centers: dict | None = None) -> dict:
    return {"phase": phase, "units": {"NORTH": north, "SOUTH": south},
            "centers": centers or {"NORTH": ["NBY"], "SOUTH": ["SBY"]}}


def test_years_in_fives_with_adjustments_every_ten_years():
    m = maps.load("toy_years")
    assert m.begin == "A.D. 1425 MOVEMENT" and str(initial_position(m).phase) == "A.D. 1425 MOVEMENT"
    # 1425: no adjustment year, so the army standing on the Midlands' centre does not take it yet...
    out = api.adjudicate(state("A.D. 1425 MOVEMENT", ["F NBY"], ["A SBY"]), {"SOUTH": ["A SBY - MID"]},
                         variant="toy_years")
    assert out["phase"] == "A.D. 1425 MOVEMENT"
    assert out["state"]["phase"] == "A.D. 1430 MOVEMENT" and out["state"]["centers"]["SOUTH"] == ["SBY"]
    # ...in 1430 it does, and South builds in the adjustment phase of 1430.
    out = api.adjudicate(out["state"], {}, variant="toy_years")
    assert out["state"]["phase"] == "A.D. 1430 ADJUSTMENTS" and out["state"]["centers"]["SOUTH"] == ["MID", "SBY"]
    out = api.adjudicate(out["state"], {"SOUTH": ["BUILD A SBY"]}, variant="toy_years")
    assert out["state"]["phase"] == "A.D. 1435 MOVEMENT" and out["state"]["units"]["SOUTH"] == ["A MID", "A SBY"]


def test_a_dislodged_unit_retreats_in_the_seasons_own_retreat_phase():
    out = api.adjudicate(state("A.D. 1425 MOVEMENT", ["F NBY"], ["A CRG", "A MID"]),
                         {"SOUTH": ["A MID - NBY", "A CRG S A MID - NBY"]}, variant="toy_years")
    assert out["state"]["phase"] == "A.D. 1425 RETREATS" and out["state"]["dislodged"] == {"NORTH": {"F NBY": ["NSE"]}}


def test_the_short_form_is_read_too_and_answered_in_the_short_form():
    out = api.adjudicate(state("A1425M", ["F NBY"], ["A SBY"]), {}, variant="toy_years")
    assert out["phase"] == "A1425M" and out["state"]["phase"] == "A1430M"
    assert api.adjudicate(out["state"], {}, variant="toy_years")["state"]["phase"] == "A1435M"


def test_years_counting_down_before_christ():
    out = api.adjudicate(state("B.C. 273 MOVEMENT", ["F NBY"], ["A SBY"]), {"SOUTH": ["A SBY - MID"]},
                         variant="toy_bc")
    assert out["state"]["phase"] == "B.C. 272 MOVEMENT"          # 273 is odd: no adjustments
    out = api.adjudicate(out["state"], {}, variant="toy_bc")
    assert out["state"]["phase"] == "B.C. 272 ADJUSTMENTS"
    out = api.adjudicate(out["state"], {}, variant="toy_bc")
    assert out["state"]["phase"] == "B.C. 271 MOVEMENT"


def test_before_christ_counts_down_to_1_bc_then_on_from_ad_1():
    """DPjudge's Map.findNextPhase on its classical map (NEWYEAR:-1, run under Python 2.7) goes from B.C. 1 to
    B.C. 0 and B.C. -1 (the season a name, the year a number: short codes B0M, B-1M). There was no year 0: the year
    after 1 B.C. is A.D. 1, then A.D. 2. The adjustments keep their rhythm of every other year across the change
    (2 B.C., A.D. 1, A.D. 3: IFYEARDIV:2 divides DPjudge's count, in which A.D. 1 is its 0 and A.D. 3 its -2)."""
    m = maps.load("toy_bc")
    phase = Phase.parse("B.C. 2 ADJUSTMENTS", m.flow)
    seen = []
    for _ in range(8):
        phase = phase.following()
        seen.append(phase)
    assert [str(p) for p in seen] == ["B.C. 1 MOVEMENT", "B.C. 1 RETREATS", "A.D. 1 MOVEMENT", "A.D. 1 RETREATS",
                                      "A.D. 1 ADJUSTMENTS", "A.D. 2 MOVEMENT", "A.D. 2 RETREATS", "A.D. 3 MOVEMENT"]
    assert [p.code for p in seen] == ["B1M", "B1R", "A1M", "A1R", "A1A", "A2M", "A2R", "A3M"]
    assert [p.describe() for p in seen[1:3]] == ["B.C. 1 Retreats", "A.D. 1 Movement"]
    # Each name reads back; DPjudge's own names for these years (its games, this judge's before) read as the same.
    assert all(Phase.parse(str(p), m.flow) == Phase.parse(p.code, m.flow) == p for p in seen)
    assert Phase.parse("B.C. 0 MOVEMENT", m.flow) == Phase.parse("B0M", m.flow) == seen[2]
    assert Phase.parse("B-1M", m.flow) == seen[5]
    for bad in ("A.D. 0 MOVEMENT", "A0M", "A.D. -1 MOVEMENT"):       # (no year 0 of the era, nor one before it)
        with pytest.raises(ValueError, match="BAD PHASE"):
            Phase.parse(bad, m.flow)
    # The JSON interface names them so too (its long form: season, year, type).
    out = api.adjudicate(state("B.C. 1 MOVEMENT", ["F NBY"], ["A SBY"]), {"SOUTH": ["A SBY - MID"]}, variant="toy_bc")
    assert out["state"]["phase"] == "A.D. 1 MOVEMENT"
    out = api.adjudicate(out["state"], {}, variant="toy_bc")
    assert out["state"]["phase"] == "A.D. 1 ADJUSTMENTS" and out["state"]["centers"]["SOUTH"] == ["MID", "SBY"]
    out = api.adjudicate(out["state"], {"SOUTH": ["BUILD A SBY"]}, variant="toy_bc")
    assert out["phase"] == "A.D. 1 ADJUSTMENTS" and out["state"]["phase"] == "A.D. 2 MOVEMENT"
    short = api.adjudicate({**out["state"], "phase": "A2M"}, {}, variant="toy_bc")
    assert short["phase"] == "A2M" and short["state"]["phase"] == "A3M"


@pytest.mark.parametrize("variant, example", [("toy_bc", "B.C. 273 MOVEMENT"), ("toy_years", "A.D. 1425 MOVEMENT"),
                                              ("toy_lente", "LENTE 1 MOVEMENT")])
def test_a_bad_phase_is_answered_with_a_phase_of_the_variants_own_calendar(variant, example):
    # (it offered the first season in 1901: "B.C. 1901 MOVEMENT", a year the B.C. calendar never reaches)
    for phase in ("SPRING 1901 MOVEMENT", ["B.C. 273 MOVEMENT"], None):
        with pytest.raises(ValueError, match=rf"^BAD PHASE: .* \(expected e.g. '{example}'\)$"):
            api.adjudicate(state(phase, ["F NBY"], ["A SBY"]), {}, variant=variant)
    api.adjudicate(state(example, ["F NBY"], ["A SBY"]), {}, variant=variant)      # (the example is a phase)


def test_seasons_of_another_language_and_year_one():
    m = maps.load("toy_lente")
    assert m.begin == "LENTE 1 MOVEMENT"
    out = api.adjudicate(state("LENTE 1 MOVEMENT", ["F NBY"], ["A SBY"]), {"SOUTH": ["A SBY - MID"]},
                         variant="toy_lente")
    assert out["state"]["phase"] == "HERFST 1 MOVEMENT"
    out = api.adjudicate(out["state"], {}, variant="toy_lente")
    assert out["state"]["phase"] == "WINTER 1 ADJUSTMENTS" and out["state"]["centers"]["SOUTH"] == ["MID", "SBY"]
    phase = Phase.parse("WINTER 1 ADJUSTMENTS", m.flow)
    assert (phase.code, phase.describe(), phase.long()) == ("W1A", "Winter 1 Adjustments", "WINTER 1 ADJUSTMENTS")


def test_the_long_form_on_the_standard_calendar_is_answered_in_the_long_form():
    doc = {"phase": "SPRING 1901 MOVEMENT", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}
    out = api.adjudicate(doc, {"FRANCE": ["A PAR - BUR"]})
    assert out["phase"] == "SPRING 1901 MOVEMENT" and out["state"]["phase"] == "FALL 1901 MOVEMENT"
    short = api.adjudicate({**doc, "phase": "S1901M"}, {"FRANCE": ["A PAR - BUR"]})
    assert short["phase"] == "S1901M" and short["state"]["phase"] == "F1901M"
    with pytest.raises(ValueError, match="BAD PHASE: 'SPRING 1901 ADJUSTMENTS'"):
        api.adjudicate({**doc, "phase": "SPRING 1901 ADJUSTMENTS"}, {})


@pytest.mark.parametrize("phase", ["A.D. 1425 ADJUSTMENT", "B.C. 1425 MOVEMENT", "S1425M", "A.D. MOVEMENT", 1425])
def test_a_phase_not_of_the_calendar_is_refused(phase):
    with pytest.raises(ValueError, match="BAD PHASE"):
        api.adjudicate(state(phase, ["F NBY"], ["A SBY"]), {}, variant="toy_years")


def test_a_phase_the_flow_skips_in_its_year_is_refused_naming_the_condition(tmp_path):
    """DPjudge's IFYEARDIV:n plays the rest of the year's FLOW only in years n divides. A phase of the calendar left
    out in its year was taken, and adjudicated as if played (a Winter of an odd year in Classical). DPjudge's own
    Classical (FLOW NEWYEAR:-1, B.C.:MOVEMENT,RETREATS, IFYEARDIV:2, B.C.:ADJUSTMENTS) and Hundred (NEWYEAR:5,
    A.D.:MOVEMENT,RETREATS, IFYEARDIV:10, A.D.:ADJUSTMENTS), through `judge adjudicate` as a program sends them."""
    from tests.dpjudge_mirror import extract
    from tests.test_json_requests import adjudicate
    extract(tmp_path / "more")
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    odd = "B.C. adjustments only in years divisible by 2, and 273 is not one"
    for variant, phase, why in (
            ("classical", "B.C. 273 ADJUSTMENTS", odd), ("classical", "B273A", odd),
            ("hundred", "A.D. 1425 ADJUSTMENTS", "A.D. adjustments only in years divisible by 10, and 1425 is not "
                                                 "one")):
        for args in ((), ("--batch",)):
            p = adjudicate({"variant": variant, "state": {"phase": phase}}, *args, cwd=tmp_path)
            assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
            assert f"BAD PHASE: {phase} (this variant plays {why})" in p.stderr, p.stderr
    # The years the condition holds are played; the phases before the condition, every year.
    for variant, phase, nxt in (("classical", "B.C. 272 ADJUSTMENTS", "B.C. 271 MOVEMENT"),
                                ("classical", "B.C. 273 RETREATS", "B.C. 272 MOVEMENT"),
                                ("hundred", "A.D. 1430 ADJUSTMENTS", "A.D. 1435 MOVEMENT"),
                                ("hundred", "A.D. 1425 MOVEMENT", "A.D. 1430 MOVEMENT")):
        p = adjudicate({"variant": variant, "state": {"phase": phase}}, cwd=tmp_path)
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["state"]["phase"] == nxt


def test_a_condition_is_checked_for_the_year_in_force_where_it_stands_in_the_flow(tmp_path):
    """DPjudge's findNextPhase checks an IFYEARDIV against the year as it is at that point of the FLOW, and a NEWYEAR
    after it steps the year on: with IFYEARDIV:2 then NEWYEAR before the Fall, the Spring of an even year is followed
    by the Fall of the odd year after it, and an odd year's Spring by the next Spring. So FALL 1903 is played and
    FALL 1902 is not (its condition is on 1901)."""
    from tests.test_json_requests import adjudicate
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "toy.map").write_text((DATA / "toy.map").read_text())
    (tmp_path / "more" / "toy_odd.map").write_text(
        "USE toy\nFLOW SPRING:MOVEMENT,RETREATS\nFLOW IFYEARDIV:2\nFLOW NEWYEAR\nFLOW FALL:MOVEMENT,RETREATS\n"
        "FLOW WINTER:ADJUSTMENTS\nBEGIN SPRING 1902 MOVEMENT\n")
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    p = adjudicate({"variant": "toy_odd", "state": {"phase": "FALL 1902 MOVEMENT"}}, cwd=tmp_path)
    assert p.returncode == 2 and "BAD PHASE: FALL 1902 MOVEMENT (this variant plays FALL movement only in years " \
        "divisible by 2, and 1901 is not one)" in p.stderr, p.stderr
    for phase, nxt in (("SPRING 1902 MOVEMENT", "FALL 1903 MOVEMENT"), ("FALL 1903 MOVEMENT", "SPRING 1904 MOVEMENT"),
                       ("SPRING 1903 MOVEMENT", "SPRING 1904 MOVEMENT")):
        p = adjudicate({"variant": "toy_odd", "state": {"phase": phase}}, cwd=tmp_path)
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["state"]["phase"] == nxt


@pytest.mark.parametrize("lines, message", [
    ("FLOW NEWYEAR:0\nFLOW A:MOVEMENT,RETREATS,ADJUSTMENTS\nBEGIN A 1 MOVEMENT", r"t.map:2: .*NEWYEAR needs a step"),
    ("FLOW A.D.:MOVEMENT,RETREATS\nFLOW IFYEARDIV:0\nFLOW A.D.:ADJUSTMENTS", r"t.map:3: .*IFYEARDIV needs a divisor"),
    ("FLOW SPRING:MOVEMENT,RETREATS\nFLOW SUMMER:MOVEMENT,RETREATS\nFLOW WINTER:ADJUSTMENTS",
     r"t.map:4: .*two seasons .* begin with the same letter"),
    # (a short code would not tell the season from the year: "11901M", "٣1901M")
    ("FLOW 1ST:MOVEMENT,RETREATS,ADJUSTMENTS", r"t.map:2: .*FLOW 1ST:.*: a season's name that begins with a digit"),
    ("FLOW A:MOVEMENT,RETREATS\nFLOW ٣X:ADJUSTMENTS", r"t.map:3: .*begins with a digit"),
    ("FLOW A.D.:MOVEMENT,RETREATS,ADJUSTMENTS\nBEGIN B.C. 12 MOVEMENT", r"t.map:3: BEGIN B.C. 12 MOVEMENT: 'B.C. 12"),
    ("BEGIN A.D. 1425 MOVEMENT", r"t.map:2: BEGIN A.D. 1425 MOVEMENT: 'A.D. 1425 MOVEMENT' \(expected e.g. "
                                 r"'SPRING 1901 MOVEMENT'\)"),
    ("BEGIN SPRING 1901", r"t.map:2: BEGIN: expected season, year and phase"),
    # (years a game can reach: a phase's code names its files, so it stays short)
    ("FLOW A.D.:MOVEMENT,RETREATS,ADJUSTMENTS\nBEGIN A.D. 1000000000 MOVEMENT", r"t.map:3: .*more than 9 digits"),
    ("FLOW NEWYEAR:-1001\nFLOW A:MOVEMENT,RETREATS,ADJUSTMENTS\nBEGIN A 1 MOVEMENT", r"t.map:2: .*at most 1000 years"),
])
def test_a_calendar_this_judge_cannot_play_is_refused_with_its_line(tmp_path, lines, message):
    with pytest.raises(MapError, match=message):
        read("USE toy\n" + lines + "\n", tmp_path)


def test_payola_income_phases_are_left_out_and_said(tmp_path):
    m = read("USE toy\nFLOW SPRING:INCOME,MOVEMENT,RETREATS\nFLOW FALL:INCOME,MOVEMENT,RETREATS\n"
             "FLOW WINTER:ADJUSTMENTS\nBEGIN SPRING 1763 MOVEMENT\n", tmp_path)
    assert m.flow is not None and "income phases (of Payola games) are not played" in m.description
    assert str(Phase.parse(m.begin, m.flow).following()) == "SPRING 1763 RETREATS"


def test_the_standard_year_stays_the_standard_calendar(tmp_path):
    m = read("USE toy\nFLOW SPRING:MOVEMENT,RETREATS\nFLOW FALL:MOVEMENT,RETREATS\nFLOW WINTER:ADJUSTMENTS\n"
             "BEGIN FALL 1901 MOVEMENT\n", tmp_path)
    assert m.flow is None and m.begin == "F1901M"


@pytest.mark.parametrize("phase", ["B.C.\t273\nMOVEMENT", "B.C.  273 MOVEMENT", " B.C. 273 MOVEMENT",
                                   "B.C. 273 MOVEMENT\n", "B.C. \uff12\uff17\uff13 MOVEMENT", "B273M\n",
                                   "B27\uff13M"])
def test_a_phase_not_in_the_long_forms_single_spaces_and_digits_is_refused(phase):
    # The spec's long form is season, year and type "separated by single spaces"; a result names its phase in the
    # request's form, which a tab or a line break leaves undecided ("B.C.\t273\nMOVEMENT" was answered "B273M").
    with pytest.raises(ValueError, match="^BAD PHASE: "):
        api.adjudicate(state(phase, ["F NBY"], ["A SBY"]), {}, variant="toy_bc")
    assert api.adjudicate(state("B.C. 273 MOVEMENT", ["F NBY"], ["A SBY"]), {},
                          variant="toy_bc")["state"]["phase"] == "B.C. 272 MOVEMENT"
