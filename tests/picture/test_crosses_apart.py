"""Several moves into one place that all fail each end at an X of their own. London's and Belgium's fleets bouncing
in the North Sea came in from the south along nearly one line and stopped at one point: one X lay over the other,
and the picture showed one failure with two words. Every X now stands clear of every other."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from judge import picture
from tests.picture.scenes import adjudicated

NS = "{http://www.w3.org/2000/svg}"
# The template's X: strokes from -5.5 to 5.5 each way, 7.5 wide with its white casing: 9.25 from its middle.
X_REACH = 5.5 + 7.5 / 2

NORTH_SEA = {"state": {"phase": "S1901M", "units": {"ENGLAND": ["F LON"], "GERMANY": ["F BEL"], "RUSSIA": ["F NWY"]},
                       "centers": {}},
             "orders": {"ENGLAND": ["F LON - NTH"], "GERMANY": ["F BEL - NTH"], "RUSSIA": ["F NWY - NTH"]}}
BLACK_SEA = {"state": {"phase": "S1901M", "units": {"RUSSIA": ["F SEV"], "TURKEY": ["F ANK"], "AUSTRIA": ["F RUM"],
                                                     "ITALY": ["F BUL/EC"], "FRANCE": ["F CON"]}, "centers": {}},
             "orders": {"RUSSIA": ["F SEV - BLA"], "TURKEY": ["F ANK - BLA"], "AUSTRIA": ["F RUM - BLA"],
                        "ITALY": ["F BUL/EC - BLA"], "FRANCE": ["F CON - BLA"]}}


def _crosses(svg: str) -> list[tuple[float, float]]:
    marks = ET.fromstring(svg).find(f".//{NS}g[@id='marks']")
    return [tuple(map(float, re.findall(r"[-\d.]+", g.get("transform"))[:2])) for g in marks.iter(f"{NS}g")
            if g.get("class") == "failed"]


@pytest.mark.parametrize("doc", [NORTH_SEA, BLACK_SEA], ids=["north-sea", "black-sea"])
def test_every_failed_move_has_an_x_clear_of_the_others(doc):
    m, before, outcome = adjudicated(doc)
    assert all(r.marks == ("bounce",) for r in outcome.results)
    xs = _crosses(picture.results_svg(m, before, outcome))
    assert len(xs) == len(outcome.results)
    for i, a in enumerate(xs):
        for b in xs[i + 1:]:
            assert math.dist(a, b) >= 2 * X_REACH, (a, b)
