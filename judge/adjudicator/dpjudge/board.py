"""The port's working tables: per unit the order, mark, support count and no-help list; per space the combat list."""
from __future__ import annotations

from judge.hints import Any
from judge.maps import Map
from judge.orders import Convoy, Hold, Move, MovementOrder, Support

from judge.position import Position
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
WEAK = "weak"            # the same under weak_bounces (DPjudge WEAK_BOUNCES): no strength at all, one less


_NOBODY: frozenset = frozenset()


class UnitState:
    """One unit's row in the working tables. Slotted, and made for every unit of every phase, so a unit gets only
    the fields its order uses: movers get the move fields, supporters `supported`, dislodged units the retreat
    ones (see Board and Step 10). Containers start shared and empty; a step that adds makes the unit its own.

    The class has no __init__: Board.__init__ fills the rows itself (an __init__ per unit was a third of the cost).
    The fields every row has:
      unit, order, action (hold, move, support, convoy), prov, power, mark, dislodged, support_count, supporters
    a mover's: dest (destination province), dest_loc (location: a fleet's carries its coast), convoyed (travels
      by convoy), path (the convoy path the player wrote; empty: any route), fleets (fleets ordering a matching
      convoy), convoy_ok (settled by consistency under the Szykman rule), no_help, moved
    a supporter's: supported (the unit its support matches, set by Step 2 when it matches: only such a support
      is ever cut, so only such a one is asked whom it helps)
    a dislodged unit's: retreats, dislodged_by
    """
    __slots__ = ("unit", "order", "action", "prov", "power", "mark", "dislodged", "support_count", "no_help",
                 "supporters", "moved",
                 "dest", "dest_loc", "convoyed", "path", "fleets", "convoy_ok",     # movers only
                 "supported",                                                         # supporters only
                 "retreats", "dislodged_by")                                         # dislodged units only
    # The fields' types, for type checkers and for compiling this module with mypyc (benchmarks/compiled.py): a
    # compiled class has a fixed layout, so it must know its fields; each may hold whatever the steps put there.
    # (Written out beside __slots__: slots taken from these annotations made the compiled port twice as slow.)
    unit: Any
    order: Any
    action: str
    prov: str
    power: str
    mark: str
    dislodged: bool
    support_count: Any
    no_help: Any
    supporters: Any
    moved: bool
    dest: Any
    dest_loc: Any
    convoyed: bool
    path: Any
    fleets: Any
    convoy_ok: Any
    supported: Any
    retreats: Any
    dislodged_by: Any

    def __repr__(self) -> str:
        return f"<{self.order} {self.mark or '-'} {self.support_count}>"


# A strength: a whole number, or a fraction where a border halves it (maps with half-strength borders). Typed Any,
# not int, so that mypyc (benchmarks/compiled.py) keeps the value as it is, whatever it is.
Strength = Any

# A unit in a space's combat list, in one role: the pair (state, role). A plain tuple: there are many, made often.
Entry = tuple  # (UnitState, role)


def strength(e: Entry) -> float:
    """An entry's strength: its unit's support count, or 0 for a mover bounced back home. (Counts are relative to
    a unit's own strength of 1: a move across a half-strength border counts 1/2 less, across a strait 1 less.)"""
    role = e[1]
    return 0 if role == BOUNCED else -1 if role == WEAK else e[0].support_count


class Board:
    """Everything the steps read and write; made afresh for each adjudication."""

    def __init__(self, m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset):
        self.m, self.position, self.rules = m, position, rules
        self.units: dict[str, UnitState] = {}
        self.supports: list[UnitState] = []        # units ordered to support (Step 2 may turn one into a hold)
        self.convoys: list[UnitState] = []         # fleets ordered to convoy
        self.victims: list[UnitState] = []         # units dislodged in Step 10
        # (the rows are made in the position's order: the order of the results)
        # (methods called on the dicts and lists themselves, the class by its name: compiled, a bound method or a
        # class kept in a local is a generic call; in Python, a list's append called so is the quickest too)
        units, nobody = self.units, _NOBODY
        # Units ordered to move, read by most steps: a list kept up to date (see forget_movers), not a call each time.
        moving: list[UnitState] = []
        supports = self.supports
        self.moving = moving
        for prov, unit in position.units.items():
            order: Any = orders.get(prov)
            units[prov] = st = UnitState()
            st.unit, st.prov, st.power = unit, prov, unit[0]
            st.mark, st.dislodged, st.support_count = "", False, 0
            st.supporters = ()
            kind = type(order)
            if kind is Support:             # (the commonest order late in a game)
                st.order, st.action = order, "support"
                supports.append(st)
            elif kind is Move:
                st.order, st.action = order, "move"
                st.no_help, st.moved = nobody, False
                mv: Move = order                # (compiled, a native read of its fields)
                dest: Any = mv.dest             # (a Move's: a location, never None)
                st.dest_loc = dest
                # (a three-letter location is its province; three fields at a time: more build a tuple to unpack)
                st.dest, st.convoyed, st.path = dest if len(dest) == 3 else dest[:3], False, mv.path
                st.fleets, st.convoy_ok = (), None
                moving.append(st)
            elif kind is Convoy:
                st.order, st.action = order, "convoy"
                self.convoys.append(st)
            else:
                st.order, st.action = order or Hold(unit), "hold"
        self.combat: dict[str, list[Entry]] = {}
        self.convoying_armies: list[UnitState] = []
        self.convoy_succeeded: list[UnitState] = []
        self.disrupted: set[str] = set()           # fleets whose endangering failed a convoy (reported "disrupted")
        self.broken_convoys: set[str] = set()      # armies whose convoy those fleets failed
        self.broken_fleets: set[str] = set()       # under the Szykman rule: the fleets settled as not convoying
        self.bounced_this_pass = False
        self.cut_this_pass = False
        self.unbounced = False                     # Step 10: unbounce let a unit in during this pass
        self.contested: set[str] = set()           # spaces with two or more entries: Steps 7 and 8 look only here
        # Between Step 7's jump back to Step 6 and its next pass: the spaces an entry was added to since its last
        # pass began (None at other times). Only those can be judged differently (see Step 7).
        self.grown: set[str] | None = None

    # -- queries -----------------------------------------------------------------------------------------------
    def movers(self) -> list[UnitState]:
        """Units ordered to move (board.moving)."""
        return self.moving

    def forget_movers(self) -> None:
        """A move was turned into a hold (only Steps 1 and 2 do that, rarely): list the movers again."""
        self.moving = [s for s in self.units.values() if s.action == "move"]

    def strongest(self, prov: str) -> Entry | None:
        """The single entry stronger than every other in the space's combat list, if there is one."""
        best = None
        top: Strength = -2                  # (a move across a strait may have strength -1: see Step 3)
        second: Strength = -2
        for e in self.combat.get(prov, ()):
            role = e[1]                     # strength(e), read without a call
            s = 0 if role == BOUNCED else -1 if role == WEAK else e[0].support_count
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
        if self.grown is not None:
            self.grown.add(prov)

    def remove_entry(self, prov: str, st: UnitState) -> None:
        self.combat[prov] = [e for e in self.combat.get(prov, ()) if e[0] is not st]

