"""The Timeline's exercise row: predict a backward step's gradient, then see it.

At a backward step that asks something (``core.view.exercise``), the Timeline shows the question
instead of the step's numbers and this row takes the answer: Enter (or Check) judges it, and the
verdict, right or which factor of the chain rule differs, stays under the step; Skip, Escape,
or stepping on shows the step without an answer (with the field empty, ← and → step as
everywhere else).  The step's node is selected (so the Inspector shows its chain rule with the
numbers) only once the step is shown.

The tally of each lesson ("3 of 5 right") is kept in the settings between sessions (Reset starts
it again from 0 of 0).  Exercises
are on by default for the bundled lessons and off for the user's own scripts (the checkbox turns
them on or off for each kind): a learner opens a lesson to practise and their own script to see
their own code.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
from PySide6.QtCore import QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QToolButton, QWidget

from ...core.view.exercise import Exercise, Verdict, exercise
from ...core.view.stepping import BACKWARD, StepView
from ...errors import AnswerError
from ...wire.message import Message
from ..document import Document
from ..i18n import text
from ..settings import Settings
from .lesson import bundled_lesson

STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)
"""Keys that step the Timeline even from the answer field, while it is empty."""


class AnswerField(QLineEdit):
    """The answer's line: Enter checks, Escape skips; while it is empty, ← → Home End step the
    Timeline (the window's shortcuts) rather than move a cursor in nothing."""

    skipRequested = Signal()

    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and not self.text()
            and event.key() in STEP_KEYS
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            event.ignore()  # not ours: the window's step shortcut takes it
            return False
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.skipRequested.emit()
            return
        super().keyPressEvent(event)


class ExerciseRow(QWidget):
    """Answer field, Check and Skip, the lesson's tally and the on/off box (the verdict shows in
    the Timeline's caption: :attr:`feedback`).

    ``revealed`` says the step shown may now show its numbers (answered or skipped);
    ``changed`` that what it shows changed otherwise (turned on or off, an unreadable answer)."""

    revealed = Signal()
    changed = Signal()

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exerciseRow")
        self.document = document
        self.settings = Settings()
        self._graph: nx.DiGraph | None = None
        self._asked: dict[int, Exercise | None] = {}
        self._outcomes: dict[int, Verdict | None] = {}
        """Per backward step answered or skipped: the verdict (None: skipped)."""
        self._error: Message | None = None
        self._shown: int | None = None
        self._lesson: tuple[Path | None, bool] | None = None
        self.answer = AnswerField(self, clearButtonEnabled=True)
        self.answer.setObjectName("exerciseAnswer")
        self.answer.returnPressed.connect(self.submit)
        self.answer.skipRequested.connect(self.skip)
        self.check_button = QPushButton(self.tr("Check"), self)
        self.check_button.setObjectName("exerciseCheck")
        self.check_button.setToolTip(self.tr("Check your answer and show the step (Enter)"))
        self.check_button.clicked.connect(self.submit)
        self.skip_button = QPushButton(self.tr("Skip"), self)
        self.skip_button.setObjectName("exerciseSkip")
        self.skip_button.setToolTip(self.tr("Show the step without answering (Esc; → steps on)"))
        self.skip_button.clicked.connect(self.skip)
        self.tally = QLabel("", self)
        self.tally.setObjectName("exerciseTally")
        self.tally.setToolTip(self.tr("Your answers in this lesson, kept between sessions"))
        self.reset_button = QToolButton(self, autoRaise=True)
        self.reset_button.setObjectName("exerciseTallyReset")
        self.reset_button.setText(self.tr("Reset"))
        self.reset_button.setToolTip(self.tr("Start this lesson's tally again from 0 of 0"))
        self.reset_button.clicked.connect(self.reset_tally)
        self.toggle = QCheckBox(self.tr("Predict gradients"), self)
        self.toggle.setObjectName("exerciseToggle")
        self.toggle.setToolTip(
            self.tr(
                "Before a backward step shows the gradient an op sends back, type the gradient you "
                "expect (on by default for the bundled lessons, off for your own scripts)"
            )
        )
        self.toggle.toggled.connect(self._toggled)
        self.feedback = ""
        """The verdict of the step shown, or why its answer cannot be read ("" for none): the
        Timeline shows it above the step's sentence, in the caption that grows and scrolls."""
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        row.addWidget(self.answer, 1)
        row.addWidget(self.check_button)
        row.addWidget(self.skip_button)
        row.addStretch(0)
        row.addWidget(self.tally)
        row.addWidget(self.reset_button)
        row.addSpacing(8)
        row.addWidget(self.toggle)

    # -- what the document holds -------------------------------------------------------------------
    def is_lesson(self) -> bool:
        """Whether the open script is a bundled lesson (its docstring read once per path)."""
        path = self.document.path
        if self._lesson is None or self._lesson[0] != path:
            self._lesson = (path, bundled_lesson(path) is not None)
        return self._lesson[1]

    def enabled(self) -> bool:
        """Whether exercises are on for the open script's kind."""
        return self.document.path is not None and self.settings.exercises_on(self.is_lesson())

    def _follow_graph(self) -> None:
        graph = self.document.view_model.graph
        if graph is not self._graph:  # a new run or file: its steps ask afresh
            self._graph = graph
            self._asked, self._outcomes = {}, {}
            self._error, self._shown = None, None

    def asked_at(self, index: int) -> Exercise | None:
        """The question of backward step ``index`` (None: it asks nothing)."""
        self._follow_graph()
        graph = self._graph
        if graph is None or index < 0:
            return None
        if index not in self._asked:
            order = self.document.view_model.step_order(BACKWARD)
            self._asked[index] = exercise(graph, order[index]) if index < len(order) else None
        return self._asked[index]

    def pending(self, mode: str, index: int) -> bool:
        """Whether step ``index`` of ``mode`` waits for an answer before it shows its numbers."""
        self._follow_graph()
        return (
            mode == BACKWARD
            and index >= 0
            and index not in self._outcomes
            and self.enabled()
            and self.asked_at(index) is not None
        )

    def question(self, step: StepView) -> Message | None:
        """The step's question while it waits for an answer, else None."""
        if not self.pending(step.mode, step.index):
            return None
        asked = self.asked_at(step.index)
        return asked.question(step.index, step.count) if asked else None

    # -- following the Timeline --------------------------------------------------------------------
    def sync(self, step: StepView | None, mode: str, has_steps: bool) -> None:
        """Show what fits ``step``; a question left unanswered counts as skipped."""
        self._follow_graph()
        index = step.index if step is not None and step.mode == BACKWARD else None
        if self._shown is not None and index != self._shown and self.pending(BACKWARD, self._shown):
            self._outcomes[self._shown] = None
        newly = index != self._shown
        if newly:
            self._error = None
            self.answer.clear()
        self._shown = index
        lesson = self.is_lesson()
        on = self.enabled()
        self.setVisible(self.document.view_model.graph is not None and mode == BACKWARD and has_steps)
        with QSignalBlocker(self.toggle):
            self.toggle.setChecked(on)
        waiting = index is not None and self.pending(BACKWARD, index)
        for widget in (self.answer, self.check_button, self.skip_button):
            widget.setVisible(waiting)
        asked = self.asked_at(index) if index is not None else None
        if waiting and asked is not None:
            self.answer.setPlaceholderText(
                self.tr("{gradient} = ?  e.g. 0.25, 1/4 or [[1, 2], [3, 4]]").format(gradient=asked.gradient)
            )
            if newly and self.isVisible() and self.window().isActiveWindow():
                self.answer.setFocus(Qt.FocusReason.OtherFocusReason)
        path = self.document.path
        self.tally.setVisible(on and path is not None)
        self.reset_button.setVisible(on and path is not None)
        if on and path is not None:
            right, answered = self.settings.tally(path, lesson)
            self.tally.setText(self.tr("{right} of {answered} right").format(right=right, answered=answered))
            self.reset_button.setEnabled(answered > 0)
        verdict = self._outcomes.get(index) if index is not None else None
        words = self._error if waiting else (verdict.message if verdict is not None else None)
        mark = "" if words is None or verdict is None else ("✓ " if verdict.right else "✗ ")
        self.feedback = mark + text(words) if words is not None else ""

    # -- commands ----------------------------------------------------------------------------------
    def _current(self) -> tuple[int, Exercise] | None:
        step = self.document.view_model.step
        if step is None or not self.pending(step.mode, step.index):
            return None
        asked = self.asked_at(step.index)
        return (step.index, asked) if asked is not None else None

    def submit(self) -> Verdict | None:
        """Judge the typed answer at the step shown; a verdict shows the step. An answer that
        cannot be read says why and waits for another."""
        current = self._current()
        path = self.document.path
        if current is None or path is None:
            return None
        index, asked = current
        try:
            verdict = asked.check(self.answer.text())
        except AnswerError as error:
            self._error = error.message
            self.changed.emit()  # the Timeline shows why, above the question
            return None
        self._outcomes[index] = verdict
        self._error = None
        self.settings.add_to_tally(path, self.is_lesson(), verdict.right)
        self.revealed.emit()
        return verdict

    def reset_tally(self) -> None:
        """Start the open script's tally again from 0 of 0 (the answers already shown stay)."""
        path = self.document.path
        if path is not None:
            self.settings.clear_tally(path, self.is_lesson())
            self.changed.emit()  # the tally shows 0 of 0 at once

    def skip(self) -> None:
        """Show the step shown without an answer (not counted)."""
        current = self._current()
        if current is None:
            return
        self._outcomes[current[0]] = None
        self.revealed.emit()

    def _toggled(self, on: bool) -> None:
        self.settings.set_exercises_on(self.is_lesson(), on)
        self.changed.emit()  # the step shown asks, or shows its numbers, at once
