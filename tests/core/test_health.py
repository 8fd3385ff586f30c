"""Gradient health read from a graph (graph attribute ``health``): each module's course, its
trend and the findings, with the thresholds of ``core/model/health.py``; saved graphs carry it,
check it as untrusted input, and graphs saved before it still open (no torch)."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest

from graphviz_app.core.model.graph import dumps_graph, load_graph_json
from graphviz_app.core.model.health import has_health, health, module_nodes, node_trends
from graphviz_app.errors import GraphFileError

GOLDEN = Path(__file__).parent / "golden"


def parameter(module, name, norms, nan=None, inf=None):
    counts = [0 if n is not None else None for n in norms]
    return {"module": module, "name": name, "norm": norms, "nan": nan or counts, "inf": inf or counts}


def graph_with(*parameters, calls=None, requested=None):
    steps = len(parameters[0]["norm"])
    graph = nx.DiGraph()
    graph.graph["health"] = {
        "requested": requested or steps,
        "calls": calls or list(range(1, steps + 1)),
        "parameters": list(parameters),
    }
    for k, p in enumerate(parameters):
        graph.add_node(f"n{k}", op="AccumulateGrad", kind="leaf", name=p["name"], module=p["module"])
    graph.add_node("op", op="MmBackward0", kind="op", name=None, module="1")
    return graph


def test_a_module_norm_joins_its_parameters_norms():
    graph = graph_with(parameter("fc", "fc.weight", [3.0, 6.0]), parameter("fc", "fc.bias", [4.0, 8.0]))
    (course,) = health(graph).courses
    assert course.module == "fc" and course.parameters == ("fc.weight", "fc.bias")
    assert course.norms == (5.0, 10.0)  # sqrt(3² + 4²), sqrt(6² + 8²)
    assert course.trend == "steady" and course.findings == ()


def test_a_norm_falling_three_orders_vanishes_at_that_step():
    graph = graph_with(parameter("a", "a.weight", [1.0, 0.1, 0.01, 0.001, 0.0001]))
    (finding,) = health(graph).findings
    assert (finding.module, finding.trend, finding.step) == ("a", "vanishing", 4)
    assert finding.message.english().startswith(
        "a: the gradient norm fell from 1 at step 1 to 0.001 at step 4, 3 orders of magnitude"
    )


def test_a_module_far_below_the_largest_vanishes():
    graph = graph_with(
        parameter("first", "first.weight", [1e-5, 1e-5]), parameter("last", "last.weight", [0.5, 0.4])
    )
    found = health(graph)
    (finding,) = found.findings
    assert (finding.module, finding.trend, finding.step) == ("first", "vanishing", 1)
    assert "4.7 orders of magnitude below last (0.5)" in finding.message.english()
    assert [c.trend for c in found.courses] == ["vanishing", "steady"]


def test_below_the_floor_vanishes_alone():
    (finding,) = health(graph_with(parameter(None, "w", [1e-9, 1e-9]))).findings
    assert (finding.module, finding.step) == ("w", 1)  # a tensor outside modules: its name
    assert "below 1e-08: too small to change float32 weights" in finding.message.english()


def test_growth_explodes_then_nan_is_its_own_finding():
    graph = graph_with(parameter("", "weight", [1.0, 50.0, 2000.0, None], nan=[0, 0, 0, 3], inf=[0, 0, 0, 1]))
    (course,) = health(graph).courses
    assert course.module == "model" and course.trend == "nan"
    grew, broken = course.findings
    assert (grew.trend, grew.step) == ("exploding", 3)
    assert "grew from 1 at step 1 to 2e+03 at step 3, 3.3 orders of magnitude" in grew.message.english()
    assert (broken.trend, broken.step) == ("nan", 4)
    assert "at step 4 the gradient holds 3 NaN and 1 Inf values" in broken.message.english()
    assert "learning rate too high" in broken.message.english()


def test_steps_are_the_backward_calls_recorded():
    graph = graph_with(parameter("a", "a.weight", [1.0, 1.0, 1e-4]), calls=[1, 2, 3], requested=20)
    found = health(graph)
    assert found.requested == 20 and found.steps == (1, 2, 3)
    assert found.findings[0].step == 3


def test_leaves_take_their_modules_trend():
    graph = graph_with(parameter("first", "first.weight", [1e-6]), parameter("last", "last.weight", [1.0]))
    assert node_trends(graph) == {"n0": "vanishing", "n1": "steady"}
    assert module_nodes(graph, health(graph).courses[1]) == ["n1"]
    assert has_health(graph)


def test_graphs_saved_before_health_still_open():
    for path in sorted(GOLDEN.glob("*.json")):
        graph = load_graph_json(path)
        assert health(graph) is None and node_trends(graph) == {} and not has_health(graph)


def test_health_survives_a_save_and_a_read(tmp_path):
    source = load_graph_json(GOLDEN / "two_layer_training.json")
    source.graph["health"] = {
        "requested": 2,
        "calls": [1, 2],
        "parameters": [parameter("0", "0.weight", [0.5, None], nan=[0, 4])],
    }
    path = tmp_path / "g.json"
    path.write_text(dumps_graph(source), encoding="utf-8")
    read = load_graph_json(path)
    assert read.graph["health"] == source.graph["health"]
    assert health(read).courses[0].trend == "nan"


@pytest.mark.parametrize(
    ("change", "phrase"),
    [
        (lambda h: h.update(calls=[0, 1]), "graph.health.calls[0]"),
        (lambda h: h["parameters"][0].update(norm=[1.0]), "a list of 2 items, one per call"),
        (lambda h: h["parameters"][0].update(norm=[1.0, -2.0]), "a finite number of at least 0, or null"),
        (lambda h: h["parameters"][0].update(nan=[0, "x"]), "graph.health.parameters[0].nan[1]"),
        (lambda h: h["parameters"][0].update(name=None), "graph.health.parameters[0].name"),
        (lambda h: h.pop("requested"), "graph.health.requested"),
    ],
)
def test_a_malformed_health_block_is_refused_naming_the_field(tmp_path, change, phrase):
    data = json.loads((GOLDEN / "two_layer_training.json").read_text(encoding="utf-8"))
    data["graph"]["health"] = {
        "requested": 2,
        "calls": [1, 2],
        "parameters": [parameter("0", "0.weight", [0.5, 0.4])],
    }
    change(data["graph"]["health"])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GraphFileError) as caught:
        load_graph_json(path)
    assert phrase in caught.value.message.english()
