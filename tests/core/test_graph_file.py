"""A trace becomes the graph networkx's own node-link reader makes of it, item for item."""

from __future__ import annotations

import copy

import networkx as nx
import pytest
from hostile import hostile_trace, node, trace

from graphviz_app.core.model.graph_file import build_graph
from graphviz_app.wire.errors import GraphvizAppError


def _as_networkx_reads_it(data: dict) -> nx.DiGraph:
    return nx.node_link_graph(copy.deepcopy(data), directed=True, multigraph=False, edges="edges")


def _same(made: nx.DiGraph, expected: nx.DiGraph) -> None:
    assert list(made.nodes(data=True)) == list(expected.nodes(data=True))
    assert list(made.edges(data=True)) == list(expected.edges(data=True))
    assert list(made.pred.items()) == list(expected.pred.items())
    assert made.graph == expected.graph


@pytest.mark.parametrize(
    "data",
    [
        trace(),
        hostile_trace(),
        # a node named twice (its attributes updated), an edge given twice (updated too), and
        # an edge whose ends are not listed (added, without attributes)
        trace(
            nodes=[node(0, kind="leaf"), node(1), node(0, name="again"), node(2, is_output=True)],
            edges=[
                {"source": "n0", "target": "n1", "slots": [0], "grad": None},
                {"source": "n1", "target": "n2", "slots": [0], "grad": None},
                {"source": "n0", "target": "n1", "slots": [1]},
                {"source": "n7", "target": "n8", "slots": [0]},
            ],
        ),
    ],
    ids=["plain", "hostile", "repeated and unlisted"],
)
def test_the_graph_is_the_one_networkx_reads_from_the_node_link_form(data) -> None:
    before = copy.deepcopy(data)
    made = build_graph(data)
    _same(made, _as_networkx_reads_it(before))
    assert data == before  # the trace itself is left as it was
    made.add_edge("n0", "new")  # and the graph behaves as one networkx made
    assert made.succ["n0"]["new"] is made.pred["new"]["n0"]


@pytest.mark.parametrize(
    "nodes, edges",
    [
        ([{"op": "x"}], []),  # a node without an id
        ([node(0)], [{"target": "n0"}]),  # an edge without its source
        ([{"id": ["n0"]}], []),  # an id that cannot name a node
    ],
    ids=["no id", "no source", "unhashable id"],
)
def test_a_malformed_item_is_a_clear_error(nodes, edges) -> None:
    with pytest.raises(GraphvizAppError, match="is malformed"):
        build_graph(trace(nodes=nodes, edges=edges))
