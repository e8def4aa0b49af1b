"""What `judge adjudicate --batch` loads before its first request, and the command line read the same for it."""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge import cli

ROOT = Path(__file__).resolve().parent.parent
JUDGE = [sys.executable, str(ROOT / "bin" / "judge")]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
REQUEST = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}},
           "orders": {"FRANCE": ["A PAR - BUR"]}}
COMMANDS = ["serve", "deliver", "requeue", "process", "config", "example", "adjudicate", "map", "variants", "datc",
            "fuzz"]


def test_a_batch_does_not_load_the_operators_commands():
    """The daemon's, the MTA's and cron's commands (and what they import: shlex, traceback) are no part of
    adjudicating: python -X importtime lists every module the process imported."""
    p = subprocess.run([sys.executable, "-X", "importtime", *JUDGE[1:], "adjudicate", "--batch"],
                       input=json.dumps(REQUEST) + "\n", capture_output=True, text=True, timeout=120, env=ENV)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}
    imported = {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    assert "judge.api" in imported                  # (the listing is there)
    assert not imported & {"judge.cli_operator", "judge.owner", "shlex"}


def test_a_batch_reads_its_words_without_argparse():
    """`judge adjudicate --batch` is the form scripts run over and over: its words are read without importing
    argparse (nor what building a parser brings in: gettext's translations, shutil for the terminal's width)."""
    p = subprocess.run([sys.executable, "-X", "importtime", *JUDGE[1:], "adjudicate", "--batch"],
                       input=json.dumps(REQUEST) + "\n", capture_output=True, text=True, timeout=120, env=ENV)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}
    imported = {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    assert "judge.api" in imported
    assert not imported & {"argparse", "gettext", "shutil", "judge.cli_parser"}


def test_a_batch_makes_no_dataclass_at_start_up():
    """The value classes every request uses are written out (judge.plain): the dataclasses module, and inspect,
    ast and dis, which it imports, are not loaded by `judge adjudicate --batch`."""
    p = subprocess.run([sys.executable, "-X", "importtime", *JUDGE[1:], "adjudicate", "--batch"],
                       input=json.dumps(REQUEST) + "\n", capture_output=True, text=True, timeout=120, env=ENV)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}
    imported = {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    assert "judge.api" in imported and "judge.plain" in imported
    assert not imported & {"dataclasses", "inspect", "ast", "dis"}


def test_a_batch_on_a_shipped_variant_does_not_load_pathlib():
    """The shipped variants are listed and read through plain file names: pathlib (and fnmatch, urllib.parse and
    ipaddress, which it imports) is not loaded by a batch on the standard map. (-S: without site, whose development
    install finder imports pathlib itself; an installed judge has no such finder.)"""
    results, imported = _batch_imports([REQUEST], without_site=True)
    assert results[0]["state"]["units"] == {"FRANCE": ["A BUR"]}
    assert "judge.maps.catalog" in imported and "site" not in imported
    assert not imported & {"pathlib", "fnmatch", "urllib.parse", "ipaddress"}


def test_a_batch_compiles_no_type_written_as_text():
    """No type hint written as text is turned into a typing.ForwardRef while a batch starts and runs (the
    NamedTuples' fields, type aliases, TypeVars): each compiles its text, and the first compile() readies Python's
    AST types, about a thirteenth of the batch's start-up."""
    script = f"""if True:
        import json, sys, typing
        made = []

        class Counted(typing.ForwardRef, _root=True):
            def __init__(self, arg, *args, **kwargs):
                made.append(arg)
                super().__init__(arg, *args, **kwargs)

        typing.ForwardRef = Counted
        sys.path.insert(0, {str(ROOT)!r})
        from judge import cli
        status = cli.main(["adjudicate", "--batch"])
        print(json.dumps(made), file=sys.stderr)
        sys.exit(status)
    """
    p = subprocess.run([sys.executable, "-S", "-c", script], input=json.dumps(REQUEST) + "\n", capture_output=True,
                       text=True, timeout=120, env=ENV)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}
    assert json.loads(p.stderr.strip().splitlines()[-1]) == []


def test_a_command_has_a_parser_of_its_own():
    for name in COMMANDS:
        sub = next(a for a in cli.build_parser(name)._actions if isinstance(a, argparse._SubParsersAction))
        assert list(sub.choices) == [name]
    whole = next(a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert list(whole.choices) == COMMANDS


@pytest.mark.parametrize("words", [
    ["adjudicate", "--batch"], ["adjudicate", "--compact", "req.json"], ["adjudicate", "--bat"], ["adjudicate"],
    ["adjudicate", "--batch", "--batch"], ["adjudicate", "r.json", "--compact", "--batch"], ["adjudicate", "-"],
    ["adjudicate", ""], ["adjudicate", "--", "r.json"], ["adjudicate", "--compact"],
    ["deliver", "--sender", ""], ["process", "game"], ["requeue", "--list", "a", "b"], ["serve", "--port", "0"],
    ["datc", "--engine", "equations"], ["fuzz", "--phases", "5"], ["map", "r.json", "-o", "x.png"], ["variants"],
    ["--config", "c.ini", "adjudicate", "--batch"], ["--debug", "deliver"], [],
])
def test_the_words_read_as_the_whole_parser_reads_them(words):
    # (the same values: `adjudicate`'s plain forms are read without argparse, into a plain namespace)
    assert vars(cli._parse(words)) == vars(cli.build_parser().parse_args(words))


@pytest.mark.parametrize("words", [["adjudicate", "--bogus"], ["adjudicate", "a", "b"], ["map", "r.json"],
                                   ["datc", "--engine", "x"], ["nothing"]])
def test_a_mistake_is_said_as_before(words):
    """An unknown word after a command is the whole parser's error: its usage names every command."""
    p = subprocess.run(JUDGE + words, capture_output=True, text=True, timeout=120, env=ENV)
    assert p.returncode == 2 and p.stdout == ""
    if words[0] == "adjudicate":
        assert "{" + ",".join(COMMANDS) + "}" in p.stderr.replace("\n", "").replace(" ", "")
        assert p.stderr.strip().endswith("judge: error: unrecognized arguments: " + " ".join(words[1:][-1:]))
    elif words[0] == "nothing":
        assert "judge: error: argument command: invalid choice: 'nothing'" in p.stderr
    else:
        assert f"judge {words[0]}: error:" in p.stderr


def _batch_imports(lines: list[dict], without_site: bool = False) -> tuple[list[dict], set[str]]:
    """The results of a batch of these requests, and every module its process imported (python -X importtime);
    without_site: python -S, without site, whose development install's finder is no part of an installed judge."""
    p = subprocess.run([sys.executable, *(["-S"] if without_site else []), "-X", "importtime", *JUDGE[1:],
                        "adjudicate", "--batch"],
                       input="".join(json.dumps(x) + "\n" for x in lines), capture_output=True, text=True,
                       timeout=120, env=ENV)
    assert p.returncode == 0, p.stderr
    imported = {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    assert "judge.api" in imported                  # (the listing is there)
    return [json.loads(x) for x in p.stdout.splitlines()], imported


def test_a_batch_on_the_default_engine_does_not_load_the_equations():
    """The default engine is the DPjudge port: the equations engine is imported by the first phase that asks for
    it (engine=equations or both), and then decides that phase."""
    results, imported = _batch_imports([REQUEST])
    assert results[0]["state"]["units"] == {"FRANCE": ["A BUR"]}
    assert not {m for m in imported if m.startswith("judge.adjudicator.equations")}
    # A move into an empty province with no rival succeeds, by either engine (DATC 5: a move with no opposition).
    results, imported = _batch_imports([REQUEST, {**REQUEST, "rules": ["engine=equations"]},
                                        {**REQUEST, "rules": ["engine=both"]}])
    assert [r["state"]["units"] for r in results] == [{"FRANCE": ["A BUR"]}] * 3
    assert "judge.adjudicator.equations" in imported


def test_a_standard_map_batch_does_not_load_copy():
    """copy (and weakref, which it imports) is needed by a derived variant or one with timed changes only: a batch
    on the standard map does not import it (-S: without site, whose development install's finder is no part of an
    installed judge)."""
    results, imported = _batch_imports([REQUEST], without_site=True)
    assert results[0]["state"]["units"] == {"FRANCE": ["A BUR"]}
    assert "judge.maps.build" in imported and "site" not in imported
    assert not imported & {"copy", "weakref", "_weakrefset"}
