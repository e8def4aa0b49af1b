"""The variants folder as `judge serve` sees it: each file that cannot be offered is named in the log, with why, at
start-up and, for a file put there or changed while serve runs, at the next sweep. Nothing stops: the other
variants are offered, and a player who asks for a broken one is told its error."""
from __future__ import annotations

import logging
from pathlib import Path

from judge import maps

log = logging.getLogger("judge.daemon")
Stamp = tuple[tuple[str, int, int], ...]
_said: dict[Path | None, Stamp] = {}    # a broken file -> its files' stamps when said: again if one changes
                                        # (None: the folder could not be listed)
_good: dict[Path, Stamp] = {}          # a file found good -> its files' stamps when last read


def check(start: bool = False) -> int:
    """Load every variant of the folder (each is kept once loaded, as a game's use would); log each broken file once
    while it stays as it is (every one again at `start`). Returns how many are broken."""
    broken = 0
    try:
        maps.catalog.shadowed()               # (a file named like a shipped variant is said in the log)
        files = maps.catalog.folder_variants()
    except OSError as exc:                    # the folder unreadable meanwhile: said once, and serve goes on
        if start or None not in _said:
            log.error("variants folder: cannot be listed: %s", exc)
        _said[None] = ()
        return 0
    _said.pop(None, None)
    for path in [p for p in _said if start or p not in files.values()]:
        del _said[path]
    for path in [p for p in _good if start or p not in files.values()]:
        del _good[path]
    for name, path in files.items():
        read = _files_of(name, path)
        stamp = _stamp(read)
        if _said.get(path) == stamp:
            broken += 1
            continue
        # A file changed since serve read it is read afresh to be checked; the games on it go on with the version
        # read (it is kept: a map changing under a running game would move its units), so the log says both.
        changed = path in _good and _good[path] != stamp
        try:
            maps.catalog.reread(name) if changed else maps.load(name)
        except Exception as exc:  # noqa: BLE001 - whatever a file holds, serve goes on and names it
            broken += 1
            _said[path] = stamp
            why = str(exc) if isinstance(exc, maps.MapError) else f"{type(exc).__name__}: {exc}"
            # (most errors begin with the file's path, some with its line: "<path>:3: not JSON")
            why = why[len(str(path)):] if why.startswith(f"{path}:") else f": {why}"
            if changed:
                log.error("variants folder: %s%s; it was changed since serve read it: variant %r is played as read "
                          "until it restarts, and cannot be played after that until it is mended", path, why, name)
            else:
                log.error("variants folder: %s%s; variant %r cannot be played until it is mended", path, why, name)
        else:
            _said.pop(path, None)
            _good[path] = stamp
        if (now_read := _files_of(name, path)) != read:      # (a first reading names the files it USEs)
            (_said if path in _said else _good)[path] = _stamp(now_read)
    return broken


def _files_of(name: str, path: Path) -> tuple[Path, ...]:
    """The variant's file and those its last reading USEd (none known before a first reading)."""
    return (path,) + tuple(p for p in maps.catalog.used_files(name) if p != path)


def _stamp(files: tuple[Path, ...]) -> Stamp:
    """Each file's (path, mtime, size): a DPjudge file changes when a file it USEs does (.politics, .geography)."""
    out = []
    for f in files:
        try:
            st = f.stat()
            out.append((str(f), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(f), 0, 0))
    return tuple(out)
