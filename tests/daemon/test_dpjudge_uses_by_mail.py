"""DPjudge map files that build on another with USE, played by mail over real SMTP (judge serve in-process, a
recording relay): a game on our ring_three.map (the ring board of ring.map with a third power) gets the ring's
picture with its results, in the variant's own colours; a game on ring_isle.map (a province added) is told at CREATE
that it has no picture, and why; a game on DPjudge's standard_german.map (the standard board with every province
renamed) gets the standard picture."""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import pyvips

from judge import maps
from judge.picture import geometry, shapes, style
from judge.picture.draw import TOP
from tests.daemon.test_variants_by_mail import GM, Post, check_results, run, text_of
from tests.dpjudge_mirror import extract

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "variants"
    folder.mkdir()
    for path in DATA.glob("ring*"):
        shutil.copy(path, folder / path.name)
    return folder


def test_a_game_on_a_file_that_uses_a_drawn_board_has_its_picture(tmp_path):
    run(tmp_path, _ring_three, "ring3", _folder(tmp_path))


async def _ring_three(post: Post):
    await post.start_game("ring_three")
    created = text_of(next(m for m in post.relay.to(GM) if str(m["Subject"]).startswith("Re:")))
    assert "Variant: ring_three" in created and "no drawing" not in created
    await post.mail(GM, "LIST ring3")
    assert "  map_picture = png\n" in post.reply(GM)                # (a drawing: the rule as it is)
    await post.orders({"WEST": "F WBY - SSE\nA NBY - MID", "EAST": "F EBY H\nA BAY H",
                       "SOUTH": "A HIL - MID\nF SBY H"})
    text = check_results(post, "S1901M", "ring_three", picture=True)
    assert "West: Army North Bay -> Midland.  (*bounce*)" in text
    assert "South: Army Hills -> Midland.  (*bounce*)" in text
    mail = post.results("S1901M")[0]
    png = next(p for p in mail.walk() if p.get_content_type() == "image/png").get_content()
    img = pyvips.Image.new_from_buffer(png, "")
    assert img.width == 1200 and img.height > TOP + 600          # the ring's drawing: 1200 x 600, and the legend
    south = style.power_styles(maps.load("ring_three"))["SOUTH"].colour

    def at(x: float, y: float) -> tuple[int, ...]:
        return tuple(int(v) for v in img.getpoint(round(x), round(y + TOP))[:3])
    # plain spots of the squares, away from labels, units and markers: South Bay in the South's tint (its home,
    # a province the ring's own powers never had), the Tor the plain land of a province owned by none
    assert _close(at(340, 570), style.tint(south)) and _close(at(640, 170), style.LAND)


def test_a_file_that_adds_a_province_is_said_to_have_no_picture_at_create(tmp_path):
    run(tmp_path, _ring_isle, "isle1", _folder(tmp_path))


async def _ring_isle(post: Post):
    await post.mail(GM, "CREATE isle1 gm-pass ring_isle")
    reply = post.reply(GM).replace("\n", " ")
    assert "(Text only, no picture: the drawing of Ring does not fit its provinces: it adds ISL.)" in reply
    assert "The Ring Isle map has no drawing: results come as text only, without a picture of the board." in reply
    # LIST's house rules said "map_picture = png" bare, promising pictures no results mail of the game carries
    await post.mail(GM, "LIST isle1")
    rules = [line.strip() for line in post.reply(GM).splitlines() if line.strip().startswith("map_picture")]
    assert rules == ["map_picture = png (no picture: the map has no drawing)"], rules


def _close(pixel: tuple[int, ...], colour: str, tolerance: int = 3) -> bool:
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(p - q) <= tolerance for p, q in zip(pixel, want))


# -- DPjudge's standard_german.map: the standard board renamed (where a mirror of DPjudge is on this machine) --------

def test_a_game_on_dpjudges_german_map_has_the_standard_picture(tmp_path):
    run(tmp_path, _german, "deutsch", extract(tmp_path / "dpjudge"))


async def _german(post: Post):
    await post.start_game("standard_german")
    created = text_of(next(m for m in post.relay.to(GM) if str(m["Subject"]).startswith("Re:")))
    assert "Variant: standard_german" in created and "no drawing" not in created and "Text only" not in created
    # Orders in the map's own abbreviations: NRW is Norway (the standard board's NWY), EUR the Norwegian Sea, DAE
    # Denmark, SWA the Black Sea, TYR the Tyrrhenian Sea, TIR Tyrolia.
    spring = {"DEUTSCHLAND": "F KIE - DAE\nA BER - KIE\nA MUE - RHE", "ENGLAND": "F LON - NSE\nF EDI - EUR\nA LVP - YOR",
              "FRANKREICH": "F BRE - MIT\nA PAR - BUR\nA MAR - SPA", "ITALIEN": "A VEN - TIR\nA ROM - APU\nF NEA - TYR",
              "OESTERREICH": "A WIE - GAL\nA BUD - SER\nF TRI - ALB",
              "RUSSLAND": "A MOS - UKR\nA WAR - GAL\nF SEW - SWA\nF STP/SK - BOT",
              "TUERKEI": "F ANK - SWA\nA KON - BUL\nA SMY - ARM"}
    await post.orders(spring)
    phases = [str(m["Subject"]).rsplit(" ", 1)[1] for m in post.relay.to(GM) if "results" in str(m["Subject"])]
    text = check_results(post, phases[0], "standard_german", picture=True)
    assert "(*bounce*)" in text
    fall = {"DEUTSCHLAND": "F DAE H\nA KIE H\nA RHE H", "ENGLAND": "F EUR - NRW\nF NSE H\nA YOR H",
            "FRANKREICH": "F MIT H\nA BUR H\nA SPA H", "ITALIEN": "A TIR H\nA APU H\nF TYR - TUN",
            "OESTERREICH": "A WIE H\nA SER H\nF ALB H", "RUSSLAND": "A UKR H\nA WAR H\nF SEW H\nF BOT H",
            "TUERKEI": "F ANK H\nA BUL H\nA ARM H"}
    await post.orders(fall)
    phases = [str(m["Subject"]).rsplit(" ", 1)[1] for m in post.relay.to(GM) if "results" in str(m["Subject"])]
    check_results(post, phases[1], "standard_german", picture=True)
    game = post.status()
    assert (game.position.centers["DAE"], game.position.centers["NRW"], game.position.centers["TUN"]) == (
        "DEUTSCHLAND", "ENGLAND", "ITALIEN")
    png = next(p for p in post.results(phases[1])[0].walk() if p.get_content_type() == "image/png").get_content()
    img = pyvips.Image.new_from_buffer(png, "")
    drawing = geometry.load("standard")
    assert img.width == 1200 and img.height > TOP + drawing.height
    styles = style.power_styles(maps.load("standard_german"))
    # the new centres in their owners' tints, in the standard drawing's Norway, Denmark and Tunis
    for place, power in (("NWY", "ENGLAND"), ("DEN", "DEUTSCHLAND"), ("TUN", "ITALIEN")):
        x, y = _plain_spot(drawing.provinces[place])
        got = tuple(int(v) for v in img.getpoint(round(x), round(y + TOP))[:3])
        assert _close(got, style.tint(styles[power].colour), 6), (place, got)


def _plain_spot(shape) -> tuple[float, float]:
    """A point of a province well inside it and away from its label, unit, centre marker and coasts."""
    marks = [p for p in (shape.label, shape.unit, shape.center, *shape.coasts.values()) if p]
    xs, ys = [p[0] for p in shape.rings[0]], [p[1] for p in shape.rings[0]]
    for y in range(int(min(ys)), int(max(ys)), 3):
        for x in range(int(min(xs)), int(max(xs)), 3):
            if all(shapes.inside((x + dx, y + dy), shape.rings) for dx in (-6, 0, 6) for dy in (-6, 0, 6)) and \
                    all(math.hypot(x - p[0], y - p[1]) > 30 for p in marks):
                return (x, y)
    raise AssertionError(f"no plain spot in {shape.name}")
