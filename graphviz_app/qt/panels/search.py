"""The search box: find nodes by op, variable/parameter name or module; step through matches."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from ..document import Document

translate = QCoreApplication.translate


class _SearchEdit(QLineEdit):
    """Line edit where Enter goes to the next match, Shift+Enter to the previous, Esc clears."""

    stepRequested = Signal(int)
    escaped = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            back = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.stepRequested.emit(-1 if back else 1)
            return
        if event.key() == Qt.Key.Key_Escape:
            self.escaped.emit()
            return
        super().keyPressEvent(event)


class SearchBar(QWidget):
    """Search field with a match counter and previous/next buttons; searches as you type."""

    matchActivated = Signal(str)  # display id of the match the user moved to
    closed = Signal()

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.edit = _SearchEdit(self)
        self.edit.setObjectName("searchEdit")
        self.edit.setPlaceholderText(translate("Search", "Search op, name or module…"))
        self.edit.setClearButtonEnabled(True)
        self.edit.setMinimumWidth(150)
        self.edit.setToolTip(
            translate(
                "Search",
                "Find nodes by op (AddBackward0), variable/parameter name "
                "or module (Ctrl+F). Enter: next match, Shift+Enter: previous, "
                "Esc: clear.",
            )
        )
        self.count = QLabel("", self)
        self.count.setMinimumWidth(44)
        self.prev_button = QToolButton(self, arrowType=Qt.ArrowType.UpArrow)
        self.prev_button.setToolTip(translate("Search", "Previous match (Shift+Enter)"))
        self.next_button = QToolButton(self, arrowType=Qt.ArrowType.DownArrow)
        self.next_button.setToolTip(translate("Search", "Next match (Enter)"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.count)
        layout.addWidget(self.prev_button)
        layout.addWidget(self.next_button)
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.run_search)
        self.edit.textChanged.connect(lambda _text: self._timer.start())
        self.edit.stepRequested.connect(self.step)
        self.edit.escaped.connect(self.clear)
        self.prev_button.clicked.connect(lambda: self.step(-1))
        self.next_button.clicked.connect(lambda: self.step(1))
        document.searchChanged.connect(self._show_count)
        document.sourceChanged.connect(self._source_changed)
        document.graphChanged.connect(self._graph_changed)
        self._new_source = False
        self._show_count()

    def focus(self) -> None:
        """Put the cursor in the field, its text selected (Ctrl+F)."""
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()

    def run_search(self) -> None:
        """Search for the field's text now (typing triggers this after a short pause)."""
        self._timer.stop()
        model = self.document.view_model
        model.search(self.edit.text())
        if model.matches:
            self.matchActivated.emit(model.current_match())

    def step(self, direction: int) -> None:
        if self._timer.isActive() or self.edit.text().strip() != self.document.view_model.search_text:
            self.run_search()
            return
        model = self.document.view_model
        if model.next_match(direction):
            self.matchActivated.emit(model.current_match())

    def clear(self) -> None:
        self.edit.clear()
        self.run_search()
        self.closed.emit()

    def _source_changed(self) -> None:
        self._new_source = True  # the search is forgotten once the new file's graph is in

    def _graph_changed(self) -> None:
        """Another file's graph starts with no search (its names are not the last file's); a
        reload of the same file keeps it. (The colour mode is a preference: it stays.)"""
        if self._new_source:
            self._new_source = False
            if self.edit.text() or self.document.view_model.search_text:
                self.edit.clear()  # with its signals: the field's clear button hides with the text
                self._timer.stop()  # the search it started is the one made here
                self.document.view_model.search("")
        self._show_count()

    def _show_count(self) -> None:
        model = self.document.view_model
        missing = bool(model.search_text) and not model.matches
        self.edit.setStyleSheet("QLineEdit { border: 1px solid #d93025; }" if missing else "")
        if not model.search_text:
            self.count.setText("")
        elif missing:
            self.count.setText(translate("Search", "no match"))
        else:
            self.count.setText(
                translate("Search", "{index} of {count}").format(
                    index=model.match_index + 1, count=len(model.matches)
                )
            )
        has = len(model.matches) > 1
        self.prev_button.setEnabled(has)
        self.next_button.setEnabled(has)
