"""What an install carries (setup.cfg holds the metadata): every package under judge/, its data, and two folders kept
elsewhere in the repository that the judge reads at run time, shipped inside the package (judge/shipped.py finds
them there, or in the checkout a judge runs from): the mail templates (templates/, at the top of the repository as
the design has it) as judge/templates, and the DATC cases (tests/data/datc, which the tests read too) as
judge/datc_cases for `judge datc`. tests/test_install.py builds the wheel and runs it from a fresh venv."""
from setuptools import find_packages, setup

setup(
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
