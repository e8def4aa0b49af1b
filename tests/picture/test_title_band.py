"""The title band over the map: the game's name and the phase at the left, the subtitle at the right (the next phase,
or how the game ended). A draw between the seven powers of a game with a long name ran its subtitle over the title,
and a draw in Chaos over the whole band: the subtitle now never reaches the title. Widths are measured by rendering
the texts in the shipped fonts (libvips' text), not with the picture's own width table."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import pyvips

from judge import maps, picture
from judge.position import initial_position

FONTS = Path(picture.__file__).resolve().parent / "fonts"
NS = "{http://www.w3.org/2000/svg}"
SEVEN = "a draw between Austria, England, France, Germany, Italy, Russia and Turkey"


def _ink(text: str, size: float, bold: bool = False) -> float:
    face = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    font = f"DejaVu Sans{' Bold' if bold else ''} {size}"
    return pyvips.Image.text(text, font=font, fontfile=str(FONTS / face), dpi=72).width


def _band(svg: str) -> tuple[float, list[tuple[float, float, str]]]:
    """Where the title ends, and each subtitle line's (left, right, text)."""
    band = ET.fromstring(svg).find(f".//{NS}g[@id='title']")
    first, *subs = band.findall(f"{NS}text")
    game, dot, phase = first.findall(f"{NS}tspan")
    end = float(first.get("x")) + _ink(game.text, 21, True) + 10 + _ink(dot.text, 21) + 10 + _ink(phase.text, 21)
    lines = []
    for t in subs:
        assert t.get("text-anchor") == "end"
        right = float(t.get("x"))
        lines.append((right - _ink(t.text, float(t.get("font-size"))), right, t.text))
    return end, lines


def _chaos_draw() -> str:
    m = maps.load("chaos")
    names = [m.power_title(p) for p in m.powers[:12]]
    return "a draw between " + ", ".join(names[:-1]) + " and " + names[-1]


@pytest.mark.parametrize("variant, game, subtitle", [
    ("standard", "diplomacy_league_42", SEVEN),
    ("standard", "demo", SEVEN),
    ("chaos", "chaos7", _chaos_draw()),
    ("standard", "demo", "Arden has won alone"),
])
def test_the_subtitle_never_reaches_the_title(variant, game, subtitle):
    m = maps.load(variant)
    svg = picture.position_svg(m, initial_position(m), game=game, title="The game is over in Spring 1903 Movement",
                               subtitle=subtitle)
    end, lines = _band(svg)
    assert " ".join(text for _, _, text in lines) == subtitle           # every word of it is there
    for left, right, _ in lines:
        assert end + 8 <= left and right <= 1200, (end, lines)
