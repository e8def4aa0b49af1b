"""One pass over every game folder: each game's saved wake-up, the games that cannot be read, and the commits left
unfinished; at start-up (`mend`) those commits are finished on the way. Cron's `judge process` makes the pass
without mending: it finishes the commits it finds (whatever the game's wake-up) and works on the games due."""
from __future__ import annotations

import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import NamedTuple, Protocol

from judge.storage.atomic import locked
from judge.storage.commit import MANIFEST, PENDING, recover, remove_temp_files
from judge.storage.counters import FOLDER as COUNTERS
from judge.storage.gamefolder import NAME_RE, RENAMED, STATUS, GameUnavailable, copy_of, left_in, missing

SCAN_CHUNK, SCAN_THREADS = 512, 8     # start-up's pass over the games
SCAN_WAITING = 0.5            # ... goes on in threads if its first chunk kept the interpreter busy less than this
_FIRST_READ = 8192           # what start-up reads of a status file: its wake-up, and most files whole
_TAIL = 16                   # a status file's last bytes: its closing brace, perhaps spaces
_WAKEUP_FIRST = re.compile(rb'\{"wakeup":(?:null|"([0-9T:.+-]{10,40})")[,}]')
_NAME_NEXT = re.compile(rb'"name":"([^"\\]{1,200})"')     # `save` writes the game's name right after its wake-up


class Store(Protocol):
    """What the pass uses of judge.storage.gamedir.GameStore."""
    root: Path
    outbox: Path

    def lock(self, name: str) -> AbstractContextManager[None]: ...

    def wakeup(self, name: str) -> datetime | None: ...


class Survey(NamedTuple):
    wakeups: dict[str, datetime | None]      # each readable game's saved wake-up, in name order
    broken: dict[str, str]                   # the games that cannot be read, with why
    published: list[Path]                    # the mails that the commits finished now published
    unfinished: dict[str, str]               # the games whose commit waits to be finished, with why it is not yet


def survey(store: Store, mend: bool, read: bool = True, cancel: threading.Event | None = None) -> Survey:
    """The pass (`GameStore.scan`, `.wakeups`, `.recover_all`). With `mend`, each interrupted commit is finished or
    dropped and each game folder's temp files deleted, under the game's lock: the pass may run while the games are
    in use. Once `cancel` is set it stops after the game it is at (what it returns is then incomplete)."""
    found = Survey({}, {}, [], {})
    if not store.root.exists():
        return found
    root = str(store.root)
    with os.scandir(root) as entries:
        games = sorted(e.name for e in entries if e.is_dir() and NAME_RE.match(e.name))

    def look(chunk: list[str]) -> None:
        for name in chunk:
            if cancel is not None and cancel.is_set():
                return
            scan_one(store, root, name, mend, read, found)
    # The first chunk in this thread tells what the pass waits for. Files in the page cache: the interpreter, and
    # more threads only fight over it (100,000 games: 4 s in one thread, 11 s and four times the CPU in eight).
    # Files read from the disk: the waits, which threads overlap (a listing and a read per game release the
    # interpreter lock).
    chunks = [games[i:i + SCAN_CHUNK] for i in range(0, len(games), SCAN_CHUNK)]
    wall, cpu = time.perf_counter(), time.thread_time()
    for chunk in chunks[:1]:
        look(chunk)
    waiting = time.thread_time() - cpu < SCAN_WAITING * (time.perf_counter() - wall)
    if waiting and len(chunks) > 2:
        with ThreadPoolExecutor(SCAN_THREADS, thread_name_prefix="scan") as pool:
            list(pool.map(look, chunks[1:]))
    else:
        for chunk in chunks[1:]:
            look(chunk)
    wakeups = {name: found.wakeups[name] for name in games if name in found.wakeups}    # in name order
    limits = store.root / COUNTERS
    if mend and limits.is_dir():             # the counts of the limits on strangers (judge.storage.counters)
        with locked(limits):
            remove_temp_files(limits)
    return found._replace(wakeups=wakeups)


def scan_one(store: Store, root: str, name: str, mend: bool, read: bool, found: Survey) -> None:
    folder = f"{root}/{name}"
    try:
        names = os.listdir(folder)           # (plain names: half the cost of scandir's entries here)
    except FileNotFoundError:
        return
    except OSError as exc:                   # (a folder this user may not list: that game is said, the others go on)
        found.broken[name] = f"cannot read the game's folder {folder}: {exc.strerror or exc}"
        return
    # A commit past its commit point: a look per game that has ever committed (its staging folder stays), the
    # price of finding every such commit whatever the game's wake-up (access(): no exception raised when absent).
    pending = PENDING in names and os.access(f"{folder}/{PENDING}/{MANIFEST}", os.F_OK)
    if mend:
        # Only a commit past its commit point needs finishing now (staging without a manifest is dropped by the
        # game's next commit), and only the game folder itself gets files written outside a commit: the lock only
        # where needed (another process may be at work on a game).
        temp = any(n.startswith(".") and n.endswith(".tmp") for n in names)
        if temp or pending:
            try:
                with store.lock(name):
                    found.published.extend(recover(Path(folder), store.outbox))
                    remove_temp_files(Path(folder))
            except OSError as exc:           # (a full outbox, say): tried again by whoever reads the game next
                found.unfinished[name] = f"a commit of the game is made but cannot be finished yet: {exc}"
            else:
                if pending and STATUS not in names:
                    names = os.listdir(folder)      # (the commit finished may have been the game's first)
                pending = False
    if pending:
        found.unfinished.setdefault(name, "an interrupted commit of the game waits to be finished")
    if not read:
        return
    if STATUS not in names:
        held = left_in(folder, names)
        if held and not pending:
            found.broken[name] = str(missing(name, folder, held))
        return
    try:
        found.wakeups[name] = saved_wakeup(store, name, f"{folder}/{STATUS}")
    except (GameUnavailable, FileNotFoundError) as exc:
        found.broken[name] = str(exc)


def saved_wakeup(store: Store, name: str, path: str) -> datetime | None:
    """A status file's wake-up: from its first bytes when `save` put it first, as it does (else the whole file)."""
    try:
        fd = os.open(path, os.O_RDONLY)      # (no buffered file object: a third of the cost, 100,000 times)
        try:
            # Its first bytes (the wake-up) and its last: a file cut short or overwritten after the wake-up is said
            # now, not when it is due. Most files are in the one read; a longer one costs two more calls.
            head = os.read(fd, _FIRST_READ)
            m = _WAKEUP_FIRST.match(head)
            if m and len(head) == _FIRST_READ:
                os.lseek(fd, -_TAIL, os.SEEK_END)
                end = os.read(fd, _TAIL)
            else:
                end = head[-_TAIL:]
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise GameUnavailable(name, f"cannot read {path}: {exc.strerror or exc}") from None
    if m is None:
        return store.wakeup(name)
    if not end.rstrip().endswith(b"}"):
        raise GameUnavailable(name, f"{path} is not a valid status file (its end is not a status file's: cut short "
                                    "or overwritten)")
    named = _NAME_NEXT.match(head, m.end())
    if named and named.group(1).decode("utf-8", "replace").lower() != name.lower() and not os.path.exists(
            f"{os.path.dirname(path)}/{RENAMED}{named.group(1).decode('utf-8', 'replace').lower()}"):
        # A copy of another game's folder is said at start-up and by cron's run, not first at its deadline or mail.
        raise copy_of(name, named.group(1).decode("utf-8", "replace"))
    try:
        return datetime.fromisoformat(m.group(1).decode()) if m.group(1) else None
    except ValueError as exc:
        raise GameUnavailable(name, f"bad wakeup in status file ({exc})") from None
