"""Lists said in words, as the judge's mails and replies say them."""
from __future__ import annotations

from collections.abc import Sequence


def listed(items: Sequence[str], last: str = "and") -> str:
    """'France', 'France and Italy', 'England, France and Italy' (`last`: the word before the last item, "OR")."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


__all__ = ["listed"]
