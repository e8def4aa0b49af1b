"""DPjudge map directives for what judge.maps.features and judge.maps.changes model, read into our variant document:
restricted adjacencies ('*X', '~X', 'P:X', 'X(SC)'), PORT, DUMMY and DUMMIES, LEAGUE, special home centres ('&SC',
'*', '+', '@', '~'), and IN and FROM blocks. Marks stay in the lines as written (on the Place's entries and the
Power's home centres, so that a rename carries them) until the document is made; each refusal names file and line."""
from __future__ import annotations

import copy
import re
from typing import Any, Callable

# (The reader's Board and Line, judge.maps.dpjudge_board, are only passed through here: the board module imports this
# one, so this one names them only in annotations.)
Board = Line = Any

from judge.maps import Map, MapError
from judge.maps.changes import POWER_CHANGES

_HOME_MARKS = "*+~@"        # DPjudge's prefixes: partisan, factory, hidden, alternative ('-' removes)
_SEASONS = {"SPRING": "spring", "FALL": "fall", "WINTER": "winter"}
_BOARD = {"DROP", "USE", "USES", "MAP"}      # (terrain lines may change in a block: the places must stay as they are)
_OPEN = {"WATER": "WATER", "LAND": "LAND", "COAST": "COAST", "PORT": "PORT"}
_ENTRY = re.compile(r"^(?:(?P<who>[^:]*):)?(?P<pre>[^\w(]*)(?P<dest>[\w/]+?)(?P<post>[^\w(]*)(?:\((?P<need>[^)]*)\))?"
                    r"(?P<tail>[^\w(]*)$")


# -- restricted adjacencies -----------------------------------------------------------------------------------------

def split_entry(token: str) -> tuple[str, list[str]]:
    """An ABUTS entry -> (the place it names, as written; DPjudge's marks: '*', '~', 'R:' (power letters), 'CON)'
    (centres)). ValueError says what is wrong."""
    if token[0].isalnum() and token[-1].isalnum() and ":" not in token and "(" not in token:
        return token, []
    m = _ENTRY.match(token)
    if m is None:
        raise ValueError("expected marks around a place: *X, ~X, X~, P:X, X(SC)")
    codes = []
    if m.group("who") is not None:
        if not re.fullmatch(r"[A-Z0-9]+", m.group("who").upper()):
            raise ValueError("before ':' come the letters of the powers that may cross")
        codes.append(m.group("who").upper() + ":")
    if m.group("need") is not None:
        codes.append(m.group("need").upper() + ")")
    for c in m.group("pre") + m.group("post") + m.group("tail"):
        if c not in "*~":
            raise ValueError(f"{c!r} is no restriction DPjudge knows (*, ~, P:X, X(SC))")
        codes.append(c)
    return m.group("dest"), codes


def check_entry(token: str, where: str) -> None:
    """At its line: an entry's marks must be DPjudge's (the powers' letters are checked with the document)."""
    try:
        split_entry(token)
    except ValueError as exc:
        raise MapError(f"{where}: {token!r}: {exc}") from None


def forget(board: Board, place: str, gone: str) -> None:
    """'-X' on a place's line: as in DPjudge, every restriction with X at either end is forgotten (the entries stay)."""
    x = gone.upper()[:3]

    def plain(entry: str) -> str:
        return split_entry(entry)[0]
    for key, p in board.places.items():
        if key.upper()[:3] == x:
            p.abuts = [plain(e) for e in p.abuts]
        else:
            p.abuts = [plain(e) if plain(e).upper()[:3] == x else e for e in p.abuts]


# -- powers: DUMMY, LEAGUE, special home centres ---------------------------------------------------------------------

def dummy_line(reader: Board, line: Line, power_id: Callable[[str, str], str]) -> None:
    """DUMMY (the power just declared), DUMMY/DUMMIES <powers>, ALL, ALL EXCEPT <powers>."""
    words, where = line.words, line.where
    up = [w.upper() for w in words]
    if len(up) == 1:
        if up[0] == "DUMMIES":
            raise MapError(f"{where}: DUMMIES names the powers that start as dummies")
        if reader.current is None:
            raise MapError(f"{where}: DUMMY before any power line")
        reader.powers[reader.current].dummy = where
        return
    if up[1] != "ALL":
        names = [power_id(w, where) for w in words[1:]]
    elif len(up) == 2:
        names = list(reader.powers)
    elif up[2] != "EXCEPT" or len(up) == 3:
        raise MapError(f"{where}: expected {up[0]} ALL or {up[0]} ALL EXCEPT <powers>")
    else:
        keep = {power_id(w, where) for w in words[3:]}
        names = [p for p in reader.powers if p not in keep]
    for n in names:
        if n not in reader.powers:
            raise MapError(f"{where}: {up[0]} {n}: no such power (yet)")
        reader.powers[n].dummy = where
    reader.current = None


def league_line(reader: Board, line: Line) -> None:
    """LEAGUE name [STRICT | BENIGN [other leagues]], after a power line."""
    where = line.where
    if reader.current is None:
        raise MapError(f"{where}: LEAGUE before any power line")
    power = reader.powers[reader.current]
    if power.league is not None:
        raise MapError(f"{where}: {reader.current} is in a league already ({power.league[1]})")
    up = [w.upper() for w in line.words[1:]]
    if not up or len(up) > 1 and up[1] not in ("STRICT", "BENIGN") or up[1:2] == ["STRICT"] and len(up) > 2:
        raise MapError(f"{where}: expected LEAGUE <name>, LEAGUE <name> STRICT or LEAGUE <name> BENIGN "
                       "[<other leagues>]")
    power.league = (up, where)


def special_home(board: Board, homes: list[str], word: str, remove: bool, where: str) -> None:
    """A home-centre word with DPjudge's marks ('&SC', '*SIB', '+KRA', '@CAL(NYO)', '~NYO'), kept in the power's
    home centres as written; as in DPjudge, a word first takes back whatever that power had at that site."""
    if homes is board.unowned:
        raise MapError(f"{where}: {word!r}: only a power has claimed, partisan, factory, alternative or hidden "
                       "centres (not UNOWNED)")
    if word == "&SC":
        if remove:
            if "&SC" not in homes:
                raise MapError(f"{where}: -&SC: no claimed home centre left to remove")
            homes.remove("&SC")
        else:
            homes.append("&SC")
        board.mark_lines.setdefault(word, where)
        return
    site, marks, limits = _home_parts(word, where)
    homes[:] = [h for h in homes if h == "&SC" or _home_parts(h, where)[0] != site]
    if not remove:
        homes.append(word)
        board.mark_lines.setdefault(word, where)


def _home_parts(word: str, where: str) -> tuple[str, str, list[str]]:
    marks = ""
    while word and word[0] in _HOME_MARKS:
        marks, word = marks + word[0], word[1:]
    limits: list[str] = []
    if "(" in word and word.endswith(")"):
        word, inside = word[:-1].split("(", 1)
        limits = [x for x in inside.split(",") if x]
        if "@" not in marks:
            raise MapError(f"{where}: {word}({inside}): only an alternative home centre (@) has limits")
    if not word or not word.isalnum() or not word[0].isalnum():
        raise MapError(f"{where}: {word!r} is no centre (DPjudge writes e.g. *SIB, +KRA, @CAL(NYO), ~NYO, &SC)")
    return word, marks, limits


# -- IN and FROM ----------------------------------------------------------------------------------------------------

def block_line(reader: Board, line: Line) -> None:
    """IN <when> / FROM <phase> (the file's next lines, up to the next such line) or 'IN <when>: <line>': lines
    DPjudge applies only in (or from) those phases."""
    up = line.words[0].upper()
    when, _, rest = " ".join(line.words[1:]).partition(":")
    key = (up.lower(), _when(up, when.strip(), line.where))
    reader.dynamic.setdefault(key, ([], line.where))
    reader.dynamic_block = None
    if rest.strip():
        keep_line(reader, line._replace(text=rest.strip(), words=rest.split()), key)
    else:
        reader.dynamic_block = key


def keep_line(reader: Board, line: Line, key: tuple[str, str] | None = None) -> None:
    """A line of an IN or FROM block, kept for the document: one that adds, drops or renames places is refused."""
    key = key or reader.dynamic_block
    if line.words[0].upper() in _BOARD or "=" in line.text:
        raise MapError(f"{line.where}: this judge does not play map changes that add, drop or rename places during "
                       f"the game ({key[0].upper()} {key[1]}): units would be stranded")
    reader.dynamic[key][0].append(line)


def opened(reader: Board) -> dict[str, str]:
    """Places SHUT in some phases and open in others (loeb9's Arctic, WATER in spring): place as written -> the
    terrain it has when open. Such a place is a province in every phase, without adjacency while shut, so that a
    unit there stays (and only holds) while it is shut, as DPjudge's HIBERNATE keeps it."""
    out = {k: p.terrain for k, p in reader.places.items() if p.terrain in _OPEN}
    for lines, _ in reader.dynamic.values():
        for line in lines:
            kind = line.words[0].upper()
            if kind in _OPEN and len(line.words) > 1:
                out.setdefault(line.words[1], kind)
                out.setdefault(line.words[1].swapcase(), kind)
    shut_somewhere = {k for k, p in reader.places.items() if p.terrain == "SHUT"} | {
        line.words[1] for lines, _ in reader.dynamic.values() for line in lines
        if line.words[0].upper() == "SHUT" and len(line.words) > 1}
    return {k: out[k] for k in shut_somewhere if k in out}


def _when(kind: str, when: str, where: str) -> str:
    """DPjudge's IN <when> (a season, or a phase or its beginning: S1901M, W1939A, S1901) or FROM <phase>."""
    up = when.upper()
    if kind == "IN" and up in _SEASONS:
        return _SEASONS[up]
    if kind == "IN" and re.fullmatch(r"[SFW](\d{1,4}[MRA]?)?", up):
        return up
    if kind == "FROM" and re.fullmatch(r"[SF]\d{4}M|W\d{4}A", up):
        return up
    expected = "a season, or a phase or its beginning (S1901M, W1939A, S1901)" if kind == "IN" else \
        "a movement or adjustment phase (S1905M)"
    raise MapError(f"{where}: {kind} {when}: expected {expected}")


# -- the document -----------------------------------------------------------------------------------------------------

def take(board: Board) -> tuple[Board, dict]:
    """The board without its marks (a copy), and what the marks say: restrictions by (place, province), and each
    power's claims, partisans, factories, alternatives and hidden centres."""
    plain = copy.deepcopy(board)
    borders: dict[tuple[str, str], tuple[list[str], str]] = {}
    for key, place in plain.places.items():
        entries = []
        for e in place.abuts:
            dest, codes = split_entry(e)
            if codes:
                old = borders.get((key.upper(), dest.upper()[:3]), ([], place.where))[0]
                borders[(key.upper(), dest.upper()[:3])] = (old + [c for c in codes if c not in old], place.where)
            entries.append(dest)
        place.abuts = entries
    specials: dict[str, dict] = {}
    for name, power in plain.powers.items():
        kept, info = [], {}
        for word in power.homes:
            where = board.mark_lines.get(word, power.where)
            if word == "&SC":
                info["claims"] = info.get("claims", 0) + 1
                continue
            site, marks, limits = _home_parts(word, where)
            if "@" in marks:
                info.setdefault("alternatives", {})[site] = limits
            if "~" in marks:
                info.setdefault("hidden", []).append(site)
            if "*" in marks:
                info.setdefault("partisans", []).append(site)
            elif "+" in marks:
                info.setdefault("factories", []).append(site)
            else:
                kept.append(site)
            if marks:
                info.setdefault("_lines", {})[site] = where
        power.homes = kept
        specials[name] = info
    return plain, {"borders": borders, "specials": specials}


def extend(board: Board, taken: dict, doc: dict) -> None:
    """Put the features into the variant document (judge/maps/FORMAT.md)."""
    powers, provinces = doc["powers"], doc["provinces"]
    by_letter = {info["letter"]: p for p, info in powers.items()}
    borders = []
    for (src, dst), (codes, where) in sorted(taken["borders"].items()):
        entry: dict = {"from": src, "to": dst}
        if "*" in codes and "~" in codes:
            raise MapError(f"{where}: {src} -> {dst} is marked both * and ~")
        if "*" in codes or "~" in codes:
            entry["strength"] = "half" if "*" in codes else "none"
        for code in codes:
            if code.endswith(":"):
                unknown = [c for c in code[:-1] if c not in by_letter]
                if unknown:
                    raise MapError(f"{where}: {code}{dst}: no power has the letter {unknown[0]}")
                entry["powers"] = sorted({*entry.get("powers", []), *(by_letter[c] for c in code[:-1])})
            elif code.endswith(")"):
                entry["owner_of"] = [*entry.get("owner_of", []), *(c for c in code[:-1].split(",") if c)]
        if len(entry) > 2:
            borders.append(entry)
    if borders:
        doc["borders"] = borders
    for name, power in board.powers.items():
        info = powers[name]
        if power.dummy:
            info["dummy"] = True
        if power.league is not None:
            words = power.league[0]
            info["league"] = {"name": words[0], **({"rule": words[1].lower()} if len(words) > 1 else {}),
                              **({"friends": words[2:]} if words[2:] else {})}
        special = dict(taken["specials"].get(name, {}))
        lines = special.pop("_lines", {})
        _check_sites(name, special, provinces, lines, power.where)
        info.update(special)


def _check_sites(name: str, special: dict, provinces: dict, lines: dict, fallback: str) -> None:
    for key, what in (("partisans", "partisan"), ("factories", "factory")):
        for site in special.get(key, []):
            where = lines.get(site, fallback)
            if site not in provinces or provinces[site]["terrain"] == "sea":
                raise MapError(f"{where}: {name}'s {what} site {site} is no land or coast on the map")
            if provinces[site].get("center"):
                raise MapError(f"{where}: {name}'s {what} site {site} is a supply centre (DPjudge: partisan and "
                               "factory sites are not)")
    for alt, limits in special.get("alternatives", {}).items():
        for h in limits:
            if provinces.get(h, {}).get("home") != name or h in special["alternatives"]:
                raise MapError(f"{lines.get(alt, fallback)}: @{alt}({','.join(limits)}): {h} is not one of {name}'s "
                               "other home centres")


def changes(reader: Any, doc: dict, document: Callable[[Any], dict]) -> None:
    """Each IN or FROM block as a change of the document (judge.maps.changes): the reader's state with the block's
    lines read after the rest, compared with the document. A block that changes the board is refused."""
    if not reader.dynamic:
        return
    out = []
    for key, (lines, block) in reader.dynamic.items():
        other = copy.deepcopy(reader)
        other.open_places = opened(reader)
        other.dynamic, other.dynamic_block = {}, None
        try:
            for line in lines:
                other.line(line)
            changed = document(other)
        except MapError as exc:
            raise MapError(f"{block}: in this {key[0].upper()} block: {exc}") from None
        out.append({key[0]: key[1], **_difference(doc, changed, block)})
    doc["changes"] = out


def _homes(doc: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for abbr, p in sorted(doc["provinces"].items()):
        if p.get("home"):
            out.setdefault(p["home"], []).append(abbr)
    return out


def _difference(base: dict, changed: dict, where: str) -> dict:
    """What an IN or FROM block changes, in the keys judge.maps.changes takes; the board may not change."""
    out: dict = {}
    for key in sorted(set(base) | set(changed)):
        if base.get(key) == changed.get(key) or key == "description":
            continue
        if key == "provinces":
            strip = [{a: {k: v for k, v in p.items() if k != "home"} for a, p in d[key].items()}
                     for d in (base, changed)]
            if strip[0] != strip[1]:
                raise MapError(f"{where}: this judge does not play map changes that change a place's terrain or "
                               "coasts during the game (only whether it is open, and who may cross where): units "
                               "would be stranded")
            old, new = _homes(base), _homes(changed)
            out["homes"] = {p: new.get(p, []) for p in sorted(set(old) | set(new)) if old.get(p) != new.get(p)}
        elif key == "powers":
            if set(base[key]) != set(changed[key]):
                raise MapError(f"{where}: this judge does not play powers that come or go during the game")
            out["powers"] = {p: v for p, v in changed[key].items() if base[key][p] != v}
            for p, v in out["powers"].items():
                for k in sorted(set(v) | set(base[key][p])):
                    if k not in POWER_CHANGES and v.get(k) != base[key][p].get(k):
                        raise MapError(f"{where}: this judge does not play a change of {p}'s {k} during the game")
        elif key in ("victory", "builds", "build_limit"):
            out[key] = changed[key]
        elif key in ("army", "fleet"):
            old, new = base.get(key, {}), changed.get(key, {})
            out[key] = {loc: new.get(loc, []) for loc in sorted(set(old) | set(new)) if old.get(loc) != new.get(loc)}
        elif key == "borders":
            out[key] = changed.get(key, [])
        else:
            raise MapError(f"{where}: this judge does not play a change of {key!r} during the game")
    return out


def absorb(board: Board, m: Map) -> None:
    """USE of a variant this judge offers: its features, in the form its DPjudge lines would have left."""
    letters = m.power_letters
    for (src, dst), b in m.borders.items():
        codes = "".join(letters[p] for p in sorted(b.powers)) + ":" if b.powers else ""
        mark = {"half": "*", "none": "~"}.get(b.strength, "")
        need = f"({','.join(b.owner_of)})" if b.owner_of else ""
        for key in (src, src.lower()):
            place = board.places.get(key)
            if place is not None:
                place.abuts = [f"{codes}{mark}{e}{need}" if e.upper()[:3] == dst else e for e in place.abuts]
    for power in m.powers:
        p = board.powers[power]
        p.dummy = "used" if power in m.dummies else ""
        lg = m.leagues.get(power)
        if lg is not None:
            p.league = ([lg.name, *([lg.rule.upper()] if lg.rule else []), *lg.friends], m.source or m.name)
        pb = m.power_builds.get(power)
        if pb is not None:
            marked = {a: "@" for a in pb.alternatives}
            for h in pb.hidden:
                marked[h] = "~" + marked.get(h, "")
            p.homes = [f"{marked.get(h, '')}{h}" + (f"({','.join(pb.alternatives[h])})" if pb.alternatives.get(h)
                                                   else "") for h in p.homes]
            p.homes += ["&SC"] * pb.claims + [f"*{s}" for s in pb.partisans] + [f"+{s}" for s in pb.factories]


__all__ = ["split_entry", "check_entry", "forget", "dummy_line", "league_line", "special_home", "block_line",
           "keep_line", "opened", "take", "extend", "changes", "absorb"]
