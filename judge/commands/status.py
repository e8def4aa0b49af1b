"""STATUS: the orders the judge holds for you (all powers' for the master)."""
from __future__ import annotations

from judge.commands.base import SIGNED_ON, CommandError, Continue, Declined, Session
from judge.game.ending import board_svg, describe_result, final_title, phase_shown
from judge.game.standing import owed, power_lines, standing
from judge.templating import render


class Status:
    name, aliases, block_end = "STATUS", (), None
    after_end = SIGNED_ON
    syntax = "STATUS"
    help = "Mails back your units, each with the order the judge holds for it (or what it does without one)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_game()
        if s.role not in ("power", "master"):
            raise CommandError("YOU MUST SIGN ON FIRST")
        if game.position is None:
            raise CommandError(f"GAME {game.name} HAS NOT STARTED")
        if game.over:
            s.say(f"Game {game.name} is over: {describe_result(game.result, game.map)}. POSITION {game.name} shows "
                  f"the final board, HISTORY {game.name} every result, SUMMARY {game.name} who played what.")
            return Continue.YES
        players = [p for p in game.players if p.power and (s.role == "master" or p.power == s.power)]
        rows = [{"power": game.map.power_title(p.power), "status": standing(game, p.power, p.status), "wait": p.wait,
                 "lines": power_lines(game, p.power),
                 # (None: nothing to order this phase, so nothing to say about orders sent)
                 "submitted": p.submitted if game.needs_orders(p.power) else None,
                 "owed": owed(game, p.power)} for p in players]
        _, text = render("reply/status.txt", game=game.name, who=s.power or "all powers",
                         phase=game.position.phase.describe(), deadline=game.deadline_shown(now=s.now),
                         powers=rows)
        s.say_block(text)
        return Continue.YES


def _game_for_view(s: Session, args: list[str]):
    """The game a POSITION or MAP is about: the signed-on one, or one named (a private one needs its password)."""
    if args:
        s.name_game(args[0], args[1:])
    game = s.need_game()
    if game.position is None:
        raise CommandError(f"GAME {game.name} HAS NOT STARTED")
    return game


class Position:
    name, aliases, block_end = "POSITION", ("BOARD",), None
    after_end = SIGNED_ON
    syntax = "POSITION [game] [game password]"
    help = "Mails back the board as it stands: units, dislodged units and their retreats, centres, builds owed."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = _game_for_view(s, args)
        pos, m = game.position, game.map
        powers = []
        for power in m.powers:
            units, centers = pos.units_of(power), pos.centers_of(power)
            dislodged = [f"{d.unit} (may retreat to {', '.join(d.retreats) if d.retreats else 'nowhere'})"
                         for d in pos.dislodged.values() if d.unit.power == power]
            if units or centers or dislodged:
                powers.append({"power": m.power_title(power), "units": [str(u) for u in units], "dislodged": dislodged,
                               "centers": sorted(centers), "owed": "" if game.over else owed(game, power)})
        unowned = sorted(c for c in m.centers if c not in pos.centers)
        # A finished game's board is the final one: named by the phase that ended it, not the next (never played).
        _, text = render("reply/position.txt", game=game.name, phase=phase_shown(game),
                         deadline="none (the game is over)" if game.over else game.deadline_shown(now=s.now),
                         powers=powers, unowned=unowned)
        s.say_block(text)
        return Continue.YES


class Map:
    name, aliases, block_end = "MAP", (), None
    after_end = SIGNED_ON
    syntax = "MAP [game] [game password]"
    help = "Mails back a picture of the board as it stands (PNG, or SVG if the game's map_picture rule says so)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        from judge import picture
        from judge.game.processing import picture_of
        from judge.rules import MapPicture
        game = _game_for_view(s, args)
        if not picture.has_drawing(game.map.board):
            raise Declined(f"THE MAP OF GAME {game.name} ({game.map.title}) HAS NO DRAWING: NO PICTURE (SEND "
                          "POSITION FOR THE BOARD IN TEXT)")
        kind = MapPicture.SVG if game.rules.map_picture is MapPicture.SVG else MapPicture.PNG
        # Only the board as it stands: orders given for this phase are never drawn before the deadline.
        # (a finished game's board is the final picture the end mail carried: titled with the end)
        board = picture_of(game, f"{game.name}-final" if game.over else f"{game.name}-{game.position.phase.code}",
                           lambda: board_svg(game), kind)
        if not board:
            raise Declined("THE PICTURE COULD NOT BE DRAWN (THE JUDGE KEEPER CAN SEE WHY IN THE LOG)")
        s.attachments.extend(board)
        if game.over:
            s.say(f"The final board of game {game.name} is attached ({board[0][0]}). {final_title(game)}: "
                  f"{describe_result(game.result, game.map)}.")
        else:
            s.say(f"The board of game {game.name}, {game.position.phase.describe()}, is attached ({board[0][0]}).")
        return Continue.YES
