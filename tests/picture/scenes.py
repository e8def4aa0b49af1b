"""A little game to draw (request documents in data/), adjudicated as judge.api does, for the picture tests."""
from __future__ import annotations

import json
from pathlib import Path

from judge import maps
from judge.adjudicator import PhaseOutcome, adjudicate
from judge.api import read_orders, read_rules
from judge.orders.sets import build_order_set
from judge.orders.validate import Validator
from judge.position import Position

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
# The game: S1901 (the shipped example: bounces in Galicia and the Black Sea); a crowded Fall 1905 with a convoy
# through two fleets, supports cut and void, bounces and two dislodgements; its retreats; its winter (a build and
# a removal).
SCENES = {
    "s1901": ROOT / "judge" / "examples" / "spring-1901.json",
    "midgame": DATA / "midgame.json",
    "retreats": DATA / "retreats.json",
    "winter": DATA / "winter.json",
}


def request(name: str) -> dict:
    return json.loads(SCENES[name].read_text(encoding="utf-8"))


def adjudicated(doc: dict) -> tuple[maps.Map, Position, PhaseOutcome]:
    """(map, position before, outcome) of a request document: the same steps as judge.api.adjudicate."""
    m = maps.load(doc.get("variant", "standard"))
    before = Position.from_json(doc["state"], m)
    rules = read_rules(doc.get("rules"))
    validator = Validator(before, m, rules)
    texts = read_orders(doc.get("orders"), m)
    orders = []
    for power in m.powers:
        if power in texts:
            oset = build_order_set(power, texts[power], before, m, rules, validator)
            assert not oset.errors, oset.errors        # a scene's orders are all meant to be legal
            orders.extend(oset.orders)
    return m, before, adjudicate(m, before, orders, rules)
