"""judge.affinity: every thread on one CPU (and the threads started later), spread() for work outside the lock,
unpin() giving every CPU back. Each case runs in a process of its own: pinning is the whole process's."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
                                reason="needs Linux and two CPUs")


def run(code: str, cpus: str | None = None) -> str:
    cmd = [sys.executable, "-c", textwrap.dedent(code)]
    if cpus is not None:
        cmd = ["taskset", "-c", cpus] + cmd
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_thread_is_kept_on_one_cpu_and_spread_lends_them_all():
    out = run("""
        import os, threading
        from judge import affinity
        allowed = os.sched_getaffinity(0)
        stop = threading.Event()
        before = threading.Thread(target=stop.wait); before.start()      # a thread that exists already
        cpu = affinity.pin()
        assert cpu in allowed and affinity.pinned() == cpu
        tids = [int(t) for t in os.listdir("/proc/self/task")]
        assert all(os.sched_getaffinity(t) == {cpu} for t in tids), [os.sched_getaffinity(t) for t in tids]
        seen = []
        later = threading.Thread(target=lambda: seen.append(os.sched_getaffinity(0))); later.start(); later.join()
        assert seen == [{cpu}]                                            # a thread started later inherits it
        with affinity.spread():
            assert os.sched_getaffinity(0) == allowed                     # the calling thread: every CPU
            assert os.sched_getaffinity(before.native_id) == {cpu}        # the others stay
            with affinity.spread():                                       # (a picture's password check...)
                pass
            assert os.sched_getaffinity(0) == allowed                     # ... leaves the outer one spread
        assert os.sched_getaffinity(0) == {cpu}
        assert affinity.pin() == cpu                                      # a second call changes nothing
        affinity.unpin()
        assert affinity.pinned() is None
        assert all(os.sched_getaffinity(int(t)) == allowed for t in os.listdir("/proc/self/task"))
        with affinity.spread():                                           # not pinned: nothing to lend
            assert os.sched_getaffinity(0) == allowed
        stop.set(); before.join()
        print("ok")
    """)
    assert out.strip() == "ok"


def test_a_process_allowed_one_cpu_is_left_alone():
    out = run("""
        import os
        from judge import affinity
        print(affinity.pin(), sorted(os.sched_getaffinity(0)))
    """, cpus="0")
    assert out.split() == ["None", "[0]"]


def test_spread_inside_a_pin_that_ends_gives_every_cpu_back():
    out = run("""
        import os
        from judge import affinity
        allowed = os.sched_getaffinity(0)
        affinity.pin()
        with affinity.spread():
            affinity.unpin()                  # the daemon stops while a picture is being drawn
        assert os.sched_getaffinity(0) == allowed
        print("ok")
    """)
    assert out.strip() == "ok"
