"""The DATC 5.B movement decisions and strengths, each evaluated as an interval on what is known so far."""
from __future__ import annotations

from judge.adjudicator.equations.resolver import (CONVOY, FALSE, MOVE, MOVES, PATH, SUPPORT, TRUE, UNKNOWN,
                                                  Context, Interval, ResolverState)

# Every function takes the phase Context, the ResolverState and a unit number. Booleans come back as
# (surely, possibly) and strengths as (least, most): the most a decision can still turn out to be and the least,
# which is what lets a decision be taken before everything it depends on is known (DATC 5.E).
# The numbered decisions MOVE, SUPPORT, CONVOY and PATH are stored under the unit's number offset by kind * n;
# as MOVE is kind 0, a move's decision number is the unit number itself.


def _given(ctx: Context, st: ResolverState, i: int, skip_power: str | None = None) -> tuple[int, int]:
    """How many of the supports matching unit i's order stand: (surely, possibly). Supports from skip_power are
    left out (they may never help dislodge a unit of their own power)."""
    lo = hi = 0
    base = SUPPORT * ctx.n
    known = st.known
    power = ctx.power
    for s in ctx.supporters[i]:
        if skip_power is not None and power[s] == skip_power:
            continue
        v = known[base + s]
        if v is None:
            a, b = st.resolve(base + s)
            lo += a
            hi += b
        elif v:
            lo += 1
            hi += 1
    return lo, hi


def has_path(ctx: Context, st: ResolverState, i: int) -> Interval:
    """The PATH of move i: always there over land, otherwise the stored PATH decision."""
    if not ctx.convoyed[i]:
        return TRUE
    return st.resolve(PATH * ctx.n + i)


# -- the decisions stored by the resolver -------------------------------------------------------------------------

# DATC 5.B.1: a move gets through only if its attack beats every strength set against it.
def move(ctx: Context, st: ResolverState, i: int) -> Interval:
    """MOVE (DATC 5.B.1): the attack must beat the defence of a head-to-head opponent, or else the hold strength of
    the destination, and the prevent strength of every other unit ordered there."""
    alo, ahi = attack_strength(ctx, st, i)
    if ahi <= ctx.nothing:
        return FALSE        # no path, or an attack on one's own unit
    j = ctx.h2h[i]
    olo, ohi = defend_strength(ctx, st, j) if j >= 0 else hold_strength(ctx, st, ctx.dest[i])
    if olo >= ahi:
        return FALSE
    for k in ctx.movers_into[ctx.dest[i]]:
        if k != i:
            plo, phi = prevent_strength(ctx, st, k)
            if plo >= ahi:
                return FALSE
            if plo > olo:
                olo = plo
            if phi > ohi:
                ohi = phi
    # Here the strongest opposition can still be beaten, so success is at least possible.
    return (alo > ohi, True)


# DATC 5.B.2: a support stands unless a foreign attack with a path reaches it, or it is dislodged.
def support(ctx: Context, st: ResolverState, s: int) -> Interval:
    """SUPPORT (DATC 5.B.2): a foreign unit ordered into the supporter's province with a working path cuts it,
    unless it comes from where the support is aimed; any move that dislodges the supporter cuts it."""
    n = ctx.n
    me = ctx.power[s]
    maybe = False
    for a in ctx.movers_into.get(ctx.prov[s], ()):
        if ctx.power[a] == me:
            continue        # own units neither cut a support nor dislodge its giver
        if ctx.rule_1982 and ctx.convoyed[a] and ctx.shielded[s]:
            continue        # 1982 rule: this support is out of reach of convoyed armies, dislodging or not
        if (ctx.exempt_from[s] != ctx.prov[a] or (ctx.cuts_origin and ctx.convoyed[a])) and \
                not (ctx.no_cut and ctx.no_cut[a]):
            lo, hi = has_path(ctx, st, a)
            if lo:
                return FALSE
            maybe = maybe or hi
        # DATC 4.A.4 keeps the support against the army's origin only while the army does not dislodge it.
        lo, hi = st.resolve(MOVE * n + a)
        if lo:
            return FALSE
        maybe = maybe or hi
    return UNKNOWN if maybe else TRUE


# DATC 5.B.3 (with the 5.D hack): a convoying fleet carries while no attack on it succeeds.
def convoy(ctx: Context, st: ResolverState, f: int) -> Interval:
    """CONVOY (DATC 5.B.3): the fleet carries as long as it is not dislodged.

    The moves against the fleet are evaluated directly instead of through the resolver (the DATC 5.D hack): they
    are then never nodes of a cycle, so a convoy paradox is always a single clean loop of convoys, supports and
    paths, whatever attacks the fleets.
    """
    lo, hi = dislodge(ctx, st, f, direct=True)
    return (not hi, not lo)


# DATC 5.B.4: a convoyed army needs an unbroken chain of carrying fleets (any route, DATC 4.A.1).
def path(ctx: Context, st: ResolverState, i: int) -> Interval:
    """PATH (DATC 5.B.4) of a convoyed army: a chain of fleets with matching, successful convoy orders; when the
    player wrote the route, every fleet on it (multi-route rule 4.A.1 b otherwise: any route will do)."""
    base = CONVOY * ctx.n
    fleets = ctx.carriers[i]
    if ctx.written_path[i]:
        surely = True
        for f in fleets:
            a, b = st.resolve(base + f)
            if not b:
                return FALSE
            surely = surely and a
        return (surely, True)
    sure: set[str] = set()
    maybe: set[str] = set()
    for f in fleets:
        a, b = st.resolve(base + f)
        if b:
            maybe.add(ctx.prov[f])
            if a:
                sure.add(ctx.prov[f])
    src, dst = ctx.prov[i], ctx.dest[i]
    if not maybe or not ctx.m.convoy_route(src, dst, maybe):
        return FALSE
    if len(sure) == len(maybe):
        return TRUE
    return (bool(sure) and ctx.m.convoy_route(src, dst, sure), True)


# -- derived decisions ---------------------------------------------------------------------------------------------

# DISLODGE of the older DATC 5.B.3: the unit did not get away and someone took its province.
def dislodge(ctx: Context, st: ResolverState, i: int, direct: bool = False) -> Interval:
    """DISLODGE (older DATC 5.B.3): the unit stays where it is and some unit moves into its province.

    With `direct`, unsettled moves into the province are evaluated on the spot rather than resolved (see convoy).
    """
    stays_surely = True
    if ctx.kind[i] == MOVES:
        mlo, mhi = st.resolve(MOVE * ctx.n + i)
        if mlo:
            return FALSE
        stays_surely = not mhi
    known = st.known
    hi = False
    for a in ctx.movers_into.get(ctx.prov[i], ()):
        v = known[a]
        if v is not None:
            r = TRUE if v else FALSE
        else:
            r = move(ctx, st, a) if direct else st.resolve(MOVE * ctx.n + a)
        if r[0]:
            return (stays_surely, True)
        hi = hi or r[1]
    return (False, hi)


# DATC 5.B.8: the strength a move brings against what stands in its destination.
def attack_strength(ctx: Context, st: ResolverState, i: int) -> Interval:
    """ATTACK STRENGTH (DATC 5.B.8): nothing without a path; full support into an empty or vacated province;
    nothing against a unit of one's own power; otherwise only the supports foreign to the defender count."""
    plo, phi = has_path(ctx, st, i)
    if not phi:
        return (ctx.nothing, ctx.nothing)
    b = 1 if ctx.base is None else ctx.base[i]
    j = ctx.occupant.get(ctx.dest[i], -1)
    if j < 0:
        lo, hi = _given(ctx, st, i)
        lo, hi = lo + b, hi + b
    elif ctx.kind[j] != MOVES or ctx.h2h[i] == j:
        lo, hi = _against(ctx, st, i, j, b)
    else:
        # The occupant is leaving (not towards us): whether it gets away decides which count applies.
        mlo, mhi = st.resolve(MOVE * ctx.n + j)
        if mlo:
            lo, hi = _given(ctx, st, i)
            lo, hi = lo + b, hi + b
        elif not mhi:
            lo, hi = _against(ctx, st, i, j, b)
        else:
            flo, fhi = _given(ctx, st, i)
            alo, ahi = _against(ctx, st, i, j, b)
            lo, hi = min(flo + b, alo), max(fhi + b, ahi)
    return (lo if plo else ctx.nothing, hi)


def _against(ctx: Context, st: ResolverState, i: int, j: int, b: float) -> Interval:
    """Attack of move i on unit j that stays: zero on one's own unit, else its own strength `b` (1, unless it
    crosses a restricted border) plus the supports foreign to j."""
    if ctx.power[i] == ctx.power[j]:
        return (0, 0)
    lo, hi = _given(ctx, st, i, ctx.power[j])
    return (lo + b, hi + b)


# DATC 5.B.5: what a province opposes to a unit entering it.
def hold_strength(ctx: Context, st: ResolverState, province: str) -> Interval:
    """HOLD STRENGTH (DATC 5.B.5) of a province: zero if empty or vacated, one for a unit that failed to leave,
    else one plus its hold supports that stand."""
    j = ctx.occupant.get(province, -1)
    none = ctx.nothing
    if j < 0:
        return (none, none)
    if ctx.kind[j] == MOVES:
        mlo, mhi = st.resolve(MOVE * ctx.n + j)
        if ctx.rules.weak_bounces:
            return _weak_hold(ctx, st, j, mlo, mhi)
        return (none if mhi else 1, none if mlo else 1)
    lo, hi = _given(ctx, st, j)
    return (lo + 1, hi + 1)


def _weak_hold(ctx: Context, st: ResolverState, j: int, mlo: bool, mhi: bool) -> Interval:
    """weak_bounces (DPjudge's WEAK_BOUNCES, Key's rule): a unit whose move got to its destination and bounced there
    holds with no strength (0); one whose convoy never carried it is still the unit that never left (1)."""
    none = ctx.nothing
    if mlo:
        return (none, none)
    plo, phi = has_path(ctx, st, j)
    most = 0 if plo else 1          # (1 while its convoy may yet fail)
    if mhi:
        return (none, most)         # (it may still get away)
    return (0 if phi else 1, most)


# DATC 5.B.7: what a unit opposes to the unit it meets head to head.
def defend_strength(ctx: Context, st: ResolverState, j: int) -> Interval:
    """DEFEND STRENGTH (DATC 5.B.7) of a unit in a head-to-head battle: one (its move's own strength) plus every
    support that stands. Across a restricted border the move's own strength is less than one; beaten, the unit
    still stays with the strength one of a unit that failed to move, as DPjudge has it: at least one then."""
    lo, hi = _given(ctx, st, j)
    if ctx.base is None:
        return (lo + 1, hi + 1)
    b = ctx.base[j]
    least = 0 if ctx.rules.weak_bounces else 1      # (weak_bounces: a beaten unit holds with no strength at all)
    return (max(lo + b, least), max(hi + b, least))


# DATC 5.B.6: what a move opposes to other units heading for the same province.
def prevent_strength(ctx: Context, st: ResolverState, k: int) -> Interval:
    """PREVENT STRENGTH (DATC 5.B.6): nothing without a path or after losing a head-to-head battle, otherwise one
    plus every support that stands (own-power supports included: they may keep others out)."""
    none = ctx.nothing
    plo, phi = has_path(ctx, st, k)
    if not phi:
        return (none, none)
    beaten_maybe = False
    j = ctx.h2h[k]
    if j >= 0:
        mlo, mhi = st.resolve(MOVE * ctx.n + j)
        if mlo:
            return (none, none)
        beaten_maybe = mhi
    j = ctx.passing[k] if ctx.passing is not None else -1
    if j >= 0:
        # coastal_crawl: the fleet passing k prevents nothing once the fleet it passes dislodged it (it got in, k
        # did not get away: DPjudge's dislodged swapper).
        mlo, mhi = st.resolve(MOVE * ctx.n + j)
        klo, khi = st.resolve(MOVE * ctx.n + k)
        if mlo and not khi:
            return (none, none)
        beaten_maybe = beaten_maybe or (mhi and not klo)
    b = 1 if ctx.base is None else ctx.base[k]
    lo, hi = _given(ctx, st, k)
    return (none if beaten_maybe or not plo else lo + b, hi + b)


# Evaluation of a numbered decision, by kind (the order of MOVE, SUPPORT, CONVOY, PATH).
_EVALUATORS = (move, support, convoy, path)


def evaluate(ctx: Context, st: ResolverState, d: int) -> Interval:
    """Evaluate numbered decision d once, on the current knowledge (the resolver decides what to keep)."""
    kind, i = divmod(d, ctx.n)
    return _EVALUATORS[kind](ctx, st, i)
