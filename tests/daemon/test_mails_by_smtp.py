"""Four years by mail over real SMTP, looking at every mail a player needs: results in DPjudge's layout (read by
an independent reader, tests/dpjudge_layout.py) to everyone and nobody else, the reminder, the late notices and
the master's CD notice, a resignation advertised and taken over, a dummy's player told, an address change
confirmed, STATUS and POSITION, a rollback with its new deadline, and the final mail. After every step: the
scheduler's jobs are a fresh start-up's, and every mail has one recipient and shows nobody another's address."""
import asyncio
import random
import re
from datetime import timedelta
from email.utils import parsedate_to_datetime

from judge import reports
from tests import dpjudge_layout
from tests.daemon.conftest import Clock, Daemon, Relay, assert_clock_as_at_start, send, settings_for, settle
from tests.e2e.conftest import check_mail_privacy

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
GM, GAME = "gm@example.org", "four"
SEED = 1912          # (a game with a retreat phase, and one skipped: every dislodged unit destroyed)


def address(power):
    return f"{power.lower()}@example.org"


def random_orders(game, power, rng):
    """Legal orders for one power, drawn at random (moves to neighbours, holds; retreats; builds and removals)."""
    pos, m = game.position, game.map
    kind = pos.phase.kind
    if kind == "M":
        # Half the units move; each other unit supports one of those moves if it can reach the target (supported
        # attacks dislodge, so the game has retreats), else holds.
        out, moves = [], []
        for u in pos.units_of(power):
            options = sorted(m.army_adj.get(u.loc, ()) if u.kind == "A" else m.fleet_adj.get(u.loc, ()))
            if options and rng.random() < 0.5:
                dest = rng.choice(options)
                moves.append((u, dest))
                out.append(f"{u.kind} {u.loc} - {dest}")
                continue
            helped = [(v, d) for v, d in moves if m.reaches_province(u.kind, u.loc, d[:3])]
            if helped:
                v, d = rng.choice(helped)
                out.append(f"{u.kind} {u.loc} S {v.kind} {v.loc} - {d[:3]}")
            else:
                out.append(f"{u.kind} {u.loc} H")
        return out
    if kind == "R":
        return [f"{d.unit.kind} {d.unit.loc} R {d.retreats[0]}" if d.retreats else f"{d.unit.kind} {d.unit.loc} D"
                for d in pos.dislodged.values() if d.unit.power == power]
    due = len(pos.centers_of(power)) - len(pos.units_of(power))
    if due > 0:
        free = [c for c in m.homes(power) if pos.centers.get(c) == power and c not in pos.units]
        return [f"BUILD A {c}" for c in free[:due] if m.provinces[c].terrain != "sea"] or ["WAIVE"]
    return [f"REMOVE {u.kind} {u.loc}" for u in pos.units_of(power)[:-due]] if due < 0 else []


class Board:
    """The game as its players live it: mail in over SMTP, mail out at the relay, checked at every step."""

    def __init__(self, daemon, relay, clock, port):
        self.daemon, self.relay, self.clock, self.port = daemon, relay, clock, port
        self.seen = 0
        self.owner: dict[str, str] = {}
        self.passwords = {p: f"pw-{p.lower()}" for p in POWERS}
        self.addresses = {p: address(p) for p in POWERS}
        self.read: list[dpjudge_layout.Results] = []          # every results mail, as the independent reader read it
        self.mailed: dict[str, tuple[str, object]] = {}        # phase -> (its results text, when it was processed)
        self.skipped = 0                                        # retreat phases skipped: nobody could retreat

    def game(self):
        return self.daemon.judge.store.load(GAME)

    async def mail(self, sender, body, subject="orders"):
        assert await send(self.port, sender, body, subject=subject) == {}
        return await self.settled()

    async def settled(self):
        await settle(self.daemon)
        assert_clock_as_at_start(self.daemon)
        fresh = [m for _, _, m in self.relay.messages[self.seen:]]
        self.seen = len(self.relay.messages)
        game = self.game()
        for p in game.players:
            if p.address and p.power:                 # (while the game forms, nobody has a power yet)
                self.owner.setdefault(p.address.lower(), p.power)
        # The end too: by default (house rule reveal=none) the final mail names nobody's address but to the master.
        check_mail_privacy(fresh, self.owner, {game.master_address.lower()})
        check_width(fresh)
        return fresh

    async def at(self, moment):
        self.clock.now = moment
        self.daemon.deadlines.clock_moved()
        return await self.settled()

    async def orders(self, power, lines):
        return await self.mail(self.addresses[power], "\n".join(
            [f"SIGNON {power[0]}{GAME} {self.passwords[power]}", *lines]))


def check_width(mails) -> None:
    """No line of the judge's own prose needs wrapping by a mail reader (78 columns). Not held to it: results (their
    order lines are DPjudge's layout, which Mapper reads unwrapped), a reply's echo of the sender's line ('>> '),
    and whatever a player wrote (press) or the judge keeps (HISTORY)."""
    for m in mails:
        subject = str(m["Subject"])
        if subject.startswith(("Diplomacy results", "Diplomacy press", "Diplomacy broadcast")):
            continue
        for line in text(m.get_body(("plain",))).split("\n"):
            assert len(line) <= 78 or line.startswith(">> "), (subject, line)


def text(mail) -> str:
    return mail.get_content().replace("\r\n", "\n")          # as SMTP carried it: CRLF line ends


def reply_in(mails, who) -> str:
    [reply] = [m for m in mails if m["To"] == who and str(m["Subject"]).startswith(("Re:", "Diplomacy orders "))]
    return text(reply)


def subjects_to(mails, who):
    return [str(m["Subject"]) for m in mails if m["To"] == who]


def test_four_years_of_mail(tmp_path):
    asyncio.run(_four_years(tmp_path))


async def _four_years(tmp_path):
    relay = Relay()
    await relay.start()
    clock = Clock()
    daemon = Daemon(settings_for(tmp_path, relay.port).with_values(smtp_rate_per_hour=0), clock=clock,
                    send_interval=0.05)
    _, port = await daemon.start("127.0.0.1", 0)
    rng = random.Random(SEED)
    b = Board(daemon, relay, clock, port)
    try:
        await b.mail(GM, f"CREATE {GAME} gm-pass\nSET RULE map_picture=none")
        for power in POWERS:
            mails = await b.mail(address(power), f"JOIN {GAME} {b.passwords[power]} {power[0]}")
        assert "Preference: Turkey." in reply_in(mails, address("TURKEY"))
        starts = [m for m in mails if f"Diplomacy game {GAME} starting" == str(m["Subject"])]
        assert {m["To"] for m in starts} == set(b.addresses.values()) | {GM}
        assert {m["To"] for m in mails if str(m["Subject"]) == f"Diplomacy power assignment ({GAME})"} == \
            set(b.addresses.values())
        game = b.game()
        # The starting position, read as DPjudge lays it out: every unit on the board, and who owns what.
        start = dpjudge_layout.parse_start(text(starts[0]))
        assert (start.game, start.variant, start.phase) == (GAME, "standard", "S1901M")
        assert sorted(start.units) == sorted((u.power.title(), "Army" if u.kind == "A" else "Fleet",
                                              reports.place(game.map, u.loc)) for u in game.position.units.values())
        for power in POWERS:
            assert start.ownership[power.title()] == [game.map.provinces[c].name
                                                      for c in sorted(game.position.centers_of(power))]
        b.start = text(starts[0])
        players = set(b.addresses.values())

        # -- Spring 1901: Italy sends nothing. Reminder to Italy alone, then its late notices and civil disorder.
        for power in POWERS:
            if power != "ITALY":
                await b.orders(power, random_orders(game, power, rng))
        reply = reply_in(await b.mail(address("FRANCE"), f"SIGNON F{GAME} pw-france\nSTATUS"), address("FRANCE"))
        assert "France (active):" in reply and ("no order (defaults to hold)" in reply or " - " in reply)
        mails = await b.at(game.deadline - timedelta(hours=23))
        assert [(m["To"], str(m["Subject"])) for m in mails] == [(address("ITALY"),
                                                                   f"Diplomacy deadline reminder ({GAME})")]
        mails = await b.at(game.deadline + timedelta(minutes=1))
        assert sorted((m["To"], str(m["Subject"])) for m in mails) == [
            (GM, f"Diplomacy late notice ({GAME})"), (address("ITALY"), f"Diplomacy deadline missed ({GAME})")]
        mails = await b.at(game.deadline + timedelta(hours=game.timing.grace_hours, minutes=1))
        results = check_results(b, mails, "S1901M", players | {GM})
        assert "No orders came from Italy: its units took the default (civil disorder)." in results
        assert subjects_to(mails, GM).count(f"Diplomacy CD notice ({GAME})") == 1
        assert all("CD notice" not in str(m["Subject"]) for m in mails if m["To"] != GM)

        # -- the rest of the four years, with the events players meet on the way --------------------------------
        while True:
            game = b.game()
            phase = str(game.position.phase)
            if phase == "S1902M":
                mails = await b.mail(address("TURKEY"), f"SIGNON T{GAME} pw-turkey\nRESIGN")
                opened = [m for m in mails if "a power is open" in str(m["Subject"])]
                assert {m["To"] for m in opened} == players - {address("TURKEY")} | {GM}
                listing = reply_in(await b.mail("someone@example.org", "LIST"), "someone@example.org")
                assert "OPEN: TURKEY" in listing
                b.addresses["TURKEY"], b.passwords["TURKEY"] = "newturkey@example.org", "pw-new"
                mails = await b.mail("newturkey@example.org", f"TAKEOVER T{GAME} pw-new")
                assert GM in [m["To"] for m in mails if "takeover" in str(m["Subject"])]
                players = players - {address("TURKEY")} | {"newturkey@example.org"}
            if phase == "F1902M":
                mails = await b.mail(GM, f"SIGNON M{GAME} gm-pass\nDUMMY AUSTRIA")
                assert [m["To"] for m in mails if "your power is now a dummy" in str(m["Subject"])] == \
                    [address("AUSTRIA")]
                players -= {address("AUSTRIA")}
            if phase == "S1903M":
                mails = await b.mail(address("ENGLAND"), f"SIGNON E{GAME} pw-england\nSET ADDRESS eng2@example.org")
                [asked] = [m for m in mails if "address change" in str(m["Subject"])]
                assert asked["To"] == "eng2@example.org"
                code = re.search(r"SET ADDRESS eng2@example.org ([A-Z0-9]+)", text(asked))[1]
                mails = await b.mail(address("ENGLAND"),
                                     f"SIGNON E{GAME} pw-england\nSET ADDRESS eng2@example.org {code}")
                assert [m["To"] for m in mails if "address changed" in str(m["Subject"])] == ["eng2@example.org"]
                b.addresses["ENGLAND"] = "eng2@example.org"
                b.moved = len(b.relay.messages)
                players = players - {address("ENGLAND")} | {"eng2@example.org"}
                position = reply_in(await b.mail("someone@example.org", f"POSITION {GAME}"), "someone@example.org")
                assert f"The board of game '{GAME}': Spring 1903 Movement" in position
            for p in game.players:
                if p.status == "active" and game.needs_orders(p.power):
                    await b.orders(p.power, random_orders(game, p.power, rng))
            mails = await b.at(b.clock.now + timedelta(minutes=11))
            check_results(b, mails, phase, players | {GM})
            # One results mail: a retreat phase in which no unit has anywhere to go is skipped, not processed apart.
            assert {str(m["Subject"]) for m in mails if str(m["Subject"]).startswith("Diplomacy results")} == \
                {f"Diplomacy results {GAME} {phase}"}
            if phase == "F1903M" and not (tmp_path / "rolled").exists():
                (tmp_path / "rolled").touch()
                mails = await b.mail(GM, f"SIGNON M{GAME} gm-pass\nROLLBACK F1903M")
                notices = [m for m in mails if "rollback notice" in str(m["Subject"])]
                assert {m["To"] for m in notices} == players | {GM}
                deadline = b.game().deadline
                assert deadline == b.clock.now + timedelta(hours=72)        # a movement phase's time again
                assert f"{deadline:%a} {deadline.day} {deadline:%b %Y %H:%M} UTC" in text(notices[0])
                continue
            if game.position.phase.year == 1905:
                break

        # The game went through every kind of phase and result the layout has.
        assert {r.kind for r in b.read} == {"Movement", "Retreat", "Adjustment"}
        assert b.skipped                   # and one skipped: no dislodged unit had anywhere to go
        assert any(r.dislodged for r in b.read) and any(r.ownership.get("Unowned") for r in b.read)
        assert any("bounce" in marks for r in b.read for _, _, marks in r.orders)
        assert any(r.sizes for r in b.read) and len(b.read) >= 12

        # -- the end: the master terminates; everyone gets the final mail with who played what -------------------
        mails = await b.mail(GM, f"SIGNON M{GAME} gm-pass\nTERMINATE")
        final = [m for m in mails if str(m["Subject"]) == f"Diplomacy game '{GAME}' complete"]
        assert {m["To"] for m in final} == players | {GM}
        ends = {m["To"]: text(m) for m in final}
        end = ends[GM]
        # (no ':: Deadline:' line: a finished game has no deadline left)
        assert end.startswith(f":: Judge: JUDGE  Game: {GAME}  Variant: standard\n\nGame '{GAME}' ")
        assert f"Game '{GAME}' has been ended by its master." in end and "Who played which power:" in end
        assert "newturkey@example.org" in end and "turkey@example.org (from S1901M to S1902M)" in end
        assert "Turkey    first player (from S1901M to S1902M)" in ends["eng2@example.org"]
        # England's old address is in no mail since SET ADDRESS, the master's final mail included.
        assert not any(address("ENGLAND") in text(m) for _, _, m in b.relay.messages[b.moved:])
        assert "England   eng2@example.org (from S1901M to the end)" in end

        # -- HISTORY: the game's mails as DPjudge keeps them, a mail file: the start, then each phase's results as
        # they were mailed (the rolled-back Fall 1903 as processed again), each with its date --------------------
        reply = reply_in(await b.mail("someone@example.org", f"HISTORY {GAME}"), "someone@example.org")
        (_, game_name, variant), kept = dpjudge_layout.parse_history(reply.split("\n\nEnd of judge reply.")[0])
        assert (game_name, variant) == (GAME, "standard")
        assert [m.subject for m in kept] == [f"Diplomacy game {GAME} starting"] + \
            [f"Diplomacy results {GAME} {phase}" for phase in b.game().history]
        assert kept[0].text == b.start and all(m.sender == "judge@localhost" for m in kept)
        for m in kept[1:]:
            phase = m.subject.split()[-1]
            assert m.text == b.mailed[phase][0], phase
            assert parsedate_to_datetime(m.date) == b.mailed[phase][1], phase
            dpjudge_layout.parse(m.text)
    finally:
        await daemon.stop()
        await relay.stop()


def check_results(b, mails, phase, audience):
    """The phase's results went to exactly its audience, alike, and read right in DPjudge's layout; returns the
    text."""
    results = [m for m in mails if str(m["Subject"]) == f"Diplomacy results {GAME} {phase}"]
    assert sorted(m["To"] for m in results) == sorted(audience), phase
    texts = {text(m) for m in results}
    assert len(texts) == 1
    body = texts.pop()
    b.mailed[phase] = (body, b.clock.now)
    r = dpjudge_layout.parse(body)
    b.read.append(r)
    assert (r.game, r.variant, r.phase) == (GAME, "standard", phase)
    assert r.header_phase == (f"F{phase[1:5]}B" if phase.startswith("W") else phase)
    assert r.other == [] or all(line.startswith(("No orders came from", "Orders that could not be used"))
                                for line in r.other), r.other
    game = b.game()
    # What the results say agrees with the game the judge now holds.
    for power, order, marks in r.orders:
        assert power.upper() in POWERS
    if r.ownership:
        for power in POWERS:
            centres = sorted(game.map.provinces[c].name for c in game.position.centers_of(power))
            assert sorted(r.ownership.get(power.title(), [])) == centres, (phase, power)
        unowned = sorted(game.map.provinces[c].name for c in game.map.centers if c not in game.position.centers)
        assert sorted(r.ownership.get("Unowned", [])) == unowned
    for power, left in r.pending.items():       # builds a power could have made and did not
        assert left == len(game.position.centers_of(power.upper())) - len(game.position.units_of(power.upper()))
    for power, (centres, units, adjust) in r.sizes.items():
        assert centres == len(game.position.centers_of(power.upper())) and adjust == centres - units
    if game.position.phase.kind == "R":
        assert len(r.dislodged) == len(game.position.dislodged)
    if r.kind == "Movement":
        assert [blk for blk in r.blocks if len(blk) != 1] == [], "one power per block"
    if not game.over:
        # The phase announced is the one the game is in now, the phase processed the last one it played. Dislodged
        # units have their retreat phase unless none of them has anywhere to go: then, as DPjudge, the results say
        # each was destroyed and the game goes on to the next phase that needs orders.
        assert game.history[-1] == phase
        announced = game.position.phase
        if r.dislodged:
            assert (announced.kind == "R") == any(to for *_, to in r.dislodged), (r.dislodged, announced)
            b.skipped += all(to == [] for *_, to in r.dislodged)
        kind = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}[announced.kind]
        assert r.next_phase[0] == kind and r.next_phase[2] == announced.year
    return body
