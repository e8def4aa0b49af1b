"""The phase sequence: skipping empty phases, ownership after the Fall, solo victory."""
from judge import phases
from judge.adjudicator import adjudicate
from judge.orders.validate import Validator
from judge.position import initial_position
from judge.rules import Ruleset
from tests.conftest import position


def play(m, pos, orders: dict[str, list[str]]):
    v = Validator(pos, m, Ruleset())
    legal = [v.order(t, p) for p, lst in orders.items() for t in lst]
    return adjudicate(m, pos, legal, Ruleset())


def test_spring_without_dislodgement_goes_to_fall(m):
    out = play(m, initial_position(m), {"FRANCE": ["A PAR - BUR"]})
    assert str(out.position.phase) == "F1901M"
    assert "BUR" in out.position.units and out.position.centers["PAR"] == "FRANCE"


def test_dislodgement_gives_a_retreat_phase(m):
    pos = position(m, {"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR"]})
    out = play(m, pos, {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"]})
    assert str(out.position.phase) == "S1901R"
    d = out.position.dislodged["BUR"]
    assert str(d.unit) == "A BUR" and "PAR" not in d.retreats and "MUN" in d.retreats


def test_fall_changes_ownership_then_winter(m):
    pos = position(m, {"FRANCE": ["A PAR", "A MAR", "F BRE"]}, "F1901M",
                   centers={"FRANCE": ["PAR", "MAR", "BRE"]})
    out = play(m, pos, {"FRANCE": ["A MAR - SPA"]})
    assert str(out.position.phase) == "W1901A"
    assert out.position.centers["SPA"] == "FRANCE"


def test_spring_does_not_change_ownership(m):
    pos = position(m, {"FRANCE": ["A MAR"]}, "S1901M", centers={"FRANCE": ["MAR"]})
    out = play(m, pos, {"FRANCE": ["A MAR - SPA"]})
    assert "SPA" not in out.position.centers


def test_winter_skipped_when_nobody_adjusts(m):
    pos = position(m, {"FRANCE": ["A PAR"]}, "F1901M", centers={"FRANCE": ["PAR"]})
    out = play(m, pos, {})
    assert str(out.position.phase) == "S1902M"


def test_winter_skipped_when_builds_have_nowhere_to_go(m):
    # France gains Spain but its only home centre, Paris, is occupied: nothing to do, so no winter.
    pos = position(m, {"FRANCE": ["A PAR", "A GAS"]}, "F1901M", centers={"FRANCE": ["PAR", "MAR"]})
    out = play(m, pos, {"FRANCE": ["A GAS - SPA"]})
    assert out.position.centers["SPA"] == "FRANCE"
    assert str(out.position.phase) == "W1901A"   # Marseilles is free: France may build there
    pos = position(m, {"FRANCE": ["A PAR", "A GAS", "A MAR", "F BRE"]}, "F1901M",
                   centers={"FRANCE": ["PAR", "MAR", "BRE"]})
    out = play(m, pos, {"FRANCE": ["A GAS - SPA"]})
    assert str(out.position.phase) == "S1902M"    # 4 centres, 4 units


def test_fall_retreat_then_ownership(m):
    pos = position(m, {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A BEL"]}, "F1901M",
                   centers={"GERMANY": ["BEL"], "FRANCE": ["PAR"]})
    out = play(m, pos, {"FRANCE": ["A BUR - BEL", "A PIC S A BUR - BEL"]})
    assert str(out.position.phase) == "F1901R"
    assert out.position.centers["BEL"] == "GERMANY"     # not yet: the Fall is not over
    after = play(m, out.position, {"GERMANY": ["A BEL R HOL"]})
    assert after.position.centers["BEL"] == "FRANCE"
    assert after.position.units["HOL"].power == "GERMANY"


def test_solo_victory(m):
    centers = sorted(m.centers)
    france = [c for c in centers if c != "SPA"][:17]
    pos = position(m, {"FRANCE": ["A MAR"]}, "F1905M", centers={"FRANCE": france})
    assert phases.victory_centers(m) == 18
    out = play(m, pos, {"FRANCE": ["A MAR - SPA"]})
    assert out.winner == "FRANCE"
    assert play(m, position(m, {"FRANCE": ["A MAR"]}, "F1905M", centers={"FRANCE": france}), {}).winner is None


def test_centre_counts_kept_for_the_last_centres_answer_as_counted_afresh():
    """needs_adjustment and winner share one count of the last centres asked about: asked in turn about random
    ownerships (and with builds owed or vassals, which add to a copy), they answer as a count made afresh does."""
    import random
    from collections import Counter

    from judge.house_state import HouseState
    from judge.maps import load
    from judge.phases import needs_adjustment, winner
    from judge.position import Unit
    m = load()
    rng = random.Random(3)
    boards = []
    for _ in range(40):
        centers = {c: rng.choice(m.powers[:rng.randrange(1, 8)]) for c in sorted(m.centers) if rng.random() < 0.8}
        units = {p: Unit(rng.choice(m.powers), "A", p) for p in rng.sample(sorted(centers), len(centers) // 2)}
        boards.append((centers, units))
    asked = 0
    for centers, units in boards + rng.sample(boards, 20):
        counts = Counter(centers.values())
        best = max(counts.items(), key=lambda kv: kv[1], default=(None, 0))
        houses = [None, HouseState(mobilizing={p: 3 for p in m.powers}),
                  HouseState(dummies=frozenset(m.powers[:1]), vassals={m.powers[0]: m.powers[1]})]
        for house in houses + houses:
            owed = dict(counts)
            if house is not None and house.mobilizing:
                for p, n in house.mobilizing.items():
                    owed[p] = owed.get(p, 0) + n
            have = Counter(u.power for u in units.values())
            if any(n > owed.get(p, 0) for p, n in have.items()):
                assert needs_adjustment(m, units, centers, house=house)
            if house is None or not house.vassals:
                assert winner(m, centers, house) == (best[0] if best[1] >= m.victory_count else None)
            else:
                team = dict(counts)
                team[m.powers[1]] = team.get(m.powers[1], 0) + team.pop(m.powers[0], 0)
                top = max(team.items(), key=lambda kv: kv[1], default=(None, 0))
                assert winner(m, centers, house) == (top[0] if top[1] >= m.victory_count else None)
            asked += 1
    assert asked == 60 * 6
