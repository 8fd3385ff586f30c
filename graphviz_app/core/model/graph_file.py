"""A trace's node-link form built into a ``networkx.DiGraph``: what the graph model
(:mod:`.graph`) and the saved-graph reader (:mod:`.saved_graph`) both need, below both.

The trace's numbers are already decoded here (``saved_graph.decode_nonfinite``);
:func:`.graph.graph_from_trace` is the entry point that decodes them first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import networkx as nx

from ...wire.errors import GraphvizAppError
from ...wire.gc_pause import without_gc
from ...wire.message import QT_TRANSLATE_NOOP, Message
from ...wire.schema import SCHEMA_VERSION

NO_NODES = QT_TRANSLATE_NOOP("Explanation", "This is not a graphviz_app graph: it has no 'nodes' list.")
NEWER = QT_TRANSLATE_NOOP(
    "Explanation",
    "This graph file has schema version {version}; this graphviz_app reads "
    "versions up to {latest}. Re-export it with this version, or upgrade "
    "graphviz_app.",
)
MALFORMED = QT_TRANSLATE_NOOP(
    "Explanation",
    "This graphviz_app graph is malformed ({error}): every node needs an "
    "'id' and every edge a 'source' and a 'target'. Re-export it with "
    "graphviz_app.",
)


def check_trace(data: Any) -> None:
    """Raise GraphvizAppError unless ``data`` is a trace (a dict with nodes) of a schema version
    this graphviz_app reads."""
    if not isinstance(data, dict) or "nodes" not in data:
        raise GraphvizAppError(Message.of(NO_NODES))
    attrs = data.get("graph") or {}
    version = attrs.get("schema_version") if isinstance(attrs, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= SCHEMA_VERSION:
        raise GraphvizAppError(Message.of(NEWER, version=repr(version), latest=SCHEMA_VERSION))


@without_gc
def build_graph(data: dict[str, Any], progress: Callable[[int, int], None] | None = None) -> nx.DiGraph:
    """Return the DiGraph of a checked trace whose numbers are decoded (:func:`check_trace`);
    raise GraphvizAppError if a node has no id or an edge no ends. ``progress``: see
    :func:`.graph.graph_from_trace`."""
    check_trace(data)
    key = "edges" if "edges" in data else "links"
    graph = nx.DiGraph()
    graph.graph.update(data.get("graph") or {})
    nodes, edges = data["nodes"], data.get(key, ())
    if progress is not None:
        count = len(nodes)
        total = count + len(edges)
        nodes = _reported(nodes, progress, 0, total)
        edges = _reported(edges, progress, count, total)
    try:
        _fill(graph, nodes, edges)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise GraphvizAppError(Message.of(MALFORMED, error=f"{type(exc).__name__}: {exc}")) from None
    return graph


def _fill(graph: nx.DiGraph, nodes: Iterable[Any], edges: Iterable[Any]) -> None:
    """Add the node-link form's ``nodes`` and ``edges`` to the new, empty ``graph``: what
    ``add_nodes_from`` and ``add_edges_from`` make (a node named twice, or an edge, has its
    attributes updated; an edge's missing ends are added), with one dict per item.

    Written into the graph's own dicts (``_node``, ``_succ``, ``_pred``: networkx's data
    structure, which its ``add_*`` methods fill the same way), because those methods copy each
    item's attributes once more: half the time of making a 20,000-node graph."""
    node, succ, pred = graph._node, graph._succ, graph._pred
    for item in nodes:
        attrs = dict(item)
        n = attrs.pop("id")
        if n in node:
            node[n].update(attrs)
        else:
            node[n], succ[n], pred[n] = attrs, {}, {}
    for item in edges:
        attrs = dict(item)
        u, v = attrs.pop("source"), attrs.pop("target")
        for end in (u, v):
            if end not in node:
                node[end], succ[end], pred[end] = {}, {}, {}
        held = succ[u].get(v)
        if held is None:
            succ[u][v] = pred[v][u] = attrs
        else:
            held.update(attrs)


def _reported(
    items: Iterable[Any], progress: Callable[[int, int], None], done: int, total: int
) -> Iterator[Any]:
    for i, item in enumerate(items, done):
        if i % 5_000 == 0:
            progress(i, total)
        yield item
