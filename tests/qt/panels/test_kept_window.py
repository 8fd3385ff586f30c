"""Memory kept for backward in the window: the ``memory`` colour mode (nodes, a collapsed
module, the legend in bytes; greyed out for a graph saved before), and the Largest Holders list
(the total on top, rows largest first, a click selecting the node, expanding its module)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QStandardItemModel

from graphviz_app.core.model.kept_memory import format_bytes, largest_holders
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
    window.docks["holders"].raise_()  # the Memory tab brought to the front: it fills now
    assert "memory" not in window.document.view_model.available_color_modes()
    assert not combo_enabled(window, "memory")
    assert "keeps for backward" in window.actions_.color_by["memory"].statusTip()
    assert window.holders.total.text() == "Kept for backward: not measured in this graph."
    assert "Open its script" in window.holders.hint.text()
    assert not window.holders.row_nodes()


def test_largest_holders_list_sorted_and_a_click_finds_the_node(window, load, qtbot, write_script):
    assert window.holders.total.text() == "No graph loaded."
    load(write_script(SCRIPT, "kept_window.py"))
    window.docks["holders"].raise_()  # the Memory tab brought to the front: it fills now
    vm = window.document.view_model
    graph = vm.graph
    panel = window.holders
    assert panel.total.text() == f"Kept for backward: {format_bytes(graph.graph['saved_bytes_total'])}"
    nodes = panel.row_nodes()
    assert nodes == largest_holders(graph, 20) and len(nodes) >= 4
    sizes = [graph.nodes[n]["saved_bytes"] for n in nodes]
    assert sizes == sorted(sizes, reverse=True) and all(sizes)
    assert panel.row_texts()[0] == (
        format_bytes(sizes[0]),
        graph.nodes[nodes[0]]["op"],
        graph.nodes[nodes[0]]["module"] or "—",
    )
    assert "Memory" in [a.text() for a in window.actions_.panels_menu.actions()]

    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        vm.collapse("body")
    inside = next(r for r, n in enumerate(nodes) if (graph.nodes[n]["module"] or "").startswith("body"))
    node = nodes[inside]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        rect = panel.table.visualRect(panel.table.model().index(inside, 1))
        qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert "body" not in vm.options.collapsed
    assert vm.selected_members() == (node,)
    item = window.scene.node_items[vm.selection]
    assert item.isSelected() and item.members == (node,)
    qtbot.waitUntil(lambda: window.view.visible_scene_rect().intersects(item.scene_rect()))
