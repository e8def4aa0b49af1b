"""Build judge/maps/heartland.geometry.json, the drawing of the invented Heartland board (judge/maps/heartland.json).

The board is laid out on a grid of junctions (below); every border between two regions is one edge between two
junctions, and coastlines are given a gentle, reproducible wobble (the same points for both regions that share them).

    python3 tools/boards/heartland.py      # rewrites judge/maps/heartland.geometry.json
"""
from __future__ import annotations

import json
import math
import random
from pathlib import Path

SCALE = 1.5             # laid out on an 800 x 560 sketch, drawn 1200 wide like the standard board (the legend's width)
W, H = 800.0, 560.0
OUT = Path(__file__).resolve().parents[2] / "judge" / "maps" / "heartland.geometry.json"

# Junctions: where three regions meet, or a border meets the frame.
J = {
    # (borders between two seas are kept off the pixel grid's axes: a straight level hairline can vanish in a PNG)
    "tl": (0, 0), "tm": (392, 0), "tr": (W, 0),
    "gw": (0, 110), "gi": (80, 100), "ca": (272, 106), "gm": (400, 100), "cb": (528, 96), "ei": (720, 100),
    "ee": (W, 110),
    "a1": (296, 224), "b1": (506, 206),
    "am": (80, 300), "a2": (270, 300), "b2": (534, 280), "bm": (720, 268),
    "a3": (292, 372), "b3": (512, 352),
    "sw": (0, 448), "si": (80, 462), "c1": (276, 470), "c2": (526, 454), "se": (720, 460), "sf": (W, 446),
    "bl": (0, H), "br": (W, H),
}
# Each region's outline, junction to junction (clockwise on screen).
RINGS = {
    "GRY": ["tl", "tm", "gm", "ca", "gi", "gw"],
    "AMB": ["tm", "tr", "ee", "ei", "cb", "gm"],
    "WST": ["gw", "gi", "am", "si", "sw"],
    "EST": ["ei", "ee", "sf", "se", "bm"],
    "SOU": ["sw", "si", "c1", "c2", "se", "sf", "br", "bl"],
    "ALD": ["gi", "ca", "a1", "a2", "am"],
    "ASH": ["am", "a2", "a3", "c1", "si"],
    "COR": ["ca", "gm", "cb", "b1", "a1"],
    "BRY": ["cb", "ei", "bm", "b2", "b1"],
    "BEK": ["b2", "bm", "se", "c2", "b3"],
    "HRT": ["a1", "b1", "b2", "b3", "a3", "a2"],
    "CAL": ["a3", "b3", "c2", "c1"],
}
SEAS = {"GRY", "AMB", "WST", "EST", "SOU"}
POINTS = {   # label, unit, centre; coasts
    "GRY": {"label": (190, 44), "unit": (190, 68)},
    "AMB": {"label": (610, 44), "unit": (610, 68)},
    "WST": {"label": (36, 250), "unit": (38, 300)},
    "EST": {"label": (762, 250), "unit": (760, 300)},
    "SOU": {"label": (400, 520), "unit": (460, 520)},
    "ALD": {"label": (180, 180), "unit": (180, 206), "center": (150, 180)},
    "ASH": {"label": (180, 380), "unit": (180, 406), "center": (150, 380)},
    "COR": {"label": (400, 160), "unit": (400, 186), "center": (370, 160),
            "coasts": {"WC": (325, 128), "EC": (478, 128)}},
    "BRY": {"label": (620, 180), "unit": (620, 206), "center": (590, 180)},
    "BEK": {"label": (620, 380), "unit": (620, 406), "center": (590, 380)},
    "HRT": {"label": (400, 278), "unit": (400, 304), "center": (370, 278)},
    "CAL": {"label": (400, 400), "unit": (400, 426), "center": (370, 400)},
}


def wobble(a: tuple[float, float], b: tuple[float, float], coast: bool) -> list[tuple[float, float]]:
    """Points strictly between a and b: a coastline wanders (seeded by the edge, so both sides agree)."""
    rng = random.Random(f"{min(a, b)}{max(a, b)}")
    length = math.dist(a, b)
    steps = max(2, int(length // (18 if coast else 40)))
    amp = 9.0 if coast else 4.0
    nx, ny = (b[1] - a[1]) / length, -(b[0] - a[0]) / length
    out = []
    phase = rng.uniform(0, math.tau)
    for k in range(1, steps):
        t = k / steps
        off = amp * math.sin(phase + t * math.pi * rng.uniform(2.5, 3.5)) * math.sin(t * math.pi)
        out.append((round(a[0] + (b[0] - a[0]) * t + nx * off, 1), round(a[1] + (b[1] - a[1]) * t + ny * off, 1)))
    return out


def scaled(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0] * SCALE, 1), round(p[1] * SCALE, 1))


def on_frame(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return (a[0] == b[0] and a[0] in (0, W)) or (a[1] == b[1] and a[1] in (0, H))


def build() -> dict:
    owner: dict[frozenset, set[str]] = {}
    for region, ring in RINGS.items():
        for i, j in zip(ring, ring[1:] + ring[:1]):
            owner.setdefault(frozenset((i, j)), set()).add(region)
    vertices: list[tuple[float, float]] = []
    index: dict[tuple[float, float], int] = {}

    def vid(p: tuple[float, float]) -> int:
        p = scaled(p)
        if p not in index:
            index[p] = len(vertices)
            vertices.append(p)
        return index[p]

    inner: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for edge, regions in owner.items():
        i, j = sorted(edge)
        a, b = J[i], J[j]
        coast = len(regions & SEAS) == 1 and len(regions) == 2
        # (a border between two seas stays straight: a wobbling hairline at sea reads as a dashed line)
        inner[(i, j)] = [] if on_frame(a, b) or regions <= SEAS else wobble(a, b, coast)
    provinces = {}
    for region, ring in RINGS.items():
        ids: list[int] = []
        for i, j in zip(ring, ring[1:] + ring[:1]):
            ids.append(vid(J[i]))
            mids = inner[(i, j)] if (i, j) in inner else list(reversed(inner[(j, i)]))
            ids.extend(vid(p) for p in mids)
        at = POINTS[region]
        entry: dict = {"rings": [ids], "label": list(scaled(at["label"])), "unit": list(scaled(at["unit"])),
                       "center": list(scaled(at["center"])) if "center" in at else None}
        if "coasts" in at:
            entry["coasts"] = {c: list(scaled(p)) for c, p in at["coasts"].items()}
        provinces[region] = entry
    return {"map": "heartland",
            "source": "Drawn for this judge: an invented board (tools/boards/heartland.py), not taken from any map.",
            "width": W * SCALE, "height": H * SCALE, "vertices": [list(v) for v in vertices],
            "provinces": provinces, "other": {},
            "crossings": [], "borders_without_passage": []}


if __name__ == "__main__":
    doc = build()
    OUT.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(doc['vertices'])} vertices)")
