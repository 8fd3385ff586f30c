"""What a newly opened file starts with: the Modules panel's depth box shows the depth its first
view opened at; the search starts empty for another file (a reload keeps it), while the colour
mode, a preference, stays."""

from __future__ import annotations

from core.test_compose import residual_stack
from PySide6.QtWidgets import QToolButton

from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.resources import example


def test_the_depth_box_shows_the_depth_the_first_view_opened_at(window, load, tmp_path):
    saved = tmp_path / "stack.json"
    saved.write_text(dumps_graph(residual_stack(stages=6, blocks=50)), encoding="utf-8")
    window.settings.set_readable_first_view(True)
    load(saved)
    first = window.controller.first_view
    assert first is not None and first.depth is not None and first.depth != 1
    box = window.modules.depth_box
    assert box.value() == first.depth
    collapsed = window.document.view_model.options.collapsed
    window.modules.collapse_button.click()  # collapsing to the depth shown changes nothing
    assert window.document.view_model.options.collapsed == collapsed


def test_another_file_starts_with_no_search_but_the_same_colour_mode(window, load, qtbot):
    load(example("basic_autograd.py"))
    window.search_bar.edit.setText("Pow")
    window.search_bar.run_search()
    assert window.document.view_model.matches
    window.actions_.color_by["op"].trigger()
    load(example("basic_autograd.py"))  # a reload of the same file keeps the search
    assert window.search_bar.edit.text() == "Pow" and window.document.view_model.matches
    load(example("retain_grad.py"))
    assert window.search_bar.edit.text() == "" and window.document.view_model.search_text == ""
    assert window.document.view_model.matches == [] and window.search_bar.count.text() == ""
    clear = window.search_bar.edit.findChild(QToolButton)  # the field's own clear (x) button
    qtbot.waitUntil(lambda: not clear.isVisible())  # it fades out with the text
    assert window.document.view_model.color_mode == "op"  # a preference, kept
    assert window.actions_.color_combo.currentData() == "op"
