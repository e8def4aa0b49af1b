"""Is a variant's board another board with its places renamed? A one-to-one match of the variant's provinces and
coasts to the board's with the same terrain, the same number of coasts and the same adjacencies for armies and for
fleets (coasts included), found from the structure alone, never from the names: DPjudge's translated standard maps
rename every province, and standard_dutch gives Norway NWG, the standard board's Norwegian Sea.

The two boards are graphs side by side (a node per province and per coast; army, fleet and part-of edges). Colour
refinement splits the nodes by terrain, then by their neighbours' colours, round after round; where alike nodes
remain (a board with symmetries, or one refinement cannot split), one is paired with each candidate in turn and the
refinement goes on (backtracking). A board with two matches (a symmetric one) has no single renaming."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from judge.maps import Map

BUDGET = 2_000_000      # nodes refined (rounds times nodes) before a search is given up: a few seconds at most

Edges = list[list[tuple[str, int]]]


@dataclass(frozen=True)
class Match:
    """What matching a variant to a board found."""
    renaming: dict[str, str] | None      # the variant's location -> the board's ("NWG" -> "NWY"); None: not one
    ways: int                            # matches found: 0, 1, or 2 (two or more, or too many to tell)
    unmatched: tuple[str, ...] = ()      # with none: the variant's places first found to match none of the board's


@dataclass
class _Graph:
    names: list[str]            # the variant's nodes, then the board's
    colours: list[int]
    edges: Edges
    split: int                  # nodes below it are the variant's


def match(variant: Map, board: Map) -> Match:
    """The renaming of the variant's places that makes its board `board`'s, if there is exactly one."""
    g = _graph(variant, board)
    budget = _Budget(BUDGET)
    colours, unmatched = _refine(g, g.colours, budget, first_difference=True)
    if colours is None:
        return Match(None, 0 if budget.left > 0 else 2, unmatched)
    found = _search(g, colours, budget)
    if len(found) != 1 or budget.left <= 0:
        return Match(None, 2 if budget.left <= 0 else min(len(found), 2))
    return Match({g.names[v]: g.names[found[0][v]] for v in range(g.split)}, 1)


@dataclass
class _Budget:
    left: int


# -- the graphs -------------------------------------------------------------------------------------------------------

def _nodes(m: Map) -> tuple[list[str], list[tuple]]:
    names, kinds = [], []
    for abbr in sorted(m.provinces):
        p = m.provinces[abbr]
        names.append(abbr)
        kinds.append(("province", p.terrain, len(p.coasts)))
        for c in sorted(p.coasts):
            names.append(f"{abbr}/{c}")
            kinds.append(("coast",))
    return names, kinds


def _graph(variant: Map, board: Map) -> _Graph:
    names: list[str] = []
    kinds: list[tuple] = []
    edges: Edges = []
    split = 0
    for m in (variant, board):
        start = split = len(names)
        mine, what = _nodes(m)
        index = {n: start + i for i, n in enumerate(mine)}
        names += mine
        kinds += what
        edges += [[] for _ in mine]
        for kind, adj in (("army", m.army_adj), ("fleet", m.fleet_adj)):
            for src, dests in adj.items():
                for dst in dests:
                    if src in index and dst in index:
                        edges[index[src]].append((f"{kind}>", index[dst]))
                        edges[index[dst]].append((f"{kind}<", index[src]))
        for n in mine:
            if "/" in n:
                edges[index[n]].append(("of", index[n[:3]]))
                edges[index[n[:3]]].append(("coast", index[n]))
    palette = {k: i for i, k in enumerate(sorted(set(kinds)))}
    return _Graph(names, [palette[k] for k in kinds], edges, split)


def _counts(g: _Graph, colours: list[int]) -> dict[int, list[int]]:
    """Colour -> [the variant's nodes of it, the board's]."""
    out: dict[int, list[int]] = {}
    for i, c in enumerate(colours):
        out.setdefault(c, [0, 0])[i >= g.split] += 1
    return out


def _refine(g: _Graph, colours: list[int], budget: _Budget, first_difference: bool = False
            ) -> tuple[list[int] | None, tuple[str, ...]]:
    """The colours split until no round splits them further, or None as soon as the two sides differ in some colour
    (with `first_difference`, the variant's places of the colours it has more of then: where the boards differ), or
    the budget is spent."""
    while True:
        counts = _counts(g, colours)
        extra = {c for c, (mine, theirs) in counts.items() if mine != theirs}
        if extra:
            more = {c for c in extra if counts[c][0] > counts[c][1]}
            named = tuple(g.names[i] for i in range(g.split) if colours[i] in more) if first_difference else ()
            return None, named
        budget.left -= len(colours)
        if budget.left <= 0:
            return None, ()
        signatures = [(colours[i], tuple(sorted((k, colours[j]) for k, j in g.edges[i]))) for i in range(len(colours))]
        palette = {s: k for k, s in enumerate(sorted(set(signatures)))}
        if len(palette) == len(counts):
            return colours, ()
        colours = [palette[s] for s in signatures]


def _search(g: _Graph, colours: list[int], budget: _Budget) -> list[list[int]]:
    """The matches (variant node -> board node) these colours allow, up to two: depth first, each step pairing one
    of the variant's nodes of the smallest class of alike nodes with each of the board's in turn (a stack, not
    recursion: a board of many alike parts goes deep)."""
    found: list[list[int]] = []
    stack: list[Iterator[list[int]]] = [iter([colours])]
    while stack and budget.left > 0:
        tried = next(stack[-1], None)
        if tried is None:
            stack.pop()
            continue
        refined, _ = _refine(g, tried, budget)
        if refined is None:
            continue
        members: dict[int, list[int]] = {}
        for i, c in enumerate(refined):
            members.setdefault(c, []).append(i)
        alike = [ns for ns in members.values() if len(ns) > 2]
        if not alike:
            pairs = {ns[0]: ns[1] for ns in members.values()}
            if _is_match(g, pairs):
                found.append([pairs[v] for v in range(g.split)])
                if len(found) > 1:
                    break
            continue
        nodes = min(alike, key=len)        # the fewest candidates: the least backtracking
        stack.append(_paired(refined, nodes[0], [n for n in nodes if n >= g.split]))
    return found


def _paired(colours: list[int], v: int, candidates: list[int]) -> Iterator[list[int]]:
    """The colours with node v and each candidate in turn given a colour of their own."""
    fresh = max(colours) + 1
    for b in candidates:
        tried = list(colours)
        tried[v] = tried[b] = fresh
        yield tried


def _is_match(g: _Graph, pairs: dict[int, int]) -> bool:
    """Does the pairing carry every edge of the variant onto one of the board's, and no more? (Refinement that ends
    with every colour one node a side implies it; checked all the same, as it costs little.)"""
    mine = {(k, pairs[i], pairs[j]) for i in range(g.split) for k, j in g.edges[i]}
    theirs = {(k, i, j) for i in range(g.split, len(g.names)) for k, j in g.edges[i]}
    return mine == theirs
