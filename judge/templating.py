"""The Jinja environment for every mail the judge writes: a local override folder first, then templates/."""
from __future__ import annotations

import re
import textwrap
from functools import lru_cache
import jinja2

from judge import shipped
from judge.deadlines import NO_DEADLINE, PAUSED
from judge.phrases import listed

TEMPLATES = shipped.templates()
WIDTH = 78          # a plain-text mail's line, so that no mail reader has to wrap it


# Kept on one line while wrapping: a command quoted in prose with what follows it ("TAKEOVER Ig1 <password>"), a
# placeholder with what precedes it, a unit ("F IRI"). NUL stands in for those spaces.
_GLUE = re.compile(r"\b([A-Z][A-Z!]{3,}) (?=\S)| (?=<)")
_UNIT = re.compile(r"\b([AF]) (?=[A-Z]{3}\b)")
# A deadline, short or long ("Fri 27 Nov 2026 17:21 UTC", "Friday 27 November 2026 17:21 UTC").
_DATE = re.compile(r"\b[A-Z][a-z]{2,8} \d{1,2} [A-Z][a-z]{2,8} \d{4} \d{2}:\d{2}(?: [A-Za-z][\w/+-]*)?")
# A label padded to a column ("Units:     A PAR, ..."): its continuation lines start at that column.
_LABEL = re.compile(r"^\s*[A-Z][A-Za-z ]{0,14}: {2,}")
# A row of an indented table ("  demo                 a draw between ..."): its continuation lines start under its
# second column, so that they are not read as a row of their own.
_ROW = re.compile(r"^ +\S+ {2,}(?=\S)")


def para(text: str, width: int = WIDTH) -> str:
    """Each line of `text` wrapped at `width`, continuation lines indented as the line they continue (or under a
    padded label's column); a word longer than the width (an address, a path) is never cut. For prose and
    label lists only: fixed layouts (results) are not passed."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        label = _LABEL.match(line) or _ROW.match(line)
        indent = " " * label.end() if label else line[:len(line) - len(line.lstrip())]
        glued = _UNIT.sub("\\1\0", _DATE.sub(lambda m: m.group(0).replace(" ", "\0"), line))
        letters = [c for c in line if c.isalpha()]
        if sum(c.islower() for c in letters) > len(letters) // 3:     # prose, not a refusal in capitals
            glued = _GLUE.sub(lambda m: f"{m.group(1)}\0" if m.group(1) else "\0", glued)
        out.extend(w.replace("\0", " ") for w in textwrap.wrap(glued, width, subsequent_indent=indent,
                                                                 break_long_words=False, break_on_hyphens=False))
    return "\n".join(out)


@lru_cache(maxsize=8)
def environment(override: str | None = None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if override:
        loaders.append(jinja2.FileSystemLoader(override))
    loaders.append(jinja2.FileSystemLoader(str(TEMPLATES)))
    # "default:" reaches the shipped template even when an override of the same name exists.
    loader = jinja2.ChoiceLoader([jinja2.PrefixLoader({"default": jinja2.FileSystemLoader(str(TEMPLATES))},
                                                      delimiter=":"), *loaders])
    env = jinja2.Environment(loader=loader, undefined=jinja2.StrictUndefined, autoescape=False,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["para"] = para
    env.filters["listed"] = listed                  # ("England, France and Italy")
    env.globals["NO_DEADLINE"] = NO_DEADLINE        # (a deadline shown as this: the game has none)
    env.globals["PAUSED"] = PAUSED                  # (... or none runs: the game is paused)
    return env


def render(name: str, override: str | None = None, **context) -> tuple[str, str]:
    """Render a mail template; its first line is 'Subject: ...'. Returns (subject, body)."""
    text = environment(override).get_template(name).render(**context).lstrip("\n")
    first, _, body = text.partition("\n")
    if not first.startswith("Subject: "):
        raise ValueError(f"template {name} does not start with a Subject line")
    return first[len("Subject: "):].strip(), body.lstrip("\n")
