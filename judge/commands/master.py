"""The game master's commands: CREATE, ACTIVATE, FORM, PROCESS, PROCESS!, PREVIEW, DUMMY, REVIVE, TERMINATE
(ROLLBACK and ROLLFORWARD: judge.commands.rolling)."""
from __future__ import annotations

from judge import limits, maps, picture
from judge.builds import variant_notes
from judge.game import processing
from judge.commands._util import chosen_password, need_args, power_of
from judge.commands.actions import flush_orders, open_seat, start_game
from judge.commands.base import CommandError, Continue, Session
from judge.deadlines import Timing
from judge.game import ACTIVE, DUMMY, FORMING, PLAYING, VACANT, Game
from judge.game.phase_codes import phase_code
from judge.rules import parse_rules
from judge.storage.gamedir import valid_name



class Create:
    name, aliases, block_end = "CREATE", (), None
    syntax = "CREATE <game> <password> [variant]"
    help = "Create a game and become its master; players then JOIN it. The variants are listed below."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        name = args[0].lower()
        if not valid_name(name):
            raise CommandError(f"BAD GAME NAME: {args[0]} (a letter, then up to 19 letters, digits, - or _)")
        if s.game is not None:
            raise CommandError(f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {s.game.name}")
        if s.store.exists(name):
            raise CommandError(f"GAME {name} ALREADY EXISTS")
        if not limits.may_create(s.settings, s.sender):
            raise CommandError("ON THIS JUDGE ONLY THE ADDRESSES ITS KEEPER LISTS MAY CREATE GAMES, AND YOURS IS NOT "
                               "ONE OF THEM: ASK THE JUDGE KEEPER, OR JOIN A GAME (LIST SHOWS THE GAMES)")
        s.within(limits.creations(s.settings, s.sender))
        variant = args[2].lower() if len(args) > 2 else s.settings.get("judge", "variant")
        if not maps.catalog.offered(variant) and maps.catalog.offered(variant.replace("-", "_")):
            variant = variant.replace("-", "_")     # (DPjudge's empire-up.map is offered as empire_up)
        try:
            m = maps.load(variant)
        except maps.MapError as exc:           # unknown, or a folder file that cannot be read: say which and why
            raise CommandError(str(exc).upper() if isinstance(exc, maps.UnknownVariant) else
                               f"VARIANT {variant} CANNOT BE PLAYED: {exc}") from None
        game = Game(name, s.sender, chosen_password(args[1]), variant=m.name)
        game.rules = parse_rules(list(m.rules), parse_rules(s.settings.get("rules", "default").split()))
        game.timing = Timing.from_settings(s.settings)
        game.created = s.now
        s.game, s.game_is_new = game, True
        s.role, s.power = "master", None
        s.say(f"Game {name} created; you are its master. Players join with: JOIN {name} <password>",
              f"Variant: {m.name} ({m.title}): {len(m.powers)} powers, {len(m.centers)} supply centres, "
              f"{m.victory_count} to win alone.")
        if m.description:
            s.say(f"About the variant: {m.description}")      # (what a DPjudge map file's reading left aside too)
        if m.dummies:
            s.say(", ".join(m.power_title(p) for p in m.dummies) +
                  f" {'is a dummy' if len(m.dummies) == 1 else 'are dummies'}"
                  f" from the start (no player joins {'it' if len(m.dummies) == 1 else 'them'}): "
                  f"{len(m.playable_powers)} players are needed.")
        if m.rules:
            s.say(f"House rules of the variant: {', '.join(m.rules)} (LIST shows them all; SET RULE changes them).")
        for rule, note in variant_notes(m).items():
            s.say(f"{rule}: {note[0].upper()}{note[1:]}, whatever the house rule says.")
        if not picture.has_drawing(m.board):
            s.say(f"The {m.title} map has no drawing: results come as text only, without a picture of the board.")
        s.log.append(f"CREATE {name}")
        return Continue.YES


class Activate:
    name, aliases, block_end = "ACTIVATE", ("START",), None
    syntax = "ACTIVATE"
    help = "Start the game now; powers nobody joined for are dummies (in civil disorder)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        if game.status != FORMING:
            raise CommandError(f"GAME {game.name} HAS ALREADY STARTED")
        from judge.game import Player
        while len(game.players) < len(game.map.playable_powers):
            game.players.append(Player("", "", status=DUMMY))
        start_game(s, game)
        return Continue.YES


class Form:
    """DPjudge's FORM opens a game in preparation to JOINs (and its CREATE message may carry a FORM line): here a
    game is open from its CREATE, so FORM starts nothing (it once stood for ACTIVATE, and started a game with every
    power a dummy)."""
    name, aliases, block_end = "FORM", (), None
    syntax = "FORM"
    help = "DPjudge's word for opening a game to JOINs: a game here takes JOINs from its CREATE (ACTIVATE starts it)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        if game.status != FORMING:
            raise CommandError(f"GAME {game.name} HAS ALREADY STARTED: IT CANNOT FORM AGAIN")
        if game.rules.start_master:
            s.say(f"Game {game.name} is forming: players JOIN it, and it starts when you send ACTIVATE (house rule "
                  "start_master).")
        else:
            s.say(f"Game {game.name} is forming: players JOIN it, and it starts when all "
                  f"{len(game.map.playable_powers)} powers are taken (or when you send ACTIVATE).")
        return Continue.YES


class Process:
    name, aliases, block_end = "PROCESS", (), None
    syntax = "PROCESS [phase]"
    help = ("Process the current phase now, if every order is in (PROCESS! processes it whatever is missing); "
            "with a phase (S1901M), only if the game is still in it.")

    def handle(self, s: Session, args: list[str], body: list[str], force: bool = False) -> Continue:
        """See `Command`."""
        game = s.need_master()
        if game.status != PLAYING:
            raise CommandError(f"GAME {game.name} IS NOT ACTIVE")
        if args:
            # (a master's PROCESS! sent as early processing moved the game on would process the next phase unseen)
            now = phase_code(game, str(game.position.phase))
            wanted = " ".join(args).upper()          # (a map's own calendar's long form has spaces: B.C. 273 MOVEMENT)
            if wanted not in (now.upper(), str(game.position.phase).upper()):
                raise CommandError(f"GAME {game.name} IS IN {now}, NOT {wanted[:30]}: NOTHING PROCESSED")
        flush_orders(s)
        late = game.late_players()
        if late and not force:
            raise CommandError("ORDERS MISSING FROM " + ", ".join(p.power for p in late) +
                               ": USE PROCESS! TO GIVE THEM DEFAULT ORDERS")
        done = processing.process(game, s.settings, s.now)
        s.effect("processed", done)
        s.say(f"{done.notes[-1]}. The results have been mailed to everyone in the game.")
        return Continue.YES


class ProcessNow(Process):
    name, aliases = "PROCESS!", ("FORCE",)
    syntax = "PROCESS! [phase]"
    help = "Process the current phase now; late powers get default orders (with a phase: only if still in it)."

    def handle(self, s: Session, args: list[str], body: list[str], force: bool = True) -> Continue:
        """See `Command`."""
        return super().handle(s, args, body, force=True)


class Preview:
    name, aliases, block_end = "PREVIEW", (), None
    syntax = "PREVIEW"
    help = "Mail the master what processing now would give; nothing changes."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        if game.status != PLAYING:
            raise CommandError(f"GAME {game.name} IS NOT ACTIVE")
        flush_orders(s)
        done = processing.preview(game, s.settings, s.now)
        s.effect("processed", done)
        s.say("Preview mailed to the master.")
        return Continue.YES


class Dummy:
    name, aliases, block_end = "DUMMY", (), None
    syntax = "DUMMY <power>"
    help = "Make a power a dummy: it never holds the game up and gets default orders (the master may order it)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        s.not_over()
        need_args(args, 1, self.syntax)
        player = game.player(power_of(args[0], game.map))
        if player is None:
            raise CommandError(f"{args[0].upper()} IS NOT IN THE GAME YET")
        if player.status == DUMMY:
            raise CommandError(f"{player.power} IS ALREADY A DUMMY")
        if player.address:
            s.effect("mail", ([player.address], "notice/event.txt", {
                "game": game.name, "title": "your power is now a dummy",
                "lines": [f"The master of game {game.name} has made {game.map.power_title(player.power)} a dummy: "
                          "you no longer play it."]}))
        game.vacate(player.power, DUMMY, "made a dummy by the master")
        game._note_readiness(s.now)
        s.say(f"{game.map.power_title(player.power)} is now a dummy.")
        return Continue.YES


class Revive:
    name, aliases, block_end = "REVIVE", (), None
    syntax = "REVIVE <power>"
    help = "Open a dummy power for TAKEOVER; open, it holds the game up as a vacant power does until taken over."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        s.not_over()
        need_args(args, 1, self.syntax)
        player = game.player(power_of(args[0], game.map))
        if player is None or player.status == ACTIVE:
            raise CommandError(f"{args[0].upper()} IS NOT A DUMMY")
        if player.power in game.map.dummies:
            raise CommandError(f"{player.power} IS A DUMMY OF THE {game.map.title.upper()} VARIANT: NO PLAYER "
                               "TAKES IT OVER")
        if game.eliminated(player.power):
            raise CommandError(f"{player.power} IS ELIMINATED (NO UNIT AND NO SUPPLY CENTRE LEFT): NOTHING TO TAKE "
                               "OVER")
        player.status = VACANT
        # Open, it owes orders as a late power does: a phase that was ready (every other order in) waits again.
        game._note_readiness(s.now)
        s.say(f"{game.map.power_title(player.power)} is open for takeover.")
        if game.status == PLAYING:
            open_seat(s, game, player.power, "was a dummy; the master has opened it")
        return Continue.YES


class Terminate:
    name, aliases, block_end = "TERMINATE", (), None
    syntax = "TERMINATE"
    help = "End the game now."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        s.not_over()
        game.finish({"kind": "terminated", "powers": []}, s.now)
        s.say(f"Game {game.name} terminated.")
        # (one mail each: the end mail says the master ended it; a notice saying so as well came beside it)
        s.effect("ended", None)
        return Continue.YES
