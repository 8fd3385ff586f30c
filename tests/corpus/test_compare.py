"""The corpus comparison itself: it accepts a graph equal to torch's walk and rejects each kind of
difference (values a person can check: loss = sum(w * 2) for w = [1, 1], so dloss/dw = [2, 2])."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import networkx as nx
import pytest

from .test_corpus import compare

NORM = math.sqrt(8.0)  # |[2, 2]|


def app_graph() -> nx.DiGraph:
    graph = nx.DiGraph(roots=["n0"])
    summary = lambda norm, value=None: {"norm": norm, "values": value}  # noqa: E731
    graph.add_node(
        "n0",
        op="SumBackward0",
        kind="op",
        name="loss",
        shape=[],
        grad=summary(1.0),
        value=summary(4.0, 4.0),
        backward_index=0,
        dtype="float32",
    )
    graph.add_node(
        "n1",
        op="MulBackward0",
        kind="op",
        name=None,
        shape=[2],
        grad=summary(math.sqrt(2.0)),
        value=None,
        backward_index=1,
        dtype="float32",
    )
    graph.add_node(
        "n2",
        op="AccumulateGrad",
        kind="leaf",
        name="w",
        shape=[2],
        grad=summary(NORM),
        value=None,
        backward_index=2,
        dtype="float32",
    )
    graph.add_edge("n1", "n0", slots=[0], grad=summary(math.sqrt(2.0)))
    graph.add_edge("n2", "n1", slots=[0], grad=summary(NORM))
    return graph


def torch_record() -> dict[str, Any]:
    return {
        "graph": {
            "ops": ["SumBackward0", "MulBackward0", "AccumulateGrad"],
            "edges": [[1, 0, [0]], [2, 1, [0]]],
            "edge_grads": [math.sqrt(2.0), NORM],
            "leaves": [{"node": 2, "shape": [2], "names": ["w"], "grad": NORM}],
            "grads": [1.0, math.sqrt(2.0), None],
            "roots": [{"node": 0, "value": 4.0}],
            "order": [0, 1, 2],
            "outputs": [[[], "float32"], [[2], "float32"], [[2], "float32"]],
        }
    }


def test_equal_graphs_pass() -> None:
    compare(app_graph(), torch_record())


def _rename_leaf(g: nx.DiGraph) -> None:
    g.nodes["n2"]["name"] = "v"


def _wrong_leaf_grad(g: nx.DiGraph) -> None:
    g.nodes["n2"]["grad"] = {"norm": 2.0, "values": None}


def _wrong_op(g: nx.DiGraph) -> None:
    g.nodes["n1"]["op"] = "AddBackward0"


def _missing_edge(g: nx.DiGraph) -> None:
    g.remove_edge("n2", "n1")


def _wrong_slot(g: nx.DiGraph) -> None:
    g.edges["n2", "n1"]["slots"] = [1]


def _wrong_edge_grad(g: nx.DiGraph) -> None:
    g.edges["n1", "n0"]["grad"] = {"norm": 1.0, "values": None}


def _wrong_op_grad(g: nx.DiGraph) -> None:
    g.nodes["n1"]["grad"] = None


def _wrong_value(g: nx.DiGraph) -> None:
    g.nodes["n0"]["value"] = {"norm": 4.5, "values": 4.5}


def _unnamed_leaf(g: nx.DiGraph) -> None:
    g.nodes["n2"]["name"] = None


def _wrong_shape(g: nx.DiGraph) -> None:
    g.nodes["n1"]["shape"] = [1, 2]


def _wrong_dtype(g: nx.DiGraph) -> None:
    g.nodes["n1"]["dtype"] = "float64"


def _wrong_order(g: nx.DiGraph) -> None:
    g.nodes["n1"]["backward_index"], g.nodes["n2"]["backward_index"] = 2, 1


@pytest.mark.parametrize(
    "change",
    [
        _rename_leaf,
        _wrong_leaf_grad,
        _wrong_op,
        _missing_edge,
        _wrong_slot,
        _wrong_edge_grad,
        _wrong_op_grad,
        _wrong_value,
        _unnamed_leaf,
        _wrong_order,
        _wrong_shape,
        _wrong_dtype,
    ],
    ids=lambda change: change.__name__.strip("_"),
)
def test_each_difference_is_caught(change: Callable[[nx.DiGraph], None]) -> None:
    graph = app_graph()
    change(graph)
    with pytest.raises(AssertionError):
        compare(graph, copy.deepcopy(torch_record()))
