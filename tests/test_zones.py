"""Time zone names: the usual ones are checked without scanning the whole tz database (each `judge deliver` and each
cron `judge process` reads config.ini's zone), and that quick way accepts exactly what the full table accepts."""
import zoneinfo

import pytest

from judge import zones


@pytest.fixture
def no_scan(monkeypatch):
    """The database may not be scanned: available_timezones fails, and no table built before is used."""
    def refuse():
        raise AssertionError("the whole tz database was scanned")
    monkeypatch.setattr(zoneinfo, "available_timezones", refuse)
    zones._names.cache_clear()
    zones._listed.cache_clear()
    yield
    zones._names.cache_clear()
    zones._listed.cache_clear()


@pytest.mark.parametrize("given, canonical", [("UTC", "UTC"), ("utc", "UTC"), (" gmt ", "GMT"),
                                              ("europe/paris", "Europe/Paris"), ("AMERICA/NEW_YORK", "America/New_York")])
def test_usual_names_are_read_without_a_scan(no_scan, given, canonical):
    assert zones.canonical_zone(given) == canonical


def test_the_quick_way_accepts_only_what_the_full_table_accepts():
    full = zones._names()
    quick = {k: v for k, v in zones._listed().items() if zones._loads(v)}
    assert quick and set(quick.items()) <= set(full.items())
    # and every accepted name, in any case, comes back in its one spelling
    for name in full.values():
        assert zones.canonical_zone(name.upper()) == name
        assert zones.canonical_zone(name.lower()) == name


def test_etc_zones_are_still_accepted():
    assert zones.canonical_zone("etc/gmt-1") == "Etc/GMT-1"


@pytest.mark.parametrize("given, message", [
    ("Mars/Olympus_Mons", "unknown time zone"), ("localtime", "depends on how this host is set up"),
    ("posix/Europe/Paris", "depends on how this host is set up"), ("Europe/Kiev", "old name for Europe/Kyiv"),
    ("EST", "legacy name"), ("", "unknown time zone")])
def test_refusals_are_unchanged(given, message):
    with pytest.raises(ValueError, match=message):
        zones.canonical_zone(given)
