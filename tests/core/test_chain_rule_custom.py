"""The chain rule of a custom ``torch.autograd.Function`` and of a node where backward failed,
on hand-built graphs: the step credits the Function's own backward (name, line) with the numbers
that went in and came out, and a failed node says where it failed instead of a rule's numbers."""

from __future__ import annotations

import json
from typing import Any

import networkx as nx
import pytest

from graphviz_app.core.model.graph import graph_from_trace
from graphviz_app.core.model.saved_graph import validate_trace
from graphviz_app.core.view.chain_rule import OPAQUE, chain_rule, failure
from graphviz_app.errors import GraphFileError

from .test_chain_rule import op_graph

SCRIPT = "/lessons/custom_function.py"
MY_RELU = {"name": "MyReLU.backward", "file": SCRIPT, "line": 18}


def custom(graph: nx.DiGraph, where: dict[str, Any] = MY_RELU) -> nx.DiGraph:
    graph.nodes["out"]["op"] = "MyReLUBackward"
    graph.nodes["out"]["custom_backward"] = dict(where)
    graph.graph["script"] = SCRIPT
    return graph


def relu_graph() -> nx.DiGraph:
    # y = MyReLU(x), x = [-1, 2], grad_out = [1, 1]: its backward sent [0, 1].
    return custom(op_graph("MyReLUBackward", [("x", [-1.0, 2.0], [0.0, 1.0])], [0.0, 2.0], [1.0, 1.0]))


def test_a_custom_function_step_names_its_own_backward_and_the_numbers():
    rule = chain_rule(relu_graph(), "out")
    assert str(rule.summary) == "MyReLU.backward, the script's own backward (line 18), computes this step"
    assert OPAQUE not in rule.message().english()
    assert [i.message().english() for i in rule.inputs] == [
        "grad_x = MyReLU.backward(ctx, grad_out) = MyReLU.backward(ctx, [1, 1]) = [0, 1]"
    ]


def test_a_backward_from_another_file_or_without_source_says_so():
    graph = custom(relu_graph(), {"name": "MyReLU.backward", "file": "/lib/ops.py", "line": 7})
    assert str(chain_rule(graph, "out").summary) == (
        "MyReLU.backward, the backward written in ops.py (line 7), computes this step"
    )
    graph = custom(relu_graph(), {"name": "MyReLU.backward", "file": None, "line": None})
    assert str(chain_rule(graph, "out").summary) == (
        "MyReLU.backward, the custom Function's own backward, computes this step"
    )


def test_a_two_input_function_indexes_what_its_backward_returns():
    graph = custom(op_graph("MulFnBackward", [("a", [2.0], [5.0]), ("b", [5.0], [2.0])], [10.0], [1.0]))
    assert [i.message().english() for i in chain_rule(graph, "out").inputs] == [
        "grad_a = MyReLU.backward(ctx, grad_out)[0] = MyReLU.backward(ctx, [1])[0] = [5]",
        "grad_b = MyReLU.backward(ctx, grad_out)[1] = MyReLU.backward(ctx, [1])[1] = [2]",
    ]


def test_a_failed_node_says_where_it_failed_with_the_recorded_explanation():
    graph = op_graph("SigmoidBackward0", [("b", [0.5], [0.0])], [0.62], [3.0])
    graph.edges["b", "out"]["grad"] = None  # nothing was sent: the engine stopped here
    graph.nodes["out"].update(
        backward_error="one of the variables needed ... modified by an inplace operation",
        source={"file": SCRIPT, "line": 4, "code": "c = b.sigmoid()  # saved"},
    )
    graph.graph["backward_error"] = {
        "kind": "inplace",
        "node": "out",
        "line": 7,
        "message": "A tensor that backward needs was changed in place. "
        "In-place changes of tensors that require grad: line 5: `c.mul_(3)`.",
    }
    rule = chain_rule(graph, "out")
    assert rule.inputs == ()
    assert (
        str(rule.failure)
        == str(failure(graph, "out"))
        == (
            "backward failed here, at the op made on line 4 (c = b.sigmoid()), so no gradient went on to "
            "its inputs: A tensor that backward needs was changed in place. In-place changes of tensors "
            "that require grad: line 5: `c.mul_(3)`."
        )
    )
    assert rule.message().english().startswith("d(σ(x))/dx = σ(x)·(1 − σ(x)); backward failed here")
    assert failure(graph, "b") is None
    # The error recorded for another node (or none): the node's own first line of torch's error.
    graph.graph["backward_error"]["node"] = "elsewhere"
    del graph.nodes["out"]["source"]
    assert str(failure(graph, "out")) == (
        "backward failed here, so no gradient went on to its inputs: "
        "one of the variables needed ... modified by an inplace operation"
    )


def trace_with(node_fields: dict[str, Any]) -> dict[str, Any]:
    return {
        "directed": True,
        "multigraph": False,
        "graph": {"schema_version": 1, "roots": ["n0"]},
        "nodes": [{"id": "n0", "op": "MyReLUBackward", "kind": "op", **node_fields}],
        "edges": [],
    }


def test_a_saved_graph_keeps_custom_backward_and_refuses_a_bad_one():
    good = trace_with({"custom_backward": MY_RELU, "backward_error": "oops"})
    validate_trace(json.loads(json.dumps(good)), "g.json")
    graph = graph_from_trace(good)
    assert graph.nodes["n0"]["custom_backward"] == MY_RELU
    for bad, field in (
        ({"custom_backward": {"name": 3}}, "custom_backward.name"),
        ({"custom_backward": {"name": "F.backward", "line": "18"}}, "custom_backward.line"),
        ({"custom_backward": "F.backward"}, "custom_backward"),
        ({"backward_error": ["no"]}, "backward_error"),
    ):
        with pytest.raises(GraphFileError, match=field.replace(".", r"\.")):
            validate_trace(trace_with(bad), "g.json")
