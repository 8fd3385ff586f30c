"""The real main window driven with qtbot: load, draw, zoom, search, collapse, colors, panels."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainterPathStroker

from graphviz_app.core.view import colors
from graphviz_app.core.view.display import MODULE_PREFIX
from graphviz_app.core.view.look import STEP_EDGE_WIDTH
from graphviz_app.core.view.stepping import FORWARD
from graphviz_app.qt.canvas.items import EdgeItem, NodeItem
from graphviz_app.qt.i18n import install_translators
from graphviz_app.resources import example

from .conftest import LOAD_TIMEOUT_MS


def dominant_color(image: QImage, center: QPoint, half: int) -> QColor:
    """Return the most common pixel color in a square around ``center`` (labels are a minority)."""
    counts: Counter[int] = Counter()
    for x in range(center.x() - half, center.x() + half + 1):
        for y in range(center.y() - half // 2, center.y() + half // 2 + 1):
            if 0 <= x < image.width() and 0 <= y < image.height():
                counts[image.pixel(x, y)] += 1
    return QColor.fromRgb(counts.most_common(1)[0][0])


def close_colors(a: QColor, b: QColor, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3]))


def test_basic_example_draws_every_node_and_edge(window, load):
    """Every node and edge drawn, the legend, the status bar, and each node's tooltip."""
    load(example("basic_autograd.py"))
    graph, display, scene = window.document.view_model.graph, window.document.view_model.display, window.scene
    assert graph.number_of_nodes() == 4
    assert set(scene.node_items) == set(display.nodes)
    assert {(e.source, e.target) for e in scene.edge_items} == {(e.source, e.target) for e in display.edges}
    ops = sorted(graph.nodes[i.members[0]]["op"] for i in scene.node_items.values())
    assert ops == ["AccumulateGrad", "AddBackward0", "MeanBackward0", "PowBackward0"]
    leaf = next(i for i in scene.node_items.values() if graph.nodes[i.members[0]]["kind"] == "leaf")
    assert leaf.lines[0] == "w" and "2×2" in leaf.lines[1]
    output = next(i for i in scene.node_items.values() if i.is_output)
    assert graph.nodes[output.members[0]]["op"] == "MeanBackward0"
    assert all(isinstance(i, EdgeItem) and not i.path.isEmpty() for i in scene.edge_items)
    assert "4 nodes" in window.status_counts.text() and "cpu" in window.status_devices.text()
    assert "basic_autograd.py" in window.windowTitle()
    assert window.legend.isVisible() and window.legend.entries[0].label == "cpu"
    assert window.legend.header.text() == "Color: Device"
    unfolded = window.legend.height()
    window.legend.header.click()  # fold the legend out of the way
    assert window.legend.folded and window.legend.height() < unfolded
    assert not window.actions_.collapse_all.isEnabled()  # this graph has no modules
    # Each node's tooltip describes it.
    tip = leaf.toolTip()
    assert "AccumulateGrad" in tip and "name: w" in tip and "cpu" in tip


def test_zoom_and_fit_change_the_transform(window, load, qtbot):
    load(example("basic_autograd.py"))
    view = window.view
    fitted = view.zoom()
    view.zoom_in()
    assert view.zoom() > fitted
    window.actions_.fit.trigger()
    assert abs(view.zoom() - fitted) < 1e-6
    window.actions_.zoom_out.trigger()
    assert view.zoom() < fitted
    # Wheel zoom keeps the scene point under the cursor in place.
    item = next(iter(window.scene.node_items.values()))
    cursor = view.mapFromScene(item.scene_rect().center())
    before = view.mapToScene(cursor)
    view.zoom_by(1.5, QPointF(cursor))
    after = view.mapToScene(cursor)
    assert abs(before.x() - after.x()) < 1.5 and abs(before.y() - after.y()) < 1.5
    assert view.renderHints() & view.renderHints().Antialiasing


def test_click_selects_and_inspector_shows_the_node(window, load, qtbot):
    load(example("basic_autograd.py"))
    graph = window.document.view_model.graph
    pow_id = next(n for n, op in graph.nodes(data="op") if op == "PowBackward0")
    item = window.scene.items_for(pow_id)[0]
    pos = window.view.mapFromScene(item.scene_rect().center())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert window.document.view_model.selection == item.display_id
    assert item.isSelected()
    values = window.inspector.values()
    assert values["Node/op"] == "PowBackward0"
    assert values["Tensor/shape"] == "[2, 2]" and values["Tensor/device"] == "cpu"
    assert values["Node/name"] == "x"
    assert "exponent" in " ".join(v for k, v in values.items() if k.startswith("Saved"))
    assert "Forward value/values" in values  # a small tensor shows its values
    # A click on the background clears the selection.
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert window.document.view_model.selection is None


def test_search_finds_a_named_node_and_jumps_to_it(window, load, qtbot):
    load(example("basic_autograd.py"))
    window.actions_.find.trigger()
    qtbot.keyClicks(window.search_bar.edit, "w")
    qtbot.waitUntil(lambda: window.document.view_model.search_text == "w", timeout=5000)
    graph = window.document.view_model.graph
    selected = window.document.view_model.selected_members()
    assert selected and graph.nodes[selected[0]].get("name") == "w"
    assert window.search_bar.count.text().endswith(f"of {len(window.document.view_model.matches)}")
    item = window.scene.node_items[window.document.view_model.selection]
    assert item.highlighted  # outlined by the search style layer
    assert window.view.viewport().rect().contains(window.view.mapFromScene(item.scene_rect().center()))
    window.search_bar.clear()
    assert not window.document.view_model.matches and not item.highlighted


def test_color_mode_switch_recolors_without_relayout(window, load, qtbot):
    load(example("basic_autograd.py"))
    requests = window.controller.layouts.latest()
    item = next(iter(window.scene.node_items.values()))
    device_fill = item.fill.name()
    combo = window.actions_.color_combo
    combo.setCurrentIndex(combo.findData("op"))
    combo.activated.emit(combo.currentIndex())
    assert window.document.view_model.color_mode == "op"
    assert window.controller.layouts.latest() == requests  # no new layout
    expected = colors.node_colors(window.document.view_model.graph, "op")[item.members[0]]
    assert item.fill.name().lower() == expected.lower() != device_fill.lower()
    # an entry for each op family, shown in the legend strip under the graph
    qtbot.waitUntil(
        lambda: (
            window.legend.entry_texts() == [e.text for e in window.legend.entries]
            and len(window.legend.entries) >= 3
        ),
        timeout=5000,
    )
    assert window.legend.entries and window.legend.entries[0].label in {
        f for f, _, _ in colors.OP_FAMILIES
    } | {colors.OTHER_FAMILY}
    # Gradient mode is offered only once backward has run.
    assert "grad" not in window.document.view_model.available_color_modes()


def test_device_colors_match_rendered_pixels_and_transfers_stand_out(window, load, qtbot):
    load(example("devices.py"))
    graph = window.document.view_model.graph
    devices = {d for _, d in graph.nodes(data="device")}
    assert "cpu" in devices and len(devices) == 2
    image = window.view.grab().toImage()
    ratio = image.devicePixelRatio()
    for item in window.scene.node_items.values():
        device = graph.nodes[item.members[0]]["device"]
        center = window.view.mapFromScene(item.scene_rect().center())
        half = max(3, int(item.scene_rect().width() * window.view.zoom() * 0.3))
        seen = dominant_color(image, QPoint(int(center.x() * ratio), int(center.y() * ratio)), half)
        assert close_colors(seen, QColor(colors.device_color(device))), (item.display_id, device, seen.name())
    transfers = [e for e in window.scene.edge_items if e.transfer]
    assert transfers and all(e.width > 2 for e in transfers)
    moved = {graph.nodes[v]["op"] for e in transfers for _, v in e.graph_edges}
    assert any("ToCopy" in op or "Backward" in op for op in moved)
    assert {e.label for e in window.legend.entries} == devices
    assert window.legend.transfer_count == len(transfers)


def test_a_transfer_label_stays_clear_of_its_edge_at_every_step(window, load):
    load(example("devices.py"))
    transfer = next(e for e in window.scene.edge_items if e.transfer and e.label)
    assert transfer.label == "cpu → meta"
    widths = set()
    window.timeline.start(FORWARD)
    for index in range(len(window.document.view_model.step_order(FORWARD))):
        window.timeline.go(index)
        widths.add(transfer.width)
        stroker = QPainterPathStroker()
        stroker.setWidth(transfer.width)  # the line as drawn now
        assert not stroker.createStroke(transfer.path).intersects(transfer._label_box), index
    assert STEP_EDGE_WIDTH in widths  # a step marks the transfer itself, with its thick arrow


def test_collapse_and_expand_modules(window, load, qtbot):
    load(example("transformer_layer.py"))
    doc = window.document

    def marks_shown() -> bool:
        """Every module's check mark says whether it is collapsed."""
        collapsed = doc.view_model.options.collapsed
        checked = {p for p, i in window.modules.items().items() if i.checkState(0) == Qt.CheckState.Checked}
        return checked == set(collapsed)

    modules = doc.view_model.modules()
    assert "self_attn" in modules
    before = set(window.scene.node_items)
    assert "self_attn" in window.scene.cluster_items  # drawn as a Graphviz cluster
    # (self_attn.out_proj holds only parameters here: the display draws no cluster for it)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        item = window.modules.items()["self_attn"]
        item.setCheckState(0, Qt.CheckState.Checked)  # the Modules panel's checkbox
    collapsed = set(window.scene.node_items)
    assert MODULE_PREFIX + "self_attn" in collapsed and len(collapsed) < len(before)
    assert not any(c.startswith("self_attn") for c in window.scene.cluster_items)
    members = window.scene.node_items[MODULE_PREFIX + "self_attn"].members
    assert all((doc.view_model.graph.nodes[m].get("module") or "").startswith("self_attn") for m in members)
    # Double-click on the collapsed node expands it again.
    node = window.scene.node_items[MODULE_PREFIX + "self_attn"]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        pos = window.view.mapFromScene(node.scene_rect().center())
        qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert set(window.scene.node_items) == before
    assert marks_shown()  # the box checked by hand is cleared by the double-click
    # Collapse all to depth 1: every top-level module becomes one node.
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.modules.depth_box.setValue(1)
        window.modules.collapse_button.click()
    tops = {m for m in modules if "." not in m}
    assert {MODULE_PREFIX + m for m in tops} <= set(window.scene.node_items)
    assert not window.scene.cluster_items
    assert all(window.modules.items()[m].checkState(0) == Qt.CheckState.Checked for m in tops)
    assert marks_shown()
    # "Expand all" takes the window's own path (as Graph > Expand All: the picture from its top)
    shown = qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS)
    with shown, qtbot.waitSignal(window.modules.expandAllRequested):
        window.modules.expand_button.click()
    assert not doc.view_model.options.collapsed and set(window.scene.node_items) == before
    assert marks_shown()


def test_run_backward_enables_gradient_colors_and_inspector_grads(window, load, qtbot):
    window.actions_.backward.setChecked(True)  # no script open yet: nothing reloads
    load(example("basic_autograd.py"))
    doc = window.document
    assert doc.view_model.has_gradients() and "grad" in doc.view_model.available_color_modes()
    doc.view_model.set_color_mode("grad")
    leaf = next(n for n, k in doc.view_model.graph.nodes(data="kind") if k == "leaf")
    doc.view_model.select_graph_node(leaf)
    values = window.inspector.values()
    assert values["Gradient/values"] == "[[0.75, 3], [6.75, 3]]"
    item = window.scene.items_for(leaf)[0]
    assert item.fill.name().lower() == colors.node_colors(doc.view_model.graph, "grad")[leaf].lower()


def test_node_tooltip_speaks_the_windows_language(window, load, qapp):
    assert install_translators(qapp, "ko") == "ko"
    try:
        load(example("basic_autograd.py"))
        graph = window.document.view_model.graph
        out = next(n for n, o in graph.nodes(data="is_output") if o)
        tip = window.scene.items_for(out)[0].toolTip()
    finally:
        install_translators(qapp, "en")
    assert "모양: 스칼라" in tip and "장치: cpu" in tip and "스크립트의 출력" in tip
    assert "클릭하면 속성 패널에 자세히 나옵니다" in tip
    for english in ("shape:", "device:", "output of the script", "Click for details", "scalar"):
        assert english not in tip, tip


def test_a_korean_windows_labels_speak_korean(qtbot, qt_runner, qapp):
    """The labels' words (``scalar``) are the window's language, as its exports' are."""
    from graphviz_app.qt.shell.main_window import MainWindow

    assert install_translators(qapp, "ko") == "ko"
    try:
        korean = MainWindow(runner=qt_runner)
        qtbot.addWidget(korean)
        korean.show()
        with qtbot.waitSignal(korean.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            korean.open_path(example("basic_autograd.py"))
        graph = korean.document.view_model.graph
        z = next(n for n in graph if graph.nodes[n].get("name") == "z")
        assert korean.scene.node_items[z].lines[-1] == "z: 스칼라"
        korean.close()
    finally:
        install_translators(qapp, "en")


def test_every_node_item_is_a_node(window, load):
    load(example("sequential_branches.py"))
    kinds = {type(i) for i in window.scene.items() if not isinstance(i, EdgeItem)}
    assert NodeItem in kinds
    for display_id, item in window.scene.node_items.items():
        assert item.display_id == display_id
        for member in item.members:
            assert item in window.scene.items_for(member)


def test_search_by_module_and_collapsed_module_and_collapse_survives_reload(window, load, qtbot):
    load(example("transformer_layer.py"))
    doc = window.document
    doc.view_model.search("norm1")
    found = doc.view_model.matches
    assert found and all(
        "norm1" in (doc.view_model.graph.nodes[m].get("module") or "")
        or "norm1" in (doc.view_model.graph.nodes[m].get("name") or "")
        for d in found
        for m in doc.view_model.display.nodes[d].members
    )
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        doc.view_model.collapse("norm1")
    assert doc.view_model.matches == [MODULE_PREFIX + "norm1"]  # the search follows the collapsed node
    assert window.scene.node_items[MODULE_PREFIX + "norm1"].highlighted
    # The collapsed view survives a reload.
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.actions_.reload.trigger()
    assert MODULE_PREFIX + "norm1" in window.scene.node_items


def test_dark_theme_and_about_box(window, load, qtbot):
    from graphviz_app.qt.theme import is_dark

    load(example("basic_autograd.py"))
    window.actions_.theme_by["dark"].trigger()
    try:
        assert is_dark() and window.settings.theme() == "dark"
        qtbot.waitUntil(lambda: is_dark(window.palette()), timeout=5000)  # widgets follow
        edge = window.scene.edge_items[0]
        assert edge.color.lightness() > 128  # light edges on the dark canvas
        node = next(iter(window.scene.node_items.values()))
        assert node.text_color.name() == colors.text_color(node.fill.name())
    finally:
        window.actions_.theme_by["light"].trigger()
    assert not is_dark()
    window.actions_.about.trigger()
    text = window._about.text()
    for name in ("PyTorch", "Qt", "Graphviz", "PySide6"):
        assert name in text
    assert "2.4" in text or "version" in text.lower() or any(c.isdigit() for c in text)
    window._about.close()


def test_step_style_layer_restyles_without_relayout(window, load, qtbot):
    """What a stepper will do: ghost nodes not created yet, badge the current one; no new layout."""
    from graphviz_app.core.view.look import NodeStyle

    load(example("basic_autograd.py"))
    doc = window.document
    doc.view_model.set_values(False)  # no Values badges: the step layer's badge alone
    requests = window.controller.layouts.latest()
    order = sorted(doc.view_model.graph.nodes, key=lambda n: doc.view_model.graph.nodes[n]["forward_index"])
    current, later = order[1], order[2:]
    styles = {n: NodeStyle(ghost=True) for n in later}
    styles[current] = NodeStyle(pen="#d40000", penwidth=3.0, extra_label="step 2")
    doc.view_model.set_style_layer("step", styles)
    assert window.controller.layouts.latest() == requests
    item = window.scene.items_for(current)[0]
    assert item.badge == "step 2" and item.pen_width == 3.0
    ghosts = [window.scene.items_for(n)[0] for n in later]
    assert all(g.ghost and g.opacity() < 1 for g in ghosts)
    doc.view_model.set_style_layer("step", None)
    assert item.badge is None and not any(g.ghost for g in ghosts)


GRU_SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
gru = nn.GRU(4, 4)
loss = gru(torch.randn(16, 1, 4))[0].pow(2).mean()
loss.backward()
"""


def test_a_copy_of_a_scattering_op_says_which_use_it_is_and_selects_the_op(window, load, write_script):
    load(write_script(GRU_SCRIPT))
    model = window.document.view_model
    (unbind,) = [n for n, op in model.graph.nodes(data="op") if op == "UnbindBackward0"]
    copies = [i for i in model.display.display_ids(unbind) if i != unbind]
    assert copies and {window.scene.node_items[c] for c in copies} <= set(window.scene.items_for(unbind))
    k, n = model.display.nodes[copies[-1]].use
    assert "this op's result is used far apart" in window.scene.node_items[copies[-1]].toolTip()
    model.select(copies[-1])
    values = window.inspector.values()
    assert values["Node/copy"] == f"use {k} of {n}" and values["Node/op"] == "UnbindBackward0"
