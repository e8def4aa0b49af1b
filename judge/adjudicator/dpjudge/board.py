"""The port's working tables: per unit the order, mark, support count and no-help list; per space the combat list."""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.maps import Map
from judge.orders import Convoy, Hold, Move, MovementOrder, Support
from judge.position import Position, Unit
from judge.rules import Ruleset

# The marks the algorithm page uses.
VOID = "void"
NO_CONVOY = "no convoy"
BOUNCE = "bounce"
CUT = "cut"
ENDANGERED = "convoy endangered"
UNDER_ATTACK = "convoy under attack"

# Roles of an entry in a combat list.
ATTACK = "attack"        # a unit trying to move into the space: strength is its support count
DEFEND = "defend"        # the unit staying in its own space: strength is its support count (supports to hold)
BOUNCED = "bounced"      # a mover bounced back to where it started: strength 0 (bounce procedure)


@dataclass(eq=False)
class UnitState:
    unit: Unit
    order: MovementOrder
    action: str                       # hold, move, support, convoy
    dest: str = ""                    # move: destination province
    dest_loc: str = ""                # move: destination location (coast for fleets)
    convoyed: bool = False            # move: an army travelling by convoy
    path: tuple[str, ...] = ()        # move: the convoy path the player wrote (empty: any route of ordered fleets)
    fleets: list["UnitState"] = field(default_factory=list)   # convoyed army: fleets ordering a matching convoy
    supported: "UnitState | None" = None                      # support: the unit it supports, once valid
    mark: str = ""
    dislodged: bool = False
    support_count: int = 0
    no_help: set["UnitState"] = field(default_factory=set)
    supporters: list["UnitState"] = field(default_factory=list)
    retreats: tuple[str, ...] = ()
    dislodged_by: "UnitState | None" = None
    moved: bool = False
    convoy_ok: bool | None = None     # convoyed army: settled by consistency under the Szykman rule

    @property
    def prov(self) -> str:
        return self.unit.province

    @property
    def power(self) -> str:
        return self.unit.power

    def __repr__(self) -> str:
        return f"<{self.order} {self.mark or '-'} {self.support_count}>"


@dataclass(eq=False)
class Entry:
    state: UnitState
    role: str

    @property
    def strength(self) -> int:
        return 0 if self.role == BOUNCED else self.state.support_count


class Board:
    """Everything the steps read and write; made afresh for each adjudication."""

    def __init__(self, m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset):
        self.m, self.position, self.rules = m, position, rules
        self.units: dict[str, UnitState] = {}
        for prov, unit in position.units.items():
            order = orders.get(prov) or Hold(unit)
            st = UnitState(unit, order, _action(order))
            if isinstance(order, Move):
                st.dest, st.dest_loc, st.path = order.dest[:3], order.dest, order.path
            self.units[prov] = st
        self.combat: dict[str, list[Entry]] = {}
        self.convoying_armies: list[UnitState] = []
        self.convoy_succeeded: list[UnitState] = []
        self.bounced_this_pass = False
        self.cut_this_pass = False

    # -- queries -----------------------------------------------------------------------------------------------
    def movers(self) -> list[UnitState]:
        return [s for s in self.units.values() if s.action == "move"]

    def combat_list(self, prov: str) -> list[Entry]:
        return self.combat.setdefault(prov, [])

    def strongest(self, prov: str) -> Entry | None:
        """The single entry stronger than every other in the space's combat list, if there is one."""
        lst = self.combat.get(prov, ())
        best, second = None, -1
        for e in lst:
            if best is None or e.strength > best.strength:
                if best is not None:
                    second = max(second, best.strength)
                best = e
            else:
                second = max(second, e.strength)
        if best is not None and best.strength > second:
            return best
        return None

    def add_entry(self, prov: str, st: UnitState, role: str) -> None:
        self.combat_list(prov).append(Entry(st, role))

    def remove_entry(self, prov: str, st: UnitState) -> None:
        self.combat[prov] = [e for e in self.combat.get(prov, ()) if e.state is not st]


def _action(order: MovementOrder) -> str:
    if isinstance(order, Move):
        return "move"
    if isinstance(order, Support):
        return "support"
    if isinstance(order, Convoy):
        return "convoy"
    return "hold"
