"""Every bundled example's graph equals the one torch itself reaches from the outputs."""

from __future__ import annotations

import runpy
from collections import Counter
from typing import Any

import pytest
import torch

from graphviz_app.resources import examples_dir

EXAMPLES = sorted(p.name for p in examples_dir().glob("*.py") if p.name != "no_grad.py")


def reference(roots: list[Any]) -> tuple[Counter, int, set[str]]:
    """A plain walk over next_functions: op multiset, edge count (distinct pairs), leaf count."""
    seen: dict[int, Any] = {}
    pairs: set[tuple[int, int]] = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen[id(node)] = node
        for nxt, _ in node.next_functions:
            if nxt is not None:
                pairs.add((id(nxt), id(node)))
                stack.append(nxt)
    ops = Counter(n.name().rpartition("::")[2] for n in seen.values())
    return ops, len(pairs), {id(n.variable) for n in seen.values() if hasattr(n, "variable")}


def reference_roots(path: str) -> tuple[list[Any], dict[int, str]]:
    """Run the example in-process the way the app reads it; return output nodes and param names."""
    captured: list[Any] = []
    original = torch.autograd.backward

    def first_backward(tensors, *args, **kwargs):
        if not captured:
            tensors_list = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
            captured.extend(t.grad_fn for t in tensors_list)
        return original(tensors, *args, **kwargs)

    torch.autograd.backward = first_backward
    try:
        torch.manual_seed(0)
        namespace = runpy.run_path(path, run_name="__main__")
    finally:
        torch.autograd.backward = original
    params: dict[int, str] = {}
    if "build" in namespace:
        namespace.update(namespace["build"]())
    model = namespace.get("model")
    if isinstance(model, torch.nn.Module):
        params = {id(p): n for n, p in model.named_parameters()}
    if captured:
        return captured, params
    if isinstance(model, torch.nn.Module):
        out = model(*namespace["inputs"])
        loss = namespace["loss_fn"](out, namespace["target"])
        return [loss.grad_fn], params
    tensors = [v for k, v in namespace.items() if isinstance(v, torch.Tensor) and v.grad_fn is not None]
    # Nodes are held while their ids are compared: before torch 2.2 a node's Python object is
    # made anew on each read once nothing holds it, and a dead one's id can be reused.
    fed: dict[int, Any] = {}
    for t in tensors:
        stack = [n for n, _ in t.grad_fn.next_functions if n is not None]
        while stack:
            node = stack.pop()
            if id(node) not in fed:
                fed[id(node)] = node
                stack.extend(n for n, _ in node.next_functions if n is not None)
    roots: dict[int, Any] = {}
    for t in tensors:
        node = t.grad_fn
        if id(node) not in fed:
            roots.setdefault(id(node), node)
    return list(roots.values()), params


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_graph_matches_torch(name, runner):
    graph = runner.run(examples_dir() / name).graph
    roots, params = reference_roots(str(examples_dir() / name))
    ops, edge_count, leaves = reference(roots)
    assert Counter(op for _, op in graph.nodes(data="op")) == ops
    assert graph.number_of_edges() == edge_count
    assert sum(1 for _, k in graph.nodes(data="kind") if k == "leaf") == len(leaves)
    leaf_names = {d["name"] for _, d in graph.nodes(data=True) if d["kind"] == "leaf"}
    assert None not in leaf_names, "every leaf of a bundled example is named"
    if params:
        assert set(params.values()) >= leaf_names


@pytest.mark.parametrize("name", EXAMPLES)
def test_forward_and_backward_orders_follow_the_edges(name, runner):
    graph = runner.run(examples_dir() / name, backward=True).graph
    forward = sorted(graph.nodes[n]["forward_index"] for n in graph)
    assert forward == list(range(graph.number_of_nodes()))
    for producer, consumer in graph.edges:
        assert graph.nodes[producer]["forward_index"] < graph.nodes[consumer]["forward_index"]
        back_p = graph.nodes[producer]["backward_index"]
        back_c = graph.nodes[consumer]["backward_index"]
        if back_p is not None and back_c is not None:
            assert back_c < back_p, "the engine runs a consumer before its producer"
    if graph.graph["backward"]["error"] is None:
        assert all(graph.nodes[n]["backward_index"] is not None for n in graph)
