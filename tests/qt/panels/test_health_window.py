"""Gradient health in the window: the Gradient Health dock (a row per module with its course and
trend, the findings' sentences, a click selecting the module's first parameter), the ``health``
colour mode (parameters filled by trend; greyed out for a graph without health) and the
Preferences entry that asks for it (real worker, real torch)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QStandardItemModel

from graphviz_app.core.model.health import health
from graphviz_app.core.view import colors
from graphviz_app.qt.shell.preferences import PreferencesDialog

GOLDEN = Path(__file__).parents[2] / "core" / "golden" / "small_cnn.json"
SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
layers = []
for _ in range(10):
    layers += [nn.Linear(32, 32), nn.Sigmoid()]
model = nn.Sequential(*layers, nn.Linear(32, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(64, 32)
y = torch.randn(64, 1)
for step in range(6):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
"""


def combo_enabled(window, mode: str) -> bool:
    combo = window.actions_.color_combo
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    return model.item(combo.findData(mode)).isEnabled()


def test_the_health_dock_lists_modules_and_a_click_finds_one(window, load, qtbot, write_script):
    assert window.health.hint.text() == "No graph loaded."
    assert window.docks["health"].isHidden()  # one tab fewer beside Modules until it has a use
    dialog = PreferencesDialog(window.settings, None, window)
    dialog.health.setValue(6)
    dialog.accept()
    assert window.settings.health() == 6 and window.settings.run_options("s.py").health == 6
    load(write_script(SCRIPT, "deep_sigmoid.py"))
    vm = window.document.view_model
    graph = vm.graph
    found = health(graph)
    assert found is not None and found.steps == (1, 2, 3, 4, 5, 6)
    panel = window.health
    assert window.docks["health"].isVisible()  # shown and in front with the graph that has it
    assert panel.hint.text() == "Over 6 backward() calls (steps 1 to 6); click a module to find it."
    rows = panel.row_texts()
    assert [module for module, _ in rows] == [str(2 * k) for k in range(11)]
    assert rows[0] == ("0", "vanishing") and rows[-1] == ("20", "steady")
    assert panel.findings.text().startswith("0: at step 1 the gradient norm is")
    assert "Gradient Health" in [a.text() for a in window.actions_.panels_menu.actions()]

    # the colour mode: offered, parameters by trend, the rest plain
    assert "health" in vm.available_color_modes() and combo_enabled(window, "health")
    window.actions_.color_by["health"].trigger()
    qtbot.waitUntil(lambda: bool(window.legend.entry_texts()))
    assert window.legend.entry_texts()[0].startswith("vanishing (")
    fills = colors.node_colors(graph, "health")
    first = next(n for n, d in graph.nodes(data=True) if d.get("name") == "0.weight")
    last = next(n for n, d in graph.nodes(data=True) if d.get("name") == "20.weight")
    assert fills[first] == colors.HEALTH_COLORS["vanishing"] and fills[last] == colors.HEALTH_COLORS["steady"]
    for item in window.scene.node_items.values():
        assert item.fill == QColor(fills[item.members[0]])

    # a click selects the module's first parameter and shows it
    target = panel.row_nodes()[0]
    assert target == first
    rect = panel.table.visualRect(panel.table.model().index(0, 0))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: vm.selected_members() == (first,))
    item = window.scene.node_items[vm.selection]
    qtbot.waitUntil(lambda: window.view.visible_scene_rect().intersects(item.scene_rect()))
    shot = os.environ.get("GRAPHVIZ_APP_HEALTH_SHOT")
    if shot:  # a picture to look at: GRAPHVIZ_APP_HEALTH_SHOT=/tmp/health.png
        window.grab().save(shot)


def test_a_graph_without_health_offers_no_mode_and_says_how(window, load):
    load(GOLDEN)
    assert "health" not in window.document.view_model.available_color_modes()
    assert not combo_enabled(window, "health")
    assert "Preferences ▸ Gradient health" in window.health.hint.text()
    assert not window.health.table.isVisible() and not window.health.row_texts()
    assert window.docks["health"].isHidden()
