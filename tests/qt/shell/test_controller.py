"""The controller drives load -> layout -> scene with a document and a graph widget, no window."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, cast

import pytest

from graphviz_app.capture.client import Runner, RunResult
from graphviz_app.core.view.look import STEP_COLOR
from graphviz_app.core.view.stepping import BACKWARD
from graphviz_app.qt.canvas.widget import GraphWidget
from graphviz_app.qt.document import Document
from graphviz_app.qt.panels.messages import LINE_SHOWN, MessagesPanel
from graphviz_app.qt.settings import Settings
from graphviz_app.qt.shell.controller import Controller
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS


@pytest.fixture
def parts(qtbot, qt_runner):
    """A document, a graph widget and a messages panel joined by a controller; no MainWindow."""
    document = Document()
    widget = GraphWidget()
    widget.resize(900, 700)
    messages = MessagesPanel()
    qtbot.addWidget(widget)
    qtbot.addWidget(messages)
    controller = Controller(document, widget, Settings(), messages, qt_runner)
    yield document, widget, messages, controller
    controller.shutdown()
    widget.graph_scene.stop_animation()


def test_a_script_is_run_laid_out_and_drawn(parts, qtbot):
    document, widget, messages, controller = parts
    opened = []
    controller.opened.connect(opened.append)
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(example("basic_autograd.py"))
    assert opened == [example("basic_autograd.py")]
    assert document.kind == "script" and document.view_model.graph.number_of_nodes() == 4
    assert set(widget.graph_scene.node_items) == set(document.view_model.display.nodes)
    assert "Captured 4 nodes and 3 edges" in messages.plain_text()
    # A colour-mode switch restyles the drawn items, with no new layout.
    layouts = controller.layouts.latest()
    document.view_model.set_color_mode("op")
    assert controller.layouts.latest() == layouts


def test_backward_steps_restyle_without_a_layout(parts, qtbot):
    document, widget, _messages, controller = parts
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.run(example("basic_autograd.py"), backward=True)
    layouts = controller.layouts.latest()
    document.view_model.set_step(BACKWARD, 2)
    flowing = widget.graph_scene.flow_edges()
    assert flowing and all(edge.color.name() == STEP_COLOR for edge in flowing)
    assert controller.layouts.latest() == layouts


def test_a_missing_file_fails_with_a_message_and_a_placeholder(parts, qtbot, tmp_path):
    document, widget, messages, controller = parts
    with qtbot.waitSignal(controller.loadFailed) as blocker:
        controller.open(tmp_path / "nope.py")
    assert "no such file" in blocker.args[0].message.english()
    assert "no such file" in messages.plain_text() and "no such file" in widget.placeholder
    assert document.view_model.graph is None and widget.is_empty()


class SplittingRunner:
    """The session's runner, with the output of each run handed on in the given pieces (a real
    run's pieces depend on when the output file is read): the rest comes with the result."""

    def __init__(self, runner: Runner, cuts: list[int]) -> None:
        self._runner = runner
        self._cuts = cuts

    def __getattr__(self, name: str) -> Any:
        return getattr(self._runner, name)

    def run(self, *args: Any, on_output: Callable[[str], None] | None = None, **kwargs: Any) -> RunResult:
        result = self._runner.run(*args, **kwargs)
        assert on_output is not None
        for start, end in itertools.pairwise([0, *self._cuts]):
            on_output(result.output[start:end])
        return result


def test_a_line_streamed_in_pieces_reaches_the_messages_whole(qtbot, qt_runner, write_script):
    script = write_script(
        "import torch\nprint('y' * 300_000)\nx = torch.ones(2, requires_grad=True)\nz = (x * 2).sum()\n",
        "loud.py",
    )
    widget = GraphWidget()
    messages = MessagesPanel()
    qtbot.addWidget(widget)
    qtbot.addWidget(messages)
    streamed: list[str] = []
    runner = SplittingRunner(qt_runner, [4_096, LINE_SHOWN, 150_001])
    controller = Controller(Document(), widget, Settings(), messages, cast(Runner, runner))
    controller.jobs.output.connect(lambda text, _request: streamed.append(text))
    try:
        with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            controller.open(script)
    finally:
        controller.shutdown()
        widget.graph_scene.stop_animation()
    assert [len(text) for text in streamed] == [4_096, LINE_SHOWN - 4_096, 150_001 - LINE_SHOWN]
    lines = messages.plain_text().split("\n")
    assert lines[1] == "y" * 300_000 and lines[2].startswith("Ran with")
    qtbot.waitUntil(lambda: messages.pending() == 0)
    shown = messages.browser.toPlainText()
    assert shown.count("more characters on this line not shown") == 1
    assert "y" * 1_000 + " … (290,000 more characters on this line not shown)\n" in shown
