"""Predict, then see, in a real window on the basic lesson: a backward step asks for the gradient
its op sends, judges a typed answer (English and Korean), keeps the lesson's tally across a
restart, and can be skipped or turned off."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.panels.timeline import SPEEDS
from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS
from ..test_stepping import run_backward

W_GRAD = "[[0.75, 3], [6.75, 3]]"


def open_pow_step(window, load, qtbot):
    """The basic lesson at its PowBackward0 step, waiting for an answer."""
    load(example("basic_autograd.py"))
    run_backward(window, qtbot)
    doc, timeline = window.document, window.timeline
    timeline.start("backward")
    pow_node = next(n for n, d in doc.view_model.graph.nodes(data=True) if d["op"] == "PowBackward0")
    timeline.go(doc.view_model.graph.nodes[pow_node]["backward_index"])
    assert doc.view_model.step.node == pow_node
    return timeline, pow_node


def type_answer(qtbot, timeline, answer: str) -> None:
    field = timeline.exercise.answer
    assert field.isVisible()
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(field, answer)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_right_and_a_wrong_answer_show_the_step_and_count(window, load, qtbot):
    timeline, pow_node = open_pow_step(window, load, qtbot)
    caption = timeline.caption.text()
    assert "What gradient grad_w does it send to w?" in caption
    assert W_GRAD not in caption  # not given away before the answer
    assert window.document.view_model.selection != pow_node  # nor in the Inspector
    type_answer(qtbot, timeline, W_GRAD)
    row = timeline.exercise
    assert row.feedback == f"✓ Right: grad_w = {W_GRAD}."
    # The verdict, then the step's own sentence, numbers and all.
    assert timeline.caption.text().startswith(f"{row.feedback}\n\nBackward step 3/4: PowBackward0 (x)")
    assert W_GRAD in timeline.caption.text().split("\n\n")[1]
    assert window.document.view_model.selection == pow_node
    assert not row.answer.isVisible()
    assert row.tally.text() == "1 of 1 right"
    timeline.go(1)  # AddBackward0: grad_x = grad_out; "1" is its local derivative alone
    type_answer(qtbot, timeline, "1")
    assert row.feedback == (
        "✗ Not quite: that is the local derivative ∂y/∂x = 1 alone. Multiply it by grad_out = "
        "[[0.25, 0.25], [0.25, 0.25]]: grad_x = [[0.25, 0.25], [0.25, 0.25]] · 1 = "
        "[[0.25, 0.25], [0.25, 0.25]]."
    )
    assert row.tally.text() == "1 of 2 right"
    assert Settings().tally(example("basic_autograd.py"), True) == (1, 2)
    timeline.go(2)  # an answered step keeps its verdict
    assert row.feedback == f"✓ Right: grad_w = {W_GRAD}."


def test_an_unreadable_answer_waits_and_skip_or_stepping_on_show_the_step_uncounted(window, load, qtbot):
    timeline, _ = open_pow_step(window, load, qtbot)
    type_answer(qtbot, timeline, "3*w**2")
    row = timeline.exercise
    assert row.feedback.startswith("“3*w**2” is not a number: write numbers such as 0.25")
    assert row.answer.isVisible()
    assert timeline.caption.text().startswith(f"{row.feedback}\n\nBackward step 3/4")
    assert "What gradient" in timeline.caption.text()
    qtbot.mouseClick(timeline.exercise.skip_button, Qt.MouseButton.LeftButton)
    assert W_GRAD in timeline.caption.text()
    assert not timeline.exercise.feedback
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
    timeline.speed.setCurrentIndex(len(SPEEDS) - 1)
    timeline.go(0)
    timeline.play()  # Play stops at the next question (step 1 has not been shown yet)
    qtbot.waitUntil(lambda: not timeline.is_playing(), timeout=LOAD_TIMEOUT_MS)  # (a loaded machine)
    assert timeline.index() == 1
    assert "What gradient grad_x does it send to x?" in timeline.caption.text()
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


def test_reset_starts_the_lessons_tally_again(window, load, qtbot):
    timeline, _ = open_pow_step(window, load, qtbot)
    row = timeline.exercise
    assert row.reset_button.isVisible() and not row.reset_button.isEnabled()  # nothing to reset yet
    type_answer(qtbot, timeline, W_GRAD)
    assert row.tally.text() == "1 of 1 right" and row.reset_button.isEnabled()
    qtbot.mouseClick(row.reset_button, Qt.MouseButton.LeftButton)
    assert row.tally.text() == "0 of 0 right" and not row.reset_button.isEnabled()
    Settings().sync()
    assert Settings().tally(example("basic_autograd.py"), True) == (0, 0)  # for the next session too


@pytest.fixture
def korean(qapp):
    assert install_translators(qapp, "ko") == "ko"
    yield
    install_translators(qapp, "en")


def test_the_exercise_reads_in_korean(korean, window, load, qtbot):
    timeline, _ = open_pow_step(window, load, qtbot)
    row = timeline.exercise
    assert (row.check_button.text(), row.skip_button.text(), row.toggle.text()) == (
        "확인",
        "건너뛰기",
        "기울기 예측",
    )
    assert "w로 보내는 기울기 grad_w는 얼마일까요?" in timeline.caption.text()
    type_answer(qtbot, timeline, "[[3, 12], [27, 12]]")
    assert row.feedback == (
        "✗ 아쉽습니다: 그것은 국소 미분 ∂x/∂w = 3·w²뿐입니다. 여기에 grad_out = "
        "[[0.25, 0.25], [0.25, 0.25]]를 곱하세요: grad_w = [[0.25, 0.25], [0.25, 0.25]] · "
        "[[3, 12], [27, 12]] = [[0.75, 3], [6.75, 3]]."
    )
    assert row.tally.text() == "1개 중 0개 맞음"
    timeline.go(1)
    type_answer(qtbot, timeline, "1/4")
    assert row.feedback == "✓ 맞았습니다: grad_x(2×2)의 모든 원소가 0.25입니다."
    assert row.tally.text() == "2개 중 1개 맞음"
