"""The limits on strangers over real SMTP (config.ini [limits]): games created per sender and judge-wide per hour,
the list of who may create games, joins and observations per sender, observers per game. Each refusal says the limit
and when to try again; the counts survive a restart of judge serve; a burst of CREATEs from many senders at once
creates exactly as many games as the judge-wide limit lets through (it made 200 games from 200 senders in 4.4 s)."""
import asyncio
import smtplib
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from tests.daemon.conftest import Clock, Daemon, Relay, send, settings_for, settle
from tests.daemon.test_games_by_mail import text_of
from tests.e2e.conftest import T0, game_files

AN_HOUR_LATER = "Mon 5 Jan 2026 13:00 UTC"          # T0 + 1 hour, as the refusals write it


class Judge:
    """judge serve on loopback with some [limits] settings, and a relay recording what it sends."""

    def __init__(self, tmp_path, **limits):
        self.tmp_path = tmp_path
        self.limits = {f"limits_{k}": v for k, v in limits.items()}
        self.relay = Relay()
        self.clock = Clock()
        self.daemon = None
        self.port = 0

    async def start(self) -> None:
        if not self.relay.port:
            await self.relay.start()
        settings = settings_for(self.tmp_path, self.relay.port).with_values(smtp_rate_per_hour=0, **self.limits)
        self.daemon = Daemon(settings, clock=self.clock, send_interval=0.05)
        _, self.port = await self.daemon.start("127.0.0.1", 0)

    async def restart(self) -> None:
        await self.daemon.stop()
        await self.start()

    async def close(self) -> None:
        await self.daemon.stop()
        await self.relay.stop()

    async def ask(self, sender: str, body: str) -> str:
        """Send one message; the judge's reply to it, whitespace folded."""
        before = len(self.relay.to(sender))
        assert await send(self.port, sender, body) == {}
        await settle(self.daemon)
        replies = self.relay.to(sender)[before:]
        assert len(replies) == 1, [str(m["Subject"]) for m in replies]
        return " ".join(text_of(replies[0]).split())

    def games(self) -> list[str]:
        return self.daemon.judge.store.names()


def run(tmp_path, scenario, **limits) -> None:
    async def go():
        judge = Judge(tmp_path, **limits)
        await judge.start()
        try:
            await scenario(judge)
        finally:
            await judge.close()
    asyncio.run(go())


# -- CREATE ---------------------------------------------------------------------------------------------------------
def test_game_creation_is_bounded_per_sender_and_judge_wide_and_the_counts_survive_a_restart(tmp_path):
    run(tmp_path, _creation, create_per_sender=2, create_per_hour=3)


async def _creation(j: Judge):
    assert "Game a1 created" in await j.ask("alice@example.org", "CREATE a1 pw")
    j.clock.advance(minutes=10)
    assert "Game a2 created" in await j.ask("alice@example.org", "CREATE a2 pw")
    reply = await j.ask("alice@example.org", "CREATE a3 pw")
    # The first of her two creations leaves the hour at 13:00: she may create again then.
    assert "NOT accepted" in reply and "THIS JUDGE LETS ONE ADDRESS CREATE 2 GAMES AN HOUR, AND YOURS HAS: TRY " \
        f"AGAIN AFTER {AN_HOUR_LATER}" in reply, reply
    await j.restart()                                      # the counts are on disk, not in the daemon's memory
    assert "CREATE 2 GAMES AN HOUR" in await j.ask("Alice@Example.org", "CREATE a3 pw")     # any case
    assert "Game b1 created" in await j.ask("bob@example.org", "CREATE b1 pw")
    reply = await j.ask("carol@example.org", "CREATE c1 pw")
    assert f"THIS JUDGE CREATES AT MOST 3 GAMES AN HOUR, AND THAT MANY HAVE BEEN CREATED: TRY AGAIN AFTER " \
        f"{AN_HOUR_LATER}" in reply, reply
    assert j.games() == ["a1", "a2", "b1"]
    # A refused CREATE is not counted: once the hour of a1 is over, Carol gets her game, and Alice none yet.
    j.clock.advance(minutes=51)
    assert "Game c1 created" in await j.ask("carol@example.org", "CREATE c1 pw")
    assert "CREATES AT MOST 3 GAMES AN HOUR" in await j.ask("alice@example.org", "CREATE a3 pw")
    j.clock.advance(minutes=10)                             # a2 and b1 leave the hour: room for Alice's third
    assert "Game a3 created" in await j.ask("alice@example.org", "CREATE a3 pw")


def test_a_burst_of_creates_from_many_senders_makes_only_what_the_limit_allows(tmp_path):
    """40 CREATEs from 40 senders over 8 connections at once (handled side by side): exactly the judge-wide limit of
    games is created, every other sender is told why, and the counts file holds one key a sender."""
    run(tmp_path, _burst, create_per_hour=5)


async def _burst(j: Judge):
    def create(i: int) -> None:
        raw = (f"From: s{i}@example.org\r\nTo: judge@localhost\r\nSubject: new game\r\n"
               f"Message-ID: <burst{i}@test>\r\n\r\nCREATE game{i} pw\r\n").encode()
        with smtplib.SMTP("127.0.0.1", j.port, timeout=30) as s:
            s.sendmail(f"s{i}@example.org", ["judge@localhost"], raw)
    with ThreadPoolExecutor(8) as pool:
        await asyncio.to_thread(lambda: list(pool.map(create, range(40))))
    await settle(j.daemon, timeout=60)
    assert len(j.games()) == 5
    replies = {str(m["To"]): " ".join(text_of(m).split()) for _, _, m in j.relay.messages}
    assert len(replies) == 40
    refused = [r for r in replies.values() if "CREATES AT MOST 5 GAMES AN HOUR" in r]
    assert len(refused) == 35 and all(f"TRY AGAIN AFTER {AN_HOUR_LATER}" in r for r in refused)


def test_only_the_listed_addresses_and_domains_may_create_games(tmp_path):
    run(tmp_path, _creators, creators=["example.org", "Boss@Other.net"])


async def _creators(j: Judge):
    for sender in ("stranger@evil.example", "someone@sub.example.org", "other@other.net"):
        reply = await j.ask(sender, f"CREATE g{len(sender)} pw")
        assert "ON THIS JUDGE ONLY THE ADDRESSES ITS KEEPER LISTS MAY CREATE GAMES, AND YOURS IS NOT ONE OF THEM: " \
            "ASK THE JUDGE KEEPER, OR JOIN A GAME" in reply, reply
    assert j.games() == []
    assert "Game g1 created" in await j.ask("anyone@example.org", "CREATE g1 pw")
    assert "Game g2 created" in await j.ask("boss@other.net", "CREATE g2 pw")
    assert "You have joined game g1" in await j.ask("stranger@evil.example", "JOIN g1 pw")   # anyone may play


# -- JOIN and OBSERVE -----------------------------------------------------------------------------------------------
def test_a_stranger_joining_or_observing_many_games_is_bounded(tmp_path):
    run(tmp_path, _joins, join_per_sender=2, observe_per_sender=2, observers_per_game=3)


async def _joins(j: Judge):
    for n in range(4):
        assert "created" in await j.ask(f"gm{n}@example.org", f"CREATE g{n} pw")
    assert "You have joined game g0" in await j.ask("joiner@example.org", "JOIN g0 pw")
    assert "You have joined game g1" in await j.ask("joiner@example.org", "JOIN g1 pw")
    before = game_files(j.tmp_path / "games")
    reply = await j.ask("joiner@example.org", "JOIN g2 pw")
    assert f"THIS JUDGE LETS ONE ADDRESS JOIN 2 GAMES AN HOUR, AND YOURS HAS: TRY AGAIN AFTER {AN_HOUR_LATER}" \
        in reply, reply
    assert game_files(j.tmp_path / "games") == before                    # refused: nothing changed
    assert "has already joined" in (await j.ask("joiner@example.org", "JOIN g0 pw")).lower()   # no count needed

    assert "You are observing game g0" in await j.ask("watcher@example.org", "OBSERVE g0")
    assert "You are observing game g0" in await j.ask("watcher@example.org", "OBSERVE g0")   # again: not counted
    assert "You are observing game g1" in await j.ask("watcher@example.org", "OBSERVE g1")
    reply = await j.ask("watcher@example.org", "OBSERVE g2")
    assert "THIS JUDGE LETS ONE ADDRESS START OBSERVING OR MONITORING 2 GAMES AN HOUR, AND YOURS HAS: TRY AGAIN " \
        f"AFTER {AN_HOUR_LATER}" in reply, reply
    # Many senders observing one game: the game's own bound.
    for n in range(2):
        assert "You are observing game g0" in await j.ask(f"w{n}@example.org", "OBSERVE g0")
    reply = await j.ask("w9@example.org", "OBSERVE g0")
    assert "GAME g0 HAS 3 OBSERVERS, AS MANY AS THIS JUDGE LETS ONE GAME HAVE: NO MORE CAN BE ADDED UNTIL ONE " \
        "LEAVES (UNOBSERVE)" in reply, reply
    assert "You no longer observe game g0." in await j.ask("w0@example.org", "UNOBSERVE g0")
    assert "You are observing game g0" in await j.ask("w9@example.org", "OBSERVE g0")
    await j.restart()
    assert "JOIN 2 GAMES AN HOUR" in await j.ask("joiner@example.org", "JOIN g3 pw")
    j.clock.advance(hours=1, seconds=1)
    assert "You have joined game g3" in await j.ask("joiner@example.org", "JOIN g3 pw")
    assert "You are observing game g2" in await j.ask("watcher@example.org", "OBSERVE g2")
    assert T0 + timedelta(hours=1) < j.clock.now
