"""DPjudge's own map files, for the tests that read them where a mirror of DPjudge's repository is on this machine
(they skip otherwise): extracted to a folder for the test only, none kept in this repository.

The mirror is a bare git repository: $JUDGE_DPJUDGE_MIRROR, else the machine's usual place for it."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

MIRROR = Path(os.environ.get("JUDGE_DPJUDGE_MIRROR", "/work/.mirror/serrasqueiro+dpjudge/repo"))


def extract(folder: Path) -> Path:
    """DPjudge's maps and trials side by side in `folder` (one variants folder); the test is skipped without them."""
    if not MIRROR.is_dir() or shutil.which("git") is None:
        pytest.skip(f"no mirror of DPjudge's repository at {MIRROR}")
    run = subprocess.run(["git", "--git-dir", str(MIRROR), "archive", "--format=tar", "HEAD", "DPjudge/maps",
                          "DPjudge/trials"], capture_output=True, check=False)
    if run.returncode != 0:
        pytest.skip(f"DPjudge's maps are not in the mirror: {run.stderr.decode(errors='replace').strip()}")
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(run.stdout)) as tar:
        for member in tar.getmembers():
            if member.isfile():
                (folder / Path(member.name).name).write_bytes(tar.extractfile(member).read())
    return folder
