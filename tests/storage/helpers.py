"""A started game built in memory (no mail), for the storage tests."""
from datetime import datetime, timezone

from judge.game import Game

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def started_game(name: str = "g1") -> Game:
    game = Game(name, "gm@example.org", "scrypt$not-a-real-hash")
    for power in POWERS:
        game.join(f"{power.lower()}@example.org", "scrypt$x", power[0])
    game.activate(T0)
    return game
