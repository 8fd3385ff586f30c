"""Files in and out: live reload, drag and drop, recent files, remembered window state, main()."""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication

from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example

from .conftest import LOAD_TIMEOUT_MS

SCRIPT = """
import torch
a = torch.ones(3, requires_grad=True)
b = a * 2
"""


def test_live_reload_redraws_when_the_script_is_saved(window, load, qtbot, write_script):
    path = write_script(SCRIPT + "c = b.sum()\n", "live.py")
    load(path)
    assert window.document.view_model.graph.number_of_nodes() == 3
    assert str(path) in window.controller.watcher.files()
    time.sleep(0.05)  # let the file's mtime move on coarse filesystems
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        # Save the way many editors do: write a new file and replace the old one.
        tmp = path.with_suffix(".tmp")
        tmp.write_text(SCRIPT + "c = (b + 1).exp().sum()\n", encoding="utf-8")
        tmp.replace(path)
    qtbot.waitUntil(lambda: window.document.view_model.graph.number_of_nodes() == 5, timeout=LOAD_TIMEOUT_MS)
    assert "changed on disk" in window.messages.plain_text()


def test_live_reload_after_a_failure_picks_up_the_fix(window, load, qtbot, write_script):
    path = write_script(SCRIPT + "raise RuntimeError('oops')\n", "fixme.py")
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        path.write_text(SCRIPT + "c = b.sum()\n", encoding="utf-8")
    assert window.document.path == path.resolve()


def test_dropping_a_script_opens_it_and_the_recent_files_menu_reopens_it(window, load, qtbot):
    """The script dropped first is the one the Recent menu reopens after another was opened."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(example("basic_autograd.py")))])
    event = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.dropEvent(event)
    assert window.document.path.name == "basic_autograd.py"
    text = QMimeData()
    text.setText("not a file")
    assert window._dropped_path(text) is None
    load(example("detach.py"))
    window.update_recent_menu()
    actions = [a for a in window.actions_.recent_menu.actions() if a.toolTip().endswith(".py")]
    assert [a.toolTip().rsplit("/", 1)[-1] for a in actions[:2]] == ["detach.py", "basic_autograd.py"]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        actions[1].trigger()
    assert window.document.path.name == "basic_autograd.py"


def test_a_recent_file_whose_name_is_not_utf8_reopens(window, qtbot, tmp_path):
    script = Path(os.fsdecode(os.fsencode(tmp_path) + b"/caf\xe9.py"))  # Latin-1 é: no UTF-8
    script.write_text(SCRIPT, encoding="utf-8")
    window.settings.add_recent(script)
    window.settings.sync()
    assert Settings().recent_files()[0] == str(script)  # a new session reads the same name back
    window.update_recent_menu()
    action = next(a for a in window.actions_.recent_menu.actions() if a.toolTip().endswith(".py"))
    assert action.text().endswith("caf\ufffd.py")  # the odd byte shown as �
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        action.trigger()
    assert window.document.path == script.resolve()
    assert window.settings.recent_files()[0] == str(script)  # still listed, not dropped


def test_window_state_and_recent_files_are_remembered(qtbot, qt_runner, isolated_settings):
    from graphviz_app.qt.shell.main_window import MainWindow

    first = MainWindow(runner=qt_runner)
    qtbot.addWidget(first)
    first.resize(700, 520)  # within the offscreen screen (800x600)
    first.show()
    first.docks["modules"].hide()
    first.settings.add_recent(example("basic_autograd.py"))
    first.document.view_model.set_color_mode("op")
    first.close()
    second = MainWindow(runner=qt_runner)
    qtbot.addWidget(second)
    second.show()
    assert second.size().width() == 700
    assert not second.docks["modules"].isVisible()
    assert second.settings.recent_files()[0].endswith("basic_autograd.py")
    assert second.document.view_model.color_mode == "op"
    second.close()


def test_main_opens_the_basic_example(qtbot, monkeypatch):
    """``main([])`` shows the window on the bundled basic example, graph drawn, then quits."""
    from graphviz_app.qt import app as app_module

    seen = {}

    def check() -> None:
        windows = [
            w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow" and w.isVisible()
        ]
        if windows and windows[-1].scene.node_items:
            seen["nodes"] = len(windows[-1].scene.node_items)
            seen["title"] = windows[-1].windowTitle()
            QApplication.instance().quit()
        else:
            QTimer.singleShot(100, check)

    QTimer.singleShot(100, check)
    monkeypatch.setattr(app_module.signal, "signal", lambda *a: None)
    # Closing the last window would post a Quit event that outlives main()'s loop and would end
    # the next test's waits early; a real run quits right there anyway.
    app = QApplication.instance()
    app.setQuitOnLastWindowClosed(False)
    try:
        assert app_module.main([]) == 0
    finally:
        app.setQuitOnLastWindowClosed(True)
    assert not [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow" and w.isVisible()]
    assert seen == {"nodes": 4, "title": "basic_autograd.py — graphviz_app"}
