"""A differential fuzzer: random but plausible movement phases on any map, adjudicated by both engines."""
# Every phase is order TEXT on a position of the chosen map (the standard map unless told) and goes through the real
# pipeline (parser, legality, order sets, then crosscheck.run_both), so the fuzzer also exercises everything in front
# of the engines. A phase on which the DPjudge port and the equation engine disagree is shrunk (delta debugging over
# units, then orders, then simpler orders and rule options) to the smallest case that still disagrees, and written
# out as JSON that `bin/judge adjudicate` (or judge.api.request) replays.
#
# Modules, in the order a phase meets them: board (the map's views and the sketch a phase is drawn on), tactics and
# convoys (the scenario builders), mutate (DATC cases changed; junk and illegal orders), generate (one phase),
# verdict (running it), shrink, cases (case files), campaign (many phases, several processes, every variant) and
# census (what the generated phases contain).

from judge.fuzz.campaign import SHRINKS_PER_SHAPE, Report, Tally, campaign, command, run_chunk, variant_names
from judge.fuzz.cases import case_document, replay, signature, write_case
from judge.fuzz.census import features
from judge.fuzz.generate import SCENARIOS, Trial, generate, phase_rng, random_rules
from judge.fuzz.shrink import ddmin, shrink
from judge.fuzz.verdict import EXPLAINED_SAFE_CONVOYS, UNEXPLAINED, Verdict, adjudge, classify, legal_orders, \
    nature, still_fails, without_safe_convoys

__all__ = ["EXPLAINED_SAFE_CONVOYS", "SCENARIOS", "SHRINKS_PER_SHAPE", "UNEXPLAINED", "Report", "Tally", "Trial",
           "Verdict", "adjudge", "campaign", "case_document", "classify", "command", "ddmin", "features",
           "generate", "legal_orders", "nature", "phase_rng", "random_rules", "replay", "run_chunk", "shrink",
           "signature", "still_fails", "variant_names", "without_safe_convoys", "write_case"]
