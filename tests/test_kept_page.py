"""The interactive HTML page speaks of the memory kept for backward: the graph's total in its
header, each node's and each collapsed module's bytes in their details (a real capture); a graph
saved before the bytes were recorded shows neither."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from graphviz_app.core.export import export_graph
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.core.model.kept_memory import format_bytes
from graphviz_app.core.view.display import ViewOptions
from tests.test_html_export import page_data

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Module()
model.body = nn.Sequential(nn.Linear(16, 256), nn.ReLU(), nn.Linear(256, 4))
x = torch.randn(64, 16)
loss = model.body(x).pow(2).mean()
"""


@pytest.fixture(scope="module")
def graph(runner, tmp_path_factory):
    script = tmp_path_factory.mktemp("page") / "kept_page.py"
    script.write_text(SCRIPT, encoding="utf-8")
    return runner.run(script).graph


def header(text: str) -> str:
    found = re.search(r"<header>(.*?)</header>", text, re.S)
    assert found is not None
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


@pytest.mark.timeout(120)
def test_the_page_shows_the_total_and_each_nodes_bytes(graph, tmp_path):
    out = tmp_path / "page.html"
    export_graph(graph, out, options=ViewOptions(collapsed=frozenset({"body.2"})))
    text = out.read_text("utf-8")
    assert f"kept for backward: {format_bytes(graph.graph['saved_bytes_total'])}" in header(text)
    nodes = page_data(text)["nodes"]
    relu = next(d for d in nodes.values() if d["fields"][0][1] == "ReluBackward0")
    assert dict(relu["fields"])["kept for backward"] == "64 KiB"  # 64 x 256 float32
    leaf = next(d for d in nodes.values() if dict(d["fields"]).get("kind", "").startswith("leaf"))
    assert dict(leaf["fields"])["kept for backward"] == "0 B"
    members = [n for n, m in graph.nodes(data="module") if m == "body.2"]
    summed = sum(graph.nodes[n]["saved_bytes"] for n in members)
    assert dict(nodes["m:body.2"]["fields"])["kept for backward"] == format_bytes(summed)


@pytest.mark.timeout(120)
def test_a_korean_page_says_it_in_korean(graph, tmp_path):
    out = tmp_path / "page.html"
    export_graph(graph, out, language="ko")
    text = out.read_text("utf-8")
    assert f"역전파 보관량: {format_bytes(graph.graph['saved_bytes_total'])}" in header(text)
    relu = next(d for d in page_data(text)["nodes"].values() if d["fields"][0][1] == "ReluBackward0")
    assert dict(relu["fields"])["역전파 보관량"] == "64 KiB"


def test_a_graph_saved_before_shows_no_bytes(tmp_path):
    graph = load_graph_json(Path(__file__).parent / "core" / "golden" / "small_cnn.json")
    out = tmp_path / "page.html"
    export_graph(graph, out)
    text = out.read_text("utf-8")
    assert "kept for backward" not in header(text)
    assert not [d for d in page_data(text)["nodes"].values() if "kept for backward" in dict(d["fields"])]
