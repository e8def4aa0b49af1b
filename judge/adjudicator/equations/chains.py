"""Closed chains of moves (circular movement, DATC 5.B.9), found for the resolver's cycles."""
from __future__ import annotations

from collections.abc import Sequence


def closed_chains(occupant: dict[str, int], dest: Sequence[str | None], h2h: Sequence[int],
                  moves: list[int]) -> list[int]:
    """The moves among `moves` (unit indices) that form closed chains of units each moving into the next one's
    province. `occupant` maps a province to the unit in it, `dest` a unit to its move's destination, `h2h` a unit to
    the unit it meets head to head (a pair of land moves into each other's province is a battle, never a ring)."""
    inside = set(moves)
    nxt = {}
    for i in moves:
        j = occupant.get(dest[i], -1)
        if j in inside and h2h[i] != j:
            nxt[i] = j
    on_ring: list[int] = []
    done: set[int] = set()
    for start in moves:
        trail: list[int] = []
        seen: dict[int, int] = {}
        i = start
        while i in nxt and i not in done and i not in seen:
            seen[i] = len(trail)
            trail.append(i)
            i = nxt[i]
        if i in seen:
            on_ring.extend(trail[seen[i]:])
        done.update(trail)
    return on_ring
