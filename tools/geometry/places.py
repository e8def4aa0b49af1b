"""Label, unit, centre and coast points: a compact cluster found inside each polygon; overrides where given."""
import numpy as np

# picture-coordinate overrides, applied after the search
OVR = {
    "BUL": {"label": (845, 720), "center": (821, 720), "unit": (820, 745), "coasts": {"EC": (890, 690), "SC": (848, 783)}},
    "STP": {"coasts": {"SC": (846, 197)}},
    "SWE": {"label": (628, 248), "center": (652, 248), "unit": (628, 268)},
    "ROM": {"label": (556, 783), "center": (534, 783), "unit": (556, 803)},
}
# split coasts, lon/lat: close to that coast's sea
COASTS = {
    "SPA": {"NC": (-6.0, 42.9), "SC": (-2.0, 37.6)},
    "STP": {"NC": (35.5, 68.3), "SC": (30.8, 60.6)},
    "BUL": {"EC": (27.4, 42.95), "SC": (25.0, 41.35)},
}
STEP = 2.0
UNIT_OFFS = [(0, 20), (0, -20), (30, 0), (-30, 0), (24, 18), (-24, 18), (0, 22), (24, -18), (-24, -18)]
CENTRE_OFFS = [(-22, 0), (22, 0), (0, -14), (0, 16), (-20, -12), (20, -12), (-18, 14), (18, 14), (-24, 4), (24, 4)]


def _edges(verts, rings):
    segs = []
    for r in rings:
        pts = [verts[i] for i in r]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            segs.append((a[0], a[1], b[0], b[1]))
    return np.array(segs)


def _inside(px, py, verts, rings):
    res = np.zeros(px.shape, bool)
    for r in rings:
        pts = np.array([verts[i] for i in r])
        x1, y1 = pts[:, 0], pts[:, 1]
        x2, y2 = np.roll(x1, -1), np.roll(y1, -1)
        ins = np.zeros(px.shape, bool)
        for a, b, c, d in zip(x1, y1, x2, y2):
            cond = (b > py) != (d > py)
            with np.errstate(divide="ignore", invalid="ignore"):
                xi = a + (py - b) * (c - a) / (d - b)
            ins ^= cond & (px < xi)
        res ^= ins
    return res


def _dist(px, py, segs):
    out = np.full(px.shape, np.inf)
    x1, y1, x2, y2 = (segs[:, k][None, :] for k in range(4))
    dx, dy = x2 - x1, y2 - y1
    L = dx * dx + dy * dy
    for s in range(0, len(px), 4000):
        qx0, qy0 = px[s:s + 4000, None], py[s:s + 4000, None]
        t = np.clip(((qx0 - x1) * dx + (qy0 - y1) * dy) / np.where(L == 0, 1, L), 0, 1)
        out[s:s + 4000] = np.sqrt((qx0 - (x1 + t * dx)) ** 2 + (qy0 - (y1 + t * dy)) ** 2).min(axis=1)
    return out


def clearance_grid(verts, rings):
    pts = np.array([verts[i] for i in rings[0]])
    x0, y0 = np.floor(pts.min(axis=0) / STEP) * STEP
    x1, y1 = pts.max(axis=0)
    xs = np.arange(x0, x1 + STEP, STEP)
    ys = np.arange(y0, y1 + STEP, STEP)
    gx, gy = np.meshgrid(xs, ys)
    px, py = gx.ravel(), gy.ravel()
    ins = _inside(px, py, verts, rings)
    d = np.full(px.shape, -1.0)
    d[ins] = _dist(px[ins], py[ins], _edges(verts, rings))
    return xs, ys, d.reshape(gx.shape)


def _shift(D, ox, oy):
    """D shifted so that out[i, j] = D[i + oy, j + ox] (in grid steps), -1 outside."""
    out = np.full(D.shape, -1.0)
    h, w = D.shape
    ys = slice(max(0, -oy), min(h, h - oy))
    xs = slice(max(0, -ox), min(w, w - ox))
    ys2 = slice(max(0, oy), min(h, h + oy))
    xs2 = slice(max(0, ox), min(w, w + ox))
    out[ys, xs] = D[ys2, xs2]
    return out


def box_clear(D, w, h):
    """Clearance of a w-by-h box centred at each grid point: the least clearance at its corners and mid-edges."""
    out = D.copy()
    for ox in (-w / 2, 0, w / 2):
        for oy in (-h / 2, 0, h / 2):
            out = np.minimum(out, _shift(D, int(round(ox / STEP)), int(round(oy / STEP))))
    return out


def _ok_pair(a, b, w1, h1, w2, h2):
    return abs(a[0] - b[0]) >= w1 + w2 or abs(a[1] - b[1]) >= h1 + h2


def _free(xs, ys, D, BL, BU, gx, gy, want_c, coasts):
    """Label where its box fits best, unit and centre at the nearest points where they fit."""
    k = np.unravel_index(np.argmax(BL), D.shape)
    lab = (gx[k], gy[k])
    slack = BL[k] - 1.5
    obst = [(lab, 13, 6)] + [(p, 12, 8) for p in coasts.values()]

    def fit(need, w, h, A):
        ok = A >= need
        for (p, pw, ph) in obst:
            ok &= (np.abs(gx - p[0]) >= pw + w) | (np.abs(gy - p[1]) >= ph + h)
        dist = np.hypot(gx - lab[0], gy - lab[1] - 10)
        if ok.any():
            j = np.unravel_index(np.argmin(np.where(ok, dist, np.inf)), D.shape)
            return (gx[j], gy[j]), A[j] - need
        return None, -99  # noqa

    out = {"label": [round(float(lab[0]), 1), round(float(lab[1]), 1)]}
    u, s_u = fit(1, 12, 8, BU)
    if u is None:
        return -99, {}
    out["unit"] = [round(float(u[0]), 1), round(float(u[1]), 1)]
    obst.append((u, 12, 8))
    slack = min(slack, s_u)
    if want_c:
        c, s_c = fit(7, 6, 6, D)
        if c is None:
            return -99, {}
        out["center"] = [round(float(c[0]), 1), round(float(c[1]), 1)]
        slack = min(slack, s_c)
    return slack, out


def place(verts, regions, m, pic):
    out = {}
    for name, rings in regions.items():
        xs, ys, D = clearance_grid(verts, rings)
        gy, gx = np.meshgrid(ys, xs, indexing="ij")
        pole = np.unravel_index(np.argmax(D), D.shape)
        px0, py0 = xs[pole[1]], ys[pole[0]]
        prov = m.provinces.get(name)
        res = {}
        coasts = {}
        if prov is not None and prov.coasts:
            for c in prov.coasts:
                x, y = pic(*COASTS[name][c])
                coasts[c] = (round(x, 1), round(y, 1))
            res["coasts"] = {c: list(p) for c, p in coasts.items()}
        if prov is None:
            res["label"] = [round(float(px0), 1), round(float(py0), 1)]
            out[name] = res
            continue
        want_c = prov.center
        near = np.hypot(gx - px0, gy - py0)
        best = None
        # label text about 26x11, unit box 24x16, centre marker radius 5
        BL = box_clear(D, 26, 12)
        BU = box_clear(D, 24, 16)
        L = BL - 1.5
        for uo in UNIT_OFFS:
            U = _shift(BU, int(uo[0] / STEP), int(uo[1] / STEP)) - 1
            cos = CENTRE_OFFS if want_c else [None]
            for co in cos:
                if co is not None:
                    if not _ok_pair(uo, co, 12, 8, 6, 6):
                        continue
                    C = _shift(D, int(co[0] / STEP), int(co[1] / STEP)) - 7
                    S = np.minimum(np.minimum(L, U), C)
                else:
                    S = np.minimum(L, U)
                # keep clear of the coast points
                for cp in coasts.values():
                    for (ox, oy), w, h in (((0, 0), 13, 6), (uo, 12, 8)) + ((((co, 6, 6),) if co else ())):
                        bad = (np.abs(gx + ox - cp[0]) < w + 12) & (np.abs(gy + oy - cp[1]) < h + 8)
                        S = np.where(bad, -1e3, S)
                pen = (0 if uo in ((0, 20), (0, 22)) else 1.0) + (0 if co in (None, (-22, 0), (22, 0), (-24, 4), (24, 4)) else 0.6)
                score = np.minimum(S, 3.0) - 0.03 * near - pen
                k = np.unravel_index(np.argmax(score), score.shape)
                if best is None or score[k] > best[0]:
                    best = (score[k], (xs[k[1]], ys[k[0]]), uo, co, S[k])
        _, (lx, ly), uo, co, slack = best
        res["label"] = [round(float(lx), 1), round(float(ly), 1)]
        res["unit"] = [round(float(lx + uo[0]), 1), round(float(ly + uo[1]), 1)]
        if want_c:
            res["center"] = [round(float(lx + co[0]), 1), round(float(ly + co[1]), 1)]
        if slack < 1:
            free = _free(xs, ys, D, BL, BU, gx, gy, want_c, coasts)
            print(f"tight: {name} slack {slack:.1f}; free placement slack {free[0]:.1f}")
            if free[0] > slack:
                res.update(free[1])
        for key, p in OVR.get(name, {}).items():
            if key == "coasts":
                res["coasts"].update({c: [float(q[0]), float(q[1])] for c, q in p.items()})
            else:
                res[key] = [float(p[0]), float(p[1])]
        out[name] = res
    return out
