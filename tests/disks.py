"""Real file systems for the storage tests: a folder on another file system than the test's (an outbox kept apart,
as config.ini allows), and a small tmpfs that fills up. Where the machine gives neither, the test is skipped and
says why: never passed without having run."""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

import pytest


def mount_tmpfs(folder: Path, size: str) -> None:
    """A tmpfs of `size` (as mount(8) takes it: 512k, 64m) on `folder`; the test is skipped when it cannot be had."""
    if not sys.platform.startswith("linux"):
        pytest.skip("needs Linux to mount a tmpfs")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        p = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(folder)],
                           capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot run mount(8) to make a small file system: {exc}")
    if p.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN): {p.stderr.strip()}")


def unmount(folder: Path) -> None:
    # Lazily: this test process may hold a folder of it open (the group commit's syncfs keeps one per file system).
    subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=30)


@contextlib.contextmanager
def small_disk(folder: Path, size: str) -> Iterator[Path]:
    """`folder` on a tmpfs of `size` for the duration."""
    mount_tmpfs(folder, size)
    try:
        yield folder
    finally:
        unmount(folder)


@contextlib.contextmanager
def apart(near: Path) -> Iterator[Path]:
    """An empty folder on another file system than `near`: in /dev/shm when that is one, else on a tmpfs mounted
    for the test."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK) and os.stat(shm).st_dev != os.stat(near).st_dev:
        folder = Path(tempfile.mkdtemp(dir=shm, prefix="judge-test-"))
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    with small_disk(near / "apart", "256m") as folder:
        assert os.stat(folder).st_dev != os.stat(near).st_dev
        yield folder
