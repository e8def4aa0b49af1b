"""An order as read from its text, before anything about it is checked (judge.orders.parser reads it)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Place:
    """A place as an order names it: a province, perhaps a coast, and the words written."""
    province: str
    coast: str | None = None      # NC, SC, EC, or WC (which no standard province has: a garbage coast)
    text: str = ""

    def __str__(self) -> str:
        return self.province + (f"/{self.coast}" if self.coast else "")


@dataclass
class Parsed:
    """An order as read from its text, before it is bound to the board (judge.orders.validate)."""
    action: str                              # hold move support convoy retreat disband build remove waive
    text: str
    kind: str | None = None                  # unit type as written, if any
    place: Place | None = None               # the ordered unit's place (or the build site)
    path: list[Place] = field(default_factory=list)   # move/retreat: written path, the last is the destination
    via: bool = False
    target_kind: str | None = None
    target: Place | None = None              # supported / convoyed unit
    target_dest: Place | None = None         # its destination (None: support to hold)


__all__ = ["Parsed", "Place"]
