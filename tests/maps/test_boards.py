"""Whether one board's drawing may picture a variant: the same provinces (abbreviations, terrain, coasts), whatever
its centres and adjacencies; and the words that say what differs when it may not."""
from __future__ import annotations

import dataclasses

from judge import maps
from judge.maps import boards


def _with(m, **provinces):
    """A copy of the map whose named provinces are changed as given (Province fields)."""
    changed = {abbr: dataclasses.replace(m.provinces[abbr], **fields) for abbr, fields in provinces.items()}
    return dataclasses.replace(m, provinces={**m.provinces, **changed})


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
