"""The build backend (pyproject.toml): setuptools' own, plus the opt-in compiled build.

    JUDGE_COMPILE=1 pip install .        # the modules of COMPILED compiled to C extensions with mypyc

Without JUDGE_COMPILE=1 nothing changes: setuptools builds the pure-Python package. With it, a wheel build asks for
mypy (mypyc comes with it) as one more build requirement and setup.py compiles COMPILED, the modules every request
passes through (order entry, the state read and written, the DPjudge port, retreats, adjustments, the phase
sequence, the interface); the sources are the same, so the judge does the same, faster. A C compiler and Python's
headers are needed. An editable install (`pip install -e`) is never compiled: extension modules built beside the
sources would shadow every later edit of them. .ci/compiled builds this wheel and runs the tests against it.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (build_sdist, get_requires_for_build_sdist,  # noqa: F401
                                   prepare_metadata_for_build_editable)

MYPY = "mypy==2.4.1"
COMPILED = ["judge/api.py", "judge/position.py", "judge/position_reader.py", "judge/position_parts.py",
            "judge/result_text.py", "judge/phases.py", "judge/orders/parser.py", "judge/orders/token_reader.py",
            "judge/orders/grammar.py", "judge/orders/nationality.py", "judge/orders/validate.py",
            "judge/orders/sets.py", "judge/orders/__init__.py", "judge/orders/parsed.py",
            "judge/adjudicator/__init__.py", "judge/adjudicator/retreats.py", "judge/adjudicator/adjustments.py",
            "judge/adjudicator/dpjudge/__init__.py", "judge/adjudicator/dpjudge/board.py",
            "judge/adjudicator/dpjudge/steps.py", "judge/adjudicator/dpjudge/subroutines.py",
            "judge/adjudicator/dpjudge/paradox.py", "judge/adjudicator/dpjudge/convoy_routes.py",
            "judge/state_lists.py", "judge/builds.py", "judge/orders/memo.py", "judge/orders/canonical.py",
            "judge/last_call.py", "judge/adjudicator/results.py",
            "judge/adjudicator/friendly_fire.py", "judge/maps/__init__.py"]
# (Not judge/house_state.py: its class keeps its fields in a __dict__ set through judge.plain.Frozen, which a compiled
# class does not read: every field was "undefined". A class on a judge.plain base stays Python.)
# mypyc compiles only what mypy passes, and these modules were not written for mypy: the checks they do not pass are
# off (mostly Optional values the code has already ruled out, an order's place say, and containers built untyped).
# `assignment` and `arg-type` stay on: a variable or an argument of another type than declared is a TypeError in
# compiled code (a reused loop variable was one). What compiled code does is checked by running the tests against it (.ci/compiled).
MYPY_FLAGS = ["--ignore-missing-imports", "--follow-imports=silent",
              *(f"--disable-error-code={code}" for code in (
                  "union-attr", "index", "no-redef", "var-annotated", "attr-defined",
                  "return-value", "operator", "misc", "call-overload", "has-type", "dict-item", "list-item",
                  "override", "valid-type", "call-arg", "func-returns-value", "return", "type-var",
                  "str-bytes-safe", "name-defined"))]


def compile_wanted() -> bool:
    return os.environ.get("JUDGE_COMPILE", "") == "1" and os.environ.get("_JUDGE_EDITABLE") != "1"


# What a wheel is built from (setup.py, setup.cfg and MANIFEST.in name nothing else): copied, so that the build
# writes nothing into the checkout (setuptools puts judge.egg-info and build/ beside the sources, and README installs
# the judge as its own user, from a checkout that user may only read).
SOURCES = ["setup.py", "setup.cfg", "pyproject.toml", "MANIFEST.in", "README.md", "tools", "judge", "templates",
           "tests/data/datc"]
_LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd", "*.egg-info")


@contextmanager
def _in_a_copy():
    """Run a wheel hook in a throw-away copy of the sources (and the licence files, if any), then come back."""
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="judge-build-") as tmp:
        copy = Path(tmp) / here.name
        copy.mkdir()
        for name in SOURCES + [p.name for p in here.glob("LICEN[CS]E*")]:
            source, target = here / name, copy / name
            if source.is_dir():
                shutil.copytree(source, target, ignore=_LEFT_OUT)
            elif source.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)
        os.chdir(copy)
        try:
            yield
        finally:
            os.chdir(here)


def get_requires_for_build_wheel(config_settings=None) -> list[str]:
    with _in_a_copy():
        return _setuptools.get_requires_for_build_wheel(config_settings) + ([MYPY] if compile_wanted() else [])


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None) -> str:
    with _in_a_copy():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    with _in_a_copy():
        return _setuptools.build_wheel(os.path.abspath(wheel_directory), config_settings,
                                       metadata_directory and os.path.abspath(metadata_directory))


def get_requires_for_build_editable(config_settings=None) -> list[str]:
    os.environ["_JUDGE_EDITABLE"] = "1"
    return _setuptools.get_requires_for_build_editable(config_settings)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    os.environ["_JUDGE_EDITABLE"] = "1"
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
