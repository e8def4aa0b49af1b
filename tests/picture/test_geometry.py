"""The drawing of the standard map: the shipped file passes its checks, and each check catches what it is for."""
from __future__ import annotations

import copy
import json
from importlib import resources
from itertools import combinations

import pytest

from judge.maps import _build
from judge.maps import load as load_map
from judge.picture import geometry as G
from judge.picture.geometry import GeometryError

FILE = "standard.geometry.json"


def _read(name: str) -> dict:
    return json.loads(resources.files("judge.maps").joinpath(name).read_text(encoding="utf-8"))


DOC = _read(FILE)
MAP_DOC = _read("standard.json")


@pytest.fixture
def doc() -> dict:
    return copy.deepcopy(DOC)


@pytest.fixture
def map_doc() -> dict:
    return copy.deepcopy(MAP_DOC)


def verify(doc: dict, m=None) -> None:
    G.check(G.parse(doc, FILE), m or load_map())


def ring_of(doc: dict, name: str) -> list[int]:
    region = doc["provinces"].get(name) or doc["other"][name]
    return region["rings"][0]


def drop_adjacency(map_doc: dict, a: str, b: str) -> None:
    for kind in ("army", "fleet"):
        for src, dsts in map_doc[kind].items():
            if src[:3] in (a, b):
                map_doc[kind][src] = [d for d in dsts if d[:3] not in (a, b)]


# -- the shipped file -------------------------------------------------------------------------------------------------

def test_shipped_geometry_loads_checked_and_cached():
    g = G.load()
    assert G.load() is g
    G.check(g, load_map())
    m = load_map()
    assert set(g.provinces) == set(m.provinces)
    assert "SWI" in g.other and g.other["SWI"].kind == "impassable"
    assert not g.crossings and not g.borders_without_passage


def test_location_point_gives_units_and_coasts():
    g = G.load()
    assert g.location_point("PAR") == g.provinces["PAR"].unit
    assert g.location_point("spa/nc") == g.provinces["SPA"].coasts["NC"]
    assert g.location_point("SPA/NC") != g.location_point("SPA/SC")
    with pytest.raises(KeyError):
        g.location_point("PAR/NC")


def test_shipped_points_are_apart_so_symbols_do_not_hide_each_other():
    for abbr, s in G.load().provinces.items():
        points = [s.label, s.unit, s.center, *s.coasts.values()]
        for p, q in combinations([p for p in points if p is not None], 2):
            assert abs(p[0] - q[0]) >= 14 or abs(p[1] - q[1]) >= 14, (abbr, p, q)


def test_split_coast_points_lie_towards_their_seas():
    g = G.load()
    spa, stp, bul = (g.provinces[p].coasts for p in ("SPA", "STP", "BUL"))
    assert spa["NC"][1] < spa["SC"][1]        # the Bay of Biscay is north of the Mediterranean
    assert stp["NC"][1] < stp["SC"][1]        # the Barents Sea is north of the Gulf of Bothnia
    assert bul["EC"][0] > bul["SC"][0] and bul["EC"][1] < bul["SC"][1]   # the Black Sea lies north-east


# -- 1. names, coasts, centres ----------------------------------------------------------------------------------------

def test_a_missing_province_is_refused(doc):
    del doc["provinces"]["BUR"]
    with pytest.raises(GeometryError, match=r"standard\.geometry\.json: provinces missing .*'BUR'"):
        verify(doc)


def test_a_missing_coast_is_refused(doc):
    del doc["provinces"]["SPA"]["coasts"]["SC"]
    with pytest.raises(GeometryError, match=r"SPA: coasts \['NC'\], but the map has \['NC', 'SC'\]"):
        verify(doc)


def test_a_missing_or_needless_centre_marker_is_refused(doc):
    broken = copy.deepcopy(doc)
    broken["provinces"]["PAR"]["center"] = None
    with pytest.raises(GeometryError, match=r"PAR: a supply centre without a centre marker"):
        verify(broken)
    doc["provinces"]["GAS"]["center"] = doc["provinces"]["GAS"]["label"]
    with pytest.raises(GeometryError, match=r"GAS: a centre marker, but it is no supply centre"):
        verify(doc)


def test_another_region_named_like_a_province_is_refused(doc):
    doc["other"]["PAR"] = doc["other"].pop("SWI")
    with pytest.raises(GeometryError, match=r"other region PAR has a province's name"):
        verify(doc)


def test_a_drawing_of_another_map_is_refused(doc):
    doc["map"] = "ancient_med"
    with pytest.raises(GeometryError, match=r"drawing of map 'ancient_med'"):
        verify(doc)


# -- 2. rings ---------------------------------------------------------------------------------------------------------

def test_a_vertex_index_that_does_not_exist_is_refused(doc):
    ring_of(doc, "PAR").append(len(doc["vertices"]))
    with pytest.raises(GeometryError, match=rf"PAR: vertex index {len(doc['vertices'])} does not exist"):
        verify(doc)


def test_a_ring_of_two_vertices_is_refused(doc):
    doc["other"]["SWI"]["rings"][0] = ring_of(doc, "SWI")[:2]
    with pytest.raises(GeometryError, match=r"SWI: ring 0 has fewer than 3 vertices"):
        verify(doc)


def test_a_ring_that_crosses_itself_is_refused(doc):
    ring = ring_of(doc, "BUR")
    half = len(ring) // 2
    ring[0], ring[half] = ring[half], ring[0]
    with pytest.raises(GeometryError, match=r"BUR: ring 0 crosses or touches itself"):
        verify(doc)


# -- 3. shared edges --------------------------------------------------------------------------------------------------

def test_a_gap_between_neighbours_is_refused(doc):
    # give Burgundy its own copy of a vertex it shares with Munich, moved a little: the two no longer meet there
    shared = next(i for i in ring_of(doc, "BUR") if i in ring_of(doc, "MUN"))
    x, y = doc["vertices"][shared]
    doc["vertices"].append([x + 0.7, y + 0.4])
    ring = ring_of(doc, "BUR")
    ring[ring.index(shared)] = len(doc["vertices"]) - 1
    with pytest.raises(GeometryError, match=r"is used by \['(BUR|MUN)'\]; it should border 2 different regions"):
        verify(doc)


def test_two_indices_for_one_point_are_refused(doc):
    doc["vertices"].append(list(doc["vertices"][0]))
    with pytest.raises(GeometryError, match=rf"vertices 0 and {len(doc['vertices']) - 1} are the same point"):
        verify(doc)


# -- 4. the frame is covered once -------------------------------------------------------------------------------------

def test_regions_on_top_of_each_other_are_refused(doc):
    # two made-up islands on the very same triangle in the North Sea: each edge borders two regions, yet the
    # triangle is covered three times (sea and both islands)
    x, y = doc["provinces"]["NTH"]["label"]
    n = len(doc["vertices"])
    doc["vertices"] += [[x - 60, y + 40], [x + 60, y + 40], [x, y + 100]]
    for name in ("XA", "XB"):
        doc["other"][name] = {"name": name, "kind": "island", "rings": [[n, n + 1, n + 2]], "label": [x, y + 60]}
    with pytest.raises(GeometryError, match=r"the regions cover \d+ square units, the frame \d+"):
        verify(doc)


# -- 5. points inside their regions -----------------------------------------------------------------------------------

def test_a_label_outside_its_province_is_refused(doc):
    doc["provinces"]["PAR"]["label"] = doc["provinces"]["MUN"]["label"]
    with pytest.raises(GeometryError, match=r"PAR: the label point .* lies outside the region"):
        verify(doc)


def test_a_point_in_a_hole_is_refused(doc):
    # Cyprus is a hole in the Eastern Mediterranean
    assert len(doc["provinces"]["EAS"]["rings"]) > 1
    doc["provinces"]["EAS"]["unit"] = doc["other"]["CYP"]["label"]
    with pytest.raises(GeometryError, match=r"EAS: the unit point .* lies outside the region"):
        verify(doc)


def test_a_coast_point_outside_its_province_is_refused(doc):
    doc["provinces"]["STP"]["coasts"]["SC"] = doc["provinces"]["FIN"]["unit"]
    with pytest.raises(GeometryError, match=r"STP: the coast SC point .* lies outside the region"):
        verify(doc)


# -- 6. adjacency -----------------------------------------------------------------------------------------------------

def test_a_border_between_provinces_the_map_keeps_apart_is_refused(doc, map_doc):
    drop_adjacency(map_doc, "BUR", "MUN")
    m = _build(map_doc)
    with pytest.raises(GeometryError, match=r"BUR and MUN share a border in the drawing but are not adjacent"):
        verify(doc, m)
    doc["borders_without_passage"] = [["BUR", "MUN", "the Rhine"]]
    verify(doc, m)


def test_adjacent_provinces_without_a_border_are_refused(doc, map_doc):
    map_doc["army"]["PAR"].append("MUN")
    map_doc["army"]["MUN"].append("PAR")
    m = _build(map_doc)
    with pytest.raises(GeometryError, match=r"MUN and PAR are adjacent on the map but share no border"):
        verify(doc, m)
    doc["crossings"] = [["PAR", "MUN"]]
    verify(doc, m)


def test_a_needless_crossing_or_border_entry_is_refused(doc):
    broken = copy.deepcopy(doc)
    broken["crossings"] = [["BUR", "MUN"]]
    with pytest.raises(GeometryError, match=r"crossing \['BUR', 'MUN'\]"):
        verify(broken)
    doc["borders_without_passage"] = [["PAR", "MUN", "not even neighbours"]]
    with pytest.raises(GeometryError, match=r"border without passage \['MUN', 'PAR'\]"):
        verify(doc)


# -- 7. terrain -------------------------------------------------------------------------------------------------------

def test_an_inland_province_on_the_sea_is_refused(doc, map_doc):
    # Picardy made inland: its fleet moves go, and its Channel border is declared impassable
    map_doc["provinces"]["PIC"]["terrain"] = "land"
    del map_doc["fleet"]["PIC"]
    for src, dsts in map_doc["fleet"].items():
        map_doc["fleet"][src] = [d for d in dsts if d != "PIC"]
    doc["borders_without_passage"] = [["PIC", "ENG", "cliffs"]]
    with pytest.raises(GeometryError, match=r"ENG: a sea that borders an inland province"):
        verify(doc, _build(map_doc))


def test_a_coastal_province_without_a_sea_is_refused(doc, map_doc):
    map_doc["provinces"]["BUR"]["terrain"] = "coast"
    with pytest.raises(GeometryError, match=r"BUR: a coastal province that borders no sea"):
        verify(doc, _build(map_doc))
