"""judge serve over real SMTP, games as masters run them: a game ended by a draw vote (secret votes, one withdrawn on
the way), one ended by a concession, one where an absence moves the deadline and the master pauses and resumes the
game across a restart of the daemon, and one in grey press where no mail gives the sender away. After every step
the scheduler's jobs are a fresh start-up's, and no mail shows anyone another player's address.

The clock is injected: T0 is Mon 5 Jan 2026 12:00 UTC; a game started then has its Spring 1901 deadline on Thu Jan
08 12:00 (72 hours), a reminder a day before it and a grace period of a day after it."""
import asyncio
from datetime import datetime, timedelta, timezone

from tests.daemon.conftest import Clock, Daemon, Relay, assert_clock_as_at_start, send, settings_for, settle
from tests.e2e.conftest import T0, check_mail_privacy, owners_in_games

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
GM = "gm@example.org"
WATCHER = "watcher@example.org"
ALL_SEVEN = "Austria, England, France, Germany, Italy, Russia and Turkey"
HOLDS = {
    "AUSTRIA": "A VIE H\nA BUD H\nF TRI H", "ENGLAND": "F LON H\nF EDI H\nA LVP H",
    "FRANCE": "F BRE H\nA PAR H\nA MAR H", "GERMANY": "F KIE H\nA BER H\nA MUN H",
    "ITALY": "F NAP H\nA ROM H\nA VEN H", "RUSSIA": "F STP/SC H\nA MOS H\nA WAR H\nF SEV H",
    "TURKEY": "F ANK H\nA CON H\nA SMY H",
}


def text_of(m) -> str:
    """A message's text (a results mail may carry the map as an attachment beside it)."""
    parts = [m] if not m.is_multipart() else [p for p in m.walk() if p.get_content_type() == "text/plain"]
    return "".join(p.get_content() for p in parts).replace("\r\n", "\n")


def address(power: str) -> str:
    return f"{power.lower()}@example.org"


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


class Post:
    """A relay and judge serve on loopback, with the checks made after every step."""

    def __init__(self, tmp_path, game: str):
        self.tmp_path = tmp_path
        self.game = game
        self.relay = Relay()
        self.clock = Clock()
        self.daemon: Daemon | None = None
        self.port = 0
        self.owner: dict[str, str] = {}
        self.checked = 0          # relay messages already checked for privacy
        self.read = 0             # relay messages already handed out by new()

    async def start(self) -> None:
        if not self.relay.port:
            await self.relay.start()
        self.daemon = Daemon(settings_for(self.tmp_path, self.relay.port), clock=self.clock, send_interval=0.05)
        _, self.port = await self.daemon.start("127.0.0.1", 0)
        await self.settled()

    async def stop(self) -> None:
        if self.daemon is not None:
            await self.daemon.stop()
            self.daemon = None

    async def close(self) -> None:
        await self.stop()
        await self.relay.stop()

    async def restart(self) -> None:
        """Stop judge serve and start a new one on the same folders (the same clock)."""
        await self.stop()
        await self.start()

    # -- steps -------------------------------------------------------------------------------------------------------
    async def mail(self, sender: str, body: str) -> None:
        assert await send(self.port, sender, body) == {}
        await self.settled()

    async def signon(self, power: str, *lines: str) -> str:
        """A player's message; returns the judge's reply to it."""
        await self.mail(address(power), "\n".join([f"SIGNON {power[0]}{self.game} pw-{power.lower()}", *lines]))
        return self.reply(address(power))

    async def master(self, *lines: str) -> str:
        await self.mail(GM, "\n".join([f"SIGNON M{self.game} gm-pass", *lines]))
        return self.reply(GM)

    async def at(self, moment: datetime) -> None:
        """The clock jumps to `moment`; the real scheduler fires what became due."""
        self.clock.now = moment
        self.daemon.deadlines.clock_moved()
        await self.settled()

    async def settled(self) -> None:
        await settle(self.daemon)
        assert_clock_as_at_start(self.daemon)
        self.check_privacy()

    def check_privacy(self) -> None:
        # At the end too: what the house rule reveal lets be seen (owners_in_games knows it), nothing more.
        masters = owners_in_games(self.tmp_path / "games", self.owner)
        fresh = [m for _, _, m in self.relay.messages[self.checked:]]
        self.checked += len(fresh)
        check_mail_privacy(fresh, self.owner, masters)

    # -- reading the mail --------------------------------------------------------------------------------------------
    def new(self) -> list:
        """(recipient, subject, body) of each message the relay got since the last call."""
        got = self.relay.messages[self.read:]
        self.read += len(got)
        return [(rcpts[0], str(m["Subject"]), text_of(m)) for _, rcpts, m in got]

    def reply(self, to: str) -> str:
        replies = [m for m in self.relay.to(to) if str(m["Subject"]).startswith(("Re:", "Diplomacy orders "))]
        assert replies, f"no reply to {to}"
        return text_of(replies[-1])

    def status(self):
        return self.daemon.judge.store.load(self.game)

    async def start_game(self, *setup: str, players=POWERS) -> None:
        await self.mail(GM, "\n".join([f"CREATE {self.game} gm-pass", *setup]))
        for power in players:
            await self.mail(address(power), f"JOIN {self.game} pw-{power.lower()} {power[0]}")
        assert self.status().status == "active"
        assert self.daemon.deadlines.wakeups[self.game] == utc(2026, 1, 7, 12)      # the reminder


def run(tmp_path, scenario, game: str, post_class: type = None) -> None:
    async def go():
        post = (post_class or Post)(tmp_path, game)
        await post.start()
        try:
            await scenario(post)
        finally:
            await post.close()
    asyncio.run(go())


# -- a draw, with secret votes and one withdrawn ------------------------------------------------------------------
def test_a_game_ends_in_a_draw_of_all_survivors(tmp_path):
    run(tmp_path, _draw, "dias")


async def _draw(post: Post):
    await post.start_game("SET EARLY 0")
    await post.mail(WATCHER, "OBSERVE dias")
    for power in POWERS:
        await post.signon(power, HOLDS[power])
    await post.at(T0 + timedelta(seconds=1))                  # every order in, EARLY 0: processed at once
    assert str(post.status().position.phase) == "F1901M"
    post.new()

    # Secret votes (the default): each voter hears back, nobody else hears anything.
    for power in POWERS[:-1]:
        reply = await post.signon(power, "VOTE DRAW")
        assert f"{power.title()} votes for a draw including all survivors." in reply
    assert {to for to, _, _ in post.new()} == {address(p) for p in POWERS[:-1]}    # the replies, nothing else
    assert "France withdraws its vote." in await post.signon("FRANCE", "VOTE NONE")
    assert "Turkey votes for a draw" in await post.signon("TURKEY", "VOTE DRAW")
    assert [to for to, _, _ in post.new()] == [address("FRANCE"), address("TURKEY")]
    game = post.status()
    assert game.status == "active" and sorted(game.votes) == sorted(p for p in POWERS if p != "FRANCE")
    master = await post.master("LIST dias")
    assert "Votes (shown to the master):" in master and "France:" not in master.split("Votes")[1].split("House")[0]

    # France votes again: every survivor agrees.
    reply = await post.signon("FRANCE", "VOTE DRAW")
    assert f"Every survivor agrees: the game is over (a draw between {ALL_SEVEN})." in " ".join(reply.split())
    ends = {to: body for to, _, body in post.new() if "Supply centres at the end:" in body}
    assert set(ends) == {address(p) for p in POWERS} | {GM, WATCHER}
    text = ends[WATCHER]
    assert " ".join(text.split("\n\n", 1)[1].split()).startswith(
        f"Game 'dias' has been declared a draw between {ALL_SEVEN}. The game is over (in F1901M). Sup")
    assert "  France    first player (from S1901M to the end)\n" in text and "@" not in text      # reveal=none
    assert "  France    france@example.org (from S1901M to the end)\n" in ends[GM]             # the master's
    assert "dias" not in post.daemon.deadlines.wakeups and post.daemon.judge.store.wakeup("dias") is None

    # The game is over: an order or a vote is refused, and answered so.
    reply = await post.signon("GERMANY", "A BER - KIE")
    assert "GAME dias IS OVER (A DRAW BETWEEN" in reply and "NO MORE ORDERS" in reply
    reply = await post.signon("GERMANY", "VOTE NONE")
    assert f"GAME dias IS OVER (A DRAW BETWEEN {ALL_SEVEN.upper()}): NO MORE VOTES" in " ".join(reply.split())
    await post.at(utc(2026, 3, 1))                              # long after any deadline: nothing happens
    assert [to for to, _, _ in post.new()] == [address("GERMANY"), address("GERMANY")]


# -- a concession -----------------------------------------------------------------------------------------------------
def test_a_game_ends_by_concession(tmp_path):
    run(tmp_path, _concession, "cede")


async def _concession(post: Post):
    await post.start_game("SET RULE draw_votes=counts")
    await post.master("DUMMY ITALY")                            # a dummy agrees to a concession
    post.new()
    for n, power in enumerate(["AUSTRIA", "ENGLAND", "GERMANY", "RUSSIA"], 1):
        reply = await post.signon(power, "VOTE CONCEDE France")
        assert f"{power.title()} votes for conceding the game to France." in reply
        # The news of the votes waits ten minutes on the real scheduler, gathering the votes cast meanwhile.
        await post.at(post.clock.now + timedelta(minutes=10))
        counts = {to: body for to, subject, body in post.new() if "votes" in subject and not subject.startswith("Re:")}
        assert set(counts) == {address(p) for p in POWERS if p != "ITALY"} | {GM}
        assert counts[GM] == (f"The votes have changed.\n{n} of the 6 powers with a vote {'is' if n == 1 else 'are'} "
                              "for conceding the game to France.\n")
    assert post.status().status == "active"                    # Turkey has not conceded yet
    reply = await post.signon("TURKEY", "SET CONCEDE F")        # njudge's spelling
    assert "Every survivor agrees: the game is over (the game was conceded to France)." in " ".join(reply.split())
    ends = {to: body for to, _, body in post.new() if "Supply centres at the end:" in body}
    assert set(ends) == {address(p) for p in POWERS if p != "ITALY"} | {GM}
    assert " ".join(ends[address("GERMANY")].split("\n\n")[1].split()) == \
        "Game 'cede' has been conceded to France. The game is over (in S1901M)."
    assert "  Italy     first player (from S1901M to S1901M, then a dummy)\n" in ends[address("GERMANY")]
    assert "  Italy     italy@example.org (from S1901M to S1901M, then a dummy)\n" in ends[GM]
    listing = (await post.mail("someone@example.org", "LIST"), post.reply("someone@example.org"))[1]
    assert "Finished games:\n  cede                  the game was conceded to France" in listing
    assert post.daemon.deadlines.wakeups == {}


# -- an absence, and a pause across a restart -------------------------------------------------------------------------
def test_an_absence_and_a_pause_held_across_a_restart(tmp_path):
    run(tmp_path, _pause, "hold")


async def _pause(post: Post):
    await post.start_game()
    post.new()
    # France is away Jan 7-9: the deadline (Jan 08 12:00) moves to the end of the absence, Sat Jan 10 00:00.
    reply = await post.signon("FRANCE", "SET ABSENCE 7 Jan TO 9 Jan")
    assert "Noted: France is away from Wed 7 Jan 2026 00:00 UTC to Sat 10 Jan 2026 00:00 UTC" in \
        " ".join(reply.split())
    moved = {to: body for to, subject, body in post.new() if "deadline changed" in subject}
    assert set(moved) == {address(p) for p in POWERS} | {GM}
    assert moved[address("ITALY")] == "The deadline of game hold has moved to Sat 10 Jan 2026 00:00 UTC.\n"
    assert post.status().deadline == utc(2026, 1, 10)
    assert post.daemon.deadlines.wakeups["hold"] == utc(2026, 1, 9)            # the reminder, a day before

    # Jan 07 00:00: the master pauses, 72 hours before the deadline.
    await post.at(utc(2026, 1, 7))
    reply = await post.master("PAUSE")
    assert "Game hold is paused." in reply
    assert "hold" not in post.daemon.deadlines.wakeups
    paused = {to for to, subject, _ in post.new() if "paused" in subject}
    assert paused == {address(p) for p in POWERS} | {GM}

    # judge serve stops and starts again: the pause holds.
    await post.restart()
    assert post.status().paused_since == utc(2026, 1, 7)
    assert "hold" not in post.daemon.deadlines.wakeups
    for moment in (utc(2026, 1, 9), utc(2026, 1, 10), utc(2026, 1, 11, 6), utc(2026, 1, 12)):
        await post.at(moment)                   # the reminder, the deadline, late notices, the grace period's end
    assert post.new() == []                     # not one of them fired
    assert str(post.status().position.phase) == "S1901M" and post.status().history == []

    # Jan 12 00:00, five days later: RESUME. The deadline had 72 hours left: Thu Jan 15 00:00.
    reply = await post.master("RESUME")
    assert "Game hold is running again. The deadline is Thu 15 Jan 2026 00:00 UTC." in reply
    resumed = {to: body for to, subject, body in post.new() if "resumed" in subject}
    assert resumed[address("TURKEY")] == ("The master has resumed game hold. The deadline is Thu 15 Jan 2026 "
                                          "00:00 UTC.\n")
    assert post.status().deadline == utc(2026, 1, 15)
    assert post.daemon.deadlines.wakeups["hold"] == utc(2026, 1, 14)

    # Everyone but Turkey orders; the reminder comes a day before the new deadline, the late notice at it.
    for power in POWERS[:-1]:
        await post.signon(power, HOLDS[power])
    post.new()
    await post.at(utc(2026, 1, 14) - timedelta(minutes=1))
    assert post.new() == []
    await post.at(utc(2026, 1, 14))
    assert [to for to, _, _ in post.new()] == [address("TURKEY")]               # the reminder
    await post.at(utc(2026, 1, 15) - timedelta(minutes=1))
    assert post.new() == []
    await post.at(utc(2026, 1, 15))
    late = {to for to, _, body in post.new() if "Turkey" in body}
    assert late == {address("TURKEY"), GM}
    await post.at(utc(2026, 1, 16))                                             # the grace period is over
    game = post.status()
    assert game.history == ["S1901M"] and str(game.position.phase) == "F1901M"


# -- grey press -----------------------------------------------------------------------------------------------------
def test_grey_press_never_gives_the_sender_away(tmp_path):
    run(tmp_path, _grey, "grey")


async def _grey(post: Post):
    await post.start_game("SET RULE press=grey observer_press")
    await post.mail(WATCHER, "OBSERVE grey")
    post.new()
    reply = await post.signon("FRANCE", "PRESS TO G", "Beware of England.", "ENDPRESS")
    assert "Press sent to Germany (grey)." in reply
    reply = await post.signon("FRANCE", "BROADCAST", "Trust nobody.", "ENDBROADCAST")
    assert "Broadcast sent (grey)." in reply
    reply = await post.signon("FRANCE", "PRESS TO G E", "A secret for two.", "ENDPRESS")
    refused = await post.signon("FRANCE", "PRESS TO G WHITE", "Signed, France.", "ENDPRESS")
    assert "GAME grey HAS GREY PRESS ONLY: WHITE IS NOT AVAILABLE" in refused
    await post.mail(WATCHER, "OBSERVE grey\nBROADCAST\nA kibitzer speaks.\nENDBROADCAST")
    await post.mail(address("GERMANY"), "SIGNON Ggrey pw-germany\nARCHIVE")
    await post.mail("someone@example.org", "ARCHIVE grey")
    got = post.new()
    press = [(to, subject, body) for to, subject, body in got if not subject.startswith(("Re:", "Diplomacy orders "))]
    assert sorted(to for to, _, body in press if "Beware of England." in body) == [address("GERMANY")]
    assert sorted(to for to, _, body in press if "Trust nobody." in body) == sorted(
        [address(p) for p in POWERS if p != "FRANCE"] + [GM, WATCHER])
    assert sorted(to for to, _, body in press if "A secret for two." in body) == [address("ENGLAND"),
                                                                                   address("GERMANY")]
    assert not any("Signed, France." in body for _, subject, body in press)      # refused: sent to nobody
    kibitz = [subject for to, subject, body in press if "A kibitzer speaks." in body and to != GM]
    assert len(kibitz) == 7 and all("broadcast from an observer" in subject for subject in kibitz)
    # Every mail the relay got since, to anyone but France and the master: no France, no French, no address.
    for to, subject, body in got:
        if to in (address("FRANCE"), GM):
            continue
        text = (subject + "\n" + body).lower()
        assert "france" not in text and "french" not in text, (to, subject, body)
    from_france = [subject for to, subject, body in press if to != GM and "A kibitzer" not in body]
    assert len(from_france) == 1 + 7 + 2 and all("from an anonymous power" in subject for subject in from_france)
    archive = [body for to, subject, body in got if to == address("GERMANY") and subject.startswith("Re:")][-1]
    assert "Beware of England." in archive and "A secret for two." in archive and "from an anonymous power" in archive
    public = post.reply("someone@example.org")
    assert "Trust nobody." in public and "Beware of England." not in public
    # The master may know: the broadcast's copy names the sender.
    [to_master] = [body for to, _, body in press if to == GM and "Trust nobody." in body]
    assert "France (shown as: an anonymous power)" in to_master
