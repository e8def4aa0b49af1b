"""DPjudge's text map format (the .map directives on DPjudge's Map page) read into our variant document, so that a
game master can bring a DPjudge map file and play it. What this judge cannot play is refused, naming file and line."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from judge.maps import Map, MapError
from judge.maps.dpjudge_board import ABBR, FLOWS, Board, Place, Power, refuse

Offered = Callable[[str], Map]      # a variant this judge offers, by name

SEASONS = {"SPRING": "S", "FALL": "F", "WINTER": "W"}
PHASE_TYPES = {"MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}
# Only for DPjudge's web pages (flags, notices): nothing a mail judge shows, so read and left aside.
IGNORED = {"FLAGS", "FLAG", "NOTIFY"}
# DPjudge features this judge does not play; a map that needs one is refused rather than played differently.
UNSUPPORTED_EARLY = {
    "ROTATE": "rotating control of dummies", "NEWHOMES": "home centres reassigned during the game",
}
UNSUPPORTED = {
    "RESERVES": "reserve units", "MILITIA": "militia units", "CONTROL": "dummies controlled by other powers",
    "TEAM": "teams", "TEAMS": "teams",
}


class Reader(Board):
    """Reads DPjudge map lines in DPjudge's order (later lines amend earlier ones) into a Board."""

    def __init__(self, name: str, offered: Offered):
        super().__init__(name)
        self.offered = offered

    # -- files ---------------------------------------------------------------------------------------------------
    def read(self, path: Path) -> None:
        if path in self.files:
            raise MapError(f"{path}: used twice (USE and MAP read a file once)")
        self.files.append(path)
        try:
            text = path.read_text(encoding="latin-1")      # DPjudge's own encoding for map files
        except OSError as exc:
            raise MapError(f"{path}: cannot read: {exc.strerror}") from None
        for number, line in enumerate(text.splitlines(), 1):
            words = line.split()
            if words and not words[0].startswith("#"):
                self.line(line, words, f"{path}:{number}", path.parent)
        self.extras.end_file()                          # an IN or FROM block ends with its file

    def include(self, target: str, where: str, folder: Path) -> None:
        """USE or MAP: a file beside this one, else a variant this judge offers (e.g. 'standard')."""
        file = target if "." in target else f"{target}.map"
        if (folder / file).is_file():
            self.read(folder / file)
            return
        name = Path(file).stem.lower().replace("-", "_")
        try:
            m = self.offered(name)
        except MapError as exc:
            raise MapError(f"{where}: USE {target}: no file {file} beside this one, and {exc}") from None
        self.absorb(m, where)

    # -- one line ------------------------------------------------------------------------------------------------
    def line(self, line: str, words: list[str], where: str, folder: Path) -> None:
        """One line, tried in DPjudge's order: some directives, then place names, then the rest, then powers."""
        up = words[0].upper()
        if words[-1].upper() in ("DIRECTIVE", "DIRECTIVES"):
            refuse(where, "DIRECTIVE stanzas (status-file lines for the game)")
        if self.extras.dynamic_line(line, words, where):
            return                                      # IN and FROM blocks (dpjudge_features)
        if "=" in line and up not in _EARLY and up not in UNSUPPORTED_EARLY and up not in IGNORED:
            self.place_name(line, where)
            return
        if up in UNSUPPORTED_EARLY or up in UNSUPPORTED:
            refuse(where, f"{up} ({UNSUPPORTED_EARLY.get(up) or UNSUPPORTED[up]})")
        handler = _EARLY.get(up) or _LATE.get(up)
        if up in IGNORED:
            return
        if handler is not None:
            handler(self, words, where, folder)
        elif up in ("A", "F"):
            self.unit(words, where)
        elif len(words) > 1 and up in ("AMEND", "WATER", "LAND", "COAST", "PORT", "SHUT"):
            self.terrain(words, where)
        else:
            self.power_line(words, where)

    def textonly(self, words: list[str], where: str, folder: Path) -> None:
        self.text_only = True

    def victory_line(self, words: list[str], where: str, folder: Path) -> None:
        try:
            counts = {int(w) for w in words[1:]}
        except ValueError:
            raise MapError(f"{where}: VICTORY: expected a number of centres") from None
        if len(counts) != 1:
            refuse(where, "VICTORY with a count per year")
        self.victory = counts.pop()

    def use(self, words: list[str], where: str, folder: Path) -> None:
        if words[0].upper() == "MAP":
            if len(words) != 2 or self.board is not None:
                raise MapError(f"{where}: MAP names one map, once")
            self.board = words[1].split(".")[0].lower().replace("-", "_")
        for target in words[1:]:
            self.include(target, where, folder)

    def flow_line(self, words: list[str], where: str, folder: Path) -> None:
        self.flow = [] if len(words) == 1 else self.flow + [w.upper() for w in words[1:]]
        if not any(list(flow[:len(self.flow)]) == self.flow for flow in FLOWS):
            refuse(where, "a FLOW other than spring and fall (or one of them) with movement and retreats, then "
                          "winter adjustments")

    def begin_line(self, words: list[str], where: str, folder: Path) -> None:
        parts = [w.upper() for w in words[1:]]
        if len(parts) != 3 or parts[0] not in SEASONS or not parts[1].isdigit() or parts[2] not in PHASE_TYPES:
            raise MapError(f"{where}: BEGIN: expected season, year and phase, e.g. BEGIN SPRING 1901 MOVEMENT")
        code = f"{SEASONS[parts[0]]}{parts[1]}{PHASE_TYPES[parts[2]]}"
        if len(parts[1]) != 4:
            refuse(where, f"the year {parts[1]} (this judge's phases have four-digit years)")
        if not re.match(r"^(?:[SF]\d{4}M|W\d{4}A)$", code):
            refuse(where, f"a game that begins with {' '.join(parts).lower()} (only a movement or an adjustment "
                           "phase can come first)")
        self.begin = code

    def rule(self, words: list[str], where: str, folder: Path) -> None:
        for word in (w.upper() for w in words[1:]):
            if word in ("BUILD_ANY", "!BUILD_ANY"):
                self.builds = "homes" if word.startswith("!") else "any"
            else:
                refuse(where, f"RULE {word} (the one map rule this judge plays is BUILD_ANY; house rules are set "
                               "with SET RULES)")

    def place_name(self, line: str, where: str) -> None:
        left, right = line.split("=", 1)
        name, words = left.strip(), right.split()
        if "->" in name:
            refuse(where, "renaming a place (old -> new)")
        if not words or not name:
            raise MapError(f"{where}: expected 'Full Name = abbreviation aliases...'")
        abbr = words[0]
        if "/" in abbr:
            return              # a coast's own names: orders name coasts as /nc, /sc..., which the reader knows
        if not ABBR.match(abbr):
            refuse(where, f"the abbreviation {abbr!r} (this judge reads three letters, as 'A PAR')")
        aliases = [a.replace("+", " ").lower() for a in words[1:] if not a.endswith("?")]   # '?': ambiguous ones
        old = self.names.get(abbr.upper(), ("", []))[1]
        self.names[abbr.upper()] = (name, old + aliases)
        self.name_where.setdefault(abbr.upper(), where)

    def owns(self, words: list[str], where: str, folder: Path) -> None:
        power = self._power(words[0], where)
        centres = [w.upper() for w in words[1:]]
        if any(c in ("SC!", "SC?") for c in centres):
            refuse(where, "SC! and SC? (building in home centres one does not own)")
        if words[0].upper() == "CENTERS" or power.owns is None:
            power.owns = []
        power.owns += [c for c in centres if c not in power.owns]

    def homes_line(self, words: list[str], where: str, folder: Path) -> None:
        power = self._power(words[0], where)
        if words[0].upper() != "INHABITS" or not power.inhabits:
            power.homes = []                # HOME(S) replaces; the first INHABITS replaces, later ones add
            power.inhabits = True
            self.extras.reset_homes(self.current)
        self._add_homes(power.homes, words[1:], where)

    def units_line(self, words: list[str], where: str, folder: Path) -> None:
        self._power("UNITS", where).units = []

    def unit(self, words: list[str], where: str) -> None:
        power = self._power(words[0], where)
        if len(words) != 2:
            raise MapError(f"{where}: a unit is its type and place, e.g. 'A PAR' or 'F STP/SC'")
        unit = f"{words[0].upper()} {words[1].upper()}"
        for p in self.powers.values():            # a unit replaces any unit listed in its province before
            p.units = [(u, w) for u, w in p.units if u[2:5] != unit[2:5]]
        power.units.append((unit, where))

    def drop(self, words: list[str], where: str, folder: Path) -> None:
        for gone in (w.upper() for w in words[1:]):
            whole = "/" not in gone
            for key in [k for k in self.places if k.upper() == gone or (whole and k.upper().startswith(gone + "/"))]:
                del self.places[key]
            for place in self.places.values():
                place.abuts = [a for a in place.abuts if a.upper() != gone and not (whole and a.upper()[:3] == gone)]
            self.extras.forget(gone)
            if whole:
                self.names.pop(gone, None)
                self.unowned = [c for c in self.unowned if c != gone]
                for p in self.powers.values():
                    p.homes = [c for c in p.homes if c != gone]
                    p.units = [(u, w) for u, w in p.units if u[2:5] != gone]

    def terrain(self, words: list[str], where: str) -> None:
        kind, place = words[0].upper(), words[1]
        other = place.swapcase()
        old = self.places.pop(other, None) or self.places.pop(place, None)
        if other != place and other in self.places:
            del self.places[other]
        if kind == "AMEND":
            if old is None:
                raise MapError(f"{where}: AMEND {place}: no such place yet")
            entry = Place(old.terrain, old.abuts, old.where)
        else:
            entry = Place(kind, [] if len(words) > 2 or old is None else old.abuts, where)
        self.places[place] = entry
        if len(words) > 2 and words[2].upper() != "ABUTS":
            raise MapError(f"{where}: expected ABUTS after {place}")
        for dest in words[3:]:
            if dest.startswith("-"):
                entry.abuts = [a for a in entry.abuts if not a.upper().startswith(dest[1:].upper())]
                self.extras.forget(dest[1:])
                continue
            if ":" in dest or "(" in dest or not (dest[0].isalnum() and dest[-1].isalnum()):
                dest = self.extras.abut(place, dest, where)     # '*X', '~X', 'P:X', 'X(SC)' (dpjudge_features)
            entry.abuts.append(dest)

    def unplayed(self, words: list[str], where: str, folder: Path) -> None:
        names = [_power_id(w, where) for w in words[1:]]
        if not names:
            gone = [self._power("UNPLAYED", where)]
            names = [n for n, p in self.powers.items() if p is gone[0]]
        elif names[0] == "ALL":
            keep = names[2:] if len(names) > 1 and names[1] == "EXCEPT" else []
            names = [n for n in self.powers if n not in keep]
        for name in names:
            if self.powers.pop(name, None) is None:
                raise MapError(f"{where}: UNPLAYED {name}: no such power")
        self.current = None

    def power_line(self, words: list[str], where: str) -> None:
        up = words[0].upper()
        if up in ("UNOWNED", "NEUTRAL"):
            self.current = None
            self._add_homes(self.unowned, words[1:], where)
            return
        if len(words) > 2 and words[1] == "->":
            refuse(where, "renaming a power (old -> new)")
        name = _power_id(words[0], where)
        power = self.powers.setdefault(name, Power(where))
        self.current = name
        rest = words[1:]
        if rest and rest[0].startswith("("):
            own = rest.pop(0).strip("()")
            own, _, letter = own.partition(":")
            power.own = own.replace("+", " ") or power.own
            if letter:
                power.letter = letter[0].upper()
        self._add_homes(power.homes, rest, where)

    def dummy_line(self, words: list[str], where: str, folder: Path) -> None:
        self.extras.dummy(words, self.current, list(self.powers), where, _power_id)
        if len(words) > 1:
            self.current = None

    def league_line(self, words: list[str], where: str, folder: Path) -> None:
        self.extras.league(words, self.current, where)

    # -- helpers -------------------------------------------------------------------------------------------------
    def _power(self, directive: str, where: str) -> Power:
        if self.current is None:
            raise MapError(f"{where}: {directive.upper()} before any power line")
        return self.powers[self.current]

    def _add_homes(self, homes: list[str], words: list[str], where: str) -> None:
        for word in (w.upper() for w in words):
            remove = word.startswith("-")
            word = word.lstrip("-")
            if not word:
                continue
            if not word[0].isalpha() or "(" in word:
                # '&SC', '*', '+', '~', '@', '(limits)': claimed, partisan, factory, hidden, alternative centres
                owner = None if homes is self.unowned else self.current
                word = self.extras.home(owner, word, remove, homes, where)
                if word is None:
                    continue
            if word in homes:
                homes.remove(word)
            if remove:
                if homes is not self.unowned:
                    self.unowned.append(word)          # a home centre given up stays a supply centre
            else:
                homes.append(word)


def _power_id(word: str, where: str) -> str:
    """DPjudge's power name as our power name: capitals, without the underscores and plus signs it uses for display."""
    name = re.sub(r"[^A-Z0-9]", "", word.upper())
    if not name or not name[0].isalpha():
        raise MapError(f"{where}: {word!r} is not a power name")
    return name


# Directives DPjudge tries before a line with '=' is a place name, and those it tries after.
_EARLY = {
    "TEXTONLY": Reader.textonly, "VICTORY": Reader.victory_line, "USE": Reader.use, "USES": Reader.use,
    "MAP": Reader.use, "FLOW": Reader.flow_line, "BEGIN": Reader.begin_line, "RULE": Reader.rule,
    "RULES": Reader.rule,
}
_LATE = {
    "OWNS": Reader.owns, "CENTERS": Reader.owns, "INHABITS": Reader.homes_line, "HOME": Reader.homes_line,
    "HOMES": Reader.homes_line, "UNITS": Reader.units_line, "DROP": Reader.drop, "UNPLAYED": Reader.unplayed,
    "DUMMY": Reader.dummy_line, "DUMMIES": Reader.dummy_line, "LEAGUE": Reader.league_line,
}


def read_file(path: Path, name: str, offered: Offered) -> dict:
    """A DPjudge .map file (and the files it USEs) -> our full variant document, named `name`. `offered` gives a
    variant this judge offers by name (for USE standard); the catalogue passes its own loader, so that this
    module needs no catalogue."""
    reader = Reader(name, offered)
    reader.read(path)
    return reader.document()


def read_text(text: str, name: str, folder: Path, offered: Offered) -> dict:
    """The same for map text not in a file (tests); USE and MAP look in `folder`."""
    reader = Reader(name, offered)
    path = folder / f"{name}.map"
    reader.files.append(path)
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if words and not words[0].startswith("#"):
            reader.line(line, words, f"{path.name}:{number}", folder)
    return reader.document()
