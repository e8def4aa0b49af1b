"""Per-phase Context (indexes built once) and the ResolverState that settles decisions on partial information."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.adjudicator.coastal_crawl import pass_each_other
from judge.adjudicator.equations.chains import closed_chains
from judge.adjudicator.friendly_fire import allegiance
from judge.maps import Map
from judge.maps.features import crossing_allowed
from judge.orders import Convoy, Hold, Move, Order, Support
from judge.plain import Frozen
from judge.position import Position, Unit
from judge.rules import ConvoyIntent, MissingUnit, ParadoxRule, Ruleset, ViaWithoutConvoy

# The boolean decisions the resolver stores. A decision is numbered kind * n + unit index, so that one flat list
# holds every answer and no tuple keys or dictionaries sit on the hot path.
MOVE, SUPPORT, CONVOY, PATH = 0, 1, 2, 3
KIND_NAMES = ("MOVE", "SUPPORT", "CONVOY", "PATH")

# What a unit was ordered to do, once void and missing-unit orders are sorted out.
HOLDS, MOVES, SUPPORTS, CONVOYS = 0, 1, 2, 3

_ORDER_KINDS = {Hold: HOLDS, Move: MOVES, Support: SUPPORTS, Convoy: CONVOYS}

# A boolean known only partly is a pair (surely true, possibly true); a strength is a pair (least, most).
Interval = tuple
TRUE: Interval = (True, True)
FALSE: Interval = (False, False)
UNKNOWN: Interval = (False, True)


class Context(Frozen):
    """Everything about one phase that does not change while it is adjudicated; indexes are by unit number. Made
    by build(), which gives every field, in the order below."""
    m: Map
    position: Position
    rules: Ruleset
    units: tuple[Unit, ...]                 # board order (the order results are reported in)
    orders: tuple[Order, ...]               # the order each unit is reported with
    n: int
    occupant: dict[str, int]                # province -> unit number
    power: tuple[str, ...]
    prov: tuple[str, ...]
    kind: tuple[int, ...]                   # HOLDS/MOVES/SUPPORTS/CONVOYS
    void: tuple[bool, ...]                  # a support or convoy that matches no order
    dest: tuple[str | None, ...]            # province a move goes to
    convoyed: tuple[bool, ...]              # the move goes by convoy (DATC 4.A.3, no land fallback)
    carriers: tuple[tuple[int, ...], ...]   # fleets with a matching convoy order, for convoyed moves
    written_path: tuple[bool, ...]          # the player wrote the route: exactly those fleets, in that order
    routable: tuple[bool, ...]              # a convoyed move had a full route of matching fleets to start with
    h2h: tuple[int, ...]                    # the unit this move meets head to head, or -1
    passing: tuple[int, ...] | None         # coastal_crawl: the fleet this one passes, or -1 (None: no such pair)
    movers_into: dict[str, tuple[int, ...]]  # province -> moves ordered into it
    supporters: tuple[tuple[int, ...], ...]  # unit -> the supports that match its order
    supported: tuple[int, ...]              # support -> the unit it helps, or -1 when void
    exempt_from: tuple[str | None, ...]     # support -> province whose attacker cannot cut it by attack alone
    shielded: tuple[bool, ...]              # support -> a convoyed army never cuts it (1982 rule only)
    rule_1982: bool
    cuts_origin: bool
    base: tuple[float, ...] | None          # a unit's own strength, where restricted borders make it 1/2 or 0
    no_cut: tuple[bool, ...] | None         # a move across a restricted border that cuts no support by attack
    nothing: int                            # the strength of no force at all: 0 (DATC), -1 where a strait crossing
    # attacks with 0 and must still beat an empty province
    decisions: tuple[int, ...]              # every decision the phase must settle, in a fixed order
    preset: tuple[tuple[int, bool], ...]    # decisions known before any reasoning (impossible routes)
    _fields = ('m', 'position', 'rules', 'units', 'orders', 'n', 'occupant', 'power', 'prov', 'kind', 'void', 'dest',
               'convoyed', 'carriers', 'written_path', 'routable', 'h2h', 'passing', 'movers_into', 'supporters',
               'supported', 'exempt_from', 'shielded', 'rule_1982', 'cuts_origin', 'base', 'no_cut', 'nothing',
               'decisions', 'preset')
    __slots__ = _fields

    def __init__(self, *values: Any) -> None:
        if len(values) != len(self._fields):
            raise TypeError(f"Context() takes its {len(self._fields)} fields, not {len(values)}")
        for name, value in zip(self._fields, values):
            object.__setattr__(self, name, value)

    @classmethod
    def build(cls, m: Map, position: Position, orders: dict[str, Order], rules: Ruleset) -> "Context":
        units = tuple(position.units.values())
        prov = tuple(position.units)            # the board is keyed by province
        n = len(units)
        occupant = {p: i for i, p in enumerate(prov)}
        power = tuple(u.power for u in units)
        order_kind = _ORDER_KINDS
        hold_missing = rules.missing_unit is MissingUnit.HOLD

        # The order of each unit; under the HOLD missing-unit rule an order naming an absent unit simply holds.
        given: list[Order] = []
        kind: list[int] = []
        dest: list[str | None] = []
        offers: dict[tuple[str, str], list[int]] = {}   # convoy orders by the (army province, destination) named
        for i, u in enumerate(units):
            o = orders.get(prov[i])
            k = HOLDS if o is None else order_kind[type(o)]
            if k >= SUPPORTS and o.missing and hold_missing:
                k = HOLDS
            elif k == MOVES and hold_missing and o.path and any(
                    (f := position.units.get(sea)) is None or f.kind != "F" for sea in o.path):
                k = HOLDS           # a written convoy path through a sea with no fleet: the same rule, a hold
            if k == HOLDS:
                o = o if type(o) is Hold else Hold(u)
            elif k == CONVOYS and not o.missing and o.army.loc[:3] in occupant:
                offers.setdefault((o.army.loc[:3], o.dest), []).append(i)
            given.append(o)
            kind.append(k)
            dest.append(o.dest[:3] if k == MOVES else None)

        # DATC 4.A.3: which armies travel by convoy (convoy_intent, via_without_convoy).
        convoyed = [False] * n
        own_fleet = rules.convoy_intent is ConvoyIntent.OWN_FLEET
        land = rules.via_without_convoy is ViaWithoutConvoy.LAND
        for i, o in enumerate(given):
            if kind[i] != MOVES or units[i].kind != "A":
                continue
            if dest[i] not in m.army_adj.get(units[i].loc, ()) or o.path:
                convoyed[i] = True
            elif o.via_convoy:
                # Land fallback only when no complete chain of fleets is ordered to carry the army.
                carriers_here = offers.get((prov[i], dest[i]), ())
                convoyed[i] = not land or (bool(carriers_here) and
                                           m.convoy_route(prov[i], dest[i], {prov[f] for f in carriers_here})) \
                    or not crossing_allowed(m, prov[i], dest[i], power[i], position.centers)
            else:
                # (the real power's fleets: friendly fire disguises each unit as a power of its own)
                convoyed[i] = own_fleet and any(allegiance(power[f]) == allegiance(power[i])
                                                for f in offers.get((prov[i], dest[i]), ()))

        # A convoy order counts only for an army that really goes by convoy to that province (and, when the
        # player wrote the route, only for a fleet on it).
        void = [False] * n
        carriers: list[tuple[int, ...]] = [()] * n
        written = [False] * n
        routable = [False] * n
        preset: list[tuple[int, bool]] = []
        matched: set[int] = set()
        for i, o in enumerate(given):
            if not convoyed[i]:
                continue
            offered = offers.get((prov[i], dest[i]), [])
            if o.path:
                written[i] = True
                route = [occupant.get(sea, -1) for sea in o.path]
                carriers[i] = tuple(f for f in route if f in offered)
                matched.update(carriers[i])
                routable[i] = len(carriers[i]) == len(route)
            else:
                carriers[i] = tuple(offered)
                matched.update(offered)
                routable[i] = bool(offered) and m.convoy_route(prov[i], dest[i], {prov[f] for f in offered})
            if not routable[i]:
                preset.append((PATH * n + i, False))
        for i in range(n):
            if kind[i] == CONVOYS and i not in matched:
                void[i] = True

        # Head-to-head: two units moving into each other's province, neither by convoy (DATC 6.G).
        h2h = [-1] * n
        passing: list[int] | None = None
        into: dict[str, list[int]] = {}
        for i in range(n):
            if kind[i] != MOVES:
                continue
            into.setdefault(dest[i], []).append(i)
            j = occupant.get(dest[i], -1)
            if j >= 0 and kind[j] == MOVES and dest[j] == prov[i] and not convoyed[i] and not convoyed[j]:
                if rules.coastal_crawl and pass_each_other(units[i], given[i].dest, units[j], given[j].dest):
                    passing = passing or [-1] * n
                    passing[i] = j
                else:
                    h2h[i] = j

        # Supports: which order each one matches, and the exceptions to cutting it.
        convoying_seas = {prov[f] for f in range(n) if kind[f] == CONVOYS and not void[f]}
        helpers: list[list[int]] = [[] for _ in range(n)]
        supported = [-1] * n
        exempt: list[str | None] = [None] * n
        shielded = [False] * n
        for s, o in enumerate(given):
            if kind[s] != SUPPORTS:
                continue
            t = -1 if o.missing else occupant.get(o.target.province, -1)
            ok = t >= 0
            if ok and o.dest is None:
                ok = kind[t] != MOVES
            elif ok:
                ok = kind[t] == MOVES and dest[t] == o.dest[:3] and ("/" not in o.dest or given[t].dest == o.dest)
            if not ok:
                void[s] = True
                continue
            helpers[t].append(s)
            supported[s] = t
            exempt[s] = o.dest[:3] if o.dest else None
            shielded[s] = (o.dest[:3] if o.dest else o.target.province) in convoying_seas

        # DPjudge's restricted borders: a move (not by convoy) across a '*' border has half a unit's strength and
        # cuts no support; across a strait ('~') it has no strength of its own and cuts only when supported.
        base: list[float] | None = None
        no_cut: list[bool] | None = None
        if m.weak_borders:
            base, no_cut = [1] * n, [False] * n
            for i, o in enumerate(given):
                crossing = m.weak_borders.get((units[i].loc, dest[i])) if kind[i] == MOVES and not convoyed[i] \
                    else None
                if crossing == "half":
                    base[i], no_cut[i] = 0.5, True
                elif crossing == "none":
                    base[i], no_cut[i] = 0, not helpers[i]

        decisions: list[int] = []
        for i in range(n):
            if kind[i] == MOVES:
                decisions.append(MOVE * n + i)
                if convoyed[i]:
                    decisions.append(PATH * n + i)
            elif kind[i] == SUPPORTS and not void[i]:
                decisions.append(SUPPORT * n + i)
            elif kind[i] == CONVOYS and not void[i]:
                decisions.append(CONVOY * n + i)

        return cls(m, position, rules, units, tuple(given), n, occupant, power, prov, tuple(kind), tuple(void),
                   tuple(dest), tuple(convoyed), tuple(carriers), tuple(written), tuple(routable), tuple(h2h),
                   tuple(passing) if passing else None,
                   {p: tuple(v) for p, v in into.items()}, tuple(tuple(h) for h in helpers), tuple(supported),
                   tuple(exempt), tuple(shielded), rules.convoy_paradox is ParadoxRule.RULE_1982,
                   rules.convoy_cuts_origin_support, tuple(base) if base else None,
                   tuple(no_cut) if no_cut else None, -1 if base else 0, tuple(decisions), tuple(preset))

    def describe(self, d: int) -> str:
        """A numbered decision in words, for logs and test failures: "CONVOY F ENG"."""
        kind, i = divmod(d, self.n)
        return f"{KIND_NAMES[kind]} {self.units[i]}"

    def rings(self, moves: list[int]) -> list[int]:
        """The moves among `moves` that form closed chains (judge.adjudicator.equations.chains)."""
        return closed_chains(self.occupant, self.dest, self.h2h, moves)


Evaluator = Callable[[Context, "ResolverState", int], Interval]


class ResolverState:
    """The changing part of one adjudication: answers found so far, and the bookkeeping for cycles.

    `resolve(d)` follows DATC 5.E: a decision is evaluated on whatever is known, and it is settled as soon as its
    lowest and highest possible values agree. A decision met again while it is still being evaluated is part of a
    cycle; it answers UNKNOWN there, and the first decision of the cycle on the recursion stack (the one all hits
    lead back to) applies the backup rule once every decision that partial information can settle is settled.
    """

    __slots__ = ("ctx", "evaluate", "known", "visiting", "pending", "cycle", "hits", "trail", "trial",
                 "trial_failed", "log")

    def __init__(self, ctx: Context, evaluate: Evaluator):
        self.ctx = ctx
        self.evaluate = evaluate
        size = 4 * ctx.n
        self.known: list[bool | None] = [None] * size
        for d, v in ctx.preset:
            self.known[d] = v
        self.visiting = bytearray(size)
        self.pending: set[int] = set()      # decisions found to hang on an unsettled cycle
        self.cycle: list[int] = []          # the same decisions, in the order they were found
        self.hits = 0                       # how many times recursion met a decision still being evaluated
        self.trail: list[int] | None = None  # decisions fixed while a guess is being tried
        self.trial = False
        self.trial_failed = False
        self.log: list[tuple[str, tuple[int, ...]]] = []   # backup rules applied: (rule, decisions)

    # -- the generic resolve function ------------------------------------------------------------------------------
    def resolve(self, d: int) -> Interval:
        v = self.known[d]
        if v is not None:
            return TRUE if v else FALSE
        if d in self.pending:
            # Already known to hang on a cycle that an ancestor will settle: answering again would only
            # re-explore the same loop (exponential in long circular movements).
            return UNKNOWN
        if self.visiting[d]:
            self.pending.add(d)
            self.cycle.append(d)
            self.hits += 1
            return UNKNOWN
        while True:     # once more after each backup rule applied below, instead of recursing
            self.visiting[d] = 1
            mark, hits0 = len(self.cycle), self.hits
            lo, hi = self.evaluate(self.ctx, self, d)
            self.visiting[d] = 0
            if lo == hi:
                # Settled on partial information: whatever cycle was seen below did not matter.
                self._forget(mark)
                self.hits = hits0
                self._fix(d, lo)
                return TRUE if lo else FALSE
            if d not in self.pending:
                # Undecided because of a cycle through some decision further up: leave it to that one.
                self.pending.add(d)
                self.cycle.append(d)
                return (lo, hi)
            self.hits -= 1
            if self.hits != hits0:
                return (lo, hi)
            # Every hit below led back here: this decision is the ancestor of the whole cycle.
            members = self.cycle[mark:]
            self._forget(mark)
            if self.trial:
                # A guess never settles a cycle of its own; the guess is then inconclusive.
                self.trial_failed = True
                return (lo, hi)
            self._backup(d, members)
            v = self.known[d]
            if v is not None:
                return TRUE if v else FALSE

    def settle(self, d: int) -> bool:
        """Resolve a decision from the top level; always ends with an answer."""
        while self.known[d] is None:
            self.resolve(d)
            if self.known[d] is None and not self.visiting[d]:
                # Nothing should be left hanging at the top level; never loop on it if it is.
                leftover = [d, *self.cycle]
                self._forget(0)
                self.hits = 0
                self._backup(d, leftover)
        return bool(self.known[d])

    def settle_all(self) -> None:
        for d in self.ctx.decisions:
            self.settle(d)

    # -- helpers ---------------------------------------------------------------------------------------------------
    def _fix(self, d: int, value: bool) -> None:
        self.known[d] = value
        if self.trail is not None:
            self.trail.append(d)

    def _forget(self, mark: int) -> None:
        for x in self.cycle[mark:]:
            self.pending.discard(x)
        del self.cycle[mark:]

    # -- cycles ----------------------------------------------------------------------------------------------------
    def _backup(self, ancestor: int, members: list[int]) -> None:
        """Settle a cycle that partial information could not (DATC 5.B.9).

        First make sure it really has no single consistent resolution, by guessing the ancestor both ways; then
        circular movement (all its moves succeed) or, when a convoy is involved, the Szykman rule (the convoys fail).
        """
        n = self.ctx.n
        members = list(dict.fromkeys(members))
        if self._single_resolution(ancestor, members):
            return
        convoys = tuple(d for d in members if d // n == CONVOY)
        if convoys:
            for d in convoys:
                self._fix(d, False)
            self.log.append(("szykman", convoys))
            return
        ring = self.ctx.rings([d % n for d in members if d // n == MOVE])
        if ring:
            for i in ring:
                self._fix(MOVE * n + i, True)
            self.log.append(("circular", tuple(MOVE * n + i for i in ring)))
            return
        # Not a shape the standard rules can produce; the safest answer is that nothing in the cycle succeeds.
        for d in members:
            self._fix(d, False)
        self.log.append(("all fail", tuple(members)))

    def _single_resolution(self, ancestor: int, members: list[int]) -> bool:
        """Try the ancestor as success and as failure; keep the outcome if exactly one guess is consistent.

        A guess under which part of the cycle still cannot be settled proves nothing either way, so then the cycle
        goes to the backup rule as it is.
        """
        verdicts = [self._try(ancestor, guess, members, keep=False) for guess in (True, False)]
        if None in verdicts or verdicts.count(True) != 1:
            return False
        self._try(ancestor, verdicts[0], members, keep=True)
        self.log.append(("one resolution", (ancestor,)))
        return True

    def _try(self, ancestor: int, guess: bool, members: list[int], keep: bool) -> bool | None:
        """Is the guess consistent: True, False, or None when the guess leaves part of the cycle unsettled."""
        mark, hits0 = len(self.cycle), self.hits
        self.trail, self.trial, self.trial_failed = [], True, False
        self._fix(ancestor, guess)
        for d in members:
            if d != ancestor:
                self.resolve(d)
        ok: bool | None = None
        if all(self.known[d] is not None for d in members) and not self.trial_failed:
            # Only the guessed decision can break its own equation: the others were derived from it.
            ok = self.evaluate(self.ctx, self, ancestor) == (guess, guess)
            if self.trial_failed:
                ok = None
        if not (ok and keep):
            for d in self.trail:
                self.known[d] = None
        self._forget(mark)
        self.hits = hits0
        self.trail, self.trial, self.trial_failed = None, False, False
        return ok
