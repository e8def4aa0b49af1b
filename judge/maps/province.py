"""A province of a map (judge.maps.Province). A module of its own: judge.maps is compiled in the compiled build, and a
class on a judge.plain base must stay Python (a compiled one does not read the fields its __init__ sets)."""
from __future__ import annotations

from judge.plain import Frozen


class Province(Frozen):
    """A province of a map: its abbreviation, name, terrain, supply centre and home, coasts."""
    abbr: str
    name: str
    terrain: str
    center: bool
    home: str | None
    coasts: tuple[str, ...]
    _fields = ("abbr", "name", "terrain", "center", "home", "coasts")

    def __init__(self, abbr: str, name: str, terrain: str, center: bool = False, home: str | None = None,
                 coasts: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "__dict__", {"abbr": abbr, "name": name, "terrain": terrain, "center": center,
                                              "home": home, "coasts": coasts})


__all__ = ["Province"]
