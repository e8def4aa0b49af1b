"""judge.patterns: a regular expression compiled at its first use, not when its module is imported."""
import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from judge import position_parts
from judge.maps import build, calendar, changes
from judge.orders import parser
from judge.patterns import Lazy, lazy

ROOT = Path(__file__).resolve().parent.parent
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
# What only a variant's own calendar, a power's colour or a timed change needs, a phase written out in words, or an
# order behind a list marker: a batch of orders as written, on the standard map, compiles none of them.
OTHERS = [calendar._YEAR, calendar._SHORT, calendar._DIGIT, build._COLOUR, changes._WHEN, position_parts._LONG_RE,
          parser._LIST_MARKER, parser._BULLET_THEN_NUMBER]


def test_a_lazy_pattern_is_the_pattern():
    p = lazy(r"([A-Z])(\d+)", re.IGNORECASE)
    assert isinstance(p, Lazy) and "compiled" not in repr(p)
    assert p.fullmatch("a12").groups() == ("a", "12") and p.sub(r"\2", "x9 y8") == "9 8"
    assert (p.pattern, p.flags & re.IGNORECASE, p.groups) == (r"([A-Z])(\d+)", re.IGNORECASE, 2)
    assert p.search("--b3").span() == (2, 4) and p.match("--") is None
    assert copy.copy(lazy("a")).match("a") and copy.deepcopy(lazy("b")).fullmatch("b")


def test_a_standard_map_batch_compiles_only_what_it_uses():
    sources = {p.pattern for p in OTHERS}
    script = f"""if True:
        import json, sys, re._compiler
        made, original = [], re._compiler.compile

        def counted(p, flags=0):
            made.append(p if isinstance(p, str) else None)
            return original(p, flags)

        re._compiler.compile = counted
        sys.path.insert(0, {str(ROOT)!r})
        from judge import cli
        status = cli.main(["adjudicate", "--batch"])
        print(json.dumps([m for m in made if m]), file=sys.stderr)
        sys.exit(status)
    """
    request = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}},
               "orders": {"FRANCE": ["A PAR - BUR"]}}
    p = subprocess.run([sys.executable, "-S", "-c", script], input=json.dumps(request) + "\n",
                       capture_output=True, text=True, timeout=120, env=ENV)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}
    compiled = json.loads(p.stderr.strip().splitlines()[-1])
    assert compiled and not sources & set(compiled)


def test_what_the_lazy_patterns_read_is_read_as_before():
    from judge.maps import catalog
    from judge.position_parts import Phase
    m = catalog.load("standard")
    assert Phase.parse("FALL 1901 RETREATS") == Phase.parse("F1901R")
    assert parser.parse("1. A Par - Bur", m) == parser.parse("A Par - Bur", m)
    assert parser.parse("* b) A Par - Bur", m) == parser.parse("* A Par - Bur", m)
