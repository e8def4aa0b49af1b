"""A judge on real folders, with a game already created (or started) by mail and copied for each test."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

from judge import maps
from tests.e2e.conftest import REPLY, T0, Clock, Table, compose  # noqa: F401  (re-exported for the tests)

GAME = "g1"
GM = ("gm@example.org", "gm-secret")
PLAYERS = {
    "AUSTRIA": ("austria@example.org", "aus-pw"), "ENGLAND": ("england@example.org", "eng-pw"),
    "FRANCE": ("france@example.org", "fra-pw"), "GERMANY": ("germany@example.org", "ger-pw"),
    "ITALY": ("italy@example.org", "ita-pw"), "RUSSIA": ("russia@example.org", "rus-pw"),
    "TURKEY": ("turkey@example.org", "tur-pw"),
}
LETTER = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I", "RUSSIA": "R", "TURKEY": "T"}
# Every power's units in Spring 1901 holding: a complete order set for each.
HOLDS = {
    "AUSTRIA": ["A VIE H", "A BUD H", "F TRI H"], "ENGLAND": ["F LON H", "F EDI H", "A LVP H"],
    "FRANCE": ["F BRE H", "A PAR H", "A MAR H"], "GERMANY": ["F KIE H", "A BER H", "A MUN H"],
    "ITALY": ["F NAP H", "A ROM H", "A VEN H"], "RUSSIA": ["F STP/SC H", "A MOS H", "A WAR H", "F SEV H"],
    "TURKEY": ["F ANK H", "A CON H", "A SMY H"],
}


class Desk(Table):
    """The Table of the end-to-end tests, with sign-on shortcuts for game g1; reading a reply keeps other mail."""

    def __init__(self, root: Path):
        super().__init__(root)
        self._kept: list = []

    def new_mail(self) -> list:
        got, self._kept = self._kept + super().new_mail(), []
        return got

    def reply_to(self, address: str) -> str:
        """The newest reply to `address`; the other new mail stays new."""
        mails = self.new_mail()
        replies = [m for m in mails if m["To"] == address and str(m["Subject"]).startswith(REPLY)]
        assert replies, f"no reply to {address}"
        self._kept = [m for m in mails if all(m is not r for r in replies)]
        return replies[-1].get_content()

    def signon(self, power: str, *lines: str, fmt: str = "plain"):
        address, password = PLAYERS[power]
        return self.send(address, "\n".join([f"SIGNON {LETTER[power]}{GAME} {password}", *lines]), fmt)

    def master(self, *lines: str):
        return self.send(GM[0], "\n".join([f"SIGNON M{GAME} {GM[1]}", *lines]))

    def reply(self, power_or_address: str) -> str:
        address = PLAYERS[power_or_address][0] if power_or_address in PLAYERS else power_or_address
        return self.reply_to(address)

    def status_bytes(self, name: str = GAME) -> bytes:
        return (self.folder(name) / "status.json").read_bytes()

    def mails(self, subject_part: str) -> list:
        """New mail whose subject contains `subject_part` (consumes all new mail)."""
        return [m for m in self.new_mail() if subject_part in str(m["Subject"])]

    def delivered(self, subject_part: str, same: bool = True) -> dict:
        """New mail whose subject contains `subject_part`, by recipient (consumes all new mail). Each message has
        exactly one recipient, and every recipient got the same text."""
        out = {}
        for m in self.mails(subject_part):
            to = [a.strip() for a in str(m["To"]).split(",")]
            assert len(to) == 1 and not m["Cc"], f"one recipient per message, not {m['To']}"
            assert to[0] not in out, f"{to[0]} got two messages about {subject_part!r}"
            out[to[0]] = m
        assert not same or len({m.get_content() for m in out.values()}) <= 1, "recipients got different texts"
        return out

    def use_variants(self, folder: Path) -> None:
        """The judge reads its variants from `folder` (the caller ends with maps.use_folder(None))."""
        from judge.service import Judge
        self.judge = Judge(self.settings.with_values(judge_variants_dir=str(folder)), clock=self.clock)

    def set_board(self, doc: dict, name: str = GAME) -> None:
        """The game's board set to a position of the rules (as a game may stand after a few years of play)."""
        from judge.position import Position
        store = self.judge.store
        with store.lock(name):
            game = store.load(name)
            game.position = Position.from_json(doc, game.map)
            store.save(game, self.judge.clock())      # (its wake-up as a start-up would plan it)

    def all_hold(self, *powers: str) -> None:
        for power in powers or HOLDS:
            assert self.signon(power, *HOLDS[power]).accepted, power


MAPS = Path(__file__).resolve().parent.parent / "data" / "maps"


def toy_variants(folder: Path) -> Path:
    """A variants folder with our toy board (two powers, no drawing) and its B.C. calendar (toy_bc)."""
    folder.mkdir()
    for name in ("toy.map", "toy_bc.map"):
        (folder / name).write_text((MAPS / name).read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def toy_game(desk: Desk, name: str, variant: str) -> None:
    """Game `name` on a toy variant (of toy_variants, in use), created by GM and joined by both its powers."""
    assert desk.send(GM[0], f"CREATE {name} {GM[1]} {variant}").accepted
    assert desk.send("north@example.org", f"JOIN {name} npw N").accepted
    assert desk.send("south@example.org", f"JOIN {name} spw S").accepted


def bc_game(tmp_path: Path) -> Iterator[Desk]:
    """Game bc on our toy board with the B.C. calendar of DPjudge's classical map (years count down: B.C. 273
    Movement, B.C. 272 Movement, B.C. 272 Adjustments...), both powers joined; the judge reads its variants folder
    until the fixture ends. For a fixture: `yield from bc_game(tmp_path)`."""
    desk = Desk(tmp_path)
    desk.use_variants(toy_variants(tmp_path / "variants"))
    try:
        toy_game(desk, "bc", "toy_bc")
        yield desk
    finally:
        maps.use_folder(None)


def dpjudge_desk(tmp_path: Path) -> Iterator[Desk]:
    """A judge whose variants folder holds DPjudge's own map files (skipped without a mirror of its repository),
    until the fixture ends. For a fixture: `yield from dpjudge_desk(tmp_path)`."""
    from tests.dpjudge_mirror import extract
    desk = Desk(tmp_path)
    desk.use_variants(extract(tmp_path / "variants"))
    try:
        yield desk
    finally:
        maps.use_folder(None)


_built: dict[str, Path] = {}


def template(tmp_path_factory, kind: str) -> Path:
    """games/ with g1 'forming' (created, nobody joined) or 'started' (all seven joined), built once a session."""
    if kind not in _built:
        root = tmp_path_factory.mktemp(f"template-{kind}")
        desk = Desk(root)
        assert desk.send(GM[0], f"CREATE {GAME} {GM[1]}").accepted
        if kind == "started":
            for power, (address, password) in PLAYERS.items():
                assert desk.send(address, f"JOIN {GAME} {password} {LETTER[power]}").accepted
        _built[kind] = root / "games"
    return _built[kind]


def desk_with(tmp_path: Path, tmp_path_factory, kind: str) -> Desk:
    root = tmp_path / kind                        # a test may use both kinds
    shutil.copytree(template(tmp_path_factory, kind), root / "games")
    return Desk(root)


# -- games on our small boards in DPjudge's map format (tests/data/maps: plus_names, sea_powers, shut_sea) ---------
MAPS = Path(__file__).resolve().parent.parent / "data" / "maps"


def address(power: str) -> str:
    return f"{power.lower()}@example.org"


def start_map_game(desk: Desk, game: str, variant: str) -> list:
    """The game created (master gm@example.org, password gm-pw; EARLY 0) and joined by every power, each asking
    for its own letter (password pw-<power>); the mail sent so far."""
    from judge import maps
    assert desk.send("gm@example.org", f"CREATE {game} gm-pw {variant}\nSET EARLY 0").accepted
    m = maps.load(variant)
    for power in m.playable_powers:
        assert desk.send(address(power), f"JOIN {game} pw-{power.lower()} {m.power_letters[power]}").accepted
    assert desk.game(game).status == "active"
    return desk.new_mail()
