"""A game's phases and orders: who must order, order sets, readiness, adjudication, and the step to the next phase.
A mixin of judge.game.Game; pure."""
from __future__ import annotations

from datetime import datetime
from typing import Callable

from judge.adjudicator import PhaseOutcome, adjudicate
from judge.orders import unit_key
from judge.orders.errors import DUPLICATE_ORDER, SET_NOT_USED, SET_REJECTED, WRONG_PHASE, OrderError
from judge.orders.parser import parse
from judge.orders.sets import adjustment_count, build_order_set
from judge.orders.suggest import with_hint
from judge.orders.validate import Validator
from judge import builds, maps
from judge.game.frozen import FROZEN, frozen, holders
from judge.phases import ends_year, victory_centers
from judge.position import HouseState
from judge.game.roles import DUMMY, PLAYING, GameError, OrderSetError, Player
from judge.rules import OrderSets, PartialOrders

_DUPLICATE = DUPLICATE_ORDER.split("{")[0]      # "MULTIPLE ORDERS FOR ONE UNIT: "
_WRONG_PHASE = WRONG_PHASE.split("{")[0]        # "ORDER NOT ALLOWED IN "
SET_REJECTED_HEAD = SET_REJECTED.split("{")[0]


class Ordering:
    """Game methods about phases and orders (the fields live in Game)."""

    def needs_orders(self, power: str) -> bool:
        """Does this power have anything to order in the current phase?"""
        return self._ordering_test()(power)

    def ordering_players(self) -> list[Player]:
        needs = self._ordering_test()
        return [p for p in self.players if p.power and needs(p.power)]

    def _ordering_test(self) -> Callable[[str], bool]:
        """needs_orders for the current phase, with what every power shares found once (asked for each power,
        several times a message)."""
        pos = self.position
        if pos is None or self.status != PLAYING:
            return lambda power: False
        kind = pos.phase.kind
        if kind == "M":
            return {unit[0] for unit in pos.units.values()}.__contains__
        if kind == "R":
            # A unit with nowhere to go was reported destroyed with the movement results: nothing to order for it.
            return {d.unit.power for d in pos.dislodged.values() if d.retreats}.__contains__

        def adjusts(power: str) -> bool:
            due = adjustment_count(pos, power, self.map)
            if due < 0:
                # Every unit goes (no centre is left): nothing to choose, so nothing to order, and no late notice
                # for it (DPjudge's latePowers passes over a power without centres).
                return -due < sum(1 for unit in pos.units.values() if unit[0] == power)
            return due > 0 and bool(builds.sites(self.map, power, pos.units, pos.centers, self.rules, pos.house))
        return adjusts

    def late_players(self) -> list[Player]:
        """Players who must still send orders (dummies never hold the game up, unless the house rule cd_dummies is
        off: then a phase a dummy has to order waits for its deadline)."""
        wait_for_dummies = not self.rules.cd_dummies
        return [p for p in self.ordering_players() if (p.status != DUMMY or wait_for_dummies) and not p.submitted]

    def owing_players(self) -> list[Player]:
        """Past the deadline, the powers still owing orders: the late powers that notices name, the grace period waits
        for and the lateness counts count. A power someone plays, or played: a vacant one owes them too (the game
        waits for a takeover, and DPjudge names a resigned power late); a dummy never does (nobody plays it; with
        cd_dummies off its phase waited for the deadline, and the deadline has come)."""
        return [p for p in self.late_players() if p.status != DUMMY]

    @property
    def play_position(self):
        """The position to check and adjudicate orders on: with the powers that are dummies now, where the house
        rules ask (immobile_dummies, dummy_fire, vassal_dummies) or the position already keeps them."""
        pos = self.position
        if pos is None:
            return pos
        rules = self.rules
        if pos.house is None and not (rules.immobile_dummies or rules.dummy_fire or rules.vassal_dummies):
            return pos
        dummies = frozenset(p.power for p in self.players if p.power and p.status == DUMMY)
        house = pos.house or HouseState()
        if house.dummies == dummies:
            return pos
        return pos.replace(house=house.replace(dummies=dummies))

    def all_in(self) -> bool:
        return not self.late_players()

    def submit_orders(self, power: str, texts: list[str], now: datetime,
                      notes: list[tuple[str, str]] | None = None) -> list[str]:
        """Store an order set for a power; returns the orders as the judge reads them. OrderSetError lists errors.

        Duplicate orders the duplicate_orders rule settles (hold, first, last) are no error: the set is accepted
        and each order that will not count is appended to `notes` with its diagnostic."""
        player = self.player(power)
        if self.status != PLAYING:
            raise GameError(f"GAME {self.name} IS NOT ACTIVE")
        pos = self.play_position
        m = self.map
        kept = list(texts)
        if self.rules.order_sets is OrderSets.MERGE and player.submitted:
            kept = self._merge(player.orders, texts)
        oset = build_order_set(power, kept, pos, m, self.rules, Validator(pos, m, self.rules))
        # The order set reports a settled duplicate like an error; under every duplicate_orders choice but
        # reject_set the DATC (4.D.3) says the set stands, so only the other diagnostics refuse it.
        errors = [(t, e) for t, e in oset.errors if not e.startswith(_DUPLICATE)]
        if errors:
            given = set(texts)
            # (orders sent too late for the phase just processed are told so by judge.commands.too_late, which
            # checks them against that phase's board)
            errors = [(t, e if e.startswith((_WRONG_PHASE, _DUPLICATE)) else with_hint(t, e, m, pos, self.rules, power))
                      for t, e in errors]
            raise OrderSetError(_once_per_unit([(t, e) for t, e in errors if t in given] or errors))
        if notes is not None:
            notes.extend((t, e) for t, e in oset.errors if e.startswith(_DUPLICATE))
        if self.rules.partial_orders is PartialOrders.REJECT and pos.phase.kind == "M":
            ordered = {unit_key(o) for o in oset.orders}
            missing = [str(u) for u in pos.units_of(power) if u.province not in ordered]
            if missing:
                raise GameError("ORDERS MISSING FOR: " + ", ".join(missing))
        if not player.submitted and self.deadline_passed(now) and self.needs_orders(power):
            self._count_late(player)             # sent in the grace period: the deadline was missed all the same
        player.orders = kept
        player.submitted = True
        self._note_readiness(now)
        return [str(o) for o in oset.orders]

    @staticmethod
    def _count_late(player: Player) -> None:
        """The player had no orders when the deadline passed: one more late phase, once a phase."""
        if not player.missed:
            player.missed = True
            player.late_count += 1

    def _merge(self, old: list[str], new: list[str]) -> list[str]:
        """Combine order sets: a new order for a unit replaces the old one (DATC 4.D.1, 'merge' rule)."""
        def key(text: str) -> str:
            try:
                p = parse(text, self.map, self.position.phase.kind)
                return p.place.province if p.place else text
            except OrderError:
                return text
        replaced = {key(t) for t in new}
        return [t for t in old if key(t) not in replaced] + list(new)

    def clear_orders(self, power: str, now: datetime) -> None:
        player = self.player(power)
        player.orders, player.submitted = [], False
        self._note_readiness(now)

    def set_wait(self, power: str, wait: bool, now: datetime) -> None:
        self.player(power).wait = wait
        self._note_readiness(now)

    def _note_readiness(self, now: datetime) -> None:
        ready = self.all_in() and not any(p.wait for p in self.ordering_players())
        if not ready:
            self.ready_since = None
        elif self.ready_since is None:
            self.ready_since = now

    def adjudicate(self) -> tuple[PhaseOutcome, list[tuple[str, str, str]]]:
        """The outcome of the current phase from the stored orders (missing ones take defaults), an empty retreat
        phase skipped (past_empty_retreats). Changes nothing."""
        legal, errors = self.legal_orders()
        return self.past_empty_retreats(adjudicate(self.map, self.play_position, legal, self.rules)), errors

    def past_empty_retreats(self, outcome: PhaseOutcome) -> PhaseOutcome:
        """A movement whose dislodged units all have nowhere to go: DPjudge skips their retreat phase (Game.
        checkPhase), the movement results say they were destroyed, and the game goes on to the next phase that needs
        orders. So here: that retreat phase adjudicated at once (every unit disbands), its units kept in `destroyed`
        for the results. Anything else comes back as it is (the JSON interface keeps such a phase: its spec says so)."""
        pos = outcome.position
        if pos.phase.kind != "R" or not pos.dislodged or any(d.retreats for d in pos.dislodged.values()):
            return outcome
        board = maps.load(self.variant)
        gone = adjudicate(board.at(pos.phase) if board.changes else board, pos, [], self.rules)
        return PhaseOutcome(outcome.results, gone.position, gone.winner or outcome.winner, outcome.disagreements,
                            tuple(pos.dislodged.values()), outcome.removed)

    def legal_orders(self) -> tuple[list, list[tuple[str, str, str]]]:
        """The stored orders that can be used, and (power, text, diagnostic) for those that cannot."""
        m, pos = self.map, self.play_position
        validator = Validator(pos, m, self.rules)
        legal, errors = [], []
        for p in self.players:
            if p.power and p.orders:
                oset = build_order_set(p.power, p.orders, pos, m, self.rules, validator)
                legal.extend(oset.orders)
                errors.extend((p.power, t, e) for t, e in oset.errors)
        return legal, errors

    def advance(self, outcome: PhaseOutcome, now: datetime) -> None:
        """Move to the phase after the outcome (the caller has archived what it needs)."""
        before = self.position.phase
        if self.deadline_passed(now):
            for p in self.owing_players():
                self._count_late(p)                      # for the master's lateness counts
        self.history.append(str(before))
        changed = outcome.position.centers is not self.position.centers
        self.position = outcome.position
        after = outcome.position.phase
        if ends_year(self.map, before) and (after[:2] != before[:2] or after.kind == "A"):
            # A year ends when its last movement season (the Fall, with its retreats) is over: record the centre
            # count for SUMMARY. (A calendar of the map's own may hold its adjustments in that same season.)
            self.center_history[str(before.year)] = {p: len(self.position.centers_of(p)) for p in self.map.powers}
        winner = self.solo_winner() if changed else None
        if winner:
            self.finish({"kind": "solo", "powers": [winner]}, now, processed=True)
            return
        if self.board_empty():
            # Nobody can ever order again (no unit to move, no centre to build on): a draw of nobody, ended now
            # rather than played on alone, phase after phase.
            self.finish({"kind": "draw", "powers": []}, now, processed=True)
            return
        if frozen(maps.load(self.variant), self.play_position, self.rules):
            # Powers hold centres but no unit stands and none can ever be built: nothing can change any more, and
            # the phases would go on alone, one a deadline, for ever. A draw of the powers holding centres, ended now.
            self.finish({"kind": "draw", "powers": holders(self.map, self.position), "reason": FROZEN}, now,
                        processed=True)
            return
        self.votes_after_phase(before)
        if self.settle_votes(now, processed=True) is not None:
            return                               # the one power that held out is off the board: the votes agree
        self.start_phase(now)

    def board_empty(self) -> bool:
        """No power is left on the board: no unit, no centre, no dislodged unit for anyone."""
        pos = self.position
        owed = pos.house is not None and bool(pos.house.owing())             # (a first build still to make)
        return not pos.units and not pos.dislodged and not any(pos.centers.values()) and not owed

    def solo_winner(self) -> str | None:
        """A power holding the game's victory count of centres (more than half, unless the master set it)."""
        leaders = self.victory_leaders()
        return leaders[0] if len(leaders) == 1 else None        # (a tie at a lowered victory count wins nothing)

    def victory_leaders(self) -> list[str]:
        """The powers holding the most centres, in the map's order, if that many reach the victory count: one wins;
        two or more tie, and the game goes on."""
        counts = self.victory_counts()
        top = max(counts.values(), default=0)
        if top < self.victory_centers():
            return []
        return [p for p in self.map.powers if counts.get(p) == top] or [p for p, n in counts.items() if n == top]

    def victory_counts(self) -> dict[str, int]:
        """Centres per power as the victory count counts them (vassal_dummies: a vassal's count for its lord)."""
        counts: dict[str, int] = {}
        lords = self.position.house.vassals if self.position.house is not None else {}
        for owner in self.position.centers.values():
            owner = lords.get(owner, owner)
            counts[owner] = counts.get(owner, 0) + 1
        return counts

    def victory_centers(self) -> int:
        return self.victory or victory_centers(self.map)


def _once_per_unit(errors: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A set refused for two orders to one unit names that unit once (with the lines), not on every line; orders
    that are merely not used because of it are left out of the reply."""
    out: list[tuple[str, str]] = []
    lines_of: dict[str, list[str]] = {}
    for text, why in errors:
        if why == SET_NOT_USED:
            continue
        if why.startswith(SET_REJECTED_HEAD):
            if why not in lines_of:
                lines_of[why] = []
                out.append(("", why))
            lines_of[why].append(text)
            continue
        out.append((text, why))
    return [(" / ".join(lines_of[why]), why) if why in lines_of else (text, why) for text, why in out] or errors
