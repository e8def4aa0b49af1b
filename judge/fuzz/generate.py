"""The phase generator: a DATC mutation or a mix of scenarios, noise and illegal orders, with random rule options."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge import maps
from judge.fuzz import convoys, tactics
from judge.fuzz.board import Sketch, geo_for
from judge.fuzz.mutate import add_illegal, datc_seeds, mutate_datc
from judge.maps import Map
from judge.position import Phase, Position, Unit
from judge.rules import ConvoyIntent, DuplicateOrders, MissingUnit, ParadoxRule, Ruleset, ViaWithoutConvoy

# Any movement phase will do: the engines read nothing from the date, and every map has a spring.
PHASE = Phase.parse("S1901M")

SCENARIOS: dict[str, tuple[float, Callable[[Sketch], None]]] = {
    "front": (3, tactics.build_front),
    "supports_and_cuts": (3, tactics.build_supports_and_cuts),
    "convoy_chain": (3, convoys.build_convoy_chain),
    "ring": (2, convoys.build_ring),
    "paradox": (2.5, convoys.build_paradox),
    "head_to_head": (2, tactics.build_head_to_head),
    "beleaguered": (1.5, tactics.build_beleaguered),
    "self_dislodge": (1.5, tactics.build_self_dislodge),
    "adjacent_convoy": (2, convoys.build_adjacent_convoy),
    "split_coasts": (1.5, tactics.build_split_coasts),
    "full_board": (1, tactics.build_full_board),
    "noise": (1, tactics.build_noise),
}


@dataclass(frozen=True)
class Trial:
    """One movement phase to adjudicate: the units, the order lines as the powers wrote them, and the rules."""
    units: tuple[Unit, ...]
    orders: tuple[tuple[str, str], ...]          # (power, text), in the order written
    rules: Ruleset
    seed: int = 0
    index: int = 0
    scenario: str = ""
    variant: str = "standard"                    # the map the phase is drawn on (judge.maps.load's name)

    def position(self) -> Position:
        return Position(PHASE, {u.province: u for u in self.units}, {}, {})

    def texts(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for power, text in self.orders:
            out.setdefault(power, []).append(text)
        return out


def random_rules(rng: random.Random, known: bool = False) -> Ruleset:
    """The rule options both engines implement, at random; safe_convoys only in --known runs (the port alone reads
    it, so with it on the engines are expected to differ)."""
    changes: dict[str, Any] = {}
    if rng.random() < 0.35:
        changes["convoy_paradox"] = ParadoxRule.RULE_1982
    r = rng.random()
    if r < 0.25:
        changes["missing_unit"] = MissingUnit.VOID
    elif r < 0.5:
        changes["missing_unit"] = MissingUnit.HOLD
    if rng.random() < 0.25:
        changes["convoy_cuts_origin_support"] = True
    if rng.random() < 0.25:
        changes["retreat_to_convoy_origin"] = False
    r = rng.random()
    if r < 0.3:
        changes["duplicate_orders"] = rng.choice((DuplicateOrders.REJECT_SET, DuplicateOrders.FIRST,
                                                  DuplicateOrders.LAST))
    if known and rng.random() < 0.5:
        changes["safe_convoys"] = True
    return Ruleset().replace(**changes)


def edition_rules(seed: int, index: int, rules: Ruleset) -> Ruleset:
    """The DATC 4.A.3 editions (convoy_intent, via_without_convoy), drawn from a generator of their own so that the
    phases of a run (units, orders, the other options) are those the run drew before these options existed."""
    rng = random.Random(f"{seed}:{index}:editions")
    changes: dict[str, Any] = {}
    if rng.random() < 0.3:
        changes["convoy_intent"] = ConvoyIntent.VIA_ONLY
    if rng.random() < 0.3:
        changes["via_without_convoy"] = ViaWithoutConvoy.LAND
    return rules.replace(**changes) if changes else rules


# DPjudge's adjudication rules, each drawn this often (both engines play them).
ADJUDICATION_RULES = ("friendly_fire", "no_retreat", "coastal_crawl", "weak_bounces")
ADJUDICATION_RULE_SHARE = 0.15


def adjudication_rules(seed: int, index: int, rules: Ruleset) -> Ruleset:
    """DPjudge's FRIENDLY_FIRE, NO_RETREAT, COASTAL_CRAWL and WEAK_BOUNCES, drawn (as edition_rules) from a generator
    of their own: the phases of a run stay those it drew before these rules existed."""
    rng = random.Random(f"{seed}:{index}:dpjudge")
    changes = {name: True for name in ADJUDICATION_RULES if rng.random() < ADJUDICATION_RULE_SHARE}
    return rules.replace(**changes) if changes else rules


def phase_rng(seed: int, index: int) -> random.Random:
    """The generator of phase `index` of a run: independent of how the run is split over processes."""
    return random.Random(seed * 1_000_003 + index * 7_919 + 17)


def generate(seed: int, index: int, known: bool = False, m: Map | None = None) -> Trial:
    """Phase `index` of the run seeded `seed` on map `m` (the standard map if None)."""
    m = m or maps.load()
    rng = phase_rng(seed, index)
    sk = Sketch(geo_for(m), rng)
    names = list(SCENARIOS)
    weights = [SCENARIOS[n][0] for n in names]
    if rng.random() < 0.25 and datc_seeds(m):
        sk.tags.append("datc:" + mutate_datc(sk))
        if rng.random() < 0.3:
            name = rng.choices(names, weights)[0]
            SCENARIOS[name][1](sk)
            sk.tags.append(name)
    else:
        for name in rng.choices(names, weights, k=rng.choice((1, 1, 2, 2, 3))):
            SCENARIOS[name][1](sk)
            sk.tags.append(name)
        if rng.random() < 0.5:
            tactics.build_noise(sk)
    if rng.random() < 0.3:
        add_illegal(sk)
        sk.tags.append("illegal")
    units = tuple(sorted(sk.units.values(), key=lambda u: u.province))
    rules = adjudication_rules(seed, index, edition_rules(seed, index, random_rules(rng, known)))
    return Trial(units, tuple(sk.render()), rules, seed, index, "+".join(sk.tags), m.name)
