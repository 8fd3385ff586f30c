"""Scripts that crash, hang, exit or fail, files that are not graphs, a missing Graphviz:
the window shows a clear message and stays ready for the next load."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt, QTimer

from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.errors import GraphvizNotFoundError
from graphviz_app.resources import example
from graphviz_app.wire.errors import ScriptError

from .conftest import LOAD_TIMEOUT_MS


def fail_with(window, qtbot, path, timeout: int = LOAD_TIMEOUT_MS):
    """Open ``path``, wait for the failure and return the error."""
    with qtbot.waitSignal(window.controller.loadFailed, timeout=timeout) as blocker:
        window.open_path(path)
    return blocker.args[0]


def assert_still_works(window, load):
    load(example("basic_autograd.py"))
    assert len(window.scene.node_items) == 4
    assert not window.controller.jobs.is_busy() and not window.view.busy.isVisible()


@pytest.mark.parametrize(
    "source, kind, words",
    [
        ("import ctypes\nctypes.string_at(0)\n", "crash", "crashed"),
        ("import os\nprint('bye')\nos._exit(3)\n", "exit", "os._exit(3)"),
        (
            "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n"
            "raise ValueError('bad shape here')\n",
            "exception",
            "bad shape here",
        ),
    ],
    ids=["segfault", "os_exit", "exception"],
)
def test_failing_script_leaves_window_alive_with_message(
    window, load, qtbot, write_script, source, kind, words
):
    path = write_script(source, f"{kind}.py")
    error = fail_with(window, qtbot, path)
    assert isinstance(error, ScriptError) and error.kind == kind
    text = window.messages.plain_text()
    assert words in text
    assert window.docks["messages"].isVisible()
    assert window.isVisible() and not window.view.busy.isVisible()
    if kind == "exception":
        assert f"{path.name}, line 4" in text and "raise ValueError" in text  # the user's line
        assert "Traceback" in text or "ValueError" in text
    if kind == "exit":
        assert "bye" in text  # the script's output is kept
    assert_still_works(window, load)


def test_hanging_script_is_stopped_by_the_timeout(window, load, qtbot, write_script):
    """The limit counts from the script's start in its forked child (torch already imported), so
    one second is far more than it needs to reach the loop it then spins in until stopped."""
    window.controller.timeout = 1.0
    path = write_script("while True:\n    pass\n", "hang.py")
    error = fail_with(window, qtbot, path)
    assert error.kind == "timeout"
    assert "did not finish within 1 s" in window.messages.plain_text()
    # The line it was stuck on: named in the message and marked in the Source panel.
    assert error.line in (1, 2) and window.source.error_line == error.line
    code = {1: "while True:", 2: "pass"}[error.line]
    assert f"It was stuck on line {error.line}: {code}." in window.messages.plain_text()
    assert "--timeout" not in window.messages.plain_text()  # the window's limit is in Preferences
    window.controller.timeout = 60.0
    assert_still_works(window, load)


def test_cancel_button_stops_a_running_script(window, load, qtbot, write_script):
    path = write_script("import time\nprint('started', flush=True)\ntime.sleep(600)\n", "slow.py")
    with qtbot.waitSignal(window.controller.jobs.started, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)
    assert window.view.busy.isVisible() and window.actions_.cancel.isEnabled()
    # The GUI thread keeps handling events while the script runs: a timer ticks, the view zooms.
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=10_000)
    timer.stop()
    window.view.zoom_in()
    assert window.controller.jobs.is_busy()
    with qtbot.waitSignal(window.controller.runFinished, timeout=LOAD_TIMEOUT_MS):
        qtbot.mouseClick(window.view.busy.cancel_button, Qt.MouseButton.LeftButton)
    assert "cancelled" in window.messages.plain_text()
    assert not window.view.busy.isVisible() and not window.actions_.cancel.isEnabled()
    assert_still_works(window, load)


def test_a_new_load_while_running_replaces_the_run(window, load, qtbot, write_script):
    slow = write_script("import time\ntime.sleep(600)\n", "slow.py")
    with qtbot.waitSignal(window.controller.jobs.started, timeout=LOAD_TIMEOUT_MS):
        window.open_path(slow)
    assert_still_works(window, load)  # the newest request wins; the slow one was stopped
    assert window.document.path.name == "basic_autograd.py"


def test_reopening_a_json_graph_runs_no_code(window, load, qtbot, tmp_path):
    load(example("basic_autograd.py"))
    saved = tmp_path / "basic.json"
    saved.write_text(dumps_graph(window.document.view_model.graph), encoding="utf-8")
    nodes = set(window.document.view_model.graph.nodes)
    runs = []
    window.controller.jobs.started.connect(runs.append)
    window.document.clear()
    load(saved)
    assert runs == []
    assert window.document.kind == "json" and set(window.document.view_model.graph.nodes) == nodes
    assert set(window.scene.node_items) == set(window.document.view_model.display.nodes)
    assert "no code runs" in window.messages.plain_text()


def test_broken_json_and_missing_file_give_clear_messages(window, load, qtbot, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    error = fail_with(window, qtbot, broken)
    assert "not a readable JSON graph" in error.message.english()
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    error = fail_with(window, qtbot, other)
    assert "not a graphviz_app graph" in error.message.english()
    error = fail_with(window, qtbot, tmp_path / "nope.py")
    assert "no such file" in error.message.english()
    assert "See the Messages panel" in window.view.placeholder
    assert_still_works(window, load)


def test_missing_graphviz_shows_the_install_command(window, load, qtbot, tmp_path, monkeypatch):
    load(example("basic_autograd.py"))
    saved = tmp_path / "basic.json"
    saved.write_text(dumps_graph(window.document.view_model.graph), encoding="utf-8")
    window.document.clear()
    monkeypatch.setenv("PATH", str(tmp_path))  # no `dot` here
    monkeypatch.setenv("GRAPHVIZ_APP_ENGINE", "system")  # (auto would take the packaged engine)
    error = fail_with(window, qtbot, saved)
    assert isinstance(error, GraphvizNotFoundError)
    assert "apt-get install graphviz" in window.messages.plain_text()
    assert "apt-get install graphviz" in window.view.placeholder
    assert window.graphviz_box.isVisible()
    window.graphviz_box.close()
    monkeypatch.undo()
    assert_still_works(window, load)


def test_closing_the_window_while_a_script_runs_stops_it(window, qtbot, write_script):
    path = write_script("import time\ntime.sleep(600)\n", "slow.py")
    with qtbot.waitSignal(window.controller.jobs.started, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)
    window.close()
    assert not window.controller.jobs.is_busy()
