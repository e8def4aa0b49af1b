"""Small helpers the command families share: reading power names and game/power sign-on words."""
from __future__ import annotations

from judge.commands.base import CommandError
from judge.maps import Map
from judge.storage.gamedir import valid_name
from judge.storage.passwords import hash_password


def power_of(word: str, m: Map) -> str:
    """A power of the game's map from its name, adjective or letter ("France", "french", "F")."""
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
    """'Fdemo', 'france@demo', 'Mdemo', 'master@demo' -> (who, game): who is 'MASTER' or the power as written (a
    letter or a name), for who_in() to read once the game, and so its map, is known."""
    if "@" in word:
        who, game = word.split("@", 1)
        if who.lower() in ("m", "master", "gm"):
            who = "MASTER"
    else:
        if len(word) < 2:
            raise CommandError(f"EXPECTED <power letter><game>, NOT {word.upper()}")
        # A power letter is one character on every map (a letter, or a digit past 25 powers), so the rest is the game.
        who, game = word[0], word[1:]
        if who.lower() == "m":
            who = "MASTER"
    if not valid_name(game.lower()):
        raise CommandError(f"EXPECTED <power letter><game> OR <power>@<game>, NOT {word.upper()}")
    return who, game.lower()


def glued(args: list[str]) -> list[str]:
    """DPjudge's guide writes `TAKEOVER austria@ gamename password`, a space after the at-sign: read as one word."""
    if len(args) > 1 and args[0].endswith("@") and len(args[0]) > 1:
        return [args[0] + args[1], *args[2:]]
    return args


def who_in(who: str, m: Map) -> str:
    """'MASTER', or the power `who` names on the game's map (see power_and_game)."""
    return who if who == "MASTER" else power_of(who, m)


def need_args(args: list[str], count: int, syntax: str) -> None:
    if len(args) < count:
        raise CommandError(f"INCOMPLETE COMMAND: USE {syntax}")



def refuse_mask(word: str) -> None:
    """The judge's own mask ("********") given as a password: it is what replies and the web's orders form show in
    place of a password, so a line sent again from them carries it. Said so; never a password (chosen_password)."""
    if word and word.strip("*") == "":
        raise CommandError(f"{word} IS HOW THE JUDGE HIDES A PASSWORD IN WHAT IT SHOWS: TYPE THE PASSWORD ITSELF")


def chosen_password(word: str) -> str:
    """The hash of a password a sender chooses; the mask is refused (as the password, sending such a line again
    would lock the player out of the one he knows)."""
    refuse_mask(word)
    return hash_password(word)
