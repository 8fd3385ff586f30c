"""A collapsed module's name is drawn inside its 3-D box's front face (item geometry; the real
window on the transformer lesson collapsed to depth 1, and boxes sized tighter than that)."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from graphviz_app.qt.canvas.items import BOX3D_DEPTH, NodeItem
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS

TRANSFORMER_MODULE = ("linear2", "Linear", "(4 ops, 2 params)")


def _inside(item: NodeItem) -> None:
    """The label's lines lie within the front face: below the top face, left of the side face."""
    text, face = item.text_rect(), item.label_area()
    box = item.boundingRect()
    assert face.contains(text), (item.display_id, text, face)
    assert text.top() >= item.scene_rect().height() / -2 + BOX3D_DEPTH, (item.display_id, text)
    assert box.contains(face)


def test_collapsed_module_names_sit_inside_their_boxes_in_the_window(window, load, qtbot):
    load(example("transformer_layer.py"))
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.document.view_model.collapse_to_depth(1)
    modules = [item for item in window.scene.node_items.values() if item.kind == "module"]
    assert {"m:linear2", "m:norm2"} <= {item.display_id for item in modules}
    for item in modules:
        assert item.shape_name == "box3d"
        _inside(item)


def test_a_box_sized_for_graphvizs_tighter_lines_still_holds_its_label(qtbot):
    """Three lines in a box as tall as Graphviz made it with an op's margin (3 x 12 points of
    text plus 2 x 2.9): Qt's lines are taller, so the fonts shrink until they fit."""
    item = NodeItem("m:linear2", ("n1",), "module", QRectF(0, 0, 98, 41.8), TRANSFORMER_MODULE, shape="box3d")
    _inside(item)
    assert item.text_rect().center().x() < 0  # centred in the front face, left of the side face
    op = NodeItem("n2", ("n2",), "op", QRectF(0, 0, 85, 28), ("AddBackward0", "2×5×32"), shape="box")
    assert op.label_area().contains(op.text_rect())
    assert op.text_rect().center() == op.label_area().center()
