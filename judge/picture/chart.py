"""Supply centres per power per year as an SVG line chart (drawn on the server: pages need no script).

Two pictures: the plot, and its legend (each power's colour and centres now). A page sets them side by side as one
chart, or, where the plot does not fit (a phone), the legend below it, in sight (judge.css)."""
from __future__ import annotations

from html import escape
from typing import NamedTuple

from judge.maps import Map
from judge.picture.placement import text_width
from judge.picture.shapes import fmt
from judge.picture.style import INK, power_styles

WIDTH, HEIGHT = 640, 300                          # the two side by side
LEFT, RIGHT, TOP, BOTTOM = 40, 120, 16, 34       # margins: the axis labels left and below; the legend's width right
LINE = 13.0            # the legend's entries never closer than this (11-unit text: void's 36 powers overlapped)
ROOM = RIGHT - 32      # an entry's text, from its swatch to the legend's edge ("Constantinople 12" ran past it)


class Chart(NamedTuple):
    # <svg> WIDTH - RIGHT wide: the axes, the victory line, a line per power. The last year's label and dots spill
    # past its right edge, as they always did into the legend's margin (judge.css lets them show: overflow visible).
    plot: str
    legend: str         # <svg> RIGHT wide, no background: the powers, most centres first, level with the plot's top


def centre_chart(m: Map, rows: list[tuple[str, dict[str, int]]], victory: int) -> Chart:
    """`rows`: (label, centres per power) in order, e.g. ("1900", start counts), ("1901", ...). The dashed line is
    the victory count."""
    styles = power_styles(m)
    top = max([victory] + [n for _, counts in rows for n in counts.values()] + [1])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / max(1, len(rows) - 1)

    def x(i: int) -> float:
        return LEFT + (i * step if len(rows) > 1 else plot_w / 2)

    def y(n: float) -> float:
        return TOP + plot_h - n * plot_h / top

    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH - RIGHT} {HEIGHT}" class="plot" '
            'role="img" aria-labelledby="chart-title">'
            '<title id="chart-title">Supply centres per power per year</title>'),
           f'<rect x="0" y="0" width="{WIDTH - RIGHT}" height="{HEIGHT}" fill="#fffdf7"/>']
    tick = 2 if top <= 20 else 5 if top <= 50 else 10
    for n in range(0, top + 1, tick):
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{fmt(y(n))}" y2="{fmt(y(n))}" stroke="#e2dccb"/>'
                   f'<text x="{LEFT - 6}" y="{fmt(y(n) + 4)}" font-size="11" text-anchor="end" fill="{INK}">{n}</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{fmt(y(victory))}" y2="{fmt(y(victory))}" '
               f'stroke="{INK}" stroke-dasharray="5 4"/><text x="{LEFT + plot_w}" y="{fmt(y(victory) - 4)}" '
               f'font-size="10" text-anchor="end" fill="{INK}">{victory} to win</text>')
    every = max(1, len(rows) // 10)                   # at most about ten year labels
    for i, (label, _) in enumerate(rows):
        if i % every == 0 or i == len(rows) - 1:
            out.append(f'<text x="{fmt(x(i))}" y="{HEIGHT - BOTTOM + 18}" font-size="11" text-anchor="middle" '
                       f'fill="{INK}">{escape(label)}</text>')
    last = rows[-1][1] if rows else {}
    ranked = sorted(m.powers, key=lambda p: (-last.get(p, 0), p))
    # Powers with the same count in a year are drawn a line's width apart there, side by side (one line on top of
    # another hid it); a power alone at its count is drawn exactly on it.
    shift: dict[tuple[int, str], float] = {}
    for i, (_, counts) in enumerate(rows):
        same: dict[int, list[str]] = {}
        for power in m.powers:
            same.setdefault(counts.get(power, 0), []).append(power)
        for group in same.values():
            for k, power in enumerate(group):
                shift[(i, power)] = (k - (len(group) - 1) / 2) * min(2.5, 12 / len(group))
    for power in m.powers:
        colour = styles[power].colour
        points = [(x(i), y(counts.get(power, 0)) + shift[(i, power)]) for i, (_, counts) in enumerate(rows)]
        if len(points) > 1:
            out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round" '
                       f'points="{" ".join(f"{fmt(a)},{fmt(b)}" for a, b in points)}"/>')
        out.extend(f'<circle cx="{fmt(a)}" cy="{fmt(b)}" r="3" fill="{colour}"/>' for a, b in points)
    out.append("</svg>")
    # The legend: its entries where they stood when it was drawn in the plot's margin (the same scale beside it).
    gap = min(18, max(LINE, (plot_h - 6) / max(1, len(ranked))))
    height = int(TOP + 6 + (len(ranked) - 1) * gap + 6) + 1          # (down to the last entry's descenders)
    names = ", ".join(f"{styles[power].name} {last.get(power, 0)}" for power in ranked)
    key = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {RIGHT} {height}" class="legend" role="img" '
            f'aria-labelledby="chart-key"><title id="chart-key">Centres now: {escape(names)}</title>')]
    for k, power in enumerate(ranked):
        ly = TOP + 6 + k * gap
        entry = f"{styles[power].name} {last.get(power, 0)}"
        # a long one is squeezed to fit (the regular face is about 0.9 of the bold widths placement knows)
        fit = f' textLength="{ROOM}" lengthAdjust="spacingAndGlyphs"' if 0.9 * text_width(entry, 11) > ROOM else ""
        key.append(f'<rect x="14" y="{fmt(ly - 8)}" width="10" height="10" fill="{styles[power].colour}"/>'
                   f'<text x="30" y="{fmt(ly + 1)}" font-size="11" fill="{INK}"{fit}>{escape(entry)}</text>')
    key.append("</svg>")
    return Chart("\n".join(out), "\n".join(key))
