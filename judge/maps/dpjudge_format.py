"""DPjudge's text map format (the .map directives on DPjudge's Map page) read into our variant document, so that a
game master can bring a DPjudge map file and play it. What this judge cannot play is refused, naming file and line.

The lines are read in DPjudge's order: a DIRECTIVES stanza takes its lines; then the directives of EARLY; then a line
with '=' names a place; then the directives of LATE (and unit and terrain lines); anything else is a power line. Each
family of directives is read by a module of its own (dpjudge_places, dpjudge_powers, dpjudge_calendar, dpjudge_rules);
add a directive as a row of EARLY or LATE."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from judge.maps import Map, MapError
from judge.maps import dpjudge_calendar as calendar, dpjudge_features as features, dpjudge_places as places
from judge.maps import dpjudge_powers as powers
from judge.maps import dpjudge_rules as rules
from judge.maps.dpjudge_board import Board, Line, refuse
from judge.maps.dpjudge_document import document

Offered = Callable[[str], Map]      # a variant this judge offers, by name
PicturedOn = Callable[[str], "str | None"]   # a map's name -> the board whose drawing pictures it, if any


Handler = Callable[[Board, Line], None]


class Reader(Board):
    """Reads DPjudge map lines in DPjudge's order (later lines amend earlier ones) into a Board."""

    def __init__(self, name: str, offered: Offered):
        super().__init__(name)
        self.offered = offered

    def read(self, path: Path) -> None:
        if path in self.files:
            raise MapError(f"{path}: used twice (USE and MAP read a file once)")
        self.files.append(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise MapError(f"{path}: cannot read: {exc.strerror}") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")          # DPjudge's own encoding for map files
        self.read_lines(text, path.name, path.parent)

    def read_lines(self, text: str, file: str, folder: Path) -> None:
        for number, text_line in enumerate(text.splitlines(), 1):
            words = text_line.split()
            if words and not words[0].startswith("#"):
                self.line(Line(text_line, words, f"{file}:{number}", folder))
        self.dynamic_block = None                        # an IN or FROM block ends with its file

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
        self.stand_ins.append((target, name))
        self.absorb(m, where)

    def line(self, line: Line) -> None:
        """One line, tried in DPjudge's order."""
        up = line.words[0].upper()
        if line.words[-1].upper() in ("DIRECTIVE", "DIRECTIVES"):
            rules.stanza_header(self, line)
        elif self.stanza is not None:
            rules.stanza_line(self, line)
        elif self.dynamic_block is not None and up not in ("IN", "FROM"):
            features.keep_line(self, line)          # a line of an IN or FROM block
        elif up in EARLY:
            EARLY[up](self, line)
        elif "=" in line.text:
            places.place_name(self, line)
        elif up in LATE:
            LATE[up](self, line)
        elif up in ("A", "F"):
            powers.unit(self, line)
        elif len(line.words) > 1 and up in TERRAIN:
            places.terrain(self, line)
        else:
            powers.power_line(self, line)


# -- directives of the reader itself ----------------------------------------------------------------------------------

def textonly(reader: Reader, line: Line) -> None:
    reader.text_only = True


def victory_line(reader: Reader, line: Line) -> None:
    try:
        counts = {int(w) for w in line.words[1:]}
    except ValueError:
        raise MapError(f"{line.where}: VICTORY: expected a number of centres") from None
    if len(counts) != 1:
        refuse(line.where, "VICTORY with a count per year")
    reader.victory = counts.pop()


def map_name(target: str) -> str:
    """The map a USE or MAP target names, as DPjudge names the drawing of its root map: the file's name up to the
    first dot ("standard.geography", "standard.map": standard), in our spelling of variant names."""
    return target.split(".")[0].lower().replace("-", "_")


def use(reader: Reader, line: Line) -> None:
    if line.words[0].upper() == "MAP":
        if len(line.words) != 2 or reader.board is not None:
            raise MapError(f"{line.where}: MAP names one map, once")
        reader.board = map_name(line.words[1])
    elif line.where.rpartition(":")[0] == reader.files[0].name:     # (only what the variant's own file builds on)
        reader.uses.extend(map_name(target) for target in line.words[1:])
    for target in line.words[1:]:
        reader.include(target, line.where, line.folder)


def ignored(reader: Reader, line: Line) -> None:
    """FLAGS, FLAG, NOTIFY: only for DPjudge's web pages (flags, notices), nothing a mail judge shows."""


def unsupported(what: str) -> Handler:
    def handler(reader: Reader, line: Line) -> None:
        refuse(line.where, f"{line.words[0].upper()} ({what})")
    return handler


# Directives DPjudge tries before a line with '=' is a place name, and those it tries after.
EARLY: dict[str, Handler] = {
    "TEXTONLY": textonly, "VICTORY": victory_line, "USE": use, "USES": use, "MAP": use,
    "FLAGS": ignored, "NOTIFY": ignored,
    "FLOW": calendar.flow_line, "BEGIN": calendar.begin_line,
    "RULE": rules.rule_line, "RULES": rules.rule_line,
    "IN": features.block_line, "FROM": features.block_line,
    "ROTATE": unsupported("rotating control of dummies"),
    "NEWHOMES": powers.newhomes_line,
}
LATE: dict[str, Handler] = {
    "FLAG": ignored,
    "OWNS": powers.owns, "CENTERS": powers.owns, "INHABITS": powers.homes_line, "HOME": powers.homes_line,
    "HOMES": powers.homes_line, "UNITS": powers.units_line, "DROP": places.drop, "UNPLAYED": powers.unplayed,
    "RESERVES": unsupported("reserve units"), "MILITIA": unsupported("militia units"),
    "CONTROL": unsupported("dummies controlled by other powers"), "LEAGUE": features.league_line,
    "DUMMY": lambda reader, line: features.dummy_line(reader, line, powers.power_id),
    "DUMMIES": lambda reader, line: features.dummy_line(reader, line, powers.power_id),
    "TEAM": unsupported("teams"), "TEAMS": unsupported("teams"),
}
TERRAIN = ("AMEND", "WATER", "LAND", "COAST", "PORT", "SHUT")


def read_file(path: Path, name: str, offered: Offered, pictured_on: PicturedOn | None = None,
              files: list[Path] | None = None) -> dict:
    """A DPjudge .map file (and the files it USEs) -> our full variant document, named `name`. `offered` gives a
    variant this judge offers by name (for USE standard); the catalogue passes its own loader, so that this
    module needs no catalogue. `pictured_on`, if given, is asked for the drawing of the maps it USEs (drawn_on).
    `files`, if given, gets every file read, the file itself first, even when one of them is refused."""
    reader = Reader(name, offered)
    try:
        reader.read(path)
    finally:
        if files is not None:
            files.extend(reader.files)
    drawn_on(reader, pictured_on)
    return document(reader)


def read_text(text: str, name: str, folder: Path, offered: Offered, pictured_on: PicturedOn | None = None) -> dict:
    """The same for map text not in a file (tests); USE and MAP look in `folder`."""
    reader = Reader(name, offered)
    reader.files.append(folder / f"{name}.map")
    reader.read_lines(text, f"{name}.map", folder)
    drawn_on(reader, pictured_on)
    return document(reader)


def drawn_on(reader: Reader, pictured_on: PicturedOn | None) -> None:
    """A file without MAP that USEs another map (standard_glhetg: USE standard.map) is pictured on the drawing of
    the first map it USEs that is pictured (the catalogue then checks that its board is that map's, else it is
    played as text). The caller passes no `pictured_on` for a variant with a drawing of its own."""
    if pictured_on is None or reader.board is not None or reader.text_only:
        return
    for name in dict.fromkeys(reader.uses):
        board = pictured_on(name) if name != reader.name else None
        if board:
            reader.board = board
            return
