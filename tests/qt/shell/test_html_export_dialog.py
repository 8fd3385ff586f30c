"""File ▸ Export offers the interactive HTML page, drawn as the window shows the graph."""

from __future__ import annotations

from pathlib import Path

from graphviz_app.qt.shell.export_dialog import FORMATS

GOLDEN = Path(__file__).parent.parent.parent / "core" / "golden"


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


def test_a_korean_window_exports_a_korean_page_of_its_step(window, load, qtbot, qapp, tmp_path):
    """The page speaks the window's language (Preferences); a step's sentence is drawn once,
    above the graph, and the tab names the graph, not the step."""
    from graphviz_app.qt.i18n import install_translators, text

    load(GOLDEN / "basic_autograd.json")
    assert install_translators(qapp, "ko") == "ko"
    try:
        window.document.view_model.set_step("forward", 1, follow=False)
        step = window.document.view_model.step
        assert step is not None
        sentence = text(step.message)
        window.actions_.export.trigger()
        dialog = window._export
        dialog.format.setCurrentIndex(dialog.format.findData("html"))
        target = tmp_path / "graph.html"
        dialog.path.setText(str(target))
        with qtbot.waitSignal(dialog.exported, timeout=60_000):
            dialog.export_button.click()
    finally:
        install_translators(qapp, "en")
    page = target.read_text("utf-8")
    assert '<html lang="ko">' in page and ">색: 장치</text>" in page and "노드를 클릭하면" in page
    assert sentence.startswith("순전파 단계 2/4") and page.count("순전파 단계 2/4") == 1
    assert "<title>basic_autograd.py — autograd 그래프</title>" in page
