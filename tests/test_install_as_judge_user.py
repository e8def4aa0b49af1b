"""README's install as the judge's own user (`sudo -u judge .../pip install /path/to/checkout`): that user may read
the checkout but not write in it, and setuptools used to write `judge.egg-info` and `build/` beside the sources, so
the install failed ("could not create 'judge.egg-info': Permission denied"). The build backend now builds in a copy.
Tested for real when the suite runs as root: the wheel built by `nobody` with the system Python's pip from a
checkout owned by root; and, as any user, the checkout left exactly as it was by a build."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from tests.test_install import _source_files

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_PYTHON = "/usr/bin/python3"
RUNUSER = shutil.which("runuser") or "runuser"
ENV = {"PATH": "/usr/bin:/bin", "PIP_NO_CACHE_DIR": "1", "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def _copy_of_checkout(to: Path) -> set[str]:
    names = [n for n in _source_files() if (ROOT / n).is_file()]
    for name in names:
        (to / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, to / name)
    return set(names)


def _tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def test_a_wheel_build_writes_nothing_into_the_checkout(tmp_path):
    src = tmp_path / "src"
    names = _copy_of_checkout(src)
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path / "dist"),
                        str(src)], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    assert _tree(src) == names                  # no judge.egg-info, no build/, nothing else
    [wheel] = (tmp_path / "dist").glob("judge-*.whl")
    assert "judge/cli.py" in zipfile.ZipFile(wheel).namelist()


def _nobody_can_build() -> str:
    if os.geteuid() != 0 or not shutil.which(RUNUSER) or not os.path.exists(SYSTEM_PYTHON):
        return "needs root, runuser and the system's python3"
    probe = subprocess.run([RUNUSER, "-u", "nobody", "--", SYSTEM_PYTHON, "-c",
                            "import setuptools, pip, wheel; assert int(setuptools.__version__.split('.')[0]) >= 64"],
                           capture_output=True, timeout=60, env=ENV, cwd="/")
    return "" if probe.returncode == 0 else "the system's python3 lacks pip, setuptools >= 64 or wheel for nobody"


def test_the_judge_user_installs_from_a_checkout_it_may_only_read():
    why = _nobody_can_build()
    if why:
        pytest.skip(why)
    top = Path(tempfile.mkdtemp(prefix="judge-readonly-"))      # (pytest's tmp_path is root's alone: mode 700)
    try:
        top.chmod(0o755)
        src = top / "checkout"
        names = _copy_of_checkout(src)
        for folder, dirs, files in os.walk(src):                  # root's, readable by all, writable by root only
            os.chmod(folder, 0o755)
            for f in files:
                os.chmod(os.path.join(folder, f), 0o644)
        out = top / "dist"
        out.mkdir()
        shutil.chown(out, "nobody")
        p = subprocess.run([RUNUSER, "-u", "nobody", "--", SYSTEM_PYTHON, "-m", "pip", "wheel", "--no-deps",
                            "--no-build-isolation", "--quiet", "-w", str(out), str(src)],
                           capture_output=True, text=True, timeout=600, env={**ENV, "HOME": str(out)}, cwd=out)
        assert p.returncode == 0, p.stdout + p.stderr
        [wheel] = out.glob("judge-*.whl")
        assert "judge/cli.py" in zipfile.ZipFile(wheel).namelist()
        assert _tree(src) == names
    finally:
        shutil.rmtree(top, ignore_errors=True)
