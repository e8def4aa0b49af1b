"""An order as read from its text, before anything about it is checked (judge.orders.parser reads it)."""
from __future__ import annotations

from judge.plain import Plain


class Place(Plain):
    """A place as an order names it: a province, perhaps a coast, and the words written."""
    province: str
    coast: str | None             # NC, SC, EC, or WC (which no standard province has: a garbage coast)
    text: str
    _fields = ("province", "coast", "text")

    def __init__(self, province: str, coast: str | None = None, text: str = "") -> None:
        self.province = province
        self.coast = coast
        self.text = text

    def __str__(self) -> str:
        return self.province + (f"/{self.coast}" if self.coast else "")


class Parsed(Plain):
    """An order as read from its text, before it is bound to the board (judge.orders.validate)."""
    action: str                              # hold move support convoy retreat disband build remove waive
    text: str
    kind: str | None                         # unit type as written, if any
    place: Place | None                      # the ordered unit's place (or the build site)
    path: list[Place]                        # move/retreat: written path, the last is the destination
    via: bool
    target_kind: str | None
    target: Place | None                     # supported / convoyed unit
    target_dest: Place | None                # its destination (None: support to hold)
    _fields = ("action", "text", "kind", "place", "path", "via", "target_kind", "target", "target_dest")

    def __init__(self, action: str, text: str, kind: str | None = None, place: Place | None = None,
                 path: list[Place] | None = None, via: bool = False, target_kind: str | None = None,
                 target: Place | None = None, target_dest: Place | None = None) -> None:
        self.action = action
        self.text = text
        self.kind = kind
        self.place = place
        self.path = [] if path is None else path
        self.via = via
        self.target_kind = target_kind
        self.target = target
        self.target_dest = target_dest


__all__ = ["Parsed", "Place"]
