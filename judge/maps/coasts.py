"""The words players write for a coast ("/nc", "(north coast)", "n"), for the order reader; a map whose coasts have
other codes (DPjudge's translated maps: /OK, /ZK) adds its own (judge.maps.build)."""
from __future__ import annotations

COAST_WORDS = {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC", "n": "NC", "s": "SC", "e": "EC", "w": "WC",
               "north": "NC", "south": "SC", "east": "EC", "west": "WC"}
