#!/usr/bin/env python3
"""Every adjacency of each shipped board drawn as a move (routes.move_path, the line of a move) and as a retreat
option (a position picture per place, a unit in every other province): how many run over a third province further
than a hair, and how many options cross another unit's token or ring. `-v` lists the worst.

    python benchmarks/routes.py [-v]
"""
import math, re, sys, time
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import xml.etree.ElementTree as ET
from itertools import pairwise
from judge import maps, picture
from judge.picture import routes, shapes, placement
from judge.picture.items import RING_R
from judge.position import Position

NS = "{http://www.w3.org/2000/svg}"
HAIR = 8.0

def stray(g, pts, keep):
    out = 0.0
    for a, b in pairwise(pts):
        n = max(1, int(math.dist(a, b)))
        for k in range(n):
            p = (a[0] + (b[0] - a[0]) * (k + .5) / n, a[1] + (b[1] - a[1]) * (k + .5) / n)
            if not any(shapes.inside(p, g.provinces[q].rings) for q in keep):
                out += math.dist(a, b) / n
    return out

def _keep(m, kind, loc, dest):
    """The provinces a line may cross: its two, and for a fleet between two coasts (drawn by the water between)
    any sea."""
    terrains = (m.provinces[loc[:3]].terrain, m.provinces[dest[:3]].terrain)
    seas = () if routes.by_border(terrains, kind) else tuple(a for a, p in m.provinces.items() if p.terrain == "sea")
    return (loc[:3], dest[:3], *seas)


def hits(pts, units):
    bad = []
    for prov, (x, y, kind) in units.items():
        w, h = placement.TOKEN[kind]
        for a, b in pairwise(pts):
            n = max(1, int(math.dist(a, b)))
            if any(math.dist(p, (x, y)) < RING_R or (abs(p[0]-x) < w and abs(p[1]-y) < h) for p in
                   ((a[0] + (b[0]-a[0])*k/n, a[1] + (b[1]-a[1])*k/n) for k in range(n + 1))):
                bad.append(prov); break
    return bad

def locs(m):
    for abbr, p in sorted(m.provinces.items()):
        for kind, adj in (("A", m.army_adj), ("F", m.fleet_adj)):
            if p.terrain == ("sea" if kind == "A" else "land"):
                continue
            for loc in ([f"{abbr}/{c}" for c in sorted(p.coasts)] if kind == "F" and p.coasts else [abbr]):
                dests = sorted(adj.get(loc, ()))
                if dests:
                    yield kind, loc, dests

t0 = time.time()
for board in ("standard", "heartland"):
    m = maps.load(board); g = picture.drawing(m)
    moves = bad_moves = 0; worst = []
    for kind, loc, dests in locs(m):
        for d in dests:
            path = routes.unit_path(m, g, g.location_point(loc), kind, loc, d)
            s = stray(g, path, _keep(m, kind, loc, d)); moves += 1
            if s > HAIR:
                bad_moves += 1; worst.append((round(s, 1), f"{kind} {loc}-{d}"))
    opts = bad_opts = tok = 0; worst_o = []; tok_l = []
    for kind, loc, dests in locs(m):
        src = loc[:3]
        taker = "F" if m.provinces[src].terrain == "sea" else "A"
        others = [a for a in m.provinces if a != src and a not in {d[:3] for d in dests}]
        units = {"GERMANY": [f"{taker} {src}"] + [f"{'F' if m.provinces[a].terrain == 'sea' else 'A'} {a}" for a in others]}
        power = [p for p in m.powers][:2]
        state = {"phase": "F1905R", "units": {power[0]: units["GERMANY"]}, "centers": {},
                 "dislodged": {power[1]: {f"{kind} {loc}": dests}}}
        root = ET.fromstring(picture.position_svg(m, Position.from_json(state, m)))
        where = {a: (*g.location_point(a), 'F' if m.provinces[a].terrain == 'sea' else 'A') for a in others}
        for d in dests:
            arrow = root.find(f".//{NS}g[@id='retreat-{src}-{d[:3]}']")
            nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", arrow[0].get("d"))]
            pts = [(x, y) for x, y in zip(nums[::2], nums[1::2])]
            opts += 1
            s = stray(g, pts, _keep(m, kind, loc, d))
            if s > HAIR:
                bad_opts += 1; worst_o.append((round(s, 1), f"{kind} {loc}->{d}"))
            hh = hits(pts, where)
            if hh:
                tok += 1; tok_l.append(f"{kind} {loc}->{d} {hh}")
    print(f"{board}: moves {moves}, over a third province > {HAIR}: {bad_moves}; options {opts}, over a third: "
          f"{bad_opts}, through another unit's token/ring: {tok}")
    if "-v" in sys.argv:
        print(" moves:", sorted(worst, reverse=True)[:40]); print(" opts:", sorted(worst_o, reverse=True)[:40]); print(" tokens:", tok_l[:60])
print(f"{time.time()-t0:.1f}s")
