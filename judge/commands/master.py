"""The game master's commands: CREATE, ACTIVATE, PROCESS, PROCESS!, PREVIEW, ROLLBACK, DUMMY, REVIVE, TERMINATE."""
from __future__ import annotations

import json

from judge import limits, maps, picture
from judge.builds import variant_notes
from judge.game import processing
from judge.commands._util import chosen_password, need_args, power_of
from judge.commands.actions import flush_orders, open_seat, start_game
from judge.commands.base import MASTER_ONLY, CommandError, Continue, Session
from judge.deadlines import Timing, show
from judge.game import ACTIVE, DUMMY, FORMING, PLAYING, VACANT, Game
from judge.game.ending import describe_result, ended_at
from judge.game.phase_codes import file_codes, phase_code
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
    name, aliases, block_end = "ACTIVATE", ("FORM", "START"), None
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


def _tenures_back_to(tenures: list[dict], restored: Game) -> list[dict]:
    """Who played what, as today's record has it, dated within the game as rolled back: a takeover or a departure
    since the phase the game is back in happened, for the game, in that phase (the newcomer orders it there); the
    record never names a phase the game has not reached."""
    now, reached = str(restored.position.phase), set(restored.history)
    out = []
    for t in tenures:
        t = dict(t)
        for end in ("from", "to"):
            if t[end] and t[end] != now and t[end] not in reached:
                t[end] = now
        out.append(t)
    return out


class Rollback:
    name, aliases, block_end = "ROLLBACK", (), None
    syntax = "ROLLBACK [phase]"
    help = ("Go back to just before a processed phase (default: the last one); its orders are kept. A finished game "
            "too: it runs again from there (one ended by a vote or TERMINATE, also in the phase it ended in).")
    # A game ended by mistake (a wrong vote, RESIGN or order) is the master's to undo, as DPjudge's ROLLBACK of a
    # completed game does; nothing else of a finished game is (judge.commands.after_end).
    after_end = MASTER_ONLY

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        snaps = s.store.snapshots(game.name)
        names = [p.stem.split("-", 1)[1] for p in snaps]
        codes = file_codes(game, names)
        stopped = _stopped_in(game)
        if not snaps and not (stopped and args):
            raise CommandError("NOTHING TO ROLL BACK: NO PHASE HAS BEEN PROCESSED" + (
                f" (ROLLBACK {stopped} TAKES THE GAME BACK TO THE PHASE IT ENDED IN)" if stopped else ""))
        target = snaps[-1] if snaps else None
        if args:
            wanted = " ".join(args).upper()          # (the long form of a map's own calendar: B.C. 273 MOVEMENT)
            # (by the code results give a phase, A1430R; or by its files' name, as an older judge made it: A_D_...)
            # (and by DPjudge's count of an era's years: B0M, "B.C. 0 MOVEMENT" are A.D. 1's A1M)
            same = phase_code(game, wanted).upper()
            matching = [p for p, name, code in zip(snaps, names, codes) if wanted in (name, code.upper())
                        or same == code.upper()]
            if stopped and wanted in (stopped.upper(), str(game.position.phase).upper()):
                target = None                  # the phase the game ended in: the board as it stands, the end undone
            elif not matching:
                raise CommandError(f"NO PROCESSED PHASE {wanted}: PROCESSED ARE " + ", ".join(codes) + (
                    f"; THE GAME ENDED IN {stopped}" if stopped else ""))
            else:
                target = matching[-1]
        if target is not None:
            s.effect("rollback", target)
            restored = Game.from_json(json.loads(target.read_text(encoding="utf-8")))
        else:
            restored = game.copy()
        reopened = describe_result(game.result, game.map) if game.over else ""
        # The snapshot's deadline and 'every order in since' are from before the phase was processed: kept, the clock
        # would process the restored phase again at its next tick, before anyone could change anything. The phase
        # gets a fresh deadline of its own kind (a movement phase a movement phase's time, not what was left of a
        # retreat phase's), and early processing counts from now.
        restored.rules, restored.timing, restored.absences = game.rules, game.timing, list(game.absences)
        restored.phase_started = s.now
        restored.ready_since = None
        seats_then = {p.power: len(restored.tenures_of(p.power)) for p in restored.players if p.power}
        restored.paused_since, restored.votes = game.paused_since, dict(game.votes)
        restored.tenures = _tenures_back_to(game.tenures, restored)
        if reopened:
            # The end undone: running again, no result, and no vote standing (the votes that agreed would end it
            # again at once; each power votes anew).
            restored.status, restored.result, restored.winner = PLAYING, None, None
            restored.votes, restored.vote_news = {}, None
        # (late notices and reminders count from the new deadline; while paused, RESUME gives it its whole time)
        restored.set_deadline(restored.phase_deadline(s.now), s.now)
        # Who plays what is today's, not the snapshot's: passwords, addresses, takeovers, resignations and dummies
        # made since then stay as they are (only the board, the orders and the history go back).
        current = {p.power: p for p in game.players if p.power}
        for player in restored.players:
            now_player = current.get(player.power)
            if now_player is not None:
                player.address, player.password, player.status = (now_player.address, now_player.password,
                                                                   now_player.status)
                if seats_then.get(player.power) != len(game.tenures_of(player.power)):
                    # The seat changed hands since the snapshot: its lateness and extensions were the old player's,
                    # and a newcomer starts with a clean record (as TAKEOVER gives them), kept through the rollback.
                    player.late_count, player.extensions = now_player.late_count, now_player.extensions
        restored.master_address, restored.master_password = game.master_address, game.master_password
        restored.observers, restored.address_requests = list(game.observers), dict(game.address_requests)
        restored.monitors = list(game.monitors)
        restored.seen = list(game.seen)        # (a message applied since the snapshot, redelivered, is still known)
        restored.private, restored.privacy, restored.victory = game.private, game.privacy, game.victory
        # (not ready for early processing, even with every order in: the rollback is there so that orders can
        # change; the phase waits for a new order set, the master's PROCESS, or its deadline)
        s.game = restored
        where = restored.position.phase
        s.say(f"Game {game.name} rolled back to " + (f"before {where.code}; orders as they were then." if target
                                                     else f"{where.code}, the phase it ended in; orders as they are."))
        undone = [f"The end of the game ({reopened}) is undone: the game runs again from there" + (
            ", and the votes that stood are withdrawn (each power votes anew)." if game.votes else ".")] \
            if reopened else []
        if reopened:
            # A power left vacant as the game ended (the RESIGN that ended it, say) was offered to nobody: the end
            # came first. Running again, it is open, and everyone learns it as after any RESIGN.
            undone += [restored.open_notice(p, "is vacant") for p in restored.open_powers()]
        s.say(*undone)
        s.effect("notify", ("rollback notice", [f"The master has rolled game {game.name} back to "
                                                f"{where.describe()}.", *undone,
                                                _deadline_sentence(restored) + " Orders given for that phase "
                                                "before stand until changed."], "all"))
        return Continue.YES


def _stopped_in(game) -> str:
    """The code of the phase a finished game was ended in by a vote or TERMINATE, before its orders were processed
    (a ROLLBACK may reopen it as it stands); '' for a game running, or ended by processing."""
    if not game.over or game.position is None:
        return ""
    phase, when = ended_at(game)
    return phase_code(game, phase) if when == "in" and phase == str(game.position.phase) else ""


def _deadline_sentence(game) -> str:
    if game.deadline is None:
        return "It has no deadline: the master processes the game."
    paused = " (the game is paused: the deadline moves by the time it stays paused)" if game.paused else ""
    return f"The deadline for orders is {show(game.deadline, game.timing)}{paused}."


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
