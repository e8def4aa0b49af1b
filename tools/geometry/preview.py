"""Throwaway preview: render the geometry to /tmp/geometry-preview.png."""
import json, sys
import resvg_py

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from judge.maps import load as load_map

g = json.load(open(ROOT / "judge" / "maps" / "standard.geometry.json"))
m = load_map()
V = g["vertices"]
W, H = g["width"], g["height"]
vb = (0, 0, W, H)
if len(sys.argv) > 2:
    vb = tuple(float(v) for v in sys.argv[2:6])
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="{1200 * vb[3] / vb[2]}" viewBox="{vb[0]} {vb[1]} {vb[2]} {vb[3]}">']
out.append(f'<rect width="{W}" height="{H}" fill="white"/>')


def path(rings):
    return " ".join("M" + " L".join(f"{V[i][0]},{V[i][1]}" for i in r) + " Z" for r in rings)


colour = {"sea": "#b8d8ee", "coast": "#efe3c2", "land": "#e6d6ab"}
for abbr, p in g["provinces"].items():
    t = m.provinces[abbr].terrain
    out.append(f'<path d="{path(p["rings"])}" fill="{colour[t]}" fill-rule="evenodd" stroke="#555" stroke-width="0.7"/>')
for abbr, p in g["other"].items():
    fill = "#aaaaaa" if p["kind"] == "impassable" else "#d9d2bd"
    out.append(f'<path d="{path(p["rings"])}" fill="{fill}" fill-rule="evenodd" stroke="#777" stroke-width="0.5"/>')
for abbr, p in g["provinces"].items():
    x, y = p["label"]
    out.append(f'<text x="{x}" y="{y + 4}" font-size="11" font-family="DejaVu Sans" font-weight="bold" text-anchor="middle" fill="#222">{abbr}</text>')
    ux, uy = p["unit"]
    out.append(f'<rect x="{ux-12}" y="{uy-8}" width="24" height="16" rx="3" fill="#c00" fill-opacity="0.35" stroke="#c00" stroke-width="1"/>')
    for c, (cx, cy) in p.get("coasts", {}).items():
        out.append(f'<rect x="{cx-12}" y="{cy-8}" width="24" height="16" rx="3" fill="#00a" fill-opacity="0.3" stroke="#00a" stroke-width="1"/>')
        out.append(f'<text x="{cx}" y="{cy - 7}" font-size="8" text-anchor="middle" fill="#00a">{c}</text>')
    if p.get("center"):
        cx, cy = p["center"]
        out.append(f'<circle cx="{cx}" cy="{cy}" r="4.5" fill="#fff" stroke="#333" stroke-width="1.5"/>')
for abbr, p in g["other"].items():
    x, y = p["label"]
    out.append(f'<text x="{x}" y="{y + 3}" font-size="8" font-family="DejaVu Sans" text-anchor="middle" fill="#555">{p["name"]}</text>')
if len(sys.argv) > 2:
    x0, y0, w, h = vb
    for gx in range(int(x0 // 10) * 10, int(x0 + w) + 1, 10):
        out.append(f'<line x1="{gx}" y1="{y0}" x2="{gx}" y2="{y0 + h}" stroke="#000" stroke-opacity="{0.25 if gx % 50 == 0 else 0.08}" stroke-width="0.3"/>')
        if gx % 50 == 0:
            out.append(f'<text x="{gx + 1}" y="{y0 + 6}" font-size="5" fill="#000">{gx}</text>')
    for gy in range(int(y0 // 10) * 10, int(y0 + h) + 1, 10):
        out.append(f'<line x1="{x0}" y1="{gy}" x2="{x0 + w}" y2="{gy}" stroke="#000" stroke-opacity="{0.25 if gy % 50 == 0 else 0.08}" stroke-width="0.3"/>')
        if gy % 50 == 0:
            out.append(f'<text x="{x0 + 1}" y="{gy - 1}" font-size="5" fill="#000">{gy}</text>')
out.append("</svg>")
svg = "\n".join(out)
png = resvg_py.svg_to_bytes(svg_string=svg, font_dirs=["/usr/share/fonts/truetype/dejavu"], font_family="DejaVu Sans")
open(sys.argv[1] if len(sys.argv) > 1 else "/tmp/geometry-preview.png", "wb").write(bytes(png))
print("ok")
