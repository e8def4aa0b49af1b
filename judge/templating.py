"""The Jinja environment for every mail the judge writes: a local override folder first, then templates/."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@lru_cache(maxsize=8)
def environment(override: str | None = None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if override:
        loaders.append(jinja2.FileSystemLoader(override))
    loaders.append(jinja2.FileSystemLoader(str(TEMPLATES)))
    # "default:" reaches the shipped template even when an override of the same name exists.
    loader = jinja2.ChoiceLoader([jinja2.PrefixLoader({"default": jinja2.FileSystemLoader(str(TEMPLATES))},
                                                      delimiter=":"), *loaders])
    return jinja2.Environment(loader=loader, undefined=jinja2.StrictUndefined, autoescape=False,
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def render(name: str, override: str | None = None, **context) -> tuple[str, str]:
    """Render a mail template; its first line is 'Subject: ...'. Returns (subject, body)."""
    text = environment(override).get_template(name).render(**context).lstrip("\n")
    first, _, body = text.partition("\n")
    if not first.startswith("Subject: "):
        raise ValueError(f"template {name} does not start with a Subject line")
    return first[len("Subject: "):].strip(), body.lstrip("\n")
