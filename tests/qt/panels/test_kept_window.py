"""Memory kept for backward in the window: the ``memory`` colour mode (nodes, a collapsed
module, the legend in bytes; greyed out for a graph saved before)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QStandardItemModel

from graphviz_app.core.model.kept_memory import format_bytes
from graphviz_app.core.view import colors
from graphviz_app.qt.panels.legend import GradBar

from ..conftest import LOAD_TIMEOUT_MS

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Module()
model.body = nn.Sequential(nn.Linear(16, 256), nn.ReLU(), nn.Linear(256, 4), nn.Tanh())
x = torch.randn(64, 16)
loss = model.body(x).pow(2).mean()
"""
GOLDEN = Path(__file__).parents[2] / "core" / "golden" / "small_cnn.json"


def combo_enabled(window, mode: str) -> bool:
    combo = window.actions_.color_combo
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    return model.item(combo.findData(mode)).isEnabled()


def test_the_memory_mode_fills_nodes_and_modules_by_bytes(window, load, qtbot, write_script):
    load(write_script(SCRIPT, "kept_window.py"))
    vm = window.document.view_model
    graph = vm.graph
    assert "memory" in vm.available_color_modes() and combo_enabled(window, "memory")
    window.actions_.color_by["memory"].trigger()
    assert vm.color_mode == "memory"
    scale = colors.byte_scale(graph)
    assert scale is not None
    qtbot.waitUntil(lambda: bool(window.legend.entry_texts()))
    assert window.legend.entry_texts()[0].startswith(
        f"keeps {format_bytes(int(scale.lo))} to {format_bytes(int(scale.hi))} (log scale)"
    )
    bars = window.legend.findChildren(GradBar)
    assert len(bars) == 1 and isinstance(bars[0].scale, colors.ByteScale)
    for item in window.scene.node_items.values():
        node = item.members[0]
        assert item.fill == QColor(colors.node_colors(graph, "memory")[node]), node
    held = sorted((b, n) for n, b in graph.nodes(data="saved_bytes") if b)
    drawn = [window.scene.node_items[vm.display.display_ids(n)[0]].fill for _, n in held]
    assert drawn == [QColor(scale.color(b)) for b, _ in held]  # up the ramp with the bytes
    assert [scale.position(b) for b, _ in held] == sorted(scale.position(b) for b, _ in held)

    members = [n for n, m in graph.nodes(data="module") if m and m.startswith("body")]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        vm.collapse("body")
    module = window.scene.node_items["m:body"]
    summed = sum(graph.nodes[n]["saved_bytes"] for n in members)
    assert module.fill == QColor(scale.color(summed)) == QColor(scale.color(scale.hi))


def test_a_graph_saved_before_offers_no_memory_mode_and_says_why(window, load):
    load(GOLDEN)
    assert "memory" not in window.document.view_model.available_color_modes()
    assert not combo_enabled(window, "memory")
    assert "keeps for backward" in window.actions_.color_by["memory"].statusTip()
