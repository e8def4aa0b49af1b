"""DPjudge's power lines: a power with its adjective, letter and home centres (`FRANCE (FRENCH:F) PAR BRE MAR`),
renaming (`AUSTRIA -> OOSTENRIJK (OOSTENRIJKSE:A)`), UNOWNED/NEUTRAL centres, OWNS/CENTERS, HOME(S)/INHABITS,
units, UNITS and UNPLAYED."""
from __future__ import annotations

import re
from judge.maps import MapError
from judge.maps import dpjudge_features as features
from judge.maps.dpjudge_board import Board, Line, Power, refuse


def power_id(word: str, where: str) -> str:
    """DPjudge's power name as our power name: capitals (any script), without the underscores and plus signs it uses
    for display ("_Belgium" is BELGIUM, "Ottoman+Empire" OTTOMANEMPIRE)."""
    name = re.sub(r"[\W_]", "", word.upper())
    if not name or not name[0].isalpha():
        raise MapError(f"{where}: {word!r} is not a power name (a power's name begins with a letter)")
    return name


def shown_name(word: str) -> str:
    """A power's name as DPjudge shows it (Game.anglify): in capitals, each word (after '+', '.', '-') begun with a
    capital and the rest in small letters, the '+' dropped, so that the name stays one word as results readers expect
    (U+S+A is "USA", Adriatic+Sea "AdriaticSea", ENGLAND "England"); the underscores around a name go."""
    out, up = [], True
    for ch in word.strip("_").upper():
        if ch in "+.-":
            up = True
        else:
            ch, up = (ch if up else ch.lower()), False
        if ch != "+":
            out.append(ch)
    return "".join(out)


def current(board: Board, directive: str, where: str) -> Power:
    if board.current is None:
        raise MapError(f"{where}: {directive.upper()} before any power line")
    return board.powers[board.current]


def power_line(reader: Board, line: Line) -> None:
    words, where = line.words, line.where
    up = words[0].upper()
    if up in ("UNOWNED", "NEUTRAL"):
        reader.current = None
        add_homes(reader, reader.unowned, words[1:], where)
        return
    if len(words) > 2 and words[1] == "->":
        if up in ("UNOWNED", "NEUTRAL") or words[2].upper() in ("UNOWNED", "NEUTRAL", "CENTERS"):
            raise MapError(f"{where}: UNOWNED is not a power to rename")
        rename_power(reader, power_id(words[0], where), power_id(words[2], where), where)
        reader.powers[power_id(words[2], where)].shown = shown_name(words[2])
        words = words[2:]
    name = power_id(words[0], where)
    power = reader.powers.setdefault(name, Power(where, shown=shown_name(words[0])))
    reader.current = name
    rest = words[1:]
    if rest and rest[0].startswith("("):
        own = rest.pop(0).strip("()")
        own, _, letter = own.partition(":")
        power.own = own.replace("+", " ") or power.own
        if letter:
            power.letter = letter[0].upper()
    if power.inhabits:                       # DPjudge: a power line after INHABITS starts the homes afresh
        power.homes, power.inhabits = [], False
    add_homes(reader, power.homes, rest, where)


def rename_power(board: Board, old: str, new: str, where: str) -> None:
    """The power takes a new name; its adjective and letter go (the line gives new ones), the rest stays."""
    if old not in board.powers:
        raise MapError(f"{where}: {old} -> {new}: no power {old} to rename")
    if new != old and new in board.powers:
        raise MapError(f"{where}: {old} -> {new}: {new} is a power already")
    power = board.powers.pop(old)
    power.own, power.letter = "", ""
    board.powers[new] = power
    if board.current == old:
        board.current = new
    for hook in board.on_rename:
        hook("power", old, new)


def owns(reader: Board, line: Line) -> None:
    power = current(reader, line.words[0], line.where)
    centres = [w.upper() for w in line.words[1:]]
    if any(c in ("SC!", "SC?") for c in centres):
        refuse(line.where, "SC! and SC? (building in home centres one does not own)")
    if line.words[0].upper() == "CENTERS" or power.owns is None:
        power.owns = []
    power.owns += [c for c in centres if c not in power.owns]


def homes_line(reader: Board, line: Line) -> None:
    power = current(reader, line.words[0], line.where)
    if line.words[0].upper() != "INHABITS" or not power.inhabits:
        power.homes = []                # HOME(S) replaces; the first INHABITS replaces, later ones add
        power.inhabits = True
    add_homes(reader, power.homes, line.words[1:], line.where)


def units_line(reader: Board, line: Line) -> None:
    current(reader, "UNITS", line.where).units = []


def unit(reader: Board, line: Line) -> None:
    words = line.words
    power = current(reader, words[0], line.where)
    if len(words) != 2:
        raise MapError(f"{line.where}: a unit is its type and place, e.g. 'A PAR' or 'F STP/SC'")
    text = f"{words[0].upper()} {words[1].upper()}"
    for p in reader.powers.values():            # a unit replaces any unit listed in its province before
        p.units = [(u, w) for u, w in p.units if u[2:5] != text[2:5]]
    power.units.append((text, line.where))


def unplayed(reader: Board, line: Line) -> None:
    names = [power_id(w, line.where) for w in line.words[1:]]
    if not names:
        gone = [current(reader, "UNPLAYED", line.where)]
        names = [n for n, p in reader.powers.items() if p is gone[0]]
    elif names[0] == "ALL":
        keep = names[2:] if len(names) > 1 and names[1] == "EXCEPT" else []
        names = [n for n in reader.powers if n not in keep]
    for name in names:
        if reader.powers.pop(name, None) is None:
            raise MapError(f"{line.where}: UNPLAYED {name}: no such power")
    reader.current = None


def add_homes(board: Board, homes: list[str], words: list[str], where: str) -> None:
    for word in (w.upper() for w in words):
        remove = word.startswith("-")
        word = word.lstrip("-")
        if not word:
            continue
        if not word[0].isalnum() or "(" in word:
            # '&SC', '*', '+', '~', '@', '(limits)': claimed, partisan, factory, hidden, alternative centres
            features.special_home(board, homes, word, remove, where)
            continue
        if word in homes:
            homes.remove(word)
        if remove:
            if homes is not board.unowned:
                board.unowned.append(word)          # a home centre given up stays a supply centre
        else:
            homes.append(word)


def newhomes_line(reader: Board, line: Line) -> None:
    """NEWHOMES <year>...: in each year's adjustment phase the centres a power owns become its home centres (until
    the first, nobody has home centres and powers build in any centre they own)."""
    try:
        reader.new_homes = [int(w) for w in line.words[1:]]
    except ValueError:
        raise MapError(f"{line.where}: NEWHOMES: expected years, e.g. NEWHOMES 1899") from None
