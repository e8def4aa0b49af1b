"""The variants the judge offers: those shipped in judge/maps and those in the configured variants folder (our JSON
or DPjudge .map files), each read and checked once per process (the adjudicators look maps up in their hot paths)."""
from __future__ import annotations

import json
import os

from judge.hints import TYPE_CHECKING
from judge.json_input import NotRead, loads
from judge.maps import Map, MapError, UnknownVariant
from judge.shown import shown

if TYPE_CHECKING:
    from importlib.abc import Traversable
    from pathlib import Path
    from typing import Callable, Union

    # (for the checker only: a type alias made at import with names in quotes compiles them, judge.position_parts)
    Folder = Union[str, Path, None, Callable[[], "str | Path | None"]]

# The shipped variants' folder, when the package is a folder (not a zipped install): a shipped variant is listed and
# read through plain file names, and pathlib (with what it imports) is loaded only when something else is wanted
# (the variants folder, a drawing); it was a tenth of `judge adjudicate --batch`'s start-up.
_HERE = os.path.dirname(os.path.abspath(__file__))
_PLAIN = os.path.isfile(os.path.join(_HERE, "standard.json"))
_shipped_folder_kept: list[Traversable | Path] = []


def _shipped_folder() -> Traversable | Path:
    """The shipped variants' folder as a path: the package's own folder when it is one (importing
    importlib.resources would cost start-up time), else the package's resources (a zipped install)."""
    if not _shipped_folder_kept:
        if _PLAIN:
            from pathlib import Path
            _shipped_folder_kept.append(Path(_HERE))
        else:
            from importlib import resources
            _shipped_folder_kept.append(resources.files("judge.maps"))
    return _shipped_folder_kept[0]


def _shipped_file(name: str) -> Traversable | Path | str:
    """A shipped file: a plain file name when the package is a folder."""
    return os.path.join(_HERE, name) if _PLAIN else _shipped_folder().joinpath(name)
_folder: Path | None = None
_pending: Callable[[], "str | Path | None"] | None = None    # where the folder is, asked when first needed
_cache: dict[str, Map] = {}
_reading: list[str] = []                 # variants being read now: a base that leads back to itself is an error
_used: dict[str, tuple[Path, ...]] = {}   # a DPjudge file's variant -> the files its last reading read (USE)
_told: set[Path] = set()          # files named like a shipped variant, already said in the log
_broken: set[str] = set()         # folder variants whose file failed to load in this process (not listed as offered)



def use_folder(path: Folder) -> None:
    """Offer the variants in this folder too (config.ini [judge] variants_dir); None: the shipped ones only.

    A callable is asked for the folder only when a variant that is not shipped is wanted (the command line's
    `adjudicate` reads config.ini only then: most requests are on shipped variants, and startup time counts).
    """
    global _pending
    if callable(path):
        _pending = path
        return
    _pending = None
    _set_folder(path)


def _set_folder(path: str | Path | None) -> None:
    global _folder
    from pathlib import Path
    new = Path(path).resolve() if path else None
    if new != _folder:
        _folder = new
        for name in [n for n in _cache if not _is_shipped(n)]:
            del _cache[name]
        _broken.clear()


def folder() -> Path | None:
    global _pending
    if _pending is not None:
        ask, _pending = _pending, None
        _set_folder(ask())
    return _folder


_shipped: list[str] = []           # the shipped variants' names, listed once (the package does not change)


def _is_shipped(name: str) -> bool:
    return name in _shipped_names()


def _shipped_names() -> list[str]:
    if not _shipped:
        files = os.listdir(_HERE) if _PLAIN else [e.name for e in _shipped_folder().iterdir()]
        names = [f[:-5] for f in files if f.endswith(".json") and not f.endswith(".geometry.json")]
        _shipped.extend(sorted(names, key=lambda n: (n != "standard", n)))   # the standard game first, then by name
    return _shipped


def offered(name: object) -> bool:
    """Is this the name of a variant in the catalogue? The one check every way in goes through (CREATE, a JSON
    request's "variant", config.ini, a variant's base and board): a name is looked up among the catalogue's names,
    never turned into a path, so "../x" or "/etc/x" reads no file."""
    return isinstance(name, str) and (_is_shipped(name) or name in _folder_files())


def _folder_files() -> dict[str, Path]:
    """Variant name -> file, for the folder's .json and .map files. A shipped name is never shadowed: a file named
    like a shipped variant (DPjudge's standard.map) is offered under a prefixed name (dpjudge_standard), and said
    (shadowed(), the log, `judge variants`)."""
    where = folder()
    if where is None or not where.is_dir():
        return {}
    out: dict[str, Path] = {}
    later: list[tuple[str, Path]] = []
    for path in sorted(where.iterdir()):
        if path.suffix not in (".json", ".map") or path.name.endswith(".geometry.json"):
            continue
        name = path.stem.lower().replace("-", "_")
        if _is_shipped(name):
            later.append((name, path))
        else:
            out.setdefault(name, path)
    for name, path in later:
        alt = ("dpjudge_" if path.suffix == ".map" else "folder_") + name
        if alt not in out and not _is_shipped(alt):
            out[alt] = path
            if path not in _told:
                _told.add(path)
                import logging          # (only here: the import costs start-up time)
                # A note, not a warning: DPjudge's own folder holds standard.map and chaos.map, and cron mails
                # whatever `judge process` prints. `judge serve` logs it; `judge variants` prints it.
                logging.getLogger("judge").info(
                    "variants folder: %s is named like the shipped variant %r; it is offered as %r", path, name, alt)
    return out


def used_files(name: str) -> tuple[Path, ...]:
    """The files the variant's last reading read (a DPjudge file and those it USEs); () if none is known."""
    return _used.get(name, ())


def folder_variants() -> dict[str, Path]:
    """The variants the folder offers: name -> file."""
    return dict(_folder_files())


def shadowed() -> list[tuple[Path, str, str]]:
    """Files of the variants folder named like a shipped variant: (file, the shipped name, the name it is offered
    under)."""
    return [(path, path.stem.lower().replace("-", "_"), name) for name, path in _folder_files().items()
            if name != path.stem.lower().replace("-", "_")]


def known() -> list[str]:
    """The names of every variant offered: the shipped ones (standard first), then the folder's."""
    return _shipped_names() + [n for n in _folder_files() if n not in _shipped_names()]


def variants() -> list[Map]:
    """Every variant offered, loaded. A folder file that cannot be read is left out here (load(name) says why)."""
    out = []
    for name in known():
        try:
            out.append(load(name))
        except MapError:
            if _is_shipped(name):
                raise
    return out


def load(name: str = "standard") -> Map:
    """The variant of this name (cached: each is read and checked once per process). UnknownVariant if not offered."""
    m = _cache.get(name) if isinstance(name, str) else None
    if m is None:
        if not offered(name):
            _unknown(name)
        try:
            m = _cache[name] = _read(name)
        except MapError:
            _broken.add(name)
            raise
        _broken.discard(name)
    return m


def reread(name: str) -> Map:
    """The variant read afresh from its file, to check it (the cached one, which games play, is kept)."""
    if not offered(name):
        _unknown(name)
    return _read(name)


def document(name: str) -> dict:
    """The full JSON document of a variant (a derived variant's overrides applied to its base)."""
    from judge.maps.build import derive
    if not offered(name):
        _unknown(name)
    if name in _reading:
        raise MapError(f"variant {name}: its base leads back to itself ({' -> '.join(_reading + [name])})")
    _reading.append(name)
    try:
        path: Traversable | Path | str
        if _is_shipped(name):
            path = _shipped_file(f"{name}.json")
        else:
            path = _folder_files().get(name) or _unknown(name)
            if path.suffix == ".map":
                from pathlib import Path
                from judge.maps import dpjudge_format
                # (a drawing of its own comes first; else it may be pictured on the drawing of a map it USEs)
                files: list[Path] = []
                try:
                    return dpjudge_format.read_file(Path(path), name, load,
                                                    None if drawing(name) else _pictured_on, files)
                finally:
                    _used[name] = tuple(files) or (Path(path),)
        source = _source(path)
        try:
            text = _text(path)
            # (a folder's file is the operator's: checked for keys given twice; the shipped ones are ours, and read
            # by every process)
            doc = loads(text) if in_folder(path) else json.loads(text)
        except json.JSONDecodeError as exc:
            raise MapError(f"{source}:{exc.lineno}: not JSON: {exc.msg}") from None
        except NotRead as exc:             # (a key given twice, whose first would be lost unsaid)
            raise MapError(f"{source}: {exc}") from None
        except UnicodeDecodeError as exc:       # (a traceback for `judge variants`, a failed CREATE, before)
            raise MapError(f"{source}: not UTF-8 (byte {exc.start})") from None
        except OSError as exc:                  # a dangling link, a file the judge may not read
            raise MapError(f"{source}: cannot read: {exc.strerror}") from None
        except ValueError as exc:               # (nested deeper than the decoder goes, a number too long to read)
            raise MapError(f"{source}: not JSON: {exc}") from None
        if isinstance(doc, dict) and "base" in doc:
            base = doc["base"]
            if not isinstance(base, str):
                raise MapError(f"{source}: base: expected a variant name, not {base!r}")
            own_board = "board" in doc
            doc = derive(document(base), {"name": name, **doc}, source)
            if not own_board:       # the base's board as reading it settled it ("" for a DPjudge file that differs)
                doc["board"] = load(base).board
        elif isinstance(doc, dict) and doc.get("name", name) not in (name, os.path.splitext(_file_name(path))[0]):
            raise MapError(f"{source}: name: {doc['name']!r}, but the file is named for {name!r}")
        return doc
    finally:
        _reading.pop()


def _read(name: str) -> Map:
    from judge.maps.build import build
    path = _shipped_file(f"{name}.json") if _is_shipped(name) else _folder_files().get(name)
    if path is None:
        _unknown(name)
    source = _source(path)
    m = build({**document(name), "name": name}, source)
    m.source = source
    if m.board and m.board != name:
        from judge.maps import boards       # (only here: a variant on its own board, the standard one, needs none)
        # A variant pictured on another's board must have that board's provinces, or the drawing would lie (its
        # centres may differ: the picture marks the variant's own); or the same under other names, drawn with its own.
        try:
            board = load(m.board)
        except UnknownVariant:
            raise MapError(f"{source}: board: no variant {m.board!r} to take the board from") from None
        names = boards.drawn_as(m, board)
        if names is None:
            if path.suffix != ".map":
                raise MapError(f"{source}: board: the provinces differ from those of {m.board!r} ("
                               f"{boards.why_not(m, board)}), so its drawing cannot picture this variant")
            # A DPjudge file that changes the provinces of the board it builds on is played without a picture.
            m.board = ""
            m.description = (m.description + " " if m.description else "") + boards.text_only_note(m, board)
            return m
        if drawing(m.board) is None and board.board and drawing(board.board) is not None:
            m.board = board.board       # (a board pictured on another's drawing: that drawing pictures this too)
            if board.on_board:          # (... under the names that board is drawn with)
                names = {loc: board.on_board[names.get(loc, loc)] for loc in m.locations()}
        if any(loc != drawn for loc, drawn in names.items()):
            m.on_board = names
    return m


def _pictured_on(name: str) -> str | None:
    """The board whose drawing pictures this variant, if it is offered and has one (for a DPjudge file that USEs
    it: judge.maps.dpjudge_format.drawn_on)."""
    if not offered(name):
        return None
    try:
        board = load(name).board
    except MapError:        # a file that cannot be read, or one being read now (two files that USE each other)
        return None
    return board if board and drawing(board) is not None else None


def drawing(board: str) -> Traversable | None:
    """The drawing (geometry file) of a board, shipped or in the variants folder; None if there is none."""
    if not offered(board):
        return None
    shipped = _shipped_folder().joinpath(f"{board}.geometry.json")
    if shipped.is_file():
        return shipped
    where = folder()
    if where is not None and (where / f"{board}.geometry.json").is_file():
        return where / f"{board}.geometry.json"
    return None


def in_folder(path: Traversable | Path | str) -> bool:
    """Whether a variant's or drawing's file is one of the variants folder's (else it is shipped)."""
    if _folder is None:
        return False
    from pathlib import Path            # (loaded already: the folder is one)
    return isinstance(path, Path) and path.parent == _folder


def _file_name(path: Traversable | Path | str) -> str:
    return os.path.basename(path) if isinstance(path, str) else path.name


def _text(path: Traversable | Path | str) -> str:
    if isinstance(path, str):
        with open(path, encoding="utf-8") as f:
            return f.read()
    return path.read_text(encoding="utf-8")


def _source(path: Traversable | Path | str) -> str:
    """A file's name for messages: the path of a folder's file, the package path of a shipped one."""
    return str(path) if in_folder(path) else f"judge/maps/{_file_name(path)}"


def _unknown(name: object) -> Path:
    # (a reply quotes the name: bounded, and written without recursion whatever it is)
    # (a folder file this process failed to load is not offered: asking for it by name says why)
    listed = [n for n in known() if n not in _broken]
    raise UnknownVariant(f"UNKNOWN VARIANT: {shown(name)} (this judge offers: {', '.join(listed)})")
