"""The one likely reading of a refused order line: typos, abbreviations, list markers, remarks."""
import pytest

from judge import maps
from judge.orders.suggest import corrections, is_remark, looks_like_prose, suggest, with_hint
from judge.orders.validate import Validator
from judge.position import initial_position
from judge.rules import Ruleset


@pytest.fixture(scope="module")
def board():
    m = maps.load("standard")
    pos = initial_position(m)
    return m, pos, Validator(pos, m, Ruleset())


@pytest.mark.parametrize("power, text, reading", [
    ("FRANCE", "A Pari - Burgondy", "A PAR - BUR"),          # a letter missing, a letter wrong
    ("FRANCE", "A Par - Bur please", "A PAR - BUR"),         # a word of remark after the order
    ("FRANCE", "3: A Par - Bur", "A PAR - BUR"),             # a list marker the reader does not pass over
    ("ENGLAND", "F Edi - Nrth Sea", "F EDI - NTH"),          # a word abbreviated
    ("RUSSIA", "F Sevastapol - Blk", "F SEV - BLA"),
    ("ITALY", "A Ven - Tirol", "A VEN - TYR"),
    ("FRANCE", "F Bre - mid-atl", "F BRE - MAO"),            # hyphenated and abbreviated
    ("FRANCE", "A Par - Mun", None),                         # the board refuses every reading
    ("FRANCE", "A Par - Bure", None),                        # Brest or Burgundy: no clear reading
])
def test_suggest(board, power, text, reading):
    m, _, v = board
    assert suggest(text, m, "M", lambda p: v.bind(p, power)) == reading


def test_prose_and_place_corrections(board):
    m, pos, _ = board
    assert looks_like_prose("Thanks, see you next turn!", m) and not looks_like_prose("A Burgondy - Pari", m)
    assert corrections("A Mun - Holand", m) == [("HOLAND", "HOL")]
    assert with_hint("A Mun - Holand", "UNKNOWN PLACENAME: HOLAND", m, pos, Ruleset(), "GERMANY") == \
        "UNKNOWN PLACENAME: HOLAND (DID YOU MEAN HOL FOR HOLAND?)"
    # No unit there: the power's own units, in the order of their places; none to list, the refusal alone.
    assert with_hint("A Hol - Bel", "NO UNIT IN HOL", m, pos, Ruleset(), "GERMANY") == \
        "NO UNIT IN HOL (YOUR UNITS: A BER, F KIE, A MUN)"
    assert with_hint("A Hol - Bel", "NO UNIT IN HOL", m, pos, Ruleset(), "NOBODY") == "NO UNIT IN HOL"
    # A line too long to be an order gets no reading (the refusal path stays cheap).
    long_line = "A Par - Burgondy " + "x" * 300
    assert with_hint(long_line, "WHY", m, pos, Ruleset(), "FRANCE") == "WHY"


@pytest.mark.parametrize("text, fix, reading", [
    ("F St Pétersbourg/sc - Bot", ("ST PÉTERSBOURG", "STP"), "F STP/SC - BOT"),    # French, accents folded
    ("F Saint Pétersbourg/sc - Bot", ("SAINT PÉTERSBOURG", "STP"), "F STP/SC - BOT"),
    ("F St Petersborg/sc - Bot", ("ST PETERSBORG", "STP"), "F STP/SC - BOT"),      # a letter off the whole name
])
def test_a_name_of_several_words_is_matched_whole(board, text, fix, reading):
    """'St' alone abbreviates Sevastopol: the name as written, not its first word, is what is suggested."""
    m, _, v = board
    assert corrections(text, m) == [fix]
    assert suggest(text, m, "M", lambda p: v.bind(p, "RUSSIA")) == reading


def test_two_places_joined_by_a_dash_are_no_one_name(board):
    m, _, _ = board
    assert corrections("A Par - Bur", m) == [] and corrections("F Sankt Petersburg - Bot", m) == []


def test_the_small_words_of_a_sentence_are_no_misspelt_places(board):
    """"the" abbreviates the Tyrrhenian Sea letter by letter; in a sentence the reader passes it over, and so does a
    hint (it said DID YOU MEAN TYS FOR THE?)."""
    m, pos, v = board
    assert corrections("The army in Venice moves to Xyz", m) == []
    assert with_hint("The army in Venice moves to Xyz", "UNKNOWN PLACENAME: XYZ", m, pos, Ruleset(), "ITALY") == \
        "UNKNOWN PLACENAME: XYZ"
    assert suggest("The army in Venise is holding", m, "M", lambda p: v.bind(p, "ITALY")) == "A VEN H"


@pytest.mark.parametrize("line, remark", [
    ("Thanks,", True), ("Gary", True), ("Cheers, see you next turn!", True), ("1. Thanks", True),
    ("waive", False), ("Build A Par", False), ("remove", False), ("A Par - Bur", False), ("Burgundy", False),
    ("Par H", False), ("- fleet", False),
])
def test_a_remark_names_no_unit_place_or_word_of_an_order(board, line, remark):
    assert is_remark(line, board[0]) is remark


def test_a_refused_build_says_where_the_power_may_build():
    # "SUPPLY CENTER OCCUPIED: MUN" said what was wrong and not what would do: the free home centres follow it.
    import pytest as _pytest
    from judge.game.roles import OrderSetError
    from tests.test_game import T0, set_position, started
    game = started()
    # Winter 1901: Germany owns Holland too (4 centres, 3 units): one build; Munich is occupied, Berlin and Kiel free.
    set_position(game, {"phase": "W1901A", "units": {"GERMANY": ["A MUN", "F HOL", "A RUH"], "FRANCE": ["A PAR"]},
                        "centers": {"GERMANY": ["BER", "KIE", "MUN", "HOL"], "FRANCE": ["PAR", "BRE", "MAR"]}})
    with _pytest.raises(OrderSetError) as refused:
        game.submit_orders("GERMANY", ["Build A MUN"], T0)
    assert refused.value.errors == [("Build A MUN", "SUPPLY CENTER OCCUPIED: MUN (YOU MAY BUILD IN BER OR KIE)")]
    with _pytest.raises(OrderSetError) as refused:
        game.submit_orders("GERMANY", ["Build A Holland"], T0)
    assert refused.value.errors == [("Build A Holland",
                                     "NOT A HOME SUPPLY CENTER: HOL (YOU MAY BUILD IN BER OR KIE)")]
    # France: three centres, one unit, all its homes free but Paris; one with none free is told to waive.
    with _pytest.raises(OrderSetError) as refused:
        game.submit_orders("FRANCE", ["Build A Paris"], T0)
    assert refused.value.errors == [("Build A Paris", "SUPPLY CENTER OCCUPIED: PAR (YOU MAY BUILD IN BRE OR MAR)")]
    set_position(game, {"phase": "W1901A", "units": {"GERMANY": ["A MUN", "A BER", "F KIE"]},
                        "centers": {"GERMANY": ["BER", "KIE", "MUN", "HOL"]}})
    with _pytest.raises(OrderSetError) as refused:
        game.submit_orders("GERMANY", ["Build A MUN"], T0)
    assert refused.value.errors == [
        ("Build A MUN", "SUPPLY CENTER OCCUPIED: MUN (NO CENTRE IS FREE TO BUILD IN NOW: WAIVE THE BUILD)")]
