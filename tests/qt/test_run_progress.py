"""While a script runs the window speaks of it (title, Source), counts its seconds and shows what
it prints as it prints it; a cancelled run leaves the window as a failed or timed-out one does."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt

from graphviz_app.resources import example
from graphviz_app.wire import protocol

from .conftest import LOAD_TIMEOUT_MS

WAITER = """\
import os, sys, time
print("first line", flush=True)
while not os.path.exists(sys.argv[0] + ".go"):
    time.sleep(0.05)
print("second line", flush=True)
time.sleep(600)
"""


def start(window, qtbot, path) -> None:
    with qtbot.waitSignal(window.controller.jobs.started, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)


def cancel(window, qtbot) -> None:
    with qtbot.waitSignal(window.controller.runFinished, timeout=LOAD_TIMEOUT_MS):
        qtbot.mouseClick(window.view.busy.cancel_button, Qt.MouseButton.LeftButton)


def assert_speaks_of(window, path) -> None:
    """Title, status bar, Source and the canvas name ``path``; no other file's graph is shown."""
    assert window.windowTitle().startswith(path.name)
    assert str(path.resolve()) in window.status_path.text()
    assert window.source.path is not None and window.source.path.resolve() == path.resolve()
    assert window.source.view.toPlainText().startswith("import os")
    assert window.document.view_model.graph is None and not window.scene.node_items


def assert_cancelled_honestly(window, path) -> None:
    assert_speaks_of(window, path)
    assert window.view.is_empty()
    assert window.view.placeholder == f"Stopped {path.name}: the run was cancelled."
    assert "Loading" not in window.view.placeholder and "Laying out" not in window.view.placeholder
    assert not window.view.busy.isVisible() and not window.actions_.cancel.isEnabled()
    entries = window.problems.problems
    assert len(entries) == 1 and entries[0].level == "info"
    assert entries[0].text.startswith(f"{path.name}: The run was cancelled.")
    assert entries[0].file is not None and entries[0].file.endswith(path.name)


def test_a_run_speaks_of_its_script_counts_seconds_and_shows_output_live(window, qtbot, write_script):
    path = write_script(WAITER, "slow.py")
    start(window, qtbot, path)
    assert_speaks_of(window, path)  # at once, before anything was printed
    # The script waits for a file that is written only once its first line has been shown:
    # without live output it would never print its second.
    qtbot.waitUntil(lambda: "first line" in window.messages.plain_text(), timeout=LOAD_TIMEOUT_MS)
    assert window.controller.jobs.is_busy()
    path.with_name(path.name + ".go").write_text("", encoding="utf-8")
    qtbot.waitUntil(lambda: "second line" in window.messages.plain_text(), timeout=LOAD_TIMEOUT_MS)
    elapsed = re.compile(r"^Running slow\.py… \(\d+ s\)$")
    qtbot.waitUntil(lambda: elapsed.match(window.view.busy.label.text()) is not None, timeout=10_000)
    assert re.search(r"slow\.py… \(\d+ s\)$", window.statusBar().currentMessage())
    cancel(window, qtbot)
    assert_cancelled_honestly(window, path)
    shown = window.messages.plain_text()
    assert shown.count("first line") == 1 and shown.count("second line") == 1  # not again at the end
    assert "Stack (most recent call first)" not in shown and "Current thread" not in shown


def test_a_cancel_after_a_lesson_leaves_no_old_words(window, load, qtbot, write_script):
    load(example("basic_autograd.py"))
    path = write_script(WAITER, "slow.py")
    start(window, qtbot, path)
    assert_speaks_of(window, path)  # the lesson's graph went at once
    assert "basic_autograd" not in window.windowTitle() + window.status_path.text()
    cancel(window, qtbot)
    assert_cancelled_honestly(window, path)


def test_a_flood_of_output_reaches_the_window_bounded(window, load, qtbot, write_script):
    path = write_script(
        "import torch\nfor i in range(200_000):\n    print(f'row {i:06d}')\n"
        "w = torch.ones(2, requires_grad=True)\ny = (w * 2).sum()\n",
        "flood.py",
    )
    streamed: list[str] = []
    window.controller.jobs.output.connect(lambda text, _request: streamed.append(text))
    load(path)
    # live: the output's head as it is written (and, when the run ends between two looks, the
    # note and the tail written at its end), never the 1.4 MB printed
    assert sum(len(text) for text in streamed) <= protocol.OUTPUT_HEAD + protocol.OUTPUT_TAIL + 100
    shown = window.messages.plain_text()
    assert shown.count("row 000000") == 1 and shown.count("row 199999") == 1
    assert "characters of output left out" in shown


def test_a_cancelled_rerun_keeps_the_last_graph_under_a_banner_that_asks_no_fix(
    window, load, qtbot, write_script
):
    path = write_script(
        "import os, sys, time\nimport torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 2).sum()\n"
        "if os.path.exists(sys.argv[0] + '.wait'):\n    print('waiting', flush=True)\n    time.sleep(600)\n",
        "again.py",
    )
    load(path)
    path.with_name(path.name + ".wait").write_text("", encoding="utf-8")
    with qtbot.waitSignal(window.controller.jobs.started, timeout=LOAD_TIMEOUT_MS):
        window.controller.reload()
    qtbot.waitUntil(lambda: "waiting" in window.messages.plain_text(), timeout=LOAD_TIMEOUT_MS)
    cancel(window, qtbot)
    assert window.document.view_model.graph is not None  # nothing failed: the last graph stays
    banner = window.view.banner_text() or ""
    assert banner == "Running again.py again was cancelled: the graph shown is from its last complete run."
