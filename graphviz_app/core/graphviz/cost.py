"""Estimate what ``dot`` will cost on a display graph before running it, and plan a cheaper view.

``dot`` lays out in ranks; an edge spanning ``s`` ranks becomes a chain of ``s - 1`` virtual
nodes that crossing minimization and x-positioning (network simplex) treat as real ones.  So the
work grows with the *laid-out size* ``nodes + virtual``, and super-linearly: a shared weight used
at 100 time steps of an unrolled RNN adds thousands of virtual nodes (its uses lie hundreds of
ranks apart) though it is one node.  :func:`estimate` ranks the display graph the way ``dot``
would (longest path, then every node that feeds more edges than it receives is pulled down next to
its first consumer, as network simplex does), sums the rank spans, and maps the size to seconds
with a power law calibrated on this project's benchmark zoo.

:func:`recommend` turns that into a plan, cheapest remedy first: split hubs (one copy of a shared
leaf per use), collapse modules to the deepest depth that fits the time budget, and, when nothing
else is enough, Graphviz's iteration limits.  It is meant to run before the first layout of a new
graph (and before each relayout of a bigger view), so the cost is known instead of discovered by
hanging.

Calibration (``python -m bench.calibrate``, then ``--refit``): Graphviz 2.43.0 (``-Tjson0``), a
2-core AMD EPYC VM with 24 GB, no GPU, ``core.graphviz.dot.GRAPH_ATTRS`` as of 2026-11; least squares on
log seconds over 40 zoo views gave ``seconds = 0.03 + 0.162 * (size / 1000) ** 1.93`` with
``size = nodes + virtual`` (weighting virtual nodes or clusters differently fit worse); worst
point off by 3x. A sample (predicted / measured seconds of ``dot``):

    view (display graph)                 nodes  virtual  predicted  measured
    resnet50, full detail                  339      317      0.10      0.11
    gpt2_small, full detail                724      553      0.29      0.19
    lstm100, full detail (hubs split)     1905      895      1.22      1.33
    lstm100, hubs not split               1509   119695     1731      > 60 (> 120 in a retry)
    lstm100_seq, full detail              1908    40495      227      > 60
    chain_1000, no clusters                998        0      0.19      0.32
    chain_5000, full detail               5000     1665      6.4       3.5
    chain_5000, modules at depth 3        1668       33      0.48      0.38
    residual_5000, full detail            5000     4160     11.8      18.7
    chain_10000, full detail              9998     3331     24.3      20.1
    residual_10000, full detail           9998     8325     44.9     135
    chain_20000, full detail             20000     6665     92.7      74
    chain_20000, modules at depth 3       6668      133      6.6       4.1

Not modelled: clusters whose members interleave with outside nodes on many ranks.  Clusters
holding only parameter leaves, with the ops using them outside, made ``dot``'s x-positioning
explode (a 1,000-node chain: > 100 s instead of 0.5 s); ``core.view.display`` no longer draws those.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Collection
from dataclasses import dataclass, field, replace

import networkx as nx

from ...wire.message import QT_TRANSLATE_NOOP, Message
from ..model.derived import derived
from ..model.topology import ancestors, collapse_to_depth, collapsed_ancestor, module_paths, module_sizes
from ..view.display import (
    FAN_IN_MIN_INPUTS,
    DisplayGraph,
    ViewOptions,
    build_display,
    enters_cluster,
)
from ..view.first_view import drawn_count
from . import compose

FAST_SECONDS = 2.0
"""A layout predicted under this is "fast": the window shows it without asking anything."""
WINDOW_BUDGET = 1.5
"""What :func:`recommend` aims at by default: most of the 2 s the window has for a first
picture, leaving the rest for building the display graph, the DOT text and the scene."""
DRAW_SECONDS_PER_NODE = 1e-4
"""Building the display graph and the Qt scene, per drawn node (about 1 s and 0.8 s at 20,000
nodes, ``bench/README.md``). A one-run layout of a big view is never planned at full detail, so
only a composed one must leave room for them in the 2 s of a first picture."""
SLOW_SECONDS = 20.0
"""Up to this it is "slow" (worth a progress bar); beyond, "very slow" (minutes, or never)."""
VIRTUAL_WEIGHT = 1.0
"""Calibration: a virtual node costs as much as a real one."""
CLUSTER_WEIGHT = 0.0
"""Calibration: what a cluster adds, in nodes (weighting clusters did not improve the fit)."""
SECONDS_AT_1K = 0.162
"""Calibration: predicted seconds at size 1,000."""
EXPONENT = 1.93
"""Calibration: seconds grow as size ** EXPONENT."""
STARTUP_SECONDS = 0.03
QUICK_ABOVE = 3000
"""Graphs with more nodes are estimated with :func:`quick_estimate` by :func:`recommend`."""
HUB_SPAN = 6
"""A leaf whose consumers span this many ranks or more counts as a hub (as core.view.display splits)."""

LIMIT_ATTRS: dict[str, str] = {"nslimit": "2", "nslimit1": "2", "mclimit": "0.2", "searchsize": "10"}
"""Graphviz iteration limits for graphs that stay slow after splitting and collapsing: fewer
network-simplex iterations (x-positions, ranking) and crossing-minimization passes. Values below
1 for ``nslimit`` crash Graphviz 2.43's JSON output on some graphs, so they stay at 2."""
LIMIT_SPEEDUP = 1.5
"""How much the iteration limits are assumed to save: measured 1x (residual_5000, lstm100) to
3x (chain_10000: 27.7 s -> 8.7 s) on the slow zoo graphs."""


@dataclass(frozen=True)
class CostEstimate:
    """The predicted cost of laying out one display graph."""

    nodes: int
    edges: int
    clusters: int
    ranks: int
    virtual: int
    """Sum over edges of (rank span - 1): the virtual nodes ``dot`` inserts for long edges."""
    hubs: tuple[str, ...]
    """Display ids of leaves whose uses lie at least HUB_SPAN ranks apart (unsplit shared leaves)."""
    hub_virtual: int
    """The long-edge ranks those hubs force (their uses' distances from the nearest use)."""
    size: float
    seconds: float
    """Predicted seconds of ``dot -Tjson`` on the calibration machine."""
    category: str
    """``"fast"``, ``"slow"`` or ``"very slow"``."""

    def describe(self) -> str:
        """Return one plain sentence: size, long edges, hubs and the predicted time."""
        text = f"{self.nodes:,} nodes, {self.edges:,} edges"
        if self.virtual:
            text += f", long edges crossing {self.virtual:,} ranks in all"
        if self.hubs:
            text += f" ({len(self.hubs)} shared tensor{'s' if len(self.hubs) > 1 else ''} used far apart)"
        return f"{text}: layout predicted {format_seconds(self.seconds)} ({self.category})"


def format_seconds(seconds: float) -> str:
    """Return ``seconds`` the way estimates are written: 31 ms, 3.3 s, 4 min."""
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    if seconds < 120:
        return f"{seconds:.1f} s"
    return f"{seconds / 60:.0f} min"


def predict_seconds(size: float) -> float:
    """Return the predicted seconds of ``dot`` for a laid-out size (see :func:`layout_size`)."""
    return float(STARTUP_SECONDS + SECONDS_AT_1K * (max(size, 0.0) / 1000.0) ** EXPONENT)


def layout_size(nodes: int, virtual: int, clusters: int) -> float:
    """Return the weighted size that :func:`predict_seconds` maps to seconds."""
    return nodes + VIRTUAL_WEIGHT * virtual + CLUSTER_WEIGHT * clusters


def category_of(seconds: float) -> str:
    """Return "fast", "slow" or "very slow" for predicted seconds."""
    if seconds <= FAST_SECONDS:
        return "fast"
    if seconds <= SLOW_SECONDS:
        return "slow"
    return "very slow"


def acyclic_edges(nodes: list[str], edges: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return ``edges`` with the back edges of a depth-first search reversed (iterative DFS from
    the nodes in order, as ``dot`` breaks cycles); a DAG comes back unchanged."""
    succ: dict[str, list[str]] = {n: [] for n in nodes}
    for u, v in edges:
        if u in succ and v in succ:
            succ[u].append(v)
    state: dict[str, int] = {}  # 1: on the DFS stack, 2: done
    back: set[tuple[str, str]] = set()
    for start in nodes:
        if start in state:
            continue
        state[start] = 1
        stack = [(start, iter(succ[start]))]
        while stack:
            node, children = stack[-1]
            for child in children:
                mark = state.get(child)
                if mark is None:
                    state[child] = 1
                    stack.append((child, iter(succ[child])))
                    break
                if mark == 1:
                    back.add((node, child))
            else:
                state[node] = 2
                stack.pop()
    if not back:
        return edges
    return [(v, u) if (u, v) in back else (u, v) for u, v in edges]


def dot_ranks(
    nodes: list[str],
    edges: list[tuple[str, str]],
    minlen: dict[tuple[str, str], int] | None = None,
    *,
    compact: bool = True,
) -> dict[str, int]:
    """Return ranks close to ``dot``'s for a DAG given as node and edge lists.

    Longest-path layering from the sources (an edge spans at least its ``minlen``, default 1);
    then, in reverse topological order, each node that has at least as many outgoing as incoming
    edges, or whose ancestors form a tree feeding only it, moves down as close to its first
    consumer as allowed (that shortens its out-edges at least as much as it lengthens its
    in-edges: what ``dot``'s network simplex optimizes).
    ``compact=False`` keeps the plain longest-path layering. Edges closing a cycle (a collapsed
    module both feeding and fed by outside ops) are reversed first, as ``dot`` does.
    """
    minlen = minlen or {}
    succ: dict[str, list[tuple[str, int]]] = {n: [] for n in nodes}
    indegree: dict[str, int] = dict.fromkeys(nodes, 0)
    for u, v in acyclic_edges(nodes, edges):
        if u in succ and v in indegree and u != v:
            succ[u].append((v, minlen.get((u, v), minlen.get((v, u), 1))))
            indegree[v] += 1
    pending = dict(indegree)
    queue = deque(n for n in nodes if pending[n] == 0)
    order: list[str] = []
    rank = dict.fromkeys(nodes, 0)
    while queue:
        u = queue.popleft()
        order.append(u)
        for v, gap in succ[u]:
            if rank[u] + gap > rank[v]:
                rank[v] = rank[u] + gap
            pending[v] -= 1
            if pending[v] == 0:
                queue.append(v)
    if len(order) < len(nodes):  # a cycle (malformed input): leave the rest where they are
        seen = set(order)
        order.extend(n for n in nodes if n not in seen)
    if not compact:
        return rank
    # A node whose ancestors form a tree feeding only it (an input projection hanging off the
    # recurrence of an RNN) moves down with that whole tree: no edge gets longer.
    tree = dict.fromkeys(nodes, True)
    for u in order:
        if not tree[u] or len(succ[u]) != 1:
            for v, _ in succ[u]:
                tree[v] = False
    for u in reversed(order):
        out = succ[u]
        if out and (tree[u] or indegree[u] <= len(out)):
            lowest = min(rank[v] - gap for v, gap in out)
            if lowest > rank[u]:
                rank[u] = lowest
    return rank


def _cluster_minlen(display: DisplayGraph) -> dict[tuple[str, str], int]:
    """Return minlen 2 for edges entering a cluster that does not hold their source (as
    ``core.graphviz.dot`` emits them, to leave room for the cluster's label)."""
    nodes = display.nodes
    return {
        (e.source, e.target): 2
        for e in display.edges
        if enters_cluster(nodes[e.source].cluster, nodes[e.target].cluster)
    }


def estimate(display: DisplayGraph) -> CostEstimate:
    """Return the predicted layout cost of ``display`` (linear time; no ``dot`` run)."""
    nodes = list(display.nodes)
    edges = [(e.source, e.target) for e in display.edges]
    rank = dot_ranks(nodes, edges, _cluster_minlen(display))
    uses: dict[str, list[str]] = {}
    for u, v in edges:
        if display.nodes[u].kind == "leaf":
            uses.setdefault(u, []).append(v)
    # A shared leaf is a hub when its uses lie far apart along the graph: measured from the
    # output (heights), as ranks from the inputs do not separate uses that hang off a long chain.
    hubs: list[str] = []
    hub_virtual = 0
    shared = {leaf: targets for leaf, targets in uses.items() if len(targets) >= 2}
    if shared:
        height = dot_ranks(nodes, [(v, u) for u, v in edges], compact=False)  # longest to a sink
        for leaf, targets in shared.items():
            levels = [height[t] for t in targets]
            top = max(levels)
            if top - min(levels) >= HUB_SPAN:
                hubs.append(leaf)
                hub_virtual += sum(top - h for h in levels)
    return _estimated(nodes, edges, len(display.clusters), rank, tuple(hubs), hub_virtual)


def _estimated(
    nodes: list[str],
    edges: Collection[tuple[str, str]],
    clusters: int,
    rank: dict[str, int],
    hubs: tuple[str, ...] = (),
    hub_virtual: int = 0,
) -> CostEstimate:
    """The estimate of ``nodes`` and ``edges`` placed at ``rank`` in ``clusters`` clusters."""
    spans = [abs(rank[v] - rank[u]) for u, v in edges]
    virtual = sum(span - 1 for span in spans if span > 1)
    size = layout_size(len(nodes), virtual, clusters)
    seconds = predict_seconds(size)
    return CostEstimate(
        nodes=len(nodes),
        edges=len(edges),
        clusters=clusters,
        ranks=(max(rank.values()) - min(rank.values()) + 1) if rank else 0,
        virtual=virtual,
        hubs=hubs,
        hub_virtual=hub_virtual,
        size=size,
        seconds=seconds,
        category=category_of(seconds),
    )


def _lower_bound(graph: nx.DiGraph, options: ViewOptions) -> CostEstimate:
    """An estimate no greater than :func:`quick_estimate`'s, in constant time: the graph's nodes
    and edges, with no long edges, no clusters and nothing split (each of which adds), when no
    module is collapsed; that of an empty graph otherwise."""
    if options.collapsed:
        return _estimated([], [], 0, {})
    nodes, edges = graph.number_of_nodes(), len(graph.edges)  # (number_of_edges() sums degrees)
    size = layout_size(nodes, 0, 0)
    seconds = predict_seconds(size)
    return CostEstimate(nodes, edges, 0, 0, 0, (), 0, size, seconds, category_of(seconds))


def _collapsed_bound(graph: nx.DiGraph, collapsed: frozenset[str]) -> float:
    """Seconds no less than :func:`quick_estimate`'s for a view collapsing ``collapsed``, from
    its module sizes alone: the nodes it draws at least (:func:`~.first_view.drawn_count`: no
    copies), no edges, no clusters."""
    return predict_seconds(layout_size(drawn_count(graph, collapsed, derived(graph, module_sizes)), 0, 0))


def quick_estimate(graph: nx.DiGraph, options: ViewOptions = ViewOptions()) -> CostEstimate:
    """Return an approximate estimate without building the display graph (a few times faster).

    Nodes in collapsed modules merge into one node per outermost collapsed module; with hub
    splitting every use of a shared leaf gets its own copy (display splits only far-apart uses,
    whose edges are the only long ones), and so do an op's inputs or uses when it has many
    (:func:`_split_fans`); clusters are the uncollapsed modules. Used to compare
    collapse depths on big graphs.
    """
    collapsed = frozenset(options.collapsed)
    reps: dict[str | None, str | None] = {}
    owner: dict[str, str] = {}
    cluster: dict[str, str | None] = {}
    leaves: set[str] = set()
    for node, data in graph.nodes(data=True):
        module = data.get("module")
        path = collapsed_ancestor(module, collapsed, reps)
        if path is None:
            owner[node] = node
            cluster[node] = module if options.clusters else None
            if data.get("kind") == "leaf":
                leaves.add(node)
        else:
            did = "m:" + path
            owner[node] = did
            if did not in cluster:
                cluster[did] = path.rpartition(".")[0] or None if options.clusters else None
    merged = {(owner[u], owner[v]) for u, v in graph.edges() if owner[u] != owner[v]}
    uses = Counter(su for su, _ in merged if su in leaves)
    edges: set[tuple[str, str]] = set()
    for su, sv in merged:
        if options.split_hubs and uses.get(su, 0) > 1:
            cluster.pop(su, None)
            su = f"{su}~{sv}"
            cluster[su] = cluster[sv]
        edges.add((su, sv))
    if options.split_hubs:
        _split_fans(edges, cluster, owner, leaves)
    nodes = list(cluster)
    minlen = {(u, v): 2 for u, v in edges if enters_cluster(cluster[u], cluster[v])}
    rank = dot_ranks(nodes, list(edges), minlen)
    clusters = {path for home in {c for c in cluster.values() if c} for path in ancestors(home)}
    return _estimated(nodes, edges, len(clusters), rank)


def _walk_position(node_id: str) -> int:
    """The walk index of a graph node id (``"n12"`` -> 12); module nodes sort last."""
    digits = node_id[1:]
    return int(digits) if node_id.startswith("n") and digits.isdigit() else 1 << 62


def _split_fans(
    edges: set[tuple[str, str]], cluster: dict[str, str | None], owner: dict[str, str], leaves: set[str]
) -> None:
    """Model display's fan-in and fan-out splitting (in place): an op with FAN_IN_MIN_INPUTS
    inputs or more keeps its deepest input (approximated by the source nearest the outputs: the
    lowest walk id ``n<k>``) and gets a copy beside each other input; then an op not split so
    with that many consumers keeps its nearest (the highest walk id) and gets a copy beside each
    other one."""
    split: set[str] = set()
    for into in (True, False):
        ends: dict[str, list[str]] = {}
        for su, sv in edges:
            hub, end = (sv, su) if into else (su, sv)
            if owner.get(hub) == hub and hub not in leaves and hub not in split:
                ends.setdefault(hub, []).append(end)
        for hub, others in ends.items():
            if len(others) < FAN_IN_MIN_INPUTS:
                continue
            split.add(hub)
            kept = (min if into else max)(others, key=_walk_position)
            for end in others:
                if end != kept:
                    copy = f"{hub}~{end}"
                    cluster[copy] = cluster.get(end)
                    edges.discard((end, hub) if into else (hub, end))
                    edges.add((end, copy) if into else (copy, end))


HUBS_SPLIT = QT_TRANSLATE_NOOP("Controller", "shared tensors drawn once per use")
"""A plan's action: each shared tensor is drawn once per use (hubs split)."""
COLLAPSED = QT_TRANSLATE_NOOP("Controller", "modules collapsed to depth {depth}")
"""A plan's action: modules collapsed to ``depth``."""
ITERATION_LIMITS = QT_TRANSLATE_NOOP("Controller", "Graphviz's iteration limits")
"""A plan's action: Graphviz's iteration limits (:data:`LIMIT_ATTRS`)."""
LARGE = QT_TRANSLATE_NOOP(
    "Controller",
    "This graph is large for Graphviz ({nodes} nodes, {edges} edges): one layout would take about {seconds}.",
)
LARGE_COMPOSED = QT_TRANSLATE_NOOP(
    "Controller",
    "This graph is large ({nodes} nodes): laying it out module by "
    "module and drawing every node would take about {seconds}.",
)
SHOWN_WITH = QT_TRANSLATE_NOOP(
    "Controller", "Shown with {actions} ({seconds} predicted); expand modules to see more."
)


@dataclass(frozen=True)
class Recommendation:
    """What to lay out instead of the requested view, and why."""

    options: ViewOptions
    """The view to lay out (hub splitting and collapsed modules decided)."""
    graph_attrs: dict[str, str]
    """Extra DOT graph attributes for ``core.graphviz.dot.dot_graph(..., graph_attrs=...)`` (iteration limits)."""
    requested: CostEstimate
    """The estimate of the view as requested (a big graph's full view that a composed layout is
    planned for instead: its lower bound, its nodes and edges as the graph's; see ``full_seconds``)."""
    planned: CostEstimate
    """The estimate of :attr:`options` (before the iteration limits' speed-up)."""
    actions: tuple[Message, ...] = ()
    """What was changed, in words: :data:`HUBS_SPLIT`, :data:`COLLAPSED` (with its depth),
    :data:`ITERATION_LIMITS`."""
    collapse_depth: int | None = None
    seconds: float = 0.0
    """Predicted seconds of the plan, iteration limits included."""
    display: DisplayGraph | None = field(default=None, compare=False, repr=False)
    """The display graph of :attr:`options` when the plan had to build it (so a caller builds
    it once), else None."""
    full_seconds: float | None = None
    """When the requested view could be laid out by composition: the predicted seconds to lay it
    out that way and draw every node (what collapsing saved), else None."""

    @property
    def changed(self) -> bool:
        return bool(self.actions)

    def message(self) -> Message:
        """Return a notice for the user, empty (``str()`` is ``""``) when the requested view is
        laid out as it is."""
        if not self.actions:
            return Message.joined()
        asked = self.requested
        if self.full_seconds is not None:
            why = Message.of(
                LARGE_COMPOSED, nodes=f"{asked.nodes:,}", seconds=format_seconds(self.full_seconds)
            )
        else:
            why = Message.of(
                LARGE,
                nodes=f"{asked.nodes:,}",
                edges=f"{asked.edges:,}",
                seconds=format_seconds(asked.seconds),
            )
        shown = Message.of(
            SHOWN_WITH,
            actions=Message.joined(*self.actions, sep=", "),
            seconds=format_seconds(self.seconds),
        )
        return Message.joined(why, shown, sep=" ")


def recommend(
    graph: nx.DiGraph,
    options: ViewOptions = ViewOptions(),
    *,
    budget: float = WINDOW_BUDGET,
    display: DisplayGraph | None = None,
    composed: bool = False,
) -> Recommendation:
    """Return the view to lay out so ``dot`` takes at most about ``budget`` seconds.

    Tried in order, each only when the previous is not enough: split hubs (if ``options`` has it
    off), collapse modules to the deepest depth that fits (keeping the ones already collapsed),
    and Graphviz's iteration limits (:data:`LIMIT_ATTRS`).  Returns the requested view untouched
    when it is predicted to fit.  ``display`` is the requested view's display graph, when the
    caller has it already (otherwise it is built, or for graphs over QUICK_ABOVE nodes estimated
    with :func:`quick_estimate`).  ``composed``: the caller lays big views out by composition
    (:mod:`.compose`, as the window does); a view one ``dot`` run would take too long on is kept
    at full detail when its composed layout is predicted to fit (estimated per module,
    :func:`~.compose.composed_seconds`) and leaves room for drawing it
    (:data:`DRAW_SECONDS_PER_NODE`): 10,000 nodes open at full detail, 20,000 collapsed.
    """
    bound: CostEstimate | None = None
    if display is not None:
        requested = estimate(display)
    elif graph.number_of_nodes() > QUICK_ABOVE:  # building the full display costs ~1 s at 20k
        # a quick estimate 0.5 s: one the bound already puts over the budget is made only if
        # a choice below needs its figure
        bound = _lower_bound(graph, options)
        requested = bound if bound.seconds > budget else quick_estimate(graph, options)
    else:
        display = build_display(graph, options)
        requested = estimate(display)
    if requested.seconds <= budget:
        return Recommendation(options, {}, requested, requested, seconds=requested.seconds, display=display)
    full_seconds = None
    if composed and compose.can_compose(graph, options):
        seconds = compose.composed_seconds(graph, options, predict_seconds)
        drawing = DRAW_SECONDS_PER_NODE * graph.number_of_nodes()
        if seconds <= budget and seconds + drawing <= budget + FAST_SECONDS - WINDOW_BUDGET:
            return Recommendation(options, {}, requested, requested, seconds=seconds, display=display)
        full_seconds = seconds + drawing

    def estimated() -> CostEstimate:
        """The requested view's estimate, made now if it was only bounded so far."""
        nonlocal requested
        if requested is bound:
            requested = quick_estimate(graph, options)
        return requested

    if full_seconds is None:  # the message gives the one run's predicted time
        estimated()
    actions: list[Message] = []
    current, planned = options, requested
    if not options.split_hubs:
        split = replace(options, split_hubs=True)
        split_estimate = quick_estimate(graph, split)
        if split_estimate.seconds < estimated().seconds:
            current, planned = split, split_estimate
            actions.append(Message.of(HUBS_SPLIT))
    depth_used = None
    if planned.seconds > budget:
        deepest = max((p.count(".") + 1 for p in derived(graph, module_paths)), default=0)
        best: tuple[int, ViewOptions, CostEstimate] | None = None
        for depth in range(deepest, 0, -1):  # the most detail first
            candidate = replace(
                current, collapsed=frozenset(current.collapsed) | collapse_to_depth(graph, depth)
            )
            if candidate.collapsed == current.collapsed:
                continue
            if depth > 1 and _collapsed_bound(graph, candidate.collapsed) > budget:
                continue  # its nodes alone take longer (0.3 s an estimate at 100,000 nodes)
            found = quick_estimate(graph, candidate)
            if best is None or found.seconds < best[2].seconds:
                best = (depth, candidate, found)
            if found.seconds <= budget:
                best = (depth, candidate, found)
                break
        if best is not None and (
            best[2].seconds <= budget  # (the view it stands for is over the budget)
            or best[2].seconds < (estimated() if planned is bound else planned).seconds
        ):
            depth_used, current, planned = best
            actions.append(Message.of(COLLAPSED, depth=depth_used))
    if planned is bound:  # nothing chosen instead: the time with iteration limits is its own
        planned = estimated()
    attrs: dict[str, str] = {}
    seconds = planned.seconds
    if planned.seconds > budget:
        attrs = dict(LIMIT_ATTRS)
        seconds = planned.seconds / LIMIT_SPEEDUP
        actions.append(Message.of(ITERATION_LIMITS))
    return Recommendation(
        current, attrs, requested, planned, tuple(actions), depth_used, seconds, full_seconds=full_seconds
    )
