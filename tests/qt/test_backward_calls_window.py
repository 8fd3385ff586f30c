"""The window tells the truth about backward: a custom Function's step credits its own backward
(name and line, with the numbers in and out), a failed backward says at which node and line it
failed, the Timeline's call picker lists the script's backward() calls and shows another one with
its loss, and the lessons say what the screen shows."""

from __future__ import annotations

import re

from PySide6.QtCore import QTranslator

from graphviz_app.core.lessons import read_lesson
from graphviz_app.core.view.chain_rule import OPAQUE
from graphviz_app.core.view.look import FAILED_PEN
from graphviz_app.qt.panels.lesson import translated
from graphviz_app.qt.panels.source import ERROR_LINE
from graphviz_app.resources import example

from .conftest import LOAD_TIMEOUT_MS
from .test_explanations import english_left
from .test_stepping import run_backward


def line_of(path, start: str) -> int:
    return next(
        i for i, line in enumerate(path.read_text().splitlines(), 1) if line.strip().startswith(start)
    )


def go_to_op(window, op: str) -> str:
    graph = window.document.view_model.graph
    node = next(n for n, d in graph.nodes(data=True) if d["op"] == op)
    window.timeline.start("backward", graph.nodes[node]["backward_index"])
    assert window.document.view_model.step.node == node
    window.document.view_model.select_graph_node(node)
    return node


def test_the_custom_function_step_names_my_relu_backward_and_its_line(window, load, qtbot):
    """Also: the call picker is hidden, as the script makes no backward() call (the one run is
    the app's, Run Backward's)."""
    path = example("custom_function.py")
    load(path)  # no backward() in the script
    run_backward(window, qtbot)  # the app's backward, not a call of the script
    assert window.document.view_model.graph.graph["backward"]["by"] == "app"
    assert not window.timeline.call_button.isVisible()
    go_to_op(window, "MyReLUBackward")
    line = line_of(path, "def backward(ctx, grad_output):")
    caption = window.timeline.caption.text()
    assert f"MyReLU.backward, the script's own backward (line {line}), computes this step" in caption
    assert "MyReLU.backward(ctx, [1, 1, 1, 1, 1]) = [0, 0, 0, 0, 1]" in caption  # grad in, grad out
    assert OPAQUE not in caption
    values = window.inspector.values()
    assert values["Custom backward/function"] == "MyReLU.backward"
    assert values["Custom backward/at"] == f"custom_function.py, line {line}"
    assert values["Chain rule/to x"] == (
        "grad_x = MyReLU.backward(ctx, grad_out) = MyReLU.backward(ctx, [1, 1, 1, 1, 1]) = [0, 0, 0, 0, 1]"
    )


INPLACE = """\
import torch
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 2
c = b.sigmoid()
c.mul_(3)
loss = c.sum()
loss.backward()
"""

BAD_BACKWARD = """\
import torch


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        raise ValueError("no gradient today")


w = torch.ones(3, requires_grad=True)
y = Bad.apply(w * 3)
loss = y.sum()
loss.backward()
"""


def test_a_failed_backward_says_where_it_failed_and_marks_its_node_and_line(
    window, load, qtbot, write_script
):
    """Each failing script is run once and checked on both faces: the step's caption and
    Inspector say where backward failed, and the node, the source line and the Problems entry
    are marked."""
    load(write_script(INPLACE, "inplace.py"))
    graph = window.document.view_model.graph
    sigmoid = next(n for n, d in graph.nodes(data=True) if d["op"] == "SigmoidBackward0")
    item = window.scene.items_for(sigmoid)[0]
    assert item.pen_color.name().upper() == FAILED_PEN and item.pen_width >= 2  # outlined
    assert window.source.view.marks.get(4) == ERROR_LINE  # c = b.sigmoid(): its op failed
    failed = next(p for p in window.problems.problems if p.text.startswith("backward() failed at"))
    assert (failed.level, failed.node, failed.line) == ("error", sigmoid, 4)
    assert failed.file == str(graph.graph["script"])
    assert go_to_op(window, "SigmoidBackward0") == sigmoid
    caption = window.timeline.caption.text()
    assert (
        "backward failed here, at the op made on line 4 (c = b.sigmoid()), so no gradient went on "
        "to its inputs: A tensor that backward needs was changed in place"
    ) in caption
    assert "line 5: c.mul_(3)" in caption
    assert "In-place changes" in window.inspector.values()["Chain rule/failed"]

    path = write_script(BAD_BACKWARD, "bad_backward.py")
    load(path)  # the script's own backward raised: its line is the one to fix
    graph = window.document.view_model.graph
    bad = next(n for n, d in graph.nodes(data=True) if d["op"] == "BadBackward")
    assert window.scene.items_for(bad)[0].pen_color.name().upper() == FAILED_PEN
    raised = line_of(path, "raise ValueError")
    assert window.source.view.marks.get(raised) == ERROR_LINE and 4 not in window.source.view.marks
    failed = next(p for p in window.problems.problems if p.text.startswith("backward() failed at"))
    assert (failed.node, failed.line) == (bad, raised)
    assert go_to_op(window, "BadBackward") == bad
    caption = window.timeline.caption.text()
    assert "Bad.backward, the script's own backward (line 10), computes this step" in caption
    assert "The script raised ValueError on line 11: no gradient today" in caption
    assert window.inspector.values()["Custom backward/at"] == "bad_backward.py, line 10"

    load(example("basic_autograd.py"))  # a graph whose backward did not fail marks nothing
    assert ERROR_LINE not in window.source.view.marks.values()
    assert all(item.pen_color.name().upper() != FAILED_PEN for item in window.scene.node_items.values())


def menu_calls(window) -> list[str]:
    return [a.text() for a in window.timeline.call_menu.actions()]


def choose(window, qtbot, text: str) -> None:
    action = next(a for a in window.timeline.call_menu.actions() if a.text() == text)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        action.trigger()


def test_the_call_picker_shows_each_iterations_graph_and_loss(window, load, qtbot):
    path = example("two_layer_training.py")
    load(path)
    timeline, button = window.timeline, window.timeline.call_button
    assert button.isVisible() and button.isEnabled()
    assert button.text() == "call 1 of 1+ ▾"
    assert menu_calls(window) == ["call 1", "call 2 (runs the script further)"]
    assert timeline.call_output.text() == "loss = 8.1743"
    timeline.backward_button.click()  # stepping backward goes on in the next call's graph
    choose(window, qtbot, "call 2 (runs the script further)")
    graph = window.document.view_model.graph
    assert graph.graph["backward"]["call"] == 2
    assert button.text() == "call 2 of 2+ ▾" and menu_calls(window)[:2] == ["call 1", "call 2"]
    assert timeline.call_output.text() == "loss = 3.1069"
    assert "step 0: loss = 8.1743" in window.messages.plain_text()  # what call 1's iteration printed
    assert window.document.view_model.step is not None and window.document.view_model.step.mode == "backward"
    assert window.settings.backward_call(path) == 2  # the setting Preferences shows
    choose(window, qtbot, "call 1")
    assert (
        window.document.view_model.graph.graph["backward"]["call"] == 1
        and timeline.call_output.text() == "loss = 8.1743"
    )
    assert window.settings.backward_call(path) == 1


def test_a_call_the_script_never_makes_keeps_the_call_shown(window, load, qtbot):
    path = example("sequential_branches.py")
    load(path)
    assert window.timeline.call_button.text() == "call 1 of 1+ ▾"
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as failed:
        window.timeline.choose_call(2)
    assert "there is no call number 2" in failed.args[0].message.english()
    assert window.settings.backward_call(path) == 1
    qtbot.waitUntil(lambda: window.timeline.call_button.isEnabled())
    assert window.document.view_model.graph.graph["backward"]["call"] == 1


def test_the_lessons_say_which_call_the_graph_is_and_point_to_the_picker():
    for name in ("two_layer_training.py", "sequential_branches.py"):
        lesson = read_lesson(example(name))
        assert "call picker" in lesson.text and "call 1 of 1+" in lesson.text
        korean = translated(lesson, "ko")
        assert "호출 선택" in korean.text and "호출 1/1+" in korean.text
    training = read_lesson(example("two_layer_training.py"))
    assert "first iteration's" in training.text and "last iteration" not in training.text
    branches = read_lesson(example("sequential_branches.py"))
    assert "optimizer.step() does not run" in branches.text
    assert "it takes one SGD step" not in branches.text


class Marking(QTranslator):
    """A translation that wraps every step, chain-rule and explanation sentence in «»: what is
    left outside them is English no template caught."""

    def translate(self, context, source, disambiguation=None, n=-1):
        return f"«{source}»" if context in ("StepText", "ChainRule", "Explanation") else source


def untranslated(text: str) -> list[str]:
    while (shorter := re.sub(r"«[^«»]*»", " ", text)) != text:
        text = shorter
    return english_left(text)


def test_every_new_step_sentence_goes_through_a_translation(window, load, qtbot, write_script, qapp):
    marking = Marking()
    qapp.installTranslator(marking)
    try:
        for script, op in ((BAD_BACKWARD, "BadBackward"), (INPLACE, "SigmoidBackward0")):
            load(write_script(script, f"{op}.py"))
            go_to_op(window, op)
            caption = window.timeline.caption.text()
            assert "«backward failed here" in caption
            assert not untranslated(caption), caption
            values = window.inspector.values()
            assert not untranslated(values["Chain rule/failed"])
            assert not untranslated(values["Chain rule/rule"])
    finally:
        qapp.removeTranslator(marking)
