"""Golden values a person can check by hand, through the real worker and real torch."""

from __future__ import annotations

import json
import math

import networkx as nx
import pytest
import torch

import graphviz_app
from graphviz_app.core.model.graph import dumps_graph, graph_from_trace, ordered_nodes
from graphviz_app.resources import example


def by_name(graph: nx.DiGraph) -> dict[str, dict]:
    return {data["name"]: data for _, data in graph.nodes(data=True) if data["name"]}


def test_basic_example_graph_and_gradients(runner):
    result = runner.run(example("basic_autograd.py"), backward=True)
    graph = result.graph
    nodes = by_name(graph)
    assert [nodes[n]["op"] for n in "wxyz"] == [
        "AccumulateGrad",
        "PowBackward0",
        "AddBackward0",
        "MeanBackward0",
    ]
    assert nodes["w"]["kind"] == "leaf" and nodes["z"]["is_output"]
    assert graph.graph["roots"] == ["n0"] and graph.graph["outputs"][0]["name"] == "z"
    # dz/dw = 3 w^2 / 4 for w = [[1, 2], [3, 2]]
    assert nodes["w"]["grad"]["values"] == [[0.75, 3.0], [6.75, 3.0]]
    assert nodes["x"]["grad"]["values"] == [[0.25, 0.25], [0.25, 0.25]]
    assert nodes["z"]["grad"]["values"] == 1.0
    assert nodes["x"]["value"]["values"] == [[1.0, 8.0], [27.0, 8.0]]
    assert nodes["z"]["value"]["values"] == pytest.approx((1 + 8 + 27 + 8 + 12) / 4)
    assert "exponent=3" in nodes["x"]["saved"] and "self: float32[2, 2]" in nodes["x"]["saved"]
    assert (
        nodes["x"]["shape"] == [2, 2] and nodes["x"]["dtype"] == "float32" and nodes["x"]["device"] == "cpu"
    )
    assert nodes["y"]["source"]["code"] == "y = x + 3" and nodes["y"]["source"]["line"] > 0
    assert [graph.nodes[n]["name"] for n in ordered_nodes(graph, "forward_index")] == list("wxyz")
    assert [graph.nodes[n]["name"] for n in ordered_nodes(graph, "backward_index")] == list("zyxw")
    assert graph.graph["backward"] == {"ran": True, "by": "app", "call": None, "error": None}


def test_without_backward_there_is_no_gradient(runner):
    graph = runner.run(example("basic_autograd.py")).graph
    assert all(d["grad"] is None and d["backward_index"] is None for _, d in graph.nodes(data=True))
    assert graph.graph["backward"]["ran"] is False


def test_same_script_gives_same_ids(runner):
    first = runner.run(example("transformer_layer.py")).graph
    second = runner.run(example("transformer_layer.py")).graph
    assert list(first.nodes(data="op")) == list(second.nodes(data="op"))
    assert sorted(first.edges) == sorted(second.edges)


def test_in_process_trace_names_callers_variables():
    w = torch.tensor([[1.0, 2.0], [3.0, 2.0]], requires_grad=True)
    x = w**3
    y = x + 3
    z = y.mean()
    graph = graphviz_app.trace(z, backward=True)
    nodes = by_name(graph)
    assert set(nodes) == {"w", "x", "y", "z"}
    assert nodes["w"]["grad"]["values"] == [[0.75, 3.0], [6.75, 3.0]]
    assert w.grad.tolist() == [[0.75, 3.0], [6.75, 3.0]]


def test_module_parameters_are_named_in_process():
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
    loss = model(torch.ones(2, 3)).sum()
    graph = graphviz_app.trace(loss)
    leaves = sorted(d["name"] for _, d in graph.nodes(data=True) if d["kind"] == "leaf")
    assert leaves == ["0.bias", "0.weight", "2.bias", "2.weight"]
    modules = {d["module"] for _, d in graph.nodes(data=True) if d["kind"] == "leaf"}
    assert modules == {"0", "2"}


def test_non_scalar_output_is_seeded_with_ones_and_said(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor([1., 2., 3.], requires_grad=True)
        y = w * w
        """
    )
    result = runner.run(script, backward=True)
    leaf = by_name(result.graph)["w"]
    assert leaf["grad"]["values"] == [2.0, 4.0, 6.0]
    assert any("not a scalar" in n and "ones" in n for n in map(str, result.notices))


def test_nan_and_inf_gradients_are_flagged_not_errors(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor([0., 1., -1.], requires_grad=True)
        loss = (w.sqrt() + w.log()).sum()
        """
    )
    graph = runner.run(script, backward=True).graph
    grad = by_name(graph)["w"]["grad"]
    assert grad["nan"] >= 1 and grad["inf"] >= 1
    text = dumps_graph(graph)
    assert "NaN" in text or "Infinity" in text
    again = graph_from_trace(json.loads(text))
    assert math.isnan(by_name(again)["w"]["grad"]["values"][2])


def test_json_round_trip_keeps_everything(runner):
    graph = runner.run(example("sequential_branches.py")).graph
    again = graph_from_trace(json.loads(dumps_graph(graph)))
    assert dict(again.nodes(data=True)) == dict(graph.nodes(data=True))
    assert sorted(again.edges(data=True)) == sorted(graph.edges(data=True))
    assert again.graph == graph.graph


def test_record_gives_in_process_traces_modules_and_lines():
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
    with graphviz_app.record():
        loss = model(torch.ones(2, 3)).sum()
    graph = graphviz_app.trace(loss)
    ops = {d["op"]: d for _, d in graph.nodes(data=True) if d["kind"] == "op"}
    assert ops["ReluBackward0"]["module"] == "1"
    assert {
        d["module"] for _, d in graph.nodes(data=True) if d["op"] in ("AddmmBackward0", "TBackward0")
    } == {"0", "2"}
    assert ops["SumBackward0"]["source"]["code"] == "loss = model(torch.ones(2, 3)).sum()"
    assert ops["ReluBackward0"]["value"]["shape"] == [2, 4]


def test_export_from_a_tensor_keeps_values_only_where_they_are_shown(tmp_path):
    w = torch.tensor([[1.0, 2.0], [3.0, 2.0]], requires_grad=True)
    z = (w**3 + 3).mean()
    graphviz_app.export(z, tmp_path / "g.json")
    saved = json.loads((tmp_path / "g.json").read_text())
    leaf = next(n for n in saved["nodes"] if n["kind"] == "leaf")
    assert leaf["name"] == "w" and leaf["value"]["values"] == [[1.0, 2.0], [3.0, 2.0]]
    graphviz_app.export(z, tmp_path / "g.svg")
    svg = (tmp_path / "g.svg").read_text()
    assert ">w</text>" in svg and ">PowBackward0</text>" in svg
