"""The pictures the pages serve: a processed phase's (kept beside its results at processing, or drawn on request from
what was kept there: judge.web.phase_pictures) and the board as it stands (drawn once per position, on its first
request, and kept in the game's board/ folder)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from judge import picture
from judge.game import Game
from judge.game.ending import board_svg
from judge.storage.atomic import atomic_write, make_folder
from judge.storage.gamedir import GameStore

KINDS = {"svg": "image/svg+xml", "png": "image/png"}
BOARD = "board"


def drawable(game: Game) -> bool:
    return game.position is not None and picture.has_drawing(game.map.board)


def position_key(game: Game) -> str:
    """Names the board's pictures by the position itself, not the phase: a ROLLBACK and a replay of a phase draws
    the new position, never shows the old one. A finished game's board is its final picture (titled with the end),
    drawn anew even where the position did not change (a draw voted, a TERMINATE)."""
    shown = game.position.to_json(game.map)
    doc = json.dumps([shown, game.result] if game.over else shown, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(doc.encode("utf-8")).hexdigest()[:20]


def board_path(store: GameStore, game: Game, kind: str) -> Path:
    return board_file(store, game.name, position_key(game), kind)


def board_file(store: GameStore, name: str, key: str, kind: str) -> Path:
    return store.folder(name) / BOARD / f"{key}.{kind}"


def draw_board(store: GameStore, name: str, kind: str) -> Path | None:
    """In the game's lane: draw the board as it stands now, if not drawn yet (the SVG first; the PNG from it), and
    forget the pictures of earlier positions. None when the game has no board to draw."""
    with store.lock(name):
        game = store.open(name)
        if not drawable(game):
            return None
        svg_path = board_path(store, game, "svg")
        path = svg_path.with_suffix("." + kind)
        if path.exists():
            return path
        folder = svg_path.parent
        make_folder(folder)
        if svg_path.exists():
            svg = svg_path.read_text(encoding="utf-8")
        else:
            svg = board_svg(game)
            atomic_write(svg_path, svg, sync_dir=False)
        if kind == "png":
            atomic_write(path, picture.png(svg), sync_dir=False)
        for old in folder.iterdir():
            if old.stem != svg_path.stem and old.suffix in (".svg", ".png"):
                old.unlink(missing_ok=True)
        return path


def phase_picture(store: GameStore, name: str, stem: str, kind: str) -> Path | None:
    """The file `kind` (svg, png, picture.json) kept with a processed phase's results, if there is one."""
    path = store.folder(name) / "results" / f"{stem}.{kind}"
    return path if path.exists() else None
