"""Whether one board's drawing may picture a variant: the same provinces (abbreviations, terrain, coasts), whatever
its centres and adjacencies; and the words that say what differs when it may not."""
from __future__ import annotations


from judge import maps
from judge.maps import boards


def _with(m, **provinces):
    """A copy of the map whose named provinces are changed as given (Province fields)."""
    changed = {abbr: m.provinces[abbr].replace(**fields) for abbr, fields in provinces.items()}
    return m.replace(provinces={**m.provinces, **changed})


def test_a_variant_with_the_boards_provinces_fits_whatever_its_centres_and_powers():
    standard = maps.load("standard")
    for name in ("fleet_rome", "chaos"):               # shipped variants on the standard board
        assert boards.same_provinces(maps.load(name), standard) and boards.difference(maps.load(name), standard) == ""
    no_belgium = _with(standard, BEL={"center": False}, RUH={"center": True, "home": "GERMANY"})
    assert boards.same_provinces(no_belgium, standard)


def test_another_board_does_not_fit_and_the_words_name_the_provinces():
    heartland, standard = maps.load("heartland"), maps.load("standard")
    assert not boards.same_provinces(heartland, standard)
    words = boards.difference(heartland, standard)
    added = sorted(set(heartland.provinces) - set(standard.provinces))
    assert words.startswith(f"it adds {', '.join(added[:5])} and {len(added) - 5} more; it has no ADR, AEG, ")
    assert words.endswith(f"and {len(standard.provinces) - 5} more")


def test_a_province_of_another_terrain_or_other_coasts_does_not_fit():
    standard = maps.load("standard")
    inland = _with(standard, BUR={"terrain": "coast"})
    assert not boards.same_provinces(inland, standard)
    assert boards.difference(inland, standard) == "the terrain of BUR differs"
    one_coast = _with(standard, SPA={"coasts": ("NC",)})
    assert boards.difference(one_coast, standard) == "the coasts of SPA differ"
    note = boards.text_only_note(one_coast, standard)
    assert note == "(Text only, no picture: the drawing of Standard does not fit its provinces: the coasts of SPA " \
                   "differ.)"


def test_the_drawing_pictures_a_board_with_the_same_provinces_under_their_own_names():
    standard = maps.load("standard")
    assert boards.drawn_as(maps.load("fleet_rome"), standard) == {}
    assert boards.drawn_as(maps.load("heartland"), standard) is None      # another board altogether


def test_a_renamed_board_is_drawn_as_the_provinces_it_matches():
    # The standard board with Norway and the Norwegian Sea trading abbreviations and Spain's coasts renamed: the
    # drawing pictures it, each place drawn as the one of the standard board it is.
    standard = maps.load("standard")
    names = {"NWY": "NWG", "NWG": "NWY", "SPA/NC": "SPA/NK", "SPA/SC": "SPA/ZK"}
    renamed = _renamed(standard, names)
    drawn = boards.drawn_as(renamed, standard)
    assert drawn is not None and {k: v for k, v in drawn.items() if k != v} == {
        "NWG": "NWY", "NWY": "NWG", "SPA/NK": "SPA/NC", "SPA/ZK": "SPA/SC"}


def test_a_renamed_board_with_an_adjacency_changed_is_text_only_and_the_note_says_where():
    standard = maps.load("standard")
    renamed = _renamed(standard, {"NWY": "NWG", "NWG": "NWY"})
    bent = renamed.replace(army_adj={**renamed.army_adj, "BUR": renamed.army_adj["BUR"] | {"BOH"},
                                                  "BOH": renamed.army_adj["BOH"] | {"BUR"}})
    assert boards.drawn_as(bent, standard) is None
    assert boards.text_only_note(bent, standard) == (
        "(Text only, no picture: the drawing of Standard does not fit its provinces: the terrain of NWG, NWY differs; "
        "nor does a renaming fit: no province of Standard has the terrain, coasts and neighbours of BOH, BUR.)")


def _renamed(m, names: dict[str, str]):
    """The map with its places renamed (a province "NWY": "NWG", a coast "SPA/NC": "SPA/NK"), adjacencies too."""
    def new(loc: str) -> str:
        return names.get(loc, names.get(loc[:3], loc[:3]) + loc[3:])
    provinces = {}
    for abbr, p in m.provinces.items():
        coasts = tuple(new(f"{abbr}/{c}").partition("/")[2] for c in p.coasts)
        provinces[new(abbr)] = p.replace(abbr=new(abbr), coasts=coasts)
    return m.replace(
        provinces=provinces,
        army_adj={new(k): frozenset(map(new, v)) for k, v in m.army_adj.items()},
        fleet_adj={new(k): frozenset(map(new, v)) for k, v in m.fleet_adj.items()})
