"""A phase's files' names: one per phase over a whole calendar (past year 0 too), read back to the phase's code, and
never confused with the names an older judge wrote."""
from __future__ import annotations

import re

from judge.maps.calendar import Calendar
from judge.position_parts import Phase
from judge.storage.phase_files import code_of, file_part, legacy_part

ERA = Calendar(["NEWYEAR:-1", "B.C.:MOVEMENT,RETREATS", "IFYEARDIV:2", "B.C.:ADJUSTMENTS"])
PORTABLE = re.compile(r"^[A-Za-z0-9_-]+$")


def test_every_phase_of_a_calendar_counting_down_past_zero_has_a_name_of_its_own():
    phase, names = Phase(300, 0, 0, ERA), {}
    while phase.year > -300:
        name = file_part(phase.code)
        assert name not in names, (phase, names.get(name))
        assert PORTABLE.match(name) and code_of(name) == phase.code
        names[name] = phase
        phase = phase.following()
    # B.C. 1 and B.C. -1, the pair the long form's names confused, by DPjudge's short codes
    assert file_part("B1M") == "B1M" and file_part("B-1M") == "B-1M"
    assert legacy_part("B.C. 1 MOVEMENT") == legacy_part("B.C. -1 MOVEMENT") == "B_C_1_MOVEMENT"
    assert len(names) == 600 * 2 + 300        # B.C. 300 to -299: movement, retreats; adjustments in even years


def test_the_standard_calendar_keeps_the_names_it_had():
    for code in ("S1901M", "F1901R", "W1901A"):
        assert file_part(code) == legacy_part(code) == code and code_of(code) == code


def test_a_season_letter_outside_ascii_letters_and_digits_is_written_portably_and_read_back():
    for code in ("/1425M", "É-3A", "_7R", ".0M", "\u4e2d12M"):
        name = file_part(code)
        assert PORTABLE.match(name) and "/" not in name and code_of(name) == code, (code, name)
    assert len({file_part(c) for c in ("/1M", "_2F_1M", "_1M")}) == 3


def test_names_an_older_judge_wrote_are_not_read_as_codes():
    for phase in ("A.D. 1425 MOVEMENT", "B.C. -1 MOVEMENT", "B.C. 0 ADJUSTMENTS", "LENTE 1901 RETREATS",
                  "VERY LONG SEASON NAME INDEED 2001 ADJUSTMENTS"):
        assert code_of(legacy_part(phase)) is None, phase


def test_names_nobody_wrote_read_as_nothing():
    for name in ("", "phase", "_110000_1M", "_FFFFFFF_1M", "_2F1M", "B1", "BM", "B1MM", "_41_1M", "B--1M", "_2F_"):
        assert code_of(name) is None, name
