"""Pictures of the board: the map's drawing (geometry) and, from it, images of positions."""
from __future__ import annotations

from functools import lru_cache
from typing import Protocol, Sequence

import jinja2

from judge import affinity
from judge.adjudicator.results import OrderResult
from judge.maps import Map, catalog
from judge.picture import draw, geometry, titles
from judge.picture.fitted import fitted
from judge.picture.placement import WORD_AT
from judge.picture.renamed import renamed
from judge.picture.shapes import fmt
from judge.picture.style import BUILT, FAILED
from judge.position import Dislodged, Position
from judge.templating import TEMPLATES

TEMPLATE = "picture/board.svg"


class Outcome(Protocol):
    """What a results picture needs of an adjudication (judge.adjudicator.PhaseOutcome has it)."""
    results: list[OrderResult]
    position: Position


def has_drawing(board: str) -> bool:
    """Is there a drawing of this board (a variant's `board`: shipped, or in the variants folder), so that its
    positions can be pictured? A variant on another's board (Fleet Rome, Chaos) is drawn on that board's drawing."""
    return catalog.drawing(board) is not None


def drawing(m: Map) -> geometry.Geometry:
    """The drawing a variant is pictured on (it must have one: see has_drawing): its board's, under the variant's
    own names where its places are the board's renamed (Map.on_board), with its own centres marked."""
    g = geometry.load(m.board)
    return fitted(renamed(g, m.on_board) if m.on_board else g, m)


def position_svg(m: Map, position: Position, game: str = "", title: str = "", subtitle: str = "") -> str:
    """The board as it stands (for MAP and PREVIEW): ownership, units, dislodged units and their retreat options.

    `game` is the game's name for the title (may be empty); `title` replaces the position's phase there (the final
    board of a game is titled "The game is over after Fall 1905 Movement", not with the phase that never came) and
    `subtitle` goes on the title band's right. The map must have a drawing (see has_drawing).
    """
    pic = draw.position_picture(m, drawing(m), position, game)
    if title:
        pic["title"] = title
    pic["subtitle"] = subtitle
    return _render(pic)


def results_svg(m: Map, before: Position, outcome: Outcome, game: str = "", subtitle: str = "") -> str:
    """The phase just adjudicated: the orders given in `before`'s phase with their outcome, on the board after it.

    `outcome` is what judge.adjudicator.adjudicate returned for `before` (its `.results` and `.position`; a game's
    outcome may hold units `.destroyed` in a retreat phase it skipped, and units a house rule `.removed` when
    dislodged: drawn as dislodged with no retreat).
    `subtitle` replaces the next phase's name in the title band (the phase that ended a game has none).
    """
    gone = (*getattr(outcome, "destroyed", ()), *getattr(outcome, "removed", ()))   # (both drawn the same way)
    return results_svg_of(m, before, outcome.results, outcome.position, game, gone, subtitle)


def results_svg_of(m: Map, before: Position, results: Sequence[OrderResult], after: Position, game: str = "",
                   destroyed: Sequence[Dislodged] = (), subtitle: str = "") -> str:
    """results_svg from the parts: each order with its marks, and the position after the phase."""
    return _render(draw.results_picture(m, drawing(m), before, results, after, game, destroyed, subtitle))


DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'     # (what the template begins with)


def inline(svg: str) -> str:
    """The drawing without its XML declaration, beginning with <svg: the form a picture takes inside another
    document (the JSON result's "picture"). A file of its own (a mail's attachment, a page's map.svg, `judge map`)
    keeps the declaration, which names its encoding (standalone())."""
    return svg.removeprefix(DECLARATION)


def standalone(svg: str) -> str:
    """The drawing as a file of its own: with its XML declaration (inline() undone)."""
    return svg if svg.startswith("<?xml") else DECLARATION + svg


def png(svg: str, width: int = 1200, palette: bool = True) -> bytes:
    """The SVG rasterised to PNG bytes, `width` pixels wide (1200: readable in a mail, fine for printing).

    palette=True (the default): a 256-colour PNG of the picture's own colours, about a third of the bytes of full
    colour (under 100 KB for a crowded board) and looking the same; palette=False: full colour.
    """
    from judge.picture import raster       # imported when needed: libvips loads only in a process that draws
    with affinity.spread():                 # (libvips works without the interpreter lock: any CPU may do it)
        return raster.png(svg, width, palette)


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The mails' template folder, escaping for XML: a game name or an order may hold '<' or '&'."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), undefined=jinja2.StrictUndefined,
                             autoescape=True, trim_blocks=True, lstrip_blocks=True)
    env.filters["n"] = fmt
    return env


def _render(picture: dict) -> str:
    return environment().get_template(TEMPLATE).render(p=picture, failed=FAILED, built=BUILT, word_at=WORD_AT,
                                                       subtitle_lines=titles.subtitle_lines)
