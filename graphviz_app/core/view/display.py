"""What is drawn: the graph under a view state (collapsed modules, split hubs), as a DisplayGraph.

:func:`build_display` is a pure, linear-time function of ``(graph, ViewOptions)``:

* Collapsing a module path ``P`` replaces every node whose ``module`` is ``P`` or lies under it
  by one module node ``"m:P"``; the outermost collapsed ancestor wins.  Edges between display
  nodes are merged, each remembering the graph edges it stands for; edges inside a module vanish.
* Hub splitting: a leaf (a parameter reused in a loop, tied weights) whose consumers lie far apart
  gets one copy per consumer, ``"n5~3"`` with ``use=(3, N)``.  Long edges from one node to every
  use make ``dot`` extremely slow (minutes for a 400-op RNN) and the drawing unreadable; the
  copies lay out in a fraction of a second.  The graph itself keeps one node.  An op gathering
  many tensors made far apart (``torch.stack`` over time steps) is drawn once more beside each
  far input; an op whose result feeds many ops far apart (the ``unbind`` of nn.GRU's input
  projection, one output per time step) once more beside each far use.
* Uncollapsed modules become a cluster tree, which DOT draws as nested ``cluster_`` subgraphs.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import networkx as nx

from ...language import words
from ...wire.gc_pause import without_gc
from ...wire.message import QT_TRANSLATE_NOOP, Message, Template
from ..model.derived import derived
from ..model.topology import (
    Adjacency,
    ancestors,
    collapsed_ancestor,
    drawn_parent,
    graph_ranks,
    is_under,
    node_modules,
    nonconvex_modules,
    parent_path,
    path_key,
)

MODULE_PREFIX = "m:"
"""Display ids of collapsed modules: ``"m:encoder.layers.0"``."""
RANKDIRS = ("TB", "LR")
"""Layout directions: top to bottom (inputs at the top) or left to right (inputs at the left)."""
USE_SEPARATOR = "~"
"""Display ids of per-use leaf copies: ``"n5~3"`` is the third use of leaf ``n5``."""
HUB_MIN_SPAN = 6
"""A leaf is split when its consumers lie at least this many ranks apart (and it has two or
more): its edges would otherwise cross that many ranks.  Nearby uses (``x*y + x**2``) keep
one node, so small examples read naturally."""
FAN_IN_MIN_INPUTS = 8
"""An op is split by inputs only when it has this many (or more) inputs and some of them were
made at least HUB_MIN_SPAN ranks before its deepest one: a residual ``x + f(x)`` keeps its
skip edge; a ``torch.stack`` over 100 time steps does not drag 100 edges across the graph.
Mirrored for ops with this many consumers, some of them at least HUB_MIN_SPAN ranks after the
nearest (see :func:`_fan_out_copies`)."""


@dataclass(frozen=True)
class ViewOptions:
    """The view state that decides what is drawn."""

    collapsed: frozenset[str] = frozenset()
    split_hubs: bool = True
    clusters: bool = True
    """Draw uncollapsed modules as (nested) clusters."""
    label_detail: str = "shapes"
    """What a node's label says (:data:`LABEL_DETAILS`)."""
    rankdir: str = "TB"
    """Layout direction (:data:`RANKDIRS`): ``"TB"`` top to bottom, ``"LR"`` left to right."""
    language: str = "en"
    """The language of the labels' words (``scalar``, ``output``, ``use 1 of 3``...):
    :data:`graphviz_app.language.LANGUAGES`; names, ops and numbers are the same in every one."""

    def __post_init__(self) -> None:
        if self.rankdir not in RANKDIRS:
            raise ValueError(f"Unknown layout direction {self.rankdir!r}; use one of {', '.join(RANKDIRS)}.")

    def toggled(self, path: str) -> ViewOptions:
        """Return these options with module ``path`` collapsed if it was expanded, and back."""
        collapsed = set(self.collapsed)
        collapsed.symmetric_difference_update({path})
        return replace(self, collapsed=frozenset(collapsed))


@dataclass(frozen=True)
class DisplayNode:
    """One drawn node; ``members`` are the graph node ids it stands for."""

    id: str
    kind: str
    """``"op"``, ``"leaf"`` or ``"module"`` (a collapsed module)."""
    members: tuple[str, ...]
    label: tuple[str, ...]
    module: str | None
    """The node's module path; for a collapsed module, the collapsed path itself."""
    use: tuple[int, int] | None = None
    """``(k, n)`` for the k-th of n per-use copies of a shared leaf; for a copy of an op split
    by its inputs (kind ``"op"``), the copy stands for the op's input k of n; for a copy of an
    op split by its uses (``fans_out``), for its use k of n."""
    fans_out: bool = False
    """True for a copy of an op drawn beside one of its far uses (:func:`_fan_out_copies`)."""
    is_output: bool = False
    cluster: str | None = None
    """The innermost drawn cluster (module path) holding the node, or None (top level)."""


@dataclass(frozen=True)
class DisplayEdge:
    """One drawn edge; ``graph_edges`` are the (producer, consumer) graph edges it stands for."""

    source: str
    target: str
    graph_edges: tuple[tuple[str, str], ...]
    main: bool = False
    """True for the input that continues the target's longest path from the inputs (its
    "spine"): DOT weights it so chains are drawn straight instead of drifting sideways."""


def enters_cluster(source_cluster: str | None, target_cluster: str | None) -> bool:
    """True when an edge goes into a cluster that does not already hold its source (DOT gives
    such edges ``minlen=2``, leaving room for the cluster's label; the cost model counts it)."""
    return target_cluster is not None and not is_under(source_cluster, target_cluster)


@dataclass(frozen=True)
class Cluster:
    """An uncollapsed module drawn as a box around its nodes."""

    path: str
    label: str
    parent: str | None
    children: tuple[str, ...]
    """Child cluster paths, in natural order."""
    nodes: tuple[str, ...]
    """Display ids drawn directly inside (not inside a child)."""
    depth: int


@dataclass
class DisplayGraph:
    """The drawn graph: nodes (in a deterministic order), merged edges and the cluster tree."""

    nodes: dict[str, DisplayNode]
    edges: list[DisplayEdge]
    clusters: dict[str, Cluster] = field(default_factory=dict)
    loose_modules: frozenset[str] = frozenset()
    """Modules not drawn as clusters because other work runs between their calls (see
    :func:`nonconvex_modules`); their nodes sit in the nearest drawn ancestor."""
    rankdir: str = "TB"
    """The layout direction of the view options it was built under (:data:`RANKDIRS`)."""
    _index: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _top: list[str] | None = field(default=None, repr=False, compare=False)

    def display_ids(self, graph_node_id: str) -> list[str]:
        """Return the display ids drawing a graph node (several for a split leaf; [] if none)."""
        return list(self._index.get(graph_node_id, ()))

    def top_clusters(self) -> list[str]:
        """Return the cluster paths that have no parent cluster."""
        return [p for p, c in self.clusters.items() if c.parent is None]

    def top_nodes(self) -> list[str]:
        """Return the display ids drawn outside every cluster (found once: a display graph is
        not changed once made)."""
        if self._top is None:
            self._top = [n for n, node in self.nodes.items() if node.cluster is None]
        return list(self._top)


# --- labels ----------------------------------------------------------------------------------


# The labels' words, in the view's language (:attr:`ViewOptions.language`).
SCALAR = QT_TRANSLATE_NOOP("Label", "scalar")
OUTPUT = QT_TRANSLATE_NOOP("Label", "output")
LEAF = QT_TRANSLATE_NOOP("Label", "leaf")
USE_OF = QT_TRANSLATE_NOOP("Label", "use {k} of {n}")
INPUT_OF = QT_TRANSLATE_NOOP("Label", "input {k} of {n}")
DRAWN_WHERE_MADE = QT_TRANSLATE_NOOP("Label", "{drawn} of {inputs} inputs drawn where made")
USES_DRAWN_HERE = QT_TRANSLATE_NOOP("Label", "{drawn} of {uses} uses drawn here")
ONE_OP = QT_TRANSLATE_NOOP("Label", "1 op")
OPS = QT_TRANSLATE_NOOP("Label", "{count} ops")
ONE_PARAM = QT_TRANSLATE_NOOP("Label", "1 param")
PARAMS = QT_TRANSLATE_NOOP("Label", "{count} params")


def word(template: Template, language: str, **values: int | str) -> str:
    """A label's word (``template`` filled with ``values``) in ``language``."""
    return words(language)(Message.of(template, **values))


def format_shape(shape: object, dtype: object = None, language: str = "en") -> str:
    """Return ``"2×3"`` for ``[2, 3]``, ``"scalar"`` (in ``language``) for ``[]``, ``""`` when
    unknown.

    A dtype other than float32 is appended (``"2×3 float16"``).
    """
    if not isinstance(shape, (list, tuple)):
        text = ""
    elif len(shape) == 0:
        text = word(SCALAR, language)
    else:
        text = "×".join(str(d) for d in shape)
    if isinstance(dtype, str) and dtype != "float32" and text:
        text = f"{text} {dtype}"
    return text


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


LABEL_DETAILS = ("names", "shapes", "everything")
"""Node label detail: the op and name only; with the shape (and a dtype other than float32); with
the dtype always and the device as a third line."""


def _node_label(
    attrs: dict[str, Any], output_name: str | None, detail: str = "shapes", language: str = "en"
) -> tuple[str, ...]:
    shape = attrs.get("shape")
    label = _label(
        attrs.get("kind") == "leaf",
        attrs.get("op"),
        attrs.get("name") or output_name,
        bool(attrs.get("is_output")),
        tuple(shape) if isinstance(shape, (list, tuple)) else None,
        attrs.get("dtype"),
        detail,
        language,
    )
    device = attrs.get("device")
    if detail == "everything" and isinstance(device, str) and device:
        label += (_one_line(device),)
    return label


@functools.lru_cache(maxsize=16384)
def _label(
    leaf: bool,
    op: str | None,
    name: str | None,
    is_output: bool,
    shape: tuple[int, ...] | None,
    dtype: object,
    detail: str = "shapes",
    language: str = "en",
) -> tuple[str, ...]:
    if detail == "names":
        text = ""
    elif detail == "everything":
        text = format_shape(shape, language=language)
        text = f"{text} {dtype}" if text and isinstance(dtype, str) else text
    else:
        text = format_shape(shape, dtype, language)
    if leaf:
        return (_one_line(name or word(LEAF, language)),) + ((text,) if text else ())
    if is_output and not name:
        name = word(OUTPUT, language)
    line = f"{_one_line(name)}: {text}" if name and text else (_one_line(name) if name else text)
    return (_one_line(op or "?"),) + ((line,) if line else ())


def module_label(
    path: str, members: list[str], kinds: dict[str, str], module_types: dict[str, str], language: str = "en"
) -> tuple[str, ...]:
    ops = sum(1 for m in members if kinds.get(m) != "leaf")
    params = len(members) - ops
    parts = [word(ONE_OP, language) if ops == 1 else word(OPS, language, count=ops)]
    if params:
        parts.append(word(ONE_PARAM, language) if params == 1 else word(PARAMS, language, count=params))
    lines = [path.rsplit(".", 1)[-1]]
    mtype = module_types.get(path) if isinstance(module_types, dict) else None
    if isinstance(mtype, str) and mtype:
        lines.append(mtype)
    lines.append(f"({', '.join(parts)})")
    return tuple(lines)


# --- building --------------------------------------------------------------------------------


class GraphFacts:
    """What :func:`build_display` needs of a graph whatever the view: adjacency, ranks, the
    modules that cannot be boxes, node kinds, labels and the drawn nodes already made.

    Made once per graph (``GraphFacts(graph)``) by whoever shows it and passed to every
    :func:`build_display` of that graph, an expand or collapse rebuilds the display graph
    without walking the graph's structure again (a third of the work at 20,000 nodes), and
    reuses the DisplayNode of every node outside the toggled module.  The graph must not change
    while its facts are used (graphs are not edited after capture).
    """

    @without_gc
    def __init__(self, graph: nx.DiGraph) -> None:
        self.graph = graph
        self.adjacency = Adjacency(graph)
        self.early, self.late = graph_ranks(graph, self.adjacency)
        self.kinds: dict[str, str] = dict(graph.nodes(data="kind"))
        self.modules: list[tuple[str, str | None]] = derived(graph, node_modules)
        self.outputs = frozenset(node for node, flag in graph.nodes(data="is_output") if flag)
        """The graph's output nodes (a module drawn as one node holding one is an output)."""
        self.output_names = {
            o.get("node"): o.get("name") for o in graph.graph.get("outputs") or () if isinstance(o, dict)
        }
        succ, pred = self.adjacency.succ, self.adjacency.pred
        self.shared_leaves = [n for n, _ in self.modules if self.kinds.get(n) == "leaf" and len(succ[n]) >= 2]
        """Leaves used by two or more ops, in graph order (the only ones hub splitting can copy)."""
        self.gathering_ops = [
            n for n, _ in self.modules if self.kinds.get(n) != "leaf" and len(pred[n]) >= FAN_IN_MIN_INPUTS
        ]
        """Ops with FAN_IN_MIN_INPUTS or more inputs (the only ones fan-in splitting can copy)."""
        early, late = self.early, self.late
        self.scattering_ops = [
            n
            for n, _ in self.modules
            if self.kinds.get(n) != "leaf"
            and len(succ[n]) >= FAN_IN_MIN_INPUTS
            and any(
                max(r[v] for v in succ[n]) - min(r[v] for v in succ[n]) >= HUB_MIN_SPAN for r in (early, late)
            )
        ]
        """Ops with FAN_IN_MIN_INPUTS or more consumers, some HUB_MIN_SPAN ranks apart (the only
        ones fan-out splitting can copy: merging consumers into modules brings none further apart)."""
        self._loose: frozenset[str] | None = None
        self._labels: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {}
        self._drawn: dict[tuple[str, str], dict[tuple[str, str | None], DisplayNode]] = {}
        """Plain drawn nodes (one per graph node, not a copy): per label detail, by (id, cluster)."""

    @functools.cached_property
    def module_of(self) -> dict[str, str | None]:
        """Graph node -> its module path (None: none)."""
        return dict(self.modules)

    @functools.cached_property
    def position(self) -> dict[str, int]:
        """Graph node -> its place in graph order (display nodes come in this order)."""
        return {node: at for at, (node, _) in enumerate(self.modules)}

    @functools.cached_property
    def edge_position(self) -> dict[tuple[str, str], int]:
        """Graph edge -> its place in graph order (display edges come in this order)."""
        return {edge: at for at, edge in enumerate(self.adjacency.edges)}

    @functools.cached_property
    def _by_module(self) -> dict[str | None, list[str]]:
        by_module: dict[str | None, list[str]] = {}
        for node, module in self.modules:
            by_module.setdefault(module, []).append(node)
        return by_module

    def _lists_under(self, module: str) -> list[list[str]]:
        inner = module + "."
        return [
            nodes
            for path, nodes in self._by_module.items()
            if path is not None and (path == module or path.startswith(inner))
        ]

    def members_under(self, module: str) -> list[str]:
        """The graph nodes of ``module`` and the modules inside it, in graph order."""
        found = [node for nodes in self._lists_under(module) for node in nodes]
        return sorted(found, key=self.position.__getitem__)

    def count_under(self, module: str) -> int:
        """How many graph nodes ``module`` and the modules inside it hold."""
        return sum(map(len, self._lists_under(module)))

    @functools.cached_property
    def _splitting(self) -> frozenset[str]:
        """The graph nodes hub, fan-in or fan-out splitting looks at: shared leaves and scattering
        ops and their users, gathering ops and their inputs."""
        succ, pred = self.adjacency.succ, self.adjacency.pred
        nodes: set[str] = {*self.shared_leaves, *self.gathering_ops, *self.scattering_ops}
        for hub in (*self.shared_leaves, *self.scattering_ops):
            nodes.update(succ[hub])
        for op in self.gathering_ops:
            nodes.update(pred[op])
        return frozenset(nodes)

    def prepare_toggles(self) -> None:
        """Find now what an expand or collapse of one module needs of the graph
        (:mod:`.display_patch`), on a thread, instead of at the first toggle (~50 ms at 20,000
        nodes)."""
        _ = (self.module_of, self.position, self.edge_position, self._by_module, self._splitting)

    def splits_at(self, nodes: Iterable[str]) -> bool:
        """True when hub, fan-in or fan-out splitting may draw any of ``nodes`` (or what they feed)
        differently depending on the view."""
        return not self._splitting.isdisjoint(nodes)

    @property
    def loose(self) -> frozenset[str]:
        """The modules drawn without a box (:func:`nonconvex_modules`)."""
        if self._loose is None:
            self._loose = nonconvex_modules(self.graph, self.adjacency)
        return self._loose

    def label(self, node: str, detail: str, language: str = "en") -> tuple[str, ...]:
        """The label of graph node ``node`` at label ``detail``, its words in ``language``."""
        labels = self._labels.setdefault((detail, language), {})
        label = labels.get(node)
        if label is None:
            label = labels[node] = _node_label(
                self.graph.nodes[node], self.output_names.get(node), detail, language
            )
        return label

    def drawn(self, node: str, detail: str, cluster: str | None, language: str = "en") -> DisplayNode:
        """The DisplayNode drawing graph node ``node`` once (neither collapsed nor split)."""
        drawn = self._drawn.setdefault((detail, language), {})
        found = drawn.get((node, cluster))
        if found is None:
            attrs = self.graph.nodes[node]
            found = drawn[node, cluster] = DisplayNode(
                id=node,
                kind="leaf" if attrs.get("kind") == "leaf" else "op",
                members=(node,),
                label=self.label(node, detail, language),
                module=attrs.get("module"),
                is_output=bool(attrs.get("is_output")),
                cluster=cluster,
            )
        return found


def cluster_finder(options: ViewOptions, loose: frozenset[str]) -> Callable[[str | None], str | None]:
    """Return a function giving the deepest ancestor-or-self of a module drawn as a cluster
    under ``options`` (None: none; ``loose``: the modules drawn without a box)."""
    cache: dict[str | None, str | None] = {}

    def cluster_of(module: str | None) -> str | None:
        if not options.clusters or not module:
            return None
        if module not in cache:
            cache[module] = next((p for p in reversed(ancestors(module)) if p not in loose), None)
        return cache[module]

    return cluster_of


@without_gc  # tens of thousands of small objects, none of them cyclic: collections would
# rescan the graph and the views on screen for nothing (half the time of an expand's rebuild)
def build_display(
    graph: nx.DiGraph, options: ViewOptions = ViewOptions(), facts: GraphFacts | None = None
) -> DisplayGraph:
    """Return the display graph of ``graph`` under ``options`` (linear in nodes + edges).

    ``facts``: the graph's :class:`GraphFacts`, kept by a caller that shows the graph under
    several views (made here when not given); the result is the same either way.
    """
    if facts is None or facts.graph is not graph:
        facts = GraphFacts(graph)
    collapsed = frozenset(options.collapsed)
    rep_cache: dict[str | None, str | None] = {}
    node_attrs = graph.nodes
    kinds = facts.kinds
    adj = facts.adjacency
    detail, language = options.label_detail, options.language

    owner: dict[str, str] = {}
    module_members: dict[str, list[str]] = {}
    order: list[str] = []  # display ids in first-appearance order
    if collapsed:
        for node, module in facts.modules:
            rep = (
                rep_cache[module] if module in rep_cache else collapsed_ancestor(module, collapsed, rep_cache)
            )
            if rep is None:
                owner[node] = node
                order.append(node)
            else:
                did = MODULE_PREFIX + rep
                owner[node] = did
                if rep not in module_members:
                    module_members[rep] = []
                    order.append(did)
                module_members[rep].append(node)
    else:
        for node, _ in facts.modules:
            owner[node] = node
            order.append(node)

    pairs: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for u, v in adj.edges:
        su, sv = owner[u], owner[v]
        if su != sv:
            key = (su, sv)
            if key in pairs:
                pairs[key].append((u, v))
            else:
                pairs[key] = [(u, v)]

    early, late = facts.early, facts.late
    copies = _hub_copies(pairs, facts, owner, order, early, late) if options.split_hubs else {}
    gathers = _fan_in_copies(pairs, facts, owner, early, copies) if options.split_hubs else {}
    scatters = _fan_out_copies(pairs, facts, owner, gathers) if options.split_hubs else {}

    loose = facts.loose if options.clusters else frozenset()
    cluster_of = cluster_finder(options, loose)

    def display_cluster(did: str) -> str | None:
        if did.startswith(MODULE_PREFIX) and did not in node_attrs:
            return cluster_of(parent_path(did[len(MODULE_PREFIX) :]))
        return cluster_of(node_attrs[did].get("module"))

    nodes: dict[str, DisplayNode] = {}
    index: dict[str, list[str]] = {}
    module_types = graph.graph.get("module_types") or {}
    node_module = dict(facts.modules)
    drawn = facts.drawn
    for did in order:
        split = did in copies or did in gathers or did in scatters
        if not split and did in node_module:  # a graph node drawn once: most of them
            nodes[did] = drawn(did, detail, cluster_of(node_module[did]), language)
            index[did] = [did]
            continue
        if not split:  # a collapsed module
            path = did[len(MODULE_PREFIX) :]
            members = module_members[path]
            nodes[did] = DisplayNode(
                id=did,
                kind="module",
                members=tuple(members),
                label=module_label(path, members, kinds, module_types, language),
                module=path,
                is_output=not facts.outputs.isdisjoint(members),
                cluster=cluster_of(parent_path(path)),
            )
            for m in members:
                index.setdefault(m, []).append(did)
            continue
        attrs = node_attrs[did]
        label = facts.label(did, detail, language)
        kind = "leaf" if attrs.get("kind") == "leaf" else "op"
        module = attrs.get("module")
        is_output = bool(attrs.get("is_output"))
        uses = index.setdefault(did, [])
        copied = did in copies  # a copy sits beside each use; else beside each input received
        fans_out = did in scatters  # or beside each far use (numbered among all uses)
        if copied or fans_out:
            n = len(copies[did]) if copied else scatters[did][1]
            beside = list(enumerate(copies[did], start=1)) if copied else scatters[did][0]
        else:
            n = sum(1 for su, sv in pairs if sv == did)
            beside = list(enumerate(gathers[did], start=1))
        for k, where in beside:
            cid = f"{did}{USE_SEPARATOR}{k}"
            nodes[cid] = DisplayNode(
                id=cid,
                kind=kind,
                members=(did,),
                label=label + (word(INPUT_OF if did in gathers else USE_OF, language, k=k, n=n),),
                module=module,
                use=(k, n),
                fans_out=fans_out,
                is_output=is_output and copied,
                cluster=display_cluster(where),
            )
            uses.append(cid)
        if copied:
            continue
        made_here = n - len(beside)
        label = label + (
            word(USES_DRAWN_HERE, language, drawn=made_here, uses=n)
            if fans_out
            else word(DRAWN_WHERE_MADE, language, drawn=len(beside), inputs=n),
        )
        nodes[did] = DisplayNode(
            id=did,
            kind=kind,
            members=(did,),
            label=label,
            module=module,
            is_output=is_output,
            cluster=cluster_of(module),
        )
        uses.append(did)

    far_input = {
        (source, target): f"{target}{USE_SEPARATOR}{k}"
        for target, sources in gathers.items()
        for k, source in enumerate(sources, start=1)
    }
    far_use = {(op, target) for op, (far, _) in scatters.items() for _, target in far}
    plan: list[tuple[str, str, tuple[tuple[str, str], ...]]] = []
    for (su, sv), gedges in pairs.items():
        if su not in copies and (su, sv) not in far_use:
            plan.append((su, far_input.get((su, sv), sv) if far_input else sv, tuple(gedges)))
    for leaf, targets in copies.items():
        for k, target in enumerate(targets, start=1):
            plan.append((f"{leaf}{USE_SEPARATOR}{k}", target, tuple(pairs[(leaf, target)])))
    for op, (far, _) in scatters.items():
        for k, target in far:
            plan.append((f"{op}{USE_SEPARATOR}{k}", target, tuple(pairs[(op, target)])))
    main = _main_inputs(plan, early)
    edges = [DisplayEdge(su, sv, gedges, i in main) for i, (su, sv, gedges) in enumerate(plan)]

    if options.clusters:
        drop_leaf_only_clusters(nodes)
    clusters = _cluster_tree(nodes, loose) if options.clusters else {}
    return DisplayGraph(
        nodes=nodes,
        edges=edges,
        clusters=clusters,
        loose_modules=loose,
        rankdir=options.rankdir,
        _index=index,
    )


def _hub_copies(
    pairs: dict[tuple[str, str], list[tuple[str, str]]],
    facts: GraphFacts,
    owner: dict[str, str],
    order: list[str],
    early: dict[str, int],
    late: dict[str, int],
) -> dict[str, list[str]]:
    """Return ``{leaf: display targets in use order}`` for the leaves to draw once per use.

    Only leaves with two or more consumers in the graph can have two drawn targets: the
    others are not looked at.  Targets come in the order their first edge has in the graph.
    """
    out_pairs: dict[str, list[str]] = {}
    succ = facts.adjacency.succ
    for leaf in facts.shared_leaves:
        if owner[leaf] == leaf:
            targets = out_pairs[leaf] = []
            for v in succ[leaf]:
                if owner[v] not in targets:
                    targets.append(owner[v])
    copies: dict[str, list[str]] = {}
    position: dict[str, int] | None = None
    for leaf, targets in out_pairs.items():
        if len(targets) < 2:
            continue
        first = {t: min(early[v] for _, v in pairs[(leaf, t)]) for t in targets}
        last = {t: min(late[v] for _, v in pairs[(leaf, t)]) for t in targets}
        span = max(max(first.values()) - min(first.values()), max(last.values()) - min(last.values()))
        if span >= HUB_MIN_SPAN:
            if position is None:
                position = {did: i for i, did in enumerate(order)}
            copies[leaf] = sorted(targets, key=lambda t: (last[t], first[t], position[t]))
    return copies


def _fan_in_copies(
    pairs: dict[tuple[str, str], list[tuple[str, str]]],
    facts: GraphFacts,
    owner: dict[str, str],
    early: dict[str, int],
    leaf_copies: dict[str, list[str]],
) -> dict[str, list[str]]:
    """Return ``{op: its far inputs' display sources, earliest first}`` for the ops to draw once
    per far input (see FAN_IN_MIN_INPUTS).  Only ops with that many inputs in the graph are
    looked at (merging inputs into a collapsed module never adds any)."""
    inputs: dict[str, list[str]] = {}
    pred = facts.adjacency.pred
    for target in facts.gathering_ops:
        if owner[target] == target:
            sources = inputs[target] = []
            for u in pred[target]:
                su = owner[u]
                if su != target and su not in leaf_copies and su not in sources:
                    sources.append(su)
    gathers: dict[str, list[str]] = {}
    for target, sources in inputs.items():
        if len(sources) < FAN_IN_MIN_INPUTS:
            continue
        made = {s: max(early[u] for u, _ in pairs[(s, target)]) for s in sources}
        deepest = max(made.values())
        far = [s for s in sources if deepest - made[s] >= HUB_MIN_SPAN]
        if far:
            gathers[target] = sorted(far, key=lambda s: made[s])
    return gathers


def _fan_out_copies(
    pairs: dict[tuple[str, str], list[tuple[str, str]]],
    facts: GraphFacts,
    owner: dict[str, str],
    gathers: dict[str, list[str]],
) -> dict[str, tuple[list[tuple[int, str]], int]]:
    """Return ``{op: ([(k, far use's display target)...], uses)}`` for the ops to draw once more
    beside each far use: ops with FAN_IN_MIN_INPUTS or more display targets, some at least
    HUB_MIN_SPAN ranks after the nearest, by earliest or latest rank as for shared leaves (each
    step's split of nn.GRU's input projection has the same earliest rank, but its gates sit on
    the recurrence); ``k`` numbers the targets nearest first.  An op split by its inputs is not
    split by its uses too (its far inputs' copies already sit elsewhere), and a use drawn as
    such an op's copy beside this op is a near use."""
    scatters: dict[str, tuple[list[tuple[int, str]], int]] = {}
    succ = facts.adjacency.succ
    for op in facts.scattering_ops:
        if owner[op] != op or op in gathers:
            continue
        targets = {owner[v] for v in succ[op]} - {op}
        if len(targets) < FAN_IN_MIN_INPUTS:
            continue
        at = {t: min((facts.late[v], facts.early[v]) for _, v in pairs[(op, t)]) for t in targets}
        ordered = sorted(targets, key=lambda t: (at[t], facts.edge_position[pairs[(op, t)][0]]))
        last, first = at[ordered[0]]
        far = [
            (k, t)
            for k, t in enumerate(ordered, start=1)
            if max(at[t][0] - last, at[t][1] - first) >= HUB_MIN_SPAN and op not in gathers.get(t, ())
        ]
        if far:
            scatters[op] = (far, len(ordered))
    return scatters


def _main_inputs(plan: list[tuple[str, str, tuple[tuple[str, str], ...]]], early: dict[str, int]) -> set[int]:
    """Return the positions of the edges that are, for their target, the input from the deepest
    producer (ties: the first)."""
    best: dict[str, tuple[int, int]] = {}
    for i, (_, target, gedges) in enumerate(plan):
        depth = early.get(gedges[0][0], 0) if len(gedges) == 1 else max(early.get(u, 0) for u, _ in gedges)
        if depth > 0 and (target not in best or depth > best[target][0]):
            best[target] = (depth, i)
    return {i for _, i in best.values()}


def drop_leaf_only_clusters(nodes: dict[str, DisplayNode]) -> None:
    """Move leaves out of clusters that would hold nothing but leaves (in place).

    A capture that tags parameters with their module but not the ops using them would
    otherwise draw one box per parameter away from its use, which also makes ``dot``'s
    x-placement explode (a 1,000-node chain: minutes instead of half a second).
    """
    solid: set[str] = set()
    for node in nodes.values():
        if node.kind != "leaf" and node.cluster:
            solid.update(ancestors(node.cluster))
    for did, node in nodes.items():
        if node.kind == "leaf" and node.cluster and node.cluster not in solid:
            home = next((p for p in reversed(ancestors(node.cluster)) if p in solid), None)
            nodes[did] = replace(node, cluster=home)


def _cluster_tree(nodes: dict[str, DisplayNode], loose: frozenset[str]) -> dict[str, Cluster]:
    """Return the drawn clusters: every node's cluster and its drawn (convex) ancestors."""
    direct: dict[str, list[str]] = defaultdict(list)
    for did, node in nodes.items():
        if node.cluster:
            direct[node.cluster].append(did)
    paths: set[str] = set()
    for path in direct:
        paths.update(p for p in ancestors(path) if p not in loose)
    parents = {path: drawn_parent(path, paths) for path in paths}
    children: dict[str, list[str]] = defaultdict(list)
    for path, parent in parents.items():
        if parent is not None:
            children[parent].append(path)
    depth: dict[str, int] = {}
    ordered = sorted(paths, key=path_key)
    for path in ordered:  # parents sort before children
        parent = parents[path]
        depth[path] = depth[parent] + 1 if parent else 1
    return {
        path: Cluster(
            path=path,
            label=path,
            parent=parents[path],
            children=tuple(sorted(children.get(path, ()), key=path_key)),
            nodes=tuple(direct.get(path, ())),
            depth=depth[path],
        )
        for path in ordered
    }
