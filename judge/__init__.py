"""judge: a play-by-email Diplomacy judge in the DPjudge tradition."""
__version__ = "0.1.0"
