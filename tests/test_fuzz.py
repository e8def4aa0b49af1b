"""The differential fuzzer (judge/fuzz/): a CI-sized sample, what the generator produces, the shrinker, case files."""
import json
import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from judge import api, fuzz, maps
from judge.adjudicator import dpjudge
from judge.cli import build_parser
from judge.maps.build import build
from judge.orders import Convoy, Move, Support
from judge.position import Unit
from judge.rules import Ruleset

DATA = Path(__file__).resolve().parent / "data" / "fuzz"
# Cases the fuzzer found that are fixed: they must agree now. (None yet; move a case here once its fault is fixed.)
FIXED = sorted(DATA.glob("*.json"))
# Faults found and reported but not fixed yet: each file must still reproduce its recorded differences.
OPEN = sorted((DATA / "open").glob("*.json"))
# Disagreements with safe_convoys on that the documented difference explains.
EXPLAINED = sorted((DATA / "explained").glob("*.json"))

CI_SEED = 2024
CI_PHASES = 16_000      # about 8 s on one core of the development machine (13 s when it is busy)


def _open_signatures() -> set[str]:
    return {json.loads(p.read_text())["signature"] for p in OPEN}


# -- (a) a fixed-seed sample ------------------------------------------------------------------------------------------

def test_a_fixed_seed_sample_has_no_new_unexplained_disagreement(m):
    tally = fuzz.run_chunk(CI_SEED, 0, CI_PHASES)
    assert tally.phases == CI_PHASES
    new = [c for c in tally.cases if c["class"] == fuzz.UNEXPLAINED and c["signature"] not in _open_signatures()]
    assert new == [], json.dumps(new[:1], indent=1)


@pytest.mark.parametrize("variant", [n for n in fuzz.variant_names() if n != "standard"])
def test_a_every_other_variant_has_no_unexplained_disagreement(variant):
    # A smaller sample on each other map (its own boards, powers and coasts); the standard map has the one above.
    tally = fuzz.run_chunk(CI_SEED, 0, 3000, variant=variant)
    assert tally.phases == 3000
    assert [c for c in tally.cases if c["class"] == fuzz.UNEXPLAINED] == []
    assert all(c["variant"] == variant for c in tally.cases)


# -- (b) the generator makes the situations it is meant to ------------------------------------------------------------

KINDS = ("convoy", "multi_fleet_convoy", "multi_route", "circular", "circular_with_convoy", "circular_supported",
         "paradox", "paradox_betrayal", "paradox_second_order", "head_to_head", "beleaguered", "self_dislodge",
         "cut", "convoy_to_adjacent", "via_convoy", "foreign_convoy_to_adjacent", "split_coast", "illegal",
         "mismatched", "missing_unit", "foreign_order", "junk", "duplicate")


@pytest.fixture(scope="module")
def census():
    return fuzz.run_chunk(7, 0, 2000, census=True).census


@pytest.mark.parametrize("kind", KINDS)
def test_b_the_generator_produces(census, kind):
    assert census[kind] > 0, f"no phase with {kind} in the sample: {dict(census)}"


def test_b_the_common_situations_are_common(census):
    # Not a handful of lucky hits: convoys, paradox-prone setups, rings and refusals are each a real share.
    for kind, share in (("convoy", 0.3), ("paradox", 0.05), ("circular", 0.03), ("illegal", 0.2)):
        assert census[kind] >= share * 2000, (kind, census[kind])


def test_b_generation_is_reproducible_and_varied(m):
    assert fuzz.generate(3, 41, m=m) == fuzz.generate(3, 41, m=m)
    trials = [fuzz.generate(3, i, m=m) for i in range(200)]
    assert len({t.orders for t in trials}) == 200
    assert any(t.rules.convoy_paradox.value == "1982" for t in trials)
    assert not any(t.rules.safe_convoys for t in trials)          # only --known switches it on
    assert any(fuzz.generate(3, i, known=True, m=m).rules.safe_convoys for i in range(50))
    assert sum("datc:" in t.scenario for t in trials) > 20         # DATC cases are mutated too


# -- (b') the generator reads everything from the map it is given --------------------------------------------------

def _renamed_standard():
    """The standard map with every province and power renamed, keeping their sorted order (PAR -> QBT, FRANCE ->
    POWERC): the same board under other names. Returns the map and the two renamings."""
    doc = json.loads(resources.files("judge.maps").joinpath("standard.json").read_text(encoding="utf-8"))
    ren = {a: "Q" + chr(65 + i // 26) + chr(65 + i % 26) for i, a in enumerate(sorted(doc["provinces"]))}
    powers = {p: "POWER" + chr(65 + i) for i, p in enumerate(doc["powers"])}
    text = re.sub(r'"([A-Z]{3})(/[NSEW]C)?"', lambda g: f'"{ren.get(g[1], g[1])}{g[2] or ""}"', json.dumps(doc))
    text = re.sub(r'"([AF]) ([A-Z]{3})', lambda g: f'"{g[1]} {ren.get(g[2], g[2])}', text)
    for old, new in powers.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    renamed = json.loads(text)
    renamed["name"] = "renamed"
    return build(renamed), ren, powers


def test_b_the_generator_draws_the_same_phases_on_a_renamed_map(m):
    # Were any province, coast or power of the standard map written into the generator, the phases drawn on the
    # renamed board would not be the renamed standard phases. (DATC mutations are left out: the DATC cases name the
    # standard map's places, so on another map there are none to mutate and that share of phases is drawn afresh.)
    other, ren, powers = _renamed_standard()
    word = re.compile(r"\b[A-Z]{3}\b")

    def renamed(t):
        units = tuple(Unit(powers[u.power], u.kind, ren[u.loc[:3]] + u.loc[3:]) for u in t.units)
        lines = tuple((powers[p], word.sub(lambda g: ren.get(g[0], g[0]), text)) for p, text in t.orders)
        return units, lines, t.rules

    compared = 0
    for i in range(300):
        here = fuzz.generate(11, i, m=m)
        if here.scenario.startswith("datc:"):
            continue
        there = fuzz.generate(11, i, m=other)
        assert (there.units, there.orders, there.rules) == renamed(here), here.scenario
        assert there.variant == "renamed" and here.variant == "standard"
        # The order pipeline reads the same orders there, and the engines agree there too.
        _, legal_here, errors_here = fuzz.legal_orders(here, m)
        _, legal_there, errors_there = fuzz.legal_orders(there, other)
        assert sorted(ren[p] for p in legal_here) == sorted(legal_there) and len(errors_here) == len(errors_there)
        assert fuzz.adjudge(there, other).differences == []
        compared += 1
    assert compared > 150


def test_b_every_variant_is_fuzzed(tmp_path, capsys):
    names = fuzz.variant_names()
    assert names[0] == "standard"
    args = build_parser().parse_args(["fuzz", "--phases", "30", "--variant", "all", "--out", str(tmp_path)])
    assert args.variant == "all" and build_parser().parse_args(["fuzz"]).variant == "standard"
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert [line.split(",")[0] for line in out.splitlines() if line.startswith("fuzz: variant")] == \
        [f"fuzz: variant {n}" for n in names]
    assert out.count("phases run: 30") == len(names)
    assert fuzz.command(5, 1, str(tmp_path), 1, False, "no_such_variant") == 2


# -- (c) the shrinker, against a planted disagreement -----------------------------------------------------------------

def planted(m, position, orders, rules):
    """Stands in for a second engine (none other exists): it differs from the port exactly when a fleet alone can
    carry an army, convoys it where its move goes, and some unit supports that move. The smallest such phase has
    three units with three orders."""
    port = dpjudge.resolve_movement(m, position, orders, rules)
    moves = {p: o for p, o in orders.items() if isinstance(o, Move)}
    for c in orders.values():
        if isinstance(c, Convoy) and c.army.province in moves and moves[c.army.province].dest == c.dest and \
                {c.army.province, c.dest} <= m.province_fleet_adj[c.unit.province] and \
                any(isinstance(s, Support) and s.dest and s.target.province == c.army.province
                    for s in orders.values()):
            return port, [f"planted: {c}"]
    return port, []


def _planted_trial(m, min_units=8):
    for i in range(2000):
        t = fuzz.generate(5, i, m=m)
        if len(t.units) >= min_units and fuzz.adjudge(t, m, planted).differences:
            return t
    raise AssertionError("no phase triggers the planted fault")


def test_c_the_shrinker_finds_the_minimal_case(m):
    big = _planted_trial(m)
    small = fuzz.shrink(big, fuzz.still_fails(fuzz.UNEXPLAINED, "disagree", m, planted), m)
    assert fuzz.adjudge(small, m, planted).differences
    _, legal, errors = fuzz.legal_orders(small, m)
    assert len(small.units) == 3 and len(small.orders) == 3 and errors == []
    assert sorted(type(o).__name__ for o in legal.values()) == ["Convoy", "Move", "Support"]
    assert small.rules == Ruleset()                                   # no rule option is needed for it
    assert len({u.power for u in small.units}) == 1                   # nor more than one power
    assert len(big.units) > len(small.units)


def test_c_a_campaign_chunk_shrinks_and_counts_planted_faults(m):
    tally = fuzz.run_chunk(5, 0, 300, engines=planted)
    assert tally.unexplained > 0 and tally.cases
    assert all(c["units"] == 3 for c in tally.cases)
    # Beyond SHRINKS_PER_SHAPE of one signature, findings are counted but not shrunk again.
    assert max(Counter(c["signature"] for c in tally.cases).values()) <= fuzz.SHRINKS_PER_SHAPE


def test_c_ddmin_keeps_what_the_property_needs():
    assert fuzz.ddmin(list(range(20)), lambda xs: {3, 17} <= set(xs)) == [3, 17]
    assert fuzz.ddmin(list(range(5)), lambda xs: True) == []


# -- (d) a written case replays ---------------------------------------------------------------------------------------

def _safe_convoys_trial():
    """DATC 6.F.5's shape (two equal attacks on a convoying fleet) amid bystanders, with safe_convoys on."""
    units = [Unit("ENGLAND", "A", "LON"), Unit("ENGLAND", "F", "NTH"), Unit("FRANCE", "F", "BEL"),
             Unit("FRANCE", "F", "ENG"), Unit("GERMANY", "F", "DEN"), Unit("GERMANY", "F", "SKA"),
             Unit("ITALY", "A", "ROM"), Unit("ITALY", "F", "NAP"), Unit("RUSSIA", "A", "MOS")]
    orders = [("ENGLAND", "F NTH C A LON - HOL"), ("ENGLAND", "A London - Holland"), ("FRANCE", "F ENG - NTH"),
              ("FRANCE", "F BEL S F ENG - NTH"), ("GERMANY", "F SKA - NTH"), ("GERMANY", "F DEN S F SKA - NTH"),
              ("ITALY", "A ROM - VEN"), ("ITALY", "F NAP S A ROM - VEN"), ("RUSSIA", "A MOS - WAR"),
              ("AUSTRIA", "A VIE - BUD"), ("GERMANY", "junk")]
    return fuzz.Trial(tuple(sorted(units, key=lambda u: u.province)), tuple(orders),
                      Ruleset(safe_convoys=True, retreat_to_convoy_origin=False))


def test_d_a_written_case_replays_through_the_json_interface(m, tmp_path):
    kind, subject, _ = fuzz.classify(_safe_convoys_trial(), m)
    assert kind == fuzz.EXPLAINED_SAFE_CONVOYS
    small = fuzz.shrink(subject, fuzz.still_fails(kind, "disagree", m), m)
    assert len(small.units) == 6 and small.rules == Ruleset(safe_convoys=True)
    path = fuzz.write_case(fuzz.case_document(kind, small, m), tmp_path)
    doc = json.loads(path.read_text())
    assert doc["differences"] and doc["class"] == fuzz.EXPLAINED_SAFE_CONVOYS
    assert fuzz.replay(doc) == doc["differences"]
    result = api.request(doc["request"])
    assert result["crosscheck"] == {"agree": False, "differences": doc["differences"]}
    # The request's own orders are the port's (engine=both): its marks are the ones the case recorded.
    assert {r["order"]: r["result"] for r in result["orders"]} == doc["port"]["orders"]
    off = dict(doc["request"], rules=[w for w in doc["request"]["rules"] if w != "safe_convoys=on"])
    assert api.request(off)["crosscheck"]["agree"]


@pytest.mark.parametrize("variant", [n for n in fuzz.variant_names() if n != "standard"])
def test_d_a_case_on_another_variant_replays_on_that_variant(variant):
    # The request names its map, so the JSON interface replays it there (and nowhere else).
    other = maps.load(variant)
    trial = next(t for t in (fuzz.generate(2, i, m=other) for i in range(50)) if len(t.units) >= 4)
    doc = fuzz.case_document(fuzz.UNEXPLAINED, trial, other)
    assert doc["variant"] == variant and doc["request"]["variant"] == variant
    result = api.request(doc["request"])
    assert {r["order"]: r["result"] for r in result["orders"]} == doc["port"]["orders"]
    assert sorted(f"{p} {u}" for p, us in result["state"]["units"].items() for u in us) == doc["port"]["units"]


def test_d_crashes_are_findings_not_failures(m):
    def broken(m, position, orders, rules):
        raise KeyError("boom")
    t = fuzz.generate(1, 0, m=m)
    v = fuzz.adjudge(t, m, broken)
    assert v.crashed and v.differences[0].startswith("crash: engines:")
    assert fuzz.nature(v.differences) == fuzz.nature(fuzz.adjudge(fuzz.generate(1, 1, m=m), m, broken).differences)


def test_d_the_campaign_writes_distinct_cases_and_the_command_reports(m, tmp_path, capsys):
    report = fuzz.campaign(400, seed=9, out=tmp_path / "out", known=True)
    assert report.phases == 400 and report.rate > 0
    assert build_parser().parse_args(["fuzz"]).phases == 2000
    args = build_parser().parse_args(["fuzz", "--phases", "50", "--seed", "4", "--out", str(tmp_path / "c"),
                                      "--jobs", "2", "--known"])
    assert (args.phases, args.seed, args.jobs, args.known) == (50, 4, 2, True)
    status = args.func(args)
    out = capsys.readouterr().out
    assert "phases run: 50" in out and "phases/s" in out and "unexplained" in out
    assert status == (1 if "disagreements: 0 unexplained" not in out else 0)


# -- (e) case files on record -----------------------------------------------------------------------------------------

def test_e_fixed_cases_agree():
    still = [p.name for p in FIXED if fuzz.replay(json.loads(p.read_text()))]
    assert still == []


def test_e_open_cases_still_reproduce():
    # A loop, not a parametrization: with no open case (none now) there is nothing to skip.
    for path in OPEN:
        doc = json.loads(path.read_text())
        assert fuzz.replay(doc) == doc["differences"], \
            f"{path.name} no longer shows its fault: if the fault is fixed, move the file to {DATA}"


@pytest.mark.parametrize("path", EXPLAINED, ids=[p.name for p in EXPLAINED])
def test_e_explained_cases_differ_only_with_safe_convoys(path):
    doc = json.loads(path.read_text())
    assert fuzz.replay(doc) == doc["differences"]
    off = dict(doc["request"], rules=[w for w in doc["request"]["rules"] if w != "safe_convoys=on"])
    assert api.request(off)["crosscheck"]["agree"]


def test_b_the_generator_draws_dpjudges_adjudication_rules(m):
    # friendly_fire, no_retreat, coastal_crawl and weak_bounces are played by both engines, so the cross-check
    # samples them too (it never set them before); each is drawn in some phases and not in others.
    from judge.fuzz.generate import ADJUDICATION_RULES
    drawn = [fuzz.generate(CI_SEED, i, m=m).rules for i in range(200)]
    for name in ADJUDICATION_RULES:
        on = sum(getattr(r, name) for r in drawn)
        assert 10 < on < 60, (name, on)
