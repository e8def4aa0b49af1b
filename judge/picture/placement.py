"""Where the words go once units and orders are drawn: province labels and failure words clear of every unit, ring,
arrowhead and badge (a label moves beside or below its unit when an arrow comes in over it)."""
from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Iterable, Iterator, Sequence

from judge.picture.geometry import Geometry
from judge.picture.shapes import Point, inside

Box = tuple[float, float, float, float]          # x0, y0, x1, y1

# Advance widths of DejaVu Sans Bold in em (measured from the shipped font), for the boxes of labels and words.
_BOLD = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (.77, .76, .73, .83, .68, .68, .82, .84, .37, .37, .77, .64, 1.0, .84,
                                                .85, .73, .85, .77, .72, .68, .81, .77, 1.1, .77, .72, .73)))
_BOLD.update(zip("abcdefghijklmnopqrstuvwxyz", (.67, .72, .59, .72, .68, .44, .72, .71, .34, .34, .67, .34, 1.04, .71,
                                                .69, .72, .72, .49, .6, .48, .71, .65, .92, .65, .65, .58)))
_BOLD.update({d: .7 for d in "0123456789"}, **{" ": .35, "-": .42, ".": .38})
LABEL_SIZE = 11.0         # the template's province labels: bold, 11 units, baseline 4 below the label point
WORD_SIZE = 10.0          # ... and the words beside a failure's X: bold, 10 units, baseline 4 below the X
HALO = 1.5                # room kept round a word, so that its white outline too stays clear

# half width, half height of a unit token with its white outline (the template's #army and #fleet, stroke 4)
TOKEN = {"A": (14.0, 11.0), "F": (17.5, 11.0)}
X_R = 9.3                 # an X badge with its white casing
REACH = 90.0              # no word reaches further than this across from its X (the widest are ~70 with the gap)
# Where a failure word is set on each side of its X, tried in this order: (x, baseline) from the X's middle, and
# its anchor. At a corner it ends (or starts) just short of the X's middle, above or below the X.
WORD_AT: dict[str, tuple[int, int, str]] = {
    "right": (9, 4, "start"), "left": (-9, 4, "end"), "above": (0, -10, "middle"), "below": (0, 18, "middle"),
    "above-left": (-3, -10, "end"), "above-right": (3, -10, "start"),
    "below-left": (-3, 18, "end"), "below-right": (3, 18, "start"),
}
DOT_R = 6.8               # a centre dot with its ring


def text_width(text: str, size: float) -> float:
    return sum(_BOLD.get(c, 0.8) for c in text) * size


def label_box(x: float, y: float, text: str) -> Box:
    """The box of a province label drawn at its point (x, y): capitals from 4 above to 4 below it."""
    half = text_width(text, LABEL_SIZE) / 2
    return (x - half - HALO, y - 4 - HALO, x + half + HALO, y + 4 + HALO)


def token_box(x: float, y: float, kind: str, scale: float = 1.0) -> Box:
    w, h = TOKEN.get(kind, TOKEN["F"])
    return (x - w * scale, y - h * scale, x + w * scale, y + h * scale)


def word_box(x: float, y: float, word: str, side: str) -> Box:
    """The box of a failure word beside an X at (x, y), on the given side of it (its ink: baseline and 8 above)."""
    w = text_width(word, WORD_SIZE)
    dx, base, anchor = WORD_AT[side]
    x0 = x + dx - {"start": 0.0, "middle": w / 2, "end": w}[anchor]
    return (x0 - HALO, y + base - 8 - HALO, x0 + w + HALO, y + base + HALO)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _meets_circle(box: Box, circle: tuple[float, float, float]) -> bool:
    cx, cy, r = circle
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _segment_hits(box: Box, a: Point, b: Point, pad: float) -> bool:
    """Does the segment a-b (drawn `pad` wide each side) pass through the box?"""
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


class Obstacles:
    """What words must keep clear of, in a coarse grid so that each test looks only nearby."""
    CELL = 48.0

    def __init__(self) -> None:
        self.boxes: dict[tuple[int, int], list[tuple[Box, float]]] = defaultdict(list)
        self.lines: dict[tuple[int, int], list[tuple[Point, Point, float, float]]] = defaultdict(list)
        self.badges: dict[int, tuple[Box, float]] = {}      # each mark's X, by the id of its dict
        self.words: dict[int, tuple[Box, float]] = {}       # ... and its word
        self.labels: set[int] = set()                       # the ids of the labels' entries

    def _cells(self, box: Box) -> Iterable[tuple[int, int]]:
        c = self.CELL
        for i in range(int(box[0] // c), int(box[2] // c) + 1):
            for j in range(int(box[1] // c), int(box[3] // c) + 1):
                yield i, j

    def add_box(self, box: Box, weight: float) -> tuple[Box, float]:
        entry = (box, weight)
        for cell in self._cells(box):
            self.boxes[cell].append(entry)
        return entry

    def add_ring(self, cx: float, cy: float, r: float, weight: float) -> None:
        """A ring (and what it circles), as a circle: a word by the square round it may clear it."""
        entry = ((cx - r, cy - r, cx + r, cy + r), weight, (cx, cy, r))
        for cell in self._cells(entry[0]):
            self.boxes[cell].append(entry)
        return entry

    def remove_box(self, entry: tuple[Box, float]) -> None:
        for cell in self._cells(entry[0]):
            self.boxes[cell] = [e for e in self.boxes[cell] if e is not entry]

    def add_line(self, pts: Sequence[Point], pad: float, weight: float) -> None:
        for a, b in zip(pts, pts[1:]):
            box = (min(a[0], b[0]) - pad, min(a[1], b[1]) - pad, max(a[0], b[0]) + pad, max(a[1], b[1]) + pad)
            entry = (a, b, pad, weight)             # one entry in every cell: counted once however many it spans
            for cell in self._cells(box):
                self.lines[cell].append(entry)

    def crosses_line(self, box: Box) -> bool:
        return any(_segment_hits(box, a, b, pad)
                   for cell in self._cells(box) for a, b, pad, _ in self.lines.get(cell, ()))

    def cost(self, box: Box) -> float:
        """How badly a word in this box would be covered (0: it is clear of everything)."""
        seen_boxes: set[int] = set()
        seen_lines: set[int] = set()
        total = 0.0
        for cell in self._cells(box):
            for entry in self.boxes.get(cell, ()):
                if id(entry) not in seen_boxes:
                    seen_boxes.add(id(entry))
                    area = overlap(box, entry[0])
                    if area and (len(entry) < 3 or _meets_circle(box, entry[2])):
                        total += entry[1] * (1 + area / 50)
            for entry in self.lines.get(cell, ()):
                if id(entry) not in seen_lines:
                    seen_lines.add(id(entry))
                    if _segment_hits(box, entry[0], entry[1], entry[2]):
                        total += entry[3]
        return total


# Weights: a word may never sit on a unit, a ring, an arrowhead or a badge; over an arrow's shaft it stays readable
# (labels are drawn above the shafts, with a halo) but is better off beside it. Over its own order's line it hides
# what that line is for (a short bounce's line was all under its word): worse than a label, better than a unit.
HARD, CENTRE, SHAFT, TEXT, OWN = 100.0, 15.0, 3.0, 20.0, 40.0


def obstacles(pic: dict, g: Geometry) -> Obstacles:
    """The picture's units, rings, arrows, badges and centre markers, as placement sees them."""
    obs = Obstacles()
    for u in pic["units"] + pic["dislodged"]:
        scale = u["scale"] * (1.15 if u["dislodged"] else 1.0)           # the red halo round a dislodged unit
        obs.add_box(token_box(u["x"], u["y"], u["kind"], scale), HARD)
    for o in pic["orders"]:
        if "cx" in o:                                                    # a hold or convoy ring
            obs.add_ring(o["cx"], o["cy"], o["r"] + 3, HARD)
        if o.get("ring"):                                                # a support to hold's ring
            obs.add_ring(o["ring"]["cx"], o["ring"]["cy"], o["ring"]["r"] + 3, HARD)
        if o.get("tri"):
            xs, ys = [p[0] for p in o["tri"]], [p[1] for p in o["tri"]]
            obs.add_box((min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1), HARD)
        if o.get("pts"):
            # every fourth point of a curve is near enough (a chord strays under a unit from the gentle bends
            # drawn), and a quarter of the segments to test
            pts = o["pts"]
            obs.add_line(pts[::4] + ([pts[-1]] if (len(pts) - 1) % 4 else []), 4.5, SHAFT)
        if o.get("dot"):
            d = o["dot"]
            obs.add_box((d["cx"] - 5, d["cy"] - 5, d["cx"] + 5, d["cy"] + 5), HARD)
    for k in pic["marks"]:
        obs.badges[id(k)] = obs.add_box((k["x"] - X_R, k["y"] - X_R, k["x"] + X_R, k["y"] + X_R), HARD)
    for c in pic["centres"]:
        # the marker's core: a label the drawing set beside it may graze its ring
        obs.add_box((c["x"] - 5.5, c["y"] - 5.5, c["x"] + 5.5, c["y"] + 5.5), CENTRE)
    return obs


def place_words(pic: dict, obs: Obstacles, width: float) -> None:
    """Each failure word on the side of its X where it covers least (right first), then an obstacle itself."""
    for k in pic["marks"]:
        if k.get("word"):
            _place_word(k, obs, width)


def _place_word(k: dict, obs: Obstacles, width: float) -> None:
    best = None
    # a word touches its own X (it is set 9 from its middle): that is no cover, on any side
    own = obs.badges.get(id(k))
    if own:
        obs.remove_box(own)
    # the order's own line, its segments within a word's reach of the X (a long curve has many)
    x, y, line = k["x"], k["y"], k.get("line", ())
    near = [(a, b) for a, b in zip(line, line[1:]) if min(a[0], b[0]) < x + REACH and max(a[0], b[0]) > x - REACH
            and min(a[1], b[1]) < y + REACH / 2 and max(a[1], b[1]) > y - REACH / 2]
    for n, side in enumerate(WORD_AT):
        box = word_box(x, y, k["word"], side)
        if box[0] < 0 or box[2] > width:
            continue
        score = obs.cost(box) + n * 0.5
        if any(_segment_hits(box, a, b, 2.0) for a, b in near):
            score += OWN
        if best is None or score < best[0]:
            best = (score, side, box)
        if score == 0:
            break
    if own:
        obs.badges[id(k)] = obs.add_box(*own)
    if best is not None:
        k["side"] = best[1]
        obs.words[id(k)] = obs.add_box(best[2], TEXT)


def _unhide_labels(pic: dict, obs: Obstacles, width: float) -> None:
    """A word that lies on a label (placed after the words, with nowhere better to go) goes to another side of its
    X if it covers less there, labels counted."""
    for k in pic["marks"]:
        entry = obs.words.get(id(k))
        if entry and any(id(e) in obs.labels and overlap(entry[0], e[0])
                         for cell in obs._cells(entry[0]) for e in obs.boxes.get(cell, ())):
            obs.remove_box(entry)
            _place_word(k, obs, width)


def _candidates(label: Point, unit: Point, text: str, dot: Point | None = None) -> list[Point]:
    """Where a province's label may go: its own point first, then round its unit (below, beside, above), then
    round its centre dot."""
    lx, ly = label
    ux, uy = unit
    half = text_width(text, LABEL_SIZE) / 2
    side = half + TOKEN["F"][0] + 4
    out = [label, (lx, ly + 5), (lx, ly - 5)]               # (a ring or an arrow grazing it: a nudge clears it)
    below = (ux, uy + (uy - ly) if abs(uy - ly) > 14 else uy + 20)
    out += [below, (ux + side, uy), (ux - side, uy), (ux, uy - 20), (ux, uy + 22),
            (ux + side, uy - 14), (ux - side, uy - 14), (ux + side, uy + 14), (ux - side, uy + 14),
            (lx, ly - 10), (lx + half + 6, ly), (lx - half - 6, ly)]
    # above, or beside, a dislodged unit drawn above the unit (where it mostly stands: judge.picture.dislodged)
    out += [(ux, uy - 42), (ux + side, uy - 24), (ux - side, uy - 24)]
    if dot:
        cx, cy = dot
        out += [(cx + half + 10, cy), (cx - half - 10, cy), (cx, cy + 15), (cx, cy - 15)]
    return out


class _Spots:
    """A province label's other spots, each with how many corners of its box lie outside the province, worked out
    as far as they are asked for (a label mostly moves to one of the first) and kept: they depend on the drawing
    alone."""

    def __init__(self, g: Geometry, abbr: str) -> None:
        shape = g.provinces[abbr]
        assert shape.unit is not None
        self.g, self.abbr, self.shape = g, abbr, shape       # (g kept alive: its id names no other drawing meanwhile)
        self.candidates = _candidates(shape.label, shape.unit, abbr, shape.center)[1:]
        ux, uy = shape.unit
        self.dots = [s.center for s in g.provinces.values() if s.center and abs(s.center[0] - ux) < 120
                     and abs(s.center[1] - uy) < 80]
        self.done: list[tuple[Point, float] | None] = []

    def _judge(self, p: Point) -> tuple[Point, float] | None:
        box = label_box(p[0], p[1], self.abbr)
        # one on a centre dot hid it (Naples' and Vienna's moved onto their own when a line or a unit came over their
        # usual place), and the dot hid the label; a label outside its province would name its neighbour
        if any(_on_dot(box, *d) for d in self.dots) or not inside(p, self.shape.rings):
            return None
        corners = ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))
        outside = sum(not inside(c, self.shape.rings) for c in corners)
        return (p, float(outside)) if outside <= 2 else None

    def __iter__(self) -> Iterator[tuple[Point, float]]:
        for i, p in enumerate(self.candidates):
            if i == len(self.done):
                self.done.append(self._judge(p))
            spot = self.done[i]
            if spot is not None:
                yield spot


_SPOTS: dict[tuple[int, str], _Spots] = {}


def _spots(g: Geometry, abbr: str) -> _Spots:
    key = (id(g), abbr)
    cached = _SPOTS.get(key)
    if cached is None or cached.g is not g:
        cached = _SPOTS[key] = _Spots(g, abbr)
    return cached


def _on_dot(box: Box, x: float, y: float) -> bool:
    """Does the box meet the centre dot at (x, y) (radius 6.8 with its ring)?"""
    return _meets_circle(box, (x, y, DOT_R))


def label_spots(g: Geometry, abbr: str) -> list[Point]:
    """The spots a province's label may move to, its box wholly inside the province."""
    return [p for p, outside in _spots(g, abbr) if not outside]


def place_labels(pic: dict, g: Geometry, obs: Obstacles) -> None:
    """Each province label at its own point when nothing covers it there, else at the nearby spot covered least."""
    entries = [(lab, obs.add_box(label_box(lab["x"], lab["y"], lab["text"]), TEXT)) for lab in pic["labels"]]
    dislodged = {u["id"].partition("-")[2]: u for u in pic["dislodged"]}
    for lab, entry in entries:
        shape = g.provinces.get(lab["text"]) if lab["cls"] != "other" else None
        if shape is None or shape.unit is None:
            continue
        abbr = lab["text"]
        obs.remove_box(entry)                       # a label does not cover itself
        own = entry[0]
        best = (obs.cost(own), (lab["x"], lab["y"]), own)
        if best[0] > 0:
            spots: Iterable[tuple[Point, float]] = _spots(g, abbr)
            if abbr in dislodged:
                spots = itertools.chain(spots, _beside_dislodged(dislodged[abbr], g, abbr, pic["centres"]))
            for n, (p, outside) in enumerate(spots, 1):
                box = label_box(p[0], p[1], abbr)
                score = obs.cost(box) + outside * 4 + n * 0.05
                if score < best[0]:
                    best = (score, p, box)
                    if score == n * 0.05:
                        break                       # clear and inside: no later spot does better
        obs.labels.add(id(obs.add_box(best[2], TEXT)))
        lab["x"], lab["y"] = best[1]
        lab["halo"] = best[0] > 0 and obs.crosses_line(best[2])


def _beside_dislodged(u: dict, g: Geometry, abbr: str, centres: list[dict]) -> list[tuple[Point, float]]:
    """More spots for the label of a province a unit was dislodged from (drawn where the label mostly stands):
    round that unit, inside the province, off the centre dots."""
    shape = g.provinces[abbr]
    half = text_width(abbr, LABEL_SIZE) / 2
    side = half + TOKEN["F"][0] * u["scale"] + 4
    out = []
    dots = [(c["x"], c["y"]) for c in centres if abs(c["x"] - u["x"]) < 80 and abs(c["y"] - u["y"]) < 40]
    for p in ((u["x"], u["y"] - 20), (u["x"] + side, u["y"]), (u["x"] - side, u["y"]), (u["x"], u["y"] + 20)):
        box = label_box(p[0], p[1], abbr)
        if any(_on_dot(box, *d) for d in dots) or not inside(p, shape.rings):
            continue
        corners = ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))
        outside = sum(not inside(c, shape.rings) for c in corners)
        if outside <= 2:
            out.append((p, float(outside)))
    return out


def place(pic: dict, g: Geometry) -> None:
    """Failure words, then province labels, each where it covers least."""
    obs = obstacles(pic, g)
    place_words(pic, obs, g.width)
    place_labels(pic, g, obs)
    # a label has fewer places to go than a word: Venice's lay under a bounce whose word fitted elsewhere
    _unhide_labels(pic, obs, g.width)


__all__ = ["TOKEN", "WORD_AT", "X_R", "label_box", "label_spots", "place", "token_box", "word_box"]
