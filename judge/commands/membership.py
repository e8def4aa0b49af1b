"""JOIN, OBSERVE, MONITOR, RESIGN, TAKEOVER (also the master's handover, DPjudge style) and the master's EJECT."""
from __future__ import annotations

from judge import limits
from judge.commands._util import chosen_password, glued, need_args, power_and_game, power_of, refuse_mask, who_in
from judge.commands.actions import block, open_seat, start_game
from judge.commands.base import CommandError, Continue, Session
from judge.commands.signon import Signon
from judge.game import FORMING, PLAYING, VACANT, GameError
from judge.game.roles import DummySeat
from judge.game.standing import owed, power_lines
from judge.deadlines import show
from judge.storage.failures import JOINED, SignonFailures
from judge.storage.passwords import check_password, forget


class Join:
    name, aliases, block_end = "JOIN", (), None
    syntax = ("JOIN <game> <password> [power letters you prefer] [game password of a private game]  (or JOIN "
              "<power>@<game> <password>)")
    help = "Join a game that is forming; it starts when it is full (or when the master activates it)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        args, chosen = glued(args), None
        if "@" in args[0]:                  # DPjudge's JOIN <power>@<game> <password>: that power asked for
            chosen, name = power_and_game(args[0])
            args = [name, *args[1:]]
        words = s.open_access(args[0], args[1:], own=2 if chosen is None else 1)   # (its password, preferences)
        game = s.game
        if not words:
            raise CommandError(f"INCOMPLETE COMMAND: USE {self.syntax}")
        s.not_over("NOBODY JOINS IT NOW")           # (not "not forming": the game has ended)
        prefs = "".join(words[1:]).upper()
        m = game.map
        if chosen == "MASTER":
            raise CommandError(f"JOIN IS FOR PLAYING A POWER: THE MASTER OF {game.name} IS WHO CREATED IT (A NEW "
                               f"MASTER TAKES IT OVER: TAKEOVER M{game.name} <master's password>)")
        if chosen is not None:
            prefs = m.power_letters[who_in(chosen, m)] + prefs
        letters = {m.power_letters[p] for p in m.playable_powers}
        wrong = [c for c in prefs if c not in letters]
        dummy = [p for p in m.dummies if m.power_letters[p] in wrong]
        if dummy:
            raise CommandError(f"{dummy[0]} IS A DUMMY OF THIS VARIANT: NOBODY PLAYS IT (USE THE LETTERS "
                               f"{''.join(sorted(letters))})")
        if wrong:
            # The word may be a game password given to a public game (JOIN g pw secret): the line's echo masks it,
            # and so does this (its letters are never repeated).
            raise CommandError(f"UNKNOWN POWER LETTERS IN THE PREFERENCE (USE THE LETTERS {''.join(sorted(letters))}, "
                               f"E.G. JOIN {game.name} <password> FEG; A PUBLIC GAME NEEDS NO GAME PASSWORD)")
        if game.status == FORMING and not game.players_at(s.sender):
            s.within(limits.joins(s.settings, s.sender))
        try:
            game.join(s.sender, chosen_password(words[0]), prefs)
        except GameError as exc:
            raise CommandError(str(exc)) from None
        s.say(f"You have joined game {game.name} ({len(game.players)} of {len(game.map.playable_powers)} players).")
        by_letter = {letter: power for power, letter in game.map.power_letters.items()}
        if prefs and game.rules.power_assignment.value == "first_come":
            s.say(f"{game.map.power_title(by_letter[prefs[0]])} is yours: you play it when the game starts.")
        elif prefs:
            s.say("Preference: " + ", ".join(dict.fromkeys(game.map.power_title(by_letter[c]) for c in prefs)) + ".")
        s.log.append(f"JOIN {game.name}")
        if len(game.players) == len(game.map.playable_powers):
            if game.rules.start_master:
                _full(s, game)
            else:
                start_game(s, game)
        elif game.rules.join_notices:
            _joined(s, game)
        return Continue.YES


def _joined(s: Session, game) -> None:
    """DPjudge's notice of a JOIN (without SILENT_JOIN): the others learn how many powers are still open, the master
    also who joined (players never see each other's address)."""
    n, taken = len(game.map.playable_powers), len(game.players)
    count = f"{taken} of {n} powers are taken, {n - taken} still open"
    s.effect("notify", ("a player has joined", [f"A player has joined game {game.name}: {count}."], "others"))
    s.effect("notify", ("a player has joined", [f"{s.sender} has joined game {game.name}: {count}."], "master"))


def _full(s: Session, game) -> None:
    """The last power is taken in a game whose master starts it (DPjudge START_MASTER): everyone in it learns that
    it is full and waits for the master, who is told how to start it."""
    n = len(game.map.playable_powers)
    s.say(f"Game {game.name} is full: it starts when its master activates it.")
    s.effect("notify", ("game full", [f"All {n} powers of game {game.name} are taken: the game starts when its "
                                      "master activates it."], "others"))
    s.effect("notify", ("game full", [f"All {n} powers of game {game.name} are taken. It waits for you (house rule "
                                      f"start_master): send ACTIVATE to start it."], "master"))


class Observe:
    name, aliases, block_end = "OBSERVE", ("WATCH",), None
    syntax = "OBSERVE <game> [game password of a private game]"
    help = "Receive the game's results and broadcasts (UNOBSERVE to stop)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        return follow(s, args, self.syntax, monitor=False)


class Monitor:
    name, aliases, block_end = "MONITOR", (), None
    syntax = "MONITOR <game> [game password of a private game]"
    help = ("Receive only the game's results, deadline changes, the master's broadcasts and its end (DPjudge's "
            "MONITOR, for mapping sites): no other press, no sign-on (UNMONITOR to stop).")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        return follow(s, args, self.syntax, monitor=True)


def follow(s: Session, args: list[str], syntax: str, monitor: bool) -> Continue:
    """OBSERVE and MONITOR: one way in for those who follow a game without playing it. Either list is left for the
    other on request (one address, one kind of copy); both count against the same limits."""
    need_args(args, 1, syntax)
    args = glued(args)
    named = "@" in args[0]
    if named:               # DPjudge's OBSERVE <name>@<game> <password>: a name and password of the follower's own
        args = [args[0].split("@", 1)[1], *args[1:]]
    s.open_access(args[0], args[1:], own=1 if named else 0)
    game = s.game
    word = "MONITOR" if monitor else "OBSERVE"
    if s.sender.lower() == game.master_address.lower() or game.players_at(s.sender):
        raise CommandError(f"YOU ALREADY TAKE PART IN GAME {game.name}: NO NEED TO {word} IT")
    mine, other = (game.monitors, game.observers) if monitor else (game.observers, game.monitors)
    was = next((a for a in other if a.lower() == s.sender.lower()), None)
    if not any(a.lower() == s.sender.lower() for a in mine):
        s.not_over(f"NOTHING MORE WILL BE SENT (HISTORY {game.name} GIVES ITS RESULTS, SUMMARY ITS END)")
        most = s.settings.get("limits", "observers_per_game")
        many = len(game.observers) + len(game.monitors)
        if was is None and most and many >= most:
            kinds = "OBSERVERS AND MONITORS" if game.monitors else "OBSERVERS"
            raise CommandError(f"GAME {game.name} HAS {many} {kinds}, AS MANY AS THIS JUDGE LETS ONE GAME HAVE: NO "
                               "MORE CAN BE ADDED UNTIL ONE LEAVES (UNOBSERVE)")
        if was is None:                       # (a switch between the two is no new follower: not counted)
            s.within(limits.observations(s.settings, s.sender))
        else:
            other.remove(was)
        mine.append(s.sender)
    if not monitor:
        s.say(f"You are observing game {game.name}." + (" You no longer monitor it." if was else ""))
    else:
        s.say(f"You are monitoring game {game.name}: you will be sent its results, its deadline changes, its "
              f"master's broadcasts and its end, and no other press. UNMONITOR {game.name} stops them." +
              (" You no longer observe it." if was else ""))
    if named:
        s.say(f"(Here a follower needs no name or password: the judge knows you by your address, and {word} "
              f"{game.name} is all it takes. The name and password given were not kept.)")
    return Continue.YES


class Resign:
    name, aliases, block_end = "RESIGN", (), None
    syntax = ("RESIGN  (or in place of SIGNON: RESIGN <power letter><game> <password>; before the game starts: "
              "RESIGN <game> <your password>)")
    help = "Give up your power; it waits for someone to take it over. Before the start, leave the game you joined."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if args and s.role is None:
            args = glued(args)
            if not _names_a_seat(s, args[0]):
                return _leave_forming(s, args)
            # DPjudge's RESIGN <power letter><game> <password> (or <power>@<game>), in place of a SIGNON: the same
            # sign-on (its password check and limits), then the resignation
            Signon().handle(s, args, body)
        power = s.need_power()
        game = s.not_over()
        game.resign(power)
        game._note_readiness(s.now)          # (its WAIT went with the player: the phase may be ready now)
        s.role, s.power, s.parting = None, None, power
        s.say(f"You have resigned {game.map.power_title(power)} in game {game.name}.")
        if game.status == PLAYING:
            open_seat(s, game, power, "has been resigned by its player")
        return Continue.YES


def _names_a_seat(s: Session, word: str) -> bool:
    """Does RESIGN's first word name a power in a game (Fdemo, france@demo), not a game (demo) to leave?"""
    return "@" in word or not s.store.exists(word.lower()) and s.store.exists(word[1:].lower())


def _leave_forming(s: Session, args: list[str]) -> Continue:
    """RESIGN <game> <password>: a player who JOINed leaves a game that has not started. Nobody can sign on as a
    power before the start (powers are given out then), so the JOIN's address and password say who leaves."""
    need_args(args, 2, "RESIGN <game> <your password>")
    game = s.open_game(args[0])
    if game.status != FORMING:
        s.not_over("NOTHING TO RESIGN")
        raise CommandError(f"GAME {game.name} HAS STARTED: SIGN ON AS YOUR POWER, THEN RESIGN (ON A LINE OF ITS OWN)")
    if len(args) > 2:
        raise CommandError("RESIGN BEFORE THE START TAKES TWO WORDS, THE GAME AND YOUR PASSWORD: NOTHING WAS DONE")
    refuse_mask(args[1])
    joined = game.players_at(s.sender)
    if not joined:
        raise CommandError(f"{s.sender} HAS NOT JOINED GAME {game.name}: NOTHING TO RESIGN")
    key = SignonFailures.key(JOINED, own_address=True)
    until = SignonFailures(s.store.folder(game.name)).locked_until(key, s.now)
    if until is not None:
        raise CommandError(f"TOO MANY WRONG PASSWORDS TO RESIGN FROM {game.name}: REFUSED UNTIL "
                           f"{show(until, game.timing)}")
    if not check_password(args[1], joined[0].password):
        s.failed_signon = key
        raise CommandError(f"WRONG PASSWORD FOR YOUR PLACE IN GAME {game.name} (THE ONE YOU JOINED WITH)")
    game.players.remove(joined[0])
    forget(joined[0].password)
    s.say(f"You have left game {game.name}, which has not started ({len(game.players)} of "
          f"{len(game.map.playable_powers)} players now). JOIN {game.name} again to come back while it forms.")
    s.log.append(f"RESIGN {game.name} (before the start)")
    return Continue.YES


class Takeover:
    name, aliases, block_end = "TAKEOVER", ("TAKE-OVER",), None
    syntax = "TAKEOVER <power letter><game> <password> [game password]  (M<game> <master's password>: new master)"
    help = "Take over an open (vacant) power; the password becomes yours. With M and the master's password you " \
           "become the game's master (the old master hands the game over so)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        args = glued(args)
        who, name = power_and_game(args[0])
        if who == "MASTER":
            s.open_game(name)
            words = args[1:]
        else:
            words = s.open_access(name, args[1:], own=1)          # (its password)
        game = s.game
        who = who_in(who, game.map)
        shown = game.map.power_title(who)
        if not words:
            raise CommandError(f"INCOMPLETE COMMAND: USE {self.syntax}")
        if who == "MASTER":
            return self._handover(s, game, words[0])
        s.not_over("NOTHING TO TAKE OVER")
        if game.status == FORMING:
            raise CommandError(f"NOTHING TO TAKE OVER IN {name}: USE JOIN")
        player = game.player(who)
        replaced = player.password if player is not None else ""
        try:
            game.takeover(who, s.sender, chosen_password(words[0]), s.now)
            forget(replaced)                           # the former player's password checks go from memory
        except DummySeat as exc:
            s.notify_anyway([game.master_address], "notice/event.txt", {
                "game": game.name, "title": "takeover request",
                "lines": [f"{s.sender} asks to take over {shown}, a dummy.",
                          f"To let them: REVIVE {shown} (it becomes open for TAKEOVER), and tell them."]})
            raise CommandError(str(exc)) from None
        except GameError as exc:
            raise CommandError(str(exc)) from None
        s.role, s.power = "power", who
        s.say(f"You now play {shown} in game {name}. Sign on with: SIGNON {game.map.power_letters[who]}{name} "
              "<your password>")
        if game.position is not None:
            # Where the power stands: the phase, the deadline, each unit with the order the judge holds for it.
            player = game.player(who)
            block(s, "reply/status.txt", game=name, who=who, phase=game.position.phase.describe(),
                  deadline=game.deadline_shown(now=s.now),
                  powers=[{"power": shown, "status": player.status, "wait": player.wait,
                           "lines": power_lines(game, who), "submitted": player.submitted, "owed": owed(game, who)}])
        s.log.append(f"TAKEOVER {who} {name}")
        s.effect("notify", ("takeover", [f"{shown} in game {name} has been taken over by {s.sender}."],
                            "master"))
        s.effect("notify", ("a power is taken", [f"{shown} in game {name} has a new player."], "others"))
        return Continue.YES

    def _handover(self, s: Session, game, password: str) -> Continue:
        """DPjudge's way to hand a game to a new master: the old master gives them the master's password."""
        if not check_password(password, game.master_password):
            s.failed_signon = f"MASTER:{'own' if s.sender.lower() == game.master_address.lower() else 'other'}"
            raise CommandError(f"WRONG PASSWORD FOR THE MASTER OF {game.name}")
        if game.players_at(s.sender):
            raise CommandError(f"YOU PLAY IN GAME {game.name}: A PLAYER CANNOT ALSO BE ITS MASTER")
        s.not_over()                              # (the end's record names its master too)
        old = game.master_address
        game.master_address = s.sender
        game.takes_part(s.sender)
        s.role, s.power = "master", None
        s.say(f"You are now the master of game {game.name}. SET PASSWORD to choose a password of your own.")
        s.log.append(f"TAKEOVER MASTER {game.name}")
        if old.lower() != s.sender.lower():
            s.effect("mail", ([old], "notice/event.txt", {
                "game": game.name, "title": "new master",
                # (by role, not by address: nobody is shown another's address)
                "lines": [f"Game {game.name} has a new master, who took it over with the master's password: you are "
                          "no longer its master.", "If you did not give that password to anyone, tell the judge's "
                          "keeper."]}))
        return Continue.YES


class Eject:
    name, aliases, block_end = "EJECT", (), None
    syntax = "EJECT <power>"
    help = "Master: remove a power's player; the power becomes vacant and is advertised for TAKEOVER."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        s.not_over()
        need_args(args, 1, self.syntax)
        power = power_of(args[0], game.map)
        player = game.player(power)
        if player is None or not player.address:
            raise CommandError(f"{power} HAS NO PLAYER TO EJECT")
        address = player.address
        game.vacate(power, VACANT, "removed by the master")
        game._note_readiness(s.now)
        s.say(f"{game.map.power_title(power)} is now vacant; its player has been told.")
        s.effect("mail", ([address], "notice/event.txt", {
            "game": game.name, "title": "you have been removed",
            "lines": [f"The master of game {game.name} has removed you from {game.map.power_title(power)}."]}))
        if game.status == PLAYING:
            open_seat(s, game, power, "has lost its player")
        return Continue.YES
