"""The graph model: a captured trace as a ``networkx.DiGraph``, and back.

See :mod:`graphviz_app.core.schema` for the attributes every node, edge and the graph carry.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import networkx as nx

from ..errors import GraphvizAppError
from .gc_pause import without_gc
from .schema import SCHEMA_VERSION


@without_gc
def graph_from_trace(data: dict[str, Any],
                     progress: Callable[[int, int], None] | None = None) -> nx.DiGraph:
    """Return the DiGraph of a trace (``node_link_data`` form); raise GraphvizAppError if malformed.

    Non-finite numbers spelled as strings in summaries (``"NaN"``...) are read back as floats.
    The trace is trusted (a capture's own); read files with :func:`load_graph_json`.
    ``progress`` hears ``(nodes and edges added, nodes and edges)`` every 5,000 items and may
    raise to stop.
    """
    if not isinstance(data, dict) or "nodes" not in data:
        raise GraphvizAppError("This is not a graphviz_app graph: it has no 'nodes' list.")
    attrs = data.get("graph") or {}
    version = attrs.get("schema_version") if isinstance(attrs, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= SCHEMA_VERSION:
        raise GraphvizAppError(
            f"This graph file has schema version {version!r}; this graphviz_app reads versions "
            f"up to {SCHEMA_VERSION}. Re-export it with this version, or upgrade graphviz_app."
        )
    from .saved_graph import decode_nonfinite

    key = "edges" if "edges" in data else "links"
    decode_nonfinite(data)
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
        raise GraphvizAppError(
            f"This graphviz_app graph is malformed ({type(exc).__name__}: {exc}): every node needs an "
            "'id' and every edge a 'source' and a 'target'. Re-export it with graphviz_app."
        ) from None
    return graph


def _reported(items: Iterable[Any], progress: Callable[[int, int], None], done: int,
              total: int) -> Iterator[Any]:
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


def trace_from_graph(graph: nx.DiGraph) -> dict[str, Any]:
    """Return the plain, JSON-serializable ``node_link_data`` form of ``graph``."""
    data: dict[str, Any] = nx.node_link_data(graph, edges="edges")
    return data


def dumps_graph(graph: nx.DiGraph) -> str:
    """Return the graph as standard JSON text: non-finite numbers are spelled ``"NaN"``,
    ``"Infinity"``, ``"-Infinity"`` (see :mod:`.saved_graph`), which :func:`load_graph_json` reads back."""
    from .saved_graph import dumps_trace

    return dumps_trace(trace_from_graph(graph))


def load_graph_json(path: str | Path) -> nx.DiGraph:
    """Read and validate a graph saved as JSON (:func:`.saved_graph.read_saved_graph`).

    Raises GraphvizAppError naming the file when it cannot be read, and its subclass
    GraphFileError naming the field when the content is not a valid saved graph.
    """
    from .saved_graph import read_saved_graph

    return read_saved_graph(path)


def ordered_nodes(graph: nx.DiGraph, key: str) -> list[str]:
    """Return the node ids that have an integer ``key`` (forward_index/backward_index), sorted by it."""
    nodes = [n for n, v in graph.nodes(data=key) if isinstance(v, int)]
    return sorted(nodes, key=lambda n: graph.nodes[n][key])


def is_finite_number(value: object) -> bool:
    """Return True for an int or float that is neither NaN nor infinite."""
    return isinstance(value, (int, float)) and math.isfinite(value)
