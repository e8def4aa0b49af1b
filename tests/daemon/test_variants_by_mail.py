"""Every shipped variant played by mail for a year over real SMTP (judge serve in-process, a recording relay, the
clock injected): Fleet Rome with the build_anywhere house rule, Chaos with its thirty-four players, Heartland on a
board of its own, and a DPjudge map file from the variants folder, played with text results. The results name the
variant, and carry the board's picture where the variant has a drawing. After every step the scheduler's jobs are a
fresh start-up's."""
from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from judge import maps
from tests.daemon.conftest import Daemon, Relay, assert_clock_as_at_start, send, settings_for, settle
from tests.e2e.conftest import Clock

GM = "gm@example.org"
DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


def address(power: str) -> str:
    return f"{power.lower().encode('ascii', 'ignore').decode()}@example.org"     # (NÖRDLAND: nrdland@)


def text_of(m) -> str:
    parts = [m] if not m.is_multipart() else [p for p in m.walk() if p.get_content_type() == "text/plain"]
    return "".join(p.get_content() for p in parts).replace("\r\n", "\n")


def pictures(m) -> list[str]:
    return [p.get_content_type() for p in m.walk() if p.get_content_type().startswith("image/")]


from judge.web import pages  # noqa: E402  (the pages' names of a calendar's phases)


class Post:
    """judge serve and a relay on loopback, for one game of one variant."""

    def __init__(self, tmp_path: Path, game: str, folder: Path | None = None):
        self.tmp_path, self.game, self.folder = tmp_path, game, folder
        self.relay = Relay()
        self.clock = Clock()
        self.daemon: Daemon | None = None
        self.port = 0

    async def start(self) -> None:
        await self.relay.start()
        settings = settings_for(self.tmp_path, self.relay.port)
        if self.folder is not None:
            settings = settings.with_values(judge_variants_dir=str(self.folder))
        self.daemon = Daemon(settings, clock=self.clock, send_interval=0.01)
        _, self.port = await self.daemon.start("127.0.0.1", 0)

    async def close(self) -> None:
        await self.daemon.stop()
        await self.relay.stop()
        maps.use_folder(None)

    async def mail(self, sender: str, body: str) -> None:
        assert await send(self.port, sender, body) == {}
        await settle(self.daemon, timeout=60)
        assert_clock_as_at_start(self.daemon)

    async def master(self, *lines: str) -> str:
        await self.mail(GM, "\n".join([f"SIGNON M{self.game} gm-pass", *lines]))
        return self.reply(GM)

    async def orders(self, orders: dict[str, str]) -> None:
        """The master gives every power's orders in one message (as a master may); with EARLY 0 the phase is
        processed as soon as the last set is in."""
        await self.master(*[f"{power}: {line}" for power, text in orders.items() for line in text.split("\n")])

    def reply(self, to: str) -> str:
        replies = [m for m in self.relay.to(to) if str(m["Subject"]).startswith(("Re:", "Diplomacy orders "))]
        assert replies, f"no reply to {to}"
        return text_of(replies[-1])

    def results(self, phase: str, to: str = GM) -> list:
        return [m for m in self.relay.to(to) if str(m["Subject"]) == f"Diplomacy results {self.game} {phase}"]

    def status(self):
        return self.daemon.judge.store.load(self.game)

    async def start_game(self, variant: str, *setup: str) -> None:
        await self.mail(GM, "\n".join([f"CREATE {self.game} gm-pass {variant}", "SET EARLY 0", *setup]))
        m = maps.load(variant)
        for power in m.powers:
            await self.mail(address(power), f"JOIN {self.game} pw-{power.lower()} {m.power_letters[power]}")
        game = self.status()
        assert game.status == "active" and [p.power for p in game.players] == list(m.powers)


def run(tmp_path: Path, scenario, game: str, folder: Path | None = None) -> None:
    async def go():
        post = Post(tmp_path, game, folder)
        await post.start()
        try:
            await scenario(post)
        finally:
            await post.close()
    asyncio.run(go())


def check_results(post: Post, phase: str, variant: str, picture: bool) -> str:
    """The master's results mail for a phase: one, naming the variant, with the picture or without; its text."""
    got = post.results(phase)
    assert len(got) == 1, (phase, [str(m["Subject"]) for m in post.relay.to(GM)])
    text = text_of(got[0])
    assert text.startswith(f":: Judge: JUDGE  Game: {post.game}  Variant: {variant}\n"), text[:200]
    assert pictures(got[0]) == (["image/png"] if picture else [])
    return text


# -- Fleet Rome, with builds anywhere ------------------------------------------------------------------------------

def test_fleet_rome_by_mail(tmp_path):
    run(tmp_path, _fleet_rome, "rome")


async def _fleet_rome(post: Post):
    await post.start_game("fleet_rome", "SET RULE build_anywhere")
    assert "build_anywhere = on" in await post.master("LIST rome")
    holds = {"AUSTRIA": "A VIE H", "ENGLAND": "F LON H", "FRANCE": "A PAR H", "GERMANY": "A BER H",
             "RUSSIA": "A MOS H", "TURKEY": "A CON H"}
    await post.orders({**holds, "ITALY": "F ROM - TYS\nF NAP - ION\nA VEN - APU"})
    text = check_results(post, "S1901M", "fleet_rome", picture=True)
    assert "Italy: Fleet Rome -> Tyrrhenian Sea." in text
    await post.orders({**holds, "ITALY": "F TYS - TUN\nF ION - GRE\nA APU H"})
    text = check_results(post, "F1901M", "fleet_rome", picture=True)
    assert "Italy: Fleet Tyrrhenian Sea -> Tunis." in text and "No picture" not in text and str(post.status().position.phase) == "W1901A"
    await post.orders({"ITALY": "BUILD F ROM\nBUILD A VEN"})
    check_results(post, "W1901A", "fleet_rome", picture=True)
    game = post.status()
    assert str(game.position.phase) == "S1902M" and game.position.units["ROM"] == ("ITALY", "F", "ROM")


# -- Chaos: thirty-four players ----------------------------------------------------------------------------------

def test_chaos_by_mail(tmp_path):
    run(tmp_path, _chaos, "chaos1")


async def _chaos(post: Post):
    m = maps.load("chaos")
    await post.start_game("chaos")
    game = post.status()
    assert str(game.position.phase) == "W1900A" and not game.position.units
    assigned = [x for x in post.relay.to(address("PARIS")) if "power assignment" in str(x["Subject"])]
    assert f"Sign on with: SIGNON {m.power_letters['PARIS']}chaos1" in text_of(assigned[0])

    # Winter 1900: everyone builds at home, an army or a fleet; Berlin's player signs on and builds by mail.
    await post.mail(address("BERLIN"), "SIGNON berlin@chaos1 pw-berlin\nBUILD F BER")
    assert "Orders for Berlin (Winter 1900 Adjustments):" in post.reply(address("BERLIN"))
    builds = {p: f"BUILD {'A' if m.provinces[m.homes(p)[0]].terrain == 'land' else 'F'} {m.homes(p)[0]}"
              for p in m.powers if p != "BERLIN"}
    builds["PETERSBURG"] = "BUILD F STP/SC"
    builds["SPAIN"] = "BUILD A SPA"
    builds["BULGARIA"] = "BUILD A BUL"
    await post.orders(builds)
    check_results(post, "W1900A", "chaos", picture=True)
    game = post.status()
    assert str(game.position.phase) == "S1901M" and len(game.position.units) == 34

    # 1901: Paris marches on Burgundy and then on Belgium, whose army has gone to Holland's (which went to sea).
    holds = {p: f"{game.position.units[m.homes(p)[0]].kind} {game.position.units[m.homes(p)[0]].loc} H"
             for p in m.powers}
    await post.orders({**holds, "PARIS": "A PAR - BUR", "BELGIUM": "F BEL - PIC", "HOLLAND": "F HOL - NTH"})
    check_results(post, "S1901M", "chaos", picture=True)
    moved = {"PARIS": "A BUR - BEL", "BELGIUM": "F PIC H", "HOLLAND": "F NTH H"}
    await post.orders({**{p: h for p, h in holds.items() if p not in moved}, **moved})
    text = check_results(post, "F1901M", "chaos", picture=True)
    assert "Paris: Army Burgundy -> Belgium." in text
    game = post.status()
    assert str(game.position.phase) == "W1901A" and game.position.centers["BEL"] == "PARIS"
    assert game.position.centers_of("BELGIUM") == []           # Belgium is out of centres: it must remove

    # Winter 1901: Paris builds at home. Belgium, with a fleet and no centre, loses the fleet whatever it orders: it
    # has nothing to order, and the phase does not wait for it (DPjudge's latePowers passes over it too).
    await post.orders({"PARIS": "BUILD A PAR"})
    text = check_results(post, "W1901A", "chaos", picture=True)
    assert "Belgium:    Removes the fleet in Picardy." in text and "No orders came from" not in text
    game = post.status()
    assert str(game.position.phase) == "S1902M" and "PIC" not in game.position.units
    assert sorted(u.loc for u in game.position.units_of("PARIS")) == ["BEL", "PAR"]


# -- Heartland: a board of its own ---------------------------------------------------------------------------------

def test_heartland_by_mail(tmp_path):
    run(tmp_path, _heartland, "heart")


async def _heartland(post: Post):
    await post.start_game("heartland")
    # Spring 1901: the Ardish and Brennish armies bounce in Heartmoor; the Caldorian fleet leaves Cormouth.
    await post.mail(address("ARDEN"), "SIGNON Aheart pw-arden\nF Aldwick - Grey Sea\nA ASH - HRT")
    await post.mail(address("BRENN"), "SIGNON brenn@heart pw-brenn\nA BRY - HRT\nF BEK - EST")
    await post.mail(address("CALDOR"), "SIGNON Cheart pw-caldor\nF COR/EC - AMB\nA CAL H")
    text = check_results(post, "S1901M", "heartland", picture=True)
    assert "Arden: Army Ashford -> Heartmoor.  (*bounce*)" in text
    assert "Caldor: Fleet Cormouth (east coast) -> Amber Sea." in text

    # Fall 1901: Arden's fleet takes Cormouth by its west coast (the only one the Grey Sea reaches).
    await post.orders({"ARDEN": "A ASH - HRT\nF GRY - COR", "BRENN": "A BRY - HRT\nF EST - SOU",
                       "CALDOR": "F AMB H\nA CAL H"})
    text = check_results(post, "F1901M", "heartland", picture=True)
    assert "Arden: Fleet Grey Sea -> Cormouth (west coast)." in text
    game = post.status()
    assert str(game.position.phase) == "W1901A" and game.position.centers["COR"] == "ARDEN"

    # Winter 1901: Arden builds, Caldor removes; 3 centres of the 4 that win.
    await post.orders({"ARDEN": "BUILD F ALD", "CALDOR": "REMOVE F AMB"})
    text = check_results(post, "W1901A", "heartland", picture=True)
    assert "Arden:" in text and "Caldor:" in text
    game = post.status()
    assert str(game.position.phase) == "S1902M" and game.victory_centers() == 4
    assert sorted(u.loc for u in game.position.units_of("ARDEN")) == ["ALD", "ASH", "COR/WC"]
    assert "heart" in post.daemon.deadlines.wakeups


# -- a DPjudge map file from the variants folder, with text results ------------------------------------------------

def test_a_dpjudge_map_file_by_mail(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    shutil.copy(DATA / "toy.map", folder / "toy.map")
    run(tmp_path, _toy, "toy1", folder)


async def _toy(post: Post):
    await post.mail(GM, "CREATE toy1 gm-pass toy")
    reply = post.reply(GM)
    assert "Variant: toy (Toy): 2 powers, 4 supply centres, 3 to win alone." in reply
    assert "The Toy map has no drawing: results come as text only" in reply
    await post.mail(GM, "SIGNON Mtoy1 gm-pass\nSET EARLY 0")
    await post.mail(address("NORTH"), "JOIN toy1 pw-north N")
    await post.mail(address("SOUTH"), "JOIN toy1 pw-south S")
    assert post.status().status == "active"
    await post.mail(address("NORTH"), "MAP toy1")
    assert "THE MAP OF GAME toy1 (Toy) HAS NO DRAWING: NO PICTURE" in post.reply(address("NORTH"))

    await post.mail(address("NORTH"), "SIGNON Ntoy1 pw-north\nF North Bay - Crag north coast")
    await post.mail(address("SOUTH"), "SIGNON south@toy1 pw-south\nA SBY - Midlands")
    text = check_results(post, "S1901M", "toy", picture=False)
    assert "North: Fleet North Bay -> Crag (north coast)." in text and "South: Army South Bay -> Midland." in text
    assert text.rstrip().endswith("No picture for this variant: the Toy map has no drawing.")
    await post.orders({"NORTH": "F CRG/NC H", "SOUTH": "A MID H"})
    check_results(post, "F1901M", "toy", picture=False)
    await post.orders({"NORTH": "BUILD A NBY", "SOUTH": "BUILD F SBY"})
    check_results(post, "W1901A", "toy", picture=False)
    game = post.status()
    assert str(game.position.phase) == "S1902M" and len(game.position.units) == 4
    assert game.victory_centers() == 3


# -- DPjudge maps with a calendar and names of their own ---------------------------------------------------------

def test_a_dpjudge_calendar_of_its_own_by_mail(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    for name in ("toy.map", "toy_years.map"):
        shutil.copy(DATA / name, folder / name)
    run(tmp_path, _years, "ad1", folder)


async def _years(post: Post):
    await post.start_game("toy_years")
    assert str(post.status().position.phase) == "A.D. 1425 MOVEMENT"
    await post.orders({"NORTH": "F NBY H", "SOUTH": "A SBY - MID"})
    text = check_results(post, "A1425M", "toy_years", picture=False)
    # As DPjudge words it: "of" only after a season of the year ("Spring of 1901"), never "A.D. of 1425".
    assert "Movement results for A.D. 1425.  (ad1.A1425M)" in text and "South: Army South Bay -> Midland." in text
    assert "The next phase of 'ad1' will be Movement for A.D. 1430." in text and " of 14" not in text
    game = post.status()
    assert str(game.position.phase) == "A.D. 1430 MOVEMENT" and "MID" not in game.position.centers
    await post.orders({"NORTH": "F NBY H", "SOUTH": "A MID H"})
    check_results(post, "A1430M", "toy_years", picture=False)
    await post.orders({"SOUTH": "BUILD A SBY"})
    check_results(post, "A1430A", "toy_years", picture=False)
    game = post.status()
    assert str(game.position.phase) == "A.D. 1435 MOVEMENT" and len(game.position.units) == 3
    # Subjects, replies and pages name a phase by the code its results give it, never by the long form.
    subjects = {str(m["Subject"]) for m in post.relay.to(GM) if str(m["Subject"]).startswith("Diplomacy orders")}
    assert subjects == {"Diplomacy orders ad1 A1425M", "Diplomacy orders ad1 A1430M", "Diplomacy orders ad1 A1430A"}
    # The year 1430 ended with an adjustment phase that was played: SUMMARY has its row (named as the phases name
    # the year: A.D. 1430), and names phases by code.
    summary = await post.master("SUMMARY ad1")
    assert "\nA.D. 1430       1     2\n" in summary and "(from A1425M to now)" in summary, summary
    stems = sorted(p.stem for p in (post.daemon.judge.store.folder("ad1") / "results").glob("0*"))
    assert pages.phase_names(stems, game) == ["A1425M", "A1430M", "A1430A"]
    # The game's folder names its files by the phases' codes: letters and digits only.
    folder = post.daemon.judge.store.folder("ad1")
    for sub, suffix in (("results", "txt"), ("snapshots", "json")):
        assert sorted(p.name for p in (folder / sub).glob("0*")) == [
            f"0001-A1425M.{suffix}", f"0002-A1430M.{suffix}", f"0003-A1430A.{suffix}"], sub
    # ROLLBACK takes the code too, lists the phases by it, and says it.
    reply = await post.master("ROLLBACK A1999M")
    assert "NO PROCESSED PHASE A1999M: PROCESSED ARE A1425M, A1430M, A1430A" in " ".join(reply.split())
    reply = await post.master("ROLLBACK a1430a")
    assert "Game ad1 rolled back to before A1430A; orders as they were then." in reply, reply
    assert str(post.status().position.phase) == "A.D. 1430 ADJUSTMENTS"


def test_a_renamed_dpjudge_map_by_mail(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    for name in ("toy.map", "toy_renamed.map"):
        shutil.copy(DATA / name, folder / name)
    run(tmp_path, _renamed, "ren1", folder)


async def _renamed(post: Post):
    await post.start_game("toy_renamed")
    await post.mail(address("NÖRDLAND"), "SIGNON Nren1 pw-nördland\nF Nordbucht - Klippe/ok")
    await post.mail(address("SÜDLAND"), "SIGNON Uren1 pw-südland\nA SBY - MID")
    text = check_results(post, "S1901M", "toy_renamed", picture=False)
    assert "Nördland: Fleet Nordbucht -> Klippe (Nordküste)." in text, text
    assert post.status().position.units["KRG"] == ("NÖRDLAND", "F", "KRG/OK")
