"""The graph model: a captured trace as a ``networkx.DiGraph``, and back.

See :mod:`graphviz_app.wire.schema` for the attributes every node, edge and the graph carry.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx

from ...wire.gc_pause import without_gc
from .derived import warm_with
from .graph_file import build_graph, check_trace
from .saved_graph import decode_nonfinite, dumps_trace, read_saved_graph


@without_gc
def graph_from_trace(data: dict[str, Any], progress: Callable[[int, int], None] | None = None) -> nx.DiGraph:
    """Return the DiGraph of a trace (``node_link_data`` form); raise GraphvizAppError if malformed.

    Non-finite numbers spelled as strings in summaries (``"NaN"``...) are read back as floats.
    The trace is trusted (a capture's own); read files with :func:`load_graph_json`.
    ``progress`` hears ``(nodes and edges added, nodes and edges)`` every 5,000 items and may
    raise to stop.
    """
    check_trace(data)
    decode_nonfinite(data)
    return build_graph(data, progress)


def trace_from_graph(graph: nx.DiGraph) -> dict[str, Any]:
    """Return the plain, JSON-serializable ``node_link_data`` form of ``graph``."""
    data: dict[str, Any] = nx.node_link_data(graph, edges="edges")
    return data


def dumps_graph(graph: nx.DiGraph) -> str:
    """Return the graph as standard JSON text: non-finite numbers are spelled ``"NaN"``,
    ``"Infinity"``, ``"-Infinity"`` (see :mod:`.saved_graph`), which :func:`load_graph_json` reads back."""
    return dumps_trace(trace_from_graph(graph))


def load_graph_json(path: str | Path) -> nx.DiGraph:
    """Read and validate a graph saved as JSON (:func:`.saved_graph.read_saved_graph`).

    Raises GraphvizAppError naming the file when it cannot be read, and its subclass
    GraphFileError naming the field when the content is not a valid saved graph.
    """
    return read_saved_graph(path)


@warm_with
def cut_nodes(graph: nx.DiGraph) -> list[str]:
    """The nodes that took a detached tensor (their ``cuts``), in the graph's order (read through
    :func:`~.derived.derived`: the Problems panel lists them, the scene marks them)."""
    return [n for n, cuts in graph.nodes(data="cuts") if cuts]


def ordered_nodes(graph: nx.DiGraph, key: str) -> list[str]:
    """Return the node ids that have an integer ``key`` (forward_index/backward_index), sorted by it."""
    nodes = [n for n, v in graph.nodes(data=key) if isinstance(v, int)]
    return sorted(nodes, key=lambda n: graph.nodes[n][key])
