"""judge serve end to end: seven players play by mail over real SMTP through several phases and a deadline with a
late player; the results arrive at the relay. The clock is injected; the scheduler is APScheduler's own."""
import asyncio

from judge.daemon import statuscodes as S
from tests.daemon.conftest import Clock, Daemon, Relay, assert_clock_as_at_start, send, settings_for, settle

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
GM = "gm@example.org"


def address(power):
    return f"{power.lower()}@example.org"


def test_seven_players_over_smtp(tmp_path):
    asyncio.run(_scenario(tmp_path))


async def settled(daemon):
    """Wait until the daemon is quiet, then check what must always hold: its jobs are a fresh start-up's."""
    await settle(daemon)
    assert_clock_as_at_start(daemon)


async def _scenario(tmp_path):
    relay = Relay()
    await relay.start()
    clock = Clock()
    daemon = Daemon(settings_for(tmp_path, relay.port), clock=clock, send_interval=0.05)
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        assert await send(port, GM, "CREATE smtp gm-pass\nSET EARLY 0") == {}
        for power in POWERS:
            assert await send(port, address(power), f"JOIN smtp pw-{power.lower()} {power[0]}") == {}
        await settled(daemon)
        assert any("starting" in str(m["Subject"]) for m in relay.to(address("FRANCE")))
        game = daemon.judge.store.load("smtp")
        assert game.status == "active" and "smtp" in daemon.deadlines.wakeups

        # Spring 1901: everyone orders; with EARLY 0 the game is processed as soon as the last orders are in.
        spring = {"AUSTRIA": "A VIE - GAL", "ENGLAND": "F LON - NTH", "FRANCE": "A PAR - BUR",
                  "GERMANY": "A MUN - RUH", "ITALY": "A VEN - TYR", "RUSSIA": "A WAR - GAL", "TURKEY": "A CON - BUL"}
        for power, order in spring.items():
            await send(port, address(power), f"SIGNON {power[0]}smtp pw-{power.lower()}\n{order}")
        await settled(daemon)
        clock.advance(seconds=1)
        daemon.deadlines.clock_moved()
        await settled(daemon)
        results = [m for m in relay.to(address("ITALY")) if "Diplomacy results smtp S1901M" in str(m["Subject"])]
        assert len(results) == 1
        text = results[0].get_content()
        assert "Austria: Army Vienna -> Galicia.  (*bounce*)" in text and "France: Army Paris -> Burgundy." in text

        # Fall 1901: Turkey is late. At the deadline the real scheduler sends the late notice; at the end of
        # the grace period Turkey goes into civil disorder and the phase is processed.
        holds = {"AUSTRIA": "A BUD H", "ENGLAND": "A LVP H", "FRANCE": "F BRE H", "GERMANY": "A BER H",
                 "ITALY": "F NAP H", "RUSSIA": "A MOS H"}
        for power, order in holds.items():
            await send(port, address(power), f"SIGNON {power[0]}smtp pw-{power.lower()}\nORDERS\n{order}")
        await settled(daemon)
        game = daemon.judge.store.load("smtp")
        assert [p.power for p in game.late_players()] == ["TURKEY"]
        # Refused mail of every kind (a stranger's wrong password, a typo, an unknown game) leaves the clock as it
        # was: a one-line mail from anyone once froze a game's deadlines.
        for sender, body in (("stranger@example.org", "SIGNON Tsmtp guess\nA CON H"),
                             (address("TURKEY"), "SIGNON Tsmtp pw-turkey\nA CON - MOSCOW"),
                             ("stranger@example.org", "LIST smtp\nSIGNON Msmtp nope"),
                             ("stranger@example.org", "JOIN nosuch pw")):
            await send(port, sender, body)
            await settled(daemon)
        clock.now = game.deadline
        clock.advance(minutes=1)
        daemon.deadlines.clock_moved()
        await settled(daemon)
        late = [m for m in relay.to(address("TURKEY")) if "deadline missed" in str(m["Subject"])]
        assert len(late) == 1 and "Late Power:       Turkey" in late[0].get_content()
        clock.now = game.deadline
        clock.advance(hours=game.timing.grace_hours, minutes=1)
        daemon.deadlines.clock_moved()
        await settled(daemon)
        fall = [m for m in relay.to(GM) if "Diplomacy results smtp F1901M" in str(m["Subject"])]
        assert len(fall) == 1 and "Turkey: Army Bulgaria HOLD." in fall[0].get_content()
        assert str(daemon.judge.store.load("smtp").position.phase) in ("W1901A", "S1902M")

        # Recipients the judge does not serve are refused at RCPT, with the constant's code.
        refused = await send(port, GM, "LIST", to="someone@elsewhere.org")
        assert refused and refused["someone@elsewhere.org"][0] == int(S.UNKNOWN_RECIPIENT[:3])
    except BaseException:
        raise
    finally:
        await daemon.stop()
        await relay.stop()
