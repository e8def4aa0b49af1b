"""A variant document (judge/maps/FORMAT.md) -> a checked Map; a derived variant's overrides applied to its base."""
from __future__ import annotations

import re

from judge.hints import Any
from judge.maps import COASTS, DEFAULT_BEGIN, SEASON_WORDS, TERRAINS, Map, MapError, Province, alias_key
from judge.maps import features, title_from_name
from judge.maps.calendar import Calendar, CalendarError
from judge.maps.checks import check
from judge.maps.coasts import COAST_WORDS
from judge.patterns import lazy
from judge.spelling import unaccented
from judge.rules import parse_rules

FULL_KEYS = {"name", "title", "description", "board", "powers", "provinces", "army", "fleet", "start", "centers",
             "victory", "builds", "begin", "calendar", "build_limit", "flow", "rules", "coast_names", "new_homes",
             "borders", "changes", "region_names"}
# What a variant on another's board may change: everything but the geography (a new board needs its own drawing).
DERIVED_KEYS = {"name", "base", "title", "description", "board", "powers", "homes", "start", "centers", "victory",
                "builds", "begin", "calendar", "build_limit", "flow", "rules", "new_homes", "changes"}
POWER_KEYS = {"letter", "adjective", "name", "aliases", "colour"} | features.POWER_KEYS
PROVINCE_KEYS = {"name", "terrain", "center", "home", "coasts", "aliases"}

_COLOUR = lazy(r"^#[0-9a-fA-F]{6}$")
_NAME = re.compile(r"^[a-z0-9][a-z0-9_]{0,29}$")     # DPjudge's maps include 1897, 1898 and 1900
NOT_LETTERS = "M?@"          # M signs on the master; '?' DPjudge refuses; '@' begins the power@game sign-on


def is_abbr(abbr: str) -> bool:
    """The strict notation ("A PAR", "A GRÈ") reads three capital letters or digits (of any script)."""
    return len(abbr) == 3 and abbr.isalnum() and abbr.isupper()


def is_power(name: str) -> bool:
    """A power's name: one word in capitals (of any script: TÜRCHIA), beginning with a letter."""
    return name[:1].isalpha() and name.isalnum() and name == name.upper()


def is_letter(letter: str) -> bool:
    """A power's sign-on letter: one character, a capital letter, a digit or a sign (DPjudge's void map has + and
    *), but not M (the master's), ? or @."""
    return len(letter) == 1 and letter.isprintable() and not letter.isspace() and letter == letter.upper() \
        and letter not in NOT_LETTERS


def is_coast(coast: str) -> bool:
    return len(coast) == 2 and coast.isalnum() and coast.isupper()


def _expect(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise MapError(f"{where}: expected {names.replace('dict', 'an object').replace('list', 'a list')}, "
                       f"not {value!r}")
    return value


def _strings(value: Any, where: str) -> list[str]:
    for i, item in enumerate(_expect(value, list, where)):
        _expect(item, str, f"{where}[{i}]")
    return value


def _unknown(obj: dict, allowed: set[str], where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise MapError(f"{where}: unknown key {extra[0]!r} (known: {', '.join(sorted(allowed))})")


def derive(base: dict, doc: dict, source: str) -> dict:
    """The full document of a variant given as `{"base": ..., overrides}` on the base's full document.

    Powers, when given, replace the base's; then the home centres, the start and the centres owned at the start are
    the variant's own (no base power is left to own them). Otherwise "start" replaces the start of the powers it names
    and "homes" the home centres of every power.
    """
    import copy         # (here: copy and weakref, which it imports, are no part of a standard-map batch's start-up)
    _unknown(doc, DERIVED_KEYS, source)
    out = copy.deepcopy(base)
    for key in ("title", "description", "victory", "builds", "begin", "board", "calendar", "build_limit", "flow",
                "rules", "new_homes", "changes"):
        if key in doc:
            out[key] = doc[key]
    out["name"] = doc.get("name", out["name"])
    out.setdefault("board", base.get("board", base["name"]))
    new_powers = "powers" in doc
    if new_powers:
        out["powers"] = doc["powers"]
        out["start"], out["centers"] = {}, None
        if "homes" not in doc:
            raise MapError(f"{source}: powers: a variant with powers of its own needs \"homes\" too")
    if "homes" in doc:
        _set_homes(out["provinces"], _expect(doc["homes"], dict, f"{source}: homes"), source)
    if "start" in doc:
        start = _expect(doc["start"], dict, f"{source}: start")
        out["start"] = {**out["start"], **start}
    if "centers" in doc:
        out["centers"] = doc["centers"]
    if out.get("centers") is None:
        out.pop("centers", None)
    return out


def _set_homes(provinces: dict, homes: dict, source: str) -> None:
    """A derived variant's home centres replace all of its base's."""
    for p in provinces.values():
        p.pop("home", None)
    for power, centres in homes.items():
        for c in _strings(centres, f"{source}: homes.{power}"):
            if c not in provinces:
                raise MapError(f"{source}: homes.{power}: {c!r} is no province of the base map")
            if provinces[c].get("home"):
                raise MapError(f"{source}: homes.{power}: {c} is already {provinces[c]['home']}'s")
            provinces[c]["home"] = power


def build(doc: Any, source: str = "<map>") -> Map:
    """A full variant document -> its Map, every invariant checked; MapError names `source` and the key."""
    try:
        return _build(doc, source)
    except MapError as exc:
        text = str(exc)
        raise type(exc)(text if text.startswith(source) else f"{source}: {text}") from None


def _build(doc: Any, source: str) -> Map:
    _expect(doc, dict, "the document")
    _unknown(doc, FULL_KEYS, "the document")
    for key in ("name", "powers", "provinces", "army", "fleet", "start"):
        if key not in doc:
            raise MapError(f"no {key!r}")
    name = _expect(doc["name"], str, "name")
    if not _NAME.match(name):
        raise MapError(f"name: {name!r} is not a variant name (lower-case letters, digits or _, beginning with a "
                       "letter or digit)")
    powers_doc = _expect(doc["powers"], dict, "powers")
    letters, adjectives, colours, titles = _powers(powers_doc)
    provinces = {abbr: _province(abbr, p, powers_doc) for abbr, p in _expect(doc["provinces"], dict,
                                                                             "provinces").items()}
    army = {k: frozenset(_strings(v, f"army.{k}")) for k, v in _expect(doc["army"], dict, "army").items()}
    fleet = {k: frozenset(_strings(v, f"fleet.{k}")) for k, v in _expect(doc["fleet"], dict, "fleet").items()}
    start = {p: tuple(_strings(u, f"start.{p}")) for p, u in _expect(doc["start"], dict, "start").items()}
    start_centers = None
    if doc.get("centers") is not None:
        start_centers = {p: tuple(_strings(c, f"centers.{p}")) for p, c in
                         _expect(doc["centers"], dict, "centers").items()}
    m = Map(name, tuple(powers_doc), letters, adjectives, provinces, army, fleet, start,
            _province_names(doc["provinces"]), _power_names(powers_doc, adjectives),
            title=_expect(doc.get("title", title_from_name(name)), str, "title"),
            description=_expect(doc.get("description", ""), str, "description"),
            board=_expect(doc.get("board", name), str, "board"), power_colours=colours,
            victory=_expect(doc.get("victory", 0), int, "victory"), builds=doc.get("builds", "homes"),
            begin=_expect(doc.get("begin", DEFAULT_BEGIN), str, "begin"), start_centers=start_centers,
            calendar=_calendar(doc.get("calendar", list(SEASON_WORDS))),
            build_limit=_expect(doc.get("build_limit", 0), int, "build_limit"),
            flow=_flow(doc.get("flow"), doc.get("begin")),
            rules=_rules(doc.get("rules", [])), coast_names=_names(doc, "coast_names"),
            new_homes=tuple(_years(doc.get("new_homes", []))), power_titles=titles,
            region_names=_names(doc, "region_names"))
    features.read_powers(m, powers_doc)
    features.read_borders(m, doc.get("borders", []))
    _derive_tables(m)
    check(m)
    if doc.get("changes"):
        from judge.maps import changes
        changes.read(m, doc, doc["changes"], build)
    return m


def _powers(powers_doc: dict) -> tuple[dict[str, str], dict[str, str], dict[str, str], dict[str, str]]:
    """Each power's letter, adjective, colour (if it has one) and the name people are shown."""
    letters: dict[str, str] = {}
    adjectives: dict[str, str] = {}
    colours: dict[str, str] = {}
    titles: dict[str, str] = {}
    for power, info in powers_doc.items():
        where = f"powers.{power}"
        if not is_power(power):
            raise MapError(f"{where}: a power's name is one word in capital letters")
        _unknown(_expect(info, dict, where), POWER_KEYS, where)
        letter = _expect(info.get("letter"), str, f"{where}.letter")
        if not is_letter(letter):
            raise MapError(f"{where}.letter: {letter!r} is not one capital letter, digit or sign other than M (M "
                           "signs on the master), ? and @")
        if letter in letters.values():
            other = next(p for p, c in letters.items() if c == letter)
            raise MapError(f"{where}.letter: {letter} is {other}'s letter too")
        letters[power] = letter
        adjectives[power] = _expect(info.get("adjective", power.title()), str, f"{where}.adjective")
        titles[power] = _expect(info.get("name", power.title()), str, f"{where}.name")
        if not titles[power].strip() or not titles[power].isprintable():
            raise MapError(f"{where}.name: {titles[power]!r} is not a name to show (printable, not blank)")
        if "colour" in info:
            if not _COLOUR.match(_expect(info["colour"], str, f"{where}.colour")):
                raise MapError(f"{where}.colour: {info['colour']!r} is not #rrggbb")
            colours[power] = info["colour"]
    if len(letters) < 2:
        raise MapError("powers: a game needs at least two powers")
    return letters, adjectives, colours, titles


def _province(abbr: str, p: Any, powers: dict) -> Province:
    where = f"provinces.{abbr}"
    if not is_abbr(abbr):
        raise MapError(f"{where}: an abbreviation is three capital letters or digits")
    _unknown(_expect(p, dict, where), PROVINCE_KEYS, where)
    if p.get("terrain") not in TERRAINS:
        raise MapError(f"{where}.terrain: {p.get('terrain')!r} is not one of {', '.join(TERRAINS)}")
    home = p.get("home")
    if home is not None and home not in powers:
        raise MapError(f"{where}.home: {home!r} is no power of this variant")
    if home is not None and not p.get("center"):
        raise MapError(f"{where}.home: a home centre must be a supply centre (\"center\": true)")
    coasts = tuple(_strings(p.get("coasts", []), f"{where}.coasts"))
    if any(not is_coast(c) for c in coasts) or (coasts and p["terrain"] != "coast"):
        raise MapError(f"{where}.coasts: a coast is two capital letters ({', '.join(COASTS)}, or others such as "
                       "OK), on a coastal province only")
    return Province(abbr, _expect(p.get("name"), str, f"{where}.name"), p["terrain"], bool(p.get("center")), home,
                    coasts)


def _power_names(powers_doc: dict, adjectives: dict[str, str]) -> dict[str, str]:
    power_names: dict[str, str] = {}
    for power, info in powers_doc.items():
        aliases = _strings(info.get("aliases", []), f"powers.{power}.aliases")
        for alias in [power, adjectives[power], info.get("name", power), *aliases]:
            key = alias_key(alias)
            if power_names.get(key, power) != power:
                raise MapError(f"powers.{power}.aliases: {alias!r} names {power_names[key]} too")
            if key:
                power_names[key] = power
    return power_names


def _province_names(provinces: dict) -> dict[str, str]:
    names: dict[str, str] = {}
    for abbr, p in provinces.items():
        for alias in [abbr, p["name"], *_strings(p.get("aliases", []), f"provinces.{abbr}.aliases")]:
            key = alias_key(alias)
            if names.get(key, abbr) != abbr:
                raise MapError(f"provinces.{abbr}.aliases: {alias!r} names {names[key]} too")
            names[key] = abbr
    return names


def _derive_tables(m: Map) -> None:
    """The lookup tables the order reader and the adjudicators use, computed once per variant."""
    fold: dict[str, set[str]] = {}
    for src, dsts in m.fleet_adj.items():
        fold.setdefault(src[:3], set()).update(d[:3] for d in dsts)
    m.province_fleet_adj = {p: frozenset(fold.get(p, ())) for p in m.provinces}
    m.name_prefixes = frozenset(key[:i] for key in m.names for i in range(1, len(key) + 1))
    # Coasts by code ("/ok" on a map whose coasts are OK and ZK), beside the words for the four usual ones.
    codes = {c.lower() for p in m.provinces.values() for c in p.coasts if c not in COASTS}
    m.coast_codes = frozenset({c.lower() for c in COASTS} | {c for c in codes if c not in m.names})
    m.coast_words = {**COAST_WORDS, **{c: c.upper() for c in codes}, **_named_coasts(m)}
    m.folded_names = folded(m.names)
    m.folded_prefixes = frozenset(key[:i] for key in m.folded_names for i in range(1, len(key) + 1))
    m.folded_coast_words = folded(m.coast_words)
    m.folded_power_names = folded(m.power_names)
    named = [k for table in (m.coast_words, m.folded_coast_words) for k in table if k not in COAST_WORDS]
    m.coast_starts = frozenset({k[:i] for k in named for i in range(1, len(k) + 1)} | m.coast_codes |
                               {"north", "south", "east", "west"})
    m.reach = {**{("A", src): dsts for src, dsts in m.army_adj.items()},
               **{("F", src): frozenset(d[:3] for d in dsts) for src, dsts in m.fleet_adj.items()}}


def folded(table: dict[str, str]) -> dict[str, str]:
    """A name table with its keys' accents dropped: "grèce" -> GRE is also "grece" -> GRE. Where two keys of
    different meanings fold to one ("pará", "para"), the folded key means "" (either: the accents must decide)."""
    out: dict[str, str] = {}
    for key, value in table.items():
        bare = unaccented(key)
        out[bare] = value if out.get(bare, value) == value else ""
    return out


def _named_coasts(m: Map) -> dict[str, str]:
    """The word a coast's own name gives it ("Bulgarien (Suedkueste)" -> "suedkueste": SK), so that a place written
    as the results write it is read back in an order."""
    words = {}
    for loc, name in m.coast_names.items():
        inner = _IN_BRACKETS.search(name)
        key = alias_key(inner.group(1)) if inner else ""
        if key and key not in m.names and key not in COAST_WORDS:
            words[key] = loc[4:]
    return words


_IN_BRACKETS = lazy(r"\(([^()]+)\)\s*$")


def _calendar(value: Any) -> tuple[str, ...]:
    """["spring", "fall"] -> ("S", "F"): the movement seasons of a year, at least one, in the order of the year."""
    words = _strings(value, "calendar")
    order = list(SEASON_WORDS)
    for w in words:
        if w not in SEASON_WORDS:
            raise MapError(f"calendar: {w!r} is not a movement season (known: {', '.join(order)}; the winter "
                           "adjustment phase ends every year)")
    if not words or words != sorted(set(words), key=order.index):
        raise MapError(f"calendar: {words!r}: name each movement season of the year once, in order "
                       f"(e.g. {order!r})")
    return tuple(SEASON_WORDS[w] for w in words)


def _rules(value: Any) -> tuple[str, ...]:
    """The house rules a game of the variant starts with (rule words: "mobilize", "press=none"), checked."""
    words = _strings(value, "rules")
    try:
        parse_rules(words)
    except ValueError as exc:
        raise MapError(f"rules: {exc}") from None
    return tuple(words)


def _years(value: Any) -> list[int]:
    for i, year in enumerate(_expect(value, list, "new_homes")):
        _expect(year, int, f"new_homes[{i}]")
    return value


def _names(doc: dict, key: str) -> dict[str, str]:
    names = _expect(doc.get(key, {}), dict, key)
    for place, name in names.items():
        _expect(name, str, f"{key}.{place}")
    return dict(names)


def _flow(value: Any, begin: Any) -> Calendar | None:
    """DPjudge's FLOW words -> the variant's own calendar (judge.maps.calendar), or None for the standard one; its
    messages' example phase is the variant's first."""
    if value is None:
        return None
    words = _strings(value, "flow")
    try:
        return Calendar(words, left_out=("INCOME",), begin=begin if isinstance(begin, str) else None)
    except CalendarError as exc:
        raise MapError(f"flow: {exc}") from None


def same_board(a: Map, b: Map) -> bool:
    """Do two maps have the same board (provinces, terrain, coasts, centres, adjacency), so one drawing fits both?"""
    return (a.army_adj == b.army_adj and a.fleet_adj == b.fleet_adj and
            {k: (p.terrain, p.coasts, p.center) for k, p in a.provinces.items()} ==
            {k: (p.terrain, p.coasts, p.center) for k, p in b.provinces.items()})
