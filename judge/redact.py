"""Passwords out of everything the judge echoes or logs: reply lines, subjects, the access log."""
from __future__ import annotations

import re

MASK = "********"

# A line that gives a password, however it is mistyped: "SIGNON Fdemo pw", "SIGNON: Fdemo pw", "sign on Fdemo pw",
# "SIGNON Fdemo,pw", "login", "TAKEOVER", "JOIN demo pw", "CREATE demo pw", and the game password of a private game
# at the end of OBSERVE, LIST, HISTORY... The word after the command is the game (shown); everything after it may be
# a password (masked).
_AFTER_GAME = re.compile(r"(?P<head>[^\w]*(?:sign[\s_-]*on|sign[\s_-]*in|log[\s_-]*[io]n|take[\s_-]*over|"
                         r"(?:join|create|register|observe|watch|unobserve|unwatch|list|history|summary|archive|"
                         r"map|position|board)\b)[\s:,;=]*)(?P<game>[^\s,;:=]+)(?P<sep>[\s,;:=]+)(?P<rest>\S.*)?$",
                         re.IGNORECASE)
# A line that is nothing but a password: "SET PASSWORD x", "PASSWORD: x", "pw x".
# ("private" only after SET: a press line "Private talk, please" is no password)
_ALL = re.compile(r"(?P<head>[^\w]*(?:(?:set[\s_-]*)?(?:password|passwd|passwort|pass|pw)|set[\s_-]*private)\b"
                  r"[\s:,;=]*)(?P<rest>\S.*)?$", re.IGNORECASE)


def hide_password(line: str) -> str:
    """The line with anything that may be a password masked (the command and the game stay readable)."""
    m = _AFTER_GAME.match(line)
    if m:
        if not m.group("rest"):
            return line
        return f"{m.group('head')}{m.group('game')}{m.group('sep')}{MASK}"
    m = _ALL.match(line)
    if m and m.group("rest"):
        return f"{m.group('head')}{MASK}"
    return line


_KEYWORD = re.compile(r"\b(?:sign[\s_-]*on|sign[\s_-]*in|log[\s_-]*[io]n|take[\s_-]*over|join|create|register|"
                      r"set[\s_-]*(?:password|passwd|pw))\b", re.IGNORECASE)
# In prose ("Re: my pw question"), a password word hides only what it gives: "password: x", "pw=x", "pw is x".
_GIVEN = re.compile(r"\b((?:password|passwd|passwort|pass|pw)\s*(?:[:=]|\s+is\b)\s*)\S+", re.IGNORECASE)


def hide_in_subject(subject: str) -> str:
    """A subject with a sign-on anywhere in it ("Re: SIGNON Fdemo pw") masked from there on; a password given in
    prose ("my password: x") masked, the prose around it kept ("Re: my pw question" is left alone)."""
    m = _KEYWORD.search(subject)
    if m:
        return subject[:m.start()] + hide_password(subject[m.start():])
    return _GIVEN.sub(lambda g: g.group(1) + MASK, subject)
