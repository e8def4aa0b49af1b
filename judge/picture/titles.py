"""The phase as a picture's title and subtitle name it: in one language.

A translated map (DPjudge's standard_french: FLOW PRINTEMPS:MOVEMENT,RETREATS ...) names its seasons in its own
language but its phases' kinds in English, the only words FLOW takes for them here; its phases read "Printemps 1901
Movement", half of each, and so did the picture's title, over a legend in English. Where the map's year is the
standard one under other season names, the picture names the phase as the standard calendar does; any other calendar
of the map's own ("A.D. 1425") keeps its seasons, which have no standard name."""
from __future__ import annotations

from judge.maps.calendar import Calendar, Step
from judge.picture.placement import text_width
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


TITLE_SIZE = 21.0          # the title band's title (the game's name bold, then the phase)
SUB_SIZE, SUB_SMALL = 14.0, 12.0    # its subtitle at the right: one line, or two smaller ones
REGULAR = 0.9              # the regular face's widths: about this share of the bold ones placement knows


def subtitle_lines(game: str, title: str, subtitle: str, width: float) -> list[dict]:
    """The subtitle as the title band sets it, right-aligned: one line where it fits beside the title; else two
    smaller lines split at the comma or space nearest the middle, made smaller still where even they do not fit (a
    draw between seven powers ran over the title, a draw in Chaos over the whole band). Each: y, size, text."""
    if not subtitle:
        return []
    used = REGULAR * text_width(title, TITLE_SIZE) + (text_width(game, TITLE_SIZE) + 40 if game else 0)
    room = max(width * 0.25, width - 2 * 14 - used - 24)
    if REGULAR * text_width(subtitle, SUB_SIZE) <= room:
        return [{"y": 36, "size": SUB_SIZE, "text": subtitle}]
    lines = _halves(subtitle)
    size = min([SUB_SMALL] + [SUB_SMALL * room / (REGULAR * text_width(t, SUB_SMALL)) for t in lines])
    return [{"y": y, "size": round(size, 1), "text": t} for y, t in zip((24, 44), lines)]


def _halves(text: str) -> list[str]:
    """The text in two lines, broken after the comma (else at the space) nearest its middle."""
    for mark in (", ", " "):
        cuts = [i for i in range(len(text)) if text.startswith(mark, i)]
        if cuts:
            at = min(cuts, key=lambda i: abs(2 * i - len(text)))
            return [text[:at + len(mark)].rstrip(), text[at + len(mark):]]
    return [text]
