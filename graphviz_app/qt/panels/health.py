"""The Gradient Health dock: each module's gradient norm over a training loop's steps as a small
line on a log scale, its trend, and the findings' sentences (vanishing or
exploding gradients, with their usual causes); clicking a row selects the module's first
parameter in the graph (the window expands a collapsed module that hides it and scrolls to it).
A graph that recorded no gradient health says how to record it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QScrollArea,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.model.health import TREND_WORDS, Course, health, module_nodes
from ...core.model.values import format_number
from ...core.view.colors import HEALTH_COLORS, darken
from ..document import Document
from ..i18n import text
from ..plain_text import plain_label, plain_tooltip
from .leaves import list_rows

if TYPE_CHECKING:
    import networkx as nx

COURSE_ROLE = Qt.ItemDataRole.UserRole + 1
"""The row's norms (a list of float or None, one per step) and its NaN steps, for the delegate."""
NODE_ROLE = Qt.ItemDataRole.UserRole + 2
LINE_WIDTH = 120
"""The course column's width in pixels."""
MIN_DECADES = 2.0
"""A row's line spans at least this many orders of magnitude from bottom to top, so a steady
course stays nearly flat and a fall or growth of three orders fills the row."""

translate = QCoreApplication.translate


class CourseDelegate(QStyledItemDelegate):
    """Draws a row's norms over the steps: log10 of each known norm, the row's range centred and
    at least :data:`MIN_DECADES` high, a gap where a step has none, and a pink dot on top at
    each step with NaN or Inf (the tooltip gives the numbers)."""

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        data = index.data(COURSE_ROLE)
        if not data:
            return
        norms, broken, color = data
        rect = option.rect.adjusted(4, 3, -4, -3)
        count = len(norms)
        step = rect.width() / max(count - 1, 1)
        logs = [math.log10(n) for n in norms if n is not None and n > 0]
        middle = (min(logs) + max(logs)) / 2 if logs else 0.0
        half = max(max(logs) - min(logs) if logs else 0.0, MIN_DECADES) / 2

        def y(norm: float) -> float:
            t = (math.log10(norm) - middle + half) / (2 * half)
            return rect.bottom() - t * rect.height()

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        drawing = False
        for k, norm in enumerate(norms):
            if norm is None or norm <= 0:
                drawing = False
                continue
            point = QPointF(rect.left() + k * step, y(norm))
            if drawing:
                path.lineTo(point)
            else:
                path.moveTo(point)
                drawing = True
        painter.setPen(QPen(QColor(color), 1.6))
        painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(HEALTH_COLORS["nan"]))
        for k in broken:
            painter.drawEllipse(QPointF(rect.left() + k * step, rect.top() + 2), 2.5, 2.5)
        painter.restore()


class HealthPanel(QWidget):
    """Gradient health per module; ``nodeActivated(graph node id)`` when a row is clicked."""

    nodeActivated = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.hint = plain_label(QLabel("", self))
        self.hint.setObjectName("healthHint")
        self.hint.setWordWrap(True)
        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("healthTable")
        self.table.setHorizontalHeaderLabels(
            [
                translate("Health", "module"),
                translate("Health", "norm (log)"),
                translate("Health", "last norm"),
                translate("Health", "trend"),
            ]
        )
        list_rows(self.table)
        self.delegate = CourseDelegate(self.table)
        self.table.setItemDelegateForColumn(1, self.delegate)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setColumnWidth(1, LINE_WIDTH)
        self.table.clicked.connect(lambda index: self._clicked(index.row()))
        self.findings = plain_label(QLabel("", self))
        self.findings.setObjectName("healthFindings")
        self.findings.setWordWrap(True)
        self.findings.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 3)
        self.findings_area = QScrollArea(self)
        self.findings_area.setWidgetResizable(True)
        self.findings_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.findings_area.setWidget(self.findings)
        layout.addWidget(self.findings_area, 2)
        document.graphChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the document's graph's gradient health (or why there is none)."""
        graph = self.document.view_model.graph
        self.table.setRowCount(0)
        self.findings.setText("")
        found = health(graph) if graph is not None else None
        if found is None or not found.courses:
            self.hint.setText(
                translate("Health", "No graph loaded.")
                if graph is None
                else translate(
                    "Health",
                    "This graph recorded no gradient health. Set Edit ▸ Preferences ▸ Gradient health "
                    "to a number of backward() calls (20, say) and reload a script with a training "
                    "loop to see whether its gradients vanish or explode.",
                )
            )
            self.table.setVisible(False)
            self.findings_area.setVisible(False)
            return
        steps = found.steps
        self.hint.setText(
            translate(
                "Health",
                "Over {count} backward() calls (steps {first} to {last}); click a module to find it.",
            ).format(count=len(steps), first=steps[0], last=steps[-1])
        )
        self.table.setVisible(True)
        self.table.setRowCount(len(found.courses))
        for row, course in enumerate(found.courses):
            self._fill_row(row, course, graph)
        sentences = [text(finding.message) for finding in found.findings]
        self.findings.setText(
            "\n\n".join(sentences)
            if sentences
            else translate("Health", "No vanishing or exploding gradient found.")
        )
        self.findings_area.setVisible(True)

    def _fill_row(self, row: int, course: Course, graph: nx.DiGraph) -> None:
        nodes = module_nodes(graph, course)
        node = nodes[0] if nodes else ""
        last = format_number(course.last) if course.last is not None else "—"
        norms = translate("Health", "gradient norm: {first} at the first step, {last} at the last").format(
            first=format_number(course.first) if course.first is not None else "—",
            last=last,
        )
        said = [text(f.message) for f in course.findings] or [text(TREND_WORDS[course.trend])]
        tip = plain_tooltip("\n\n".join([norms, *said]))
        broken = [k for k in range(len(course.norms)) if course.nan[k] or course.inf[k]]
        cells = (course.module, "", last, text(TREND_WORDS[course.trend]))
        for column, cell in enumerate(cells):
            item = QTableWidgetItem(cell)
            item.setData(NODE_ROLE, node)
            item.setToolTip(tip)
            if column == 2:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if column == 1:
                color = darken(HEALTH_COLORS[course.trend], 0.25)
                item.setData(COURSE_ROLE, (list(course.norms), broken, color))
            self.table.setItem(row, column, item)

    def row_texts(self) -> list[tuple[str, str]]:
        """Each row as shown: (module, trend)."""
        return [(self._cell(r, 0).text(), self._cell(r, 3).text()) for r in range(self.table.rowCount())]

    def row_nodes(self) -> list[str]:
        """The graph node each row selects, top to bottom ("" when the graph draws none of the
        module's parameters)."""
        return [str(self._cell(r, 0).data(NODE_ROLE)) for r in range(self.table.rowCount())]

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # every cell is filled by refresh
        return item

    def _clicked(self, row: int) -> None:
        if 0 <= row < self.table.rowCount() and (node := str(self._cell(row, 0).data(NODE_ROLE))):
            self.nodeActivated.emit(node)
