"""What each path answers, as plain data (status, body, headers): games read from disk, pages rendered from
templates/web/. Runs in worker threads; the server (judge.web.app) only moves bytes."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path

import jinja2

from judge import picture
from judge.game import Game
from judge.game.hidden_dummies import hidden
from judge.game.phase_codes import phase_code
from judge.picture.source import SUFFIX as PICTURE_SOURCE
from judge.reports import mail_file_text
from judge.service import Judge
from judge.storage.gamedir import GameUnavailable, valid_name
from judge.templating import TEMPLATES
from judge.web import boards, pages
from judge.web.pages import PHASE
from judge.web.phase_pictures import Source, of_source, png_of_svg
from judge.web.session import MASTER, Session, Sessions, credential

VIEWER = "VIEWER"          # a session opened with a private game's game password: it may read the pages, no more
# A page behind a game password or drawn for one session (or echoing what was posted): no cache may keep it, not even
# the browser's (a shared computer's next user, a proxy). Public pages stay cacheable (the server's "no-cache").
PERSONAL = "private, no-store"


@dataclass
class Reply:
    status: int = 200
    body: bytes | str = b""
    type: str = "text/html"
    headers: dict[str, str] = field(default_factory=dict)
    file: Path | None = None          # a file to send as the body
    cookies: list[tuple[str, str, dict]] = field(default_factory=list)   # (name, value, attributes)
    source: Source | None = None      # a picture still to draw (judge.web.phase_pictures)


class NotFound(Exception):
    """404: an unknown game, a private one without access, a phase not processed, a picture not kept."""

    def __init__(self, why: str = "There is no such page here."):
        super().__init__(why)


class Moved(Exception):
    """301: a phase spelt in another case than its results name it (`s1901m`): its page is at `phase`'s spelling."""

    def __init__(self, phase: str):
        super().__init__(phase)
        self.phase = phase


class Unavailable(Exception):
    """503: the game's files cannot be read at the moment (the keeper is told: Views._unavailable)."""


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The pages' templates: HTML, so every value is escaped (the mail templates are plain text and are not)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), undefined=jinja2.StrictUndefined,
                             autoescape=jinja2.select_autoescape(["html", "svg"]), trim_blocks=True,
                             lstrip_blocks=True)
    env.filters["who"] = pages.who_words
    env.filters["results"] = pages.results_html
    env.filters["segment"] = pages.segment
    return env


def html(template: str, status: int = 200, **context) -> Reply:
    return Reply(status, environment().get_template(f"web/{template}").render(**context), "text/html")


def personal(reply: Reply, really: bool = True) -> Reply:
    """The reply, marked PERSONAL if `really` (a private game's, a session's)."""
    if really:
        reply.headers["Cache-Control"] = PERSONAL
    return reply


def holds(session: Session | None, game: Game) -> bool:
    """Does the session still stand for what let it in (the same password hash; the player still there)?"""
    if session is None:
        return False
    if session.who == MASTER:
        return credential(game.master_password) == session.credential
    if session.who == VIEWER:
        return not game.private or credential(game.privacy) == session.credential
    player = game.player(session.who)
    if player is None or not player.power:
        return False
    if session.via_master:
        return credential(game.master_password) == session.credential
    return player.status == "active" and credential(player.password) == session.credential


def _fresh(stale_at: datetime | None, now: datetime) -> bool:
    return stale_at is None or now < stale_at


CACHED = 512               # games (and their public page) kept read, by the state of their files


class Views:
    def __init__(self, judge: Judge, sessions: Sessions):
        self.judge = judge
        self.store = judge.store
        self.sessions = sessions
        # A game is read again, and its public page rendered again, only when its files changed: a commit replaces
        # status.json (a new inode) and adds results and press files (their folder's mtime changes).
        self._games: dict[str, tuple[tuple, Game]] = {}
        # (the public page, by the state of its files, until the moment it goes stale: pages.stale_at)
        self._pages: dict[str, tuple[tuple, Reply, datetime | None]] = {}
        self._boards: dict[str, tuple[tuple, str]] = {}        # the position key of each game's board

    def _files(self, name: str) -> tuple:
        folder = self.store.folder(name)
        out = []
        for path in (folder / "status.json", folder / "results", folder / "press"):
            try:
                st = path.stat()
                out.append((st.st_ino, st.st_mtime_ns, st.st_size))
            except FileNotFoundError:
                out.append(None)
        return tuple(out)

    def _load(self, name: str) -> tuple[Game, tuple]:
        files = self._files(name)
        if files[0] is None:
            raise FileNotFoundError(name)
        kept = self._games.get(name)
        if kept is not None and kept[0] == files:
            return kept[1], files
        game = self.store.load(name)
        if len(self._games) >= CACHED:
            self._games.clear()
            self._boards.clear()
        self._games[name] = (files, game)
        return game, files

    # -- reading a game --------------------------------------------------------------------------------------------
    def game(self, name: str, cookie: str | None, answering: bool = False) -> tuple[Game, Session | None]:
        """The game and the visitor's live session on it; NotFound for an unknown game or a private one the visitor
        has no access to (the same answer: a private game's existence is not told). `answering`: the page answers a
        form its session sent while it held, and the form itself may have ended it (RESIGN, SET PASSWORD): the
        game is shown to it even so, that once."""
        if not valid_name(name):
            raise NotFound()
        try:
            game, _ = self._load(name)
        except FileNotFoundError:
            raise NotFound() from None
        except GameUnavailable as exc:
            self._unavailable(exc)
            raise Unavailable() from None
        session = self.sessions.get(cookie, name)
        if session is not None and not holds(session, game):
            self.sessions.end(session)
            session = None
        if game.private and session is None and not answering:
            raise NotFound()
        return game, session

    def _stems(self, name: str) -> list[str]:
        return [p.stem for p in self.store.results(name)]

    # -- the pages -------------------------------------------------------------------------------------------------
    def _unavailable(self, exc: GameUnavailable) -> None:
        """What the 503 page says, made true: the keeper is told (at most once an hour, as the mail side tells it;
        a page asked for again and again logs it that often too)."""
        self.judge.keeper.tell(f"unavailable {exc.name}", f"game {exc.name} is unavailable",
                               [str(exc), "Its web pages answer 'unavailable' and its mail is answered so until the "
                                          "file is mended."], log_repeats=False)

    def index(self) -> Reply:
        games, broken = [], 0
        for name in self.store.names():
            try:
                games.append(self.store.load(name))
            except FileNotFoundError:
                continue
            except GameUnavailable as exc:
                broken += 1               # one broken game hides nothing else; not named (it may be private)
                self._unavailable(exc)
        return html("index.html", judge=self.judge.settings.judge_name, mail_to=self.judge.settings.address,
                    unavailable=broken, **pages.listing(games))

    def game_page(self, name: str, cookie: str | None) -> Reply:
        game, session = self.game(name, cookie)
        files = self._files(name)
        kept = self._pages.get(name)
        now = self.judge.clock()
        if session is None and kept is not None and kept[0] == files and _fresh(kept[2], now):
            return kept[1]                           # the same page for every visitor without a sign-on
        reply = self._game_page(game, session)
        if session is None:
            if len(self._pages) >= CACHED:
                self._pages.clear()
            self._pages[name] = (files, reply, pages.stale_at(game, now))
        return reply

    def _game_page(self, game: Game, session: Session | None) -> Reply:
        name = game.name
        stems = self._stems(name)
        latest = stems and mail_file_text((self.store.folder(name) / "results" / f"{stems[-1]}.txt").read_text(
            encoding="utf-8"))
        press = []
        for path in self.store.press(name):
            try:
                press.append(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue
        # A finished game's page shows the last phase played beside its end: its orders and what became of them.
        last_picture = game.over and bool(stems) and self._has_picture(name, stems[-1])
        ctx = pages.game_page(game, pages.phase_names(stems, game), latest or None, press, boards.drawable(game),
                              session.who if session and session.who != VIEWER else None, self.judge.clock(),
                              last_picture)
        return personal(html("game.html", judge=self.judge.settings.judge_name, mail_to=self.judge.settings.address,
                             **ctx),
                        game.private or session is not None)

    def phase_page(self, name: str, phase: str, cookie: str | None) -> Reply:
        game, _ = self.game(name, cookie)
        stem = self._phase_stem(game, phase)
        text = mail_file_text((self.store.folder(name) / "results" / f"{stem}.txt").read_text(encoding="utf-8"))
        has = self._has_picture(name, stem)
        stems = self._stems(name)
        names = pages.phase_names(stems, game)
        ctx = pages.phase_page(game, names, names[stems.index(stem)], text, has)
        # (a map without a drawing says so, as the game's page does: no picture was ever drawn, none was lost)
        drawn = picture.has_drawing(game.map.board)
        return personal(html("phase.html", judge=self.judge.settings.judge_name, drawn=drawn, **ctx), game.private)

    def _has_picture(self, name: str, stem: str) -> bool:
        return any(boards.phase_picture(self.store, name, stem, kind) for kind in ("svg", PICTURE_SOURCE))

    def _phase_stem(self, game: Game, phase: str) -> str:
        if not PHASE.match(phase):
            raise NotFound("There is no such phase.")
        stems = self._stems(game.name)
        names = pages.phase_names(stems, game)
        for stem, shown in zip(stems, names):
            # (Mapper's name the results mail gives a winter too)
            if phase in (shown, pages.mapper_name(game, shown)):
                return stem
        # (a name the calendar reads as another's code: DPjudge's count of an era's years, which older games' results
        # and files wrote, B0M for A.D. 1's A1M; sent on to the code, as ROLLBACK reads it)
        code = phase_code(game, phase)
        if code != phase and code in names:
            raise Moved(code)
        for stem in stems:
            if phase == stem.partition("-")[2]:          # (the file's own name: links made before)
                return stem
        # (typed by hand, a phase comes in any case, as mail takes it: sent on to the one spelling the spec gives)
        folded = phase.casefold()
        for stem, shown in zip(stems, pages.phase_names(stems, game)):
            if folded in {n.casefold() for n in (shown, stem.partition("-")[2], pages.mapper_name(game, shown))}:
                raise Moved(shown)
        raise NotFound("That phase has not been processed.")

    def phase_map(self, name: str, phase: str, kind: str, cookie: str | None) -> Reply:
        """The phase's picture: the file processing kept, or what it is drawn from when processing did not draw it
        (a text-only results mail keeps the picture source, an SVG one the SVG alone)."""
        game, _ = self.game(name, cookie)
        stem = self._phase_stem(game, phase)
        path = boards.phase_picture(self.store, name, stem, kind)
        if path is not None:
            return personal(Reply(type=boards.KINDS[kind], file=path), game.private)
        try:
            svg = boards.phase_picture(self.store, name, stem, "svg") if kind == "png" else None
            if svg is not None:
                return personal(Reply(type=boards.KINDS[kind], source=png_of_svg(svg.read_bytes())), game.private)
            kept = boards.phase_picture(self.store, name, stem, PICTURE_SOURCE)
            if kept is not None:
                return personal(Reply(type=boards.KINDS[kind], source=of_source(game.map, kept.read_bytes(), kind)),
                                game.private)
        except FileNotFoundError:              # moved away by a ROLLBACK meanwhile
            pass
        raise NotFound("No picture was kept for that phase.")

    def board(self, name: str, kind: str, cookie: str | None) -> tuple[Reply | None, Game]:
        """The board as it stands, if drawn already (None: it must be drawn first, in the game's lane)."""
        game, _ = self.game(name, cookie)
        if not boards.drawable(game):
            raise NotFound("This game has no board to show (not started, or its map has no drawing).")
        files = self._files(name)
        kept = self._boards.get(name)
        if kept is None or kept[0] != files:
            kept = self._boards[name] = (files, boards.position_key(game))
        path = boards.board_file(self.store, name, kept[1], kind)
        return (personal(Reply(type=boards.KINDS[kind], file=path), game.private) if path.exists() else None), game

    # -- answers from memory, on the event loop (no thread needed: a few stat calls) -------------------------------
    def kept_page(self, name: str, cookie: str | None) -> Reply | None:
        """The game page kept for visitors without a sign-on, if the game's files have not changed since."""
        kept = self._pages.get(name)
        if kept is None or (cookie and self.sessions.get(cookie, name) is not None):
            return None
        if not _fresh(kept[2], self.judge.clock()):
            return None
        try:
            return kept[1] if kept[0] == self._files(name) else None
        except (OSError, ValueError):
            return None

    def kept_board(self, name: str, kind: str, cookie: str | None) -> Reply | None:
        """The board's file, if its position is known and drawn and the game is public and unchanged."""
        kept, game = self._boards.get(name), self._games.get(name)
        if kept is None or game is None or game[1].private:
            return None
        try:
            if kept[0] != self._files(name) or game[0] != kept[0]:
                return None
            path = boards.board_file(self.store, name, kept[1], kind)
            return Reply(type=boards.KINDS[kind], file=path) if path.exists() else None
        except (OSError, ValueError):
            return None

    def state(self, name: str, cookie: str | None) -> Reply:
        game, session = self.game(name, cookie)
        if game.position is None:
            raise NotFound("The game has not started: there is no position yet.")
        doc = {"variant": game.variant, **game.position.to_json(game.map)}
        if hidden(game, master=session is not None and session.who == MASTER):
            # (hide_dummies: the house rules' lists of dummies and their lords name them; the master's alone)
            doc.pop("dummies", None)
            doc.pop("vassals", None)
        return personal(Reply(body=json.dumps(doc, indent=1), type="application/json"), game.private)

    def results(self, name: str, cookie: str | None) -> Reply:
        game, _ = self.game(name, cookie)
        # The HISTORY command itself (the visitor may read the game: checked above), so the file is what it mails.
        body = self.judge.command_text(game.copy(), "MASTER", f"HISTORY {game.name}")
        return personal(Reply(body=pages.redact(body.strip("\n") + "\n", keep=self.judge.settings.address),
                              type="text/plain"), game.private)

    def status_text(self, game: Game, session: Session) -> str:
        """The orders held, as STATUS mails them (the STATUS command itself, read for the session's role)."""
        return pages.redact(self.judge.command_text(game.copy(), session.who, "STATUS"))
