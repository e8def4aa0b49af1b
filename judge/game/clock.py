"""A game's clock: the phase's deadline (absences honoured), what is due when (early processing, reminders, late
notices, civil disorder), pauses, extensions and the manual mode. A mixin of judge.game.Game; pure."""
from __future__ import annotations

from datetime import datetime, timedelta

from judge.deadlines import PAUSED, after_absences, next_deadline, reminder_time, settle, show
from judge.game.roles import ACTIVE, DUMMY, MASTER, PLAYING, GameError
from judge.rules import DeadlineMode, LatePowers

REMINDER_MARGIN = timedelta(hours=1)     # a reminder this close to the phase's start would come with the results
# Votes cast within this time make one notice to everyone (seven votes in three seconds are one mail, not seven).
VOTE_NEWS_DELAY = timedelta(minutes=10)
# At most this many late notices a phase, to each late player: a delay of a minute (SET LATE 1m) over a grace of days
# would otherwise be thousands of mails, and as many wake-ups for the scheduler to list.
LATE_NOTICES_MAX = 48


def late_words(grace_end: str) -> str:
    """What a late player may still do, as the late notice says it (the pages, LIST and STATUS say it so too)."""
    return f"orders arriving before {grace_end} will still be used"


class GameClock:
    """Game methods about time (the fields live in Game)."""

    def start_phase(self, now: datetime) -> None:
        for p in self.players:
            p.orders, p.submitted, p.late_notices, p.reminded = [], False, 0, False
            p.wait = False                        # as DPjudge: WAIT holds for one phase
            p.missed = p.after_grace = False
        self.phase_grace = None                   # (a grace changed during the last phase applies from now)
        self.preview_sent = False
        self.ready_since = None
        self.phase_started = now
        self.deadline = self.phase_deadline(now)
        if self.paused:
            # Processed while paused (the master's PROCESS): the new phase is paused from its start, so that RESUME
            # gives it its whole time, not that time less the pause before it began.
            self.paused_since = now
        self._note_readiness(now)

    def phase_deadline(self, start: datetime) -> datetime | None:
        """The deadline of a phase starting at `start`: none in the manual mode; moved past any absence."""
        if self.rules.deadlines is DeadlineMode.MANUAL:
            return None
        return after_absences(next_deadline(start, self.position.phase.kind, self.timing), self.absence_spans(),
                              self.timing)

    def absence_spans(self) -> list[tuple[datetime, datetime]]:
        return [(datetime.fromisoformat(a["from"]), datetime.fromisoformat(a["to"])) for a in self.absences]

    @property
    def paused(self) -> bool:
        return self.paused_since is not None

    def deadline_shown(self, long: bool = False, now: datetime | None = None) -> str:
        """The deadline as replies state it: while paused, that none runs (the stored one is not what will hold);
        given `now`, while the grace period runs, that it passed and until when late orders still count (as the late
        notice promised: a bare past deadline read as 'too late')."""
        if self.paused:
            return PAUSED
        grace = self.grace_end(now) if now is not None else None
        shown = show(self.deadline, self.timing, long)
        if now is not None and self.past_grace(now):
            # (a bare past date read as a deadline)
            return f"{shown} (passed, and its grace period: the game waits for the late orders, or the master)"
        return shown if grace is None else f"{shown} (passed: {late_words(show(grace, self.timing, long))})"

    def grace_end(self, now: datetime) -> datetime | None:
        """The end of the grace period while it runs (the deadline passed, late orders still used), else None."""
        if self.status != PLAYING or self.paused or self.deadline is None or now < self.deadline:
            return None
        end = self.grace_until()
        return end if now < end else None

    def past_grace(self, now: datetime) -> bool:
        """Whether the deadline and its grace period have both passed in a running game: under late_powers=preview
        or resign it then waits for the late orders, or the master."""
        return self.status == PLAYING and self.deadline_passed(now) and self.grace_end(now) is None

    def undated_words(self) -> str:
        """Beside a ':: Deadline:' line that gives the time of the mail, not a deadline (header_deadline): why, in
        words, so that nobody takes that time for a deadline. Empty while a deadline runs."""
        if self.status != PLAYING:
            return ""
        if self.paused:
            return (f"Game {self.name} is paused: no deadline runs until the master resumes it; it then has the time "
                    "it had left.")
        return "There is no deadline: the master processes the game." if self.deadline is None else ""

    def header_deadline(self, now: datetime) -> str:
        """The moment a ':: Deadline:' line gives (DPjudge's filters and Mapper read a date and a zone there): the
        deadline; while paused or with none at all (deadlines=manual), the time now, as DPjudge writes then (its
        header's "pseudo" deadline), never words a reader would take for a date."""
        return show(now if self.paused or self.deadline is None else self.deadline, self.timing)

    def deadline_passed(self, now: datetime) -> bool:
        """Has the deadline passed? While paused, as of the pause: the game's time stopped then."""
        if self.deadline is None:
            return False
        return (now if self.paused_since is None else self.paused_since) >= self.deadline

    def grace_until(self) -> datetime:
        """The end of the phase's grace period. A grace the master changes applies from the next phase (as the other
        delays do): the current one keeps the grace it began with, which late players have been promised."""
        hours = self.timing.grace_hours if self.phase_grace is None else self.phase_grace
        return self.deadline + timedelta(hours=hours)

    def _unreminded(self) -> bool:
        """A late player who can get a reminder and has not had one (a vacant power has nobody to mail)."""
        return any(not p.reminded and p.address for p in self.late_players())

    # -- the master's and the players' changes -------------------------------------------------------------------
    def pause(self, now: datetime) -> None:
        if self.status != PLAYING:
            raise GameError(f"GAME {self.name} IS NOT ACTIVE: NOTHING TO PAUSE")
        if self.paused:
            raise GameError(f"GAME {self.name} IS ALREADY PAUSED")
        self.paused_since = now

    def resume(self, now: datetime) -> None:
        """Go on where the game stopped: the deadline and an early processing keep the time they had left."""
        if not self.paused:
            raise GameError(f"GAME {self.name} IS NOT PAUSED")
        gone = now - self.paused_since
        self.paused_since = None
        if self.deadline is not None:
            # The pause, not the sum, to the nearest whole minute: a pause of 2 days less a few milliseconds would
            # make 20:59 of 21:00, and a deadline given to the second (SET DEADLINE +3d) keeps the minute shown.
            moved = self.deadline + timedelta(minutes=round(gone / timedelta(minutes=1)))
            self.deadline = after_absences(moved, self.absence_spans(), self.timing)
            # (moved by the pause alone, a reminder sent before it stays before the RESUME; past an absence, later)
            self._remind_anew(now)
        if self.ready_since is not None:
            self.ready_since += gone

    def set_deadline(self, moment: datetime | None, now: datetime) -> None:
        """A deadline set anew (the master's SET DEADLINE, a rollback, a change of mode): reminders and late notices
        count from it, as for a new phase. Set while paused, it keeps the time it has left from now: RESUME moves it
        by the time paused from now on, not since the pause began."""
        self.deadline = moment
        self.preview_sent = False
        for p in self.players:
            p.late_notices, p.after_grace = 0, False
        if self.paused:
            if self.ready_since is not None:
                self.ready_since += now - self.paused_since     # (early processing keeps what it had left)
            self.paused_since = now
        self._remind_anew(now)

    def _remind_anew(self, now: datetime) -> None:
        """The deadline moved: a player reminded already is reminded again when the new deadline's reminder time is
        still ahead (as DPjudge's check reminds whenever its run falls in the hours before the deadline then in
        force), not when it has passed: the notice of the move has just told everyone, and a second reminder would
        follow it at once. One not reminded yet keeps the reminder owed (at once if its time has passed)."""
        remind = self.reminder_time() if self.deadline is not None else None
        if remind is None or remind > now:
            for p in self.players:
                p.reminded = False

    def add_absence(self, who: str, start: datetime, end: datetime, now: datetime) -> bool:
        """Record an absence; returns whether the current deadline moved because of it."""
        # A player's past absences still count against absence_count (a limit per game); the master's, which have
        # no limit, are dropped once over.
        self.absences = [a for a in self.absences if a["who"] != MASTER or datetime.fromisoformat(a["to"]) > now]
        self.absences.append({"who": who, "from": start.isoformat(), "to": end.isoformat()})
        if self.deadline is None or self.paused:
            return False                  # (paused: RESUME moves the deadline past the absences then)
        moved = after_absences(self.deadline, self.absence_spans(), self.timing)
        if moved != self.deadline:
            self.deadline = moved
            self._remind_anew(now)
            return True
        return False

    def absences_of(self, who: str) -> list[dict]:
        return [a for a in self.absences if a["who"] == who]

    def cancel_absences(self, who: str, now: datetime) -> int:
        """End `who`'s absences not yet over; how many. A player's still count against the game's limit (ended now:
        set and cancelled again and again, they would move the deadline without end); the master's go. The
        deadline stays where it is: it was announced."""
        out, gone = [], 0
        for a in self.absences:
            if a["who"] != who or datetime.fromisoformat(a["to"]) <= now:
                out.append(a)
                continue
            gone += 1
            if who != MASTER:
                start = min(datetime.fromisoformat(a["from"]), now)
                out.append({**a, "from": start.isoformat(), "to": now.isoformat()})
        self.absences = out
        return gone

    def extend(self, power: str, now: datetime) -> datetime:
        """A player's extension of the deadline, as the house rules allow; returns the new deadline."""
        rules = self.rules
        player = self.player(power)
        if rules.extension_count == 0:
            raise GameError(f"GAME {self.name} ALLOWS NO DEADLINE EXTENSIONS")
        if self.deadline is None:
            raise GameError(f"GAME {self.name} HAS NO DEADLINE TO EXTEND")
        if self.paused:
            # The deadline is not running: an extension now would be announced, then moved again by RESUME.
            raise GameError(f"GAME {self.name} IS PAUSED: THE DEADLINE IS NOT RUNNING, NOTHING TO EXTEND")
        if player.extensions >= rules.extension_count:
            raise GameError(f"YOU HAVE USED ALL {rules.extension_count} EXTENSION(S) THIS GAME ALLOWS")
        player.extensions += 1
        # At the game's time of day on one of its playing days, as every deadline (then past any absence).
        later = settle(max(self.deadline, now) + timedelta(hours=rules.extension_hours), self.timing)
        self.move_deadline(after_absences(later, self.absence_spans(), self.timing), now)
        return self.deadline

    def move_deadline(self, moment: datetime, now: datetime) -> list[str]:
        """The phase's deadline moved (a player's EXTEND, the master's SET DEADLINE).

        In the grace period the deadline has been missed already: a later one gives the late powers time, it does not
        undo that. Their phase counts in their lateness now (a deadline moved past now would no longer say it
        passed), and having had the late notice they get no reminder that the deadline is still to come. Returns
        the powers that missed it."""
        missed = self.owing_players() if self.deadline_passed(now) else []
        for p in missed:
            self._count_late(p)
        self.set_deadline(moment, now)
        for p in missed:
            p.reminded = True
        return [p.power for p in missed]

    # -- what is due ---------------------------------------------------------------------------------------------
    def due(self, now: datetime) -> str | None:
        """What the clock asks of the game now: 'process', 'remind', 'late' (notices), 'disorder', 'votes' (the
        news of changed votes), or None."""
        if self.status == PLAYING and self.vote_news is not None and now >= self.vote_news:
            return "votes"
        if self.status != PLAYING or self.deadline is None or self.paused:
            return None
        early = self.early_time()
        if early is not None and now >= early:
            return "process"
        if now < self.deadline:
            remind = self.reminder_time()
            if remind is not None and now >= remind and self._unreminded():
                return "remind"
            return None
        if not self.owing_players():
            return "process"
        # 'late' and 'disorder' only when there is something to do: a scheduler asks next_wakeup(), which answers
        # "now" whenever due() is not None, and would otherwise spin through the whole grace period (notices
        # already sent) and forever after a preview or resignation (the game waits for a message).
        if now >= self.grace_until():
            return "disorder" if self._disorder_pending() else None
        count = self.late_notice_count(now)
        return "late" if any(p.late_notices < count for p in self.owing_players()) else None

    def reminder_time(self) -> datetime | None:
        """When the reminder goes, if one goes: not when it would come with the results of the phase before."""
        remind = reminder_time(self.deadline, self.timing)
        if remind is None or (self.phase_started is not None and remind < self.phase_started + REMINDER_MARGIN):
            return None
        return remind

    def late_notice_count(self, now: datetime) -> int:
        """How many late notices each late player should have had by `now` (one per interval from the deadline)."""
        interval = self.timing.late_notice_hours
        elapsed_hours = (now - self.deadline).total_seconds() / 3600
        return min(LATE_NOTICES_MAX, 1 + (int(elapsed_hours // interval) if interval > 0 else 0))

    def _disorder_pending(self) -> bool:
        """After the grace period: has the late_powers rule still something to do?"""
        rule = self.rules.late_powers
        if rule is LatePowers.PREVIEW:
            return not self.preview_sent
        if rule is LatePowers.RESIGN:
            return any(p.status == ACTIVE and not p.after_grace for p in self.owing_players())
        return True

    def early_time(self) -> datetime | None:
        """When the game may be processed early (every order in, nobody waiting), if it may."""
        if self.ready_since is None or self.deadline is None:
            return None
        ordering = self.ordering_players()
        if self.position.phase.kind == "M" and all(p.status == DUMMY for p in ordering):
            # Nobody, or only dummies (whose default orders nobody sends), has anything to order: the movement phase
            # waits for its deadline. Played at once, the phases of a board with no unit, or with dummies' units
            # only, would follow one another as fast as the judge can process them, forever.
            return None
        if not ordering:
            # Nobody has anything to order: a retreat phase of destroyed units only, which processing now skips
            # (judge.game.ordering), left from before in a saved game or a snapshot a ROLLBACK restores; an
            # adjustment phase with nothing to adjust.
            return self.ready_since
        if self.timing.early_minutes < 0:
            return None
        return self.ready_since + timedelta(minutes=self.timing.early_minutes)

    def next_wakeup(self, now: datetime) -> datetime | None:
        """The next moment the clock has something to do for this game (None: nothing until a message arrives)."""
        news = [self.vote_news] if self.status == PLAYING and self.vote_news is not None else []
        if self.status != PLAYING or self.deadline is None or self.paused:
            if news and self.due(now) is not None:
                return now
            return news[0] if news and news[0] > now else None
        moments = [self.deadline, *news]
        early = self.early_time()
        if early is not None:
            moments.append(early)
        remind = self.reminder_time()
        if remind is not None and self._unreminded():
            moments.append(remind)
        if self.owing_players():
            end = self.grace_until()
            moments.append(end)
            step = self.timing.late_notice_hours
            if step > 0:
                t = self.deadline
                for _ in range(LATE_NOTICES_MAX):
                    if t >= end:
                        break
                    moments.append(t)
                    t += timedelta(hours=step)
        future = [t for t in moments if t > now]
        if self.due(now) is not None:
            return now
        return min(future) if future else None
