"""The graph of a gradient: with the run option ``grad_graphs``, the script's
``torch.autograd.grad(create_graph=True)`` calls are numbered among its backward calls, and the one
captured is drawn as the graph of the gradients it returned, node for node as torch built it;
without it, the numbering is the one every other script has."""

from __future__ import annotations

import json

import networkx as nx
import pytest

from graphviz_app.wire.errors import ScriptError

PLAIN_WALK = """
import json


def plain_walk(*tensors):
    # breadth first from the tensors' grad_fn, then next_functions in order: no app code
    order, index, edges, queue = [], {}, [], []

    def visit(node):
        if id(node) not in index:
            index[id(node)] = len(order)
            order.append(node)
            queue.append(node)
        return index[id(node)]

    for tensor in tensors:
        visit(tensor.grad_fn)
    while queue:
        node = queue.pop(0)
        for slot, (child, _) in enumerate(node.next_functions):
            if child is not None:
                edges.append([visit(child), index[id(node)], slot])
    return {"ops": [type(n).__name__ for n in order], "edges": sorted(edges)}


def show_walk(label, *tensors):
    print("WALK", label, json.dumps(plain_walk(*tensors)), flush=True)
"""

TORCHVIZ = (
    PLAIN_WALK
    + """
import torch

x = torch.randn(3, requires_grad=True)
y = (x**3).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
show_walk("g", g)
z = g.sum()
z.backward()
print("x.grad", x.grad.tolist())
"""
)

WGAN_GP = (
    PLAIN_WALK
    + """
import torch
from torch import nn

critic = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1))
optimizer = torch.optim.SGD(critic.parameters(), lr=0.01)
for step in range(3):
    real = torch.randn(5, 2) + 1.0
    fake = torch.randn(5, 2)
    alpha = torch.rand(5, 1)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    grads, = torch.autograd.grad(critic(mixed).sum(), mixed, create_graph=True)
    show_walk(step, grads)
    penalty = ((grads.norm(2, dim=1) - 1) ** 2).mean()
    loss = critic(fake).mean() - critic(real).mean() + 10 * penalty
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print("step", step, flush=True)
"""
)

MAML = (
    PLAIN_WALK
    + """
import torch

w = torch.tensor([0.5, -1.0], requires_grad=True)
b = torch.tensor(0.25, requires_grad=True)
support_x, support_y = torch.tensor([[1.0, 2.0], [0.0, 1.0]]), torch.tensor([1.0, -1.0])
query_x, query_y = torch.tensor([[2.0, 1.0]]), torch.tensor([0.5])
inner_loss = ((torch.tanh(support_x @ w + b) - support_y) ** 2).mean()
gw, gb = torch.autograd.grad(inner_loss, [w, b], create_graph=True)
show_walk("inner", gw, gb)
fast_w, fast_b = w - 0.1 * gw, b - 0.1 * gb
outer_loss = ((torch.tanh(query_x @ fast_w + fast_b) - query_y) ** 2).mean()
outer_loss.backward()
print("outer", outer_loss.item(), flush=True)
"""
)


def printed_walk(output: str, label: object) -> dict:
    line = next(line for line in output.splitlines() if line.startswith(f"WALK {label} "))
    return json.loads(line.split(" ", 2)[2])


def walk_of(graph: nx.DiGraph) -> dict:
    """The captured graph in :func:`plain_walk`'s terms (node ids are the walk's order)."""
    count = graph.number_of_nodes()
    ops = [graph.nodes[f"n{k}"]["op"] for k in range(count)]
    edges = sorted(
        [int(p[1:]), int(c[1:]), slot] for p, c, slots in graph.edges(data="slots") for slot in slots
    )
    return {"ops": ops, "edges": edges}


def test_the_torchviz_double_backward_graph_is_torchs_node_for_node(write_script, runner):
    script = write_script(TORCHVIZ)
    result = runner.run(script, grad_graphs=True, run_to_end=True)
    graph = result.graph
    assert walk_of(graph) == printed_walk(result.output, "g")
    # g = 3x²: the engine's chain back to the leaf x, named after the call's tensors
    assert walk_of(graph)["ops"] == ["MulBackward0", "MulBackward1", "PowBackward0", "AccumulateGrad"]
    assert graph.graph["outputs"] == [{"node": "n0", "name": "dy/dx", "shape": [3], "scalar": False}]
    assert graph.nodes["n3"]["name"] == "x"
    assert graph.graph["backward"] == {
        "ran": False,
        "by": "script",
        "call": 1,
        "error": None,
        "kind": "grad_graph",
    }
    assert graph.graph["backward_calls"] == 2  # the grad call, then z.backward()
    assert all(grad is None for _, grad in graph.nodes(data="grad"))  # no backward ran through it


def test_a_counted_gradient_call_stops_the_script_and_the_next_call_is_its_backward(write_script, runner):
    script = write_script(TORCHVIZ)
    first = runner.run(script, grad_graphs=True)
    line = TORCHVIZ.splitlines().index("(g,) = torch.autograd.grad(y, x, create_graph=True)") + 1
    assert first.graph.graph["stopped_after_backward"] == {"call": 1, "line": line, "kind": "grad"}
    assert "WALK" not in first.output
    second = runner.run(script, grad_graphs=True, backward_call=2).graph
    assert second.graph["backward"]["call"] == 2 and "kind" not in second.graph["backward"]
    # z.backward() is the double backward: dz/dx = 6x
    x = next(d for _, d in second.nodes(data=True) if d["name"] == "x")
    assert x["grad"]["values"] == pytest.approx([6 * v for v in x["value"]["values"]])
    # by default the grad call is not counted: z.backward() is call 1
    plain = runner.run(script).graph
    assert plain.graph["backward"]["call"] == 1 and plain.graph["backward_calls"] == 1
    assert walk_of(plain)["ops"] == walk_of(second)["ops"]


def test_a_gradient_penalty_loop_keeps_its_numbering_by_default(write_script, runner):
    script = write_script(WGAN_GP)
    whole = runner.run(script, run_to_end=True)
    assert whole.graph.graph["backward_calls"] == 3 and "step 2" in whole.output
    second = runner.run(script, backward_call=2)
    assert second.graph.graph["backward"]["call"] == 2
    assert second.graph.graph["stopped_after_backward"]["kind"] == "backward"
    assert "step 0" in second.output and "step 1" not in second.output
    assert "TanhBackwardBackward0" in {op for _, op in second.graph.nodes(data="op")}


def test_a_gradient_penalty_loop_numbers_its_grad_calls_with_grad_graphs(write_script, runner):
    script = write_script(WGAN_GP)
    whole = runner.run(script, grad_graphs=True, backward_call=3, run_to_end=True)
    graph = whole.graph
    assert graph.graph["backward_calls"] == 6  # grad, backward, in each of 3 steps
    assert graph.graph["backward"]["kind"] == "grad_graph" and graph.graph["backward"]["call"] == 3
    assert walk_of(graph) == printed_walk(whole.output, 1)  # call 3: the second step's penalty
    names = {name for _, name in graph.nodes(data="name")}
    assert {"mixed", "critic.0.weight", "critic.2.weight"} <= names
    second = runner.run(script, grad_graphs=True, backward_call=4).graph
    assert second.graph["backward"]["call"] == 4 and "kind" not in second.graph["backward"]
    assert "TanhBackwardBackward0" in {op for _, op in second.nodes(data="op")}


def test_a_maml_inner_step_is_call_1_with_grad_graphs(write_script, runner):
    script = write_script(MAML)
    inner = runner.run(script, grad_graphs=True, run_to_end=True)
    graph = inner.graph
    assert walk_of(graph) == printed_walk(inner.output, "inner")
    assert [out["name"] for out in graph.graph["outputs"]] == ["dinner_loss/dw", "dinner_loss/db"]
    assert {"w", "b"} <= {name for _, name in graph.nodes(data="name")}
    assert graph.graph["backward_calls"] == 2
    outer = runner.run(script, grad_graphs=True, backward_call=2).graph
    assert outer.graph["backward"]["call"] == 2 and "kind" not in outer.graph["backward"]
    plain = runner.run(script).graph  # by default the outer backward is call 1, the only one
    assert plain.graph["backward"]["call"] == 1 and plain.graph["backward_calls"] == 1
    assert walk_of(plain) == walk_of(outer)


def test_a_gradient_without_a_graph_is_refused_with_the_fix(write_script, runner):
    script = write_script(
        """
        import torch
        x = torch.ones(3, requires_grad=True)
        y = (3 * x).sum()
        g, = torch.autograd.grad(y, x, create_graph=True)
        """
    )
    with pytest.raises(ScriptError) as caught:
        runner.run(script, grad_graphs=True)
    assert caught.value.kind == "no_graph" and caught.value.line == 5
    assert "that torch.autograd.grad() call number 1 returned have no graph" in str(caught.value)
    assert "Pick another call to capture." in str(caught.value)


def test_gradients_of_a_modules_parameters_iterator_are_named_after_them(write_script, runner):
    script = write_script(
        PLAIN_WALK
        + """
import torch

net = torch.nn.Linear(2, 1)
loss = torch.tanh(net(torch.tensor([[1.0, -2.0]]))).sum()
grads = torch.autograd.grad(loss, net.parameters(), create_graph=True)
show_walk("grads", *grads)
"""
    )
    result = runner.run(script, grad_graphs=True, run_to_end=True)
    graph = result.graph
    assert walk_of(graph) == printed_walk(result.output, "grads")
    assert [out["name"] for out in graph.graph["outputs"]] == ["dloss/dnet.weight", "dloss/dnet.bias"]


def test_backward_from_a_gradient_records_the_double_backward_on_its_graph(write_script, runner):
    script = write_script(TORCHVIZ)
    result = runner.run(script, grad_graphs=True, backward=True)
    graph = result.graph
    assert walk_of(graph)["ops"] == ["MulBackward0", "MulBackward1", "PowBackward0", "AccumulateGrad"]
    assert graph.graph["backward"] == {
        "ran": True,
        "by": "app",
        "call": 1,
        "error": None,
        "kind": "grad_graph",
    }
    # seeded with ones, as g.sum().backward() would be: dx = 6x, each node run once, root first
    x = graph.nodes["n3"]
    assert x["grad"]["values"] == pytest.approx([6 * v for v in x["value"]["values"]])
    assert [graph.nodes[f"n{k}"]["backward_index"] for k in range(4)] == [0, 1, 2, 3]
    assert graph.graph["stopped_after_backward"]["call"] == 1
    # running to the end, the script's own later calls are its backward: the app runs none
    whole = runner.run(script, grad_graphs=True, backward=True, run_to_end=True).graph
    assert not whole.graph["backward"]["ran"] and whole.graph["backward"]["by"] == "script"
