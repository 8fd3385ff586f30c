"""Each op's forward time and each node's backward time, measured in the worker: a custom
Function that sleeps is the slowest node, every node of real nets has a time, and the totals
are the nodes' sums."""

from __future__ import annotations

import networkx as nx

SLOW = """
import time
import torch
from torch import nn


class Slow(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        time.sleep({forward})
        return x * 2

    @staticmethod
    def backward(ctx, g):
        time.sleep({backward})
        return g * 2


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
loss = Slow.apply(model(torch.randn(5, 8))).sum()
loss.backward()
"""

CONV = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(4 * 3 * 3, 5)
)
loss = nn.functional.cross_entropy(model(torch.randn(2, 3, 8, 8)), torch.tensor([1, 3]))
loss.backward()
"""


INNER = {"TBackward0", "LogSoftmaxBackward0"}
"""Nodes made inside another op's call (``F.linear``, ``F.cross_entropy``): their time is that op's."""


def slowest(graph: nx.DiGraph, key: str) -> str:
    return max(graph.nodes, key=lambda n: graph.nodes[n][key] or -1)


def test_a_backward_that_sleeps_is_the_slowest_node(runner, write_script):
    graph = runner.run(write_script(SLOW.format(forward=0, backward=0.05))).graph
    node = slowest(graph, "backward_ns")
    assert graph.nodes[node]["op"] == "SlowBackward"
    assert graph.nodes[node]["backward_ns"] >= 50_000_000
    assert graph.graph["backward_ns_total"] == sum(t for _, t in graph.nodes(data="backward_ns"))


def test_a_forward_that_sleeps_is_the_slowest_op(runner, write_script):
    graph = runner.run(write_script(SLOW.format(forward=0.05, backward=0))).graph
    node = slowest(graph, "forward_ns")
    assert graph.nodes[node]["op"] == "SlowBackward"
    assert graph.nodes[node]["forward_ns"] >= 50_000_000
    assert graph.graph["forward_ns_total"] == sum(t or 0 for _, t in graph.nodes(data="forward_ns"))
    assert graph.graph["time_clock"] == "host"


def test_every_node_of_an_mlp_and_a_conv_net_has_its_times(runner, write_script):
    for source in (SLOW.format(forward=0, backward=0), CONV):
        graph = runner.run(write_script(source)).graph
        for _, data in graph.nodes(data=True):
            assert isinstance(data["backward_ns"], int) and data["backward_ns"] >= 0, data
            if data["kind"] == "leaf" or data["op"] in INNER:
                assert data["forward_ns"] is None
            else:
                assert isinstance(data["forward_ns"], int) and data["forward_ns"] >= 0, data


def test_without_backward_the_ops_have_forward_times_only(runner, write_script):
    script = write_script("""
        import torch
        w = torch.ones(3, requires_grad=True)
        y = (w * 2).sum()
    """)
    graph = runner.run(script).graph
    assert all(t is None for _, t in graph.nodes(data="backward_ns"))
    assert graph.graph["backward_ns_total"] is None
    assert {data["op"] for _, data in graph.nodes(data=True) if data["forward_ns"] is not None} == {
        "MulBackward0",
        "SumBackward0",
    }


def test_a_graph_traced_in_the_callers_process_has_no_forward_times():
    import torch

    from graphviz_app.capture.api import trace_tensors
    from graphviz_app.core.model.durations import has_times

    w = torch.ones(3, requires_grad=True)
    graph = trace_tensors([(w * 2).sum()])  # no forward recorder ran
    assert graph.graph["forward_ns_total"] is None and not has_times(graph)
    assert all(t is None for _, t in graph.nodes(data="forward_ns"))
