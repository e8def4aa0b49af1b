"""SET: a player's WAIT, PASSWORD, ADDRESS, ABSENCE (and njudge's DRAW, CONCEDE); the master's DEADLINE, RULE,
NORULE, PRIVATE, PUBLIC, VICTORY and timing."""
from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import ClassVar

from judge.commands._util import chosen_password
from judge.commands.absence import set_absence
from judge.commands.address import set_address
from judge.commands.announce import rules_changed, timing_changed, victory_changed
from judge.commands.base import MASTER_ONLY, SIGNED_ON, CommandError, Continue, Session
from judge.commands import setting_notes as notes
from judge.commands.rule_orders import drop_unusable, unusable_orders
from judge.commands.voting import apply_vote
from judge.commands.wait import set_wait
from judge.deadlines import (LIMITS, check_limit, parse_days, parse_delay, parse_moment, plain_time,
                             say_delay, show)
from judge.game import FORMING, PLAYING
from judge.game.roles import MASTER
from judge.game.standing import victory_reached
from judge.rules import DPJUDGE_NAMES, RULES_BY_NAME, DeadlineMode, Ruleset
from judge.storage.passwords import forget
from judge.zones import canonical_zone

# SET <word> <value> for the master: the Timing field it changes and how to read the value.
TIMING = {
    "MOVEMENT": ("movement_hours", "hours"), "MOVE": ("movement_hours", "hours"),
    "RETREAT": ("retreat_hours", "hours"), "RETREATS": ("retreat_hours", "hours"),
    "ADJUSTMENT": ("adjustment_hours", "hours"), "ADJUST": ("adjustment_hours", "hours"),
    "BUILDS": ("adjustment_hours", "hours"), "GRACE": ("grace_hours", "hours"), "REMINDER": ("reminder_hours", "hours"),
    "LATE": ("late_notice_hours", "hours"), "EARLY": ("early_minutes", "minutes"), "TIME": ("time_of_day", str),
    "DAYS": ("days", str), "ZONE": ("timezone", str),
}
# Every word SET takes besides TIMING's, by who may use it: the first of a group is the one HELP names, the others
# are other spellings of it. SET refuses a word not listed here, so HELP (checked against these) cannot leave one out.
PLAYER_WORDS = (("WAIT",), ("NOWAIT", "NO_WAIT"), ("PASSWORD",), ("ADDRESS",), ("ABSENCE", "NOABSENCE"),
                ("DRAW",), ("NODRAW", "NOCONCEDE"), ("CONCEDE", "CONCESSION"))
MASTER_WORDS = (("DEADLINE",), ("RULE",), ("NORULE",), ("PRIVATE",), ("PUBLIC",), ("VICTORY",))


def word_groups() -> list[tuple[str, ...]]:
    """Every SET word, grouped with its other spellings (TIMING's by the field they change)."""
    timing: dict[str, tuple[str, ...]] = {}
    for word, (field, _) in TIMING.items():
        timing[field] = timing.get(field, ()) + (word,)
    return [*PLAYER_WORDS, *MASTER_WORDS, *timing.values()]


_KNOWN = frozenset(w for group in word_groups() for w in group)
# DPjudge's SET words that this judge does otherwise: named in the refusal, with what does it here.
_ELSEWHERE = {
    "UNLISTED": "DPJUDGE'S SET UNLISTED IS DONE HERE BY SET PRIVATE <game password>, WHICH LEAVES THE GAME OUT OF "
                "LIST; NEWCOMERS GIVE THE GAME PASSWORD AT THE END OF JOIN",
    "LISTED": "DPJUDGE'S SET LISTED IS DONE HERE BY SET PUBLIC, WHICH LISTS A PRIVATE GAME AGAIN AND OPENS IT TO ALL",
}
_MASTERS = frozenset(w for group in MASTER_WORDS for w in group) | frozenset(TIMING)


class Set:
    name, aliases, block_end = "SET", (), None
    # A finished game's password, and who may look at it, may still change (judge.commands.after_end)
    after_end: ClassVar[dict[str, tuple[str, ...]]] = {"PASSWORD": SIGNED_ON, "PRIVATE": MASTER_ONLY,
                                                       "PUBLIC": MASTER_ONLY}
    syntax = "SET <what> <value>"
    help = ("WAIT, NOWAIT, PASSWORD <new>, ADDRESS <new> (then ADDRESS <new> <the code mailed to it>), "
            "ABSENCE <day> [TO <day>] (or NONE), DRAW, NODRAW, CONCEDE <power>; "
            "master: DEADLINE <when>, RULE <words>, NORULE <rule>, MOVEMENT/RETREAT/ADJUSTMENT/GRACE/REMINDER <hours>, "
            "LATE <hours between late notices>, EARLY <minutes>, TIME <HH:MM>, DAYS <MTWTF-->, ZONE <tz>, "
            "PRIVATE [<game password>], PUBLIC, VICTORY <centres>.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("SET WHAT? " + self.help)
        what, rest = args[0].upper(), args[1:]
        s.need_game()
        if what not in self.after_end:
            s.not_over()                  # (a new password, or who may look at the finished game, may still change)
        if what not in _KNOWN:
            # A word no SET knows is named as such, whoever sent it ("only the master" would mislead a player's typo).
            raise CommandError(f"UNKNOWN SETTING: {what}" + (f"; {_ELSEWHERE[what]}" if what in _ELSEWHERE else ""))
        if what in ("WAIT", "NOWAIT", "NO_WAIT"):
            set_wait(s, what == "WAIT")
        elif what == "PASSWORD":
            self._password(s, rest)
        elif what == "ADDRESS":
            set_address(s, rest)
        elif what == "ABSENCE":
            set_absence(s, rest)
        elif what == "NOABSENCE":
            set_absence(s, ["NONE"])
        elif what in ("DRAW", "NODRAW", "CONCEDE", "NOCONCEDE", "CONCESSION"):
            # njudge's spellings of VOTE.
            apply_vote(s, [what] + rest if what not in ("NODRAW", "NOCONCEDE") else ["NONE"])
        else:
            self._master(s, what, rest)
        return Continue.YES

    def _password(self, s: Session, rest: list[str]) -> None:
        if len(rest) != 1:
            raise CommandError("USE SET PASSWORD <new password> (one word)")
        game = s.need_game()
        if s.role == "master":
            forget(game.master_password)
            game.master_password = chosen_password(rest[0])
        else:
            player = game.player(s.need_power())
            forget(player.password)
            player.password = chosen_password(rest[0])
        s.say("Password changed.")

    def _master(self, s: Session, what: str, rest: list[str]) -> None:
        if what not in _MASTERS:
            raise CommandError(f"UNKNOWN SETTING: {what}")       # (a word of the table that no branch reads)
        game = s.need_master()
        value = " ".join(rest)
        if what == "DEADLINE":
            if game.rules.deadlines is DeadlineMode.MANUAL:
                # (a deadline would run, with late notices, and process the phase itself: what the rule says it never
                # does; a forming game would not even keep it at its start)
                raise CommandError(f"GAME {game.name} HAS NO DEADLINES (HOUSE RULE DEADLINES=MANUAL): PROCESS IT "
                                   "WHEN READY, OR SET RULE deadlines=auto BEFORE SET DEADLINE")
            try:
                moment = parse_moment(value, game.timing, s.now)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
            if moment <= s.now:
                raise CommandError(f"DEADLINE IN THE PAST: {show(moment, game.timing)} (USE PROCESS TO PROCESS NOW)")
            missed = game.move_deadline(moment, s.now)
            s.say(f"Deadline set to {show(game.deadline, game.timing)}.")
            if game.status == FORMING:
                s.say(f"Game {game.name} is still forming: this is its first deadline if it starts before then; "
                      "if it starts later, its first deadline counts from its start.")
            if missed:
                # (the master's LIST shows the counts: say why they moved)
                s.say(f"The deadline had passed: {', '.join(game.map.power_title(p) for p in missed)} missed it, and "
                      "this phase counts in their lateness.")
            if game.phase_grace is not None and game.phase_grace != game.timing.grace_hours and not game.paused:
                # (this phase's grace is not the one SET GRACE set: say where it ends from the new deadline)
                s.say(f"This phase keeps its grace of {say_delay(game.phase_grace, 'hours')}: orders are still "
                      f"used until {show(game.grace_until(), game.timing)}.")
            notes.deadline_reminder_note(s, game)
            if game.paused:
                s.say("The game is paused: the deadline keeps the time it has left from now, and RESUME moves it "
                      "by the time the game stays paused from now on.")
            away = [a for a in game.absences if datetime.fromisoformat(a["from"]) <= moment
                    < datetime.fromisoformat(a["to"])]
            if away:
                # The master may override an absence, but knowingly: the player was told no deadline falls then.
                s.say("Note: that deadline falls inside an absence: " + "; ".join(
                    f"{'the master' if a['who'] == MASTER else game.map.power_title(a['who'])} is away from "
                    f"{show(datetime.fromisoformat(a['from']), game.timing)} to "
                    f"{show(datetime.fromisoformat(a['to']), game.timing)}" for a in away) + ".")
            s.effect("notify", ("deadline changed", [f"The master has set the deadline of {game.name} to "
                                                     f"{show(game.deadline, game.timing)}{notes.while_paused(game)}."],
                                "all"))
        elif what == "RULE":
            before, was = game.rules, notes.clock_due(game, s.now)
            mode = game.rules.deadlines
            unusable = unusable_orders(game)
            try:
                game.set_rules(rest)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
            _keep_start_rules(game, before)
            s.say(f"Rules now: {', '.join(_said(w) for w in rest)}.")
            drop_unusable(s, game, unusable)
            rules_changed(s, game, before)
            _ready_again(game, s.now)
            notes.deadline_mode(s, game, mode)
            notes.due_note(s, game, was)
            notes.full_note(s, game)
        elif what == "NORULE":
            names = [r.lower().replace("-", "_") for r in rest]
            unknown = [n for n in names if n not in RULES_BY_NAME]
            if unknown or not names:
                raise CommandError(f"UNKNOWN RULE: {' '.join(unknown).upper() or '(none given)'}")
            before, was = game.rules, notes.clock_due(game, s.now)
            unusable = unusable_orders(game)
            game.rules = game.rules.replace(**{n: getattr(Ruleset(), n) for n in names})
            _keep_start_rules(game, before)
            s.say(f"Back to the default for: {', '.join(names)}.")
            drop_unusable(s, game, unusable)
            rules_changed(s, game, before)
            _ready_again(game, s.now)
            notes.deadline_mode(s, game, before.deadlines)
            notes.due_note(s, game, was)
            notes.full_note(s, game)
        elif what in ("PRIVATE", "PUBLIC"):
            if len(rest) > 1:
                raise CommandError("USE SET PRIVATE [<game password>] (one word) OR SET PUBLIC")
            game.private = what == "PRIVATE"
            forget(game.privacy)
            game.privacy = chosen_password(rest[0]) if game.private and rest else ""
            s.say(f"Game {game.name} is now {what.lower()}" + (
                "; newcomers give the game password at the end of JOIN, OBSERVE, TAKEOVER, LIST, HISTORY or "
                "SUMMARY." if game.privacy else ("; only its players and you can reach it." if game.private else
                                                 ".")))
        elif what == "VICTORY":
            total = len(game.map.centers)
            if len(rest) != 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= total:
                raise CommandError(f"USE SET VICTORY <centres> (1 TO {total})")
            before = game.victory_centers()
            game.victory = int(rest[0])
            s.say(f"A solo victory now takes {game.victory} supply centres.")
            victory_changed(s, game, before)
            reached = victory_reached(game)
            if reached:
                s.say("Note: " + reached)
        elif what in TIMING:
            field, unit = TIMING[what]
            try:
                if field in LIMITS:
                    # The ranges config.ini has too: out of them, a delay would overflow the clock's arithmetic.
                    parsed = check_limit(field, parse_delay(value, unit))
                elif field == "time_of_day" and value.strip().upper() in ("NONE", "-"):
                    parsed = ""                   # (no time of day: deadlines fall exactly after the delay)
                else:
                    parsed = value.strip()
                    if not parsed:
                        raise ValueError("nothing given" + ("; SET TIME NONE takes the time of day away"
                                                            if field == "time_of_day" else ""))
                    # (a time of day kept as plain HH:MM: its pattern also takes other scripts' digits, "１８:００"
                    # from a Japanese keyboard, which were stored and shown to every player as typed)
                    parsed = {"time_of_day": plain_time, "days": parse_days, "timezone": canonical_zone}[field](parsed)
            except ValueError as exc:
                raise CommandError(f"SET {what}: {value or '(nothing)'} IS NOT VALID ({exc})") from None
            before = game.timing
            if field == "grace_hours" and game.status == PLAYING and game.deadline is not None \
                    and game.phase_grace is None:
                game.phase_grace = before.grace_hours          # the phase keeps the grace it began with
            game.timing = dataclasses.replace(game.timing, **{field: parsed})
            if field == "early_minutes" and parsed < 0:
                s.say("Early processing is off: each phase waits for its deadline.")
            elif field == "time_of_day" and not parsed:
                s.say("Time of day taken away: deadlines fall exactly after the phase's delay.")
            elif field == "reminder_hours" and not parsed:
                s.say("Reminders are off: no reminder goes before a deadline.")     # (not "set to 0 hours")
            elif field == "late_notice_hours" and not parsed:
                s.say("Late notices: one only, at the deadline.")
            else:
                s.say(f"{what.title()} set to {say_delay(parsed, unit) if field in LIMITS else parsed}.")
            notes.current_deadline_note(s, game, field, before)
            timing_changed(s, game, field, getattr(before, field))
            if field == "grace_hours":
                notes.current_grace_note(s, game)
            if field == "reminder_hours":
                notes.reminder_note(s, game.timing)
            elif field in ("movement_hours", "retreat_hours", "adjustment_hours"):
                notes.reminder_note(s, game.timing, before)      # (a phase made too short for its reminder)
            if field == "early_minutes":
                notes.early_note(s, game)
        else:
            raise CommandError(f"UNKNOWN SETTING: {what}")


def _said(word: str) -> str:
    """A rule word as the reply repeats it: DPjudge's name with the rule it set (NO_PRESS (press=none))."""
    key = word.strip().lower().replace("-", "_")
    alias = DPJUDGE_NAMES.get(key.lstrip("!"))
    if alias is None or "=" in key:
        return word
    return f"{word} ({alias[0]}={alias[2] if key.startswith('!') else alias[1]})"


def _keep_start_rules(game, before: Ruleset) -> None:
    """mobilize says how a game begins: switched on once it has begun, it would be announced and listed while
    nothing changes, so it is refused (the rules set back, as the message is). Off stays allowed: it changes nothing
    either, and a game given it after its start by an earlier release can be put right."""
    if game.position is not None and game.rules.mobilize and not before.mobilize:
        game.rules = before
        raise CommandError(f"RULE MOBILIZE SAYS HOW A GAME BEGINS: GAME {game.name} HAS BEGUN WITHOUT IT, SO IT "
                           "CANNOT BE SWITCHED ON")


def _ready_again(game, now: datetime) -> None:
    """A rule may change who holds the phase up (cd_dummies: the dummies): early processing counts from the moment
    every order the rules now ask for is in, not from a readiness the old rules gave."""
    if game.position is not None and not game.over:
        game._note_readiness(now)
