"""Which game a message is about, from its command lines (the daemon routes a message to its game's lane by it)."""
from __future__ import annotations

from judge.commands._util import power_and_game
from judge.commands.base import CommandError
from judge.storage.gamedir import valid_name


def game_named_in(lines: list[str]) -> str | None:
    """The game a message is about: named by its first SIGNON, UNLOCK, TAKEOVER, JOIN, OBSERVE, CREATE, LIST... line."""
    for line in lines:
        words = line.split()
        if len(words) < 2:
            continue
        head = words[0].upper()
        try:
            if head in ("SIGNON", "SIGN-ON", "TAKEOVER", "TAKE-OVER", "UNLOCK"):
                return power_and_game(words[1])[1]
        except CommandError:
            return None
        if head in ("JOIN", "OBSERVE", "WATCH", "UNOBSERVE", "UNWATCH", "LIST", "SUMMARY", "HISTORY", "CREATE",
                    "ARCHIVE", "PRESSARCHIVE", "POSITION", "BOARD", "MAP", "PURGE", "RENAME"):
            name = words[1].lower()
            return name if valid_name(name) else None
    return None
