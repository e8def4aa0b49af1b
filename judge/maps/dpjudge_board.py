"""The board a DPjudge map file describes, as its lines leave it so far (judge.maps.dpjudge_format reads the lines into
it; judge.maps.dpjudge_document turns it into our variant document). Keep what a directive adds on the Place or the
Power it concerns: renaming a place or a power (dpjudge_places, dpjudge_powers) then carries it along."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, NamedTuple

from judge.maps import Map, MapError

DEFAULT_FLOW = ["SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"]


class Line(NamedTuple):
    """One line of a map file, as the directives' readers get it."""
    text: str                       # the line as written
    words: list[str]
    where: str                      # "file.map:12"
    folder: Path                    # where USE looks for files


def is_abbr(key: str) -> bool:
    """A place's abbreviation: three letters or digits of any script ("PAR", "GRÈ"), one case for the letters."""
    return len(key) == 3 and key.isalnum() and (key.isupper() or key.islower())


@dataclass
class Place:
    terrain: str                    # LAND COAST WATER PORT SHUT, as DPjudge writes it
    abuts: list[str]                # as written: the case says who may cross (dpjudge_document._army_may, _fleet_may)
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
    dummy: str = ""                 # where a DUMMY line made it a dummy from the start (dpjudge_features)
    league: tuple[list[str], str] | None = None    # LEAGUE's words and where
    shown: str = ""                 # the name people are shown (dpjudge_powers.shown_name)


class Board:
    """A DPjudge map as read so far."""

    def __init__(self, name: str):
        self.name = name
        self.places: dict[str, Place] = {}          # keyed as written: "spa" and "SPA" differ
        self.names: dict[str, tuple[str, list[str]]] = {}        # ABBR -> (full name, aliases)
        self.name_where: dict[str, str] = {}
        self.renamed: dict[str, str] = {}            # old abbreviation -> new, of places renamed so far
        # Called as (kind, old, new) when a "place", "coast" or "power" is renamed, for what a directive keeps
        # elsewhere than on the Place or the Power (their own data is renamed with them).
        self.on_rename: list[Callable[[str, str, str], None]] = []
        self.coast_names: dict[str, str] = {}        # "SPA/NC" -> its full name, where the file gives one
        self.powers: dict[str, Power] = {}
        self.unowned: list[str] = []
        self.current: str | None = None
        self.victory: int | None = None
        self.begin: str | None = None
        self.begin_where = ""
        self.builds = "homes"
        self.board: str | None = None                # MAP's board; None: the variant's own
        self.uses: list[str] = []                    # what its own file's USE lines name (DPjudge's way: "standard"
        # for standard.map or standard.geography), the maps whose drawing may picture it (dpjudge_format.drawn_on)
        self.text_only = False
        self.flow: list[str] = []
        self.flow_where = ""                         # the last FLOW line
        self.flow_lines: list[str] = []              # the line of each FLOW word
        self.new_homes: list[int] = []               # NEWHOMES years
        self.rules: list[tuple[str, str]] = []       # (RULE word, file:line), in order: the variant's house rules
        self.set_aside: dict[str, list[str]] = {}    # game type -> its DIRECTIVES lines, not played here
        self.notes: list[str] = []                   # what the variant's description says was left aside
        self.files: list[Path] = []
        self.stand_ins: list[tuple[str, str]] = []     # (USE target, variant): USEs read as a variant we offer
        self.stanza: str | None = None               # the game type of the DIRECTIVES stanza being read, if any
        self.mark_lines: dict[str, str] = {}         # a marked home-centre word ('*SIB', '&SC') -> where, first
        self.dynamic: dict[tuple[str, str], tuple[list[Line], str]] = {}   # IN/FROM blocks: (kind, when) ->
        # (lines, where the block begins) (dpjudge_features)
        self.dynamic_block: tuple[str, str] | None = None     # the block the file's next lines go to, if any
        self.shared: dict[str, list[str]] = {}       # power -> home centres it shares with another (the document's)
        self.opened: dict[str, str] = {}             # places shut in some phases only -> their terrain when open
        self.open_places: dict[str, str] | None = None       # the same, the whole file's, for a block's document

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
                                        [(u, where) for u in m.start.get(power, ())], owns,
                                        shown=m.power_title(power))
        self.unowned = sorted(c for c in m.centers if not m.provinces[c].home)
        self.victory = m.victory or self.victory
        self.begin, self.builds = m.begin, m.builds
        self.begin_where = where
        if m.flow is not None:
            self.flow = list(m.flow.flow)
        elif m.calendar != ("S", "F"):          # (the standard year needs no FLOW; a later FLOW line adds to this)
            self.flow = [DEFAULT_FLOW[("S", "F").index(season)] for season in m.calendar] + [DEFAULT_FLOW[2]]
        self.flow_where, self.flow_lines = where, [where] * len(self.flow)
        from judge.maps import dpjudge_features       # (it reads into this board: imported here, not at the top)
        dpjudge_features.absorb(self, m)


def refuse(where: str, what: str) -> None:
    raise MapError(f"{where}: this judge does not play {what}")
