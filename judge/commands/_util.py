"""Small helpers the command families share: reading power names and game/power sign-on words."""
from __future__ import annotations

from judge import maps
from judge.commands.base import CommandError


def power_of(word: str) -> str:
    """A power from its name, adjective or letter ("France", "french", "F")."""
    m = maps.load()
    w = word.strip().rstrip(":,").lower()
    if len(w) == 1:
        for power, letter in m.power_letters.items():
            if letter.lower() == w:
                return power
    power = m.power(w)
    if power is None:
        raise CommandError(f"UNKNOWN POWER: {word.upper()}")
    return power


def power_and_game(word: str) -> tuple[str, str]:
    """'Fdemo', 'france@demo', 'Mdemo', 'master@demo' -> (power or 'MASTER', game)."""
    if "@" in word:
        who, game = word.split("@", 1)
        who = "MASTER" if who.lower() in ("m", "master", "gm") else power_of(who)
    else:
        if len(word) < 2:
            raise CommandError(f"EXPECTED <power letter><game>, NOT {word.upper()}")
        letter, game = word[0], word[1:]
        who = "MASTER" if letter.lower() == "m" else power_of(letter)
    return who, game.lower()


def need_args(args: list[str], count: int, syntax: str) -> None:
    if len(args) < count:
        raise CommandError(f"INCOMPLETE COMMAND: USE {syntax}")
