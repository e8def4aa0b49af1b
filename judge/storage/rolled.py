"""What ROLLBACK keeps aside in a game's `rolledback/<stamp>/` folders, and ROLLFORWARD bringing it back.

A ROLLBACK moves the snapshots and results of the phases it undoes into `rolledback/<stamp>/` and keeps there, as
`status.json`, the game as it stood before it. Those phases can come back as long as nothing was processed since:
the game has processed the phases the rollback's first snapshot (the one it restored) had, and each older rollback
restored the game that the next newer one found. A ROLLFORWARD moves files back; a folder all of whose snapshots
went back is spent, and its `status.json` stays there, kept."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from judge.storage.commit import Commit

ROLLED = "rolledback"
KEPT_STATUS = "status.json"


@dataclass
class Undoable:
    """What a ROLLFORWARD may bring back: `snapshots` (oldest first, each the game in its phase before it was
    processed; the first is the phase the game stands in now), and `latest`, the game as it stood before the oldest
    of those rollbacks (None if an older judge made it and kept no status). `blocked`: something rolled back
    remains, but a phase was processed since, so it cannot come back."""
    stamps: list[Path] = field(default_factory=list)
    snapshots: list[Path] = field(default_factory=list)
    latest: Path | None = None
    blocked: bool = False


def number(path: Path) -> int:
    return int(path.name[:4])


def _numbered(folder: Path, pattern: str) -> list[Path]:
    return sorted(folder.glob(pattern)) if folder.exists() else []


def _history(path: Path) -> list | None:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("history")
    except (OSError, ValueError, AttributeError):
        return None                     # (unreadable: nothing past it can come back)


def undoable(root: Path, history: list) -> Undoable:
    """The rollbacks of the game in folder `root` (whose phases processed are `history`) that can still be undone,
    the newest first: each restored its first snapshot, and nothing was processed after it while the game
    stood there (what the next newer rollback found, its status.json, is the game that snapshot holds)."""
    in_place = _numbered(root / "snapshots", "[0-9]*.json")
    highest = number(in_place[-1]) if in_place else 0
    out = Undoable()
    stamps = sorted((p for p in (root / ROLLED).glob("*") if p.is_dir()), reverse=True) \
        if (root / ROLLED).exists() else []
    found: list | None = history
    for stamp in stamps:
        kept = _numbered(stamp / "snapshots", "[0-9]*.json")
        if not kept:
            continue                    # spent: rolled forward already
        if found is None or _history(kept[0]) != found or number(kept[0]) <= highest:
            out.blocked = not out.stamps
            break
        out.stamps.append(stamp)
        out.snapshots += kept           # (an older rollback holds later phases)
        highest = number(kept[-1])
        found = _history(stamp / KEPT_STATUS) if (stamp / KEPT_STATUS).exists() else None
    if out.stamps:
        status = out.stamps[-1] / KEPT_STATUS
        out.latest = status if status.exists() else None
    return out


def fresh_stamp(folder: Path, now: str) -> str:
    """A name for a new folder under `folder` that sorts after every one there, the newest last: `now` (a time
    stamp), or the last one's name numbered on when the clock has not moved past it (or was put back)."""
    names = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    if not names or now > names[-1]:
        return now
    head, _, tail = names[-1].partition("-")
    return f"{head}-{int(tail) + 1 if tail.isdigit() else 1:04d}"


def keep_before_rollback(tx: Commit, stamp: str, doc: dict) -> None:
    """The game as it stands before a ROLLBACK, kept beside what the rollback moves aside (for ROLLFORWARD)."""
    tx.write(f"{ROLLED}/{stamp}/{KEPT_STATUS}", json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")


def roll_forward(root: Path, undo: Undoable, target: Path, reached: int, tx: Commit, stamp: str, doc: dict) -> None:
    """Bring back what lies before `target` (one of `undo.snapshots`, or `undo.latest`: then everything), and the
    results of the `reached` phases the restored game has behind it. The game as it stood (`doc`) is kept in
    `rolledforward/<stamp>/status.json`: nothing a ROLLFORWARD replaces is lost."""
    limit = number(target) if target in undo.snapshots else 10 ** 6
    for snap in undo.snapshots:
        if number(snap) < limit:
            tx.move(f"{ROLLED}/{snap.parent.parent.name}/snapshots/{snap.name}", f"snapshots/{snap.name}")
    # The results of the phases processed before the target, in the order they were mailed: those the folder lacks.
    texts = sorted((t for d in undo.stamps for t in _numbered(d / "results", "[0-9]*.txt")), key=number)
    for text in texts[:max(0, reached - len(_numbered(root / "results", "[0-9]*.txt")))]:
        for result in sorted(text.parent.glob(text.stem + ".*")):          # the results and their pictures
            tx.move(f"{ROLLED}/{text.parent.parent.name}/results/{result.name}", f"results/{result.name}")
    tx.write(f"rolledforward/{stamp}/{KEPT_STATUS}",
             json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
