"""DPjudge's own map files, where a mirror of DPjudge's repository is on this machine (skipped otherwise: see
tests/dpjudge_mirror.py): every file that builds on a map with a drawing (USE or MAP standard.map,
standard.geography, minorpower.map...) draws a PNG of its start when its provinces are that map's, or that map's
under other names (the translated standard maps), and otherwise is played as text, saying so."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judge import maps, picture
from judge.maps import catalog
from judge.position import initial_position
from tests.dpjudge_mirror import extract

LINE = re.compile(r"^\s*(?:USE|USES|MAP)\s+(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
# Read from DPjudge's files: these change only powers, home centres, units or rules on the standard board...
PICTURED = {"britain", "crowded", "brazilian", "minorpower", "vassal", "fleetrome", "1897", "1898", "shiftleft",
            "shiftright", "shiftaround", "dpjudge_chaos", "void", "dpjudge_standard"}
# ... these rename every province of it (translations), and are drawn on it with their own names...
TRANSLATED = {"standard_glhetg", "standard_dutch", "standard_french", "standard_german"}
# ... and these add or drop provinces of it.
TEXT_ONLY = {"milan", "v8", "fiveman", "loeb9", "renaissance"}
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def dpjudge(tmp_path_factory):
    folder = extract(tmp_path_factory.mktemp("dpjudge"))
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
        if _places(m) == _places(base) or name in TRANSLATED:
            assert picture.has_drawing(m.board) and "Text only" not in m.description, name
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
    assert PICTURED | TRANSLATED <= pictured and TEXT_ONLY <= text_only, (sorted(pictured), sorted(text_only))


def _renames(path: Path) -> dict[str, str]:
    """A translated map's own lines 'old -> Full Name = new aliases...' for provinces: new -> old (read here by name,
    apart from the judge's match by structure)."""
    out = {}
    for line in path.read_bytes().decode("latin-1").splitlines():
        if "->" in line and "=" in line:
            old, _, rest = line.partition("->")
            new = rest.partition("=")[2].split()[0]
            if "/" not in old:
                out[new.upper()] = old.strip().upper()
    return out


def _drawn(root: ET.Element, layer: str) -> dict[str, str]:
    group = root.find(f".//{NS}g[@id='{layer}']")
    return {e.get("id"): f"{e.get('d')} {e.get('cx')} {e.get('cy')} {e.get('transform')}"
            for e in group.iter() if e is not group and e.get("id")}


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_a_translated_map_is_the_standard_picture_with_its_own_labels(dpjudge, name):
    m, standard = maps.load(name), maps.load("standard")
    svg = picture.position_svg(m, initial_position(m), game=name)
    root = ET.fromstring(svg)
    labels = {t.text for t in root.find(f".//{NS}g[@id='labels']").iter(f"{NS}text")}
    assert {t for t in labels if t.isupper()} == set(m.provinces)           # (coasts are lower case, seas' regions
    texts = " ".join(t for e in root.iter() for t in (e.text or "", e.get("id") or ""))    # named in words)
    gone = set(standard.provinces) - set(m.provinces)
    assert gone and not gone & set(re.findall(r"[^\W\d_]+", texts))        # none of the standard's other names
    # Each province drawn where the standard's province it renames is: outline, centre marker and unit.
    own = ET.fromstring(picture.position_svg(standard, initial_position(standard), game=name))
    renames = {new: old for new, old in _renames(dpjudge / f"{name}.map").items() if new in m.provinces}
    assert len(renames) == len(m.provinces)
    for layer, prefix in (("provinces", "prov-"), ("centres", "sc-"), ("units", "unit-")):
        mine, theirs = _drawn(root, layer), _drawn(own, layer)
        assert {f"{prefix}{renames[k[len(prefix):]]}" if k.startswith(prefix) else k: v
                for k, v in mine.items()} == theirs, (name, layer)
    png = picture.png(picture.standalone(svg))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def _lines(path: Path) -> list[str]:
    return path.read_bytes().decode("latin-1").splitlines()


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_a_translated_maps_picture_names_its_phase_in_one_language_and_switzerland_in_its_own(dpjudge, name):
    # The map's FLOW names its seasons in its language and the kinds in English (MOVEMENT): its title said
    # "Printemps 1901 Movement". The standard year renamed, the picture names it as the standard calendar does; the
    # map's own line for Switzerland ('swi -> Suisse = sui') names that region.
    lines = _lines(dpjudge / f"{name}.map")
    flow = [w for line in lines if line.split()[:1] == ["FLOW"] for w in line.split()[1:]]
    assert [w.partition(":")[2] for w in flow] == ["MOVEMENT,RETREATS", "MOVEMENT,RETREATS", "ADJUSTMENTS"]
    begin = next(line.split()[1:] for line in lines if line.split()[:1] == ["BEGIN"])
    assert begin[0] == flow[0].partition(":")[0] and begin[1:] == ["1901", "MOVEMENT"]     # the year's first season
    swiss = next(line.partition("->")[2].partition("=")[0].strip() for line in lines
                 if line.split()[:1] == ["swi"])
    m = maps.load(name)
    root = ET.fromstring(picture.position_svg(m, initial_position(m), game=name))
    title = "".join(root.find(f".//{NS}g[@id='title']").find(f"{NS}text").itertext())
    assert title == f"{name}·Spring 1901 Movement"
    labels = [t.text for t in root.find(f".//{NS}g[@id='labels']").iter(f"{NS}text")]
    assert swiss in labels and "Switzerland" not in labels


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_a_translated_maps_powers_wear_the_classic_colours_of_the_powers_they_rename(dpjudge, name):
    # (their units and provinces were drawn in generated colours: Autriche pink beside Allemagne's red)
    from judge.picture import style
    said = dict(re.findall(r"^([A-Z]+)\s*->\s*([^\s(]+)", "\n".join(_lines(dpjudge / f"{name}.map")), re.MULTILINE))
    m = maps.load(name)
    styles = style.power_styles(m)
    svg = picture.position_svg(m, initial_position(m), game=name)
    for power, colour in style.DEFAULT_COLOURS.items():
        own = said.get(power, power).upper()
        assert own in m.powers, (name, own)
        assert styles[own].colour == colour, (name, own)
        assert f'fill="{colour}"' in svg, (name, own)                  # its units drawn so
