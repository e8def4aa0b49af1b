"""The phase as a picture's title and subtitle name it: in one language.

A translated map (DPjudge's standard_french: FLOW PRINTEMPS:MOVEMENT,RETREATS ...) names its seasons in its own
language but its phases' kinds in English, the only words FLOW takes for them here; its phases read "Printemps 1901
Movement", half of each, and so did the picture's title, over a legend in English. Where the map's year is the
standard one under other season names, the picture names the phase as the standard calendar does; any other calendar
of the map's own ("A.D. 1425") keeps its seasons, which have no standard name."""
from __future__ import annotations

from judge.maps.calendar import Calendar, Step
from judge.position import Phase

# The standard year: a new year, spring movement and retreats, fall movement and retreats, winter adjustments.
_STANDARD_YEAR = [Step("newyear"), Step("phase", 0, 0), Step("phase", 0, 1), Step("phase", 1, 0),
                  Step("phase", 1, 1), Step("phase", 2, 2)]
_ENGLISH = {"SPRING", "SUMMER", "FALL", "AUTUMN", "WINTER"}     # seasons already named in English: kept as they are


def phase_title(phase: Phase) -> str:
    """The phase in words for a picture: "Spring 1901 Movement" for the standard calendar and for one that is it
    renamed ("Printemps 1901 Movement" of a translated map); the map's own words for any other calendar."""
    calendar = phase.calendar
    if calendar is None or not _renamed_standard(calendar) or calendar.seasons[phase.season_index] in _ENGLISH:
        return phase.describe()
    return Phase(phase.year, phase.season_index, phase.kind_index).describe()


def _renamed_standard(calendar: Calendar) -> bool:
    return calendar.steps == _STANDARD_YEAR and calendar.sign == 1
