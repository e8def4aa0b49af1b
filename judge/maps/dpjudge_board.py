"""The board a DPjudge map file describes, as its lines leave it, and its translation into our variant document: the
case of each adjacency entry says who may cross, as DPjudge reads it (Map.abuts)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judge.maps import COASTS, Map, MapError
from judge.maps.dpjudge_features import Extras

TERRAINS = {"LAND": "land", "COAST": "coast", "WATER": "sea", "PORT": "port"}
DEFAULT_FLOW = ["SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"]
# The FLOWs this judge plays: the standard year, or one with a single movement season (the calendar of FORMAT.md).
FLOWS = {tuple(DEFAULT_FLOW): ["spring", "fall"], (DEFAULT_FLOW[0], DEFAULT_FLOW[2]): ["spring"],
         (DEFAULT_FLOW[1], DEFAULT_FLOW[2]): ["fall"]}
ABBR = re.compile(r"^[A-Za-z]{3}$")


@dataclass
class Place:
    terrain: str                    # LAND COAST WATER PORT SHUT, as DPjudge writes it
    abuts: list[str]                # as written: the case says who may cross (see _army_may, _fleet_may)
    where: str                      # file:line of its terrain line


@dataclass
class Power:
    where: str
    own: str = ""                   # the adjective ("ownership word")
    letter: str = ""
    homes: list[str] = field(default_factory=list)
    units: list[tuple[str, str]] = field(default_factory=list)      # (unit, file:line)
    owns: list[str] | None = None   # centres owned at the start, if not the homes
    inhabits: bool = False          # an INHABITS line has replaced the homes of the power line


class Board:
    """A DPjudge map as read so far (judge.maps.dpjudge_format.Reader reads the lines into it)."""

    def __init__(self, name: str):
        self.name = name
        self.places: dict[str, Place] = {}          # keyed as written: "spa" and "SPA" differ
        self.names: dict[str, tuple[str, list[str]]] = {}        # ABBR -> (full name, aliases)
        self.name_where: dict[str, str] = {}
        self.powers: dict[str, Power] = {}
        self.unowned: list[str] = []
        self.current: str | None = None
        self.victory: int | None = None
        self.begin: str | None = None
        self.builds = "homes"
        self.board: str | None = None                # MAP's board; None: the variant's own
        self.text_only = False
        self.flow: list[str] = []
        self.files: list[Path] = []
        self.extras = Extras()                       # restricted borders, dummies, leagues, special homes

    # -- a variant this judge offers, USEd ------------------------------------------------------------------------
    def absorb(self, m: Map, where: str) -> None:
        """USE of a variant this judge offers: its data, in the form its DPjudge lines would have left."""
        for abbr, p in m.provinces.items():
            self.names[abbr] = (p.name, [])
            self.name_where[abbr] = where
            army = sorted(m.army_adj.get(abbr, ()))
            if p.coasts:
                self.places[abbr.lower()] = Place("COAST", army, where)
                for c in p.coasts:
                    self.places[f"{abbr}/{c}"] = Place("COAST", sorted(m.fleet_adj.get(f"{abbr}/{c}", ())), where)
                continue
            fleet = m.fleet_adj.get(abbr, frozenset())
            # Upper case: both may cross; lower case: armies only (no fleet there from here); Title case: fleets
            # only. Army entries come first: DPjudge reads the first entry naming a province.
            entries = [d if d in fleet or m.provinces[d].terrain == "land" or p.terrain == "land" else d.lower()
                       for d in army]
            entries += [d if d[:3] in army or m.provinces[d[:3]].terrain == "sea" else d.title()
                        for d in sorted(fleet) if d not in army]
            self.places[abbr] = Place({"land": "LAND", "coast": "COAST", "sea": "WATER", "port": "PORT"}[p.terrain],
                                      entries, where)
        for power in m.powers:
            homes = list(m.homes(power))
            owns = list(m.start_centers.get(power, ())) if m.start_centers is not None else None
            self.powers[power] = Power(where, m.power_adjectives[power], m.power_letters[power], homes,
                                        [(u, where) for u in m.start.get(power, ())], owns)
        self.unowned = sorted(c for c in m.centers if not m.provinces[c].home)
        self.extras.absorb(m)
        self.victory = m.victory or self.victory
        self.begin, self.builds = m.begin, m.builds
        if m.calendar != ("S", "F"):            # (the standard year needs no FLOW; a later FLOW line adds to this)
            calendar = [{"S": "spring", "F": "fall"}[season] for season in m.calendar]
            self.flow = next(list(f) for f, cal in FLOWS.items() if cal == calendar)

    # -- the document --------------------------------------------------------------------------------------------
    def document(self) -> dict:
        if self.flow and tuple(self.flow) not in FLOWS:
            refuse(str(self.files[0]), "an incomplete FLOW")
        provinces, coasts = self._provinces()
        army, fleet = self._adjacency(provinces, coasts)
        powers, homes, start, owns = self._powers(provinces)
        centres = {c for c in self.unowned} | {c for hs in homes.values() for c in hs} | \
            {c for cs in owns.values() for c in cs}
        doc_provinces = {abbr: self._province_entry(abbr, terrain, abbr in centres, homes, coasts.get(abbr))
                         for abbr, terrain in provinces.items()}
        for c in sorted(centres - set(provinces)):
            raise MapError(f"{self.files[0]}: the supply centre {c} is no place on the map")
        doc: dict = {"name": self.name, "title": self.name.replace("_", " ").title(),
                     "description": f"Read from the DPjudge map file {self.files[0].name}.",
                     "board": "" if self.text_only else (self.board or self.name),
                     "powers": powers, "provinces": doc_provinces, "army": army, "fleet": fleet, "start": start,
                     "builds": self.builds, "begin": self.begin or self._first_phase()}
        if self.victory:
            doc["victory"] = self.victory
        if self.flow:
            doc["calendar"] = FLOWS[tuple(self.flow)]
        if any(p.owns is not None for p in self.powers.values()):
            doc["centers"] = owns
        self.extras.extend(doc)
        self.extras.changes(self, doc)               # IN and FROM blocks
        return doc

    def _first_phase(self) -> str:
        """Without BEGIN, a game begins with its year's first movement phase in 1901."""
        return "F1901M" if self.flow and FLOWS[tuple(self.flow)][0] == "fall" else "S1901M"

    def _province_entry(self, abbr: str, terrain: str, centre: bool, homes: dict[str, list[str]],
                        coasts: list[str] | None) -> dict:
        name, aliases = self.names[abbr]
        entry: dict = {"name": name, "terrain": terrain}
        keys = {k.lower() for k in (abbr, name)}
        extra = list(dict.fromkeys(a for a in aliases if a not in keys))
        if extra:
            entry["aliases"] = extra
        if centre:
            entry["center"] = True
        owner = [p for p, hs in homes.items() if abbr in hs]
        if len(owner) > 1:
            refuse(self.name_where[abbr], f"{abbr} as a home centre of {' and '.join(owner)} (shared homes)")
        if owner:
            entry["home"] = owner[0]
        if coasts:
            entry["coasts"] = coasts
        return entry

    def _provinces(self) -> tuple[dict[str, str], dict[str, list[str]]]:
        provinces: dict[str, str] = {}
        written: dict[str, str] = {}
        for key, place in self.places.items():
            if place.terrain == "SHUT" or "/" in key:
                continue
            if not ABBR.match(key) or not (key.isupper() or key.islower()):
                refuse(place.where, f"the place {key!r} (this judge reads three-letter abbreviations, in one case)")
            abbr = key.upper()
            if abbr not in self.names:
                raise MapError(f"{place.where}: {abbr} has no full name (a line 'Full Name = {key.lower()} ...')")
            provinces[abbr], written[abbr] = TERRAINS[place.terrain], key
        coasts = self._coasts(provinces)
        for abbr, terrain in provinces.items():
            key = written[abbr]
            if coasts.get(abbr) and key.isupper():
                raise MapError(f"{self.places[key].where}: {abbr} has coasts, so no fleet stands on {abbr} itself: "
                               f"write it {abbr.lower()}")
            if not coasts.get(abbr) and key.islower() and terrain != "land":
                refuse(self.places[key].where, f"{key}: a {terrain} province where no fleet may stand")
        return provinces, coasts

    def _coasts(self, provinces: dict[str, str]) -> dict[str, list[str]]:
        coasts: dict[str, list[str]] = {}
        for key, place in self.places.items():
            if "/" not in key or place.terrain == "SHUT":
                continue
            abbr, coast = key.upper().split("/", 1)
            if abbr not in provinces or provinces[abbr] != "coast" or place.terrain != "COAST" or not key.isupper():
                raise MapError(f"{place.where}: the coast {key} needs a coastal province {abbr.lower()} and is "
                               "written in capitals")
            if coast not in COASTS:
                refuse(place.where, f"the coast /{coast} (the order reader knows {', '.join(COASTS)})")
            coasts.setdefault(abbr, []).append(coast)
        return coasts

    def _entries(self, loc: str) -> list[str]:
        place = self.places.get(loc) or self.places.get(loc.lower())
        return place.abuts if place else []

    def _kind(self, abbr: str) -> str:
        place = self.places.get(abbr) or self.places.get(abbr.lower())
        return place.terrain if place else ""

    def _adjacency(self, provinces: dict[str, str], coasts: dict[str, list[str]]):
        army: dict[str, list[str]] = {}
        fleet: dict[str, list[str]] = {}
        fleet_locs = {k for k, p in self.places.items() if k.isupper() and p.terrain in ("COAST", "WATER", "PORT")
                      and (k.upper()[:3] in provinces)}
        known = {k.upper() for k in self.places}
        for key, place in self.places.items():
            for e in place.abuts:
                if e.upper() not in known and e.upper()[:3] not in known:
                    raise MapError(f"{place.where}: {key} abuts {e}, which is no place on the map")
        for abbr, terrain in provinces.items():
            if terrain != "sea":
                targets = {e.upper()[:3] for e in self._entries(abbr)}
                army[abbr] = sorted(q for q in targets if self._army_may(abbr, q))
        for loc in sorted(fleet_locs):
            targets = {e.upper() for e in self._entries(loc)} | {e.upper()[:3] for e in self._entries(loc)}
            fleet[loc] = sorted(t for t in targets & fleet_locs if self._fleet_may(loc, t))
        self._both_ways(army, "an army")
        self._both_ways(fleet, "a fleet")
        return army, fleet

    def _both_ways(self, table: dict[str, list[str]], what: str) -> None:
        """DPjudge refuses one-way adjacencies, and so does our format: said here with the lines."""
        for src, dsts in table.items():
            for d in dsts:
                if src not in table.get(d, ()):
                    raise MapError(f"{self._where(src)}: {what} may move from {src} to {d} but not back: "
                                   f"{d} ({self._where(d)}) must abut {src} too")

    def _first(self, entries: list[str], target: str) -> str | None:
        return next((e for e in entries if target in (e.upper(), e.upper()[:3])), None)

    def _army_may(self, src: str, dest: str) -> bool:
        """DPjudge's rule: the first entry naming dest decides; armies never enter water, nor a place Written So."""
        entry = self._first(self._entries(src), dest)
        kind = self._kind(dest)
        return entry is not None and kind in ("LAND", "COAST", "PORT") and entry != entry.title()

    def _fleet_may(self, src: str, dest: str) -> bool:
        """...and fleets never enter land, nor a place written in lower case."""
        entry = self._first(self._entries(src), dest)
        return entry is not None and self._kind(dest) in ("COAST", "WATER", "PORT") and \
            entry[0] == entry[0].upper()

    def _check_unit(self, unit: str, where: str, provinces: dict[str, str]) -> None:
        kind, loc = unit.split()
        terrain = provinces.get(loc[:3])
        place = self.places.get(loc) if "/" in loc else None
        if terrain is None or ("/" in loc and place is None):
            raise MapError(f"{where}: {unit}: {loc} is no place on the map")
        if (kind == "A" and (terrain == "sea" or "/" in loc)) or (kind == "F" and terrain == "land"):
            raise MapError(f"{where}: {unit}: {'an army' if kind == 'A' else 'a fleet'} cannot stand there")

    def _where(self, loc: str) -> str:
        place = self.places.get(loc) or self.places.get(loc.lower())
        return place.where if place else str(self.files[0])

    def _powers(self, provinces: dict[str, str]):
        powers: dict[str, dict] = {}
        letters: dict[str, str] = {}
        homes, start, owns = {}, {}, {}
        for name in sorted(self.powers):          # DPjudge lists powers alphabetically
            p = self.powers[name]
            own = p.own or name
            letter = p.letter or name[0]          # (DPjudge's code takes the power's initial, not the adjective's)
            if letter in letters or letter == "M" or not letter.isalnum():
                raise MapError(f"{p.where}: {name}'s letter {letter} is {letters.get(letter, 'the master')}'s: "
                               "give another as (OWNWORD:L)")
            letters[letter] = name
            powers[name] = {"letter": letter, "adjective": own.title(), "aliases": [own.lower()]}
            for c in p.homes:
                if c not in provinces:
                    raise MapError(f"{p.where}: {name}'s home centre {c} is no place on the map")
            homes[name] = list(p.homes)
            for unit, where in p.units:
                self._check_unit(unit, where, provinces)
            start[name] = [u for u, _ in p.units]
            owns[name] = list(p.owns if p.owns is not None else p.homes)
        if len(powers) < 2:
            raise MapError(f"{self.files[0]}: a map needs at least two powers")
        return powers, homes, start, owns



def refuse(where: str, what: str) -> None:
    raise MapError(f"{where}: this judge does not play {what}")
