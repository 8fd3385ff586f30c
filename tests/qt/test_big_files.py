"""Big saved graphs are read off the GUI thread: a file over a limit is refused and the window goes
on; a read in progress says how far it has come and can be cancelled, which leaves the window as a
cancelled script run does. (How long a refusal takes, and whether the event loop stalls, is
measured by ``bench/bigfile.py``.)"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from hostile import chain_file, trace
from PySide6.QtCore import Qt, QTimer

from graphviz_app.core.model import limits
from graphviz_app.qt import jobs

from .conftest import LOAD_TIMEOUT_MS


def small_graph(tmp_path: Path) -> Path:
    path = tmp_path / "small.json"
    path.write_text(json.dumps(trace()), encoding="utf-8")
    return path


def assert_speaks_only_of(window, path: Path) -> None:
    """Nothing is drawn and the title, status bar and Source panel name ``path`` (as after a
    failed or cancelled run of another script)."""
    assert window.document.view_model.graph is None and window.document.path == path.resolve()
    assert window.view.is_empty() and not window.scene.node_items
    assert window.view.banner_text() is None
    assert window.windowTitle().startswith(path.name)
    assert str(path.resolve()) in window.status_path.text()
    assert window.source.view.toPlainText() == ""  # not the previous graph's script


def test_a_million_nodes_are_refused_and_the_window_goes_on(window, load, qtbot, tmp_path):
    small = small_graph(tmp_path)
    load(small)
    big = chain_file(tmp_path / "million.json", 1_000_000)
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as blocker:
        window.open_path(big)
    message = blocker.args[0].message.english()
    assert message.startswith(
        f"{big}: cannot open this saved graph: nodes must be a list of at most "
        f"{limits.MAX_NODES:,} items, found a list of more than {limits.MAX_NODES:,} items."
    )
    assert message in window.messages.plain_text()
    assert_speaks_only_of(window, big)  # as for any bad file
    assert not window.controller.reads.is_busy() and not window.view.busy.isVisible()
    assert not window.actions_.cancel.isEnabled()
    fired: list[int] = []
    QTimer.singleShot(1, lambda: fired.append(1))
    qtbot.waitUntil(lambda: fired == [1])
    load(small)
    assert set(window.scene.node_items) == {"n0", "n1"}


def test_a_read_shows_its_progress_and_cancel_leaves_the_window_honest(
    window, load, qtbot, tmp_path, monkeypatch
):
    monkeypatch.setattr(jobs, "PROGRESS_INTERVAL_S", 0.0)  # every report reaches the window
    load(small_graph(tmp_path))
    big = chain_file(tmp_path / "big.json", 150_000)
    reading = threading.Event()
    release = threading.Event()

    def hold(step, request) -> None:  # on the reading thread: the read waits while the user cancels
        if step.stage == "reading" and step.done and not reading.is_set():
            reading.set()
            release.wait(LOAD_TIMEOUT_MS / 1000)

    window.controller.reads.progress.connect(hold, Qt.ConnectionType.DirectConnection)
    try:
        window.open_path(big)
        qtbot.waitUntil(lambda: window.view.busy.isVisible(), timeout=LOAD_TIMEOUT_MS)
        assert reading.is_set() and window.controller.reads.is_busy()
        shown = window.view.busy.label.text()
        assert shown.startswith("Reading big.json: ") and shown.endswith(" MB…")
        assert window.statusBar().currentMessage() == shown
        assert window.actions_.cancel.isEnabled()
        assert window.document.path.name == "small.json"  # the graph shown until the read ends
        qtbot.mouseClick(window.view.busy.cancel_button, Qt.MouseButton.LeftButton)
    finally:
        release.set()
    stopped = "Stopped reading big.json: the read was cancelled."
    qtbot.waitUntil(lambda: stopped in window.messages.plain_text(), timeout=LOAD_TIMEOUT_MS)
    assert not window.controller.reads.is_busy() and not window.view.busy.isVisible()
    assert window.statusBar().currentMessage() == stopped
    assert_speaks_only_of(window, big)
    assert not window.actions_.cancel.isEnabled()


def test_a_newer_open_replaces_a_read_in_progress(window, load, qtbot, tmp_path):
    small = small_graph(tmp_path)
    big = chain_file(tmp_path / "big.json", 150_000)
    failures: list[str] = []
    window.controller.loadFailed.connect(lambda error: failures.append(error.message.english()))
    window.open_path(big)
    assert window.controller.reads.is_busy()
    load(small)
    qtbot.waitUntil(lambda: not jobs.running_tasks(), timeout=LOAD_TIMEOUT_MS)
    assert window.document.path == small.resolve() and set(window.scene.node_items) == {"n0", "n1"}
    assert failures == [] and "big.json: the read was cancelled" not in window.messages.plain_text()
