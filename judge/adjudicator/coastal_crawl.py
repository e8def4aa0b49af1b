"""DPjudge's COASTAL_CRAWL (house rule coastal_crawl): two fleets moving into each other's province, one of them on a
coast of a province with several, pass each other unless each is heading for the very place the other stands on.
(F SPA/SC - POR and F POR - SPA/NC pass; F SPA/NC - POR and F POR - SPA/NC meet head to head and bounce; an army
has no coast, so it always meets the other head to head.) Read by both movement engines."""
from __future__ import annotations

from judge.position import Unit


def _apart(dest: str, loc: str) -> bool:
    """Two places of one province that are different coasts (a place without a coast is any of them, as DPjudge
    matches a location by its start)."""
    return dest != loc and "/" in dest and "/" in loc


def pass_each_other(a: Unit, a_dest: str, b: Unit, b_dest: str) -> bool:
    """Do unit a (moving to a_dest) and unit b (moving to b_dest), in each other's province, pass each other?"""
    return a.kind == b.kind == "F" and (_apart(a_dest, b.loc) or _apart(b_dest, a.loc))
