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
        graph.add_nodes_from(_without(node, "id") for node in nodes)
        graph.add_edges_from(_without(edge, "source", "target") for edge in edges)
    except (KeyError, TypeError, AttributeError) as exc:
        raise GraphvizAppError(Message.of(MALFORMED, error=f"{type(exc).__name__}: {exc}")) from None
    return graph


def _reported(
    items: Iterable[Any], progress: Callable[[int, int], None], done: int, total: int
) -> Iterator[Any]:
    for i, item in enumerate(items, done):
        if i % 5_000 == 0:
            progress(i, total)
        yield item


def _without(item: dict[str, Any], *keys: str) -> tuple[Any, ...]:
    """Return ``(*item[keys], rest)``: the node-link form's key fields and the other attributes.

    Equivalent to what ``networkx.node_link_graph`` builds, with one dict copy per item (it is
    most of the cost of opening a big graph).
    """
    attrs = dict(item)
    return (*(attrs.pop(k) for k in keys), attrs)
