"""DPjudge's own map files, where a mirror of DPjudge's repository is on this machine (skipped otherwise): every file
that builds on a map with a drawing (USE or MAP standard.map, standard.geography, minorpower.map...) draws a PNG of
its start when its provinces are that map's, and otherwise is played as text, saying so. The files are read where
they are extracted to, for the test only (none is kept in this repository).

The mirror is a bare git repository: $JUDGE_DPJUDGE_MIRROR, else the machine's usual place for it."""
from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judge import maps, picture
from judge.maps import catalog
from judge.position import initial_position

MIRROR = Path(os.environ.get("JUDGE_DPJUDGE_MIRROR", "/work/.mirror/serrasqueiro+dpjudge/repo"))
LINE = re.compile(r"^\s*(?:USE|USES|MAP)\s+(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
# Read from DPjudge's files: these change only powers, home centres, units or rules on the standard board...
PICTURED = {"britain", "crowded", "brazilian", "minorpower", "vassal", "fleetrome", "1897", "1898", "shiftleft",
            "shiftright", "shiftaround", "dpjudge_chaos", "void", "dpjudge_standard"}
# ... and these add, drop or rename provinces of it.
TEXT_ONLY = {"standard_glhetg", "standard_dutch", "standard_french", "standard_german", "milan", "v8", "fiveman",
             "loeb9", "renaissance"}


@pytest.fixture(scope="module")
def dpjudge(tmp_path_factory):
    if not MIRROR.is_dir() or shutil.which("git") is None:
        pytest.skip(f"no mirror of DPjudge's repository at {MIRROR}")
    run = subprocess.run(["git", "--git-dir", str(MIRROR), "archive", "--format=tar", "HEAD", "DPjudge/maps",
                          "DPjudge/trials"], capture_output=True, check=False)
    if run.returncode != 0:
        pytest.skip(f"DPjudge's maps are not in the mirror: {run.stderr.decode(errors='replace').strip()}")
    folder = tmp_path_factory.mktemp("dpjudge")
    with tarfile.open(fileobj=io.BytesIO(run.stdout)) as tar:
        for member in tar.getmembers():
            if member.isfile():              # maps and trials side by side, as one variants folder
                (folder / Path(member.name).name).write_bytes(tar.extractfile(member).read())
    maps.use_folder(folder)
    yield folder
    maps.use_folder(None)


def _named(path: Path) -> list[str]:
    """The maps a file's USE and MAP lines name, by DPjudge's rule: the file's name up to its first dot."""
    text = path.read_bytes().decode("latin-1")
    return [w.split(".")[0].lower().replace("-", "_") for line in LINE.findall(text) for w in line.split()]


def _places(m) -> dict:
    return {abbr: (p.terrain, sorted(p.coasts)) for abbr, p in m.provinces.items()}


def test_every_dpjudge_map_on_a_drawn_map_draws_a_png_or_says_it_is_text_only(dpjudge):
    names = {path: name for name, path in catalog.folder_variants().items()}
    pictured, text_only = set(), set()
    for path, name in sorted(names.items()):
        if path.suffix != ".map":
            continue
        drawn = [b for b in _named(path)
                 if b != name and catalog.offered(b) and picture.has_drawing(maps.load(b).board)]
        if not drawn:
            continue
        m = maps.load(name)
        base = maps.load(maps.load(drawn[0]).board)
        if _places(m) == _places(base):
            assert picture.has_drawing(m.board), name
            svg = picture.position_svg(m, initial_position(m), game=name)
            png = picture.png(picture.standalone(svg))
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20000, name
            legend = ET.fromstring(svg).find(".//{http://www.w3.org/2000/svg}g[@id='legend']")
            shown = "".join(legend.itertext())
            assert all(m.power_title(p) in shown for p in m.powers), name     # the variant's own powers
            pictured.add(name)
        else:
            assert m.board == "" and "Text only, no picture" in m.description, name
            text_only.add(name)
    assert PICTURED <= pictured and TEXT_ONLY <= text_only, (sorted(pictured), sorted(text_only))
