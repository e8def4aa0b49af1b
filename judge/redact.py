"""Passwords, and the codes the judge mails (SET ADDRESS, UNLOCK), out of everything it echoes or logs: reply
lines, subjects, the access log, web pages."""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import islice

from judge.commands.registry import BY_WORD
from judge.spelling import edits as typing_edits
from judge.storage.secret import ALPHABET, CODE_LENGTH

MASK = "********"

# A line that gives a password, however it is mistyped: "SIGNON Fdemo pw", "SIGNON: Fdemo pw", "sign on Fdemo pw",
# "SIGNON Fdemo,pw", "login", "TAKEOVER", "JOIN demo pw", "CREATE demo pw", "RESIGN demo pw" (before the start),
# "PURGE demo pw", and the game password of a private game
# at the end of OBSERVE, LIST, HISTORY..., and the code of "UNLOCK Fdemo <code>" (a secret as a password is: it lets
# sign-ons through a lock-out). The word after the command is the game (shown); everything after it may be a password
# or a code (masked).
_AFTER_GAME = re.compile(r"(?P<head>[^\w]*(?:sign[\s_-]*on|sign[\s_-]*in|log[\s_-]*[io]n|take[\s_-]*over|"
                         r"un[\s_-]*lock\b|"
                         r"(?:join|resign|create|purge|rename|register|observe|watch|unobserve|unwatch|list|history|"
                         r"summary|archive|map|position|board)\b)[\s:,;=]*)"
                         r"(?P<game>[^\s,;:=]+)(?P<sep>[\s,;:=]+)(?P<rest>\S.*)?$",
                         re.IGNORECASE)
# Those whose game word starts with a power ("Fdemo"): a password typed onto it is masked as well.
_SIGNS_ON = re.compile(r"[^\w]*(?:sign[\s_-]*on|sign[\s_-]*in|log[\s_-]*[io]n|take[\s_-]*over|un[\s_-]*lock\b)",
                       re.IGNORECASE)
# A line that is nothing but a password: "SET PASSWORD x", "PASSWORD: x", "pw x", DPjudge's status line "PRIVATE x".
# ("private" alone only before one word: a press line "Private talk, please" is no password)
_ALL = re.compile(r"(?P<head>[^\w]*(?:(?:set[\s_-]*)?(?:password|passwd|passwort|pass|pw)|set[\s_-]*private|"
                  r"private(?=[\s:,;=]+\S+\s*$))\b[\s:,;=]*)(?P<rest>\S.*)?$", re.IGNORECASE)

# -- a command that gives a password, mistyped past what _AFTER_GAME reads ------------------------------------------
# "SINGON", "SIGNO", "SIGNUP", "SIGN0N", "TAKEOVR", "JION": one letter off (two for the long TAKEOVER), or for
# JOIN its own letters shuffled or doubled (a letter off JOIN is an everyday word: "John", "coin", "joint").
_MISTYPED = {"SIGNON": 1, "SIGNIN": 1, "SIGNUP": 1, "LOGIN": 1, "LOGON": 1, "CREATE": 1, "TAKEOVER": 2, "JOIN": 0,
             "UNLOCK": 1}
_EVERYDAY = frozenset({"CREATED", "CREATES", "SIGNING", "LOGGING", "LOGIC", "LOGO", "LOGGIN", "UNBLOCK", "UNLOCKS"})
_TOKEN = re.compile(r"[^\s,;:=]+")
_GAME_SHAPED = re.compile(r"(?:[A-Za-z0-9_]{1,20}@)?[A-Za-z0-9_][A-Za-z0-9_-]{0,21}")     # "Fdemo", "france@demo"
# First words of an order line: its second word is a place, never a game (even a game of that name).
_ORDER_WORDS = frozenset({"A", "F", "W", "ARMY", "FLEET", "WING", "BUILD", "REMOVE", "DISBAND", "WAIVE", "RETREAT"})
_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]")

# SET and a setting word: "SET PASWORD x", "set passwrod x", "SET PRIVTE x" name no setting (UNKNOWN SETTING) but
# were meant to give a password, and the refusal echoes the line. The settings whose value is a secret, and how many
# edits away a word still is one of them; a setting SET knows is never a near miss.
_SET = re.compile(r"(?P<head>[^\w]*set[\s_:-]*(?P<word>[A-Za-z0-9]+)[\s:,;=]+)(?P<rest>\S.*)?$", re.IGNORECASE)
_SECRET_SETTINGS = {"PASSWORD": 2, "PRIVATE": 2}
# SET ADDRESS <new> <code>: the address is shown, the code mailed to it (which proves its mail is read) is not.
_CODE_SETTINGS = {"ADDRESS": 2}
_ADDRESS_WORDS = re.compile(r"(?:[^\s,;]*@[^\s,;]*(?:[\s,;:=]+|$))*")
_OPEN_SETTINGS = frozenset({"WAIT", "NOWAIT", "ABSENCE", "NOABSENCE", "DRAW", "NODRAW", "CONCEDE",
                            "NOCONCEDE", "CONCESSION", "DEADLINE", "RULE", "NORULE", "PUBLIC", "VICTORY",
                            "MOVEMENT", "MOVE", "RETREAT", "RETREATS", "ADJUSTMENT", "ADJUST", "BUILDS", "GRACE",
                            "REMINDER", "LATE", "EARLY", "TIME", "DAYS", "ZONE"})


@lru_cache(maxsize=4096)             # (the same words come again and again: a reply's unread lines, a subject's)
def _mistyped(word: str) -> bool:
    """Is `word` (letters and digits, upper case) a password command mistyped?"""
    if word in BY_WORD or word in _EVERYDAY or len(word) < 4:
        return False
    for command, edits in _MISTYPED.items():
        if abs(len(word) - len(command)) > max(edits, 1):
            continue
        if edits == 0:
            if set(word) == set(command) and len(word) - len(command) in (0, 1):
                return True
        elif typing_edits(word, command) <= edits:
            return True
    return False


@lru_cache(maxsize=1024)
def _near(word: str, settings: tuple[tuple[str, int], ...]) -> bool:
    """Is `word` (upper case) one of `settings` (name, edits allowed), or a near miss of one?"""
    if word in _OPEN_SETTINGS or len(word) < 5:
        return False
    return any(abs(len(word) - len(name)) <= edits and typing_edits(word, name) <= edits for name, edits in settings)


def _setting_hidden(word: str, rest: str) -> tuple[str, str]:
    """(what of a SET line's value is shown, what is hidden) for the setting `word`: all of a password, what follows
    the address of an address change (its code; a bare word, perhaps the code alone, too)."""
    word = word.upper()
    if _near(word, tuple(_SECRET_SETTINGS.items())):
        return "", rest
    if _near(word, tuple(_CODE_SETTINGS.items())):
        end = _ADDRESS_WORDS.match(rest).end()
        return rest[:end], rest[end:]
    return rest, ""


def _names_game(token: str, is_game: Callable[[str], bool], bare: bool) -> bool:
    """Does `token` name a game the judge has: "Fdemo", "france@demo", or (when `bare`) "demo" itself?"""
    token = token.lower().lstrip("_")
    if "@" in token:
        return is_game(token.split("@", 1)[1])
    return len(token) > 1 and (bare and is_game(token) or is_game(token[1:]))


def _glued(word: str, is_game: Callable[[str], bool] | None) -> int | None:
    """Where a game's name ends in `word` when the password was typed onto it ("SIGNON Fdemosecret"): a word that
    names no game but begins with one (after a power's letter or "power@"); the shortest such name, which hides the
    most. None otherwise."""
    if is_game is None or _names_game(word, is_game, True):
        return None
    at = word.find("@") + 1
    for start in (at,) if at else (1,):
        for end in range(start + 1, min(len(word), start + 40)):
            if is_game(word[start:end].lower()):
                return end
    return None


def _game_end(tokens: list[re.Match[str]], is_game: Callable[[str], bool] | None, bare: bool = True) -> int | None:
    """Where the game word ends (in the text `tokens`, a line's first four words, were found in) when the line may go
    on with a password (the rest is masked); None if not. `bare`: a game's name alone counts as the game word after
    an unknown first word ("JION demo pw")."""
    if len(tokens) < 2:
        return None
    first = re.sub(r"[^A-Za-z0-9]", "", tokens[0].group()).upper()
    if len(tokens) >= 3:
        for took in (1, 2):           # the command as one word, or as two ("SING ON", "TAKE OVR")
            word = first if took == 1 else first + re.sub(r"[^A-Za-z0-9]", "", tokens[1].group()).upper()
            if len(tokens) > took + 1 and _GAME_SHAPED.fullmatch(tokens[took].group()) and _mistyped(word):
                return tokens[took].end()
    if is_game is None or first in BY_WORD or first in _ORDER_WORDS:
        return None
    # A game the judge has, right after an unknown word ("JION demo pw", "SINGON Fdemo pw"), or with a power at the
    # start of the line ("Fdemo pw": a sign-on without its command word).
    if _names_game(tokens[0].group(), is_game, False):
        return tokens[0].end()
    if len(tokens) >= 3 and _names_game(tokens[1].group(), is_game, bare):
        return tokens[1].end()
    return None


def _hidden(line: str, is_game: Callable[[str], bool] | None, bare: bool = True) -> tuple[str, str]:
    """(what of the line is shown, what is hidden): the hidden part is "" for a line without a password. `bare`: see
    _game_end."""
    m = _AFTER_GAME.match(line + " ")     # (the space: a line of only the command and one word matches too)
    if m:
        if m.group("rest"):
            return f"{m.group('head')}{m.group('game')}{m.group('sep')}", m.group("rest").rstrip(" ")
        glued = _glued(m.group("game"), is_game) if _SIGNS_ON.match(m.group("head")) else None
        return (line, "") if glued is None else (m.group("head") + m.group("game")[:glued], m.group("game")[glued:])
    m = _ALL.match(line)
    if m and m.group("rest"):
        return m.group("head"), m.group("rest")
    m = _SET.match(line)
    if m and m.group("rest"):
        shown, hidden = _setting_hidden(m.group("word"), m.group("rest"))
        if hidden:
            return m.group("head") + shown, hidden
    end = _game_end(list(islice(_TOKEN.finditer(line), 4)), is_game, bare)
    if end is not None and line[end:].strip():
        return line[:end] + " ", line[end:]
    return line, ""


def hide_password(line: str, is_game: Callable[[str], bool] | None = None) -> str:
    """The line with anything that may be a password masked (the command and the game stay readable). `is_game`
    tells the games the judge has: a line naming one may carry a password however its command is spelt."""
    shown, hidden = _hidden(_INVISIBLE.sub("", line), is_game)
    return shown + MASK if hidden else shown


def _written(token: str) -> re.Pattern[str] | None:
    """A word of a line as an error may quote it: any case, its parts apart or together ("pw-x": "PW-X", "PW - X")."""
    parts = re.findall(r"[^\W_]+", token)
    if not parts:
        return None
    return re.compile(r"(?<![^\W_])" + r"[\W_]*".join(map(re.escape, parts)) + r"(?![^\W_])", re.IGNORECASE)


def hide_in_error(line: str, error: str, is_game: Callable[[str], bool] | None = None) -> tuple[str, str]:
    """A refused line and what the judge says of it, both without the line's password. Where an error quotes the
    line ("UNKNOWN PLACENAME: TAKEOVR FDEMO SECRET", an order error once signed on) the words after the game are
    masked, and so is any other place the error repeats one of them (a hint may quote a word alone), but for the
    judge's own wording (_OWN_WORDS: "WRONG PASSWORD OR NO PLAYER FOR ITALY IN demo" for the password "italy")."""
    shown, hidden = _hidden(_INVISIBLE.sub("", line), is_game)
    if not hidden:
        return shown, error
    words = [p for p in map(_written, hidden.split()) if p is not None]
    before = [p for p in map(_written, shown.split()[-1:]) if p is not None]
    if words and before:
        # The echo of the line: the hidden words as they follow the last word shown (the game), masked as one.
        quoted = ""
        for word in reversed(words[1:]):        # (the next words as far as the error goes on quoting them)
            quoted = rf"(?:[\W_]*{word.pattern}{quoted})?"
        echo = re.compile(rf"({before[0].pattern})[\W_]*{words[0].pattern}{quoted}", re.IGNORECASE)
        error = echo.sub(lambda m: f"{m.group(1)} {MASK}", error)
    if words:
        # Anywhere else, the password (the first word after the game) is masked unless it is one of the judge's own
        # words in its own sentence (an error whose wording is not known here is masked, safe if less readable);
        # where it is quoted so, the words after it too (orders, a variant's name... only then: they may be a
        # password's other words).
        def mine(m: re.Match) -> bool:
            return any(a <= m.start() and m.end() <= b for a, b in own)
        own = [m.span() for m in _OWN_WORDS.finditer(error)]
        quoted = any(not mine(m) for m in words[0].finditer(error))
        for word in words if quoted else ():
            own = [m.span() for m in _OWN_WORDS.finditer(error)]      # (where they are now, after each mask)
            error = word.sub(lambda m: m.group(0) if mine(m) else MASK, error)
        error = re.sub(rf"{re.escape(MASK)}(?:[\s,;:=]+{re.escape(MASK)})+", MASK, error)
    return shown + MASK, error


# The judge's own sentences in refusals of a line with a password, which never quote the line: their words stay
# even when a password is one of them. (Written out here: should one change, its words are masked, never shown.)
_OWN_WORDS = re.compile(r"WRONG PASSWORD OR NO PLAYER FOR [^\s()]+ IN \S+|WRONG PASSWORD FOR THE MASTER OF \S+|"
                        r"TOO MANY WRONG PASSWORDS FOR [^\s()]+ IN \S+|"
                        r"\(NOT AN ORDER\? END YOUR ORDERS WITH SIGNOFF, OR PUT // BEFORE A REMARK\)|"
                        r"NEITHER A COMMAND NOR AN ORDER \(A REMARK\? END YOUR COMMANDS WITH SIGNOFF, OR PUT // "
                        r"BEFORE IT\)")


_KEYWORD = re.compile(r"\b(?:sign[\s_-]*on|sign[\s_-]*in|log[\s_-]*[io]n|take[\s_-]*over|join|create|register|"
                      r"un[\s_-]*lock|set[\s_-]*(?:password|passwd|pw|ad+r+es+))\b", re.IGNORECASE)
# In prose ("Re: my pw question"), a password word hides only what it gives: "password: x", "pw=x", "pw is x".
_GIVEN = re.compile(r"\b((?:password|passwd|passwort|pass|pw)\s*(?:[:=]|\s+is\b)\s*)\S+", re.IGNORECASE)


_REPLY_PREFIX = re.compile(r"(?:\s*(?:re|fwd?|aw|wg|sv|vs|tr|antw)\s*(?:\[\d+\])?\s*:)*\s*", re.IGNORECASE)


def hide_in_subject(subject: str, is_game: Callable[[str], bool] | None = None) -> str:
    """A subject with a sign-on anywhere in it ("Re: SIGNON Fdemo pw", "Re: SINGON Fdemo pw") masked from there on;
    a password given in prose ("my password: x") masked, the prose around it kept ("Re: my pw question" is left
    alone). A subject that is a command line after its "Re:"s is masked as that line in a body would be."""
    subject = _INVISIBLE.sub("", subject)
    start = _REPLY_PREFIX.match(subject).end()
    # (but a game's name alone is no sign of a password in a subject: "Re: demo - Spring 1901 results")
    shown, hidden = _hidden(subject[start:], is_game, bare=False)
    if hidden:
        return subject[:start] + shown + MASK
    m = _KEYWORD.search(subject)
    if m:
        return subject[:m.start()] + hide_password(subject[m.start():], is_game)
    words = list(_TOKEN.finditer(subject))
    for n in range(len(words)):                     # a mistyped one, from any word on
        # (a game's name alone is no sign of a password in a subject: "Re: demo - Spring 1901 results")
        end = _game_end(words[n:n + 4], is_game, bare=False)
        if end is not None and subject[end:].strip():
            return f"{subject[:end]} {MASK}"
    return _GIVEN.sub(lambda g: g.group(1) + MASK, subject)


# A code as the judge writes it in its own words ("PUT THE LINE UNLOCK Tdemo <code> BEFORE ..."): the reply holding it
# goes to the one address it is meant for, but the access log (which keeps what each refusal said) must not.
_CODE_GIVEN = re.compile(rf"(?P<head>\b(?:unlock|set\s+address)\s+\S+\s+)[{ALPHABET}]{{{CODE_LENGTH}}}\b",
                         re.IGNORECASE)


def hide_codes(text: str) -> str:
    """The judge's own text (what a refusal said) with every code it gives masked, for its access log."""
    return _CODE_GIVEN.sub(lambda m: m.group("head") + MASK, text)


__all__ = ["MASK", "hide_codes", "hide_in_error", "hide_in_subject", "hide_password"]
