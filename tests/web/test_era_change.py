"""A calendar that counts its years down past year 0 (DPjudge's classical map: B.C. 2, B.C. 1, then A.D. 1, A.D. 2,
...: there was no year 0, though DPjudge counts on to B.C. 0 and B.C. -1): played by mail over real SMTP on our own
toy board (tests/data/maps/toy_era.map), every phase keeps files of its own, and the pages, HISTORY and ROLLBACK
name each phase once. A game folder the judge before wrote (it named B.C. 1 and B.C. -1 alike, "B_C_1_MOVEMENT",
and counted as DPjudge does) is still read, its phases named as they are now, and played on."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from judge import maps
from tests.web.conftest import GM, Served

DATA = Path(__file__).resolve().parent.parent / "data"
NORTH, SOUTH = ("north@example.org", "pw-north"), ("south@example.org", "pw-south")
# What the toy board plays from B.C. 2: adjustments every other year (IFYEARDIV:2 on DPjudge's count, in which
# A.D. 1 is 0), and only where a build is owed (the builds of B.C. 2 leave none owed afterwards); 1 B.C. is followed
# by A.D. 1.
PLAYED = ["B.C. 2 MOVEMENT", "B.C. 2 ADJUSTMENTS", "B.C. 1 MOVEMENT", "A.D. 1 MOVEMENT", "A.D. 2 MOVEMENT",
          "A.D. 3 MOVEMENT"]
CODES = ["B2M", "B2A", "B1M", "A1M", "A2M", "A3M"]
# Folders written by judges before, playing the same moves as `play`: its history and its results' texts name the
# phases as DPjudge counts. tests/data/folders/era (commit 1311877) named the phases' files by the long form made safe
# (B_C_1_MOVEMENT for B.C. 1 and B.C. -1 alike); era_codes (commit 43ea6db, the last before A.D. 1 followed 1 B.C.)
# by DPjudge's codes (B0M, B-1M), which are now A.D. 1's and A.D. 2's.
OLD_FOLDERS = [DATA / "folders" / "era", DATA / "folders" / "era_codes"]
OLD_PLAYED = ["B.C. 2 MOVEMENT", "B.C. 2 ADJUSTMENTS", "B.C. 1 MOVEMENT", "B.C. 0 MOVEMENT", "B.C. -1 MOVEMENT",
              "B.C. -2 MOVEMENT"]
OLD_CODES = ["B2M", "B2A", "B1M", "B0M", "B-1M", "B-2M"]


def served_with(tmp_path, folder: Path | None = None) -> Served:
    variants = tmp_path / "variants"
    variants.mkdir()
    for name in ("toy.map", "toy_era.map"):
        shutil.copy(DATA / "maps" / name, variants / name)
    if folder is not None:
        shutil.copytree(folder, tmp_path / "games" / "era")
    s = Served(tmp_path, judge_variants_dir=str(variants))
    s.secrets |= {"gm-pass", NORTH[1], SOUTH[1]}
    return s


@pytest.fixture
def served_era(tmp_path):
    s = served_with(tmp_path)
    try:
        yield s
    finally:
        s.stop()
        maps.use_folder(None)


@pytest.fixture(params=OLD_FOLDERS, ids=lambda p: p.name)
def served_old(tmp_path, request):
    s = served_with(tmp_path, request.param)
    try:
        yield s
    finally:
        s.stop()
        maps.use_folder(None)


def master(served: Served, *lines: str) -> None:
    served.mail(GM, "\n".join(["SIGNON Mera gm-pass", *lines]))


def play(served: Served) -> None:
    """B.C. 2: both take a centre and build; then everyone holds (the master processes) to A.D. 4."""
    served.mail(GM, "CREATE era gm-pass toy_era")
    served.mail_many([(NORTH[0], f"JOIN era {NORTH[1]} N"), (SOUTH[0], f"JOIN era {SOUTH[1]} S")])
    served.mail(NORTH[0], f"SIGNON Nera {NORTH[1]}\nF NBY - CRG/NC")
    served.mail(SOUTH[0], f"SIGNON Sera {SOUTH[1]}\nA SBY - MID")
    master(served, "PROCESS!")
    served.mail(NORTH[0], f"SIGNON Nera {NORTH[1]}\nBUILD F NBY")
    served.mail(SOUTH[0], f"SIGNON Sera {SOUTH[1]}\nBUILD A SBY")
    for _ in range(5):
        master(served, "PROCESS!")


def listed(served: Served) -> list[str]:
    page = served.visitor().get("/games/era")
    assert page.status == 200
    ol = page.text[page.text.index('<ol class="phases">'):]
    return re.findall(r'href="/games/era/phases/([^"]+)"', ol[:ol.index("</ol>")])


def own_phase(text: str) -> str:
    """The code a results text gives its own phase: "Movement results for A.D. 2.  (era.A2M)"."""
    return re.findall(r"\(era\.([^)]+)\)", text)[0]


def check_each_phase_once(served: Served, codes: list[str], written: list[str] | None = None) -> None:
    """The pages list every processed phase once, in order; each phase's page shows that phase's results; the
    results history and HISTORY hold each phase's results once (their texts as `written` then: the codes)."""
    written = written or codes
    assert listed(served) == codes
    v = served.visitor()
    for i, code in enumerate(codes):
        page = v.get(f"/games/era/phases/{code}")
        assert page.status == 200 and own_phase(page.text.split("<pre", 1)[1]) == written[i], code
        assert (f'rel="prev" href="/games/era/phases/{codes[i - 1]}"' in page.text) == (i > 0), code
    history = v.get("/games/era/results.txt").text
    assert re.findall(r"Subject: Diplomacy results era (\S+)", history) == written
    served.mail("reader@example.org", "HISTORY era")
    mailed = served.relay.to("reader@example.org")[-1].get_content()
    assert re.findall(r"Subject: Diplomacy results era (\S+)", mailed) == written
    assert re.findall(r"(?:results|orders) for [^(]*\(era\.([^)]+)\)", mailed) == written
    served.check_pages()


def test_every_phase_past_year_zero_keeps_files_of_its_own(served_era):
    served = served_era
    play(served)
    store = served.daemon.judge.store
    game = store.load("era")
    assert game.history == PLAYED and str(game.position.phase) == "A.D. 4 MOVEMENT"
    folder = store.folder("era")
    results = sorted((folder / "results").glob("0*.txt"))
    # one results file per phase, each under a name of its own, holding that phase's results
    assert len(results) == len(PLAYED) and len({p.stem.partition("-")[2] for p in results}) == len(PLAYED)
    assert [own_phase(p.read_text(encoding="utf-8")) for p in results] == CODES
    texts = [p.read_text(encoding="utf-8") for p in results]
    assert "Movement results for B.C. 1." in texts[2] and "Movement results for A.D. 1." in texts[3]
    assert not any(re.search(r"B\.C\. -?0|B\.C\. -", t) for t in texts)
    # SUMMARY's years are named as the phases name them: a row for each year of adjustments (every other year: centres
    # change hands only then), 2 B.C., A.D. 1 (DPjudge's B.C. 0), A.D. 3
    served.mail("reader@example.org", "SUMMARY era")
    summary = served.relay.to("reader@example.org")[-1].get_content()
    years = re.findall(r"^((?:B\.C\.|A\.D\.) -?\d+) ", summary, re.MULTILINE)
    assert years == ["B.C. 2", "A.D. 1", "A.D. 3"], summary
    # the name is the code its results give it (letters, digits and the year's sign: portable, and read back)
    assert [p.stem.partition("-")[2] for p in results] == CODES
    snapshots = sorted((folder / "snapshots").glob("0*.json"))
    assert len({p.stem.partition("-")[2] for p in snapshots}) == len(PLAYED)
    assert [re.search(r'"phase":"([^"]+)"', p.read_text(encoding="utf-8")).group(1) for p in snapshots] == PLAYED
    check_each_phase_once(served, CODES)

    # ROLLBACK by code finds B.C. 1, not B.C. -1 (A.D. 2: the same name in the judge before), and moves the later
    # files.
    master(served, "ROLLBACK B1M")
    assert str(store.load("era").position.phase) == "B.C. 1 MOVEMENT"
    assert listed(served) == CODES[:2]
    moved = sorted(p.name for p in (folder / "rolledback").rglob("0*.txt"))
    assert [n.partition("-")[2] for n in moved] == [c + ".txt" for c in CODES[2:]]


def test_a_folder_the_judge_before_wrote_reads_as_it_was_played(served_old):
    served = served_old
    game = served.daemon.judge.store.load("era")
    assert game.history == OLD_PLAYED and str(game.position.phase) == "A.D. 4 MOVEMENT"      # (kept: B.C. -3)
    check_each_phase_once(served, CODES, OLD_CODES)
    # The names its results texts give (DPjudge's count: "era.B0M" is A.D. 1) lead to the phases' pages, as ROLLBACK
    # takes them: sent on (301) to the code the pages use; the 404 of a phase not processed stays.
    v = served.visitor()
    for typed, code in [("B0M", "A1M"), ("B-1M", "A2M"), ("B-2M", "A3M"), ("b-1m", "A2M")]:
        for rest in ("", "/map.svg"):
            r = v.get(f"/games/era/phases/{typed}{rest}")
            assert (r.status, r.headers["Location"]) == (301, f"/games/era/phases/{code}{rest}"), (typed, rest)
    assert v.get("/games/era/phases/B-3M").status == 404 and v.get("/games/era/phases/A4M").status == 404
    # Played on, its new phase's files take their code beside the older names, and all read as before.
    master(served, "PROCESS!")
    assert listed(served) == CODES + ["A4M"]
    master(served, "ROLLBACK B-1M")              # (DPjudge's name for A.D. 2, as the old results wrote it)
    restored = served.daemon.judge.store.load("era")
    assert str(restored.position.phase) == "A.D. 2 MOVEMENT" and restored.history == OLD_PLAYED[:4]
    assert listed(served) == CODES[:4]
    master(served, "ROLLBACK B1M")
    assert str(served.daemon.judge.store.load("era").position.phase) == "B.C. 1 MOVEMENT"
    assert listed(served) == CODES[:2]
    served.check_pages()
