"""File ▸ Export offers the interactive HTML page, drawn as the window shows the graph."""

from __future__ import annotations

from pathlib import Path

from graphviz_app.qt.shell.export_dialog import FORMATS

GOLDEN = Path(__file__).parent.parent / "core" / "golden"


def test_export_dialog_writes_the_interactive_page(window, load, qtbot, tmp_path):
    load(GOLDEN / "basic_autograd.json")
    window.set_values_visible(True)  # the Values badges must reach the page
    window.actions_.export.trigger()
    dialog = window._export
    dialog.format.setCurrentIndex(dialog.format.findData("html"))
    assert dialog.path.text().endswith(".html") and not dialog.scale.isEnabled()
    target = tmp_path / "graph.html"
    dialog.path.setText(str(target))
    with qtbot.waitSignal(dialog.exported, timeout=60_000):
        dialog.export_button.click()
    page = target.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'id="gva-data"' in page
    assert "w.grad = [[0.75, 3], [6.75, 3]]" in page
    assert "html" in FORMATS and "Exported" in window.messages.plain_text()
