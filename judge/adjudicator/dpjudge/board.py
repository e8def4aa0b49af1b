"""The port's working tables: per unit the order, mark, support count and no-help list; per space the combat list."""
from __future__ import annotations

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


_NOBODY: frozenset = frozenset()


class UnitState:
    """One unit's row in the working tables. A plain slotted class: the steps read these fields constantly."""
    __slots__ = ("unit", "order", "action", "prov", "power", "dest", "dest_loc", "convoyed", "path", "fleets",
                 "supported", "mark", "dislodged", "support_count", "no_help", "supporters", "retreats",
                 "dislodged_by", "moved", "convoy_ok")

    def __init__(self, unit: Unit, order: MovementOrder, action: str):
        self.unit = unit
        self.order = order
        self.action = action                  # hold, move, support, convoy
        self.prov = unit.loc[:3]
        self.power = unit.power
        self.dest = ""                        # move: destination province
        self.dest_loc = ""                    # move: destination location (coast for fleets)
        self.convoyed = False                 # move: an army travelling by convoy
        self.path: tuple[str, ...] = ()       # move: the convoy path the player wrote (empty: any route)
        # Containers most units never fill start as shared empty ones; the steps make real ones when adding.
        self.fleets: list[UnitState] | tuple = ()     # convoyed army: fleets ordering a matching convoy
        self.supported: UnitState | None = None   # support: the unit it supports, once valid
        self.mark = ""
        self.dislodged = False
        self.support_count = 0
        self.no_help: set[UnitState] | frozenset = _NOBODY
        self.supporters: list[UnitState] | tuple = ()
        self.retreats: tuple[str, ...] = ()
        self.dislodged_by: UnitState | None = None
        self.moved = False
        self.convoy_ok: bool | None = None    # convoyed army: settled by consistency under the Szykman rule

    def __repr__(self) -> str:
        return f"<{self.order} {self.mark or '-'} {self.support_count}>"


class Entry:
    """A unit in a space's combat list, in one role."""
    __slots__ = ("state", "role")

    def __init__(self, state: UnitState, role: str):
        self.state, self.role = state, role

    @property
    def strength(self) -> int:
        return 0 if self.role == BOUNCED else self.state.support_count


class Board:
    """Everything the steps read and write; made afresh for each adjudication."""

    def __init__(self, m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset):
        self.m, self.position, self.rules = m, position, rules
        self.units: dict[str, UnitState] = {}
        self.supports: list[UnitState] = []        # units ordered to support (Step 2 may turn one into a hold)
        self.convoys: list[UnitState] = []         # fleets ordered to convoy
        self.victims: list[UnitState] = []         # units dislodged in Step 10
        for prov, unit in position.units.items():
            order = orders.get(prov) or Hold(unit)
            kind = type(order)
            st = UnitState(unit, order, _ACTIONS.get(kind, "hold"))
            if kind is Move:
                st.dest, st.dest_loc, st.path = order.dest[:3], order.dest, order.path
            elif kind is Support:
                self.supports.append(st)
            elif kind is Convoy:
                self.convoys.append(st)
            self.units[prov] = st
        self.combat: dict[str, list[Entry]] = {}
        self.convoying_armies: list[UnitState] = []
        self.convoy_succeeded: list[UnitState] = []
        self.bounced_this_pass = False
        self.cut_this_pass = False
        self._movers: list[UnitState] | None = None

    # -- queries -----------------------------------------------------------------------------------------------
    def movers(self) -> list[UnitState]:
        """Units ordered to move (kept: only Steps 1 and 2 can turn a move into a hold, see forget_movers)."""
        if self._movers is None:
            self._movers = [s for s in self.units.values() if s.action == "move"]
        return self._movers

    def forget_movers(self) -> None:
        self._movers = None

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
        lst = self.combat.get(prov)
        if lst is None:
            self.combat[prov] = [Entry(st, role)]
        else:
            lst.append(Entry(st, role))

    def remove_entry(self, prov: str, st: UnitState) -> None:
        self.combat[prov] = [e for e in self.combat.get(prov, ()) if e.state is not st]


_ACTIONS = {Move: "move", Support: "support", Convoy: "convoy", Hold: "hold"}
