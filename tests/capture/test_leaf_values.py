"""Leaf (parameter) value summaries: taken by the forward recorder at first use, read by capture."""

from __future__ import annotations

import torch
from torch import nn

from graphviz_app.worker.naming import collect_names
from graphviz_app.worker.recorder import VALUE_KEY, ForwardRecorder
from graphviz_app.worker.summary import summarize
from graphviz_app.worker.walker import build_trace, walk


def _leaf_nodes(tensor: torch.Tensor) -> dict[int, object]:
    """AccumulateGrad nodes reachable from ``tensor``, keyed by id() of their variable."""
    found, stack = {}, [tensor.grad_fn]
    while stack:
        for child, _ in stack.pop().next_functions:
            if child is None:
                continue
            if hasattr(child, "variable"):
                found[id(child.variable)] = child
            else:
                stack.append(child)
    return found


def test_recorder_summarizes_each_parameter_at_first_use_even_behind_inner_ops():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    with ForwardRecorder(__file__):
        loss = model(torch.ones(2, 3)).sum()
    leaves = _leaf_nodes(loss)
    # F.linear makes TBackward0 for the weight inside the op: the weight is still found.
    assert set(leaves) == {id(p) for p in model.parameters()}
    for param in model.parameters():
        assert leaves[id(param)].metadata[VALUE_KEY] == summarize(param)


def test_capture_reads_the_recorded_value_and_retakes_it_after_an_in_place_change():
    w = torch.tensor([[1.0, 2.0], [3.0, 2.0]], requires_grad=True)
    with ForwardRecorder(__file__):
        z = (w**3 + 3).mean()
    node = _leaf_nodes(z)[id(w)]
    assert node.metadata[VALUE_KEY]["values"] == [[1.0, 2.0], [3.0, 2.0]]

    def leaf_value() -> dict:
        trace = build_trace(walk([z.grad_fn]), collect_names([{"w": w, "z": z}]), [("z", z)])
        (leaf,) = [n for n in trace["nodes"] if n["kind"] == "leaf"]
        return leaf["value"]

    node.metadata[VALUE_KEY] = dict(node.metadata[VALUE_KEY], norm=-1.0)  # marks the recorded one
    assert leaf_value()["norm"] == -1.0
    with torch.no_grad():
        w.add_(1.0)  # an optimizer step would do this: the recorded summary is stale now
    assert leaf_value()["values"] == [[2.0, 3.0], [4.0, 3.0]]


def test_without_a_recorder_capture_summarizes_leaves_itself():
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    y = (w * 2).sum()
    trace = build_trace(walk([y.grad_fn]), collect_names([{"w": w}]), [("y", y)])
    (leaf,) = [n for n in trace["nodes"] if n["kind"] == "leaf"]
    assert leaf["name"] == "w" and leaf["value"]["values"] == [1.0, -2.0]
    assert leaf["value"]["min"] == -2.0 and leaf["value"]["max"] == 1.0
