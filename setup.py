"""What an install carries (setup.cfg holds the metadata): every package under judge/, its data, and two folders kept
elsewhere in the repository that the judge reads at run time, shipped inside the package (judge/shipped.py finds
them there, or in the checkout a judge runs from): the mail templates (templates/, at the top of the repository as
the design has it) as judge/templates, and the DATC cases (tests/data/datc, which the tests read too) as
judge/datc_cases for `judge datc`. tests/test_install.py builds the wheel and runs it from a fresh venv.

With JUDGE_COMPILE=1 a wheel build also compiles the modules every request passes through with mypyc
(tools/build_backend.py says which, and when)."""
import sys
from pathlib import Path

from setuptools import find_packages, setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
from build_backend import COMPILED, MYPY_FLAGS, compile_wanted  # noqa: E402


def compiled_extensions() -> list:
    """The C extensions of the compiled build; none for a plain build, and none while pip only reads metadata
    (egg_info, dist_info: mypyc would type-check and generate C for nothing)."""
    if not compile_wanted() or any(cmd in sys.argv for cmd in ("egg_info", "dist_info", "sdist")):
        return []
    from mypyc.build import mypycify
    return mypycify([*MYPY_FLAGS, *COMPILED], opt_level="3", group_name="judge_compiled")


setup(
    ext_modules=compiled_extensions(),
    packages=find_packages(include=["judge", "judge.*"]) + ["judge.templates", "judge.datc_cases"],
    package_dir={"judge.templates": "templates", "judge.datc_cases": "tests/data/datc"},
    package_data={
        "judge": ["examples/*.json"],
        "judge.maps": ["*.json"],
        "judge.picture": ["fonts/*"],
        "judge.templates": ["**/*"],
        "judge.datc_cases": ["*.json", "FORMAT.md"],
    },
)
