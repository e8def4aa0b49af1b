"""Drawing in several threads, as the daemon's workers do, does not make the process grow: memory after many
pictures stays near memory after the first ones (glibc's mmap threshold kept fixed, judge/picture/raster.py).

About 5 s (a fresh process drawing 28 pictures in four threads): the growth it guards against (about 4 MB a
minute in `judge serve`, 15 MB a minute at 18 mails a second with pictures) shows only over many pictures drawn by
several threads, and only in a process of its own."""
import subprocess
import sys
import textwrap

from tests.picture.scenes import ROOT

SCRIPT = textwrap.dedent("""
    import sys
    from concurrent.futures import ThreadPoolExecutor
    sys.path.insert(0, {root!r})
    from judge import picture
    from tests.picture.scenes import adjudicated, request

    def rss():
        for line in open("/proc/self/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024

    svg = picture.results_svg(*adjudicated(request("midgame")))
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda _: picture.png(svg), range(4)))
        first = rss()
        for _ in range(6):
            list(pool.map(lambda _: picture.png(svg), range(4)))
    print(first, rss())
""")


def test_drawing_in_threads_does_not_grow_the_process():
    out = subprocess.run([sys.executable, "-c", SCRIPT.format(root=str(ROOT))], capture_output=True, text=True,
                         timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    first, last = map(float, out.stdout.split())
    # Before the fix: 65 MB after the first four pictures, about 200 MB after 28.
    assert last - first < 30, (first, last)
