"""DPjudge's place lines: names and aliases (`Full Name = abbr aliases...`), renaming (`old -> Full Name = new ...`,
which also renames coasts: `bul/ec -> Bulgarije (oostkust) = bul/ok`), terrain and adjacency, DROP."""
from __future__ import annotations

import re
from judge.maps import MapError
from judge.maps import dpjudge_features as features
from judge.maps.dpjudge_board import Board, Line, Place, is_abbr, refuse

_WORD = re.compile(r"[^\W_]+")          # a run of letters or digits: a place's abbreviation inside an entry


def place_name(reader: Board, line: Line) -> None:
    left, right = line.text.split("=", 1)
    name, words, where = left.strip(), right.split(), line.where
    parts = [x.strip() for x in name.split("->")]
    old = None
    if len(parts) == 2:
        old, name = parts
    elif len(parts) > 2:
        raise MapError(f"{where}: one '->' to a line ('old -> Full Name = new aliases...')")
    if not words or not name or old == "":
        raise MapError(f"{where}: expected 'Full Name = abbreviation aliases...' (or 'old -> Full Name = ...')")
    abbr = words[0].upper()              # (DPjudge reads the line in capitals: "grÈ" is GRÈ)
    if "/" in abbr:
        if old is not None:
            rename_coast(reader, old, abbr, where)
        reader.coast_names[abbr.upper()] = name
        return              # a coast's aliases ("spa(nk)", "stp/nk") are a place and a coast the order reader reads
    if not is_abbr(abbr):
        refuse(where, f"the abbreviation {words[0]!r} (places are three letters or digits, as in 'A PAR': the order "
                      "reader, like DPjudge's, takes a three-letter word for a place)")
    if old is not None:
        rename_place(reader, old.upper(), abbr, where)
    aliases = [a.replace("+", " ").lower() for a in words[1:] if not a.endswith("?")]   # '?': ambiguous ones
    known = reader.names.get(abbr, ("", []))[1]
    reader.names[abbr] = (name, known + aliases)
    reader.name_where.setdefault(abbr, where)


def rename_place(board: Board, old: str, new: str, where: str) -> None:
    """A place and everything that names it (adjacencies, coasts, homes, centres, units) takes a new abbreviation;
    its old names go (the line gives the new ones)."""
    if not any(k.upper() == old for k in board.places) and old not in board.names:
        raise MapError(f"{where}: {old} -> {new}: no place {old} to rename{_stand_in_hint(board)}")
    if new != old and (new in board.names or any(k.upper() == new for k in board.places)):
        raise MapError(f"{where}: {old} -> {new}: {new} is a place already")
    board.names.pop(old, None)
    board.name_where.pop(old, None)
    if old == new:
        return
    _rename(board, lambda w: new if w.upper() == old and len(w) == 3 else None)
    board.renamed[old] = new
    for hook in board.on_rename:
        hook("place", old, new)
    board.coast_names = {(new + k[3:] if k[:3] == old else k): v for k, v in board.coast_names.items()}


def rename_coast(board: Board, old: str, new: str, where: str) -> None:
    """A coast takes a new code (and perhaps province): `bul/ec -> ... = bul/ok`. Its province may have been renamed
    before (which renamed the coast's province part too)."""
    old, new = old.upper(), new.upper()
    if old not in board.places and old[:3] in board.renamed:
        old = board.renamed[old[:3]] + old[3:]
    if old not in board.places:
        raise MapError(f"{where}: {old} -> {new}: no coast {old} to rename")
    if new != old and new in board.places:
        raise MapError(f"{where}: {old} -> {new}: {new} is a place already")
    board.coast_names.pop(old, None)
    if old == new:
        return
    board.places = {(new if k == old else k): v for k, v in board.places.items()}
    for place in board.places.values():
        place.abuts = [_cased(new, e) if e.upper() == old else e for e in place.abuts]
    for power in board.powers.values():
        power.units = [(f"{u[:2]}{new}" if u[2:].upper() == old else u, w) for u, w in power.units]
    for hook in board.on_rename:
        hook("coast", old, new)


def _rename(board: Board, renamed) -> None:
    """Apply `renamed` (a word -> its new abbreviation, or None) to every place name the board holds, keeping the
    case each is written in (the case of an adjacency says who may cross)."""
    def entry(text: str) -> str:
        return _WORD.sub(lambda m: _cased(renamed(m.group()) or m.group(), m.group()), text)
    board.places = {entry(k): v for k, v in board.places.items()}
    for place in board.places.values():
        place.abuts = [entry(e) for e in place.abuts]
    board.unowned = [entry(c) for c in board.unowned]
    for power in board.powers.values():
        power.homes = [entry(c) for c in power.homes]
        power.owns = None if power.owns is None else [entry(c) for c in power.owns]
        power.units = [(entry(u), w) for u, w in power.units]


def _cased(new: str, like: str) -> str:
    """`new` written as `like` is: all capitals, all small, or Title."""
    if like.isupper() or not like.isalpha():
        return new.upper() if like.isupper() else new
    if like.islower():
        return new.lower()
    return new[:1].upper() + new[1:].lower()


def terrain(reader: Board, line: Line) -> None:
    words, where = line.words, line.where
    kind, place = words[0].upper(), words[1]
    other = place.swapcase()
    old = reader.places.pop(other, None) or reader.places.pop(place, None)
    if other != place and other in reader.places:
        del reader.places[other]
    if kind == "AMEND":
        if old is None:
            raise MapError(f"{where}: AMEND {place}: no such place yet")
        entry = Place(old.terrain, old.abuts, old.where)
    else:
        entry = Place(kind, [] if len(words) > 2 or old is None else old.abuts, where)
    reader.places[place] = entry
    if len(words) > 2 and words[2].upper() != "ABUTS":
        raise MapError(f"{where}: expected ABUTS after {place}")
    for dest in words[3:]:
        if dest.startswith("-"):
            entry.abuts = [a for a in entry.abuts if not features.split_entry(a)[0].upper().startswith(
                dest[1:].upper())]
            features.forget(reader, place, dest[1:])
            continue
        if ":" in dest or "(" in dest or not (dest[0].isalnum() and dest[-1].isalnum()):
            features.check_entry(dest, where)       # '*X', '~X', 'P:X', 'X(SC)': kept as written until the end
        entry.abuts.append(dest)


def drop(reader: Board, line: Line) -> None:
    for gone in (w.upper() for w in line.words[1:]):
        whole = "/" not in gone
        features.forget(reader, gone, gone)
        for key in [k for k in reader.places
                    if k.upper() == gone or (whole and k.upper().startswith(gone + "/"))]:
            del reader.places[key]
        for place in reader.places.values():
            place.abuts = [a for a in place.abuts if a.upper() != gone and not (whole and a.upper()[:3] == gone)]
        if whole:
            reader.names.pop(gone, None)
            reader.unowned = [c for c in reader.unowned if c != gone]
            for p in reader.powers.values():
                p.homes = [c for c in p.homes if c != gone]
                p.units = [(u, w) for u, w in p.units if u[2:5] != gone]


def _stand_in_hint(board: Board) -> str:
    """Why a place may be missing: a USE with no file beside it read this judge's own variant of that name, whose
    board is not DPjudge's (DPjudge's standard has Switzerland as a place, which standard_french renames)."""
    if not board.stand_ins:
        return ""
    targets = ", ".join(dict.fromkeys(t if "." in t else f"{t}.map" for t, _ in board.stand_ins))
    names = " and ".join(f"'{n}'" for n in dict.fromkeys(n for _, n in board.stand_ins))
    return (f" (with no {targets} beside this file, USE read this judge's own {names}, which has no such place: "
            f"put DPjudge's {targets} beside it)")
