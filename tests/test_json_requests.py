"""Requests an outside program may send to `judge adjudicate`, run as it runs them (bin/judge in a subprocess):
values the spec's shapes allow but no position can hold are refused in one line, promptly, with status 2."""
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JUDGE = [sys.executable, str(ROOT / "bin" / "judge")]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _bounded_memory() -> None:
    # (a request that makes the judge grow without end fails fast here, instead of taking the machine's memory)
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def adjudicate(request: dict, *args: str, timeout: int = 60) -> subprocess.CompletedProcess:
    return subprocess.run(JUDGE + ["adjudicate", *args], input=json.dumps(request), capture_output=True, text=True,
                          timeout=timeout, env=ENV, preexec_fn=_bounded_memory)


def test_a_mobilizing_count_beyond_the_boards_centres_is_refused_not_written_out():
    """A build owed under `mobilize` is made on a supply centre: the standard board has 34, so 10**12 builds owed is
    no position; it was taken, and the winter tried to write a WAIVE for each (out of memory, a traceback)."""
    winter = {"phase": "W1901A", "units": {}, "centers": {"FRANCE": ["PAR"]}}
    p = adjudicate({"state": {**winter, "mobilizing": {"FRANCE": 10**12}}, "rules": ["mobilize"]}, timeout=20)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "MOBILIZING OF FRANCE" in p.stderr and "34" in p.stderr, p.stderr
    # One per centre is still a position: France owns one centre and is owed 34 builds more.
    p = adjudicate({"state": {**winter, "mobilizing": {"FRANCE": 34}}, "rules": ["mobilize"]})
    assert p.returncode == 0, p.stderr
    assert len(json.loads(p.stdout)["orders"]) == 35


def test_a_retreat_list_naming_an_occupied_province_is_refused():
    """A dislodged unit's retreats are the places it may retreat to (the spec), and no unit retreats where a unit
    stands: such a list is no position. It was taken, and the lone retreat there reported as a 'bounce'."""
    state = {"phase": "F1901R", "units": {"AUSTRIA": ["A UKR"], "TURKEY": ["A SEV"]},
             "dislodged": {"RUSSIA": {"A SEV": ["ARM", "UKR"]}}}
    for args in ((), ("--batch",)):
        p = adjudicate({"state": state, "orders": {"RUSSIA": ["A SEV R UKR"]}}, *args)
        assert p.returncode == 2, p.stdout
        assert p.stderr.count("\n") == 1 and "BAD RETREAT FOR A SEV: UKR IS OCCUPIED" in p.stderr, p.stderr
    # A coast of an occupied province is occupied too (the fleet in Spain's south coast holds all of Spain).
    state = {"phase": "F1901R", "units": {"GERMANY": ["F SPA/SC", "F MAO"]},
             "dislodged": {"FRANCE": {"F MAO": ["SPA/NC", "BRE"]}}}
    p = adjudicate({"state": state})
    assert p.returncode == 2 and "BAD RETREAT FOR F MAO: SPA/NC IS OCCUPIED" in p.stderr, p.stderr
    # Free places are still a position, and the retreat there succeeds.
    state = {"phase": "F1901R", "units": {"AUSTRIA": ["A UKR"], "TURKEY": ["A SEV"]},
             "dislodged": {"RUSSIA": {"A SEV": ["ARM"]}}}
    p = adjudicate({"state": state, "orders": {"RUSSIA": ["A SEV R ARM"]}})
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"]["RUSSIA"] == ["A ARM"]
