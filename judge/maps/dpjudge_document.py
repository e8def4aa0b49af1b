"""A DPjudge board, once its lines are read, as our variant document (judge/maps/FORMAT.md): provinces, coasts and
adjacency as DPjudge reads them (the case of each adjacency entry says who may cross: Map.abuts), powers, the start,
the calendar and the house rules the map carries."""
from __future__ import annotations

from judge.maps import COASTS, MapError, alias_key, title_from_name
from judge.maps import dpjudge_calendar, dpjudge_features, dpjudge_rules
from judge.maps.dpjudge_board import Board, is_abbr, refuse

TERRAINS = {"LAND": "land", "COAST": "coast", "WATER": "sea", "PORT": "port"}


def document(board: Board) -> dict:
    reader = board
    board, marked = dpjudge_features.take(board)      # restrictions and special home centres, out of the lines
    board.opened = reader.open_places if reader.open_places is not None else dpjudge_features.opened(reader)
    # (places shut in some phases only, IN and FROM: the whole file's, also for a block's own document)
    calendar = dpjudge_calendar.document_keys(board)
    rules = dpjudge_rules.document_rules(board)
    provinces, coasts = _provinces(board)
    army, fleet = _adjacency(board, provinces)
    powers, homes, start, owns = _powers(board, provinces)
    centres = set(board.unowned) | {c for hs in homes.values() for c in hs} | {c for cs in owns.values() for c in cs}
    doc_provinces = {abbr: _province_entry(board, abbr, terrain, abbr in centres, homes, coasts.get(abbr))
                     for abbr, terrain in provinces.items()}
    _abbreviations_win(board, doc_provinces)
    for c in sorted(centres - set(provinces)):
        raise MapError(f"{board.files[0]}: the supply centre {c} is no place on the map")
    description = " ".join([f"Read from the DPjudge map file {board.files[0].name}."] + board.notes)
    doc: dict = {"name": board.name, "title": title_from_name(board.name), "description": description,
                 "board": "" if board.text_only else (board.board or board.name),
                 "powers": powers, "provinces": doc_provinces, "army": army, "fleet": fleet, "start": start,
                 "builds": board.builds, **calendar}
    if board.victory:
        doc["victory"] = board.victory
    if any(p.owns is not None for p in board.powers.values()):
        doc["centers"] = owns
    if rules:
        doc["rules"] = rules
    if board.new_homes:
        doc["new_homes"] = board.new_homes
    # Names of coasts of other codes than the four the results name themselves ("Bulgarije (oostkust)").
    names = {loc: name for loc, name in board.coast_names.items()
             if loc[:3] in coasts and loc[4:] in coasts[loc[:3]] and loc[4:] not in COASTS}
    if names:
        doc["coast_names"] = names
    regions = _shut_names(board)
    if regions:
        doc["region_names"] = regions
    for power, shared in board.shared.items():
        doc["powers"][power]["shared_homes"] = shared
    dpjudge_features.extend(board, marked, doc)       # borders, dummies, leagues, special home centres
    dpjudge_features.changes(reader, doc, document)   # IN and FROM blocks
    return doc


def _shut_names(board: Board) -> dict[str, str]:
    """The places shut for good (Switzerland): no provinces, but a region of the drawing, which knows each by the
    abbreviation its first map gave it (SWI). Their names by that abbreviation, so that a translated map's picture
    labels them in its language (standard_french: 'swi -> Suisse = sui')."""
    first = {new: old for old, new in board.renamed.items()}
    out = {}
    for key, place in board.places.items():
        abbr = key.upper()
        if place.terrain != "SHUT" or key in board.opened or "/" in key or abbr not in board.names:
            continue
        seen = {abbr}
        while abbr in first and first[abbr] not in seen:       # (renamed more than once: back to the first)
            abbr = first[abbr]
            seen.add(abbr)
        out[abbr] = board.names[key.upper()][0]
    return out


def _abbreviations_win(board: Board, provinces: dict[str, dict]) -> None:
    """An alias that is another place's abbreviation (zeus: 'ben' for Libya, BEN the Bay of Bengal) is left out, and
    said: the abbreviation is what the strict notation, the results and the JSON interface name the place by.
    (DPjudge's own order reader lets the alias win, so that no order reaches the Bay of Bengal by 'BEN'.)"""
    abbrs = {alias_key(a): a for a in provinces}
    for abbr, entry in provinces.items():
        kept = []
        for alias in entry.get("aliases", []):
            other = abbrs.get(alias_key(alias))
            if other is not None and other != abbr:
                board.notes.append(f"The alias '{alias}' of {entry['name']} is left out: {other} is "
                                   f"{provinces[other]['name']}.")
            else:
                kept.append(alias)
        if "aliases" in entry:
            entry["aliases"] = kept


def _province_entry(board: Board, abbr: str, terrain: str, centre: bool, homes: dict[str, list[str]],
                    coasts: list[str] | None) -> dict:
    name, aliases = board.names[abbr]
    entry: dict = {"name": name, "terrain": terrain}
    keys = {k.lower() for k in (abbr, name)}
    extra = list(dict.fromkeys(a for a in aliases if a not in keys))
    if extra:
        entry["aliases"] = extra
    if centre:
        entry["center"] = True
    owner = [p for p, hs in homes.items() if abbr in hs]
    if len(owner) > 1:
        # A home centre of several powers (DPjudge allows it): the "home" of the one owning it at the start (else of
        # the first), "shared_homes" of the others (judge.maps.features adds them to their home centres).
        starts = [p for p in owner if abbr in (board.powers[p].owns if board.powers[p].owns is not None else
                                               board.powers[p].homes)]
        owner.sort(key=lambda p: p not in starts[:1])
        for other in owner[1:]:
            board.shared.setdefault(other, []).append(abbr)
    if owner:
        entry["home"] = owner[0]
    if coasts:
        entry["coasts"] = coasts
    return entry


def _provinces(board: Board) -> tuple[dict[str, str], dict[str, list[str]]]:
    provinces: dict[str, str] = {}
    written: dict[str, str] = {}
    for key, place in board.places.items():
        terrain = board.opened.get(key, place.terrain) if place.terrain == "SHUT" else place.terrain
        if terrain == "SHUT" or "/" in key:
            continue
        if not is_abbr(key):
            refuse(place.where, f"the place {key!r} (places are three letters or digits, written in one case)")
        abbr = key.upper()
        if abbr not in board.names:
            raise MapError(f"{place.where}: {abbr} has no full name (a line 'Full Name = {key.lower()} ...')")
        provinces[abbr], written[abbr] = TERRAINS[terrain], key
    coasts = _coasts(board, provinces)
    for abbr, terrain in provinces.items():
        key = written[abbr]
        if coasts.get(abbr) and key.isupper():
            raise MapError(f"{board.places[key].where}: {abbr} has coasts, so no fleet stands on {abbr} itself: "
                           f"write it {abbr.lower()}")
        if not coasts.get(abbr) and key.islower() and terrain != "land":
            refuse(board.places[key].where, f"{key}: a {terrain} province where no fleet may stand")
    return provinces, coasts


def _coasts(board: Board, provinces: dict[str, str]) -> dict[str, list[str]]:
    coasts: dict[str, list[str]] = {}
    for key, place in board.places.items():
        if "/" not in key or place.terrain == "SHUT":
            continue
        abbr, coast = key.upper().split("/", 1)
        if abbr not in provinces or provinces[abbr] != "coast" or place.terrain != "COAST" or not key.isupper():
            raise MapError(f"{place.where}: the coast {key} needs a coastal province {abbr.lower()} and is "
                           "written in capitals")
        if not (len(coast) == 2 and coast.isalpha()):
            refuse(place.where, f"the coast /{coast} (a coast is two letters: /NC, /OK)")
        coasts.setdefault(abbr, []).append(coast)
    return coasts


def _entries(board: Board, loc: str) -> list[str]:
    place = board.places.get(loc) or board.places.get(loc.lower())
    return place.abuts if place else []


def _kind(board: Board, abbr: str) -> str:
    place = board.places.get(abbr) or board.places.get(abbr.lower())
    return place.terrain if place else ""


def _adjacency(board: Board, provinces: dict[str, str]):
    army: dict[str, list[str]] = {}
    fleet: dict[str, list[str]] = {}
    fleet_locs = {k for k, p in board.places.items() if k.isupper() and p.terrain in ("COAST", "WATER", "PORT")
                  and (k.upper()[:3] in provinces)}
    known = {k.upper() for k in board.places}
    for key, place in board.places.items():
        for e in place.abuts:
            if e.upper() not in known and e.upper()[:3] not in known:
                raise MapError(f"{place.where}: {key} abuts {e}, which is no place on the map")
    for abbr, terrain in provinces.items():
        if _kind(board, abbr) == "SHUT":
            continue                    # a place shut in this phase: a province nobody enters or leaves
        if terrain != "sea":
            # (an entry naming the province itself, as one DPjudge map has, is no way anywhere: left out)
            targets = {e.upper()[:3] for e in _entries(board, abbr)} - {abbr}
            army[abbr] = sorted(q for q in targets if _army_may(board, abbr, q))
    for loc in sorted(fleet_locs):
        entries = _entries(board, loc)
        targets = {e.upper() for e in entries} | {e.upper()[:3] for e in entries}
        fleet[loc] = sorted(t for t in targets & fleet_locs if t[:3] != loc[:3] and _fleet_may(board, loc, t))
    _both_ways(board, army, "an army")
    _both_ways(board, fleet, "a fleet")
    return army, fleet


def _both_ways(board: Board, table: dict[str, list[str]], what: str) -> None:
    """DPjudge refuses one-way adjacencies, and so does our format: said here with the lines."""
    for src, dsts in table.items():
        for d in dsts:
            if src not in table.get(d, ()):
                raise MapError(f"{_where(board, src)}: {what} may move from {src} to {d} but not back: "
                               f"{d} ({_where(board, d)}) must abut {src} too")


def _first(entries: list[str], target: str) -> str | None:
    return next((e for e in entries if target in (e.upper(), e.upper()[:3])), None)


def _army_may(board: Board, src: str, dest: str) -> bool:
    """DPjudge's rule: the first entry naming dest decides; armies never enter water, nor a place Written So."""
    entry = _first(_entries(board, src), dest)
    kind = _kind(board, dest)
    return entry is not None and kind in ("LAND", "COAST", "PORT") and entry != entry.title()


def _fleet_may(board: Board, src: str, dest: str) -> bool:
    """...and fleets never enter land, nor a place written in lower case."""
    entry = _first(_entries(board, src), dest)
    return entry is not None and _kind(board, dest) in ("COAST", "WATER", "PORT") and \
        entry[0] == entry[0].upper()


def _check_unit(board: Board, unit: str, where: str, provinces: dict[str, str]) -> None:
    kind, loc = unit.split()
    terrain = provinces.get(loc[:3])
    place = board.places.get(loc) if "/" in loc else None
    if terrain is None or ("/" in loc and place is None):
        raise MapError(f"{where}: {unit}: {loc} is no place on the map")
    if (kind == "A" and (terrain == "sea" or "/" in loc)) or (kind == "F" and terrain == "land"):
        raise MapError(f"{where}: {unit}: {'an army' if kind == 'A' else 'a fleet'} cannot stand there")


def _where(board: Board, loc: str) -> str:
    place = board.places.get(loc) or board.places.get(loc.lower())
    return place.where if place else str(board.files[0])


def _powers(board: Board, provinces: dict[str, str]):
    powers: dict[str, dict] = {}
    letters: dict[str, str] = {}
    homes, start, owns = {}, {}, {}
    taken = {p.letter or n[0] for n, p in board.powers.items() if not p.dummy}     # the signs of those who play
    for name in sorted(board.powers):          # DPjudge lists powers alphabetically
        p = board.powers[name]
        own = p.own or name
        letter = p.letter or name[0]          # (DPjudge's code takes the power's initial, not the adjective's)
        if p.dummy and not p.letter and (letter in letters or letter in taken or letter in ("M", "?")):
            # A dummy signs on nobody (DPjudge lets dummies share a sign): one its initial cannot be gets a free one.
            letter = next(c for c in "123456789ABCDEFGHIJKLNOPQRSTUVWXYZ" if c not in letters and c not in taken)
        if letter in letters:
            raise MapError(f"{p.where}: {name}'s letter {letter} is {letters[letter]}'s: give another as "
                           "(OWNWORD:L)")
        if letter in ("M", "?") or letter.isspace():
            raise MapError(f"{p.where}: {name}'s letter {letter} cannot be a power's (M signs on the master): give "
                           "another as (OWNWORD:L)")
        letters[letter] = name
        powers[name] = {"letter": letter, "adjective": own.title(), "aliases": [own.lower()]}
        if p.shown and p.shown != name.title():         # (U+S+A: "USA", not "Usa")
            powers[name]["name"] = p.shown
        for c in p.homes:
            if c not in provinces:
                raise MapError(f"{p.where}: {name}'s home centre {c} is no place on the map")
        homes[name] = list(p.homes)
        for unit, where in p.units:
            _check_unit(board, unit, where, provinces)
        start[name] = [u for u, _ in p.units]
        owns[name] = list(p.owns if p.owns is not None else p.homes)
    if len(powers) < 2:
        raise MapError(f"{board.files[0]}: a map needs at least two powers")
    return powers, homes, start, owns
