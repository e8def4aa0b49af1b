"""Which armies travel by convoy: the decision Step 1 starts from (DATC 4.A.3; not a step of the page)."""
from __future__ import annotations

from judge.adjudicator.dpjudge.board import Board, UnitState
from judge.adjudicator.friendly_fire import allegiance
from judge.maps.features import crossing_allowed
from judge.orders import Convoy, Move
from judge.rules import ConvoyIntent, ViaWithoutConvoy


def decide_convoy_routes(board: Board) -> list[UnitState]:
    """Which armies move by convoy (returned), and the fleets ordered to carry each.

    Not a step of the page (DPjudge knows the path from the order); DATC 4.A.3 decides: a move to a non-adjacent
    province goes by convoy; a move to an adjacent one only when the player asked for it ("via convoy", a path) or
    (convoy_intent=own_fleet, the 2000/2023 rule) one of the power's own fleets is ordered to convoy it. Under
    via_without_convoy=land, "via convoy" with no complete chain of fleets ordered to carry the army goes by land.
    """
    units = board.units
    for fleet in board.convoys:
        order: Convoy = fleet.order
        army = units.get(order.army[2][:3])        # (the army's province, without Unit.province's call)
        if army is not None and army.action == "move" and army.unit.kind == "A" and army.dest == order.dest \
                and not order.missing:
            army.fleets = [*army.fleets, fleet]
    army_adj = board.m.army_adj
    rules = board.rules
    convoyed = []
    for army in board.moving:
        if army.unit[1] != "A":
            continue
        adjacent = army.dest in army_adj.get(army.prov, ())
        move: Move = army.order
        if adjacent and not army.fleets and not army.path and not move.via_convoy:
            continue        # the usual case: over land, nobody convoying it
        own_fleet_counts = rules.convoy_intent is ConvoyIntent.OWN_FLEET
        if move.via_convoy and adjacent and rules.via_without_convoy is ViaWithoutConvoy.LAND and not army.path \
                and not (army.fleets and board.m.convoy_route(army.prov, army.dest, {f.prov for f in army.fleets})) \
                and crossing_allowed(board.m, army.prov, army.dest, army.power, board.position.centers):
            army.convoyed = False   # via_without_convoy=land: no chain of fleets ordered to carry it, so by land
        else:
            # (whose fleets they are matters only for a move to a neighbour that did not ask for the convoy)
            army.convoyed = not adjacent or move.via_convoy or (
                own_fleet_counts and any(allegiance(f.power) == allegiance(army.power) for f in army.fleets))
        if army.path:
            army.fleets = [f for f in army.fleets if f.prov in army.path]
        if army.convoyed:
            convoyed.append(army)
        else:
            army.fleets = []
    return convoyed
