"""pydip (PyPI `pydip`, Kruijswijk's algorithm) fed the same movement positions and orders as the other engines.

pydip has no order-text parser: it takes Player objects holding Units and Command objects, with territories named
in full ('Paris', 'Brest Coast', 'Spain North Coast', 'Mid-Atlantic Ocean'), and `resolve_turn(map, commands)`
returns {player: {unit: None | set of retreat options}}. `prepare()` (not timed) translates diplomacy's order text
to those names once; `run()` (timed) builds the Players and Commands - pydip's order entry, whose constructors
check each order's legality - and calls resolve_turn. The map is built once (`generate_map()` deep-copies a cached
map on every call, which would only add a constant cost).
"""
from __future__ import annotations

from pydip.map.predefined import vanilla_dip
from pydip.map.territory import LandTerritory, SeaTerritory
from pydip.player.command.command import (ConvoyMoveCommand, ConvoyTransportCommand, HoldCommand, MoveCommand,
                                          SupportCommand)
from pydip.player.player import Player
from pydip.player.unit import Unit, UnitTypes
from pydip.turn.resolve import resolve_turn

# Our abbreviations -> pydip's names; pydip names the split coasts of Bulgaria North and South.
NAMES = {
    "ADR": "Adriatic Sea", "AEG": "Aegean Sea", "ALB": "Albania", "ANK": "Ankara", "APU": "Apulia", "ARM": "Armenia",
    "BAL": "Baltic Sea", "BAR": "Barents Sea", "BEL": "Belgium", "BER": "Berlin", "BLA": "Black Sea",
    "BOH": "Bohemia", "BOT": "Gulf of Bothnia", "BRE": "Brest", "BUD": "Budapest", "BUL": "Bulgaria",
    "BUR": "Burgundy", "CLY": "Clyde", "CON": "Constantinople", "DEN": "Denmark", "EAS": "Eastern Mediterranean Sea",
    "EDI": "Edinburgh", "ENG": "English Channel", "FIN": "Finland", "GAL": "Galicia", "GAS": "Gascony",
    "GRE": "Greece", "HEL": "Helgoland Bight", "HOL": "Holland", "ION": "Ionian Sea", "IRI": "Irish Sea",
    "KIE": "Kiel", "LON": "London", "LVN": "Livonia", "LVP": "Liverpool", "LYO": "Gulf of Lyon",
    "MAO": "Mid-Atlantic Ocean", "MAR": "Marseilles", "MOS": "Moscow", "MUN": "Munich", "NAF": "North Africa",
    "NAO": "North Atlantic Ocean", "NAP": "Naples", "NTH": "North Sea", "NWG": "Norwegian Sea", "NWY": "Norway",
    "PAR": "Paris", "PIC": "Picardy", "PIE": "Piedmont", "POR": "Portugal", "PRU": "Prussia", "ROM": "Rome",
    "RUH": "Ruhr", "RUM": "Rumania", "SER": "Serbia", "SEV": "Sevastopol", "SIL": "Silesia", "SKA": "Skagerrak",
    "SMY": "Smyrna", "SPA": "Spain", "STP": "St. Petersburg", "SWE": "Sweden", "SYR": "Syria", "TRI": "Trieste",
    "TUN": "Tunis", "TUS": "Tuscany", "TYR": "Tyrolia", "TYS": "Tyrrhenian Sea", "UKR": "Ukraine", "VEN": "Venice",
    "VIE": "Vienna", "WAL": "Wales", "WAR": "Warsaw", "WES": "Western Mediterranean Sea", "YOR": "Yorkshire",
}
SPLIT = {"SPA/NC": "Spain North Coast", "SPA/SC": "Spain South Coast", "STP/NC": "St. Petersburg North Coast",
         "STP/SC": "St. Petersburg South Coast", "BUL/EC": "Bulgaria North Coast", "BUL/SC": "Bulgaria South Coast"}


class PydipEngine:
    def __init__(self):
        self.map = vanilla_dip.generate_map()
        missing = [n for n in list(NAMES.values()) + list(SPLIT.values()) if n not in self.map.name_map]
        if missing:
            raise RuntimeError(f"pydip map lacks {missing}")
        self.back = {v: k for k, v in NAMES.items()}
        self.back.update({v: k for k, v in SPLIT.items()})
        for abbr, name in NAMES.items():
            t = self.map.name_map[name]
            if isinstance(t, LandTerritory) and len(t.coasts) == 1:
                self.back[t.coasts[0].name] = abbr
        self.refused: list[tuple[str, str, str]] = []    # (phase, order, why) of orders pydip would not take

    # --- names ---
    def where(self, kind: str, loc: str) -> str:
        """pydip's name for a unit of type kind at loc ('A PAR' -> 'Paris', 'F BRE' -> 'Brest Coast')."""
        if kind == "A":
            return NAMES[loc[:3]]
        if loc in SPLIT:
            return SPLIT[loc]
        t = self.map.name_map[NAMES[loc[:3]]]
        return t.name if isinstance(t, SeaTerritory) else t.coasts[0].name

    def fleet_target(self, from_name: str, loc: str) -> str:
        """A fleet's destination; a split-coast province without a coast: the coast reachable from from_name."""
        if loc in SPLIT or len(loc) > 3:
            return SPLIT[loc]
        t = self.map.name_map[NAMES[loc]]
        if isinstance(t, SeaTerritory):
            return t.name
        for coast in t.coasts:
            if coast.name in self.map.adjacency[from_name]:
                return coast.name
        return t.coasts[0].name

    def unit_name(self, name: str) -> str:
        return self.back[name]

    # --- orders ---
    def prepare(self, phase: str, state: dict, orders: dict) -> tuple:
        """diplomacy text -> a plain description of each power's units and commands in pydip's names (not timed).
        An order pydip's constructors refuse is replaced by a hold and listed in self.refused."""
        units = {p: [u for u in us if not u.startswith("*")] for p, us in state["units"].items()}
        by_loc = {}
        for power, texts in orders.items():
            for text in texts:
                words = text.split()
                by_loc[words[1][:3]] = (power, words)
        players = {p: [(self.where(u[0], u[2:]), u[0]) for u in us] for p, us in units.items() if us}
        commands = []
        for power, us in units.items():
            for u in us:
                kind, loc = u[0], u[2:]
                words = by_loc.get(loc[:3], (power, [kind, loc, "H"]))[1]
                cmd = self._command(kind, loc, words, by_loc)
                try:
                    self._build(players, [(power, cmd)])
                except (AssertionError, KeyError) as exc:
                    self.refused.append((phase, " ".join(words), repr(exc) or "assertion"))
                    cmd = ("H", self.where(kind, loc), kind)
                commands.append((power, cmd))
        return players, commands

    def _command(self, kind, loc, words, by_loc):
        here = self.where(kind, loc)
        op = words[2] if len(words) > 2 else "H"
        if op == "H":
            return ("H", here, kind)
        if op == "-":
            dest = words[3]
            if kind == "F":
                return ("M", here, kind, self.fleet_target(here, dest))
            target = NAMES[dest[:3]]
            if "VIA" in words[4:] or target not in self.map.adjacency[here]:
                return ("CM", here, kind, target)
            return ("M", here, kind, target)
        if op == "S":
            skind, sloc = words[3], words[4]
            supported = self.where(skind, sloc)
            if len(words) == 5:              # support to hold
                return ("S", here, kind, skind, supported, supported)
            dest = words[6]
            if skind == "A":
                target = NAMES[dest[:3]]
            else:                            # the supported fleet's own destination if it moves to that province
                own = by_loc.get(sloc[:3], (None, []))[1]
                if len(own) > 3 and own[2] == "-" and own[3][:3] == dest[:3]:
                    dest = own[3]
                target = self.fleet_target(supported, dest)
            return ("S", here, kind, skind, supported, target)
        if op == "C":
            return ("C", here, kind, NAMES[words[4][:3]], NAMES[words[6][:3]])
        raise ValueError(f"unexpected order {' '.join(words)}")

    def _build(self, players_desc, commands_desc):
        game_map = self.map
        players = {}
        for power, units in players_desc.items():
            players[power] = Player(power, game_map, [
                {"territory_name": name, "unit_type": UnitTypes.TROOP if k == "A" else UnitTypes.FLEET}
                for name, k in units])
        out = []
        for power, cmd in commands_desc:
            player = players[power]
            op, here, kind = cmd[0], cmd[1], cmd[2]
            unit = Unit(UnitTypes.TROOP if kind == "A" else UnitTypes.FLEET, here)
            if op == "H":
                out.append(HoldCommand(player, unit))
            elif op == "M":
                out.append(MoveCommand(player, unit, cmd[3]))
            elif op == "CM":
                out.append(ConvoyMoveCommand(player, unit, cmd[3]))
            elif op == "S":
                stype = UnitTypes.TROOP if cmd[3] == "A" else UnitTypes.FLEET
                out.append(SupportCommand(player, unit, Unit(stype, cmd[4]), cmd[5]))
            else:
                out.append(ConvoyTransportCommand(player, unit, Unit(UnitTypes.TROOP, cmd[3]), cmd[4]))
        return out

    def run(self, prepared) -> tuple[dict, float]:
        """The timed part: Players + Commands + resolve_turn. Returns (result, seconds spent in resolve_turn)."""
        import time
        players, commands = prepared
        built = self._build(players, commands)
        t = time.perf_counter()
        result = resolve_turn(self.map, built)
        return result, time.perf_counter() - t

    def outcome(self, result) -> tuple[frozenset, frozenset, dict]:
        units, dislodged, options = set(), set(), {}
        for power, per_unit in result.items():
            for unit, retreats in per_unit.items():
                kind = "A" if unit.unit_type == UnitTypes.TROOP else "F"
                key = (power, f"{kind} {self.unit_name(unit.position)}")
                if retreats is None:
                    units.add(key)
                else:
                    dislodged.add(key)
                    options[key] = frozenset(self.unit_name(t) for t in retreats)
        return frozenset(units), frozenset(dislodged), options
