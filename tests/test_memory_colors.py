"""The ``memory`` colour mode on graphs captured from real torch code: nodes filled by the bytes
they keep for backward on a log ramp, a module by its members' sum, a legend in bytes, and the
mode offered (and exported) only where the bytes were measured."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from graphviz_app.core.export import export_graph
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.core.model.kept_memory import format_bytes, module_kept
from graphviz_app.core.view import colors, look
from graphviz_app.core.view.display import DisplayNode

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Module()
model.body = nn.Sequential(nn.Linear(16, 256), nn.ReLU(), nn.Linear(256, 4), nn.Tanh())
x = torch.randn(64, 16)
h = model.body(x)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    h = h.sin()  # its saved input goes through a hook: not measured
loss = h.pow(2).mean()
"""
SHARED = """
import torch
from torch import nn


class Twice(nn.Module):
    def forward(self, x):
        return (x.view(-1) * x.view(-1)).sum() + x.sin().sum()  # each op keeps x's storage


model = nn.Module()
model.body = Twice()
model.head = nn.Linear(16, 1, bias=False)
x = torch.randn(64, 16, requires_grad=True)  # 4 KiB
loss = model.body(x) + model.head(x).sum()
"""
BYTES = re.compile(r"^\d+(\.\d+)? (B|KiB|MiB|GiB)$")


@pytest.fixture(scope="module")
def graph(runner, tmp_path_factory):
    script = tmp_path_factory.mktemp("memory") / "memory_mlp.py"
    script.write_text(SCRIPT, encoding="utf-8")
    return runner.run(script).graph


def test_fills_order_the_nodes_by_their_bytes(graph):
    fills = colors.node_colors(graph, "memory")
    scale = colors.byte_scale(graph)
    assert isinstance(scale, colors.ByteScale)
    held = sorted((b, n) for n, b in graph.nodes(data="saved_bytes") if isinstance(b, int) and b > 0)
    assert len({b for b, _ in held}) >= 3  # the script keeps several sizes
    positions = [scale.position(b) for b, _ in held]
    assert positions == sorted(positions) and positions[0] == 0.0 and positions[-1] < 1.0
    assert [fills[n] for _, n in held] == [scale.color(b) for b, _ in held]
    assert len({fills[n] for _, n in held}) == len({b for b, _ in held})
    assert scale.hi == module_kept(graph)["body"].known > held[-1][0]  # the ramp's top: the whole body
    nothing = [n for n, b in graph.nodes(data="saved_bytes") if b == 0]
    unknown = [n for n, b in graph.nodes(data="saved_bytes") if b is None]
    assert nothing and {fills[n] for n in nothing} == {colors.NEUTRAL_COLOR}
    assert [graph.nodes[n]["op"] for n in unknown] == ["SinBackward0"]
    assert fills[unknown[0]] == colors.UNKNOWN_KEPT_COLOR
    assert colors.UNKNOWN_KEPT_COLOR not in {colors.ramp_color(i / 100) for i in range(101)}


def test_a_collapsed_module_is_filled_by_its_members_sum(graph):
    fills = colors.node_colors(graph, "memory")
    scale = colors.byte_scale(graph)
    assert scale is not None
    members = tuple(n for n, m in graph.nodes(data="module") if m == "body.2")
    total = sum(graph.nodes[n]["saved_bytes"] for n in members)
    node = DisplayNode("m:body.2", "module", members, ("body.2",), "body.2")
    assert look.node_fill(node, fills) == scale.color(total)
    body = tuple(n for n, m in graph.nodes(data="module") if m)
    assert look.node_fill(DisplayNode("m:body", "module", body, ("body",), "body"), fills) == scale.color(
        scale.hi
    )


def test_the_legend_speaks_in_bytes(graph):
    scale = colors.byte_scale(graph)
    assert scale is not None
    labels = [scale.label(t) for t in scale.ticks]
    assert labels[0] == format_bytes(int(scale.lo)) and labels[-1] == format_bytes(int(scale.hi))
    assert len(labels) >= 3 and all(BYTES.match(label) for label in labels)
    rows = colors.legend(graph, "memory")
    counts = dict.fromkeys(("held", "none", "unknown"), 0)
    for _, b in graph.nodes(data="saved_bytes"):
        counts["unknown" if b is None else "held" if b else "none"] += 1
    assert [r.text for r in rows] == [
        f"keeps {labels[0]} to {labels[-1]} (log scale) ({counts['held']})",
        f"keeps nothing ({counts['none']})",
        f"not measured ({counts['unknown']})",
    ]


def test_offered_only_where_the_bytes_were_measured(graph):
    spec = colors.color_mode("memory")
    assert spec.offered(graph) and colors.has_saved_bytes(graph)
    old = load_graph_json(Path(__file__).parent / "core" / "golden" / "small_cnn.json")
    assert not spec.offered(old) and not colors.has_saved_bytes(old)


@pytest.mark.timeout(120)
def test_an_svg_export_draws_the_bytes_and_a_saved_graph_says_why_not(graph, tmp_path):
    out = tmp_path / "memory.svg"
    assert export_graph(graph, out, mode="memory") == []
    texts = [t.text for t in ET.parse(out).getroot().iter("{http://www.w3.org/2000/svg}text")]
    scale = colors.byte_scale(graph)
    assert scale is not None
    assert "color: kept for backward" in texts and "bytes kept, log scale" in texts
    assert scale.label(scale.lo) in texts and scale.label(scale.hi) in texts
    old = load_graph_json(Path(__file__).parent / "core" / "golden" / "small_cnn.json")
    notices = export_graph(old, tmp_path / "old.svg", mode="memory")
    assert [n.english() for n in notices] == [
        "Coloring by memory kept for backward needs the bytes the capture measures, but this graph has "
        "none (it was saved before they were measured, or its saved values were left out), so every "
        "node is drawn as not measured. Export the script itself, not a saved graph, to see them."
    ]


@pytest.mark.timeout(120)
def test_the_command_line_draws_the_memory_mode(runner, tmp_path, capsys):
    from graphviz_app.cli import main

    script = tmp_path / "memory_mlp.py"
    script.write_text(SCRIPT, encoding="utf-8")
    out = tmp_path / "memory.svg"
    assert main(["export", str(script), "-o", str(out), "--color", "memory"], runner=runner) == 0
    assert "note:" not in capsys.readouterr().err
    texts = [t.text for t in ET.parse(out).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert "color: kept for backward" in texts and "bytes kept, log scale" in texts
    assert any(t and t.startswith("keeps ") and "KiB" in t for t in texts)


@pytest.mark.timeout(120)
def test_a_big_graph_keeps_its_bytes_for_the_memory_mode(runner, tmp_path):
    """A drawing of more than a thousand ops leaves the ops' saved values out, and the bytes
    come with them: ``--color memory`` keeps them."""
    from graphviz_app.cli import VALUES_UP_TO, main

    script = tmp_path / "long_chain.py"
    script.write_text(
        f"import torch\nx = torch.ones(8, requires_grad=True)\nfor _ in range({VALUES_UP_TO // 2 + 1}):\n"
        "    x = x.sin().cos()\nloss = x.sum()\n",
        encoding="utf-8",
    )
    out = tmp_path / "memory.dot"
    assert main(["export", str(script), "-o", str(out), "--color", "memory"], runner=runner) == 0
    drawn = out.read_text(encoding="utf-8")
    assert "keeps 32 B to " in drawn and "not measured" not in drawn


def test_a_collapsed_module_counts_a_storage_its_nodes_share_once(runner, write_script):
    """Two nodes of ``body`` keep the same 4 KiB (a tensor and a view of it): the collapsed
    module is filled by 4 KiB, as the Inspector says, not by the nodes' 8 KiB."""
    graph = runner.run(write_script(SHARED, "shared_colors.py")).graph
    fills = colors.node_colors(graph, "memory")
    scale = colors.byte_scale(graph)
    assert scale is not None
    body = tuple(n for n, m in graph.nodes(data="module") if m == "body")
    assert sum(graph.nodes[n]["saved_bytes"] for n in body) == 8192
    fill = look.node_fill(DisplayNode("m:body", "module", body, ("body",), "body"), fills)
    assert fill == scale.color(4096) != scale.color(8192)
