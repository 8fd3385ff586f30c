"""The interactive HTML page shows the time per node: the graph's forward and backward time in
its header, each node's and each collapsed module's times in their details (a real capture); a
graph saved before the times were recorded shows none."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphviz_app.core.export import export_graph
from graphviz_app.core.model.durations import format_duration
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.core.view.display import ViewOptions
from tests.test_html_export import page_data
from tests.test_kept_page import header

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Module()
model.body = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
loss = model.body(torch.randn(8, 16)).pow(2).mean()
loss.backward()
"""


@pytest.fixture(scope="module")
def graph(runner, tmp_path_factory):
    script = tmp_path_factory.mktemp("page") / "time_page.py"
    script.write_text(SCRIPT, encoding="utf-8")
    return runner.run(script).graph


@pytest.mark.timeout(120)
def test_the_page_shows_the_totals_and_each_nodes_times(graph, tmp_path):
    out = tmp_path / "page.html"
    export_graph(graph, out, options=ViewOptions(collapsed=frozenset({"body.2"})))
    text = out.read_text("utf-8")
    forward, backward = graph.graph["forward_ns_total"], graph.graph["backward_ns_total"]
    assert f"forward {format_duration(forward)}, backward {format_duration(backward)}" in header(text)
    nodes = page_data(text)["nodes"]
    relu_id = next(n for n, op in graph.nodes(data="op") if op == "ReluBackward0")
    relu = dict(next(d for d in nodes.values() if d["fields"][0][1] == "ReluBackward0")["fields"])
    assert relu["forward time"] == format_duration(graph.nodes[relu_id]["forward_ns"])
    assert relu["backward time"] == format_duration(graph.nodes[relu_id]["backward_ns"])
    leaf = dict(
        next(d for d in nodes.values() if dict(d["fields"]).get("kind", "").startswith("leaf"))["fields"]
    )
    assert "forward time" not in leaf and "backward time" in leaf  # a leaf has no forward call
    members = [n for n, m in graph.nodes(data="module") if m == "body.2"]
    summed = sum(graph.nodes[n]["backward_ns"] for n in members)
    assert dict(nodes["m:body.2"]["fields"])["backward time"] == format_duration(summed)


def test_a_graph_saved_before_shows_no_times(tmp_path):
    graph = load_graph_json(Path(__file__).parent / "core" / "golden" / "small_cnn.json")
    out = tmp_path / "page.html"
    export_graph(graph, out)
    text = out.read_text("utf-8")
    assert "forward" not in header(text)
    assert not [d for d in page_data(text)["nodes"].values() if "backward time" in dict(d["fields"])]
