"""Requests an outside program may send to `judge adjudicate`, run as it runs them (bin/judge in a subprocess):
values the spec's shapes allow but no position can hold are refused in one line, promptly, with status 2."""
import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "tests" / "data" / "maps"
JUDGE = [sys.executable, str(ROOT / "bin" / "judge")]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _bounded_memory() -> None:
    # (a request that makes the judge grow without end fails fast here, instead of taking the machine's memory)
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def adjudicate(request: dict, *args: str, timeout: int = 60, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(JUDGE + ["adjudicate", *args], input=json.dumps(request), capture_output=True, text=True,
                          timeout=timeout, env=ENV, preexec_fn=_bounded_memory, cwd=cwd)


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


def test_a_dislodged_unit_where_no_unit_stands_is_refused():
    """A retreat phase's dislodged unit was dislodged by a unit that moved into its province and stands there now
    (the spec: the dislodged units are not in `units`; the unit that took the place is). A dislodged army in Paris with
    nobody in Paris was taken, and could retreat as if something had driven it out; it is refused, naming the unit
    and the empty province (in a batch, that line alone)."""
    state = {"phase": "S1901R", "units": {"GERMANY": ["A MUN"]}, "dislodged": {"FRANCE": {"A PAR": ["PIC", "GAS"]}}}
    for args in ((), ("--batch",)):
        p = adjudicate({"state": state, "orders": {"FRANCE": ["A PAR R PIC"]}}, *args)
        assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
        assert "DISLODGED UNIT A PAR OF FRANCE: NO UNIT STANDS IN PAR" in p.stderr, p.stderr
    # With the unit that took Paris, it is a position: the army retreats; the line after it is still refused.
    taken = {**state, "units": {"GERMANY": ["A MUN", "A PAR"]}}
    lines = "\n".join(json.dumps({"state": s, "orders": {"FRANCE": ["A PAR R PIC"]}}) for s in (taken, state)) + "\n"
    p = subprocess.run(JUDGE + ["adjudicate", "--batch"], input=lines, capture_output=True, text=True, timeout=60,
                       env=ENV)
    first, second = map(json.loads, p.stdout.splitlines())
    assert first["state"]["units"] == {"FRANCE": ["A PIC"], "GERMANY": ["A MUN", "A PAR"]}
    assert "DISLODGED UNIT A PAR OF FRANCE: NO UNIT STANDS IN PAR" in second["error"], second


def test_the_last_phase_of_a_maps_own_calendar_is_refused_not_answered_with_a_phase_nobody_can_read(tmp_path):
    """A result's state is the next request's (the spec's round trip). A calendar of a DPjudge map's own reads years
    of up to nine digits: a phase whose next one lies beyond was answered with that next phase, which the judge then
    refused to read. It is refused itself, as the standard calendar's last year is."""
    (tmp_path / "more").mkdir()
    for name in ("toy.map", "toy_years.map", "toy_bc.map"):
        shutil.copy(MAPS / name, tmp_path / "more" / name)
    (tmp_path / "config.ini").write_text("[judge]\nvariants_dir = more\n")
    # toy_years: years go by fives (NEWYEAR:5), adjustments only when ten divides the year; toy_bc counts down, past
    # 1 B.C. to A.D. 1 and on up.
    for variant, phase, nxt in (("toy_years", "A.D. 999999995 MOVEMENT", "A.D. 1000000000 MOVEMENT"),
                                ("toy_years", "A999999999M", "A.D. 1000000004 MOVEMENT"),
                                ("toy_bc", "A.D. 999999999 MOVEMENT", "A.D. 1000000000 MOVEMENT")):
        for args in ((), ("--batch",)):
            p = adjudicate({"variant": variant, "state": {"phase": phase}}, *args, cwd=tmp_path)
            assert p.returncode == 2, p.stdout
            assert p.stderr.count("\n") == 1 and f"ITS NEXT PHASE, {nxt}, HAS A YEAR OF MORE THAN 9 DIGITS" in p.stderr
    # The phase before the last is answered, and its result is read back.
    p = adjudicate({"variant": "toy_years", "state": {"phase": "A.D. 999999990 MOVEMENT"}}, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    state = json.loads(p.stdout)["state"]
    assert state["phase"] == "A.D. 999999995 MOVEMENT"
    p = adjudicate({"variant": "toy_years", "state": state}, cwd=tmp_path)
    assert p.returncode == 2 and "ITS NEXT PHASE, A.D. 1000000000 MOVEMENT" in p.stderr, p.stderr


def test_a_preset_given_a_value_is_named_as_the_preset_it_is():
    """`dpjudge` is the README's preset of DPjudge's choices; written with a value (as a program writing every rule
    as name=value, or the rules object, would) it was refused as 'UNKNOWN RULE: DPJUDGE', as if there were none."""
    state = {"phase": "S1901M"}
    for rules in (["dpjudge=on"], {"dpjudge": True}, ["datc=1"]):
        p = adjudicate({"state": state, "rules": rules})
        assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
        assert "UNKNOWN RULE" not in p.stderr and "IS A SET OF RULES AND TAKES NO VALUE" in p.stderr, p.stderr
    assert adjudicate({"state": state, "rules": ["dpjudge"]}).returncode == 0


def batch(lines: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(JUDGE + ["adjudicate", "--batch"], input="".join(line + "\n" for line in lines),
                          capture_output=True, text=True, timeout=60, env=ENV, preexec_fn=_bounded_memory)


def test_dislodged_given_as_anything_but_an_object_is_refused_as_units_and_centers_are():
    """The spec's `dislodged` is an object keyed by power, as `units` and `centers` are (null: left out). A list, a
    number, false or an empty string were read as "nobody dislodged" (the retreat phase silently skipped), where the
    same values for units or centers are refused."""
    state = {"phase": "F1901R", "units": {"RUSSIA": ["A UKR"]}, "centers": {}}
    bad = [[], 0, False, "", [{"TURKEY": {"A UKR": ["RUM"]}}]]
    lines = [json.dumps({"state": {**state, "dislodged": value}}) for value in bad]
    lines.append(json.dumps({"state": {**state, "dislodged": None}}))     # null is the field left out
    p = batch(lines)
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 2 and len(out) == len(lines)
    for n, answer in enumerate(out[:-1], 1):
        assert answer == {"error": f"line {n}: DISLODGED MUST BE AN OBJECT KEYED BY POWER"}, answer
    # Nothing dislodged, so the retreat phase has nothing to do; Russia holds UKR and no centre: W1901A to remove it.
    assert out[-1]["orders"] == [] and out[-1]["state"]["phase"] == "W1901A"
