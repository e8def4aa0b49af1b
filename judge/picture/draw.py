"""A position, or a phase's orders and outcome, -> the plain data the board template draws (pure: no I/O)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.orders import Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support
from judge.picture import items, legend, placement, routes, shapes
from judge.picture.geometry import Geometry
from judge.picture.items import RING_R, UNIT_R
from judge.picture.shapes import Point
from judge.picture.style import BORDER, IMPASSABLE, LAND, OFFBOARD, SEA, PowerStyle, failure_word, power_styles
from judge.position import Dislodged, Position, Unit

TOP = 56.0              # the title band above the map
GAP = 1.5               # an arrow stops this far from the edge of the unit it leaves or reaches
X_GAP = placement.X_R + 2.5    # a failed move stops this much further off: room for its X, clear of the unit
CENTRE_CLEAR = placement.X_R + 8.0  # ... and its X clear of the destination's centre dot (radius 6.8 drawn)


def edge(path: Sequence[Point], kind: str, at_end: bool = True, scale: float = 1.0) -> float:
    """How far from a unit's point its token's edge lies, along the path's first or last stretch: arrows start and
    end at a unit's edge (not in the middle of it, nor on the label beside it)."""
    a, b = (path[-2], path[-1]) if at_end else (path[1], path[0])
    if len(path) > 2:
        # the last stretch of a curve is short: look back along it as far as a token's size
        far = shapes.point_at(path if at_end else path[::-1], max(0.0, 1 - 20 / max(shapes.length(path), 1e-6)))
        a = far
    dx, dy = b[0] - a[0], b[1] - a[1]
    w, h = placement.TOKEN.get(kind, placement.TOKEN["F"])
    ts = [w * scale / abs(dx) if dx else float("inf"), h * scale / abs(dy) if dy else float("inf")]
    length = (dx * dx + dy * dy) ** 0.5
    return min(ts) * length if length else w * scale


def position_picture(m: Map, g: Geometry, position: Position, game: str = "") -> dict:
    """The board as it stands: ownership, units, dislodged units with their retreat options."""
    styles = power_styles(m)
    pic = _frame(m, g, position, styles, game, position.phase.describe(), "position")
    pic["units"] = [_unit(g, styles, u, u.loc) for u in _sorted_units(position.units.values())]
    for d in _sorted_dislodged(position.dislodged.values()):
        _add_dislodged(pic, g, styles, d)
    placement.place(pic, g)
    return pic


def results_picture(m: Map, g: Geometry, before: Position, results: Sequence[OrderResult], after: Position,
                    game: str = "", destroyed: Sequence[Dislodged] = (), subtitle: str = "") -> dict:
    """The phase just adjudicated: its orders as given with their outcome, on the board after it (`destroyed`: units
    dislodged with nowhere to go whose retreat phase was skipped, shown as the results mail tells of them). The
    subtitle names the next phase, or says `subtitle` instead (the phase that ended the game has no next one)."""
    styles = power_styles(m)
    kind = before.phase.kind
    pic = _frame(m, g, after, styles, game, f"{before.phase.describe()}: orders and results", "results")
    pic["subtitle"] = subtitle or f"next: {after.phase.describe()}"
    pic["units"] = [_unit(g, styles, u, u.loc) for u in _sorted_units(after.units.values())]
    if kind == "M":
        _movement(pic, m, g, styles, results, after.units)
    elif kind == "R":
        # (a unit with nowhere to go was shown destroyed with the movement, as its results mail says: the retreat
        # phase's text leaves its disbanding out, and so does its picture)
        _retreats(pic, g, styles, [r for r in results if not (isinstance(r.order, Disband)
                                                             and before.stranded(r.order.unit))])
    else:
        _adjustments(pic, g, styles, results)
    for d in _sorted_dislodged(after.dislodged.values() if after.phase.kind == "R" else destroyed):
        _add_dislodged(pic, g, styles, d)
    placement.place(pic, g)
    return pic


# -- the board --------------------------------------------------------------------------------------------------------

_OUTLINES: dict[int, tuple[Geometry, tuple[tuple[str, str, str], ...]]] = {}
_SPOTS: dict[tuple[int, str], Point] = {}


def _outlines(g: Geometry) -> tuple[tuple[str, str, str], ...]:
    """(key, path data, kind) per region, once per drawing: the outlines never change between pictures."""
    # keyed by identity (a Geometry holds dicts, so it cannot be hashed); the entry keeps g alive, so ids stay unique
    cached = _OUTLINES.get(id(g))
    if cached and cached[0] is g:
        return cached[1]
    out = [(abbr, shapes.rings_d(s.rings), "province") for abbr, s in g.provinces.items()]
    out += [(key, shapes.rings_d(s.rings), s.kind or "island") for key, s in g.other.items()]
    _OUTLINES[id(g)] = (g, tuple(out))
    return tuple(out)


def _frame(m: Map, g: Geometry, position: Position, styles: dict[str, PowerStyle], game: str, title: str,
           kind: str) -> dict:
    regions = []
    owners = position.centers
    for key, d, what in _outlines(g):
        if what == "province":
            terrain = m.provinces[key].terrain
            owner = owners.get(key)
            fill = styles[owner].fill if owner in styles else (SEA if terrain == "sea" else LAND)
            regions.append({"id": f"prov-{key}", "d": d, "fill": fill, "cls": terrain, "name": m.provinces[key].name})
        else:
            # Africa is land off the board: plain background reads better there than Switzerland's grey
            fill = IMPASSABLE if what == "impassable" and key != "AFR" else OFFBOARD
            regions.append({"id": f"other-{key}", "d": d, "fill": fill, "cls": what, "name": g.other[key].name})
    centres = []
    for abbr, s in g.provinces.items():
        if s.center is None:
            continue
        owner = owners.get(abbr)
        style = styles.get(owner) if owner else None
        centres.append({"id": f"sc-{abbr}", "x": s.center[0], "y": s.center[1], "owner": owner or "",
                        "fill": style.colour if style else "#ffffff", "ring": style.dark if style else "#333333"})
    labels = [{"x": s.label[0], "y": s.label[1], "text": abbr, "cls": m.provinces[abbr].terrain, "halo": False}
              for abbr, s in g.provinces.items()]
    labels += [{"x": s.label[0], "y": s.label[1], "text": s.name, "cls": "other", "halo": False}
               for s in g.other.values()]
    coasts = [{"x": p[0], "y": p[1], "text": c.lower()} for s in g.provinces.values() for c, p in s.coasts.items()]
    width, height = g.width, TOP + g.height + legend.height(len(m.powers), g.width)
    return {
        "kind": kind, "width": width, "height": height, "top": TOP, "map_width": g.width, "map_height": g.height,
        "game": game, "title": title, "subtitle": "", "border": BORDER,
        "regions": regions, "centres": centres, "labels": labels, "coasts": coasts,
        "orders": [], "units": [], "dislodged": [], "marks": [],
        "legend": legend.build(m, position, styles, width, TOP + g.height),
    }


def _sorted_units(units: Iterable[Unit]) -> list[Unit]:
    return sorted(units, key=lambda u: u.loc)


def _sorted_dislodged(dislodged: Iterable[Dislodged]) -> list[Dislodged]:
    return sorted(dislodged, key=lambda d: d.unit.loc)


def _unit(g: Geometry, styles: dict[str, PowerStyle], u: Unit, loc: str, *, point: Point | None = None,
          id_prefix: str = "unit", ghost: bool = False, dislodged: bool = False, scale: float = 1.0) -> dict:
    return items.token(styles[u.power], u.kind, point or g.location_point(loc), id_=f"{id_prefix}-{u.province}",
                       ghost=ghost, dislodged=dislodged, scale=scale)


def dislodged_point(g: Geometry, loc: str) -> Point:
    """Where a unit dislodged from loc is drawn: beside the unit point, clear of the label and centre marker."""
    _outlines(g)                                      # registers g, so that its id names it while cached
    key = (id(g), loc)
    if key not in _SPOTS:
        s = g.provinces[loc[:3]]
        avoid = [s.label, g.location_point(loc), *(p for p in (s.unit, s.center) if p), *s.coasts.values()]
        _SPOTS[key] = shapes.free_spot(g.location_point(loc), s.rings, avoid)
    return _SPOTS[key]


def _add_dislodged(pic: dict, g: Geometry, styles: dict[str, PowerStyle], d: Dislodged) -> None:
    """A dislodged unit beside its province, with a thin dotted arrow to each place it may retreat to."""
    spot = dislodged_point(g, d.unit.loc)
    pic["dislodged"].append(_unit(g, styles, d.unit, d.unit.loc, point=spot, id_prefix="dislodged", dislodged=True,
                                 scale=0.85))
    st = styles[d.unit.power]
    for dest in d.retreats:
        pts = shapes.trim(shapes.bent(spot, g.location_point(dest), bend=0.08), UNIT_R, UNIT_R)
        pic["orders"].append(items.arrow("option", pts, st, head=9.0, id_=f"retreat-{d.unit.province}-{dest[:3]}"))
    if not d.retreats:
        # The cross on the unit itself, its words placed clear of the rest: beside it, up and to the right, it lay on
        # the unit that took the province (the spot is chosen clear of that unit's point, not of what is near it).
        pic["marks"].append(items.mark("x", spot, "no retreat", g.width))


# -- orders -----------------------------------------------------------------------------------------------------------

def _convoy_route(m: Map, g: Geometry, move: Move, fleets: dict[str, Point]) -> list[Point]:
    """The points an army's convoyed move passes: its own, each convoying fleet's in order, its destination's.

    The player's written path is used when every sea on it convoys; otherwise the shortest chain of convoying
    fleets from the army's coast to the destination's (empty when there is none).
    """
    src, dest = move.unit.province, move.dest[:3]
    if move.path and all(p in fleets for p in move.path):
        chain = list(move.path)
    else:
        prev: dict[str, str | None] = {s: None for s in m.province_fleet_adj.get(src, ()) if s in fleets}
        queue, chain = list(prev), []
        while queue:
            sea = queue.pop(0)
            if dest in m.province_fleet_adj.get(sea, ()):
                node: str | None = sea
                while node:
                    chain.append(node)
                    node = prev[node]
                chain.reverse()
                break
            for nxt in m.province_fleet_adj.get(sea, ()):
                if nxt in fleets and nxt not in prev:
                    prev[nxt] = sea
                    queue.append(nxt)
    if not chain:
        return []
    return [g.location_point(move.unit.loc), *(fleets[s] for s in chain), g.location_point(move.dest)]


@dataclass
class _Movement:
    """What drawing any one order of a movement phase needs to know about the others."""
    g: Geometry
    styles: dict[str, PowerStyle]
    gone: set[str]                                      # provinces whose unit was dislodged: drawn beside them
    marks: list[dict]
    after: dict[str, Unit] = field(default_factory=dict)                    # the units after the phase, by province
    paths: dict[tuple[str, str], list[Point]] = field(default_factory=dict)    # each move's whole path
    convoyed: set[tuple[str, str]] = field(default_factory=set)              # moves that pass their fleets

    def where(self, unit: Unit) -> Point:
        """Where a unit's order starts: a dislodged unit's is beside its province, where it is drawn."""
        if unit.province in self.gone:
            return dislodged_point(self.g, unit.loc)
        return self.g.location_point(unit.loc)

    def kind_at(self, loc: str, moving: str) -> str:
        """The kind of unit standing at loc after the phase, or the one moving there: an arrow ends at its edge."""
        unit = self.after.get(loc[:3])
        return unit.kind if unit else moving

    def cross(self, at: Point, marks: tuple[str, ...]) -> None:
        self.marks.append(items.mark("x", at, failure_word(marks), self.g.width))


def _movement(pic: dict, m: Map, g: Geometry, styles: dict[str, PowerStyle], results: Sequence[OrderResult],
              after: dict[str, Unit]) -> None:
    ph = _Movement(g, styles, {r.order.unit.province for r in results if "dislodged" in r.marks}, pic["marks"],
                   after)
    _move_paths(ph, m, results)
    rings, supports, moves = [], [], []
    for r in results:
        o = r.order
        if isinstance(o, Hold):
            rings.append(items.ring("hold", ph.where(o.unit), styles[o.unit.power], id_=f"order-{o.unit.province}"))
        elif isinstance(o, Move):
            moves.append(_move(ph, o, r.marks))
        elif isinstance(o, Support):
            supports.append(_support(ph, o, r.marks))
        elif isinstance(o, Convoy):
            ring, offer = _convoy(ph, o, r.marks)
            rings.append(ring)
            supports.extend(offer)
    pic["orders"].extend(rings + supports + moves)     # rings under lines, supports under the moves they point at


def _move_paths(ph: _Movement, m: Map, results: Sequence[OrderResult]) -> None:
    """Every move's whole path, before any is drawn: a support for a move points at the middle of its arrow."""
    fleets: dict[tuple[str, str], dict[str, Point]] = {}
    for r in results:
        if isinstance(r.order, Convoy):
            key = (r.order.army.province, r.order.dest[:3])
            fleets.setdefault(key, {})[r.order.unit.province] = ph.g.location_point(r.order.unit.loc)
    for r in results:
        o = r.order
        if isinstance(o, Move):
            key = (o.unit.province, o.dest[:3])
            route = _convoy_route(m, ph.g, o, fleets[key]) if key in fleets and o.unit.province not in ph.gone else []
            if route:
                ph.convoyed.add(key)
                ph.paths[key] = shapes.through(route)
            else:
                ph.paths[key] = routes.move_path(ph.g, ph.where(o.unit), o.unit.province, o.dest, o.unit.kind == "A"
                                                 or "sea" in (m.provinces[key[0]].terrain, m.provinces[key[1]].terrain))


def _move(ph: _Movement, o: Move, marks: tuple[str, ...]) -> dict:
    failed = _failed(marks)
    path = ph.paths[(o.unit.province, o.dest[:3])]
    start = edge(path, o.unit.kind, at_end=False, scale=0.85 if o.unit.province in ph.gone else 1.0) + GAP
    end = edge(path, ph.kind_at(o.dest, o.unit.kind)) + GAP + X_GAP * failed
    pts = shapes.trim(path, start, end)
    if failed:
        # The cross short of the destination's centre dot, not on it (Sweden's lay under a bounce phase after phase).
        dot = ph.g.provinces[o.dest[:3]].center
        for _ in range(3):
            near = CENTRE_CLEAR - shapes.distance(pts[-1], dot) if dot is not None else 0.0
            if near <= 0 or shapes.length(pts) - near < 12:
                break
            end += near + 1
            pts = shapes.trim(path, start, end)
        ph.cross(pts[-1], marks)
        return items.arrow("move", pts, ph.styles[o.unit.power], failed=True, id_=f"order-{o.unit.province}")
    return items.arrow("move", pts, ph.styles[o.unit.power], head=13.0, id_=f"order-{o.unit.province}")


def _failed(marks: tuple[str, ...]) -> bool:
    """Did the order itself fail? A unit that held (or supported) and was dislodged still did what it was told."""
    return any(mark != "dislodged" for mark in marks)


def _support(ph: _Movement, o: Support, marks: tuple[str, ...]) -> dict:
    start, target, st, failed = ph.where(o.unit), ph.where(o.target), ph.styles[o.unit.power], _failed(marks)
    if o.dest:
        path = ph.paths.get((o.target.province, o.dest[:3]))
        # a support for a move nobody ordered points where that move would have gone
        aim = shapes.point_at(path or [target, ph.g.location_point(o.dest)], 0.5)
        pts = shapes.trim([start, aim], UNIT_R, 3)
        item = items.arrow("support", pts, st, failed=failed, id_=f"order-{o.unit.province}")
        item["dot"] = {"cx": pts[-1][0], "cy": pts[-1][1]}
    else:
        pts = shapes.trim([start, target], UNIT_R, RING_R)
        item = items.arrow("support-hold", pts, st, failed=failed, id_=f"order-{o.unit.province}")
        item["ring"] = {"cx": target[0], "cy": target[1], "r": RING_R}
    if failed:
        ph.cross(shapes.point_at(pts, 0.5), marks)
    return item


def _convoy(ph: _Movement, o: Convoy, marks: tuple[str, ...]) -> tuple[dict, list[dict]]:
    """A dotted ring on the fleet (the army's arrow passes through it); an offer line when no army came."""
    where, st, failed = ph.where(o.unit), ph.styles[o.unit.power], _failed(marks)
    ring = items.ring("convoy", where, st, failed=failed, id_=f"order-{o.unit.province}")
    offer = []
    if (o.army.province, o.dest[:3]) not in ph.convoyed:
        # no convoyed move passes this fleet: show what it offered, army to fleet to destination
        pts = shapes.through([ph.where(o.army), where, ph.g.location_point(o.dest)])
        offer.append(items.arrow("convoy-line", shapes.trim(pts, UNIT_R, UNIT_R), st, failed=True,
                                 id_=f"convoy-{o.unit.province}"))
    if failed:
        ph.cross((where[0] + RING_R * 0.7, where[1] - RING_R * 0.7), marks)
    return ring, offer


def _retreats(pic: dict, g: Geometry, styles: dict[str, PowerStyle], results: Sequence[OrderResult]) -> None:
    """Each dislodged unit faded beside its province, its retreat drawn from there; disbands crossed out."""
    for r in results:
        o = r.order
        spot = dislodged_point(g, o.unit.loc)
        st = styles[o.unit.power]
        ghost = _unit(g, styles, o.unit, o.unit.loc, point=spot, id_prefix="dislodged", ghost=True, scale=0.85)
        pic["dislodged"].append(ghost)
        if isinstance(o, Retreat):
            failed = _failed(r.marks)
            path = shapes.bent(spot, g.location_point(o.dest))
            pts = shapes.trim(path, edge(path, o.unit.kind, at_end=False, scale=0.85) + GAP,
                              edge(path, o.unit.kind) + GAP + X_GAP * failed)
            if failed:
                pic["orders"].append(items.arrow("retreat", pts, st, failed=True, id_=f"order-{o.unit.province}"))
                pic["marks"].append(items.mark("x", pts[-1], failure_word(r.marks), g.width))
            else:
                pic["orders"].append(items.arrow("retreat", pts, st, head=12.0, id_=f"order-{o.unit.province}"))
        elif isinstance(o, Disband):
            pic["marks"].append(items.mark("x", spot, "disbanded", g.width))


def _adjustments(pic: dict, g: Geometry, styles: dict[str, PowerStyle], results: Sequence[OrderResult]) -> None:
    """A "+" on each new unit (already on the board after the phase); each removed unit faded and crossed out."""
    for r in results:
        o = r.order
        if isinstance(o, Build) and not r.marks:
            x, y = g.location_point(o.loc)
            pic["marks"].append(items.mark("plus", (x + 13, y - 11), ""))
        elif isinstance(o, Remove):
            ghost = _unit(g, styles, o.unit, o.unit.loc, id_prefix="removed", ghost=True)
            pic["dislodged"].append(ghost)
            pic["marks"].append(items.mark("x", g.location_point(o.unit.loc), "removed", g.width))
