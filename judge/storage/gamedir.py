"""games/<name>/: status file, per-phase snapshots, results archive, press archive and access log."""
from __future__ import annotations

import json
import os
import threading
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from judge.storage.atomic import append_line, locked, make_folder, read_bytes, sync_folder
from judge.storage.commit import MANIFEST, PENDING, Commit, finish_interrupted, remove_temp_files, write_file
from judge.storage.gamefolder import (NAME_RE, RENAMED, STATUS, GameUnavailable, copy_of, left_in, missing,
                                     valid_name)
from judge.storage.phase_files import file_part
from judge.storage import rolled
from judge.storage.rolled import keep_before_rollback
from judge.storage.survey import Survey, survey

if TYPE_CHECKING:
    from judge.game import Game

PURGED = "_purged"            # where PURGE puts a game's folder (never a game's name: those begin with a letter)
FOLDERS_KEPT = 4096           # game folders remembered by name (then the memo starts again)
START = "results/start.txt"


class GameStore:
    """The folder of games. Every change goes through a `Commit`; callers hold `lock(name)` while they
    read-modify-write, and `open(name)` (under the lock) finishes a commit a crash interrupted before reading."""

    def __init__(self, root: Path, outbox: Path | None = None):
        self.root = Path(root)
        self.outbox = Path(outbox) if outbox is not None else self.root / ".outbox"
        # game -> (status.json's identity, its wake-up): what this process last read or committed, so that the
        # daemon's replanning after each message costs a stat, not a read of the whole file. The identity (inode,
        # size, modification time) changes with every commit, whoever makes it.
        self._wakeups: dict[str, tuple[tuple[int, int, int], datetime | None]] = {}
        self._folders: dict[str, Path] = {}      # name -> its folder, checked (asked for several times a message)

    def folder(self, name: str) -> Path:
        known = self._folders.get(name)
        if known is not None:
            return known
        if not valid_name(name):
            raise ValueError(f"BAD GAME NAME: {name!r}")
        if len(self._folders) >= FOLDERS_KEPT:
            self._folders.clear()
        folder = self._folders[name] = self.root / name
        return folder

    def exists(self, name: str) -> bool:
        """Is the name a game's: its status file, or a folder that still holds what a game left (then the game is
        unavailable, not a name anyone may take: judge.storage.gamefolder)?"""
        if not valid_name(name):
            return False
        folder = self.folder(name)
        try:
            os.stat(f"{folder}/{STATUS}")        # (as Path.exists: any other error is raised)
        except (FileNotFoundError, NotADirectoryError):
            return bool(left_in(str(folder)))
        return True

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
        return _game(name, self._document(name), self.folder(name))

    def _document(self, name: str) -> dict:
        path = f"{self.folder(name)}/{STATUS}"
        try:
            doc = json.loads(read_bytes(path).decode("utf-8"))
        except FileNotFoundError:
            held = left_in(str(self.folder(name)))
            if held:
                raise missing(name, str(self.folder(name)), held) from None
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
        path = f"{self.folder(name)}/{STATUS}"
        known = self._wakeups.get(name)
        if known is not None:
            try:
                if known[0] == _identity(path):
                    return known[1]
            except FileNotFoundError:
                pass                                # (gone, or not only gone: _document says which)
        doc = self._document(name)
        try:
            wake = datetime.fromisoformat(doc["wakeup"]) if doc.get("wakeup") else None
        except (TypeError, ValueError) as exc:
            raise GameUnavailable(name, f"bad wakeup in status file ({exc})") from None
        return wake

    def _remember(self, name: str, wake: datetime | None) -> None:
        """A commit of this process put a status file in place: its wake-up, known without reading it again."""
        try:
            self._wakeups[name] = (_identity(f"{self.folder(name)}/{STATUS}"), wake)
        except FileNotFoundError:
            self._wakeups.pop(name, None)

    def wakeups(self) -> tuple[dict[str, datetime | None], dict[str, str]]:
        """Every game's next wake-up as saved, read without building the games (fast with 100,000 of them), and
        the games that cannot be read, with why."""
        found = survey(self, mend=False)
        return found.wakeups, found.broken

    def survey(self) -> Survey:
        """`wakeups`, and the games whose commit waits to be finished (cron's `judge process` finishes those)."""
        return survey(self, mend=False)

    def recover_all(self) -> list[Path]:
        """At start-up: finish or drop every interrupted commit, delete leftover temp files. Returns the mails
        that a finished commit published."""
        remove_temp_files(self.root)
        return survey(self, mend=True, read=False).published

    def scan(self, cancel: threading.Event | None = None) -> Survey:
        """At start-up, one pass over the games: `recover_all` and `wakeups` together (wake-ups as they are once
        the interrupted commits are finished), and the commits that could not be finished, with why.

        Only what lies inside a game folder is mended (under the game's lock), so the pass may run while the games
        are in use (the games folder's own temp files are judge.daemon.startup.clean's, before mail is taken); once
        `cancel` is set it stops after the game it is at (what it returns is then incomplete)."""
        return survey(self, mend=True, cancel=cancel)

    def unfinished(self, name: str) -> bool:
        """Has the game a commit past its commit point that is not finished (a kill, or an error such as a full
        outbox, stopped it)?"""
        return os.path.exists(f"{self.folder(name)}/{PENDING}/{MANIFEST}")

    def finish(self, name: str) -> list[Path]:
        """Finish the game's interrupted commit, if it has one (OSError if it still cannot be); returns the mails it
        published."""
        with self.lock(name):
            return finish_interrupted(self.folder(name), self.outbox) or []

    # -- writing (always inside a commit) ------------------------------------------------------------------------
    def begin(self, name: str) -> Commit:
        """A commit for this game (the caller holds its lock)."""
        return Commit(self.folder(name), self.outbox)

    def save(self, game: Game, now: datetime | None = None, tx: Commit | None = None) -> None:
        """The status file; with `now`, also the game's next wake-up, so start-up needs only that field."""
        doc = game.to_json()
        if now is not None:
            wake = game.next_wakeup(now)
            # First in the file: start-up reads only the first bytes of each game's file for it.
            doc = {"wakeup": wake.isoformat() if wake else None, **doc}
        own = tx is None
        tx = tx or self.begin(game.name)
        tx.write(STATUS, _dump(doc))
        if now is not None:
            tx.after.append(lambda: self._remember(game.name, wake))
        else:
            self._wakeups.pop(game.name, None)
        if own:
            tx.finish()

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
        rel = f"snapshots/{self._next(game.name, 'snapshots', tx):04d}-{file_part(game.position.phase.code)}.json"
        self._write(game.name, rel, _dump(game.to_json()), tx)
        return rel

    def snapshots(self, name: str) -> list[Path]:
        folder = self.folder(name) / "snapshots"
        return sorted(folder.glob("[0-9]*.json")) if folder.exists() else []

    def archive_results(self, game: Game, phase: str, text: str, tx: Commit | None = None,
                        pictures: dict[str, bytes] | None = None) -> str:
        """The results of a phase (`phase`: its code, F1901M), and its pictures beside them (e.g. 0003-F1901M.svg
        and .png: the same name, so the web pages find them and a ROLLBACK moves them with the results)."""
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

    def rollback_to(self, game_name: str, snapshot: Path, tx: Commit, stamp: str, before: dict) -> None:
        """Restore a snapshot (the caller saves the restored game); later snapshots and results move to
        rolledback/<stamp>/ (kept, never deleted), beside the game as it stood `before` (for ROLLFORWARD)."""
        doomed = [p for p in self.snapshots(game_name) if p.name >= snapshot.name]
        from judge.game import Game         # (not at import: cron's `judge process` reads wake-ups without it)
        game = Game.from_json(json.loads(snapshot.read_text(encoding="utf-8")))
        for p in self.results(game_name)[len(game.history):]:
            doomed += sorted(p.parent.glob(p.stem + ".*"))          # the results and their pictures
        for p in doomed:
            tx.move(f"{p.parent.name}/{p.name}", f"rolledback/{stamp}/{p.parent.name}/{p.name}")
        keep_before_rollback(tx, stamp, before)

    def stamp(self, name: str, sub: str, now: datetime) -> str:
        """The name of a new folder under the game's `sub` (rolledback, rolledforward): its time, the newest last."""
        return rolled.fresh_stamp(self.folder(name) / sub, now.strftime("%Y%m%d%H%M%S%f"))

    def undoable(self, name: str, history: list) -> rolled.Undoable:
        """The rollbacks a ROLLFORWARD may still undo, the game's processed phases being `history`
        (judge.storage.rolled)."""
        return rolled.undoable(self.folder(name), history)

    def roll_forward(self, name: str, undo: rolled.Undoable, target: Path, reached: int, before: dict, tx: Commit,
                     stamp: str) -> None:
        """Bring back what `undo` kept up to `target` (the caller saves the restored game); `before` is kept."""
        rolled.roll_forward(self.folder(name), undo, target, reached, tx, stamp, before)

    def purged_name(self, name: str, now: datetime) -> str:
        """The name PURGE keeps a game's folder under, in _purged/: the game's, dated, numbered on if taken."""
        base = f"{name}-{now:%Y%m%d-%H%M%S}"
        taken = self.root / PURGED
        n = 1
        kept = base
        while (taken / kept).exists():
            n += 1
            kept = f"{base}-{n}"
        return kept

    def purge(self, name: str, kept: str) -> Path:
        """Move the game's folder (everything the game left: nothing is deleted) to _purged/<kept>, for the judge
        keeper; the name is free, as if the game had never been. The caller holds the game's lock."""
        target = self.root / PURGED / kept
        make_folder(target.parent)
        os.rename(self.folder(name), target)
        sync_folder(self.root)             # (both names durable: the game gone from the games, kept aside)
        sync_folder(target.parent)
        self._wakeups.pop(name, None)
        return target

    def rename(self, name: str, new: str) -> None:
        """Give the game's folder the name `new` (the caller holds the game's lock, then saves the game under its new
        name). A file in it says which game it was, so that its status file, still naming the old game until that
        save, is read as the renamed game's, not as a copy, if the save never comes (a crash)."""
        folder = self.folder(name)
        write_file(f"{folder}/{RENAMED}{name}", b"")
        sync_folder(folder)
        os.rename(folder, self.folder(new))     # (refused if `new` is a folder with anything in it: taken meanwhile)
        sync_folder(self.root)
        self._wakeups.pop(name, None)

    def log(self, name: str, line: str) -> None:
        """The access log: who did what, when; never a password.

        An audit trail, not game state: a line is appended (O_APPEND, so lines of concurrent writers never mix) but
        not fsynced. The game's state is in status.json, committed before the message counts as done; a crash may
        lose the last log lines of the moment (the kernel writes them out within seconds), never a move."""
        append_line(f"{self.folder(name)}/access.log", line, durable=False)


def _game(name: str, doc: dict, folder: Path) -> Game:
    from judge.game import Game
    try:
        game = Game.from_json(doc)
    except Exception as exc:  # noqa: BLE001 - any nonsense in the file makes the game unavailable, nothing more
        raise GameUnavailable(name, f"status file does not describe a game ({type(exc).__name__}: {exc})") from None
    if game.name.lower() != name.lower():
        if os.path.exists(f"{folder}/{RENAMED}{game.name.lower()}"):
            game.name = name                 # renamed, and the save under the new name cut short: it is this game
            return game
        # (played, it would mail its players results that contradict the real game's)
        raise copy_of(name, game.name)
    return game


def _identity(path: Path) -> tuple[int, int, int]:
    st = os.stat(path)
    return st.st_ino, st.st_size, st.st_mtime_ns


def _dump(doc: dict) -> str:
    # One line, not indented: the C encoder (an indented dump takes the pure-Python one, several times slower,
    # and a status file is written for every accepted message).
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"


# (GameUnavailable, NAME_RE, STATUS and valid_name live in judge.storage.gamefolder, the pass in
# judge.storage.survey; callers take them from here as before.)
__all__ = ["GameStore", "GameUnavailable", "NAME_RE", "STATUS", "START", "Survey", "file_part", "valid_name"]
