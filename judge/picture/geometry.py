"""The drawing of a map: region outlines and the points for labels, units and centres, read and checked."""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NoReturn

from judge.json_input import NotRead, loads
from judge.maps import Map, catalog
from judge.maps import load as load_map

Point = tuple[float, float]
KINDS = ("impassable", "island")


class GeometryError(ValueError):
    """A geometry file breaks one of the invariants a drawing must hold."""


@dataclass(frozen=True)
class Shape:
    """One region of the drawing: a province, or a region no unit enters (Switzerland, an island)."""
    name: str                                 # a province's abbreviation, another region's full name
    rings: tuple[tuple[Point, ...], ...]      # the outline first, then any holes
    indices: tuple[tuple[int, ...], ...]      # the same rings as indices into Geometry.vertices
    label: Point
    unit: Point | None = None                 # provinces only
    coasts: dict[str, Point] = field(default_factory=dict)
    center: Point | None = None
    kind: str | None = None                   # other regions only: one of KINDS


@dataclass(frozen=True)
class Geometry:
    """A map's drawing in picture units (origin top left, y downwards); regions tile the frame exactly."""
    file: str
    map_name: str
    width: float
    height: float
    vertices: tuple[Point, ...]
    provinces: dict[str, Shape]
    other: dict[str, Shape]
    crossings: tuple[tuple[str, str], ...] = ()
    borders_without_passage: tuple[tuple[str, str, str], ...] = ()

    def location_point(self, loc: str) -> Point:
        """Where a unit at loc stands: "PAR" (any unit), "SPA/NC" (a fleet on that coast)."""
        prov, _, coast = loc.upper().partition("/")
        shape = self.provinces[prov]
        if coast:
            return shape.coasts[coast]
        assert shape.unit is not None
        return shape.unit

    def regions(self) -> dict[str, Shape]:
        """Provinces and other regions together, by key."""
        return {**self.provinces, **self.other}


def _point(value: object) -> Point:
    x, y = value  # type: ignore[misc]
    return (float(x), float(y))


def _shape(name: str, d: dict, vertices: tuple[Point, ...], file: str, province: bool) -> Shape:
    try:
        indices = tuple(tuple(int(i) for i in ring) for ring in d["rings"])
        for ring in indices:
            bad = [i for i in ring if not 0 <= i < len(vertices)]
            if bad:
                raise GeometryError(f"{file}: {name}: vertex index {bad[0]} does not exist")
        rings = tuple(tuple(vertices[i] for i in ring) for ring in indices)
        if province:
            return Shape(name, rings, indices, _point(d["label"]), _point(d["unit"]),
                         {c: _point(p) for c, p in d.get("coasts", {}).items()},
                         None if d.get("center") is None else _point(d["center"]))
        return Shape(d.get("name", name), rings, indices, _point(d["label"]), kind=d.get("kind"))
    except GeometryError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise GeometryError(f"{file}: {name}: malformed region: {e!r}") from None


def parse(doc: dict, file: str = "<geometry>") -> Geometry:
    """A Geometry from a geometry document (not yet checked against its map: see check)."""
    try:
        vertices = tuple(_point(v) for v in doc["vertices"])
        provinces = {k: _shape(k, d, vertices, file, True) for k, d in doc["provinces"].items()}
        other = {k: _shape(k, d, vertices, file, False) for k, d in doc.get("other", {}).items()}
        return Geometry(file, str(doc["map"]), float(doc["width"]), float(doc["height"]), vertices,
                        provinces, other, tuple((a, b) for a, b in doc.get("crossings", ())),
                        tuple((a, b, why) for a, b, why in doc.get("borders_without_passage", ())))
    except GeometryError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise GeometryError(f"{file}: malformed geometry: {e!r}") from None


@lru_cache(maxsize=None)
def load(map_name: str = "standard") -> Geometry:
    """The drawing of a board (shipped, or in the variants folder), checked against the map of that name (cached:
    read and checked once per process)."""
    file = f"{map_name}.geometry.json"
    path = catalog.drawing(map_name)
    if path is None:
        raise GeometryError(f"{file}: no such drawing")
    text = path.read_text(encoding="utf-8")
    try:        # (the operator's drawing is checked for keys given twice, whose first would be lost unsaid)
        doc = loads(text) if catalog.in_folder(path) else json.loads(text)
    except NotRead as exc:
        raise GeometryError(f"{file}: {exc}") from None
    geometry = parse(doc, file)
    check(geometry, load_map(map_name))
    return geometry


# -- checks -----------------------------------------------------------------------------------------------------------

def check(g: Geometry, m: Map) -> None:
    """Refuse a drawing that does not tile its frame or does not match the map's provinces and adjacency."""
    _check_names(g, m)
    uses = _check_rings(g)
    _check_points(g)
    _check_neighbours(g, m, uses)


def _fail(g: Geometry, message: str) -> NoReturn:
    raise GeometryError(f"{g.file}: {message}")


def _check_names(g: Geometry, m: Map) -> None:
    if g.map_name != m.name:
        _fail(g, f"a drawing of map {g.map_name!r}, checked against map {m.name!r}")
    missing, extra = sorted(set(m.provinces) - set(g.provinces)), sorted(set(g.provinces) - set(m.provinces))
    if missing or extra:
        _fail(g, f"provinces missing from the drawing: {missing}; not on the map: {extra}")
    for abbr, p in m.provinces.items():
        s = g.provinces[abbr]
        if sorted(s.coasts) != sorted(p.coasts):
            _fail(g, f"{abbr}: coasts {sorted(s.coasts)}, but the map has {sorted(p.coasts)}")
        if p.center and s.center is None:
            _fail(g, f"{abbr}: a supply centre without a centre marker")
        if not p.center and s.center is not None:
            _fail(g, f"{abbr}: a centre marker, but it is no supply centre")
    for name, s in g.other.items():
        # an unplayable region named like a province would read as that province in adjacency
        if name in m.provinces:
            _fail(g, f"other region {name} has a province's name")
        if s.kind not in KINDS:
            _fail(g, f"other region {name}: kind {s.kind!r} is not one of {KINDS}")


def _area(pts: tuple[Point, ...]) -> float:
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1])) / 2


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2, d3, d4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return ((d1 == 0 and _on_segment(a, b, c)) or (d2 == 0 and _on_segment(a, b, d))
            or (d3 == 0 and _on_segment(c, d, a)) or (d4 == 0 and _on_segment(c, d, b)))


def _simple(pts: tuple[Point, ...]) -> bool:
    """No two edges of the ring meet but neighbours at their common end (edges bucketed in a grid: this is fast)."""
    n, cell = len(pts), 24.0
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for k in range(n):
        a, b = pts[k], pts[(k + 1) % n]
        for cx in range(int(min(a[0], b[0]) // cell), int(max(a[0], b[0]) // cell) + 1):
            for cy in range(int(min(a[1], b[1]) // cell), int(max(a[1], b[1]) // cell) + 1):
                grid[(cx, cy)].append(k)
    seen: set[tuple[int, int]] = set()
    for ks in grid.values():
        for x, i in enumerate(ks):
            for j in ks[x + 1:]:
                if (i, j) in seen:
                    continue
                seen.add((i, j))
                a, b, c, d = pts[i], pts[(i + 1) % n], pts[j], pts[(j + 1) % n]
                if j == i + 1 or (i == 0 and j == n - 1):
                    # neighbours share an end; they are wrong only if the second folds back along the first
                    s, p, q = (b, a, d) if j == i + 1 else (a, b, c)
                    if _orient(s, p, q) == 0 and (p[0] - s[0]) * (q[0] - s[0]) + (p[1] - s[1]) * (q[1] - s[1]) > 0:
                        return False
                elif _segments_meet(a, b, c, d):
                    return False
    return True


def _check_rings(g: Geometry) -> dict[tuple[int, int], list[str]]:
    w, h = g.width, g.height
    if len(set(g.vertices)) != len(g.vertices):
        # two indices for one point would hide a gap from the edge count below
        seen: dict[Point, int] = {}
        for i, v in enumerate(g.vertices):
            if v in seen:
                _fail(g, f"vertices {seen[v]} and {i} are the same point {v}")
            seen[v] = i
    for i, (x, y) in enumerate(g.vertices):
        if not (0 <= x <= w and 0 <= y <= h):
            _fail(g, f"vertex {i} {(x, y)} lies outside the frame")
    uses: dict[tuple[int, int], list[str]] = defaultdict(list)
    total = 0.0
    for name, shape in g.regions().items():
        if not shape.indices:
            _fail(g, f"{name}: no rings")
        for k, (ring, pts) in enumerate(zip(shape.indices, shape.rings)):
            if len(ring) < 3 or len(set(ring)) != len(ring):
                _fail(g, f"{name}: ring {k} has fewer than 3 vertices or repeats one")
            area = abs(_area(pts))
            if area <= 0:
                _fail(g, f"{name}: ring {k} has no area")
            if not _simple(pts):
                _fail(g, f"{name}: ring {k} crosses or touches itself")
            total += area if k == 0 else -area
            for i, j in zip(ring, ring[1:] + ring[:1]):
                uses[(min(i, j), max(i, j))].append(name)
    for (i, j), names in uses.items():
        (x1, y1), (x2, y2) = g.vertices[i], g.vertices[j]
        on_frame = (x1 == x2 and x1 in (0, w)) or (y1 == y2 and y1 in (0, h))
        want = 1 if on_frame else 2
        if len(names) != want or (want == 2 and names[0] == names[1]):
            _fail(g, f"edge {i}-{j} {g.vertices[i]}-{g.vertices[j]} is used by {sorted(names)}; "
                     f"it should border {want} different regions")
    if abs(total - w * h) > 0.001 * w * h:
        _fail(g, f"the regions cover {total:.0f} square units, the frame {w * h:.0f}")
    return uses


def _in_ring(p: Point, pts: tuple[Point, ...]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _check_points(g: Geometry) -> None:
    for name, s in g.regions().items():
        points = {"label": s.label, "unit": s.unit, "center": s.center,
                  **{f"coast {c}": p for c, p in s.coasts.items()}}
        for what, p in points.items():
            if p is not None and not (_in_ring(p, s.rings[0]) and not any(_in_ring(p, r) for r in s.rings[1:])):
                _fail(g, f"{name}: the {what} point {p} lies outside the region")


def _check_neighbours(g: Geometry, m: Map, uses: dict[tuple[int, int], list[str]]) -> None:
    touching = {frozenset(names) for names in uses.values() if len(names) == 2}
    adjacent = {frozenset((src[:3], dst[:3]))
                for adj in (m.army_adj, m.fleet_adj) for src, dsts in adj.items() for dst in dsts}
    crossings = {frozenset(pair) for pair in g.crossings}
    without = {frozenset(entry[:2]) for entry in g.borders_without_passage}
    for pair in crossings:
        if pair not in adjacent or pair in touching:
            _fail(g, f"crossing {sorted(pair)}: not adjacent on the map, or they share a border anyway")
    for pair in without:
        if pair in adjacent or pair not in touching:
            _fail(g, f"border without passage {sorted(pair)}: adjacent on the map, or they share no border")
    for pair in sorted(adjacent - touching - crossings, key=sorted):
        _fail(g, f"{' and '.join(sorted(pair))} are adjacent on the map but share no border in the drawing")
    for pair in sorted(touching - adjacent - without, key=sorted):
        if pair <= m.provinces.keys():
            _fail(g, f"{' and '.join(sorted(pair))} share a border in the drawing but are not adjacent on the map")
    neighbours: dict[str, set[str]] = defaultdict(set)
    for a, b in (tuple(pair) for pair in touching):
        neighbours[a].add(b)
        neighbours[b].add(a)
    terrain = {abbr: p.terrain for abbr, p in m.provinces.items()}
    for abbr, t in terrain.items():
        near = {terrain.get(n) for n in neighbours[abbr]}
        if t == "sea" and "land" in near:
            _fail(g, f"{abbr}: a sea that borders an inland province")
        if t == "land" and "sea" in near:
            _fail(g, f"{abbr}: an inland province that borders a sea")
        if t in ("coast", "port") and "sea" not in near:
            _fail(g, f"{abbr}: a coastal province that borders no sea")
