"""Graph structure the display needs: module paths, producers-first order, ranks, convexity.

Pure functions of the graph (no view state), linear in its size.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Collection
from typing import TYPE_CHECKING

from .derived import derived

if TYPE_CHECKING:  # loaded where used: the CLI starts its worker before it imports networkx
    import networkx as nx

# --- module paths ----------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)
def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting ``"layers10"`` after ``"layers2"`` (digit runs compare as numbers)."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", text) if p)


@functools.lru_cache(maxsize=65536)
def path_key(path: str) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    """Sort key of a dotted module path: parents first, ``layers.2`` before ``layers.10``."""
    return tuple(natural_key(part) for part in path.split("."))


@functools.lru_cache(maxsize=65536)
def ancestors(path: str) -> tuple[str, ...]:
    """Return ``("a", "a.b", "a.b.c")`` for ``"a.b.c"``."""
    parts = path.split(".")
    return tuple(".".join(parts[: i + 1]) for i in range(len(parts)))


def node_modules(graph: nx.DiGraph) -> list[tuple[str, str | None]]:
    """Every graph node with its module path (None: none), in graph order. Read through
    :func:`~.derived.derived`: once per graph (a pass over networkx's view of one attribute
    costs three times what one over this list does, and a new graph's view takes a dozen)."""
    return list(graph.nodes(data="module"))


def module_sizes(graph: nx.DiGraph) -> Counter[str | None]:
    """How many graph nodes each module holds itself (not counting the modules inside it; None:
    the nodes outside every module). Read through :func:`~.derived.derived`."""
    return Counter(module or None for _, module in derived(graph, node_modules))


def module_paths(graph: nx.DiGraph) -> list[str]:
    """Return every module path in the graph and all their ancestors, parents first."""
    modules = {m for _, m in derived(graph, node_modules) if m}
    return sorted({path for module in modules for path in ancestors(module)}, key=path_key)


def collapse_to_depth(graph: nx.DiGraph, depth: int) -> frozenset[str]:
    """Return the collapsed set showing modules down to ``depth`` levels (1: top-level modules
    collapsed); ``depth <= 0`` collapses nothing."""
    if depth <= 0:
        return frozenset()
    return frozenset(p for p in derived(graph, module_paths) if p.count(".") + 1 == depth)


def collapsed_ancestor(
    module: str | None, collapsed: frozenset[str], cache: dict[str | None, str | None]
) -> str | None:
    """Return the outermost collapsed ancestor-or-self of ``module``, or None."""
    if module not in cache:
        found = (p for p in ancestors(module) if p in collapsed) if module and collapsed else ()
        cache[module] = next(iter(found), None)
    return cache[module]


def parent_path(path: str) -> str | None:
    return path.rsplit(".", 1)[0] if "." in path else None


# --- ranks and module shapes ------------------------------------------------------------


class Adjacency:
    """Plain predecessor/successor lists and a producers-first order of a graph's nodes.

    Built once per :func:`build_display` (networkx's views are slow in tight loops).  The order
    is ``forward_index`` order when that is a valid topological order (the schema promises it),
    else a topological sort, else (a malformed, cyclic file) graph order.
    """

    def __init__(self, graph: nx.DiGraph) -> None:
        self.pred: dict[str, list[str]] = {n: [] for n in graph}
        self.succ: dict[str, list[str]] = {n: [] for n in graph}
        self.edges: list[tuple[str, str]] = list(graph.edges())
        for u, v in self.edges:
            self.succ[u].append(v)
            self.pred[v].append(u)
        index = dict(graph.nodes(data="forward_index"))
        if (
            all(isinstance(i, int) for i in index.values())
            and len(set(index.values())) == len(index)
            and all(index[u] < index[v] for u, v in self.edges)
        ):
            self.order = sorted(graph, key=index.__getitem__)
        else:
            import networkx as nx

            try:
                self.order = list(nx.topological_sort(graph))
            except nx.NetworkXUnfeasible:
                self.order = list(graph)


def graph_ranks(
    graph: nx.DiGraph, adjacency: Adjacency | None = None
) -> tuple[dict[str, int], dict[str, int]]:
    """Return ``(earliest, latest)`` rank of every node.

    ``earliest`` is the longest path from a source (leaves are 0); ``latest`` is the last rank
    the node could take without stretching its path to the outputs.  ``dot`` puts a node
    somewhere between the two: an op fed only by a leaf (``TBackward0`` of a weight) has
    earliest rank 1 but sits next to the op that uses it.
    """
    adj = adjacency or Adjacency(graph)
    early: dict[str, int] = {}
    for node in adj.order:
        rank = 0
        for p in adj.pred[node]:
            r = early.get(p, -1) + 1
            if r > rank:
                rank = r
        early[node] = rank
    height: dict[str, int] = {}
    for node in reversed(adj.order):
        h = 0
        for s in adj.succ[node]:
            r = height.get(s, -1) + 1
            if r > h:
                h = r
        height[node] = h
    depth = max(early.values(), default=0)
    return early, {n: max(early[n], depth - height[n]) for n in adj.order}


def is_under(module: str | None, path: str) -> bool:
    """True when ``module`` is ``path`` or lies inside it."""
    return module is not None and (module == path or module.startswith(path + "."))


def drawn_parent(path: str, drawn: Collection[str]) -> str | None:
    """The nearest ancestor of module ``path`` that is in ``drawn`` (None: none is)."""
    parent = parent_path(path)
    while parent is not None and parent not in drawn:
        parent = parent_path(parent)
    return parent


def nonconvex_modules(graph: nx.DiGraph, adjacency: Adjacency | None = None) -> frozenset[str]:
    """Return the module paths whose nodes a path leaves and re-enters.

    That is a module called more than once with other work in between (an RNN cell applied
    each step).  Drawn as a cluster, such a module would have to span every call: Graphviz's
    ranking breaks on it (a flat, very wide drawing) or gets very slow, so it is drawn without
    a box.  Any exit-and-return path stays before the module's last node in topological
    order, so the search starts only from exits that lead to an earlier node and stops there:
    ordinary modules cost one look at their exit edges.
    """
    adj = adjacency or Adjacency(graph)
    pos = {n: i for i, n in enumerate(adj.order)}
    modules = dict(derived(graph, node_modules))
    last: dict[str, int] = {}
    for node, module in modules.items():
        if module:
            for path in ancestors(module):
                if pos[node] > last.get(path, -1):
                    last[path] = pos[node]
    seeds: dict[str, list[str]] = defaultdict(list)
    left_cache: dict[tuple[str | None, str | None], tuple[str, ...]] = {}
    for u, v in adj.edges:
        mu, mv = modules.get(u), modules.get(v)
        if not mu or mu == mv:
            continue
        key = (mu, mv)
        if key not in left_cache:  # the modules this edge leaves
            inside = set(ancestors(mv)) if mv else set()
            left_cache[key] = tuple(p for p in ancestors(mu) if p not in inside)
        for path in left_cache[key]:
            if pos[v] < last[path]:
                seeds[path].append(v)
    bad = set()
    for path, stack in seeds.items():
        hi = last[path]
        seen = set(stack)
        while stack:
            node = stack.pop()
            if any(is_under(modules.get(nxt), path) for nxt in adj.succ[node]):
                bad.add(path)
                break
            for nxt in adj.succ[node]:
                if nxt not in seen and pos[nxt] < hi:
                    seen.add(nxt)
                    stack.append(nxt)
    return frozenset(bad)
