"""The files the judge ships beside its code (mail templates, DATC cases, the example request), wherever it runs."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

# An installed judge (a wheel, `pip install .`, pipx) carries them inside the package (setup.py maps the folders
# there); a checkout (bin/judge, an editable install) keeps them where the repository has them.
_CHECKOUT = Path(__file__).resolve().parent.parent


def _folder(inside: str, in_checkout: str, what: str) -> Path:
    installed = Path(str(resources.files("judge").joinpath(inside)))
    if installed.is_dir():
        return installed
    # Only a real checkout: a stray top-level folder of the same name in site-packages must not stand in.
    checkout = _CHECKOUT / in_checkout
    if (_CHECKOUT / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"the judge's {what} are missing (looked for {installed}): reinstall the judge")


def templates() -> Path:
    """The folder of mail (and picture) templates."""
    return _folder("templates", "templates", "mail templates")


def datc_cases() -> Path:
    """The folder of DATC v3.1 case files that `judge datc` runs."""
    return _folder("datc_cases", "tests/data/datc", "DATC cases")


def example() -> Path:
    """The example request `judge example` adjudicates (inside the package, installed or not)."""
    return Path(str(resources.files("judge").joinpath("examples", "spring-1901.json")))
