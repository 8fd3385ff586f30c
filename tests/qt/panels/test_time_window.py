"""Time per node in the window: the ``time`` colour mode (nodes up the ramp with their time, a
collapsed module by its members' sum, the legend in durations; greyed out for a graph saved
before), the Slowest list (a backward that sleeps first, a click selecting the node and expanding
its module) and the Inspector's forward and backward time rows."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from graphviz_app.core.model.durations import BACKWARD, FORWARD, TIME, format_duration
from graphviz_app.core.model.kept_memory import kept_by, largest_holders
from graphviz_app.core.view import colors
from graphviz_app.qt.panels.legend import GradBar

from ..conftest import LOAD_TIMEOUT_MS
from .test_kept_window import combo_enabled

SCRIPT = """
import time
import torch
from torch import nn


class Slow(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        time.sleep(0.05)
        return g * 2


class Body(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 16)

    def forward(self, x):
        return Slow.apply(self.fc(x)).relu()


torch.manual_seed(0)
model = nn.Module()
model.body = Body()
model.head = nn.Linear(16, 2)
loss = model.head(model.body(torch.randn(4, 8))).pow(2).mean()
loss.backward()
"""
GOLDEN = Path(__file__).parents[2] / "core" / "golden" / "small_cnn.json"


def slow_node(graph) -> str:
    return next(n for n, op in graph.nodes(data="op") if op == "SlowBackward")


def test_the_time_mode_fills_nodes_and_modules_by_time(window, load, qtbot, write_script):
    load(write_script(SCRIPT, "timed.py"))
    vm = window.document.view_model
    graph = vm.graph
    assert "time" in vm.available_color_modes() and combo_enabled(window, "time")
    window.actions_.color_by["time"].trigger()
    scale = colors.duration_scale(graph)
    assert scale is not None
    qtbot.waitUntil(lambda: bool(window.legend.entry_texts()))
    assert window.legend.entry_texts()[0].startswith(
        f"took {format_duration(int(scale.lo))} to {format_duration(int(scale.hi))} (log scale)"
    )
    bars = window.legend.findChildren(GradBar)
    assert len(bars) == 1 and isinstance(bars[0].scale, colors.DurationScale)
    timed = sorted((TIME.of(d), n) for n, d in graph.nodes(data=True) if TIME.of(d))
    drawn = [window.scene.node_items[vm.display.display_ids(n)[0]].fill for _, n in timed]
    assert drawn == [QColor(scale.color(t)) for t, _ in timed]  # up the ramp with the time
    assert timed[-1][1] == slow_node(graph)

    members = [n for n, m in graph.nodes(data="module") if m and m.startswith("body")]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        vm.collapse("body")
    summed = kept_by(graph, members, TIME).known
    assert window.scene.node_items["m:body"].fill == QColor(scale.color(summed))


def test_slowest_lists_the_sleeping_backward_first_and_a_click_finds_it(window, load, qtbot, write_script):
    assert window.slowest.total.text() == "No graph loaded."
    load(write_script(SCRIPT, "timed.py"))
    window.docks["slowest"].raise_()  # the Time tab brought to the front: it fills now
    vm = window.document.view_model
    graph = vm.graph
    panel = window.slowest
    forward, backward = graph.graph["forward_ns_total"], graph.graph["backward_ns_total"]
    assert panel.total.text() == f"Forward {format_duration(forward)}, backward {format_duration(backward)}"
    nodes = panel.row_nodes()
    assert nodes == largest_holders(graph, 20, TIME) and nodes[0] == slow_node(graph)
    data = graph.nodes[nodes[0]]
    assert panel.row_texts()[0] == (
        format_duration(TIME.of(data)),
        format_duration(data["forward_ns"]),
        format_duration(data["backward_ns"]),
        "SlowBackward",
        "body",
    )
    assert "Time" in [a.text() for a in window.actions_.panels_menu.actions()]

    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        vm.collapse("body")
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        rect = panel.table.visualRect(panel.table.model().index(0, 3))
        qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert "body" not in vm.options.collapsed
    assert vm.selected_members() == (nodes[0],)
    item = window.scene.node_items[vm.selection]
    qtbot.waitUntil(lambda: window.view.visible_scene_rect().intersects(item.scene_rect()))

    rows = window.inspector.values()
    assert rows["Node/forward time"] == format_duration(data["forward_ns"])
    assert rows["Node/backward time"] == format_duration(data["backward_ns"])
    members = [n for n, m in graph.nodes(data="module") if m and m.startswith("body")]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        vm.collapse("body")
    vm.select("m:body")
    rows = window.inspector.values()
    assert rows["Module/forward time"] == format_duration(kept_by(graph, members, FORWARD).known)
    assert rows["Module/backward time"] == format_duration(kept_by(graph, members, BACKWARD).known)


def test_a_graph_saved_before_offers_no_time_mode_and_says_why(window, load):
    load(GOLDEN)
    window.docks["slowest"].raise_()  # the Time tab brought to the front: it fills now
    vm = window.document.view_model
    assert "time" not in vm.available_color_modes() and not combo_enabled(window, "time")
    assert "each node's time" in window.actions_.color_by["time"].statusTip()
    assert window.slowest.total.text() == "Time: not measured in this graph."
    assert "Open its script" in window.slowest.hint.text() and not window.slowest.row_nodes()
    vm.select_graph_node(next(n for n, d in vm.graph.nodes(data=True) if d["kind"] == "op"))
    assert not any("time" in key for key in window.inspector.values())
