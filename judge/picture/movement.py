"""A movement phase's orders drawn with their outcome: moves, supports, holds and convoys."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.orders import Convoy, Hold, Move, Support
from judge.picture import items, placement, routes, shapes
from judge.picture.arrows import (
    CROSS_SHAFT,
    HEAD,
    SHAFT,
    SMALL_HEAD,
    SMALL_SHAFT,
    X_GAP,
    around,
    clear_of,
    clear_point,
    cuts,
    order_failed,
    reach,
    roomy,
    rounded,
    short_of,
)
from judge.picture.dislodged import DISLODGED_SCALE, dislodged_point
from judge.picture.geometry import Geometry
from judge.picture.items import RING_R, UNIT_R
from judge.picture.placement import DOT_R, X_R
from judge.picture.shapes import Point
from judge.picture.style import PowerStyle, failure_word
from judge.position import Unit


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


APART = 4.5               # each of two moves head to head drawn along one line is moved this far aside
X_STEP = 2.0              # a failed move's X drawn back by this much at a time, off another X


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
    shafts: dict[tuple[str, str], list[Point]] = field(default_factory=dict)   # each move's line in sight
    attackers: dict[str, str] = field(default_factory=dict)    # where the unit that took a province came from
    dislodged: dict[str, Unit] = field(default_factory=dict)    # the units dislodged, by province
    moved: dict[str, str] = field(default_factory=dict)         # where each unit that moved went, by its province
    _tokens: dict[tuple[str, str], tuple[float, float, float, float]] = field(default_factory=dict)
    _dots: list[tuple[float, float, float, float]] = field(default_factory=list)
    heads: list[tuple[float, float, float, float]] = field(default_factory=list)    # the moves' arrowheads' boxes

    def where(self, unit: Unit) -> Point:
        """Where a unit's order starts: a dislodged unit's is beside its province, where it is drawn."""
        if unit.province in self.gone:
            return dislodged_point(self.g, unit.loc, self.attackers.get(unit.province))
        return self.g.location_point(unit.loc)

    def dislodged_box(self, province: str) -> tuple[float, float, float, float]:
        """The box of the token of the unit dislodged from a province (with its halo)."""
        unit = self.dislodged[province]
        x, y = self.where(unit)
        return placement.token_box(x, y, unit.kind, DISLODGED_SCALE * 1.15)

    def standing(self, unit: Unit) -> tuple[str, float] | None:
        """The token drawn where a unit's order starts, (kind, scale); None where it moved away and none came."""
        if unit.province in self.gone:
            return unit.kind, DISLODGED_SCALE
        there = self.after.get(unit.province)
        return (there.kind, 1.0) if there else None

    def kind_at(self, loc: str, moving: str) -> str:
        """The kind of unit standing at loc after the phase, or the one moving there: an arrow ends at its edge."""
        unit = self.after.get(loc[:3])
        return unit.kind if unit else moving

    def token_key(self, unit: Unit) -> tuple[str, str]:
        """Which token a unit of the phase is drawn as now: the one at its destination if it moved."""
        if unit.province in self.gone:
            return unit.province, "dislodged"
        return (self.moved.get(unit.province) or unit.province)[:3], "unit"

    def now(self, unit: Unit) -> Point:
        """Where a unit of the phase is drawn now: where it went, if it moved."""
        went = self.moved.get(unit.province) if unit.province not in self.gone else None
        return self.g.location_point(went) if went else self.where(unit)

    def tokens(self) -> dict[tuple[str, str], tuple[float, float, float, float]]:
        """The box of every unit drawn (with a dislodged unit's halo), by (province, "unit" or "dislodged")."""
        if not self._tokens:
            for prov, u in self.after.items():
                x, y = self.g.location_point(u.loc)
                self._tokens[prov, "unit"] = placement.token_box(x, y, u.kind)
            for prov in self.dislodged:
                self._tokens[prov, "dislodged"] = self.dislodged_box(prov)
        return self._tokens

    def dots(self) -> list[tuple[float, float, float, float]]:
        """The centre dots' boxes."""
        if not self._dots:
            self._dots = [(x - DOT_R, y - DOT_R, x + DOT_R, y + DOT_R)
                          for x, y in (s.center for s in self.g.provinces.values() if s.center)]
        return self._dots

    def boxes(self, skip: set[tuple[str, str]]) -> list[tuple[float, float, float, float]]:
        """The boxes of the units drawn but those skipped, grown by a gap (for a line to keep out of)."""
        return [(b[0] - 2, b[1] - 2, b[2] + 2, b[3] + 2) for key, b in self.tokens().items() if key not in skip]

    def imagined(self, unit: Unit, dest: str) -> list[Point]:
        """The line a move nobody ordered would have been drawn along, between the two units' tokens (bowed out as
        a short hop's arrow is)."""
        path = routes.move_path(self.g, self.where(unit), unit.province, dest)
        cut = cuts(self.standing(unit), self.kind_at(dest, unit.kind))
        path, start, end = roomy(path, cut, SHAFT, True, False,
                                 [self.g.provinces[p].rings for p in (unit.province, dest[:3])])
        return shapes.trim(path, start, end)

    def cross(self, at: Point, marks: tuple[str, ...], line: Sequence[Point] = (), move: tuple = ()) -> None:
        """A failure's X at `at`, its word to be placed off the order's own `line` (a move's, ending at the X;
        `move`: its provinces)."""
        k = items.mark("x", at, failure_word(marks), self.g.width)
        if line:
            k["line"], k["move"] = list(line), move
        self.marks.append(k)


def attackers(results: Sequence[OrderResult]) -> dict[str, str]:
    """The province each move that succeeded came from, by the province it took."""
    return {r.order.dest[:3]: r.order.unit.province for r in results
            if isinstance(r.order, Move) and not order_failed(r.marks)}


def draw(pic: dict, m: Map, g: Geometry, styles: dict[str, PowerStyle], results: Sequence[OrderResult],
         after: dict[str, Unit]) -> None:
    dislodged = {r.order.unit.province: r.order.unit for r in results if "dislodged" in r.marks}
    moved = {r.order.unit.province: r.order.dest for r in results
             if isinstance(r.order, Move) and not order_failed(r.marks)}
    ph = _Movement(g, styles, set(dislodged), pic["marks"], after, attackers=attackers(results), dislodged=dislodged,
                   moved=moved)
    _move_paths(ph, m, results)
    # the moves first: a support for a move points at the arrow drawn for it
    moves = [_move(ph, r.order, r.marks) for r in results if isinstance(r.order, Move)]
    rings, supports = [], []
    for r in results:
        o = r.order
        if isinstance(o, Hold):
            rings.append(items.ring("hold", ph.where(o.unit), styles[o.unit.power], id_=f"order-{o.unit.province}"))
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
    grown = {k: (b[0] - 2, b[1] - 2, b[2] + 2, b[3] + 2) for k, b in ph.tokens().items()}   # (as ph.boxes grows them)
    for r in results:
        o = r.order
        if isinstance(o, Move):
            key = (o.unit.province, o.dest[:3])
            route = _convoy_route(m, ph.g, o, fleets[key]) if key in fleets and o.unit.province not in ph.gone else []
            if route:
                ph.convoyed.add(key)
                ph.paths[key] = shapes.through(route)
            else:
                others = [b for (p, _), b in grown.items() if p not in key]
                ph.paths[key] = routes.unit_path(m, ph.g, ph.where(o.unit), o.unit.kind, o.unit.loc, o.dest, others)
    _apart(ph)


def _apart(ph: _Movement) -> None:
    """Two moves head to head drawn along one line (both through the point of the border Smyrna and Syria share,
    or both straight) hid each other: one dashed line with two Xs. Each is moved to the right of its travel."""
    for key, path in list(ph.paths.items()):
        back = ph.paths.get(key[::-1])
        if back is None or key > key[::-1] or {key, key[::-1]} & ph.convoyed:
            continue
        if all(shapes.off_line(shapes.point_at(path, k / 10), back) < APART for k in range(2, 9)):
            ph.paths[key], ph.paths[key[::-1]] = shapes.beside(path, APART), shapes.beside(back, APART)


def _move(ph: _Movement, o: Move, marks: tuple[str, ...]) -> dict:
    failed = order_failed(marks)
    key = (o.unit.province, o.dest[:3])
    # An arrow starts at the edge of the token drawn where it starts; where its unit stood and none is drawn now, at
    # that point: a short hop then has room to show (Clyde to Edinburgh was an arrowhead alone). A failed move's X
    # stays clear of the destination's centre dot.
    dot = ph.g.provinces[key[1]].center if failed else None
    cut = cuts(ph.standing(o.unit), ph.kind_at(o.dest, o.unit.kind), failed, dot)
    # a short hop bows out until its line shows: to either side unless a move comes the other way
    need = placement.X_R + CROSS_SHAFT if failed else HEAD + SHAFT
    # and it keeps off a unit dislodged from its destination, or else stops at it: Ruhr to Burgundy's arrowhead lay
    # under the French army driven out, on its way to the German army that came in
    gone = [] if key[1] not in ph.gone else [ph.dislodged_box(key[1])]
    # a dislodged unit's move starts beside the unit that took its place: it keeps off that one too (its line and
    # its X lay under it, and a support for the move could only end there)
    taker = ph.tokens().get((key[0], "unit")) if key[0] in ph.gone else None
    within = [ph.g.provinces[p].rings for p in key]
    path, start, end = roomy(ph.paths[key], cut, need, key not in ph.convoyed, key[::-1] not in ph.paths, within,
                             0.0 if failed else SMALL_HEAD + SMALL_SHAFT, gone + ([taker] if taker else []))
    if taker and not clear_of(shapes.trim(path, start, end), [taker]):
        # no bow clears it: round its corner, within the two provinces still
        path, start, end = rounded(path, cut, need, within, taker) or (path, start, end)
    stop = short_of(path, start, gone[0]) if gone else None
    if stop is not None:
        stop += X_GAP * failed                              # (a failed move's X clear of it too)
        if stop > end and shapes.length(path) - start - stop >= min(need, SMALL_HEAD + SMALL_SHAFT):
            end = stop
    pts = shapes.trim(path, start, end)
    if failed:
        pts = _off_crosses(ph, path, start, end, pts)
        met = _met(ph, key, pts[-1], marks)
        if met is not None:
            pts = [*pts, met]
        ph.shafts[key] = shapes.trim(pts, 0, placement.X_R)
        if met is None:
            # a short bounce's line is all there is to show which way it went: its word keeps off it
            ph.cross(pts[-1], marks, ph.shafts[key], key)
        return items.arrow("move", pts, ph.styles[o.unit.power], failed=True, id_=f"order-{o.unit.province}")
    head = HEAD if shapes.length(pts) >= HEAD + SHAFT else SMALL_HEAD
    ph.shafts[key] = shapes.trim(pts, 0, head)
    item = items.arrow("move", pts, ph.styles[o.unit.power], head=head, id_=f"order-{o.unit.province}")
    xs, ys = [p[0] for p in item["tri"]], [p[1] for p in item["tri"]]
    ph.heads.append((min(xs), min(ys), max(xs), max(ys)))
    return item


def _off_crosses(ph: _Movement, path: list[Point], start: float, end: float, pts: list[Point]) -> list[Point]:
    """A failed move's line, ending (at its X) clear of the Xs already set: two bounces into the North Sea from the
    south (London's and Belgium's) ended at one point, one X over the other. Drawn back along its own line, as long
    as a line still shows before the X."""
    crosses = [(k["x"], k["y"]) for k in ph.marks if k["kind"] == "x"]
    total = shapes.length(path)
    while any(shapes.distance(pts[-1], c) < 2 * X_R for c in crosses) and \
            total - start - end - X_STEP >= max(X_R + CROSS_SHAFT, 0.2 * total):
        end += X_STEP
        pts = shapes.trim(path, start, end)
    return pts


def _met(ph: _Movement, key: tuple[str, str], at: Point, marks: tuple[str, ...]) -> Point | None:
    """Where the move coming the other way failed for the same reason, too near to draw a second X apart (Holland
    and Kiel bouncing: two Xs and two words over one another): the two lines end at its X."""
    word = failure_word(marks)
    for k in ph.marks:
        if k.get("move") == key[::-1] and k["word"] == word and shapes.distance(at, (k["x"], k["y"])) < 2 * X_R:
            return k["x"], k["y"]
    return None


def _support(ph: _Movement, o: Support, marks: tuple[str, ...]) -> dict:
    """A dashed line from the supporter to the middle of the move it supports (a dot there) or to a ring round the
    unit it supports to hold, ending clear of every other unit and kept off them on its way: it read as a support
    of the unit it ended by."""
    start, st, failed = ph.where(o.unit), ph.styles[o.unit.power], order_failed(marks)
    mine = ph.token_key(o.unit)
    if o.dest:
        key = (o.target.province, o.dest[:3])
        # a support for a move nobody ordered points where that move would have gone
        shaft = ph.shafts.get(key) or ph.imagined(o.target, o.dest)
        skip = {mine, ph.token_key(o.target), (key[1], "unit")}
        pts = shapes.trim(reach(start, shaft, list(ph.tokens().values()), ph.boxes(skip)), UNIT_R, 3)
        item = items.arrow("support", pts, st, failed=failed, id_=f"order-{o.unit.province}")
        item["dot"] = {"cx": pts[-1][0], "cy": pts[-1][1]}
    else:
        # round the unit supported where it is drawn now: one that moved away left another in its place
        target = ph.now(o.target)
        path = around(start, target, ph.boxes({mine, ph.token_key(o.target)}), route=True) or [start, target]
        pts = shapes.trim(path, UNIT_R, RING_R)
        item = items.arrow("support-hold", pts, st, failed=failed, id_=f"order-{o.unit.province}")
        item["ring"] = {"cx": target[0], "cy": target[1], "r": RING_R}
    if failed:
        # (and off the arrowheads: a support routed round a unit passed the head of the move into it)
        ph.cross(clear_point(pts, [*ph.tokens().values(), *ph.dots()], X_R + 1, ph.heads), marks)
    return item


def _convoy(ph: _Movement, o: Convoy, marks: tuple[str, ...]) -> tuple[dict, list[dict]]:
    """A dotted ring on the fleet (the army's arrow passes through it); an offer line when no army came."""
    where, st, failed = ph.where(o.unit), ph.styles[o.unit.power], order_failed(marks)
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
