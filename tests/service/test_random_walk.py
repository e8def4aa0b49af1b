"""A seeded random walk of what a master and seven players send a running game, and of its clock, through the judge
on real folders. After every message and every run of the clock it checks what must always hold: the Table's own
checks (a refused message changes no file; each mail has one recipient and shows nobody another's address; the
saved wake-up is what a fresh start-up would plan) and, here, that nothing makes the judge fail, every mail is bounded
in size and carries no password, a refused message is told why, the game file reads back to the same document, and
the game's history only grows but by ROLLBACK.

Longer walks by hand: JUDGE_WALK_STEPS=2000 JUDGE_WALK_SEEDS=1,2,3,4 pytest tests/service/test_random_walk.py"""
from __future__ import annotations

import os
import random
from collections import Counter
from datetime import timedelta

import pytest

from judge import builds, maps
from judge.game import PLAYING, Game
from judge.game.roles import ACTIVE, VACANT
from judge.rules import RULES, DeadlineMode, _show
from judge.web import pages
from judge.web.session import Sessions
from judge.web.views import Views
from tests.commands.helpers import GAME, GM, LETTER, PLAYERS, Desk, compose
from tests.dpjudge_mirror import extract

STEPS = int(os.environ.get("JUDGE_WALK_STEPS", "60"))
SEEDS = [int(s) for s in os.environ.get("JUDGE_WALK_SEEDS", "1901,1902,1903").split(",")]
MAIL_LIMIT = 1_100_000                  # a reply is at most 1 MB as mailed (README), a results mail with its picture
PASSWORDS = [GM[1], *(pw for _, pw in PLAYERS.values()), *(f"nc{i}-pw" for i in range(10))]
# Rules whose every value the walk may set (the picture's is left at none: drawing each phase costs the suite time).
WALK_RULES = [r for r in RULES if r.name != "map_picture"]


def unit_orders(rng: random.Random, game: Game, power: str) -> list[str]:
    """Orders for some of the power's units, mostly legal, as a player types them."""
    pos, m = game.position, game.map
    kind = pos.phase.kind
    lines = []
    if kind == "M":
        units = [u for u in pos.units.values() if u.power == power]
        others = list(pos.units.values())
        if rng.random() < 0.3:
            return attack(rng, game, units)
        for u in rng.sample(units, k=rng.randint(0, len(units))):
            adj = sorted((m.army_adj if u.kind == "A" else m.fleet_adj).get(u.loc, ()))
            near = [v for v in others if v is not u and m.reaches_province(u.kind, u.loc, v.province)]
            pick = rng.random()
            if pick < 0.45 and adj:
                lines.append(f"{u.kind} {u.loc} - {rng.choice(adj)}")
            elif pick < 0.7 and near:
                v = rng.choice(near)
                lines.append(f"{u.kind} {u.loc} S {v.kind} {v.loc}")
            else:
                lines.append(f"{u.kind} {u.loc} H")
    elif kind == "R":
        for d in pos.dislodged.values():
            if d.unit.power == power:
                lines.append(f"{d.unit.kind} {d.unit.loc} - {rng.choice(d.retreats)}" if d.retreats and
                             rng.random() < 0.7 else f"{d.unit.kind} {d.unit.loc} D")
    else:
        # (the judge's own count and build sites: on some maps a power builds in any centre it owns, in factories,
        # partisan or alternative sites, or is owed builds without centres)
        due = builds.count(m, pos, power)
        units = [u for u in pos.units.values() if u.power == power]
        if due > 0:
            free = builds.sites(m, power, pos.units, pos.centers, game.rules, pos.house)
            for site in rng.sample(free, k=min(len(free), due)):
                lines.append(f"BUILD {build_unit(rng, m, site)}")
            lines += ["WAIVE"] * (rng.random() < 0.2)
        elif due < 0:
            lines += [f"REMOVE {u.kind} {u.loc}" for u in rng.sample(units, k=min(len(units), -due))]
    return lines


def build_unit(rng: random.Random, m, site: str) -> str:
    """An army or a fleet (on one of its coasts where it has several) the site can hold; else an army, refused."""
    options = [f"A {site}"] if m.can_hold("A", site) else []
    options += [f"F {loc}" for loc in [site, *(f"{site}/{c}" for c in m.provinces[site].coasts)]
                if m.can_hold("F", loc)]
    return rng.choice(options or [f"A {site}"])


def attack(rng: random.Random, game: Game, units: list) -> list[str]:
    """One move on a neighbouring unit of another power, supported by every unit of the power that can: so that
    units are dislodged and retreats are played (the random orders seldom dislodge anything)."""
    pos, m = game.position, game.map
    targets = [(u, d) for u in units for d in sorted((m.army_adj if u.kind == "A" else m.fleet_adj).get(u.loc, ()))
               if (v := pos.units.get(d[:3])) is not None and v.power != u.power]
    if not targets:
        return []
    unit, dest = rng.choice(targets)
    lines = [f"{unit.kind} {unit.loc} - {dest}"]
    for other in units:
        if other is not unit and m.reaches_province(other.kind, other.loc, dest[:3]):
            lines.append(f"{other.kind} {other.loc} S {unit.kind} {unit.loc} - {dest[:3]}")
    return lines


def player_lines(rng: random.Random, game: Game, power: str, now) -> list[str]:
    others = "".join(rng.sample(sorted(game.map.power_letters.values()), k=rng.randint(1, 3)))
    choices = [
        lambda: unit_orders(rng, game, power),
        lambda: [rng.choice(["SET WAIT", "SET NOWAIT"])],
        lambda: [f"PRESS TO {others}{rng.choice(['', ' GREY'])}", "Shall we?", "ENDPRESS"],
        lambda: ["BROADCAST", "Peace to all.", "ENDBROADCAST"],
        # (mostly withdrawn: with a few players and the rest dummies, a draw was agreed within the first year, and a
        # long walk went on on a finished game; everyone_votes ends games now and then)
        lambda: [rng.choice(["VOTE DRAW", *["VOTE NONE"] * 6, f"VOTE CONCEDE {rng.choice(game.map.powers)}"])],
        lambda: [rng.choice(["STATUS", "CLEAR", f"LIST {GAME}", f"SUMMARY {GAME}", f"HISTORY {GAME}", "ARCHIVE",
                             "POSITION"])],
        lambda: [rng.choice(["EXTEND", "SET ABSENCE NONE",
                             f"SET ABSENCE {(now + timedelta(days=rng.randint(1, 9))):%Y-%m-%d}"])],
    ]
    lines = []
    for _ in range(rng.randint(1, 3)):
        lines += rng.choice(choices)()
    if rng.random() < 0.03:
        lines.append("RESIGN")
    return lines


def master_lines(rng: random.Random, game: Game) -> list[str]:
    powers = sorted(game.map.powers)
    rule = rng.choice(WALK_RULES)
    value = rng.choice(list(rule.choices)[:6])
    choices = [
        lambda: ["PAUSE"], lambda: ["RESUME"], lambda: [f"SET DEADLINE +{rng.randint(1, 96)}h"],
        lambda: ["PROCESS"], lambda: ["PROCESS!"], lambda: ["PREVIEW"],
        lambda: [f"SET RULE {rule.name}={_show(value)}"], lambda: [f"SET NORULE {rule.name}"],
        lambda: [f"SET VICTORY {rng.randint(10, 34)}"],
        lambda: [rng.choice(["SET MOVEMENT 48", "SET GRACE 12", "SET REMINDER 6", "SET EARLY -1", "SET EARLY 0",
                             "SET DAYS MTWTF--", "SET ZONE Europe/Paris", "SET TIME 18:00", "SET TIME NONE"])],
        lambda: [f"{p}: {line}" for p in rng.sample(powers, k=2) for line in unit_orders(rng, game, p)],
        lambda: ["BROADCAST", "From the master.", "ENDBROADCAST"],
        lambda: [f"LIST {GAME}"],
    ]
    lines = []
    for _ in range(rng.randint(1, 2)):
        lines += rng.choice(choices)()
    rare = rng.random()
    if rare < min(0.01, 0.6 / STEPS):         # (rarer in a long walk, which is for long games)
        lines.append("TERMINATE")
    elif rare < 0.04:
        lines.append("ROLLBACK")
    elif rare < 0.05:
        lines.append(f"EJECT {rng.choice(powers)}")
    elif rare < 0.07:
        lines.append(f"{rng.choice(['DUMMY', 'REVIVE'])} {rng.choice(powers)}")
    elif rare < 0.07 + min(0.05, 3 / STEPS):
        # (the leader's centres now: the game is won when the year ends, if they keep them; rarer in a long walk)
        lines.append(f"SET VICTORY {max([*Counter(game.position.centers.values()).values(), 1])}")
    return lines


WATCHERS = ["watcher@example.org", "kibitzer@example.net"]
NEWCOMERS = {f"newcomer{i}@example.org": f"nc{i}-pw" for i in range(10)}
ADDRESSES = [GM[0], *(a for a, _ in PLAYERS.values()), *WATCHERS, *NEWCOMERS]
PASSWORDS_BY_ADDRESS = {**dict(PLAYERS.values()), **NEWCOMERS}


def check_pages(desk: Desk, game: Game, lines: list[str]) -> None:
    """The public pages a visitor sees (the judge's index, the game's, its latest phase's) are drawn, bounded, and
    show nobody's address (the walk never sets reveal, so not even a finished game's)."""
    views = Views(desk.judge, Sessions(b"k" * 32, desk.clock))
    replies = [views.index(), views.game_page(GAME, None)]
    stems = [p.stem for p in desk.judge.store.results(GAME)]
    if stems:
        replies.append(views.phase_page(GAME, pages.phase_names(stems, game)[-1], None))
    for r in replies:
        body = r.body if isinstance(r.body, str) else r.body.decode("utf-8")
        assert r.status == 200 and 0 < len(body) < 2_000_000, (r.status, len(body), lines)
        shown = [a for a in ADDRESSES if a in body]
        assert not shown, f"a page shows {shown} after {lines}"


def send(desk: Desk, sender: str, lines: list[str]):
    """A new message (its own Message-ID, as a mail client gives each: the same text sent again is not a
    redelivery)."""
    desk.sent = getattr(desk, "sent", 0) + 1
    return desk.deliver(compose(sender, "\n".join(lines), message_id=f"<walk-{desk.sent}@example.org>"))


def check(desk: Desk, before: Game | None, lines: list[str], result) -> Game:
    """What must hold after a step; returns the game as it now stands."""
    mails = desk.new_mail()
    for m in mails:
        raw = m.as_bytes()
        assert len(raw) <= MAIL_LIMIT, f"a mail of {len(raw)} bytes: {m['Subject']}"
        text = raw.decode("utf-8", "replace")
        shown = [pw for pw in PASSWORDS if pw in text]
        assert not shown, f"{shown} in a mail to {m['To']} ({m['Subject']}) after {lines}"
    if result is not None and not result.accepted:
        assert result.errors, f"refused without a reason: {lines}"
    game = desk.game(GAME)
    doc = game.to_json()
    assert Game.from_json(doc).to_json() == doc, f"the game file does not read back the same after {lines}"
    if game.status == PLAYING and not game.over:
        # The clock never loses the game: a running game under deadlines=auto has a deadline, paused or not.
        assert game.rules.deadlines is not DeadlineMode.AUTO or game.deadline is not None, f"no deadline after {lines}"
        # (several orders for one unit under duplicate_orders=hold are taken, and reported as the unit holding)
        unusable = [e for e in game.legal_orders()[1] if not e[2].startswith("MULTIPLE ORDERS FOR ONE UNIT")]
        assert not unusable, f"orders held that processing could not use after {lines}: {unusable}"
    check_pages(desk, game, lines)
    if before is not None and not any(line.startswith("ROLLBACK") for line in lines):
        # (by the history, not by comparing phases: a calendar counting years down has no such order)
        assert game.history[:len(before.history)] == before.history, f"the history went back after {lines}"
    return game


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_walk_of_commands_keeps_every_invariant(started: Desk, seed: int) -> None:
    rng = random.Random(seed)
    walk(started, rng, played_step)


def walk(desk: Desk, rng: random.Random, people_step) -> None:
    """STEPS steps, each checked: someone outside the game, the clock, the master, or (most) `people_step`'s
    players and newcomers."""
    game = check(desk, None, [], None)
    seen: set[str] = set()
    tally: Counter = Counter()
    for _ in range(STEPS):
        roll = rng.random()
        if roll < 0.05:
            # Someone outside the game: a would-be observer, or a newcomer asking about it.
            lines = [rng.choice([f"OBSERVE {GAME}", f"UNOBSERVE {GAME}", f"LIST {GAME}", f"SUMMARY {GAME}",
                                 f"HISTORY {GAME}", f"JOIN {GAME} newpw F"])]
            result = send(desk, rng.choice(WATCHERS), lines)
        elif roll < 0.13:
            lines = [f"clock +{(hours := rng.randint(1, 40))}h"]
            desk.clock.advance(hours=hours)
            desk.process(GAME)
            result = None
        elif roll < 0.32:
            lines = master_lines(rng, game) if game.position is not None else forming_master_lines(rng)
            result = send(desk, GM[0], [f"SIGNON M{GAME} {GM[1]}", *lines])
        elif roll < 0.32 + min(0.004, 1 / STEPS) and game.position is not None:
            lines, result = everyone_votes(desk, game, rng.choice(["VOTE DRAW", "VOTE NONE"]))
        else:
            lines, result = people_step(desk, rng, game)
        game = check(desk, game, lines, result)
        seen.add(game.position.phase.kind if game.position else "-")
        tally[game.status if result is None else "ok" if result.accepted else "refused"] += 1
        if os.environ.get("JUDGE_WALK_LOG") == "summary":
            continue
        if os.environ.get("JUDGE_WALK_LOG"):
            print(game.position.phase.describe() if game.position else "-", game.status,
                  "-" if result is None else "ok" if result.accepted else result.errors[:1], lines[:3])
    if os.environ.get("JUDGE_WALK_LOG") == "summary":
        print(f"\nWALK {game.variant} {game.position.phase.describe() if game.position else '-'} {game.status}",
              f"winner={game.winner} result={game.result} kinds={''.join(sorted(seen))} {dict(tally)}")


def everyone_votes(desk: Desk, game: Game, vote: str):
    """Every active player sends the same vote (a draw of all survivors is agreed so, and the game ends); each
    vote mail is checked as the walk goes, and the last one's result is returned."""
    lines, result = [vote], None
    for player in game.players:
        password = PASSWORDS_BY_ADDRESS.get(player.address)
        if player.power and player.status == ACTIVE and password is not None:
            letter = game.map.power_letters[player.power]
            result = send(desk, player.address, [f"SIGNON {letter}{GAME} {password}", vote])
            game = check(desk, game, lines, result)
    return lines, result


def played_step(desk: Desk, rng: random.Random, game: Game):
    """One of the seven players of the started game sends orders and commands, or takes their power back."""
    power = rng.choice(sorted(PLAYERS))
    address, password = PLAYERS[power]
    player = next((p for p in game.players if p.power == power), None)
    if player is not None and player.status == ACTIVE:
        lines = player_lines(rng, game, power, desk.clock())
        return lines, send(desk, address, [f"SIGNON {LETTER[power]}{GAME} {password}", *lines])
    # Its player resigned or was ejected: they come back for it (a dummy is refused until REVIVE).
    lines = [f"TAKEOVER {LETTER[power]}{GAME} {password}"]
    return lines, send(desk, address, lines)


# Our variants, and DPjudge's own map files where a mirror of its repository is here (by hand, more of them:
# JUDGE_WALK_MAPS=classical,hundred,ancmed,ambition,standard_french).
DPJUDGE_MAPS = [f"dpjudge:{name}" for name in os.environ.get("JUDGE_WALK_MAPS", "classical").split(",") if name]
VARIANTS = ["standard", "heartland", "chaos", *DPJUDGE_MAPS]


@pytest.mark.parametrize("seed, variant", [(SEEDS[i % len(SEEDS)], v) for i, v in enumerate(VARIANTS)])
def test_a_random_walk_from_a_forming_game_keeps_every_invariant(desk: Desk, tmp_path, seed: int,
                                                                 variant: str) -> None:
    """Newcomers join and leave a forming game, the master sets it up and starts it (or ends it), and then it is
    played by whoever joined, with the same checks after every step; on the standard map, on a board of three
    powers of its own, on Chaos (34 powers, most of them left to dummies), and on DPjudge's Classical (a calendar
    of its own, counting down through B.C.)."""
    rng = random.Random(seed)
    if variant.startswith("dpjudge:"):
        variant = variant.partition(":")[2]
        rng = random.Random(f"{seed}:{variant}")     # (a walk of its own per map: with one seed, all walked alike)
        desk.use_variants(extract(tmp_path / "variants"))
    try:
        walk_from_forming(desk, rng, variant)
    finally:
        maps.use_folder(None)


def walk_from_forming(desk: Desk, rng: random.Random, variant: str) -> None:
    assert desk.send(GM[0], f"CREATE {GAME} {GM[1]} {variant}").accepted
    walk(desk, rng, newcomer_step)


def newcomer_step(desk: Desk, rng: random.Random, game: Game):
    """A newcomer joins or leaves the forming game; once it runs, plays the power they were given, or takes over an
    open one."""
    playing = sorted(p.address for p in game.players if p.power and p.status == ACTIVE and p.address in NEWCOMERS)
    # (once the game runs, mostly those who play in it: on a map of a few powers most newcomers have none, and the
    # long walks spent their steps on refused takeovers)
    address = rng.choice(playing if playing and game.position is not None and rng.random() < 0.8
                         else sorted(NEWCOMERS))
    password = NEWCOMERS[address]
    player = next((p for p in game.players if p.address == address), None)
    if game.position is None:
        letters = sorted(game.map.power_letters.values())
        lines = [f"RESIGN {GAME} {password}"] if player and rng.random() < 0.3 else \
            [f"JOIN {GAME} {password} {''.join(rng.sample(letters, k=rng.randint(0, 3)))}".rstrip()]
        return lines, send(desk, address, lines)
    if player is not None and player.status == ACTIVE and player.power:
        letter = game.map.power_letters[player.power]
        lines = player_lines(rng, game, player.power, desk.clock())
        return lines, send(desk, address, [f"SIGNON {letter}{GAME} {password}", *lines])
    open_powers = sorted(p.power for p in game.players if p.power and p.status == VACANT)
    target = rng.choice(open_powers or sorted(game.map.powers))
    lines = [f"TAKEOVER {game.map.power_letters[target]}{GAME} {password}"]
    return lines, send(desk, address, lines)


def forming_master_lines(rng: random.Random) -> list[str]:
    rule = rng.choice(WALK_RULES)
    value = rng.choice(list(rule.choices)[:6])
    lines = [rng.choice([f"SET RULE {rule.name}={_show(value)}", f"SET NORULE {rule.name}", f"LIST {GAME}",
                         f"SET DEADLINE +{rng.randint(1, 96)}h", f"SET VICTORY {rng.randint(10, 34)}",
                         "SET MOVEMENT 24", "SET EARLY 0"])]
    rare = rng.random()
    if rare < min(0.005, 0.3 / STEPS):
        lines.append("TERMINATE")
    elif rare < 0.04:
        lines.append("ACTIVATE")
    return lines
