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
    """One unit's row in the working tables. Slotted, and made for every unit of every phase, so a unit gets only
    the fields its order uses: movers get the move fields, supporters `supported`, dislodged units the retreat
    ones (see Board and Step 10). Containers start shared and empty; a step that adds makes the unit its own."""
    __slots__ = ("unit", "order", "action", "prov", "power", "mark", "dislodged", "support_count", "no_help",
                 "supporters", "moved",
                 "dest", "dest_loc", "convoyed", "path", "fleets", "convoy_ok",     # movers only
                 "supported",                                                         # supporters only
                 "retreats", "dislodged_by")                                         # dislodged units only

    def __init__(self, unit: Unit, order: MovementOrder, action: str):
        self.unit = unit
        self.order = order
        self.action = action                  # hold, move, support, convoy
        self.prov = unit[2][:3]
        self.power = unit[0]
        self.mark = ""
        self.dislodged = False
        self.support_count = 0
        self.no_help: set[UnitState] | frozenset = _NOBODY
        self.supporters: list[UnitState] | tuple = ()
        self.moved = False

    def set_move(self, order: Move) -> None:
        self.dest = order.dest[:3]            # destination province
        self.dest_loc = order.dest            # destination location (coast for fleets)
        self.convoyed = False                 # an army travelling by convoy
        self.path = order.path                # the convoy path the player wrote (empty: any route)
        self.fleets: list[UnitState] | tuple = ()   # fleets ordering a matching convoy
        self.convoy_ok: bool | None = None    # settled by consistency under the Szykman rule

    def __repr__(self) -> str:
        return f"<{self.order} {self.mark or '-'} {self.support_count}>"


# A unit in a space's combat list, in one role: the pair (state, role). A plain tuple: there are many, made often.
Entry = tuple  # (UnitState, role)


def strength(e: Entry) -> int:
    """An entry's strength: its unit's support count, or 0 for a mover bounced back home."""
    return 0 if e[1] == BOUNCED else e[0].support_count


class Board:
    """Everything the steps read and write; made afresh for each adjudication."""

    def __init__(self, m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset):
        self.m, self.position, self.rules = m, position, rules
        self.units: dict[str, UnitState] = {}
        self.supports: list[UnitState] = []        # units ordered to support (Step 2 may turn one into a hold)
        self.convoys: list[UnitState] = []         # fleets ordered to convoy
        self.victims: list[UnitState] = []         # units dislodged in Step 10
        units, get = self.units, orders.get
        for prov, unit in position.units.items():
            order = get(prov)
            kind = type(order)
            if kind is Move:
                st = units[prov] = UnitState(unit, order, "move")
                st.set_move(order)
            elif kind is Support:
                st = units[prov] = UnitState(unit, order, "support")
                st.supported = None
                self.supports.append(st)
            elif kind is Convoy:
                self.convoys.append(UnitState(unit, order, "convoy"))
                units[prov] = self.convoys[-1]
            else:
                units[prov] = UnitState(unit, order or Hold(unit), "hold")
        self.combat: dict[str, list[Entry]] = {}
        self.convoying_armies: list[UnitState] = []
        self.convoy_succeeded: list[UnitState] = []
        self.bounced_this_pass = False
        self.cut_this_pass = False
        self._movers: list[UnitState] | None = None
        self.contested: set[str] = set()           # spaces with two or more entries: Steps 7 and 8 look only here

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
        best, top, second = None, -1, -1
        for e in self.combat.get(prov, ()):
            s = 0 if e[1] == BOUNCED else e[0].support_count    # strength(e), read without a call
            if s > top:
                best, top, second = e, s, top
            elif s > second:
                second = s
        return best if top > second else None

    def add_entry(self, prov: str, st: UnitState, role: str) -> None:
        lst = self.combat.get(prov)
        if lst is None:
            self.combat[prov] = [(st, role)]
        else:
            lst.append((st, role))
            self.contested.add(prov)

    def remove_entry(self, prov: str, st: UnitState) -> None:
        self.combat[prov] = [e for e in self.combat.get(prov, ()) if e[0] is not st]

