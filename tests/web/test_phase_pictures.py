"""A phase's pictures when its results mail carried none (map_picture none: processing keeps only what the picture is
drawn from) or only the SVG: the page draws them on first request, in a worker thread, once however many ask, the same
bytes as processing draws for a mail; a damaged kept file gives a clear error and changes nothing."""
from __future__ import annotations

import asyncio
import hashlib
import threading
import time

import pytest

from judge.web.phase_pictures import DrawingFailed, PhasePictures, Source
from tests.web.conftest import GM, Served, address, password

# A movement phase, a retreat (Russia, with Italy's support, dislodges Austria's army in Vienna) and an adjustment.
PHASES = [("S1901M", {"RUSSIA": "A WAR - GAL", "ITALY": "A VEN - TYR"}),
          ("F1901M", {"RUSSIA": "A GAL - VIE", "ITALY": "A TYR S A GAL - VIE"}),
          ("F1901R", {"AUSTRIA": "A VIE - BOH"}),
          ("W1901A", {"RUSSIA": "BUILD A WAR"})]


def play(served: Served, game: str) -> None:
    """The four phases, each the orders by mail, then the master's PROCESS! (missing orders take their defaults)
    unless the orders were all the phase needed (with EARLY 0 it is then processed at once)."""
    for phase, orders in PHASES:
        for power, lines in orders.items():
            served.mail(address(power), f"SIGNON {power[0]}{game} {password(power)}\n{lines}")
        if str(served.daemon.judge.store.load(game).position.phase) == phase:
            served.mail(GM, f"SIGNON M{game} gm-pass\nPROCESS!")
    assert str(served.daemon.judge.store.load(game).position.phase) == "S1902M"


def game_files(served: Served, game: str) -> dict[str, str]:
    folder = served.daemon.judge.store.folder(game)
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != "access.log"}


@pytest.fixture
def text_only(tmp_path):
    """A game whose results mails carry no picture, its four phases played."""
    (tmp_path / "none").mkdir()
    s = Served(tmp_path / "none")
    try:
        s.start_game("demo", "SET RULE map_picture=none")
        play(s, "demo")
        yield s
    finally:
        s.stop()


def test_a_text_only_games_phase_pictures_are_those_processing_mails(text_only, tmp_path):
    results = text_only.daemon.judge.store.folder("demo") / "results"
    assert sorted(p.name for p in results.iterdir() if p.suffix != ".txt") == [
        "0001-S1901M.picture.json", "0002-F1901M.picture.json", "0003-F1901R.picture.json",
        "0004-W1901A.picture.json"]                                     # nothing drawn at processing
    assert not [m for _, _, m in text_only.relay.messages if m.get_content_type() != "text/plain"]
    files = game_files(text_only, "demo")
    v = text_only.visitor()
    lazy, lazy_svg = {}, {}
    for phase, _ in PHASES:
        page = v.get(f"/games/demo/phases/{phase}")
        assert page.status == 200 and f'src="/games/demo/phases/{phase}/map.svg"' in page.text
        pic = v.get(f"/games/demo/phases/{phase}/map.png")
        assert pic.status == 200 and pic.headers["Content-Type"] == "image/png", (phase, pic.text[:300])
        lazy[phase] = pic.body
        svg = v.get(f"/games/demo/phases/{phase}/map.svg")
        assert svg.status == 200 and svg.headers["Content-Type"] == "image/svg+xml"
        assert "style-src 'unsafe-inline'" in svg.headers["Content-Security-Policy"]
        lazy_svg[phase] = svg.body
    assert text_only.daemon.web.pictures.drawn == 8
    assert v.get("/games/demo/phases/W1901A/map.png").body == lazy["W1901A"]      # kept: not drawn again
    assert v.get("/games/demo/phases/W1901A/map.svg").body == lazy_svg["W1901A"]
    assert text_only.daemon.web.pictures.drawn == 8
    assert game_files(text_only, "demo") == files                                   # nothing written
    text_only.check_pages()

    # The same game with results mails carrying the PNG: its pictures, drawn at processing, are the same bytes.
    (tmp_path / "png").mkdir()
    mailed = Served(tmp_path / "png")
    try:
        mailed.start_game("demo", "SET RULE map_picture=png")
        play(mailed, "demo")
        w = mailed.visitor()
        for phase, _ in PHASES:
            mail = [m for m in mailed.relay.to(address("ITALY")) if f"results demo {phase}" in str(m["Subject"])][0]
            attached = [p for p in mail.iter_attachments()][0]
            assert attached.get_content_type() == "image/png"
            assert attached.get_content() == lazy[phase], phase
            assert w.get(f"/games/demo/phases/{phase}/map.png").body == lazy[phase]     # kept at processing
            assert w.get(f"/games/demo/phases/{phase}/map.svg").body == lazy_svg[phase]
        assert mailed.daemon.web.pictures.drawn == 0
    finally:
        mailed.stop()


def test_concurrent_first_requests_draw_once(text_only):
    pictures = text_only.daemon.web.pictures
    threads_used = set()

    def slow(make):                            # long enough for every request below to arrive meanwhile
        threads_used.add(threading.current_thread().name)
        time.sleep(0.5)
        return make()
    pictures.draw = slow
    visitors = [text_only.visitor() for _ in range(6)]
    got: list = []
    ask = [threading.Thread(target=lambda v=v: got.append(v.get("/games/demo/phases/F1901R/map.png")))
           for v in visitors]
    for t in ask:
        t.start()
    for t in ask:
        t.join(60)
    assert len(got) == 6 and {p.status for p in got} == {200} and len({p.body for p in got}) == 1
    assert pictures.drawn == 1 and {name.split("_")[0] for name in threads_used} == {"judge-picture"}   # once, off
    # the event loop, in the drawing's own thread (never one of those that read pages)
    etag = got[0].headers["ETag"]
    again = visitors[0].request("GET", "/games/demo/phases/F1901R/map.png", headers={"If-None-Match": etag})
    assert again.status == 304 and not again.body and pictures.drawn == 1


def test_a_damaged_kept_file_gives_a_clear_error_and_changes_nothing(text_only):
    results = text_only.daemon.judge.store.folder("demo") / "results"
    v = text_only.visitor()
    svg = v.get("/games/demo/phases/S1901M/map.svg").body
    kept = results / "0002-F1901M.picture.json"
    kept.write_bytes(kept.read_bytes()[:500])                # cut short, as by a full disk
    (results / "0001-S1901M.svg").write_bytes(svg[:5000])    # a phase whose mail carried the SVG alone, cut short
    (results / "0001-S1901M.picture.json").unlink()
    files = game_files(text_only, "demo")
    drawn = text_only.daemon.web.pictures.drawn
    for path in ("/games/demo/phases/F1901M/map.png", "/games/demo/phases/F1901M/map.svg",
                 "/games/demo/phases/S1901M/map.png"):
        for _ in range(2):                                    # a failure is not kept: each request tries again
            r = v.get(path)
            assert r.status == 500 and "could not be drawn" in r.text, path
            assert r.headers["Content-Type"].startswith("text/html")
    assert text_only.daemon.web.pictures.drawn == drawn + 6
    assert v.get("/games/demo/phases/S1901M/map.svg").body == svg[:5000]        # the file, as it is
    assert v.get("/games/demo/phases/F1901M").status == 200                      # the rest of the game is there
    assert v.get("/games/demo/phases/F1901R/map.png").status == 200
    assert v.get("/games/demo").status == 200
    assert game_files(text_only, "demo") == files
    # A phase processed before pictures were kept (no file) answers 404; one processed before pictures were drawn
    # on request (an SVG and a PNG kept) is served from its files.
    (results / "0004-W1901A.picture.json").unlink()
    for kind in ("svg", "png"):
        r = v.get(f"/games/demo/phases/W1901A/map.{kind}")
        assert r.status == 404 and "No picture was kept" in r.text
    (results / "0002-F1901M.png").write_bytes(b"\x89PNG kept at processing")
    (results / "0002-F1901M.svg").write_bytes(svg)
    assert v.get("/games/demo/phases/F1901M/map.png").body == b"\x89PNG kept at processing"
    assert v.get("/games/demo/phases/F1901M/map.svg").body == svg
    assert text_only.daemon.web.pictures.drawn == drawn + 7        # (F1901R's PNG, above)
    text_only.check_pages()


def test_the_kept_pictures_stay_within_their_bytes():
    def source(name: str, size: int) -> Source:
        return Source(name, lambda: name.encode() * size)

    async def go():
        pictures = PhasePictures(limit=250)
        a, b, c = source("a", 100), source("b", 100), source("c", 100)
        assert len(await pictures.get(a)) == 100 and len(await pictures.get(b)) == 100
        await pictures.get(a)                                # a used last: b goes first
        await pictures.get(c)
        assert pictures.size == 200 and pictures.drawn == 3
        await pictures.get(a)
        assert pictures.drawn == 3
        await pictures.get(b)
        assert pictures.drawn == 4 and pictures.size <= pictures.limit
        assert len(await pictures.get(source("x", 300))) == 300    # larger than the whole bound: served, not kept
        assert pictures.size <= pictures.limit

        def broken() -> bytes:
            raise ValueError("not a picture")
        with pytest.raises(DrawingFailed):
            await pictures.get(Source("broken", broken))
        assert "broken" not in pictures._kept and pictures.size <= pictures.limit
        pictures.close()
    asyncio.run(go())
