"""Inputs without requires_grad: recorded on the op that read them (``x`` in ``w * x``), with no
node added to torch's graph, and only observed (grad mode and the script's tensors unchanged)."""

from __future__ import annotations

import torch

from graphviz_app.worker.recorder import CONSTANTS_KEY, ForwardRecorder
from graphviz_app.worker.summary import summarize

W_TIMES_X = """
import torch
w = torch.tensor([2.0, 3.0], requires_grad=True)
x = torch.tensor([1.0, 2.0])
y = w * x
big = torch.ones(7, 7)
z = (y.sum() + big.sum()) * torch.tensor(0.5)
z.backward()
"""


def by_op(graph, op: str) -> dict:
    return next(d for _, d in graph.nodes(data=True) if d["op"] == op)


def test_w_times_x_records_x_on_the_mul_node_without_adding_a_node(runner, write_script):
    graph = runner.run(write_script(W_TIMES_X), backward=True).graph
    ops = sorted(d["op"] for _, d in graph.nodes(data=True))
    # torch's graph exactly: one leaf (w), no node for x, big or the 0.5 tensor.
    assert ops == ["AccumulateGrad", "AddBackward0", "MulBackward0", "MulBackward0", "SumBackward0"]
    mul = next(d for _, d in graph.nodes(data=True) if d["op"] == "MulBackward0" and d["name"] == "y")
    [x] = mul["constant_inputs"]
    assert x["position"] == 1 and x["name"] == "x"
    assert x["value"]["values"] == [1.0, 2.0] and x["value"]["shape"] == [2]
    # z = (...) * tensor(0.5): an unnamed scalar constant; big (49 elements) is over the limit.
    z = next(d for _, d in graph.nodes(data=True) if d["op"] == "MulBackward0" and d["name"] == "z")
    [half] = z["constant_inputs"]
    assert half["position"] == 1 and half["name"] is None and half["value"]["values"] == 0.5
    assert "constant_inputs" not in by_op(graph, "SumBackward0")  # y.sum() reads y only
    # big itself (49 elements) is over the limit, but big.sum() is one element the add reads.
    [total] = by_op(graph, "AddBackward0")["constant_inputs"]
    assert total["position"] == 1 and total["name"] is None and total["value"]["values"] == 49.0


def test_the_recorder_only_observes():
    w = torch.tensor([2.0, 3.0], requires_grad=True)
    x = torch.tensor([1.0, 2.0])
    before = x._version
    with ForwardRecorder(__file__):
        y = w * x
        assert torch.is_grad_enabled()
        with torch.no_grad():
            v = x.view(2)
            x.mul_(1.0)  # a view made under no_grad whose base changed in place
            u = w * v  # no grad: nothing recorded, nothing read of grad_fn
        assert u.grad_fn is None
    entry = y.grad_fn.metadata[CONSTANTS_KEY]
    assert entry == [{"position": 1, "name": "x", "value": summarize(torch.tensor([1.0, 2.0]))}]
    assert x._version == before + 1 and not x.requires_grad  # only the script's own mul_ changed it
