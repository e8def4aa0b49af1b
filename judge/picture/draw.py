"""A position, or a phase's orders and outcome, -> the plain data the board template draws (pure: no I/O)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.orders import Build, Disband, Remove, Retreat
from judge.picture import items, legend, movement, placement, routes, shapes
from judge.picture.arrows import CROSS_SHAFT, SHAFT, Cuts, clear_of, cuts, order_failed, roomy, rounded
from judge.picture.dislodged import DISLODGED_SCALE, dislodged_point
from judge.picture.geometry import Geometry
from judge.picture.items import RING_R, UNIT_R
from judge.picture.shapes import Point
from judge.picture.titles import phase_title
from judge.picture.style import BORDER, IMPASSABLE, LAND, OFFBOARD, SEA, PowerStyle, failure_word, power_styles
from judge.position import Dislodged, Position, Unit

TOP = 56.0              # the title band above the map


def position_picture(m: Map, g: Geometry, position: Position, game: str = "") -> dict:
    """The board as it stands: ownership, units, dislodged units with their retreat options."""
    styles = power_styles(m)
    pic = _frame(m, g, position, styles, game, phase_title(position.phase), "position")
    pic["units"] = [_unit(g, styles, u, u.loc) for u in _sorted_units(position.units.values())]
    for d in _sorted_dislodged(position.dislodged.values()):
        _add_dislodged(pic, m, g, styles, d, position.units)
    placement.place(pic, g)
    return pic


def results_picture(m: Map, g: Geometry, before: Position, results: Sequence[OrderResult], after: Position,
                    game: str = "", destroyed: Sequence[Dislodged] = (), subtitle: str = "") -> dict:
    """The phase just adjudicated: its orders as given with their outcome, on the board after it (`destroyed`: units
    dislodged with nowhere to go whose retreat phase was skipped, shown as the results mail tells of them). The
    subtitle names the next phase, or says `subtitle` instead (the phase that ended the game has no next one)."""
    styles = power_styles(m)
    kind = before.phase.kind
    pic = _frame(m, g, after, styles, game, f"{phase_title(before.phase)}: orders and results", "results")
    pic["subtitle"] = subtitle or f"next: {phase_title(after.phase)}"
    pic["units"] = [_unit(g, styles, u, u.loc) for u in _sorted_units(after.units.values())]
    if kind == "M":
        movement.draw(pic, m, g, styles, results, after.units)
    elif kind == "R":
        # (a unit with nowhere to go was shown destroyed with the movement, as its results mail says: the retreat
        # phase's text leaves its disbanding out, and so does its picture)
        _retreats(pic, m, g, styles, [r for r in results if not (isinstance(r.order, Disband)
                                                             and before.stranded(r.order.unit))], after.units)
    else:
        _adjustments(pic, g, styles, results)
    came = movement.attackers(results) if kind == "M" else {}
    # (units destroyed by a house rule, immobile_dummies, may stand beside a retreat phase's dislodged units)
    for d in _sorted_dislodged([*after.dislodged.values(), *destroyed] if after.phase.kind == "R" else destroyed):
        _add_dislodged(pic, m, g, styles, d, after.units, came.get(d.unit.province))
    placement.place(pic, g)
    return pic


# -- the board --------------------------------------------------------------------------------------------------------

_OUTLINES: dict[int, tuple[Geometry, tuple[tuple[str, str, str], ...]]] = {}


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
            regions.append({"id": f"other-{key}", "d": d, "fill": fill, "cls": what, "name": _region_name(m, g, key)})
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
    labels += [{"x": s.label[0], "y": s.label[1], "text": _region_name(m, g, key), "cls": "other", "halo": False}
               for key, s in g.other.items()]
    coasts = [{"x": p[0], "y": p[1], "text": c.lower()} for s in g.provinces.values() for c, p in s.coasts.items()]
    width, height = g.width, TOP + g.height + legend.height(legend.names(m, styles), g.width)
    return {
        "kind": kind, "width": width, "height": height, "top": TOP, "map_width": g.width, "map_height": g.height,
        "game": game, "title": title, "subtitle": "", "border": BORDER,
        "regions": regions, "centres": centres, "labels": labels, "coasts": coasts,
        "orders": [], "units": [], "dislodged": [], "marks": [],
        "legend": legend.build(m, position, styles, width, TOP + g.height),
    }


def _region_name(m: Map, g: Geometry, key: str) -> str:
    """A region nobody plays, by the map's name for it where it gives one (a translated map's "Suisse")."""
    return m.region_names.get(key) or g.other[key].name


def _sorted_units(units: Iterable[Unit]) -> list[Unit]:
    return sorted(units, key=lambda u: u.loc)


def _sorted_dislodged(dislodged: Iterable[Dislodged]) -> list[Dislodged]:
    return sorted(dislodged, key=lambda d: d.unit.loc)


def _unit(g: Geometry, styles: dict[str, PowerStyle], u: Unit, loc: str, *, point: Point | None = None,
          id_prefix: str = "unit", ghost: bool = False, dislodged: bool = False, scale: float = 1.0) -> dict:
    return items.token(styles[u.power], u.kind, point or g.location_point(loc), id_=f"{id_prefix}-{u.province}",
                       ghost=ghost, dislodged=dislodged, scale=scale)


def _add_dislodged(pic: dict, m: Map, g: Geometry, styles: dict[str, PowerStyle], d: Dislodged,
                   units: dict[str, Unit], attacker: str | None = None) -> None:
    """A dislodged unit beside its province, with a thin dotted arrow to each place it may retreat to."""
    spot = dislodged_point(g, d.unit.loc, attacker)
    pic["dislodged"].append(_unit(g, styles, d.unit, d.unit.loc, point=spot, id_prefix="dislodged", dislodged=True,
                                 scale=DISLODGED_SCALE))
    st = styles[d.unit.power]
    for dest in d.retreats:
        pts = _retreat_path(m, g, spot, d.unit, dest, lambda _: (UNIT_R, UNIT_R), 0.0, units, 0.08, "option")
        pic["orders"].append(items.arrow("option", pts, st, head=9.0, id_=f"retreat-{d.unit.province}-{dest[:3]}"))
    if not d.retreats:
        # The cross on the unit itself, its words placed clear of the rest: beside it, up and to the right, it lay on
        # the unit that took the province. In a small province the two tokens overlap at a corner: the cross then
        # keeps to the far side of the dislodged one.
        home = g.location_point(d.unit.loc)
        away = shapes.distance(home, spot) or 1.0
        at = (spot[0] + (spot[0] - home[0]) * 6 / away, spot[1] + (spot[1] - home[1]) * 6 / away)
        pic["marks"].append(items.mark("x", at, "no retreat", g.width))


def _retreats(pic: dict, m: Map, g: Geometry, styles: dict[str, PowerStyle], results: Sequence[OrderResult],
              after: dict[str, Unit]) -> None:
    """Each dislodged unit faded beside its province, its retreat drawn from there; disbands crossed out."""
    for r in results:
        o = r.order
        spot = dislodged_point(g, o.unit.loc)
        st = styles[o.unit.power]
        ghost = _unit(g, styles, o.unit, o.unit.loc, point=spot, id_prefix="dislodged", ghost=True,
                      scale=DISLODGED_SCALE)
        pic["dislodged"].append(ghost)
        if isinstance(o, Retreat):
            failed = order_failed(r.marks)
            cut = cuts((o.unit.kind, DISLODGED_SCALE), o.unit.kind, failed)
            need = placement.X_R + CROSS_SHAFT if failed else 12.0 + SHAFT
            pts = _retreat_path(m, g, spot, o.unit, o.dest, cut, need, after, cut_key=("retreat", failed))
            if failed:
                pic["orders"].append(items.arrow("retreat", pts, st, failed=True, id_=f"order-{o.unit.province}"))
                k = items.mark("x", pts[-1], failure_word(r.marks), g.width)
                k["line"] = shapes.trim(pts, 0, placement.X_R)         # (its word keeps off it, as a move's does)
                pic["marks"].append(k)
            else:
                pic["orders"].append(items.arrow("retreat", pts, st, head=12.0, id_=f"order-{o.unit.province}"))
        elif isinstance(o, Disband):
            pic["marks"].append(items.mark("x", spot, "disbanded", g.width))


_RETREATS: dict[tuple, tuple[Geometry, list[Point]]] = {}     # the same options come back picture after picture


def _retreat_path(m: Map, g: Geometry, spot: Point, unit: Unit, dest: str, cut: Cuts, need: float,
                  units: dict[str, Unit], bend: float = 0.12, cut_key: object = None) -> list[Point]:
    """_routed_retreat, once per drawing, spot, place and units about (`cut_key` names the cut: the same key, the
    same cut)."""
    key = (id(g), spot, unit.kind, unit.province, dest, need, bend, cut_key,
           tuple(sorted((p, u.loc, u.kind) for p, u in units.items())))
    cached = _RETREATS.get(key)
    if cached and cached[0] is g:
        return list(cached[1])
    if len(_RETREATS) > 2048:
        _RETREATS.clear()
    pts = _routed_retreat(m, g, spot, unit, dest, cut, need, units, bend)
    _RETREATS[key] = (g, pts)               # (the entry keeps g alive: its id names no other drawing meanwhile)
    return list(pts)


def _routed_retreat(m: Map, g: Geometry, spot: Point, unit: Unit, dest: str, cut: Cuts, need: float,
                    units: dict[str, Unit], bend: float) -> list[Point]:
    """A retreat's line (or a retreat option's) from the dislodged unit drawn at `spot`, cut at its ends: routed as
    a move's is, through the border the two provinces share where the straight way crosses a third (the Channel to
    the Irish Sea ran across Wales), and kept off the other units (Picardy's ring lay across the Channel's option to
    Belgium) and above all off the one that took its province: the units are drawn over the orders, and a line
    under that one lost its start (Burgundy to Marseilles ran under the German army)."""
    src = unit.province
    taker = units.get(src)
    mine = [placement.token_box(*g.location_point(taker.loc), taker.kind)] if taker else []
    boxes = mine + [_ringed(g.location_point(u.loc), u.kind) for prov, u in units.items()
                    if prov not in (src, dest[:3])]

    grown = [(b[0] - 1.5, b[1] - 1.5, b[2] + 1.5, b[3] + 1.5) for b in boxes]    # (not grazing a corner)

    def clear(way: list[Point]) -> bool:
        s, e = cut(way)
        return clear_of(shapes.trim(way, s, e), grown)
    border, via = routes.lane(m, unit.kind, unit.loc, dest)
    path = routes.rerouted(g, shapes.bent(spot, g.location_point(dest), bend=bend), src, dest, border, clear, mine,
                           grown, via)
    return _off_taker(g, path, cut, need, src, dest, taker)


def _ringed(at: Point, kind: str) -> tuple[float, float, float, float]:
    """The box of a unit's token with the ring a hold or a convoy draws round it."""
    w, h = placement.TOKEN.get(kind, placement.TOKEN["F"])
    r = RING_R + 1.5
    return (at[0] - max(w, r), at[1] - max(h, r), at[0] + max(w, r), at[1] + max(h, r))


def _off_taker(g: Geometry, path: list[Point], cut: Cuts, need: float, src: str, dest: str,
               taker: Unit | None) -> list[Point]:
    """A retreat's line (or a retreat option's), cut at its ends, kept off the unit that took its province: bowed,
    or else routed round the unit's corner, as a dislodged unit's move is; kept to the two provinces where a way
    there clears it, else by any way that does. A short one bows out until `need` of it shows (0: as it is)."""
    if taker is None:
        path, start, end = roomy(path, cut, need)
        return shapes.trim(path, start, end)
    box = placement.token_box(*g.location_point(taker.loc), taker.kind)
    s, e = cut(path)
    if clear_of(shapes.trim(path, s, e), [box]) and shapes.length(path) - s - e >= need:
        return shapes.trim(path, s, e)                      # (routed clear of it already)
    within = [g.provinces[p].rings for p in (src, dest[:3]) if p in g.provinces]
    path, start, end = roomy(path, cut, need, True, True, within, avoid=[box])
    if not clear_of(shapes.trim(path, start, end), [box]):
        path, start, end = rounded(path, cut, need, within, box) or rounded(path, cut, need, (), box) or \
            (path, start, end)
    return shapes.trim(path, start, end)


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
