"""The Source dock: the script with line numbers, the current step's line highlighted as a
debugger would, the selected node's line, and an error's line.

Clicking a node shows its line; clicking a line selects the ops that line created (the first is
selected, all of them are outlined through the ``"source"`` style layer).
"""
from __future__ import annotations

from pathlib import Path

import networkx as nx
from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QPushButton, QTextEdit, QVBoxLayout, QWidget

from ...core import look
from ...core.look import NodeStyle
from ...core.saved_graph import read_source_safely
from ...errors import GraphvizAppError
from ..document import Document
from ..plain_text import plain_label, plain_tooltip
from ..words import error_text

STEP_LINE = "#fff2a8"
SELECTED_LINE = "#dbe8fb"
ERROR_LINE = "#ffd7d9"
SOURCE_PEN = look.SELECTION_COLOR
OPEN_GRAPH_SCRIPT = "Open the script this graph came from"

translate = QCoreApplication.translate


def _resolved(file: str) -> str | None:
    """Return ``file`` resolved, or None for a name that is no path (a NUL, a lone surrogate)."""
    try:
        return str(Path(file).resolve())
    except (OSError, ValueError):
        return None


def nodes_by_line(graph: nx.DiGraph, script: Path | None) -> dict[int, list[str]]:
    """Return ``{line: [graph node ids created there]}`` for nodes whose source is ``script``,
    each list in creation order."""
    out: dict[int, list[str]] = {}
    target = str(script.resolve()) if script is not None else None
    for node, source in graph.nodes(data="source"):
        if not source or not source.get("line"):
            continue
        file = source.get("file")
        if target is not None and file and _resolved(file) != target:
            continue
        out.setdefault(int(source["line"]), []).append(node)
    for nodes in out.values():
        nodes.sort(key=lambda n: (graph.nodes[n].get("forward_index") or 0, n))
    return out


class _Gutter(QWidget):
    def __init__(self, editor: SourceView) -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self.editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_gutter(event)


class SourceView(QPlainTextEdit):
    """Read-only code view with a line-number gutter; ``lineClicked(line)`` is 1-based."""

    lineClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.gutter = _Gutter(self)
        self.marks: dict[int, str] = {}  # line -> background color
        self.blockCountChanged.connect(lambda _n: self._update_margins())
        self.updateRequest.connect(self._update_gutter)
        self._update_margins()

    def gutter_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 10 + self.fontMetrics().horizontalAdvance("9") * max(3, digits)

    def _update_margins(self) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        r = self.contentsRect()
        self.gutter.setGeometry(QRect(r.left(), r.top(), self.gutter_width(), r.height()))

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self.gutter)
        pal = self.palette()
        painter.fillRect(event.rect(), pal.color(QPalette.ColorRole.AlternateBase))
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = round(self.blockBoundingRect(block).height())
        while block.isValid() and top <= event.rect().bottom():
            line = block.blockNumber() + 1
            if line in self.marks:
                painter.fillRect(0, top, self.gutter.width(), height, QColor(self.marks[line]).darker(115))
                painter.setPen(QColor("#202124"))
            else:
                painter.setPen(pal.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(0, top, self.gutter.width() - 5, height,
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(line))
            block = block.next()
            top += height

    def set_marks(self, marks: dict[int, str]) -> None:
        """Paint these 1-based lines' backgrounds (full width)."""
        self.marks = dict(marks)
        selections = []
        for line, color in sorted(marks.items()):
            block = self.document().findBlockByNumber(line - 1)
            if not block.isValid():
                continue
            sel = QTextEdit.ExtraSelection()
            sel.format.setBackground(QColor(color))
            sel.format.setForeground(QColor("#202124"))
            sel.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            cursor = QTextCursor(block)
            sel.cursor = cursor
            selections.append(sel)
        self.setExtraSelections(selections)
        self.gutter.update()

    def show_line(self, line: int) -> None:
        """Scroll so ``line`` is in view (centered when it was out of view)."""
        block = self.document().findBlockByNumber(line - 1)
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        self.setTextCursor(cursor)
        self.centerCursor() if not self._visible(line) else self.ensureCursorVisible()

    def _visible(self, line: int) -> bool:
        first = self.firstVisibleBlock().blockNumber() + 1
        rows = max(1, self.viewport().height() // max(1, self.fontMetrics().height()))
        return first + 1 <= line <= first + rows - 2

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and not self.textCursor().hasSelection():
            self.lineClicked.emit(self.cursorForPosition(event.position().toPoint()).blockNumber() + 1)


class SourcePanel(QWidget):
    """The script beside the graph, following the step and the selection."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.path: Path | None = None
        self.error_line: int | None = None
        self.clicked_line: int | None = None
        self._lines: dict[int, list[str]] = {}
        self._line_of: dict[str, int] = {}
        self.title = plain_label(QLabel(translate("SourcePanel", "No script"), self))  # file names come from the data
        self.title.setObjectName("sourceTitle")
        self.title.setWordWrap(True)
        self.open_script_button = QPushButton(translate("SourcePanel", "Open the script this graph came from"), self)
        self.open_script_button.setObjectName("openGraphScript")
        self.open_script_button.hide()
        self.open_script_button.clicked.connect(self.open_graph_script)
        self.view = SourceView(self)
        self.view.setObjectName("sourceView")
        self.view.lineClicked.connect(self.select_line)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.open_script_button)
        layout.addWidget(self.view, 1)
        document.graphChanged.connect(self._graph_changed)
        document.sourceChanged.connect(self._graph_changed)
        document.selectionChanged.connect(self.refresh_marks)
        document.stepChanged.connect(self._step_changed)

    # -- loading ---------------------------------------------------------------------------------
    def script_path(self) -> Path | None:
        """Return the script to show: the document's own script. A saved graph's ``script``
        field is data: it is read only when the user asks (:meth:`open_graph_script`)."""
        doc = self.document
        if doc.kind == "script" and doc.path is not None:
            return doc.path
        return None

    def graph_script(self) -> str | None:
        """Return the ``script`` a saved graph names (None for a script's graph or none named)."""
        doc = self.document
        if doc.kind != "json" or doc.graph is None:
            return None
        script = doc.graph.graph.get("script")
        return script if isinstance(script, str) and script else None

    def open_graph_script(self) -> bool:
        """Read the script the saved graph came from, as the user asked: only a regular file
        of reasonable size (:func:`read_source_safely`); otherwise say why. Return whether it
        is shown."""
        script = self.graph_script()
        if script is None:
            return False
        self.load(Path(script))
        if self.path is None:
            return False
        self._index_lines()
        self.refresh_marks()
        return True

    def load(self, path: Path | None) -> None:
        """Show ``path``'s text (nothing when None; the reason in the title when it cannot be
        read: a FIFO, a device, a folder, a file too big, a name that is not a path)."""
        text = ""
        problem = None
        if path is not None:
            try:
                text = read_source_safely(path)
            except GraphvizAppError as exc:
                problem = error_text(exc.message)
                path = None
            except ValueError:  # a name holding a NUL character
                problem = translate("SourcePanel", "The script's name is not a valid path: it was not read.")
                path = None
        if path != self.path or self.view.toPlainText() != text:
            self.view.setPlainText(text)
        self.path = Path(path) if path is not None else None
        script = self.graph_script()
        self.open_script_button.setVisible(self.path is None and script is not None)
        self.open_script_button.setToolTip(plain_tooltip(translate("SourcePanel", "Read {script}").format(script=script) if script else ""))
        if self.path is not None:
            title = self.path.name
        elif problem is not None:
            title = problem
        elif script is not None:
            title = translate("SourcePanel", "This saved graph names the script it came from; it is not read until "
                              "you ask.")
        else:
            title = translate("SourcePanel", "No script: open a .py file to see its source here.")
        self.title.setText(title)
        self.title.setToolTip(plain_tooltip(
            translate("SourcePanel", "{path}\nClick a line to select the ops it created").format(path=self.path)
            if self.path else ""))

    def _index_lines(self) -> None:
        doc = self.document
        self._lines = nodes_by_line(doc.graph, self.path) if doc.graph is not None else {}
        self._line_of = {n: line for line, nodes in self._lines.items() for n in nodes}

    def _graph_changed(self) -> None:
        doc = self.document
        path = self.script_path()
        if path is not None or doc.graph is not None or doc.path is not None:
            self.load(path)
        self.clicked_line = None
        self._index_lines()
        if doc.graph is not None:
            self.error_line = None
        self.refresh_marks()

    # -- marks ---------------------------------------------------------------------------------
    def line_of(self, node: str | None) -> int | None:
        """Return the script line that created graph node ``node`` (None when unknown)."""
        return self._line_of.get(node) if node is not None else None

    def step_line(self) -> int | None:
        step = self.document.step
        return self.line_of(step.node) if step is not None else None

    def selected_line(self) -> int | None:
        members = self.document.selected_members()
        return self.line_of(members[0]) if len(members) == 1 else None

    def refresh_marks(self) -> None:
        marks: dict[int, str] = {}
        selected = self.selected_line()
        if selected is not None:
            marks[selected] = SELECTED_LINE
        step = self.step_line()
        if step is not None:
            marks[step] = STEP_LINE
        if self.error_line is not None:
            marks[self.error_line] = ERROR_LINE
        self.view.set_marks(marks)
        if selected is not None and step is None:
            self.view.show_line(selected)
        if self.clicked_line is not None and self.clicked_line != selected:
            self.clicked_line = None
            self.document.set_style_layer("source", None)

    def _step_changed(self) -> None:
        self.refresh_marks()
        line = self.step_line()
        if line is not None:
            self.view.show_line(line)

    def show_error(self, file: str | None, line: int | None) -> None:
        """Show a failure's line (red) in ``file`` (loaded when it is not the one shown)."""
        if file and (self.path is None or _resolved(file) != _resolved(str(self.path))):
            self.load(Path(file))
        self.error_line = line if self.path is not None else None
        self.refresh_marks()
        if line:
            self.view.show_line(line)

    def select_line(self, line: int) -> list[str]:
        """Select the ops created on ``line`` (outlined; the first one selected) and return them."""
        nodes = self._lines.get(line, [])
        if not nodes:
            return []
        self.clicked_line = line
        self.document.set_style_layer("source", {n: NodeStyle(pen=SOURCE_PEN, penwidth=2.5) for n in nodes})
        self.document.select_graph_node(nodes[0])
        return list(nodes)
