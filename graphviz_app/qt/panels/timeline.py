"""The Timeline dock: step through the forward pass (creation order) or the backward pass (the
engine's order), one op at a time, or play it.

It only calls the view model's ``set_step`` / ``clear_step`` and follows the document's
``stepChanged``; a step is a recolor, so the slider can be dragged freely on big graphs.

For a script that calls backward() itself (a training loop calls it once per iteration), the
backward-call picker beside Forward/Backward says which call the graph is ("call 2 of 5") and
what its scalar output was ("loss = 3.1069"); choosing another asks the window to run the script
again and capture that call.  A script stopped after the captured call (the default) may make
more calls than it made so far, so the total reads "2+" and the list offers the next call too
(a call it never makes is refused with the count, and the call shown stays); a script run to
its end (Preferences) counts them all, so the total is exact.  Counting by running every script
to its end would cost a whole training run for each graph, so the picker does not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx
from PySide6.QtCore import QObject, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.model.values import format_number
from ...core.view.stepping import BACKWARD, FORWARD, StepMode
from ..document import Document
from ..i18n import fill
from ..icons import tinted
from ..plain_text import plain_label
from .exercise import ExerciseRow
from .step_text import shown

CHECKED_STYLE = (
    "QPushButton:checked { background: palette(highlight); color: palette(highlighted-text);"
    " border: 1px solid palette(highlight); border-radius: 3px; padding: 3px 12px; }"
)
"""The checked mode button in the highlight colour: readable in the light and the dark theme."""
DARK_ICON = "#e8eaed"

SPEEDS = (("0.5×", 1600), ("1×", 800), ("2×", 400), ("4×", 200), ("8×", 100))
"""Play speeds: label and milliseconds per step."""
DEFAULT_SPEED = 1


@dataclass(frozen=True)
class BackwardCalls:
    """Which of the script's own backward() calls a graph shows, among those it made."""

    call: int
    """The call captured (1 = the first)."""
    made: int
    """How many calls the script made before it was stopped (in all, when it ran to the end)."""
    more: bool
    """True when the script was stopped after the captured call: it may make more."""
    output: str | None
    """``loss = 7.0623``: the captured call's scalar output and its value, when recorded."""
    gradient: bool = False
    """True when the graph is that of the gradients an autograd.grad(create_graph=True) call
    returned (counted as a call with Preferences ▸ Count autograd.grad(create_graph=True) calls)."""


def backward_calls(graph: nx.DiGraph | None) -> BackwardCalls | None:
    """The picker's facts for ``graph``; None when the graph is not one of the script's own
    backward() (or autograd.grad()) calls."""
    if graph is None:
        return None
    info = graph.graph.get("backward") or {}
    call = info.get("call")
    ours = info.get("by") == "script" or info.get("kind") == "grad_graph"  # (the app's double backward)
    if not ours or not isinstance(call, int) or call < 1:
        return None
    made = graph.graph.get("backward_calls")
    made = max(made, call) if isinstance(made, int) else call
    more = bool(graph.graph.get("stopped_after_backward"))
    output = None
    for out in graph.graph.get("outputs") or []:
        node = out.get("node")
        value = (graph.nodes[node].get("value") or {}).get("values") if node in graph else None
        if out.get("scalar") and isinstance(value, (int, float)) and not isinstance(value, bool):
            output = (
                f"{out.get('name') or graph.nodes[node].get('name') or 'output'} = {format_number(value, 5)}"
            )
            break
    return BackwardCalls(call, made, more, output, info.get("kind") == "grad_graph")


CAPTION_LINES = (3, 6)
"""The step text takes at least 3 lines and grows with a longer text up to 6; a text longer
still scrolls."""


class CaptionArea(QScrollArea):
    """The step text, wrapped, never cut: the area (and the Timeline dock) grows with the text up
    to :data:`CAPTION_LINES` lines, and a longer text gets a scroll bar."""

    def __init__(self, label: QLabel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepCaptionArea")
        self.label = label
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(120)
        self.fit()

    def show_text(self, text: str) -> None:
        """Show ``text`` from its first line."""
        if text != self.label.text():
            self.label.setText(text)
            self.fit()
            self.verticalScrollBar().setValue(0)

    def fit(self) -> None:
        """Take the text's height, between the least and the most lines."""
        line = self.label.fontMetrics().lineSpacing()
        least, most = (n * line for n in CAPTION_LINES)
        frame = 2 * self.frameWidth()
        needed = self.label.heightForWidth(max(1, self.width() - frame))  # the whole text, no bar
        height = max(least, min(most, needed)) + frame
        if height != self.minimumHeight():
            self.setMinimumHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit()  # another width wraps the text into another number of lines


MENU_CALLS = 30
"""The picker lists every call up to this many; beyond, the first ten, those around the call
shown and the last five."""


def _gradients_without_order(graph: nx.DiGraph | None) -> bool:
    """Whether ``graph`` holds gradients from a backward whose order was not recorded: one the
    caller ran before the graph was captured in its own process (``graphviz_app.open(z)`` after
    ``z.backward()``; see ``capture.api``), so there are no backward steps to show."""
    if graph is None or not (graph.graph.get("backward") or {}).get("ran"):
        return False
    return any(grad for _, grad in graph.nodes(data="grad"))


def listed_calls(calls: BackwardCalls) -> list[int]:
    """The calls the picker offers (the next one, when more may follow, comes apart)."""
    if calls.made <= MENU_CALLS:
        return list(range(1, calls.made + 1))
    near = range(max(1, calls.call - 2), min(calls.made, calls.call + 2) + 1)
    return sorted({*range(1, 11), *near, *range(calls.made - 4, calls.made + 1)})


class TimelinePanel(QWidget):
    """Mode switch, transport buttons, a slider over the steps, play speed and the step's caption.

    ``runBackwardRequested`` asks the window to run the script's backward (Backward mode on a graph
    without gradients).
    """

    runBackwardRequested = Signal()
    backwardCallRequested = Signal(int)
    """The user chose another of the script's backward() calls (1 = the first) in the picker."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("timelinePanel")
        self.document = document
        self.mode = FORWARD
        self._pending_backward = False
        self._pending_call: int | None = None
        self.calls: BackwardCalls | None = None
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        style = self.style()

        def tool(name: str, pixmap: QStyle.StandardPixmap, action: QAction) -> QToolButton:
            button = QToolButton(self)
            button.setObjectName(name)
            button.setDefaultAction(action)
            action.setIcon(style.standardIcon(pixmap))
            action.setData(pixmap)
            button.setAutoRaise(True)
            return button

        owner: QObject = parent if parent is not None else self
        self.first_action = self._action(owner, self.tr("First Step"), "Home", self.first)
        self.prev_action = self._action(owner, self.tr("Previous Step"), "Left", self.previous)
        self.play_action = self._action(owner, self.tr("Play / Pause"), "Space", self.toggle_play)
        self.next_action = self._action(owner, self.tr("Next Step"), "Right", self.next)
        self.last_action = self._action(owner, self.tr("Last Step"), "End", self.last)
        self.forward_button = QPushButton(self.tr("Forward"), self)
        self.backward_button = QPushButton(self.tr("Backward"), self)
        self.modes = QButtonGroup(self)
        for button, mode, tip in (
            (
                self.forward_button,
                FORWARD,
                self.tr("Step through the forward pass: ops appear in creation order"),
            ),
            (
                self.backward_button,
                BACKWARD,
                self.tr("Step through backward: nodes in the order the autograd engine ran them"),
            ),
        ):
            button.setCheckable(True)
            button.setToolTip(tip)
            button.setObjectName(f"{mode}ModeButton")
            button.clicked.connect(lambda _c=False, m=mode: self.start(m))
            self.modes.addButton(button)
        self.dark = False
        self.forward_button.setChecked(True)
        for button in (self.forward_button, self.backward_button):  # the mode shown stands out
            button.setStyleSheet(CHECKED_STYLE)
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance(button.text()) + 32)
        self.call_menu = QMenu(self)
        self.call_menu.setObjectName("backwardCallMenu")
        self.call_menu.triggered.connect(self._call_chosen)
        self.call_button = QToolButton(self)
        self.call_button.setObjectName("backwardCallButton")
        self.call_button.setMenu(self.call_menu)
        self.call_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.call_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.call_button.setStyleSheet("QToolButton::menu-indicator { image: none; width: 0px; }")
        self.call_output = plain_label(QLabel("", self))  # the output's name comes from the data
        self.call_output.setObjectName("backwardCallOutput")
        self.first_button = tool("firstButton", QStyle.StandardPixmap.SP_MediaSkipBackward, self.first_action)
        self.prev_button = tool("prevButton", QStyle.StandardPixmap.SP_MediaSeekBackward, self.prev_action)
        self.play_button = tool("playButton", QStyle.StandardPixmap.SP_MediaPlay, self.play_action)
        self.next_button = tool("nextButton", QStyle.StandardPixmap.SP_MediaSeekForward, self.next_action)
        self.last_button = tool("lastButton", QStyle.StandardPixmap.SP_MediaSkipForward, self.last_action)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("stepSlider")
        self.slider.setToolTip(self.tr("Drag to any step (← / → step, Home / End)"))
        self.slider.setPageStep(5)
        self.slider.valueChanged.connect(self._slider_moved)
        self.position = QLabel("", self)
        self.position.setMinimumWidth(60)
        self.slider.setMinimumWidth(80)
        self.speed = QComboBox(self)
        self.speed.setObjectName("speedCombo")
        self.speed.setToolTip(self.tr("Play speed"))
        for label, ms in SPEEDS:
            self.speed.addItem(label, ms)
        self.speed.setCurrentIndex(DEFAULT_SPEED)
        self.speed.currentIndexChanged.connect(lambda _i: self.timer.setInterval(self.interval()))
        self.timer.setInterval(self.interval())
        self.run_backward_button = QPushButton(self.tr("Run backward"), self)
        self.run_backward_button.setObjectName("runBackwardButton")
        self.run_backward_button.setToolTip(
            self.tr(
                "Run the script again and call backward on its output, to record the gradients (one click)"
            )
        )
        self.run_backward_button.clicked.connect(self.request_backward)
        self.show_all_button = QPushButton(self.tr("Show all"), self)
        self.show_all_button.setToolTip(self.tr("Stop stepping: show the whole graph"))
        self.show_all_button.clicked.connect(self.stop_stepping)
        self.caption = plain_label(QLabel("", self))  # names come from the data
        self.caption.setObjectName("stepCaption")
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caption_area = CaptionArea(self.caption, self)
        self.exercise = ExerciseRow(document, self)
        self.exercise.revealed.connect(self._revealed)
        self.exercise.changed.connect(self.refresh)
        row = QHBoxLayout()
        row.setSpacing(4)
        row.addWidget(self.forward_button)
        row.addWidget(self.backward_button)
        row.addWidget(self.call_button)
        row.addWidget(self.call_output)
        row.addSpacing(8)
        for b in (self.first_button, self.prev_button, self.play_button, self.next_button, self.last_button):
            row.addWidget(b)
        row.addWidget(self.slider, 1)
        row.addWidget(self.position)
        below = QHBoxLayout()
        below.setSpacing(4)
        below.addWidget(self.caption_area, 1)
        below.addWidget(self.run_backward_button)
        below.addWidget(self.speed)
        below.addWidget(self.show_all_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.exercise)
        layout.addLayout(below)
        document.graphChanged.connect(self._graph_changed)
        document.stepChanged.connect(self.refresh)
        self._update_calls()
        self.refresh()

    @staticmethod
    def _action(owner: QObject, text: str, key: str, slot: Callable[[], object]) -> QAction:
        action = QAction(text, owner)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(f"{text} ({key})")
        action.triggered.connect(lambda _c=False: slot())
        return action

    def set_dark(self, dark: bool) -> None:
        """Redraw the transport icons light on a dark palette (the style's are dark gray)."""
        self.dark = dark
        for action in self.actions_list():
            pixmap = action.data()
            if isinstance(pixmap, QStyle.StandardPixmap):
                action.setIcon(self._icon(pixmap))

    def _icon(self, pixmap: QStyle.StandardPixmap) -> QIcon:
        """The style's icon ``pixmap``, light on a dark palette."""
        base = self.style().standardIcon(pixmap)
        return tinted(base, DARK_ICON) if self.dark else base

    def actions_list(self) -> list[QAction]:
        return [self.first_action, self.prev_action, self.play_action, self.next_action, self.last_action]

    def interval(self) -> int:
        return int(self.speed.currentData() or SPEEDS[DEFAULT_SPEED][1])

    # -- state ---------------------------------------------------------------------------------
    def index(self) -> int:
        """Return the step shown (-1 when not stepping)."""
        step = self.document.view_model.step
        return step.index if step is not None and step.mode == self.mode else -1

    def count(self) -> int:
        return self.document.view_model.step_count(self.mode)

    def is_playing(self) -> bool:
        return self.timer.isActive()

    # -- commands --------------------------------------------------------------------------------
    def start(self, mode: StepMode, index: int = 0) -> None:
        """Switch to ``mode`` and show step ``index`` (Backward without gradients offers to run it)."""
        self.stop()
        self.mode = mode
        if self.document.view_model.graph is not None and self.count():
            self.go(index)
            return
        if self.document.view_model.graph is not None:
            self.document.view_model.clear_step()
        self.refresh()

    def go(self, index: int) -> None:
        if self.document.view_model.graph is None or self.count() == 0:
            return
        index = max(0, min(index, self.count() - 1))
        # A step waiting for an answer leaves the selection (and the Inspector's numbers) be.
        self.document.view_model.set_step(
            self.mode, index, follow=not self.exercise.pending(self.mode, index)
        )

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.count() - 1)

    def next(self) -> None:
        self.go(self.index() + 1)

    def previous(self) -> None:
        self.go(self.index() - 1 if self.index() > 0 else 0)

    def play(self) -> None:
        """Advance one step per tick from here (from the start when at the end) until the end."""
        if self.count() == 0:
            return
        if self.index() < 0 or self.index() >= self.count() - 1:
            self.go(0)
        self.timer.start(self.interval())
        self.refresh()

    def stop(self) -> None:
        """Pause playing (also when the window closes: no timer outlives it)."""
        if self.timer.isActive():
            self.timer.stop()
            self.refresh()

    def toggle_play(self) -> None:
        self.stop() if self.is_playing() else self.play()

    def stop_stepping(self) -> None:
        self.stop()
        self.document.view_model.clear_step()

    def request_backward(self) -> None:
        """Backward mode: step at once when gradients exist, else ask the window to run backward."""
        self.mode = BACKWARD
        if self.document.view_model.step_count(BACKWARD):
            self.start(BACKWARD)
            return
        self._pending_backward = True
        self.refresh()
        self.runBackwardRequested.emit()

    def cancel_backward_request(self) -> None:
        """Forget a pending "Run Backward" or call choice (the run failed or cannot happen)."""
        self._pending_backward = False
        self._pending_call = None
        self.refresh()

    def choose_call(self, call: int) -> None:
        """Show the script's backward() call ``call``: ask the window to run the script again
        and capture it (Backward stepping goes on in the new graph)."""
        if self.calls is None or call < 1 or call == self.calls.call:
            return
        self.stop()
        self._pending_call = call
        self._pending_backward = self.mode == BACKWARD
        self.refresh()
        self.backwardCallRequested.emit(call)

    def _call_chosen(self, action: QAction) -> None:
        call = action.data()
        if isinstance(call, int):
            self.choose_call(call)

    def _update_calls(self) -> None:
        """Rebuild the backward-call picker for the document's graph."""
        calls = self.calls = backward_calls(self.document.view_model.graph)
        self.call_button.setVisible(calls is not None)
        self.call_output.setVisible(calls is not None and calls.output is not None)
        if calls is None:
            return
        total = f"{calls.made}+" if calls.more else str(calls.made)
        self.call_button.setText(
            self.tr("call {call} of {total}").format(call=calls.call, total=total) + " ▾"
        )
        self.call_button.setToolTip(
            (
                self.tr(
                    "The graph of the gradients the script's torch.autograd.grad(create_graph=True) "
                    "call {call} returned: choose another call to run the script again and capture it "
                    "(the same setting as Edit ▸ Preferences ▸ Backward call to capture)."
                )
                if calls.gradient
                else self.tr(
                    "The graph of the script's backward() call {call}: choose another call to run the "
                    "script again and capture it (the same setting as Edit ▸ Preferences ▸ Backward "
                    "call to capture)."
                )
            ).format(call=calls.call)
            + (
                "\n"
                + self.tr(
                    "The script was stopped after this call, so its later calls are not "
                    "counted yet: choose the next one to run further, or untick Edit ▸ "
                    "Preferences ▸ Stop the script right after the captured backward() to "
                    "count them all."
                )
                if calls.more
                else ""
            )
        )
        self.call_output.setText(calls.output or "")
        self.call_menu.clear()
        group = QActionGroup(self.call_menu)
        for call in listed_calls(calls):
            action = self.call_menu.addAction(self.tr("call {call}").format(call=call))
            action.setData(call)
            action.setCheckable(True)
            action.setChecked(call == calls.call)
            group.addAction(action)
        if calls.more:
            action = self.call_menu.addAction(
                self.tr("call {call} (runs the script further)").format(call=calls.made + 1)
            )
            action.setData(calls.made + 1)

    def _tick(self) -> None:
        if self.index() >= self.count() - 1:
            self.stop()
            return
        self.next()
        if self.index() >= self.count() - 1 or self.exercise.pending(self.mode, self.index()):
            self.stop()  # at the end, or at a question (Play again steps on)

    def _revealed(self) -> None:
        """The step shown was answered or skipped: show its numbers and select its node."""
        step = self.document.view_model.step
        if step is not None and step.node is not None:
            self.document.view_model.select_graph_node(step.node)
        self.refresh()
        self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)  # → steps on again

    # -- following the document -----------------------------------------------------------------
    def _graph_changed(self) -> None:
        self.stop()
        self._pending_call = None
        self._update_calls()
        if self._pending_backward and self.document.view_model.step_count(BACKWARD):
            self._pending_backward = False
            self.start(BACKWARD)
            return
        if self.document.view_model.graph is not None:
            self._pending_backward = False
        self.refresh()

    def _slider_moved(self, value: int) -> None:
        if value != self.index() and self.count():
            self.go(value)

    def refresh(self) -> None:
        """Sync the controls with the document's step."""
        doc = self.document
        model = doc.view_model
        step = model.step
        if step is not None and step.mode != self.mode:
            self.mode = step.mode
        (self.forward_button if self.mode == FORWARD else self.backward_button).setChecked(True)
        count = self.count()
        index = self.index()
        has_graph = model.graph is not None
        with QSignalBlocker(self.slider):
            self.slider.setRange(0, max(0, count - 1))
            self.slider.setValue(max(0, index))
        stepping = index >= 0
        self.slider.setEnabled(count > 0)
        self.position.setText(f"{index + 1} / {count}" if stepping else (f"– / {count}" if count else ""))
        for action in (self.first_action, self.prev_action):
            action.setEnabled(count > 0 and index != 0)
        for action in (self.next_action, self.last_action):
            action.setEnabled(count > 0 and index < count - 1)
        self.play_action.setEnabled(count > 0)
        playing = self.is_playing()
        pixmap = QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay
        if self.play_action.data() != pixmap:
            self.play_action.setData(pixmap)
            self.play_action.setIcon(self._icon(pixmap))
        self.play_action.setText(self.tr("Pause") if playing else self.tr("Play"))
        self.forward_button.setEnabled(has_graph)
        self.backward_button.setEnabled(has_graph)
        backward_missing = has_graph and self.mode == BACKWARD and count == 0
        grads_without_order = backward_missing and _gradients_without_order(model.graph)
        backward_missing = backward_missing and not grads_without_order
        self.run_backward_button.setVisible(backward_missing)
        self.run_backward_button.setEnabled(not self._pending_backward)
        self.show_all_button.setEnabled(model.step is not None)
        self.call_button.setEnabled(doc.kind == "script" and self._pending_call is None)
        self.exercise.sync(step, self.mode, count > 0)
        if not has_graph:
            text = self.tr("Open a script to step through its forward and backward passes.")
        elif self._pending_call is not None:
            text = fill(
                self.tr("Running the script again to capture its backward() call {call}…"),
                call=self._pending_call,
            )
        elif step is not None:
            question = self.exercise.question(step)
            text = shown(question if question is not None else step.message)
        elif grads_without_order:
            text = self.tr(
                "The gradients shown (beside the leaves) come from the script's own backward, run "
                "before the graph was captured, so the order the engine ran the nodes in was not "
                "recorded: there are no backward steps. Open the script and press Run backward "
                "(Ctrl+B) to step through them."
            )
        elif backward_missing and self._pending_backward:
            text = self.tr("Running the script with backward…")
        elif backward_missing:
            text = self.tr(
                "The script did not run backward, so there are no gradients yet. "
                "Click Run backward (Ctrl+B) to run it and step through the gradients."
            )
        else:
            text = self.tr(
                "Press → or Play to watch the graph being built op by op "
                "(Backward: the gradients flowing back)."
            )
        if step is not None and self.exercise.feedback:
            text = f"{self.exercise.feedback}\n\n{text}"  # the verdict, then the step it judged
        self.caption_area.show_text(text)
