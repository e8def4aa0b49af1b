"""DPjudge map directives for what judge.maps.features models, read into our variant document: restricted
adjacencies ('*X', '~X', 'P:X', 'X(SC)'), DUMMY and DUMMIES, LEAGUE, and special home centres ('&SC', '*', '+', '@',
'~'). The reader (judge.maps.dpjudge_format) hands these lines and words over; each refusal names file and line."""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from judge.maps import Map, MapError
from judge.maps.changes import POWER_CHANGES

_SPECIAL_HOME = "*+~@"       # DPjudge's prefixes: partisan, factory, hidden, alternative ('-' removes)


@dataclass
class Extras:
    """What these directives leave, as the lines are read (later lines amend earlier ones, as in DPjudge)."""
    borders: dict[tuple[str, str], tuple[list[str], str]] = field(default_factory=dict)  # (place, province) ->
    # (DPjudge's codes: '*', '~', 'R:' (power letters), 'CON)' (centres), where)
    dummies: dict[str, str] = field(default_factory=dict)           # power -> where
    leagues: dict[str, tuple[list[str], str]] = field(default_factory=dict)   # power -> (words, where)
    claims: dict[str, int] = field(default_factory=dict)
    partisans: dict[str, list[str]] = field(default_factory=dict)
    factories: dict[str, list[str]] = field(default_factory=dict)
    alternatives: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    hidden: dict[str, list[str]] = field(default_factory=dict)
    lines: dict[tuple[str, str], str] = field(default_factory=dict)   # (power, centre) -> where it was marked
    dynamic: dict[tuple[str, str], list[tuple[str, list[str], str]]] = field(default_factory=dict)  # IN/FROM
    # blocks: ("in"/"from", when) -> their lines (line, words, where)
    dynamic_where: dict[tuple[str, str], str] = field(default_factory=dict)
    collecting: tuple[str, str] | None = None      # the IN or FROM block the file's next lines belong to

    # -- IN and FROM --------------------------------------------------------------------------------------------------
    def dynamic_line(self, line: str, words: list[str], where: str) -> bool:
        """IN <when> / FROM <phase> (the lines after it, to the end of the file or the next such line), or
        'IN <when>: <line>': lines DPjudge applies only in (or from) those phases. True: the line is taken here."""
        up = words[0].upper()
        if up not in ("IN", "FROM"):
            if self.collecting is None:
                return False
            self._keep(self.collecting, line, words, where)
            return True
        when, _, rest = " ".join(words[1:]).partition(":")
        key = (up.lower(), _when(up, when.strip(), where))
        self.dynamic.setdefault(key, [])
        self.dynamic_where.setdefault(key, where)
        self.collecting = None
        if rest.strip():
            self._keep(key, rest.strip(), rest.split(), where)
        else:
            self.collecting = key
        return True

    def _keep(self, key: tuple[str, str], line: str, words: list[str], where: str) -> None:
        if words[0].upper() in _BOARD or "=" in line:
            raise MapError(f"{where}: this judge does not play map changes that alter the board during the game "
                           f"({key[0].upper()} {key[1]}: terrain, adjacency, places): units would be stranded")
        self.dynamic[key].append((line, words, where))

    def end_file(self) -> None:
        self.collecting = None

    def changes(self, reader: Any, doc: dict) -> None:
        """Each IN or FROM block as a change of the document (judge.maps.changes): the reader's state with the
        block's lines read after the rest, compared with the document. A block that changes the board is refused."""
        if not self.dynamic:
            return
        out = []
        folder = reader.files[0].parent
        for key, lines in self.dynamic.items():
            other = copy.deepcopy(reader)
            other.extras.dynamic, other.extras.collecting = {}, None
            block = self.dynamic_where[key]
            try:
                for line, words, where in lines:
                    other.line(line, words, where, folder)
                changed = other.document()
            except MapError as exc:
                raise MapError(f"{block}: in this {key[0].upper()} block: {exc}") from None
            out.append({key[0]: key[1], **_difference(doc, changed, block)})
        doc["changes"] = out

    # -- restricted adjacencies ----------------------------------------------------------------------------------
    def abut(self, place: str, token: str, where: str) -> str:
        """An ABUTS entry with DPjudge's restriction marks: the restriction is kept, the plain entry returned."""
        codes: list[str] = []
        dest = token
        if dest.count(":") == 1:
            who, dest = dest.split(":")
            codes.append(who.upper() + ":")
        if dest.count("(") == 1 and dest.endswith(")"):
            dest, need = dest.split("(")
            codes.append(need.upper())
        while dest and not dest[0].isalnum():
            codes.append(dest[0])
            dest = dest[1:]
        while dest and not dest[-1].isalnum():
            codes.append(dest[-1])
            dest = dest[:-1]
        if not dest:
            raise MapError(f"{where}: {token!r}: a restricted adjacency names the place it leads to")
        for code in codes:
            if code[-1] not in ":)" and code not in "*~":
                raise MapError(f"{where}: {token!r}: {code!r} is no restriction DPjudge knows (*, ~, P:X, X(SC))")
            if code[-1] == ":" and not re.fullmatch(r"[A-Z0-9]+:", code):
                raise MapError(f"{where}: {token!r}: before ':' come the letters of the powers that may cross")
        key = (place.upper(), dest[:3].upper())
        old = self.borders.get(key, ([], where))[0]
        self.borders[key] = (old + [c for c in codes if c not in old], where)
        return dest

    def forget(self, prefix: str) -> None:
        """'-X' in ABUTS and DROP X: DPjudge forgets every restriction with X at either end."""
        gone = prefix.upper()[:3]
        self.borders = {k: v for k, v in self.borders.items() if gone not in (k[0][:3], k[1])}

    # -- powers ---------------------------------------------------------------------------------------------------
    def dummy(self, words: list[str], current: str | None, powers: list[str], where: str,
              power_id: Any) -> None:
        """DUMMY (the power just declared), DUMMY/DUMMIES <powers>, ALL, ALL EXCEPT <powers>."""
        up = [w.upper() for w in words]
        if len(up) == 1:
            if up[0] == "DUMMIES":
                raise MapError(f"{where}: DUMMIES names the powers that start as dummies")
            if current is None:
                raise MapError(f"{where}: DUMMY before any power line")
            self.dummies.setdefault(current, where)
            return
        if up[1] != "ALL":
            names = [power_id(w, where) for w in words[1:]]
        elif len(up) == 2:
            names = list(powers)
        elif up[2] != "EXCEPT" or len(up) == 3:
            raise MapError(f"{where}: expected {up[0]} ALL or {up[0]} ALL EXCEPT <powers>")
        else:
            keep = {power_id(w, where) for w in words[3:]}
            names = [p for p in powers if p not in keep]
        for n in names:
            self.dummies.setdefault(n, where)

    def league(self, words: list[str], current: str | None, where: str) -> None:
        """LEAGUE name [STRICT | BENIGN [other leagues]], after a power line."""
        if current is None:
            raise MapError(f"{where}: LEAGUE before any power line")
        if current in self.leagues:
            raise MapError(f"{where}: {current} is in a league already ({self.leagues[current][1]})")
        up = [w.upper() for w in words[1:]]
        if not up or len(up) > 1 and up[1] not in ("STRICT", "BENIGN") or up[1:2] == ["STRICT"] and len(up) > 2:
            raise MapError(f"{where}: expected LEAGUE <name>, LEAGUE <name> STRICT or LEAGUE <name> BENIGN "
                           "[<other leagues>]")
        self.leagues[current] = (up, where)

    def home(self, power: str | None, word: str, remove: bool, homes: list[str], where: str) -> str | None:
        """A home-centre word with DPjudge's marks ('&SC', '*', '+', '~', '@', '(limits)'): its special part is kept
        here; the plain home centre it also is (for '@' and '~'), if any, is returned for the reader to add."""
        if power is None:
            raise MapError(f"{where}: {word!r}: only a power has claimed, partisan, factory, alternative or hidden "
                           "centres (not UNOWNED)")
        if word == "&SC":
            self.claims[power] = self.claims.get(power, 0) + (-1 if remove else 1)
            if self.claims[power] < 0:
                raise MapError(f"{where}: -&SC: {power} has no claimed home centre left to remove")
            return None
        marks = ""
        while word and word[0] in _SPECIAL_HOME:
            marks, word = marks + word[0], word[1:]
        limits: list[str] = []
        if "(" in word and word.endswith(")"):
            word, inside = word[:-1].split("(", 1)
            limits = [x for x in inside.split(",") if x]
        if not word or not word[0].isalpha() or not word.isalnum():
            raise MapError(f"{where}: {word!r} is no centre (DPjudge writes e.g. *SIB, +KRA, @CAL(NYO), ~NYO, &SC)")
        self.lines[(power, word)] = where
        self.alternatives.get(power, {}).pop(word, None)
        if word in self.hidden.get(power, []):
            self.hidden[power].remove(word)
        site = next((kept for kept in (self.factories, self.partisans) if word in kept.get(power, [])), None)
        if site is not None:
            site[power].remove(word)        # a partisan or factory site is no home centre: nothing more to undo
        if remove:
            return None if site is not None else word      # (the reader removes a home centre)
        if "@" in marks:
            self.alternatives.setdefault(power, {})[word] = limits
        elif limits:
            raise MapError(f"{where}: {word}({','.join(limits)}): only an alternative home centre (@) has limits")
        if "~" in marks:
            self.hidden.setdefault(power, []).append(word)
        if "*" in marks:
            self.partisans.setdefault(power, []).append(word)
        elif "+" in marks:
            self.factories.setdefault(power, []).append(word)
        else:
            return word
        return None

    def reset_homes(self, power: str) -> None:
        """HOME(S) and the first INHABITS replace a power's home centres, special ones included."""
        for kept in (self.claims, self.partisans, self.factories, self.alternatives, self.hidden):
            kept.pop(power, None)

    def absorb(self, m: Map) -> None:
        """USE of a variant this judge offers: its features, in the form these lines would have left."""
        letters = m.power_letters
        for (src, dst), b in m.borders.items():
            codes = {"half": ["*"], "none": ["~"]}.get(b.strength, [])
            if b.powers:
                codes.append("".join(letters[p] for p in sorted(b.powers)) + ":")
            if b.owner_of:
                codes.append(",".join(b.owner_of) + ")")
            self.borders[(src, dst)] = (codes, m.source or m.name)
        for p in m.dummies:
            self.dummies[p] = m.source or m.name
        for p, lg in m.leagues.items():
            self.leagues[p] = ([lg.name, *([lg.rule.upper()] if lg.rule else []), *lg.friends], m.source or m.name)
        for p, pb in m.power_builds.items():
            self.claims[p] = pb.claims
            self.partisans[p], self.factories[p] = list(pb.partisans), list(pb.factories)
            self.alternatives[p] = {a: list(lim) for a, lim in pb.alternatives.items()}
            self.hidden[p] = list(pb.hidden)

    # -- the document ---------------------------------------------------------------------------------------------
    def extend(self, doc: dict) -> None:
        """Put what was read into the variant document (judge/maps/FORMAT.md)."""
        powers = doc["powers"]
        by_letter = {info["letter"]: p for p, info in powers.items()}
        borders = []
        for (src, dst), (codes, where) in sorted(self.borders.items()):
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
        for name, where in self.dummies.items():
            if name not in powers:
                raise MapError(f"{where}: DUMMY {name}: no such power")
            powers[name]["dummy"] = True
        for name, (words, where) in self.leagues.items():
            if name in powers:
                league: dict = {"name": words[0]}
                if len(words) > 1:
                    league["rule"] = words[1].lower()
                if words[2:]:
                    league["friends"] = words[2:]
                powers[name]["league"] = league
        self._homes(doc)

    def _homes(self, doc: dict) -> None:
        powers = doc["powers"]
        for name in powers:
            info = powers[name]
            if self.claims.get(name):
                info["claims"] = self.claims[name]
            for key, kept in (("partisans", self.partisans), ("factories", self.factories),
                              ("hidden", self.hidden)):
                if kept.get(name):
                    info[key] = list(dict.fromkeys(kept[name]))
            if self.alternatives.get(name):
                info["alternatives"] = {a: list(lim) for a, lim in self.alternatives[name].items()}
        provinces = doc["provinces"]
        for name, info in powers.items():
            for key, what in (("partisans", "partisan"), ("factories", "factory")):
                for site in info.get(key, []):
                    where = self.lines.get((name, site), "(a USEd variant)")
                    if site not in provinces or provinces[site]["terrain"] == "sea":
                        raise MapError(f"{where}: {name}'s {what} site {site} is no land or coast on the map")
                    if provinces[site].get("center"):
                        raise MapError(f"{where}: {name}'s {what} site {site} is a supply centre (DPjudge: "
                                       "partisan and factory sites are not)")
            for alt, limits in info.get("alternatives", {}).items():
                for h in limits:
                    if provinces.get(h, {}).get("home") != name or h in info["alternatives"]:
                        where = self.lines.get((name, alt), "(a USEd variant)")
                        raise MapError(f"{where}: @{alt}({','.join(limits)}): {h} is not one of {name}'s other "
                                       "home centres")


_SEASONS = {"SPRING": "spring", "FALL": "fall", "WINTER": "winter"}
_BOARD = {"AMEND", "WATER", "LAND", "COAST", "PORT", "SHUT", "DROP", "USE", "USES", "MAP"}


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
        if base.get(key) == changed.get(key):
            continue
        if key == "provinces":
            strip = [{a: {k: v for k, v in p.items() if k != "home"} for a, p in d[key].items()}
                     for d in (base, changed)]
            if strip[0] != strip[1]:
                raise MapError(f"{where}: this judge does not play map changes that alter the board during the "
                               "game (terrain, adjacency, places): units would be stranded")
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
        elif key in ("army", "fleet", "borders"):
            raise MapError(f"{where}: this judge does not play map changes that alter the board during the game "
                           "(terrain, adjacency, places): units would be stranded")
        else:
            raise MapError(f"{where}: this judge does not play a change of {key!r} during the game")
    return out


__all__ = ["Extras"]
