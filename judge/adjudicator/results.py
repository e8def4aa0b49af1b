"""What adjudication returns: each order with its result marks, and the board it leaves."""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's field types written as
# text are compiled one by one at import, and the process's first compile() readies Python's AST types, about
# 10 M instructions of `judge adjudicate`'s start-up. (judge.position_parts says so for the others.)

from judge.hints import NamedTuple
from judge.orders import Order
from judge.plain import Plain
from judge.position import Dislodged, Position, Unit

# The judge's report words (DPjudge's marks); an order with no mark succeeded.
MARKS = ("bounce", "cut", "void", "dislodged", "no convoy", "disrupted", "destroyed")


class OrderResult(NamedTuple):
    order: Order
    marks: tuple[str, ...] = ()

    @property
    def succeeded(self) -> bool:
        return not self.marks


class MovementOutcome(Plain):
    """What a movement adjudicator returns: each order's result, the units after, the units dislodged."""
    results: list[OrderResult]
    units: dict[str, Unit]               # where every undislodged unit stands afterwards
    dislodged: dict[str, Dislodged]      # by the province the unit was dislodged from
    _fields = ("results", "units", "dislodged")

    def __init__(self, results: list[OrderResult], units: dict[str, Unit], dislodged: dict[str, Dislodged]) -> None:
        self.results = results
        self.units = units
        self.dislodged = dislodged

    def __reduce__(self) -> tuple:
        # Copied and pickled through the constructor: the compiled build's native class is made only by its __init__.
        return (type(self), (self.results, self.units, self.dislodged))


class PhaseOutcome(Plain):
    """A phase adjudicated: each order's result, the next position, a winner, the engines' disagreements."""
    results: list[OrderResult]
    position: Position                   # the next phase that needs orders
    winner: str | None
    disagreements: list[str]             # engine=both: where the equation engine differs
    # Units dislodged with nowhere to go, whose retreat phase a game skipped (judge.game.ordering: the e-mail judge
    # goes on to the next phase that needs orders, as DPjudge; adjudicate itself always stops at the retreat phase).
    destroyed: tuple[Dislodged, ...]
    # Units a house rule destroyed when dislodged although they might have retreated (no_retreat; immobile_dummies: a
    # dummy's), reported as DPjudge reports them: "The <Power> army in <Place> was destroyed."
    removed: tuple[Dislodged, ...]
    _fields = ("results", "position", "winner", "disagreements", "destroyed", "removed")

    def __init__(self, results: list[OrderResult], position: Position, winner: str | None = None,
                 disagreements: list[str] | None = None, destroyed: tuple[Dislodged, ...] = (),
                 removed: tuple[Dislodged, ...] = ()) -> None:
        self.results = results
        self.position = position
        self.winner = winner
        self.disagreements = [] if disagreements is None else disagreements
        self.destroyed = destroyed
        self.removed = removed

    def __reduce__(self) -> tuple:
        # (as MovementOutcome's)
        return (type(self), (self.results, self.position, self.winner, self.disagreements, self.destroyed,
                             self.removed))
