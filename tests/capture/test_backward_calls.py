"""Only the script's own backward calls count; what they ran (checkpoints, double backward) is drawn."""

from __future__ import annotations

import math
from collections import Counter

import networkx as nx
import pytest

from graphviz_app.message_reader import read_message
from graphviz_app.wire.errors import ScriptError

CHECKPOINT = """
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)
x = torch.randn(2, 4, requires_grad=True)

def block(t):
    return torch.tanh(lin(t))

for step in range(3):
    out = checkpoint(block, x, use_reentrant={reentrant})
    loss = (out ** 2).sum() * (step + 1)
    loss.backward()
    print("step", step)
"""


def ops(graph: nx.DiGraph) -> Counter:
    return Counter(op for _, op in graph.nodes(data="op"))


@pytest.mark.parametrize("reentrant", [True, False])
def test_checkpoint_calls_are_numbered_as_the_script_numbers_them(write_script, runner, reentrant):
    script = write_script(CHECKPOINT.format(reentrant=reentrant))
    # reentrant checkpointing calls backward() inside the engine: those calls are torch's
    whole = runner.run(script, run_to_end=True)
    assert whole.graph.graph["backward_calls"] == 3 and whole.output.split()[-1] == "2"
    second = runner.run(script, backward_call=2)
    assert second.graph.graph["backward"]["call"] == 2
    # stopped right after the script's call 2 (some torch releases warn about checkpoint first)
    assert second.output.split()[-2:] == ["step", "0"] and "step 1" not in second.output
    # the loss of step 1 is multiplied by 2: the graph of call 2 holds MulBackward0 of 2
    mul = next(d for _, d in second.graph.nodes(data=True) if d["op"] == "MulBackward0")
    assert mul["source"]["code"] == "loss = (out ** 2).sum() * (step + 1)"
    with pytest.raises(ScriptError, match="called backward\\(\\) 3 time"):
        runner.run(script, backward_call=4)
    if reentrant:
        # the checkpointed block is one custom-function node whose inside autograd never saw
        assert ops(second.graph) == Counter(
            {
                "CheckpointFunctionBackward": 1,
                "PowBackward0": 1,
                "SumBackward0": 1,
                "MulBackward0": 1,
                "AccumulateGrad": 1,
            }
        )
    else:
        assert {"TanhBackward0", "AddmmBackward0"} <= set(ops(second.graph))
        assert "CheckpointFunctionBackward" not in ops(second.graph)
    x = next(d for _, d in second.graph.nodes(data=True) if d["name"] == "x")
    assert x["grad"] is not None and x["grad"]["shape"] == [2, 4]


def test_gradient_penalty_shows_the_double_backward_graph(write_script, runner):
    script = write_script(
        """
        import torch
        x = torch.tensor([0.5, -1.0], requires_grad=True)
        w = torch.tensor([2.0, 1.0], requires_grad=True)
        out = torch.tanh(w * x).sum()
        (g,) = torch.autograd.grad(out, x, create_graph=True)
        penalty = (g ** 2).sum()
        loss = out + penalty
        loss.backward()
        """
    )
    # autograd.grad(create_graph=True) builds part of the graph: call 1 is loss.backward()
    result = runner.run(script)
    graph = result.graph
    assert graph.graph["stopped_after_backward"] == {"call": 1, "line": 9, "kind": "backward"}
    assert graph.graph["backward_calls"] == 1
    found = ops(graph)
    assert found["TanhBackwardBackward0"] == 1 and found["TanhBackward0"] == 1
    double = next(n for n, d in graph.nodes(data=True) if d["op"] == "TanhBackwardBackward0")
    loss = next(n for n, d in graph.nodes(data=True) if d["name"] == "loss")
    assert nx.has_path(graph, double, loss)  # the derivative graph feeds the loss
    penalty = next(n for n, d in graph.nodes(data=True) if d["name"] == "penalty")
    assert nx.has_path(graph, double, penalty)
    # with t = tanh(wx), s = 1 - t^2: g = w s, and dloss/dx = w s + d(w^2 s^2)/dx = w s - 4 w^3 t s^2
    expected = []
    for xi, wi in ((0.5, 2.0), (-1.0, 1.0)):
        t = math.tanh(wi * xi)
        s = 1 - t * t
        expected.append(wi * s - 4 * wi**3 * t * s * s)
    x = next(d for _, d in graph.nodes(data=True) if d["name"] == "x")
    assert x["grad"]["values"] == pytest.approx(expected, rel=1e-5)  # [-3.4586, 0.9573]


def test_retain_graph_and_several_backward_calls(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        y = (w ** 2).sum()
        y.backward(retain_graph=True)
        y.backward(retain_graph=True)
        y.backward()
        print(w.grad)
        """
    )
    third = runner.run(script, backward_call=3).graph
    w = next(d for _, d in third.nodes(data=True) if d["name"] == "w")
    assert w["grad"]["values"] == [6.0, 12.0]  # 2w accumulated three times
    assert third.graph["backward"]["call"] == 3
    whole = runner.run(script, run_to_end=True)
    assert "tensor([ 6., 12.])" in whole.output and whole.graph.graph["backward_calls"] == 3


def test_backward_twice_keeps_the_graph_with_the_failing_node(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor([1.0, 3.0], requires_grad=True)
        y = (w * w).sum()
        y.backward()
        y.backward()
        """
    )
    result = runner.run(script, backward_call=2)
    graph = result.graph
    error = graph.graph["backward_error"]
    assert (
        error["kind"] == "backward_twice" and "retain_graph=True" in read_message(error["message"]).english()
    )
    assert error["line"] == 6 and "line 6" in error["traceback"]
    failing = graph.nodes[error["node"]]
    assert failing["op"] == "MulBackward0" and "second time" in failing["backward_error"]
    assert ops(graph) == Counter({"SumBackward0": 1, "MulBackward0": 1, "AccumulateGrad": 1})
    # the engine ran SumBackward0 before it failed in MulBackward0
    assert graph.nodes[error["node"]]["backward_index"] == 1
    assert graph.graph["stopped_after_backward"]["call"] == 2
    assert any(n.startswith("backward() failed at MulBackward0") for n in map(str, result.notices))


def test_device_mismatch_in_backward_keeps_the_graph(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.ones(2, requires_grad=True)
        y = (w * 2).to("meta")
        y.sum().backward()
        """
    )
    graph = runner.run(script).graph
    error = graph.graph["backward_error"]
    assert error["kind"] == "device_mismatch" and "meta" in read_message(error["message"]).english()
    assert graph.nodes[error["node"]]["op"] == "ToCopyBackward0"
    assert graph.graph["backward"]["error"] == "Cannot copy out of meta tensor; no data!"


def test_calls_torch_makes_inside_its_own_functions_are_not_counted(write_script, runner):
    script = write_script(
        """
        import torch
        from torch.autograd.functional import jacobian
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        jac = jacobian(lambda t: t ** 2, x)   # calls torch.autograd.grad once per output element
        loss = (x ** 3).sum()
        loss.backward()
        print("jacobian", jac.tolist())
        """
    )
    result = runner.run(script, run_to_end=True)
    graph = result.graph
    assert graph.graph["backward_calls"] == 1 and graph.graph["backward"]["call"] == 1
    assert "jacobian [[2.0, 0.0], [0.0, 4.0]]" in result.output
    x = next(d for _, d in graph.nodes(data=True) if d["name"] == "x")
    assert x["grad"]["values"] == [3.0, 12.0]  # 3 x^2


def test_retained_gradients_accumulate_over_calls(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor([1.0, -1.0], requires_grad=True)
        h = w * 3
        h.retain_grad()
        loss = (h ** 2).sum()
        loss.backward(retain_graph=True)
        loss.backward()
        """
    )
    first = runner.run(script).graph
    second = runner.run(script, backward_call=2).graph
    h1 = next(d for _, d in first.nodes(data=True) if d["name"] == "h")
    h2 = next(d for _, d in second.nodes(data=True) if d["name"] == "h")
    assert h1["retains_grad"] and h1["retained_grad"]["values"] == [6.0, -6.0]  # 2h, h = 3w
    assert h2["retained_grad"]["values"] == [12.0, -12.0]  # .grad accumulates over the two calls
