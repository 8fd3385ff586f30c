"""Predict, then see, in a real window on the basic lesson: a backward step asks for the gradient
its op sends, judges a typed answer (English and Korean), keeps the lesson's tally across a
restart, and can be skipped or turned off."""

from __future__ import annotations

from PySide6.QtCore import Qt

from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example

from .test_stepping import run_backward

W_GRAD = "[[0.75, 3], [6.75, 3]]"


def open_pow_step(window, load, qtbot):
    """The basic lesson at its PowBackward0 step, waiting for an answer."""
    load(example("basic_autograd.py"))
    run_backward(window, qtbot)
    doc, timeline = window.document, window.timeline
    timeline.start("backward")
    pow_node = next(n for n, d in doc.graph.nodes(data=True) if d["op"] == "PowBackward0")
    timeline.go(doc.graph.nodes[pow_node]["backward_index"])
    assert doc.step.node == pow_node
    return timeline, pow_node


def type_answer(qtbot, timeline, answer: str) -> None:
    field = timeline.exercise.answer
    assert field.isVisible()
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(field, answer)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_right_answer_shows_the_step_and_counts(window, load, qtbot):
    timeline, pow_node = open_pow_step(window, load, qtbot)
    caption = timeline.caption.text()
    assert "What gradient grad_w does it send to w?" in caption
    assert W_GRAD not in caption  # not given away before the answer
    assert window.document.selection != pow_node  # nor in the Inspector
    type_answer(qtbot, timeline, W_GRAD)
    row = timeline.exercise
    assert row.feedback.text() == f"✓ Right: grad_w = {W_GRAD}."
    assert W_GRAD in timeline.caption.text()  # the step's own sentence, numbers and all
    assert not row.answer.isVisible()
    assert row.tally.text() == "1 of 1 right"
    assert Settings().tally(example("basic_autograd.py"), True) == (1, 1)


def test_a_wrong_answer_says_which_factor_is_missing(window, load, qtbot):
    timeline, _ = open_pow_step(window, load, qtbot)
    type_answer(qtbot, timeline, "[[0.25, 0.25], [0.25, 0.25]]")
    row = timeline.exercise
    assert row.feedback.text().startswith("✗ Not quite: you passed grad_out through.")
    assert "∂x/∂w = 3·w² = [[3, 12], [27, 12]]" in row.feedback.text()
    assert row.tally.text() == "0 of 1 right"


def test_an_unreadable_answer_waits_for_another(window, load, qtbot):
    timeline, _ = open_pow_step(window, load, qtbot)
    type_answer(qtbot, timeline, "3*w**2")
    row = timeline.exercise
    assert "is not a number" in row.feedback.text()
    assert row.answer.isVisible() and "What gradient" in timeline.caption.text()
    assert Settings().tally(example("basic_autograd.py"), True) == (0, 0)


def test_skip_and_stepping_on_show_the_step_uncounted(window, load, qtbot):
    timeline, _ = open_pow_step(window, load, qtbot)
    qtbot.mouseClick(timeline.exercise.skip_button, Qt.MouseButton.LeftButton)
    assert W_GRAD in timeline.caption.text()
    assert not timeline.exercise.feedback.isVisible()
    timeline.go(1)  # AddBackward0 asks for grad_x (step 1 was left unanswered: shown)
    assert "What gradient grad_x does it send to x?" in timeline.caption.text()
    field = timeline.exercise.answer
    field.setFocus()
    qtbot.keyClick(field, Qt.Key.Key_Right)  # the field is empty: → steps on
    assert timeline.index() == 2
    timeline.go(1)
    assert "grad_x = grad_out = [[0.25, 0.25], [0.25, 0.25]]" in timeline.caption.text()  # skipped: shown
    timeline.go(0)
    assert "each element gets grad_out / n = 1/4 = 0.25" in timeline.caption.text()
    assert Settings().tally(example("basic_autograd.py"), True) == (0, 0)


def test_exercises_turn_off_and_the_choice_and_tally_survive_a_restart(window, load, qtbot):
    timeline, _ = open_pow_step(window, load, qtbot)
    type_answer(qtbot, timeline, W_GRAD)
    settings = Settings()
    settings.add_to_tally(example("basic_autograd.py"), True, False)
    timeline.go(1)
    assert "What gradient" in timeline.caption.text()
    timeline.exercise.toggle.click()  # off: the step shows at once
    assert "grad_x = grad_out = [[0.25, 0.25], [0.25, 0.25]]" in timeline.caption.text()
    assert not timeline.exercise.tally.isVisible()
    Settings().sync()
    restarted = Settings()  # a new session reads the same store
    assert restarted.exercises_on(lesson=True) is False
    assert restarted.exercises_on(lesson=False) is False
    assert restarted.tally(example("basic_autograd.py"), True) == (1, 2)
    timeline.exercise.toggle.click()
    assert timeline.exercise.tally.text() == "1 of 2 right"
