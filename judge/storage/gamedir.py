"""games/<name>/: status file, per-phase snapshots, results archive, press archive and access log."""
from __future__ import annotations

import json
import os
import re
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Iterator

from judge.game import Game
from judge.storage.atomic import append_line, locked
from judge.storage.commit import MANIFEST, PENDING, Commit, finish_interrupted, recover, remove_temp_files
from judge.storage.counters import FOLDER as COUNTERS

NAME_RE = re.compile(r"^[a-z][a-z0-9_-]{0,19}$")
_UNSAFE = re.compile(r"[^A-Za-z0-9]+")


def file_part(phase: str) -> str:
    """A phase as part of a file name: S1901M as it is; DPjudge's long form of a calendar of the map's own with
    ASCII letters and digits only ("A.D. 1425 MOVEMENT" -> "A_D_1425_MOVEMENT"), bounded."""
    return _UNSAFE.sub("_", phase).strip("_")[:40] or "phase"
STATUS = "status.json"
START = "results/start.txt"


def valid_name(name: str) -> bool:
    return bool(NAME_RE.match(name))


class GameUnavailable(Exception):
    """A game's status file cannot be read or makes no sense; str() says why (for the keeper, not players)."""

    def __init__(self, name: str, why: str):
        super().__init__(f"game {name}: {why}")
        self.name, self.why = name, why


class GameStore:
    """The folder of games. Every change goes through a `Commit`; callers hold `lock(name)` while they
    read-modify-write, and `open(name)` (under the lock) finishes a commit a crash interrupted before reading."""

    def __init__(self, root: Path, outbox: Path | None = None):
        self.root = Path(root)
        self.outbox = Path(outbox) if outbox is not None else self.root / ".outbox"

    def folder(self, name: str) -> Path:
        if not valid_name(name):
            raise ValueError(f"BAD GAME NAME: {name!r}")
        return self.root / name

    def exists(self, name: str) -> bool:
        return valid_name(name) and (self.folder(name) / STATUS).exists()

    def names(self) -> list[str]:
        if not self.root.exists():
            return []
        return sorted(p.name for p in self.root.iterdir() if valid_name(p.name) and (p / STATUS).exists())

    @contextmanager
    def lock(self, name: str) -> Iterator[None]:
        with locked(self.folder(name)):
            yield

    # -- reading -------------------------------------------------------------------------------------------------
    def open(self, name: str) -> Game:
        """The game as committed, for a caller holding its lock: an interrupted commit is finished first."""
        # Temp files are not looked for here: inside a game folder only start-up can find any (every write goes
        # through the staging folder, whose debris the next commit drops).
        finish_interrupted(self.folder(name), self.outbox)
        return self.load(name)

    def load(self, name: str) -> Game:
        """The game as its status file says (GameUnavailable if that cannot be read or makes no sense)."""
        return _game(name, self._document(name))

    def _document(self, name: str) -> dict:
        path = self.folder(name) / STATUS
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise
        except OSError as exc:
            raise GameUnavailable(name, f"cannot read {path}: {exc.strerror or exc}") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise GameUnavailable(name, f"{path} is not a valid status file ({exc})") from None
        if not isinstance(doc, dict):
            raise GameUnavailable(name, f"{path} is not a valid status file (not a JSON object)")
        return doc

    def wakeup(self, name: str) -> datetime | None:
        """The game's next wake-up as committed (what a fresh start-up plans); GameUnavailable if unreadable."""
        doc = self._document(name)
        try:
            return datetime.fromisoformat(doc["wakeup"]) if doc.get("wakeup") else None
        except (TypeError, ValueError) as exc:
            raise GameUnavailable(name, f"bad wakeup in status file ({exc})") from None

    def wakeups(self) -> tuple[dict[str, datetime | None], dict[str, str]]:
        """Every game's next wake-up as saved, read without building the games (fast with 10,000 of them), and
        the games that cannot be read, with why."""
        out, broken = {}, {}
        for name in self.names():
            try:
                out[name] = self.wakeup(name)
            except (GameUnavailable, FileNotFoundError) as exc:
                broken[name] = str(exc)
        return out, broken

    def recover_all(self) -> list[Path]:
        """At start-up: finish or drop every interrupted commit, delete leftover temp files. Returns the mails
        that a finished commit published."""
        published: list[Path] = []
        if not self.root.exists():
            return published
        remove_temp_files(self.root)
        for path in sorted(self.root.iterdir()):
            if valid_name(path.name) and path.is_dir():
                # Only a commit past its commit point needs finishing now (staging without a manifest is dropped
                # by the game's next commit), and only the game folder itself gets files written outside a commit:
                # a listing and a stat per game, as start-up reads thousands of games; the lock only where needed
                # (another process may be at work on a game).
                if (path / PENDING / MANIFEST).exists() or _has_temp_files(path):
                    with self.lock(path.name):
                        published += recover(path, self.outbox)
                        remove_temp_files(path)
        limits = self.root / COUNTERS
        if limits.is_dir():                         # the counts of the limits on strangers (judge.storage.counters)
            with locked(limits):
                remove_temp_files(limits)
        return published

    # -- writing (always inside a commit) ------------------------------------------------------------------------
    def begin(self, name: str) -> Commit:
        """A commit for this game (the caller holds its lock)."""
        return Commit(self.folder(name), self.outbox)

    def save(self, game: Game, now: datetime | None = None, tx: Commit | None = None) -> None:
        """The status file; with `now`, also the game's next wake-up, so start-up needs only that field."""
        doc = game.to_json()
        if now is not None:
            wake = game.next_wakeup(now)
            doc["wakeup"] = wake.isoformat() if wake else None
        self._write(game.name, STATUS, _dump(doc), tx)

    def _write(self, name: str, rel: str, data: str, tx: Commit | None) -> None:
        own = tx is None
        tx = tx or self.begin(name)
        tx.write(rel, data)
        if own:
            tx.finish()

    def _next(self, name: str, sub: str, tx: Commit | None) -> int:
        folder = self.folder(name) / sub
        nums = [int(p.name[:4]) for p in folder.glob("[0-9][0-9][0-9][0-9]-*")] if folder.exists() else []
        n = max(nums, default=0) + 1
        while tx is not None and any(t.startswith(f"{sub}/{n:04d}-") for t in tx._targets):
            n += 1
        return n

    def snapshot(self, game: Game, tx: Commit | None = None) -> str:
        """Keep the status as it is before the current phase is processed (for ROLLBACK)."""
        rel = f"snapshots/{self._next(game.name, 'snapshots', tx):04d}-{file_part(str(game.position.phase))}.json"
        self._write(game.name, rel, _dump(game.to_json()), tx)
        return rel

    def snapshots(self, name: str) -> list[Path]:
        folder = self.folder(name) / "snapshots"
        return sorted(folder.glob("[0-9]*.json")) if folder.exists() else []

    def archive_results(self, game: Game, phase: str, text: str, tx: Commit | None = None,
                        pictures: dict[str, bytes] | None = None) -> str:
        """The results of a phase, and its pictures beside them (e.g. 0003-F1901M.svg and .png: the same name, so
        the web pages find them and a ROLLBACK moves them with the results)."""
        rel = f"results/{self._next(game.name, 'results', tx):04d}-{file_part(phase)}.txt"
        if tx is None and pictures:
            tx = self.begin(game.name)
            self.archive_results(game, phase, text, tx, pictures)
            tx.finish()
            return rel
        self._write(game.name, rel, text, tx)
        for suffix, data in (pictures or {}).items():
            self._write(game.name, rel[:-len(".txt")] + "." + suffix, data, tx)
        return rel

    def archive_start(self, game: Game, text: str, tx: Commit | None = None) -> str:
        """The starting position mail, the first entry of HISTORY (kept apart from the numbered phases' results,
        which a ROLLBACK counts)."""
        self._write(game.name, START, text, tx)
        return START

    def start(self, name: str) -> Path | None:
        path = self.folder(name) / START
        return path if path.exists() else None

    def results(self, name: str) -> list[Path]:
        folder = self.folder(name) / "results"
        return sorted(folder.glob("[0-9]*.txt")) if folder.exists() else []

    def archive_press(self, game: Game, entry: dict, tx: Commit | None = None) -> str:
        """One press message: who sent it, to whom, how it was signed for each reader, its text."""
        rel = f"press/{self._next(game.name, 'press', tx):04d}-press.json"
        self._write(game.name, rel, _dump(entry), tx)
        return rel

    def press(self, name: str) -> list[Path]:
        folder = self.folder(name) / "press"
        return sorted(folder.glob("[0-9]*.json")) if folder.exists() else []

    def archive_crosscheck(self, game: Game, phase: str, case: dict, tx: Commit) -> str:
        """A case the two engines disagreed on, replayable with `judge adjudicate`."""
        rel = f"crosscheck/{self._next(game.name, 'crosscheck', tx):04d}-{file_part(phase)}.json"
        self._write(game.name, rel, _dump(case), tx)
        return rel

    def rollback_to(self, game_name: str, snapshot: Path, tx: Commit, stamp: str) -> None:
        """Restore a snapshot (the caller saves the restored game); later snapshots and results move to
        rolledback/<stamp>/ (kept, never deleted)."""
        doomed = [p for p in self.snapshots(game_name) if p.name >= snapshot.name]
        game = Game.from_json(json.loads(snapshot.read_text(encoding="utf-8")))
        for p in self.results(game_name)[len(game.history):]:
            doomed += sorted(p.parent.glob(p.stem + ".*"))          # the results and their pictures
        for p in doomed:
            tx.move(f"{p.parent.name}/{p.name}", f"rolledback/{stamp}/{p.parent.name}/{p.name}")

    def log(self, name: str, line: str) -> None:
        """The access log: who did what, when; never a password.

        An audit trail, not game state: a line is appended (O_APPEND, so lines of concurrent writers never mix) but
        not fsynced. The game's state is in status.json, committed before the message counts as done; a crash may
        lose the last log lines of the moment (the kernel writes them out within seconds), never a move."""
        append_line(self.folder(name) / "access.log", line, durable=False)


def _game(name: str, doc: dict) -> Game:
    try:
        return Game.from_json(doc)
    except Exception as exc:  # noqa: BLE001 - any nonsense in the file makes the game unavailable, nothing more
        raise GameUnavailable(name, f"status file does not describe a game ({type(exc).__name__}: {exc})") from None


def _dump(doc: dict) -> str:
    # One line, not indented: the C encoder (an indented dump takes the pure-Python one, several times slower,
    # and a status file is written for every accepted message).
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"


def _has_temp_files(folder: Path) -> bool:
    with os.scandir(folder) as entries:
        return any(e.name.startswith(".") and e.name.endswith(".tmp") for e in entries)
