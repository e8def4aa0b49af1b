"""The opt-in compiled build's switch (tools/build_backend.py): only a wheel build with JUDGE_COMPILE=1 asks for
mypy and compiles; a plain build, and an editable install whatever the variable says, stay pure Python. The compiled
wheel itself is built, installed and tested by .ci/compiled."""
import importlib.util
import os
from pathlib import Path

import pytest

pytest.importorskip("setuptools", reason="the build backend wraps setuptools' (pip brings it into a build's env)")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def backend(monkeypatch):
    monkeypatch.delenv("JUDGE_COMPILE", raising=False)
    monkeypatch.setenv("_JUDGE_EDITABLE", "")           # (set, so that the backend's own setting is undone too)
    spec = importlib.util.spec_from_file_location("judge_build_backend", ROOT / "tools" / "build_backend.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_plain_build_asks_for_no_compiler(backend):
    assert not backend.compile_wanted()
    assert not any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())


def test_judge_compile_1_asks_for_mypy_and_compiles(backend, monkeypatch):
    monkeypatch.setenv("JUDGE_COMPILE", "1")
    assert backend.compile_wanted()
    assert backend.MYPY in backend.get_requires_for_build_wheel()
    monkeypatch.setenv("JUDGE_COMPILE", "yes")         # only "1" turns it on
    assert not backend.compile_wanted()


def test_an_editable_install_is_never_compiled(backend, monkeypatch):
    monkeypatch.setenv("JUDGE_COMPILE", "1")
    backend.get_requires_for_build_editable()          # pip's first call for `pip install -e`
    assert os.environ["_JUDGE_EDITABLE"] == "1" and not backend.compile_wanted()


def test_every_compiled_module_exists_and_is_in_the_package(backend):
    for name in backend.COMPILED:
        path = ROOT / name
        assert path.is_file() and path.suffix == ".py" and path.parts[len(ROOT.parts)] == "judge", name
    assert len(set(backend.COMPILED)) == len(backend.COMPILED)
