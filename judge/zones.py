"""The time zone names a game or config.ini may use: canonical IANA names, which mean the same on every host."""
from __future__ import annotations

import zoneinfo
from functools import lru_cache
from pathlib import Path

# Names whose meaning is the host's, not the IANA database's: the host's own zone, a POSIX fallback, a placeholder,
# and the trees of the same zones built another way (posix/ without, right/ with leap seconds in the clock).
HOST_DEPENDENT = frozenset({"localtime", "posixrules", "factory"})
HOST_TREES = ("posix/", "right/")
ALWAYS = ("UTC", "GMT")          # the two universal names (DPjudge's default is GMT)
EXAMPLE = "e.g. Europe/Paris, America/New_York or UTC"


def _data_files(name: str) -> list[Path]:
    """The tz database's own files of this name: the host's, then the tzdata package's (if it is installed)."""
    out = [Path(d) / name for d in zoneinfo.TZPATH]
    try:
        from importlib import resources
        out.append(Path(str(resources.files("tzdata").joinpath("zoneinfo", name))))
    except (ImportError, TypeError):
        pass
    return [p for p in out if p.is_file()]


@lru_cache(maxsize=1)
def _zone_tab() -> frozenset[str]:
    """zone.tab's names (one or more per country, the names people know); empty where the host has no zone.tab."""
    listed: set[str] = set()
    for tab in _data_files("zone.tab")[:1]:
        for line in tab.read_text(encoding="utf-8").splitlines():
            fields = line.split("\t")
            if len(fields) >= 3 and not line.startswith("#"):
                listed.add(fields[2])
    return frozenset(listed)


def _own_to_host(name: str) -> bool:
    low = name.lower()
    return low in HOST_DEPENDENT or low.startswith(HOST_TREES)


@lru_cache(maxsize=1)
def _listed() -> dict[str, str]:
    """Lower-case name -> its spelling, for zone.tab's names and UTC/GMT: what _names holds of them when this host
    can load them, read without scanning the whole database."""
    return {n.lower(): n for n in _zone_tab() | set(ALWAYS) if not _own_to_host(n)}


def _loads(name: str) -> bool:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Lower-case name -> its spelling, for every name accepted: zone.tab's, Etc/ (fixed offsets) and UTC/GMT, each
    as long as this host can load it."""
    available = zoneinfo.available_timezones()      # (opens every file of the database: some 600)
    listed = set(_zone_tab()) or set(available)     # no zone.tab anywhere: what the host offers, less its own
    listed |= {n for n in available if n.startswith("Etc/")} | set(ALWAYS)
    ok = {n for n in listed if n in available and not _own_to_host(n)}
    return {n.lower(): n for n in ok}


@lru_cache(maxsize=1)
def _links() -> dict[str, str]:
    """Lower-case old name -> the zone it now stands for (tzdata.zi's link lines), for a helpful refusal."""
    out: dict[str, str] = {}
    for zi in _data_files("tzdata.zi")[:1]:
        for line in zi.read_text(encoding="utf-8").splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[0] == "L":
                out[fields[2].lower()] = fields[1]
    return out


def canonical_zone(name: str) -> str:
    """The canonical spelling of a time zone name a player, a master or the keeper gave (any case), or ValueError
    saying why not and what to use instead."""
    text = name.strip()
    key = text.lower()
    found = _listed().get(key)          # the usual name (the config's, a SET ZONE's): no scan of the database
    if found is not None and _loads(found):
        return found
    found = _names().get(key)
    if found is not None:
        return found
    if _own_to_host(key):
        raise ValueError(f"time zone {text!r} depends on how this host is set up: use a zone name, {EXAMPLE}")
    target = _links().get(key)
    if target is not None and target.lower() in _names():
        raise ValueError(f"time zone {text!r} is an old name for {target}: use {target}")
    if text in zoneinfo.available_timezones():
        raise ValueError(f"time zone {text!r} is a legacy name, not a place's zone: use a zone name, {EXAMPLE}")
    raise ValueError(f"unknown time zone {text[:40]!r}: use a zone name, {EXAMPLE}")


def config_zone(name: str) -> str:
    """canonical_zone for config.ini: an old name of a zone (US/Pacific) or the posix/ tree's copy of one is read as
    the zone it names, so that a config.ini an earlier release took still starts the judge after an upgrade (the
    meaning is the same; games store the canonical name). Anything else as canonical_zone."""
    text = name.strip()
    try:
        return canonical_zone(text)
    except ValueError:
        key = text.lower()
        plain = key[len("posix/"):] if key.startswith("posix/") else key
        target = _names().get(plain) or _links().get(plain)
        if target is not None and target.lower() in _names():
            return _names()[target.lower()]
        raise
