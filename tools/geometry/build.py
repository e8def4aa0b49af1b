"""Build judge/maps/standard.geometry.json from data.py (lon/lat) through a projection."""
import json, math, sys
from collections import defaultdict
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))
from proj import lcc_factory
import data, places

P = lcc_factory(lon0=15, lat0=50, p1=40, p2=62)
WIDTH = 1200.0

LENSES = [  # (lon, lat, strength, radius km): local magnification of the crowded parts of the board
    (12.0, 49.0, 0.3, 1600),  # the whole middle of the board, at the expense of the edges
    (5.5, 51.8, 0.45, 450),   # Low Countries, south England
    (-4.5, 55.0, 0.95, 650),   # Britain and Ireland
    (-4.0, 56.9, 0.5, 240),  # Scotland
    (9.8, 58.0, 0.6, 300),  # the Skagerrak, Denmark
    (12.5, 42.0, 0.3, 450),  # Italy
    (15.6, 40.6, 0.7, 300),  # southern Italy
    (22.0, 42.5, 0.25, 450),  # the Balkans
    (27.5, 41.0, 0.25, 380),  # Constantinople, Bulgaria
]
NORTH_Y = None   # set below: compress the far north (Scandinavia, Barents) as game boards do
NORTH_K = 0.72
EAST_X = None
EAST_K = 1.0


def raw(lon, lat):
    return P(lon, lat)


LENS_KM = [(raw(lo, la), a, s) for lo, la, a, s in LENSES]
NORTH_Y = raw(15, 58)[1]
EAST_X = raw(36, 48)[0]


NORTH_LAT = 60.0
SOUTH_LAT = 36.0
SOUTH_K = 0.7


def T(lon, lat):
    if lat > NORTH_LAT:
        lat = NORTH_LAT + (lat - NORTH_LAT) * NORTH_K
    if lat < SOUTH_LAT:
        lat = SOUTH_LAT + (lat - SOUTH_LAT) * SOUTH_K
    x, y = raw(lon, lat)
    for (cx, cy), a, s in LENS_KM:
        dx, dy = x - cx, y - cy
        f = 1 + a * math.exp(-(dx * dx + dy * dy) / (s * s))
        x, y = cx + dx * f, cy + dy * f
    if x > EAST_X:
        x = EAST_X + (x - EAST_X) * EAST_K
    return x, y


NEED = [(-11.5, 29.3), (-17, 53), (-13, 38.5), (45.5, 41.5), (37, 32.5), (28.0, 72.9), (43.3, 69.0),
        (19.6, 31.0), (29.9, 31.0), (-5.4, 36)]   # what the frame must show, with a margin
_np = [T(*p) for p in NEED]
LEFT, RIGHT = min(p[0] for p in _np), max(p[0] for p in _np)
TOP, BOTTOM = min(p[1] for p in _np), max(p[1] for p in _np)
S = WIDTH / (RIGHT - LEFT)
HEIGHT = round((BOTTOM - TOP) * S, 1)


def pic(lon, lat):
    x, y = T(lon, lat)
    return (round((x - LEFT) * S, 1), round((y - TOP) * S, 1))


def junction_point(spec):
    if isinstance(spec[0], str):
        side, lon, lat = spec
        x, y = pic(lon, lat)
        x = min(max(x, 0.0), WIDTH)
        y = min(max(y, 0.0), HEIGHT)
        return {"L": (0.0, y), "R": (WIDTH, y), "T": (x, 0.0), "B": (x, HEIGHT)}[side]
    return pic(*spec)


def build():
    J = {**data.J, **data.EXTRA_J}
    verts, index = [], {}

    def vid(p):
        if p in index:
            raise SystemExit(f"duplicate point {p}")
        index[p] = len(verts)
        verts.append(p)
        return index[p]

    jid = {name: vid(junction_point(spec)) for name, spec in J.items()}
    frame_j = {name for name, spec in J.items() if isinstance(spec[0], str)}
    chains = []  # (a, b, [vertex ids])
    for line in data.CHAINS.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, body = line.split(":")
        a, b = head.split()
        ids = []
        for tok in body.split():
            if "," in tok:
                lon, lat = map(float, tok.split(","))
                ids.append(vid(pic(lon, lat)))
            else:
                ids.append(jid[tok])
        chains.append((a, b, ids))
        for i in ids:
            x, y = verts[i]
            if not (0 <= x <= WIDTH and 0 <= y <= HEIGHT):
                print("OUTSIDE", a, b, (x, y), [t for t in body.split()][ids.index(i)])
    # frame segments: walk the perimeter; the owner between two frame junctions is the region both chains share
    ends = defaultdict(list)
    for a, b, ids in chains:
        for end in (ids[0], ids[-1]):
            ends[end].append((a, b))
    W, H = WIDTH, HEIGHT
    corners = [vid((0.0, 0.0)), vid((W, 0.0)), vid((W, H)), vid((0.0, H))]

    def perim(p):
        x, y = p
        if y == 0: return x
        if x == W: return W + y
        if y == H: return W + H + (W - x)
        return 2 * W + H + (H - y)
    fpts = sorted([jid[n] for n in frame_j] + corners, key=lambda i: perim(verts[i]))
    fj = [i for i in fpts if i not in corners]
    for k, i in enumerate(fj):
        j = fj[(k + 1) % len(fj)]
        ri = set(ends[i][0]); rj = set(ends[j][0])
        common = ri & rj
        if len(common) != 1:
            raise SystemExit(f"frame owner ambiguous between {verts[i]} {ri} and {verts[j]} {rj}")
        owner = common.pop()
        # the path from i to j along the perimeter, with the corners between
        a, b = fpts.index(i), fpts.index(j)
        path = [fpts[(a + t) % len(fpts)] for t in range((b - a) % len(fpts) + 1)]
        chains.append((owner, None, path))
    # assemble rings per region
    per = defaultdict(list)
    for a, b, ids in chains:
        per[a].append(ids)
        if b:
            per[b].append(ids)
    regions = {}
    for name, cs in per.items():
        rings = []
        closed = [c for c in cs if c[0] == c[-1]]
        open_ = [c for c in cs if c[0] != c[-1]]
        for c in closed:
            rings.append(c[:-1])
        by_end = defaultdict(list)
        for k, c in enumerate(open_):
            by_end[c[0]].append(k); by_end[c[-1]].append(k)
        for e, ks in by_end.items():
            if len(ks) != 2:
                raise SystemExit(f"{name}: junction {verts[e]} ({[n for n, v in jid.items() if v == e]}) has {len(ks)} chain ends")
        used = set()
        for k0 in range(len(open_)):
            if k0 in used: continue
            ring = list(open_[k0]); used.add(k0)
            while ring[-1] != ring[0]:
                e = ring[-1]
                nxt = [k for k in by_end[e] if k not in used]
                if not nxt:
                    raise SystemExit(f"{name}: cannot close ring at {verts[e]}")
                k = nxt[0]; used.add(k)
                c = open_[k]
                ring.extend(c[1:] if c[0] == e else list(reversed(c))[1:])
            rings.append(ring[:-1])
        def area(r):
            pts = [verts[i] for i in r]
            return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(pts, pts[1:] + pts[:1])) / 2
        rings.sort(key=lambda r: -abs(area(r)))
        out = []
        for k, r in enumerate(rings):
            if (area(r) > 0) != (k == 0):
                r = list(reversed(r))
            out.append(r)
        regions[name] = out
    return verts, regions


def main():
    verts, regions = build()
    from judge.maps import load as load_map
    m = load_map()
    pts = places.place(verts, regions, m, pic)
    doc = {"map": "standard", "source": (
        "Drawn for this judge from geography, not copied from any other map: approximate longitudes and latitudes "
        "of Europe's coasts and of the board's borders around 1901, projected with a Lambert conformal conic "
        "projection (central meridian 15E, standard parallels 40N and 62N), latitudes above 60N and below 36N "
        "compressed and the crowded middle of the board (Britain, the Low Countries, Denmark, Italy, the Balkans) "
        "magnified, as game boards are. Province divisions follow the Diplomacy board."),
        "width": WIDTH, "height": HEIGHT, "vertices": [list(v) for v in verts], "provinces": {}, "other": {},
        "crossings": [], "borders_without_passage": []}
    for abbr in sorted(m.provinces):
        p = pts[abbr]
        e = {"rings": regions[abbr], "label": p["label"], "unit": p["unit"]}
        if m.provinces[abbr].coasts:
            e["coasts"] = p["coasts"]
        e["center"] = p.get("center")
        doc["provinces"][abbr] = e
    for name, (full, kind) in data.OTHER.items():
        doc["other"][name] = {"name": full, "kind": kind, "rings": regions[name], "label": pts[name]["label"]}
    extra = set(regions) - set(m.provinces) - set(data.OTHER)
    if extra:
        raise SystemExit(f"unknown regions {extra}")
    text = json.dumps(doc, separators=(",", ":"))
    # one province per line keeps diffs readable
    lines = ['{"map": "standard",', f' "source": {json.dumps(doc["source"])},',
             f' "width": {WIDTH}, "height": {HEIGHT},',
             ' "vertices": [']
    rows = [", ".join(f"[{x}, {y}]" for x, y in verts[k:k + 8]) for k in range(0, len(verts), 8)]
    lines += ["  " + r + ("," if k < len(rows) - 1 else "") for k, r in enumerate(rows)]
    lines += [' ],',
             ' "provinces": {']
    items = list(doc["provinces"].items())
    for k, (abbr, e) in enumerate(items):
        lines.append(f'  "{abbr}": {json.dumps(e, separators=(",", ":"))}' + ("," if k < len(items) - 1 else ""))
    lines.append(" },")
    lines.append(' "other": {')
    items = list(doc["other"].items())
    for k, (abbr, e) in enumerate(items):
        lines.append(f'  "{abbr}": {json.dumps(e, separators=(",", ":"))}' + ("," if k < len(items) - 1 else ""))
    lines.append(" },")
    lines.append(' "crossings": [],')
    lines.append(' "borders_without_passage": []')
    lines.append("}")
    out = "\n".join(lines) + "\n"
    json.loads(out)
    open(__import__("pathlib").Path(__file__).resolve().parents[2] / "judge" / "maps" / "standard.geometry.json", "w").write(out)
    print("vertices", len(verts), "regions", len(regions), "size", WIDTH, HEIGHT)


if __name__ == "__main__":
    main()
