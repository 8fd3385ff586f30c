"""The window's smaller details a learner meets: Export proposes a folder of the user's, a clicked
edge says what flows along it, a "meta" gradient writes no "None", the Modules tree names each
module's class, the Leaves table fits its dock, and a greyed Color by Gradient says why."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from graphviz_app.qt.canvas.items import SELECTION_COLOR
from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example, examples_dir, resources_dir

from .conftest import LOAD_TIMEOUT_MS
from .shell.test_export import export_via_dialog
from .test_stepping import run_backward


def proposed_export(window) -> Path:
    window.actions_.export.trigger()
    dialog = window._export
    path = Path(dialog.path.text())
    dialog.reject()
    return path


def test_export_proposes_a_folder_of_the_users_never_the_bundled_examples(
    window, load, qtbot, tmp_path, write_script
):
    Settings().set_last_dir(examples_dir())  # the Open dialog was last used on the lessons' folder
    load(example("basic_autograd.py"))
    path = proposed_export(window)
    own = resources_dir().resolve()
    assert path.name == "basic_autograd.png"
    assert path.parent.resolve() != own and own not in path.parent.resolve().parents
    assert path.parent == Path.home()
    script = write_script(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum()\n", "mine.py"
    )
    load(script)
    assert proposed_export(window) == script.parent / "mine.png"  # beside the user's own script
    out = tmp_path / "figures"
    out.mkdir()
    export_via_dialog(window, qtbot, out / "mine.svg")
    assert proposed_export(window).parent == out  # where the last export went
    load(example("basic_autograd.py"))
    assert proposed_export(window) == out / "basic_autograd.png"


def _edge(window, source_op: str, target_op: str):
    graph = window.document.view_model.graph
    for edge in window.scene.edge_items:
        ops = [(graph.nodes[u]["op"], graph.nodes[v]["op"]) for u, v in edge.graph_edges]
        if (source_op, target_op) in ops:
            return edge
    raise AssertionError(f"no edge {source_op} → {target_op}")


def _click(window, qtbot, scene_point) -> None:
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(scene_point))


def test_clicking_an_edge_selects_it_and_the_inspector_says_what_flows(window, load, qtbot):
    load(example("basic_autograd.py"))  # w → x = w**3 → y = x + 3 → z = y.mean()
    edge = _edge(window, "PowBackward0", "AddBackward0")
    before = QColor(edge.color)
    _click(window, qtbot, edge.path.pointAtPercent(0.5))
    assert window.selected_edge() is edge and edge.color == QColor(SELECTION_COLOR)
    assert window.document.view_model.selection is None
    rows = window.inspector.values()
    assert window.inspector.title.text() == "x (PowBackward0) → y (AddBackward0)"
    assert rows["Edge/from"].startswith("x (PowBackward0)") and rows["Edge/to"].startswith("y (AddBackward0)")
    assert rows["Tensor on the edge/shape"] == "[2, 2]"
    assert rows["Forward value/values"] == "[[1, 8], [27, 8]]"  # x = w**3, w = [[1, 2], [3, 2]]
    assert "Run Backward" in rows["Gradient flowing back/gradient"]
    corner = QPoint(5, 5)
    assert window.view.item_at(corner) is None
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=corner)
    assert window.selected_edge() is None and edge.color == before  # the background: unselected
    assert window.inspector.title.text() == "Nothing selected"

    run_backward(window, qtbot)
    edge = _edge(window, "PowBackward0", "AddBackward0")
    _click(window, qtbot, edge.path.pointAtPercent(0.5))
    rows = window.inspector.values()
    # z = mean of 4 elements: the gradient flowing back to x is 1/4 in each place, norm 0.5
    assert rows["Gradient flowing back/values"] == "[[0.25, 0.25], [0.25, 0.25]]"
    assert rows["Gradient flowing back/norm"] == "0.5"
    node = next(i for i in window.scene.node_items.values() if i.kind == "leaf")
    _click(window, qtbot, node.scene_rect().center())  # a node: the edge lets go
    assert window.selected_edge() is None and edge.color != QColor(SELECTION_COLOR)
    assert window.inspector.title.text().startswith("w")


def test_a_meta_gradient_writes_no_none_on_the_graph_or_in_the_inspector(window, load, write_script):
    script = write_script(
        """
        import torch
        w = torch.randn(3, device="meta", requires_grad=True)
        y = (w * 2).sum()
        y.backward()
    """,
        "meta_grad.py",
    )
    load(script)
    doc = window.document
    assert doc.view_model.has_gradients() and doc.view_model.values_shown()
    for item in window.scene.node_items.values():
        assert "None" not in (item.badge or "") and "None" not in item.toolTip(), item.lines
        doc.view_model.select(item.display_id)
        rows = window.inspector.values()
        assert rows["Gradient/shape"] == "[3]" if item.kind == "leaf" else rows["Gradient/shape"]
        # (a saved tensor torch itself left out reads self=None: that is torch's record)
        assert not [k for k, v in rows.items() if "None" in v and not k.startswith("Saved")], item.lines


def test_the_modules_tree_names_each_modules_class(window, load):
    load(example("sequential_branches.py"))
    items = window.modules.items()
    classes = {path: item.text(2) for path, item in items.items()}
    # nn.Sequential(nn.Linear(4, 8), TwoBranch(8), nn.ReLU(), nn.Linear(8, 2)); TwoBranch has
    # left = Sequential(Linear, Tanh) and right = Linear
    assert classes["0"] == "Linear" and classes["1"] == "TwoBranch" and classes["3"] == "Linear"
    assert classes["1.left"] == "Sequential" and classes["1.right"] == "Linear"
    assert items["1"].text(0) == "1" and items["1.left"].text(0) == "left"
    tree = window.modules.tree
    assert [tree.headerItem().text(c) for c in range(3)] == ["Module", "Nodes", "Class"]
    # the names stay readable: the module column is as wide as its longest name needs
    assert tree.columnWidth(0) >= tree.sizeHintForColumn(0) > tree.fontMetrics().horizontalAdvance("right")


def test_the_leaves_table_fits_its_dock_at_1024x700(qtbot, laptop_window):
    win = laptop_window
    with qtbot.waitSignal(win.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        win.open_path(example("two_layer_training.py"))  # W1, b1, W2, b2, after loss.backward()
    win.docks["leaves"].raise_()
    table = win.leaves.table
    qtbot.waitUntil(table.isVisible)
    try:

        def shown() -> list[str]:
            model = table.model()
            return [
                model.headerData(c, Qt.Orientation.Horizontal)
                for c in range(model.columnCount())
                if not table.isColumnHidden(c)
            ]

        def assert_fits() -> None:
            model = table.model()
            columns = [c for c in range(model.columnCount()) if not table.isColumnHidden(c)]
            assert sum(table.columnWidth(c) for c in columns) <= table.viewport().width()
            qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible())  # laid out later
            metrics = table.fontMetrics()
            for row in range(model.rowCount()):
                for column in columns:
                    text = model.index(row, column).data()
                    assert metrics.horizontalAdvance(text) <= table.columnWidth(column), (text, column)

        # every leaf on the cpu (the status bar says so); the narrow dock leaves the shape to
        # the name's tooltip, and keeps the gradient's norm and range in sight
        assert shown() == ["name", "‖grad‖", "range"]
        assert_fits()
        model = table.model()
        w1 = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == "W1")
        assert "[4, 6]" in model.index(w1, 0).data(Qt.ItemDataRole.ToolTipRole)
        low, high = model.index(w1, 4).data().split(" … ")
        assert float(low) < 0 < float(high)
        win.resizeDocks([win.docks["leaves"]], [460], Qt.Orientation.Horizontal)
        qtbot.waitUntil(lambda: shown() == ["name", "shape", "‖grad‖", "range"])
        assert_fits()
    finally:
        win.close()


def test_a_greyed_color_by_gradient_says_it_needs_a_backward_pass(window, load, qtbot):
    load(example("basic_autograd.py"))  # it never calls backward
    action = window.actions_.color_by["grad"]
    assert not action.isEnabled()
    assert "backward pass" in action.toolTip() and "backward pass" in action.statusTip()
    assert window.actions_.view_menu.toolTipsVisible()
    combo = window.actions_.color_combo
    assert "backward pass" in combo.model().item(combo.findData("grad")).toolTip()
    run_backward(window, qtbot)
    assert action.isEnabled() and action.toolTip() == action.text().replace("&", "")
    assert action.statusTip() == ""
