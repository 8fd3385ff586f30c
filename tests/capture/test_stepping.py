"""Stepping views over real captures: forward in creation order, backward in the engine's order."""

from __future__ import annotations

import runpy

import pytest

from graphviz_app.core.model.values import grad_label
from graphviz_app.core.view.stepping import BACKWARD, FORWARD, Stepper, step_order
from graphviz_app.resources import example


def engine_order(path: str) -> list[str]:
    """Run the example in-process and record, with hooks of our own, the order the engine runs."""
    namespace = runpy.run_path(path)
    root = namespace["z"].grad_fn
    seen, stack, nodes = set(), [root], []
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            nodes.append(node)
            stack.extend(n for n, _ in node.next_functions if n is not None)
    order: list[str] = []
    for node in nodes:
        node.register_prehook(lambda grads, node=node: order.append(node.name().rpartition("::")[2]))
    namespace["z"].backward()
    return order


def test_backward_steps_follow_the_engine(runner):
    path = str(example("basic_autograd.py"))
    graph = runner.run(path, backward=True).graph
    ops = [graph.nodes[n]["op"] for n in step_order(graph, BACKWARD)]
    assert ops == engine_order(path) == ["MeanBackward0", "AddBackward0", "PowBackward0", "AccumulateGrad"]


def test_forward_steps_reveal_in_creation_order(runner):
    graph = runner.run(example("basic_autograd.py")).graph
    names = [graph.nodes[n]["name"] for n in step_order(graph, FORWARD)]
    assert names == ["w", "x", "y", "z"]
    view = Stepper(graph).view(FORWARD, 1)
    assert graph.nodes[view.node]["name"] == "x"
    ghosts = {graph.nodes[n]["name"] for n, s in view.styles.items() if s.ghost}
    assert ghosts == {"y", "z"}
    assert "x = w**3" in str(view.message)
    assert view.edges == {(next(graph.predecessors(view.node)), view.node)}


def test_backward_reaches_the_leaf_with_its_golden_gradient(runner):
    graph = runner.run(example("basic_autograd.py"), backward=True).graph
    before = Stepper(graph).view(BACKWARD, -1)
    assert before.node is None and not any(s.extra_label for s in before.styles.values())
    first = Stepper(graph).view(BACKWARD, 0)
    assert "seed gradient" in str(first.message)
    last = Stepper(graph).view(BACKWARD, 3)
    assert graph.nodes[last.node]["name"] == "w"
    assert last.styles[last.node].extra_label == "w.grad = [[0.75, 3], [6.75, 3]]"
    assert "accumulates" in str(last.message)


def test_summed_gradients_are_said(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor(2.0, requires_grad=True)
        h = w * 3
        loss = h * h + h
        """
    )
    graph = runner.run(script, backward=True).graph
    h = next(n for n, d in graph.nodes(data=True) if d["name"] == "h")
    index = graph.nodes[h]["backward_index"]
    assert "sums the gradients of its 3 consumers" in str(Stepper(graph).view(BACKWARD, index).message)


def test_without_backward_there_are_no_backward_steps(runner):
    graph = runner.run(example("basic_autograd.py")).graph
    view = Stepper(graph).view(BACKWARD, 0)
    assert view.count == 0 and "run backward" in str(view.message).lower()


def test_nan_gradient_label():
    label = grad_label({"kind": "op", "grad": {"nan": 2, "inf": 0, "norm": float("nan")}})
    assert label == "‖g‖=nan/inf (2 nan, 0 inf)"


@pytest.mark.parametrize("name", ["basic_autograd.py", "sequential_branches.py", "detach.py"])
def test_between_two_steps_only_the_nodes_in_between_change(name, runner):
    """What lets the window restyle only a few items per step, and play instantly."""
    graph = runner.run(example(name), backward=True).graph
    stepper = Stepper(graph)
    for mode in (FORWARD, BACKWARD):
        order = stepper.order(mode)
        views = [stepper.view(mode, k) for k in range(len(order))]
        assert [v.node for v in views] == order
        for a, va in enumerate(views):
            for b, vb in enumerate(views):
                differ = {n for n in graph.nodes if va.styles.get(n) != vb.styles.get(n)}
                lo, hi = sorted((a, b))
                assert differ <= set(order[lo : hi + 1])


def test_a_leaf_step_marks_the_gradient_arriving(runner):
    graph = runner.run(example("basic_autograd.py"), backward=True).graph
    view = Stepper(graph).view(BACKWARD, 3)
    leaf = view.node
    assert graph.nodes[leaf]["kind"] == "leaf"
    assert view.edges == {(leaf, consumer) for consumer in graph.successors(leaf)}
