"""The lesson cards tell the truth: every op a card names is in the graph the real worker
captures from its script, and every gradient or value it quotes is the one on the graph."""

from __future__ import annotations

import importlib.metadata
from collections import Counter

import pytest

from graphviz_app.core.lessons import read_lesson
from graphviz_app.resources import example

# lesson -> (ops the card names, with how many of each the graph holds; run backward)
OPS = {
    "to_numpy.py": ({"MulBackward0": 1, "AccumulateGrad": 1}, True),
    "view_reshape.py": (
        {"ViewBackward0": 2, "TBackward0": 1, "CloneBackward0": 1, "UnsafeViewBackward0": 1},
        True,
    ),
    "indexing.py": (
        {"SliceBackward0": 1, "IndexSelectBackward0": 1, "CatBackward0": 1, "SelectBackward0": 1},
        True,
    ),
    "matmul.py": ({"MmBackward0": 1, "TraceBackward0": 1}, True),
    "manual_gradients.py": (
        {"MmBackward0": 2, "ClampBackward1": 1, "SubBackward0": 1, "PowBackward0": 1, "SumBackward0": 1},
        False,
    ),
    "module_optimizer.py": (
        {"AddmmBackward0": 2, "ReluBackward0": 1, "MseLossBackward0": 1, "TBackward0": 2},
        False,
    ),
    "dynamic_graph.py": ({"MulBackward0": 1}, False),
}

# lesson -> [(the leaf or node name, its gradient on the graph, the words the card quotes)]
GRADS = {
    "to_numpy.py": [("w", [3.0, 3.0], "w.grad = [3, 3]")],
    "view_reshape.py": [("a", [[3.0] * 3] * 2, "3 in every entry of a.grad")],
    "indexing.py": [("x", [[0.0, 0.0, 0.0], [1.0, 0.0, 2.0]], "x.grad = [[0, 0, 0], [1, 0, 2]]")],
    "matmul.py": [
        ("A", [[1.0, 1.0], [0.0, 1.0]], "A.grad = [[1, 1], [0, 1]]"),
        ("B", [[1.0, 3.0], [2.0, 4.0]], "B.grad = [[1, 3], [2, 4]]"),
    ],
    "manual_gradients.py": [
        ("w1", [[8.0, 2.0], [24.0, 8.0]], "grad_w1 = [[8, 2], [24, 8]]"),
        ("w2", [[4.0], [2.0]], "grad_w2 = [[4], [2]]"),
    ],
    "module_optimizer.py": [
        ("layers.2.weight", [[2.0, 4.0]], "layers.2.weight.grad = 2 · (3 - 2) · h = [[2, 4]]")
    ],
    "dynamic_graph.py": [("w", [2.0, 2.0], "w.grad = [2, 2]")],
}


def _card(name: str) -> str:
    lesson = read_lesson(example(name))
    assert lesson is not None
    return lesson.topic + " " + lesson.text


def _by_name(graph) -> dict[str, dict]:
    return {data["name"]: data for _, data in graph.nodes(data=True) if data.get("name")}


PINNED_TORCH = importlib.metadata.version("torch").startswith("2.13.")
"""Whether the tests run on the torch the cards were checked with (``dev.sh``'s pin)."""


@pytest.mark.parametrize("name", sorted(OPS))
def test_the_card_names_the_ops_the_graph_holds(name, runner):
    ops, backward = OPS[name]
    graph = runner.run(example(name), backward=backward).graph
    found = Counter(op for _, op in graph.nodes(data="op"))
    card = _card(name)
    for op, count in ops.items():
        if PINNED_TORCH:
            assert found[op] == count, f"{name}: {op} appears {found[op]} times, not {count}"
        else:  # the counts are the pinned torch's; older ones also record a full slice (x[:, ...])
            assert found[op] >= 1, f"{name}: no {op}"
        assert op == "AccumulateGrad" or op in card, f"{name}'s card does not name {op}"
    nodes = _by_name(graph)
    for node, grad, words in GRADS[name]:
        assert words in card, f"{name}'s card does not quote {words!r}"
        assert nodes[node]["grad"]["values"] == grad, f"{name}: {node}.grad"


def test_view_reshape_card_quotes_the_strides_and_the_output(runner):
    graph = runner.run(example("view_reshape.py")).graph
    nodes = _by_name(graph)
    assert nodes["out"]["value"]["values"] == 63.0
    assert nodes["flat"]["value"]["values"] == [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]
    card = _card("view_reshape.py")
    assert "stride (1, 3)" in card and "= 63" in card


def test_manual_gradients_prints_the_hand_gradients_the_graph_carries(runner):
    """The output shows the gradients computed by hand (the script stops at its backward in the
    app); the graph's w1 and w2 carry autograd's: the same numbers, and so is grad_h on h."""
    result = runner.run(example("manual_gradients.py"))
    assert "by hand:  grad_w1 = [[8.0, 2.0], [24.0, 8.0]], grad_w2 = [[4.0], [2.0]]" in result.output
    nodes = _by_name(result.graph)
    assert nodes["loss"]["value"]["values"] == 2.0
    assert nodes["h"]["grad"]["values"] == [[4.0, 0.0], [4.0, 2.0]]  # the ReLU blocked h[0, 1]


def test_module_optimizer_card_quotes_the_loss(runner):
    nodes = _by_name(runner.run(example("module_optimizer.py")).graph)
    assert nodes["loss"]["value"]["values"] == 1.0
    assert "loss = (3 - 2)² = 1" in _card("module_optimizer.py")


@pytest.mark.parametrize(("call", "grad"), [(2, [4.0, 4.0]), (3, [8.0, 8.0])])
def test_dynamic_graph_grows_from_one_backward_call_to_the_next(call, grad, runner):
    graph = runner.run(example("dynamic_graph.py"), backward_call=call).graph
    assert Counter(op for _, op in graph.nodes(data="op"))["MulBackward0"] == call
    assert _by_name(graph)["w"]["grad"]["values"] == grad
    card = _card("dynamic_graph.py")
    assert "w.grad = [4, 4] or [8, 8]" in card and "Backward call to capture" in card
