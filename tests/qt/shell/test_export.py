"""File ▸ Export through the real dialog and Graphviz; Copy Image."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET

from PySide6.QtGui import QGuiApplication, QImage

from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.qt.document import CURRENT_MATCH_PEN
from graphviz_app.resources import example

EXPORT_TIMEOUT_MS = 60_000


def export_via_dialog(window, qtbot, path, scale: float | None = None):
    """Open File ▸ Export, type ``path``, press Export and wait for the file."""
    window.actions_.export.trigger()
    dialog = window._export
    dialog.path.setText(str(path))
    if scale is not None:
        dialog.scale.setValue(scale)
    with qtbot.waitSignal(dialog.exported, timeout=EXPORT_TIMEOUT_MS):
        dialog.export_button.click()
    assert not dialog.isVisible()
    return dialog


def test_export_png_svg_pdf_dot_json(window, load, qtbot, tmp_path):
    load(example("devices.py"))
    window.document.view_model.search("ToCopy")  # a highlight that must appear in the export
    png = tmp_path / "graph.png"
    export_via_dialog(window, qtbot, png, scale=2.0)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    small = tmp_path / "small.png"
    export_via_dialog(window, qtbot, small, scale=1.0)
    big, little = QImage(str(png)), QImage(str(small))
    assert not big.isNull() and big.width() > little.width() * 1.8
    svg = tmp_path / "graph.svg"
    export_via_dialog(window, qtbot, svg)
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    text = svg.read_text(encoding="utf-8")
    assert "ToCopyBackward0" in text and CURRENT_MATCH_PEN in text.lower()  # the search highlight
    pdf = tmp_path / "graph.pdf"
    export_via_dialog(window, qtbot, pdf)
    assert pdf.read_bytes()[:5] == b"%PDF-"
    dot = tmp_path / "graph.dot"
    export_via_dialog(window, qtbot, dot)
    assert dot.read_text(encoding="utf-8").startswith("digraph")
    saved = tmp_path / "graph.json"
    export_via_dialog(window, qtbot, saved)
    assert set(load_graph_json(saved).nodes) == set(window.document.view_model.graph.nodes)
    assert "Exported" in window.messages.plain_text()


def test_export_follows_collapsed_modules_and_color_mode(window, load, qtbot, tmp_path):
    load(example("transformer_layer.py"))
    with qtbot.waitSignal(window.controller.graphShown, timeout=EXPORT_TIMEOUT_MS):
        window.document.view_model.collapse("self_attn")
    window.document.view_model.set_color_mode("module")
    dot = tmp_path / "collapsed.dot"
    export_via_dialog(window, qtbot, dot)
    text = dot.read_text(encoding="utf-8")
    assert '"m:self_attn"' in text and "cluster_self_attn" not in text


def test_unwritable_path_gives_a_clear_message_and_no_file(window, load, qtbot):
    load(example("basic_autograd.py"))
    # /proc refuses new files even to root, so this holds for any user.
    window.actions_.export.trigger()
    dialog = window._export
    dialog.path.setText("/proc/graph.png")
    dialog.export_button.click()
    qtbot.waitUntil(lambda: dialog.error.isVisible(), timeout=EXPORT_TIMEOUT_MS)
    assert "/proc" in dialog.error.text()
    assert not os.path.exists("/proc/graph.png")
    dialog.close()


def test_wrong_paths_give_clear_messages_and_leave_no_partial_file(window, load, qtbot, tmp_path):
    load(example("basic_autograd.py"))
    window.actions_.export.trigger()
    dialog = window._export
    for path, words in [
        (tmp_path / "missing" / "graph.png", "does not exist"),
        (tmp_path / "graph.bmp", "not an export format"),
        (tmp_path, "is a folder"),
    ]:
        dialog.error.hide()
        dialog.path.setText(str(path))
        dialog.export_button.click()
        qtbot.waitUntil(lambda: dialog.error.isVisible(), timeout=EXPORT_TIMEOUT_MS)
        assert words in dialog.error.text(), dialog.error.text()
        assert dialog.isVisible() and dialog.export_button.isEnabled()
    # A file in the way of the folder.
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    dialog.error.hide()
    dialog.path.setText(str(blocker / "graph.svg"))
    dialog.export_button.click()
    qtbot.waitUntil(lambda: dialog.error.isVisible(), timeout=EXPORT_TIMEOUT_MS)
    assert "is a file, not a folder" in dialog.error.text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]
    dialog.close()


def test_copy_image_puts_the_view_on_the_clipboard(window, load, qtbot):
    load(example("basic_autograd.py"))
    QGuiApplication.clipboard().clear()
    window.actions_.copy_image.trigger()
    image = QGuiApplication.clipboard().image()
    assert not image.isNull()
    assert image.width() >= window.view.width() - 2


def test_failed_export_shows_why_and_leaves_no_file(window, load, qtbot, tmp_path, monkeypatch):
    load(example("basic_autograd.py"))
    window.actions_.export.trigger()
    dialog = window._export
    monkeypatch.setenv("PATH", str(tmp_path / "no-graphviz-here"))
    monkeypatch.setenv("GRAPHVIZ_APP_ENGINE", "system")  # (auto would take the packaged engine)
    target = tmp_path / "graph.png"
    dialog.path.setText(str(target))
    dialog.export_button.click()
    qtbot.waitUntil(lambda: dialog.error.isVisible(), timeout=EXPORT_TIMEOUT_MS)
    assert "install graphviz" in dialog.error.text().lower()
    assert list(tmp_path.iterdir()) == []
    dialog.close()
