"""A seeded random walk over the JSON interface (shared/spec/judge-json.md), as a program outside the judge meets it:
whole games played by feeding each result's state back as the next request, and from each request mutated copies
(fields removed, renamed or retyped, names that do not exist, positions that cannot be), all sent through one
`judge adjudicate --batch`, with a few sent alone to `judge adjudicate --compact`, and each checked against
`judge.api` in process.

Longer walks by hand: JUDGE_JSON_WALK_STEPS=3000 JUDGE_JSON_WALK_SEEDS=1,2,3 pytest tests/test_api_walk.py"""
import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from judge import api, maps
from judge.json_input import loads
from tests.test_api import START     # (the standard opening, as the JSON interface writes it)

ROOT = Path(__file__).resolve().parent.parent
JUDGE = [sys.executable, str(ROOT / "bin" / "judge")]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
STEPS = int(os.environ.get("JUDGE_JSON_WALK_STEPS", "150"))       # (requests of played games; about 1 s each seed)
SEEDS = [int(s) for s in os.environ.get("JUDGE_JSON_WALK_SEEDS", "36,1901").split(",")]
M = maps.load("standard")
ODD_VALUES = [None, 0, -1, 1.5, True, "", [], {}, [[["A PAR"]]], {"A": {"B": []}}, "X" * 20_000, "ÉÀ Ωμέγα",
              "\x00\x07\x1b", "A PAR\n- BUR", "\u2028", 10 ** 30, "S1901M", "FRANCE", "A PAR"]
WORDS = ["NOPE", "PRUSSIA", "france", "XYZ", "A XYZ", "F MOS", "A STP/NC", "F SPA", "A NTH", "S1901X", "X1901M",
         "S1901A", "W1901M", "s1901m", "SPRING 1901", "A.D. 1901 MOVEMENT", "S999M", "S10000M", "atlantis"]


# -- valid orders for a state, as a player might give them ---------------------------------------------------------

def _adjacent(unit: str) -> list[str]:
    kind, loc = unit.split(" ")
    near = M.army_adj.get(loc[:3], ()) if kind == "A" else M.fleet_adj.get(loc, ())
    return sorted(near)


def orders_for(state: dict, rng: random.Random) -> dict:
    kind = state["phase"][-1]
    orders: dict[str, list[str]] = {}
    if kind == "M":
        every = [u for lst in state["units"].values() for u in lst]
        for power, units in state["units"].items():
            mine = orders[power] = []
            for unit in units:
                roll, near = rng.random(), _adjacent(unit)
                if roll < 0.55 and near:
                    mine.append(f"{unit} - {rng.choice(near)}")
                elif roll < 0.8 and len(every) > 1:
                    other = rng.choice(every)
                    other_near = _adjacent(other)
                    target = f" - {rng.choice(other_near)}" if other_near and rng.random() < 0.6 else ""
                    mine.append(f"{unit} S {other}{target}")
                elif roll < 0.85 and unit.startswith("F"):
                    mine.append(f"{unit} C {rng.choice(every)} - {rng.choice(sorted(M.provinces))}")
                elif roll < 0.95:
                    mine.append(f"{unit} H")
            # A supported attack now and then, so that units are dislodged and retreat phases come.
            pairs = [(a, b, t) for a in units for b in units if a != b for t in _adjacent(a)
                     if t[:3] in {x[:3] for x in _adjacent(b)}]
            if pairs and rng.random() < 0.6:
                a, b, t = rng.choice(pairs)
                mine[:] = [o for o in mine if not o.startswith((a + " ", b + " "))]
                mine += [f"{a} - {t}", f"{b} S {a} - {t[:3]}"]
            if rng.random() < 0.05:
                mine.append(rng.choice(["A XYZ - LON", "F NTH C A LON", "BUILD A PAR", "A BOH - MUN"]))
    elif kind == "R":
        for power, units in state.get("dislodged", {}).items():
            orders[power] = [f"{u} R {rng.choice(places)}" if places and rng.random() < 0.7 else f"{u} D"
                             for u, places in units.items()]
    else:
        for power in M.powers:
            units, centers = state["units"].get(power, []), state["centers"].get(power, [])
            if len(units) > len(centers):
                orders[power] = [f"REMOVE {u}" for u in rng.sample(units, len(units) - len(centers))
                                 if rng.random() < 0.7]
            elif len(centers) > len(units):
                taken = {u.split(" ")[1][:3] for lst in state["units"].values() for u in lst}
                free = [c for c in M.home_centers[power] if c in centers and c not in taken]
                orders[power] = [f"BUILD {rng.choice('AF')} {c}" for c in free][: len(centers) - len(units)]
                if rng.random() < 0.3:
                    orders[power].append("WAIVE")
    return orders


def played_requests(seed: int, count: int) -> list[dict]:
    """Requests of whole games: each result's state is the next request's, a new game after a win or 1910."""
    rng = random.Random(seed)
    state, out = copy.deepcopy(START), []
    while len(out) < count:
        request = {"state": state, "orders": orders_for(state, rng)}
        if rng.random() < 0.2:
            request["rules"] = []
        out.append(request)
        before = copy.deepcopy(request)
        result = api.request(request)           # (a valid request: a ValueError here fails the walk)
        assert request == before                # (inputs are not modified)
        state = result["state"]
        if "winner" in result or int(state["phase"][1:5]) >= 1910:
            state = copy.deepcopy(START)
    return out


# -- mutations -------------------------------------------------------------------------------------------------------

def _paths(doc, path=()):
    """Every (container, key) in a document, to change one place of it."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield doc, key
            yield from _paths(value, path + (key,))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield doc, i
            yield from _paths(value, path + (i,))


def mutated(request: dict, rng: random.Random) -> dict:
    doc = copy.deepcopy(request)
    state = doc["state"]
    for _ in range(rng.choice((1, 1, 2, 3))):
        places = list(_paths(doc))
        where, key = rng.choice(places)
        roll = rng.random()
        if roll < 0.2:
            del where[key]
        elif roll < 0.3 and isinstance(where, dict):
            where[rng.choice(WORDS) if rng.random() < 0.5 else str(key).lower() + "x"] = where.pop(key)
        elif roll < 0.55:
            where[key] = rng.choice(ODD_VALUES)
        elif roll < 0.65 and isinstance(where, list):
            where.append(rng.choice(WORDS + ODD_VALUES))
        elif roll < 0.72:
            doc["variant"] = rng.choice(["nope", "standard", "fleet_rome", "chaos", None, 7, "STANDARD"])
        elif roll < 0.8 and isinstance(state, dict) and isinstance(state.get("units"), dict):
            # two units in one province, or a unit where its type cannot stand
            lst = state["units"].setdefault(rng.choice(M.powers), [])
            if isinstance(lst, list):
                lst.append(rng.choice(["A LON", "F LON", "A PAR", "F MOS", "A STP/NC", "F STP", "A ENG", "F BUL"]))
        elif roll < 0.88 and isinstance(state, dict):
            # dislodged units, more than can be or in the wrong phase
            state["dislodged"] = {rng.choice(M.powers): {rng.choice(["A PAR", "F NTH", "A MUN"]):
                                                         rng.sample(sorted(M.provinces), rng.choice((0, 1, 3)))}}
        elif isinstance(doc.get("orders"), dict):
            # orders for units that do not exist, and a second order for one unit
            power = rng.choice(M.powers)
            given = doc["orders"].get(power)
            lst = given if isinstance(given, list) else []
            lst.append(rng.choice(["A BOH - MUN", "F ION - TUN", "A MOS - UKR", "A MOS - SEV", "WAIVE",
                                   "REMOVE A PAR", "BUILD F STP", "A PAR R BUR"]))
            doc["orders"][power] = lst
    return doc


def raw_lines(rng: random.Random, docs: list[dict]) -> list[bytes]:
    """Lines no document makes: a key twice, text that is not JSON, bytes that are not UTF-8, a bare value."""
    doc = json.dumps(rng.choice(docs), separators=(",", ":"))
    return [b'{"state":{"phase":"S1901M"},"state":{"phase":"F1901M"}}',
            doc.replace('"units":{', '"units":{"FRANCE":["A PAR"],', 1).encode(),     # (a duplicate when France has)
            b"{not json", b"\xff\xfe{}", b"null", b'{"state":{"phase":"S1901M"},"rules":{"absence_days":NaN}}',
            b"[]", b'"S1901M"', b"12", doc[: len(doc) // 2].encode(),
            ("{" * 3000 + "}" * 3000).encode(), doc.encode("utf-8")]


# -- the walk --------------------------------------------------------------------------------------------------------

def expected(line: bytes) -> tuple[bool, str]:
    """(True, result text) or (False, the error message) as judge.api gives it for the line's document; a line that
    is not a document is (False, "")."""
    try:
        doc = loads(line.decode("utf-8"))
    except ValueError:
        return False, ""
    try:
        text = api.request_text(doc)
    except ValueError as exc:
        return False, str(exc)
    # (the --batch writer's text is the document `judge adjudicate --compact` writes, byte for byte)
    assert text == json.dumps(api.request(doc), separators=(",", ":"))
    return True, text


def promised(request: dict, result: dict) -> None:
    """What the spec promises of every result on the standard map."""
    state, after = request["state"], result["state"]
    kind = result["phase"][-1] if " " not in result["phase"] else result["phase"].split()[-1][0]
    # Every unit gets one order (defaults filled in) in a movement phase, every dislodged unit one in a retreat phase.
    if kind == "M":
        assert len(result["orders"]) == sum(len(u) for u in (state.get("units") or {}).values())
    elif kind == "R":
        assert len(result["orders"]) == sum(len(d) for d in (state.get("dislodged") or {}).values())
    # The next state has dislodged units exactly when it is a retreat phase (one with none is skipped).
    next_kind = after["phase"][-1] if " " not in after["phase"] else after["phase"].split()[-1][0]
    assert ("dislodged" in after) == (next_kind == "R") and all(after.get("dislodged", {}).values())
    # A fleet on a split-coast province names its coast; a centre nobody owns is absent; orders have a power.
    units = [u for lst in after["units"].values() for u in lst]
    units += [u for d in after.get("dislodged", {}).values() for u in d]
    assert not [u for u in units if u.startswith("F ") and u[2:] in ("SPA", "STP", "BUL")]
    assert all(c in M.centers for lst in after["centers"].values() for c in lst)
    assert all(set(o) == {"power", "order", "result"} and o["power"] in M.powers for o in result["orders"])
    assert all(set(e) == {"power", "order", "error"} for e in result["errors"])


@pytest.mark.parametrize("seed", SEEDS)
def test_random_requests_through_batch_and_alone_hold_to_the_spec(seed):
    rng = random.Random(seed)
    played = played_requests(seed, STEPS)
    docs = played + [mutated(rng.choice(played), rng) for _ in range(2 * STEPS)]
    rng.shuffle(docs)
    lines = [json.dumps(d, separators=(",", ":"), ensure_ascii=rng.random() < 0.5).encode() for d in docs]
    lines += raw_lines(rng, docs)
    rng.shuffle(lines)
    p = subprocess.run(JUDGE + ["adjudicate", "--batch"], input=b"".join(x + b"\n" for x in lines),
                       capture_output=True, timeout=300, env=ENV)
    stderr = p.stderr.decode()
    assert "Traceback" not in stderr, stderr[-3000:]
    answers = p.stdout.split(b"\n")
    assert answers[-1] == b"" and len(answers) == len(lines) + 1      # exactly one line for each line, in order
    errors = 0
    alone = []
    for n, (line, answer) in enumerate(zip(lines, answers), 1):
        assert len(answer) <= 2 * len(line) + 100_000                     # bounded by what was asked
        ok, text = expected(line)
        if ok:
            assert api.request_text(loads(line.decode())) == text          # the same bytes every time
            assert answer.decode() == text, (n, line[:300])
            result = json.loads(text)
            # A result's state is itself a valid request state, and its phase in the form the request used.
            api.request({"state": result["state"], "variant": json.loads(line).get("variant")})
            request = json.loads(line)
            asked = request["state"]["phase"].strip()
            assert (" " in asked) == (" " in result["phase"]) == (" " in result["state"]["phase"])
            if request.get("variant") in (None, "standard"):
                promised(request, result)
        else:
            errors += 1
            error = json.loads(answer)
            assert list(error) == ["error"] and error["error"].startswith(f"line {n}: "), (n, answer[:300])
            said = error["error"][len(f"line {n}: "):]
            assert said and "\n" not in said
            if text and text.isprintable():
                assert said == text, (n, line[:300])
            else:
                assert said.startswith(("not a JSON document: ", "DUPLICATE KEY")), said
        if len(alone) < 4 and (not alone or ok != alone[-1][2]):
            alone.append((line, answer, ok))
    assert stderr.count("\n") == errors and (p.returncode == 2) == (errors > 0)
    # The same request alone gives the same answer: the --batch line's bytes, or its error on one line of stderr.
    for line, answer, ok in alone:
        q = subprocess.run(JUDGE + ["adjudicate", "--compact"], input=line, capture_output=True, timeout=60, env=ENV)
        if ok:
            assert q.returncode == 0 and q.stdout == answer + b"\n" and q.stderr == b""
        else:
            said = json.loads(answer)["error"].split(": ", 1)[1]
            assert q.returncode == 2 and q.stdout == b"" and q.stderr.decode() == f"judge adjudicate: {said}\n"
