"""The game master's ROLLBACK and ROLLFORWARD: the game back to an earlier phase, and forward again to what a
rollback undid (its files: judge.storage.rolled)."""
from __future__ import annotations

import json
from pathlib import Path

from judge.commands.base import MASTER_ONLY, CommandError, Continue, Session
from judge.deadlines import show
from judge.game import PLAYING, Game
from judge.game.ending import describe_result, ended_at
from judge.game.phase_codes import file_codes, phase_code

# DPjudge's words for ROLLBACK and ROLLFORWARD: RESTORE (the orders as they were) is what both do here anyway;
# FULL and FORMING are refused with what to do instead (judge.commands.rolling._words).
RESTORE, FULL, FORMING = "RESTORE", "FULL", "FORMING"
NOT_FULL = ("{word} FULL IS NOT OFFERED: THE GAME GOES BACK, ITS PLAYERS, PASSWORDS, HOUSE RULES AND TIMING STAY AS "
            "THEY ARE NOW. TO UNDO SUCH A CHANGE TOO, MAKE IT AGAIN AFTERWARDS (SET RULE, SET NORULE, SET ..., "
            "DUMMY, REVIVE); NOTHING DONE")
NOT_FORMING = ("ROLLBACK FORMING IS NOT OFFERED: ROLLBACK {first} TAKES THE GAME BACK TO ITS FIRST PHASE, EVERY "
               "POWER KEPT BY ITS PLAYER; HOUSE RULES AND TIMING CAN BE CHANGED THERE (SET RULE, SET ...); NOTHING "
               "DONE")


def _words(command: str, args: list[str], game: Game, first: str) -> list[str]:
    """The phase asked for, once DPjudge's option words are read: RESTORE is taken (our way already), FULL and
    FORMING refused with what to do instead."""
    words = [a for a in args if a.upper() != RESTORE]
    if any(a.upper() == FULL for a in words):
        raise CommandError(NOT_FULL.format(word=command))
    if words and " ".join(words).upper() == FORMING:
        if command == "ROLLFORWARD":
            raise CommandError(f"GAME {game.name} IS NOT FORMING: ROLLFORWARD TAKES A PHASE THE GAME WAS ROLLED BACK "
                               "FROM, OR NONE; NOTHING DONE")
        raise CommandError(NOT_FORMING.format(first=first or "<first phase>"))
    return words


def _first_roll(s: Session, word: str, outcome: str) -> None:
    """Refuse a roll after a processing or another roll in the same message: what a roll moves is read from the
    game's folder, which this message's commit has not written yet (two would move the same files, or the wrong
    ones)."""
    if any(e.kind in ("processed", "rollback", "rollforward") for e in s.effects):
        raise CommandError(f"{word} GOES IN A MESSAGE OF ITS OWN, NOT AFTER PROCESS, ROLLBACK OR ROLLFORWARD IN THE "
                           f"SAME MESSAGE: {outcome}")


def _tenures_back_to(tenures: list[dict], restored: Game) -> list[dict]:
    """Who played what, as today's record has it, dated within the game as restored: a takeover or a departure
    since the phase the game is now in happened, for the game, in that phase (the newcomer orders it there); the
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


def _carry_over(s: Session, game: Game, restored: Game) -> None:
    """What stays as it is today when the board, the orders and the history go back (or forward): who plays what,
    passwords, addresses, takeovers, resignations, dummies, the master, observers, house rules, timing, absences,
    votes, the pause. The phase counts from now, and is not ready for early processing on the orders it got back:
    a new order set, the master's PROCESS or its deadline moves it on."""
    # The kept deadline and 'every order in since' are from before: kept, the clock would process the phase at its
    # next tick, before anyone could change anything.
    restored.rules, restored.timing, restored.absences = game.rules, game.timing, list(game.absences)
    restored.phase_started = s.now
    restored.ready_since = None
    seats_then = {p.power: len(restored.tenures_of(p.power)) for p in restored.players if p.power}
    restored.paused_since, restored.votes = game.paused_since, dict(game.votes)
    restored.tenures = _tenures_back_to(game.tenures, restored)
    current = {p.power: p for p in game.players if p.power}
    for player in restored.players:
        now_player = current.get(player.power)
        if now_player is not None:
            player.address, player.password, player.status = (now_player.address, now_player.password,
                                                               now_player.status)
            if seats_then.get(player.power) != len(game.tenures_of(player.power)):
                # The seat changed hands since the kept state: its lateness and extensions were the old player's,
                # and a newcomer starts with a clean record (as TAKEOVER gives them).
                player.late_count, player.extensions = now_player.late_count, now_player.extensions
    restored.master_address, restored.master_password = game.master_address, game.master_password
    restored.observers, restored.address_requests = list(game.observers), dict(game.address_requests)
    restored.monitors = list(game.monitors)
    restored.seen = list(game.seen)        # (a message applied since, redelivered, is still known)
    restored.private, restored.privacy, restored.victory = game.private, game.privacy, game.victory


def _fresh_deadline(s: Session, restored: Game) -> None:
    # (a phase of its own kind's time from now; late notices and reminders count from it; while paused, RESUME
    # gives it its whole time)
    restored.set_deadline(restored.phase_deadline(s.now), s.now)


def _read(path: Path) -> Game:
    return Game.from_json(json.loads(path.read_text(encoding="utf-8")))


class Rollback:
    name, aliases, block_end = "ROLLBACK", (), None
    syntax = "ROLLBACK [RESTORE] [phase]"
    help = ("Go back to just before a processed phase (default: the last one); its orders are kept (RESTORE, as "
            "DPjudge says it, is this). A finished game too: it runs again from there (one ended by a vote or "
            "TERMINATE, also in the phase it ended in). ROLLFORWARD undoes it.")
    # A game ended by mistake (a wrong vote, RESIGN or order) is the master's to undo, as DPjudge's ROLLBACK of a
    # completed game does; nothing else of a finished game is (judge.commands.after_end).
    after_end = MASTER_ONLY

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        _first_roll(s, "ROLLBACK", "NOT ROLLED BACK")
        snaps = s.store.snapshots(game.name)
        names = [p.stem.split("-", 1)[1] for p in snaps]
        codes = file_codes(game, names)
        args = _words("ROLLBACK", args, game, codes[0] if codes else phase_code(game, str(game.position.phase)))
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
            # (the game as it stands is kept beside what the rollback moves aside: ROLLFORWARD brings it back)
            s.effect("rollback", (target, game.to_json()))
            restored = _read(target)
        else:
            restored = game.copy()
        reopened = describe_result(game.result, game.map) if game.over else ""
        _carry_over(s, game, restored)
        if reopened:
            # The end undone: running again, no result, and no vote standing (the votes that agreed would end it
            # again at once; each power votes anew).
            restored.status, restored.result, restored.winner = PLAYING, None, None
            restored.votes, restored.vote_news = {}, None
        _fresh_deadline(s, restored)
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


class Rollforward:
    name, aliases, block_end = "ROLLFORWARD", (), None
    syntax = "ROLLFORWARD [RESTORE] [phase]"
    help = ("Undo ROLLBACK, if no phase was processed since: forward to the phase the game had reached before it (one "
            "ROLLFORWARD undoes several ROLLBACKs), or to a phase in between; results and orders as they were.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        args = _words("ROLLFORWARD", args, game, "")
        _first_roll(s, "ROLLFORWARD", "NOT ROLLED FORWARD")
        undo = s.store.undoable(game.name, list(game.history))
        if undo.blocked:
            raise CommandError("NOTHING TO ROLL FORWARD: A PHASE WAS PROCESSED AFTER THE LAST ROLLBACK, SO WHAT IT "
                               "UNDID CANNOT COME BACK (IT STAYS KEPT IN THE GAME'S FOLDER, FOR THE JUDGE KEEPER)")
        # (the first snapshot kept is the phase the game stands in: rolling forward to it would change nothing)
        choices = undo.snapshots[1:] + ([undo.latest] if undo.latest else [])
        if not choices:
            raise CommandError("NOTHING TO ROLL FORWARD: NO ROLLBACK TO UNDO" if not undo.snapshots else
                               "NOTHING TO ROLL FORWARD: THE GAME AS IT STOOD BEFORE THE ROLLBACK WAS NOT KEPT (AN "
                               "EARLIER VERSION OF THE JUDGE ROLLED IT BACK)")
        games = {p: _read(p) for p in choices}
        codes = {p: phase_code(g, str(g.position.phase)) for p, g in games.items()}
        target = choices[-1]
        if args:
            wanted = " ".join(args).upper()            # (as ROLLBACK reads a phase: its code, or its long form)
            same = phase_code(game, wanted).upper()
            matching = [p for p in choices if codes[p].upper() in (wanted, same)
                        or p.stem.split("-", 1)[-1].upper() == wanted]
            if not matching:
                raise CommandError(f"NO PHASE {wanted} TO ROLL FORWARD TO: ROLLFORWARD REACHES "
                                   + ", ".join(codes[p] for p in choices))
            target = matching[-1]
        restored = games[target]
        s.effect("rollforward", (undo, target, len(restored.history), game.to_json()))
        _carry_over(s, game, restored)
        ended = describe_result(restored.result, restored.map) if restored.over else ""
        if not ended:
            _fresh_deadline(s, restored)
        s.game = restored
        where = restored.position.phase
        s.say(f"Game {game.name} rolled forward to {codes[target]}: " + (
            f"as it ended ({ended}), the game is over once more." if ended else
            "its results and orders as they were then, with a fresh deadline."))
        s.effect("notify", ("rollforward notice", [
            f"The master has rolled game {game.name} forward to {where.describe()}, undoing the rollback" + (
                ": the results it had taken back stand again, as they were mailed." if target == choices[-1] else
                " as far as that phase: the results before it stand again, as they were mailed; ROLLFORWARD may "
                "bring back the rest."),
            f"The game is over once more ({ended})." if ended else
            _deadline_sentence(restored) + " Orders given for that phase before the rollback stand until changed."],
            "all"))
        s.log.append(f"ROLLFORWARD {codes[target]}")
        return Continue.YES


def _stopped_in(game: Game) -> str:
    """The code of the phase a finished game was ended in by a vote or TERMINATE, before its orders were processed
    (a ROLLBACK may reopen it as it stands); '' for a game running, or ended by processing."""
    if not game.over or game.position is None:
        return ""
    phase, when = ended_at(game)
    return phase_code(game, phase) if when == "in" and phase == str(game.position.phase) else ""


def _deadline_sentence(game: Game) -> str:
    if game.deadline is None:
        return "It has no deadline: the master processes the game."
    paused = " (the game is paused: the deadline moves by the time it stays paused)" if game.paused else ""
    return f"The deadline for orders is {show(game.deadline, game.timing)}{paused}."
