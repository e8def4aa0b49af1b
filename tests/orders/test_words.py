"""Orders written as DPjudge's Format page and keywords allow: sentences with THE, IN, AT, IS; the -ING forms of the
verbs; a sea's abbreviation followed by "sea"; the long arrow; a star for a removal."""

import pytest

from judge.orders import parser
from judge.orders.errors import OrderError
from judge.orders.parser import parse


def places(p):
    return [str(x) for x in [p.place, *p.path, p.target, p.target_dest] if x]


@pytest.mark.parametrize("text, phase, action, where", [
    ("The army in Venice retreats to Piedmont", "R", "retreat", ["VEN", "PIE"]),
    ("The fleet in St. Petersburg (south coast) retreats to the Gulf of Bothnia", "R", "retreat",
     ["STP/SC", "BOT"]),
    ("Remove the army in Rome", "A", "remove", ["ROM"]),
    ("F NTH HOLDING", "M", "hold", ["NTH"]),
    ("F NWG SUPPORTING F NTH", "M", "support", ["NWG", "NTH"]),
    ("A YOR MOVING TO LON", "M", "move", ["YOR", "LON"]),
    ("Army Yorkshire is holding", "M", "hold", ["YOR"]),
    ("Army at York attacks London", "M", "move", ["YOR", "LON"]),
    ("The army in Paris is attacking Burgundy", "M", "move", ["PAR", "BUR"]),
    ("The fleet in the North Sea is convoying the army in London to Norway", "M", "convoy", ["NTH", "LON", "NWY"]),
    ("army yonkers move norway", "M", "move", ["YOR", "NWY"]),
    ("army yonkers move london", "M", "move", ["YOR", "LON"]),
    ("fleet nwg sea C norway - edi", "M", "convoy", ["NWG", "NWY", "EDI"]),
    ("A Par --> Pic", "M", "move", ["PAR", "PIC"]),
    ("A Par ==> Pic", "M", "move", ["PAR", "PIC"]),
    ("* A Tus", "A", "remove", ["TUS"]),
    ("A Tus *", "A", "remove", ["TUS"]),
    ("England: * F Lon", "A", "remove", ["LON"]),
    ("* A Tus", "R", "disband", ["TUS"]),
    ("Army Rome is disbanding", "R", "disband", ["ROM"]),
    ("Building an army in Paris", "A", "build", ["PAR"]),
])
def test_dpjudge_spellings_are_read(m, text, phase, action, where):
    p = parse(text, m, phase)
    assert (p.action, places(p)) == (action, where)


@pytest.mark.parametrize("text, phase, action, where", [
    ("* A Par - Bur", "M", "move", ["PAR", "BUR"]),      # a list's bullet, in a movement phase
    ("* Build A Par", "A", "build", ["PAR"]),           # ... and before a verb
    ("* waive", "A", "waive", []),
    ("* A Bud - Vie", "R", "retreat", ["BUD", "VIE"]),   # ... and where no removal reads
    ("* A Bud R Vie", "R", "retreat", ["BUD", "VIE"]),
])
def test_a_star_that_is_a_bullet_stays_one(m, text, phase, action, where):
    p = parse(text, m, phase)
    assert (p.action, places(p)) == (action, where)


def test_sea_is_read_after_a_sea_only(m):
    """'nwg sea' is the Norwegian Sea; 'nwy sea' is no place, and stays refused."""
    with pytest.raises(OrderError) as info:
        parse("A Lon - Nwy sea", m)
    assert info.value.message == "UNEXPECTED TEXT AFTER ORDER: SEA"
    assert parse("A Lon - Nwy by sea", m).via


def with_names(m, **names):
    """The map with more place names (alias key -> province), as a variant naming its places with words would."""
    prefixes = {key[:i] for key in names for i in range(1, len(key) + 1)}
    return m.replace(names={**m.names, **names}, name_prefixes=m.name_prefixes | prefixes)


def test_a_filler_that_names_a_place_is_that_place(m):
    """On a map where "at" and "the" name places (DPjudge's classical has a Thebes abbreviated THE), those words are
    the places, never dropped: "A At - Bur" is an army there, "A Ven - The Fetters" a move to the Fetters."""
    odd = with_names(m, at="PAR", the="TYR", thefetters="BUR")
    try:
        assert places(parse("A At - Bur", odd)) == ["PAR", "BUR"]
        assert places(parse("A Ven - The", odd)) == ["VEN", "TYR"]
        assert places(parse("A Mun - The Fetters", odd)) == ["MUN", "BUR"]
        # (there the army of the sentence is in Paris: the words name no unit in York)
        assert parse("Army at York attacks London", odd).place.province == "PAR"
    finally:
        parser._CACHE.clear()         # (readings are kept by the map's id, which a later map may be given)
    assert places(parse("Army at York attacks London", m)) == ["YOR", "LON"]


@pytest.mark.parametrize("text", ["the", "is the", "A Par - the"])
def test_fillers_alone_are_no_order(m, text):
    with pytest.raises(OrderError):
        parse(text, m)
