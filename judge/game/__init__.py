"""The game's domain: a game's state (model), who plays what (membership, roles), orders and phases (ordering,
standing), its clock, votes, press routing, and processing a phase into results. Pure but for processing's mails."""
from judge.game.model import Game
from judge.game.roles import (ACTIVE, COMPLETED, DUMMY, FORMING, MASTER, PLAYING, TERMINATED, VACANT, GameError,
                              OrderSetError, Player)

__all__ = ["Game", "GameError", "OrderSetError", "Player", "ACTIVE", "COMPLETED", "DUMMY", "FORMING", "MASTER",
           "PLAYING", "TERMINATED", "VACANT"]
