"""A custom torch.autograd.Function's node records where its backward is written (name, file, the
line of its ``def``), so the chain rule can credit the script's own code; torch's own Functions
(checkpointing) record nothing, and a backward that raises is marked with its line."""

from __future__ import annotations

import networkx as nx

from graphviz_app.resources import example


def node_of(graph: nx.DiGraph, op: str) -> dict:
    return next(d for _, d in graph.nodes(data=True) if d["op"] == op)


def def_line(path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if line.strip().startswith(text))


def test_the_lessons_my_relu_records_its_backward(runner):
    path = example("custom_function.py")
    graph = runner.run(path, backward=True).graph
    assert node_of(graph, "MyReLUBackward")["custom_backward"] == {
        "name": "MyReLU.backward",
        "file": str(path.resolve()),
        "line": def_line(path, "def backward(ctx, grad_output):"),
    }
    assert all("custom_backward" not in d for _, d in graph.nodes(data=True) if d["op"] != "MyReLUBackward")


FUNCTIONS = """
import torch
from torch.autograd.function import once_differentiable


class Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        return g * 2


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @staticmethod
    def vjp(ctx, g):
        return g * ctx.k, None


w = torch.ones(3, requires_grad=True)
loss = Scale.apply(Twice.apply(w * 1), 3.0).sum()
loss.backward()
"""


def test_once_differentiable_and_vjp_name_the_line_of_their_def(write_script, runner):
    script = write_script(FUNCTIONS)
    graph = runner.run(script).graph
    found = {
        d["custom_backward"]["name"]: d["custom_backward"]
        for _, d in graph.nodes(data=True)
        if "custom_backward" in d
    }
    assert found == {
        "Twice.backward": {
            "name": "Twice.backward",
            "file": str(script.resolve()),
            "line": def_line(script, "def backward(ctx, g):"),
        },
        "Scale.vjp": {
            "name": "Scale.vjp",
            "file": str(script.resolve()),
            "line": def_line(script, "def vjp(ctx, g):"),
        },
    }


CHECKPOINTED = """
import torch
from torch.utils.checkpoint import checkpoint

w = torch.ones(3, requires_grad=True)
loss = checkpoint(torch.tanh, w * 2, use_reentrant=True).sum()
loss.backward()
"""


def test_torchs_own_functions_record_no_backward_of_the_script(write_script, runner):
    graph = runner.run(write_script(CHECKPOINTED)).graph
    assert "custom_backward" not in node_of(graph, "CheckpointFunctionBackward")


FAILING = """
import torch


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        raise ValueError("no gradient today")


w = torch.ones(3, requires_grad=True)
y = Bad.apply(w * 3)
loss = y.sum()
loss.backward()
"""


def test_a_failing_custom_backward_marks_its_node_and_line(write_script, runner):
    script = write_script(FAILING)
    graph = runner.run(script).graph
    bad = next(n for n, d in graph.nodes(data=True) if d["op"] == "BadBackward")
    attrs = graph.nodes[bad]
    assert attrs["custom_backward"]["line"] == def_line(script, "def backward(ctx, g):")
    assert attrs["backward_error"] == "no gradient today"
    error = graph.graph["backward_error"]
    assert error["node"] == bad and error["line"] == def_line(script, "raise ValueError")
