"""The chain rule at each backward step, checked against numbers a person can work out by hand.

The basic lesson (``resources/examples/basic_autograd.py``): w = [[1, 2], [3, 2]], x = w**3,
y = x + 3, z = y.mean().  dz/dy = 1/4 everywhere; dx/dw = 3·w² = [[3, 12], [27, 12]];
so w.grad = 0.25 · 3·w² = [[0.75, 3], [6.75, 3]].
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.core.view.chain_rule import OPAQUE, chain_rule, op_family
from graphviz_app.core.view.stepping import BACKWARD, Stepper

GOLDEN = Path(__file__).parent / "golden"


def named(graph: nx.DiGraph, name: str) -> str:
    return next(n for n, d in graph.nodes(data=True) if d.get("name") == name)


def basic() -> nx.DiGraph:
    return load_graph_json(GOLDEN / "basic_autograd.json")


def test_pow_step_gives_the_rule_and_the_numbers():
    graph = basic()
    rule = chain_rule(graph, named(graph, "x"))
    assert [i.message().english() for i in rule.inputs] == [
        "grad_w = grad_out · 3·w² = [[0.25, 0.25], [0.25, 0.25]] · [[3, 12], [27, 12]]"
        " = [[0.75, 3], [6.75, 3]]"
    ]
    assert str(rule.summary) == "the power rule: d(xⁿ)/dx = n·xⁿ⁻¹"


def test_mean_gives_each_element_a_quarter():
    graph = basic()
    rule = chain_rule(graph, named(graph, "z"))
    assert str(rule.summary) == "each element gets grad_out / n = 1/4 = 0.25"
    assert rule.inputs[0].name == "y"
    assert str(rule.inputs[0].numbers) == "[[0.25, 0.25], [0.25, 0.25]]"


def test_add_passes_the_gradient_through_and_the_leaf_stores_it():
    graph = basic()
    add = chain_rule(graph, named(graph, "y"))
    assert add.inputs[0].message().english() == "grad_x = grad_out = [[0.25, 0.25], [0.25, 0.25]]"
    leaf = chain_rule(graph, named(graph, "w"))
    assert str(leaf.summary) == (
        "AccumulateGrad stores the arriving gradient in w.grad: w.grad = [[0.75, 3], [6.75, 3]]"
    )


def test_the_timeline_caption_carries_the_rule_at_each_backward_step():
    graph = basic()
    stepper = Stepper(graph)
    captions = [str(stepper.view(BACKWARD, i).message) for i in range(stepper.count(BACKWARD))]
    assert "1/4 = 0.25" in captions[0]
    assert (
        "grad_w = grad_out · 3·w² = [[0.25, 0.25], [0.25, 0.25]] · [[3, 12], [27, 12]] = "
        "[[0.75, 3], [6.75, 3]]"
    ) in captions[2]
    assert stepper.view(BACKWARD, 2).rule is not None


# -- hand-built graphs for the other rules ----------------------------------------------------------
def s(values: Any) -> dict[str, Any]:
    """A summary holding ``values`` (a number or nested lists)."""
    shape: list[int] = []
    v = values
    while isinstance(v, list):
        shape.append(len(v))
        v = v[0]
    return {
        "shape": shape,
        "dtype": "float32",
        "norm": 1.0,
        "min": 0.0,
        "max": 1.0,
        "mean": 0.5,
        "nan": 0,
        "inf": 0,
        "values": values,
    }


def op_graph(
    op: str, inputs: list[tuple[str, Any, Any]], value: Any, grad: Any, saved: list[str] | None = None
) -> nx.DiGraph:
    """One op node ``out`` of ``op`` fed by ``inputs`` = [(name, value, gradient sent back)]."""
    graph = nx.DiGraph()
    graph.add_node("out", op=op, kind="op", name="out", value=s(value), grad=s(grad), saved=saved or [])
    for slot, (name, val, sent) in enumerate(inputs):
        graph.add_node(name, op="AccumulateGrad", kind="leaf", name=name, value=s(val), grad=s(sent))
        graph.add_edge(name, "out", slots=[slot], grad=s(sent))
    return graph


def rule_lines(graph: nx.DiGraph) -> list[str]:
    return [i.message().english() for i in chain_rule(graph, "out").inputs]


def test_mul_uses_the_other_input():
    # out = a * b with a = [2, 3], b = [5, 7], grad_out = [1, 1]: grad_a = b, grad_b = a.
    graph = op_graph("MulBackward0", [("a", [2, 3], [5, 7]), ("b", [5, 7], [2, 3])], [10, 21], [1, 1])
    assert rule_lines(graph) == [
        "grad_a = grad_out · b = [1, 1] · [5, 7] = [5, 7]",
        "grad_b = grad_out · a = [1, 1] · [2, 3] = [2, 3]",
    ]


def test_sub_sends_minus_grad_out_to_its_second_input():
    graph = op_graph("SubBackward0", [("a", [1.0], [1.0]), ("b", [2.0], [-1.0])], [-1.0], [1.0])
    assert rule_lines(graph) == ["grad_a = grad_out = [1]", "grad_b = −grad_out = [-1]"]


def test_add_of_a_broadcast_bias_sums_it_back():
    graph = op_graph(
        "AddBackward0",
        [("a", [[1.0], [2.0]], [[1.0], [1.0]]), ("b", [0.0], [2.0])],
        [[1.0], [2.0]],
        [[1.0], [1.0]],
    )
    assert rule_lines(graph)[1] == "grad_b = grad_out = [[1], [1]] summed to b's shape = [2]"


def test_sigmoid_tanh_exp_log_relu_use_the_recorded_values():
    # sigmoid: y = 0.5 -> y(1 - y) = 0.25
    graph = op_graph("SigmoidBackward0", [("x", [0.0], [0.25])], [0.5], [1.0])
    assert rule_lines(graph) == ["grad_x = grad_out · out·(1 − out) = [1] · [0.25] = [0.25]"]
    # tanh: y = 0.5 -> 1 - y² = 0.75
    graph = op_graph("TanhBackward0", [("x", [0.549], [0.75])], [0.5], [1.0])
    assert rule_lines(graph) == ["grad_x = grad_out · (1 − out²) = [1] · [0.75] = [0.75]"]
    # exp: the result itself
    graph = op_graph("ExpBackward0", [("x", [0.0, 1.0], [2.0, 5.44])], [1.0, 2.72], [2.0, 2.0])
    assert rule_lines(graph) == ["grad_x = grad_out · exp(x) = [2, 2] · [1, 2.72] = [2, 5.44]"]
    # log: 1/x
    graph = op_graph("LogBackward0", [("x", [2.0, 4.0], [0.5, 0.25])], [0.69, 1.39], [1.0, 1.0])
    assert rule_lines(graph) == ["grad_x = grad_out / x = [1, 1] · [0.5, 0.25] = [0.5, 0.25]"]
    # relu: the gradient passes where the output is positive
    graph = op_graph("ReluBackward0", [("x", [-1.0, 2.0], [0.0, 3.0])], [0.0, 2.0], [3.0, 3.0])
    assert rule_lines(graph) == ["grad_x = grad_out where x > 0, else 0 = [3, 3] · [0, 1] = [0, 3]"]


def test_matrix_products_name_their_transposes():
    graph = op_graph(
        "MmBackward0",
        [("A", [[1.0, 2.0]], [[3.0, 4.0]]), ("B", [[3.0], [4.0]], [[1.0], [2.0]])],
        [[11.0]],
        [[1.0]],
    )
    assert rule_lines(graph) == ["grad_A = grad_out · Bᵀ = [[3, 4]]", "grad_B = Aᵀ · grad_out = [[1], [2]]"]
    graph = op_graph(
        "AddmmBackward0",
        [("bias", [0.0], [1.0]), ("A", [[1.0]], [[2.0]]), ("B", [[2.0]], [[1.0]])],
        [[2.0]],
        [[1.0]],
    )
    assert rule_lines(graph)[0] == "grad_bias = grad_out summed over the rows = [1]"


def test_shape_ops_and_copies_and_unknown_ops():
    graph = op_graph("TBackward0", [("x", [[1.0, 2.0]], [[1.0, 1.0]])], [[1.0], [2.0]], [[1.0], [1.0]])
    assert rule_lines(graph) == ["grad_x = grad_out transposed (grad_outᵀ) = [[1, 1]]"]
    graph = op_graph("ToCopyBackward0", [("x", [1.0], [1.0])], [1.0], [1.0])
    assert rule_lines(graph) == ["grad_x = grad_out = [1]"]
    graph = op_graph("CumprodBackward0", [("x", [1.0, 2.0], [3.0, 1.0])], [1.0, 2.0], [1.0, 1.0])
    assert str(chain_rule(graph, "out").summary) == OPAQUE


def test_op_family_strips_the_backward_suffix():
    assert [op_family(o) for o in ("PowBackward0", "AddmmBackward0", "CopyBackwards", "MyReLUBackward")] == [
        "pow",
        "addmm",
        "copy",
        "myrelu",
    ]


def test_a_backward_step_export_points_the_gradient_edge_back(tmp_path):
    import functools

    from graphviz_app.cli import export_step
    from graphviz_app.core.export import export_graph
    from graphviz_app.core.view.display import ViewOptions

    graph = basic()
    draw = functools.partial(export_graph, graph, mode="device", options=ViewOptions(), scale=1.0)
    for mode, back in (("backward", True), ("forward", False)):
        out = tmp_path / f"{mode}.dot"
        export_step(draw, Stepper(graph), out, mode, 3)
        marked = [
            line
            for line in out.read_text(encoding="utf-8").splitlines()
            if "->" in line and 'style="dashed"' in line
        ]
        assert marked and all(('dir="back"' in line) == back for line in marked)
