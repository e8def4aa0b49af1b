"""A variant that changes in given phases (DPjudge's IN and FROM blocks): the document's "changes", each a part of
the variant that replaces the base's in some phases, and the Map each phase is played on (FORMAT.md)."""
from __future__ import annotations

import re

from judge.hints import Any, Callable
from judge.maps import Map, MapError
from judge.patterns import lazy

# What a change may replace. The provinces themselves (their terrain, coasts, names) stay as they are: a unit is never
# stranded. Who may cross where may change (DPjudge's SHUT places open in some phases: a province without adjacency).
CHANGE_KEYS = {"powers", "homes", "victory", "builds", "build_limit", "army", "fleet", "borders"}
POWER_CHANGES = {"league", "claims", "partisans", "factories", "alternatives", "hidden"}   # (not its letter, name,
# or whether it is a dummy: the players are seated by then)
SEASONS = {"spring": "S", "fall": "F", "winter": "W"}
_WHEN = lazy(r"^[SFW](?:\d{1,4}(?:[MRA])?)?$")
_PHASE = re.compile(r"^(?:[SF]\d{4}M|W\d{4}A)$")


def read(m: Map, doc: dict, value: Any, build: Callable[[dict, str], Map]) -> None:
    """The document's "changes"; each one is checked by building the variant it makes (`build`: judge.maps.build's,
    kept on the Map to build the changed ones when a phase asks for them)."""
    if not isinstance(value, list):
        raise MapError("changes: expected a list of {\"in\": ..., or \"from\": ..., and what changes}")
    out = []
    for i, change in enumerate(value):
        where = f"changes[{i}]"
        if not isinstance(change, dict) or ("in" in change) == ("from" in change):
            raise MapError(f"{where}: expected \"in\" (a season, or a phase or its beginning) or \"from\" (a "
                           "movement phase), and the keys that change")
        extra = sorted(set(change) - CHANGE_KEYS - {"in", "from"})
        if extra:
            raise MapError(f"{where}: {extra[0]!r} cannot change during a game (these can: "
                           f"{', '.join(sorted(CHANGE_KEYS))})")
        for power, entry in (change.get("powers") or {}).items():
            base = doc["powers"].get(power)
            if base is None or not isinstance(entry, dict):
                raise MapError(f"{where}.powers.{power}: no power of this variant, or not a power's entry")
            fixed = sorted(k for k in set(base) | set(entry) if k not in POWER_CHANGES and base.get(k) != entry.get(k))
            if fixed:
                raise MapError(f"{where}.powers.{power}.{fixed[0]}: cannot change during a game (a power's "
                               f"{', '.join(sorted(POWER_CHANGES))} can)")
        when = change.get("in", change.get("from"))
        if not isinstance(when, str) or not (
                _WHEN.match(SEASONS.get(when, when)) if "in" in change else _PHASE.match(when)):
            raise MapError(f"{where}: {when!r}: \"in\" takes spring, fall, winter, or a phase (or its beginning, e.g."
                           " S1901); \"from\" a movement or adjustment phase (e.g. S1905M)")
        out.append(change)
    m.changes = tuple(out)
    if out:
        import copy     # (only a variant with changes needs it: not imported by a standard-map batch)
        m.base_document = copy.deepcopy(doc)
        m.rebuild = build
        shut = [p for p in m.provinces if is_shut(m, p)]
        opens: dict[str, list[str]] = {}
        for i in range(len(out)):
            try:
                changed = build({**merge(doc, [out[i]]), "changes": []}, "")
            except MapError as exc:
                raise MapError(f"changes[{i}]: {str(exc).removeprefix(': ')}") from None
            when = f"IN {out[i]['in']}" if "in" in out[i] else f"FROM {out[i]['from']}"
            for p in shut:
                if not is_shut(changed, p):
                    opens.setdefault(p, []).append(when.upper())
        m.opens = {p: tuple(w) for p, w in opens.items()}


def is_shut(m: Map, province: str) -> bool:
    """Is the province shut on this map: no unit may enter or leave it (DPjudge's SHUT, in the phases it is)?"""
    prov = m.provinces[province]
    return not any(m.army_adj.get(loc) or m.fleet_adj.get(loc)
                   for loc in (province, *(f"{province}/{c}" for c in prov.coasts)))


def shut_now(m: Map, province: str) -> tuple[str, ...] | None:
    """If the province is shut on this map (the map of some phase), when changes open it (("IN SPRING",) for loeb9's
    Arctic Ocean in the fall; () if none does); None if it is open."""
    if province not in m.provinces or not is_shut(m, province):
        return None
    return m.opens.get(province, ())


def applies(change: dict, phase: Any) -> bool:
    """Does the change apply in this phase (a judge.position.Phase)?"""
    if "from" in change:
        return tuple(phase)[:3] >= _order(change["from"])
    when = SEASONS.get(change["in"], change["in"])
    return getattr(phase, "code", str(phase)).startswith(when)


def _order(text: str) -> tuple[int, int, int]:
    return int(text[1:-1]), "SFW".index(text[0]), "MRA".index(text[-1])


def merge(doc: dict, changes: list[dict]) -> dict:
    """The base document with the changes applied in order: a power's entry and a power's home centres replace the
    base's, the other keys replace theirs."""
    import copy
    out = copy.deepcopy(doc)
    for change in changes:
        for key, value in change.items():
            if key in ("in", "from"):
                continue
            if key in ("powers", "army", "fleet"):
                out[key] = {**out.get(key, {}), **copy.deepcopy(value)}
            elif key == "homes":
                for power, centres in value.items():
                    for p in out["provinces"].values():
                        if p.get("home") == power:
                            p.pop("home")
                    for c in centres:
                        if c in out["provinces"]:
                            out["provinces"][c]["home"] = power
            else:
                out[key] = copy.deepcopy(value)
    return out


def at(m: Map, phase: Any) -> Map:
    """The map the variant is played on in this phase: its own, or with the changes that apply then."""
    if not m.changes:
        return m
    applied = tuple(i for i, c in enumerate(m.changes) if applies(c, phase))
    if not applied:
        return m
    cached = m.changed.get(applied)
    if cached is None:
        cached = m.rebuild({**merge(m.base_document, [m.changes[i] for i in applied]), "changes": []}, m.source)
        cached.source, cached.board, cached.opens, cached.on_board = m.source, m.board, m.opens, m.on_board
        m.changed[applied] = cached
    return cached
