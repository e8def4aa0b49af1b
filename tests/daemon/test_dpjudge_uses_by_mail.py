"""DPjudge map files that build on another with USE, played by mail over real SMTP (judge serve in-process, a
recording relay): a game on our ring_three.map (the ring board of ring.map with a third power) gets the ring's
picture with its results, in the variant's own colours; a game on ring_isle.map (a province added) is told at CREATE
that it has no picture, and why."""
from __future__ import annotations

import shutil
from pathlib import Path

import pyvips

from judge import maps
from judge.picture import style
from judge.picture.draw import TOP
from tests.daemon.test_variants_by_mail import GM, Post, check_results, run, text_of

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


def _close(pixel: tuple[int, ...], colour: str, tolerance: int = 3) -> bool:
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(p - q) <= tolerance for p, q in zip(pixel, want))
