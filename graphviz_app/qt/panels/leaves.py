"""The Leaves dock: every leaf tensor (inputs that require grad, parameters) with its gradient's
norm, min and max; sortable; clicking a row selects the node in the graph."""
from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from ...core import colors
from ...core.stepping import format_number
from ..document import Document
from ..plain_text import plain_label
from .inspector import fmt_shape

COLUMNS = ("name", "shape", "device", "‖grad‖", "min", "max")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
NODE_ROLE = Qt.ItemDataRole.UserRole + 2


class _Item(QTableWidgetItem):
    """A cell sorted by its ``SORT_ROLE`` value (numbers as numbers; missing values last)."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        a, b = self.data(SORT_ROLE), other.data(SORT_ROLE)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return a < b
        return str(a) < str(b)


def _num(value: Any) -> tuple[str, Any]:
    if value is None:
        return "—", -math.inf  # no gradient: last when sorted by largest gradient
    if isinstance(value, float) and math.isnan(value):
        return "nan", math.inf
    return format_number(value, 4), float(value)


def leaf_rows(graph: Any) -> list[tuple[str, list[tuple[str, Any]], bool]]:
    """Return ``(node, [(text, sort key)] per column, bad gradient)`` for every leaf of ``graph``."""
    rows = []
    for node, data in graph.nodes(data=True):
        if data.get("kind") != "leaf":
            continue
        grad = data.get("grad") or {}
        bad = bool(grad.get("nan") or grad.get("inf"))
        name = str(data.get("name") or node)
        shape = data.get("shape")
        size = math.prod(shape) if shape else 0
        cells = [(name, name.lower()), (fmt_shape(shape), size), (str(data.get("device") or "?"),) * 2]
        if bad:
            cells.append((f"{grad.get('nan', 0)} NaN, {grad.get('inf', 0)} Inf", math.inf))
        else:
            cells.append(_num(grad.get("norm")))
        cells += [_num(grad.get("min")), _num(grad.get("max"))]
        rows.append((node, cells, bad))
    return rows


class LeavesPanel(QWidget):
    """A sortable table of leaves; ``nodeActivated(graph node id)`` when a row is clicked."""

    nodeActivated = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.hint = plain_label(QLabel("", self))
        self.hint.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("leavesTable")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)  # long names elide
        header.setStretchLastSection(True)
        self.table.cellClicked.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        document.graphChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        graph = self.document.graph
        self.table.setSortingEnabled(False)
        self.table.setRowCount(0)
        if graph is None:
            self.hint.setText("No graph loaded.")
            return
        rows = leaf_rows(graph)
        has_grads = self.document.has_gradients()
        self.hint.setText(
            f"{len(rows)} leaf tensor{'s' * (len(rows) != 1)}. Click a row to find it in the graph; click a header to sort."
            + ("" if has_grads else " Gradients appear after Run backward (Ctrl+B).")
        )
        self.table.setRowCount(len(rows))
        warn = QColor(colors.WARNING_COLOR)
        for r, (node, cells, bad) in enumerate(rows):
            for c, (text, key) in enumerate(cells):
                item = _Item(text)
                item.setData(SORT_ROLE, key)
                item.setData(NODE_ROLE, node)
                if c >= 3:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if bad and c == 3:
                    item.setForeground(warn)
                    item.setToolTip("The gradient holds NaN or Inf values")
                self.table.setItem(r, c, item)
        self.table.setSortingEnabled(True)
        self.table.resizeColumnToContents(0)
        self.table.setColumnWidth(0, min(self.table.columnWidth(0), 150))
        self.table.sortByColumn(3 if has_grads else 0,
                                Qt.SortOrder.DescendingOrder if has_grads else Qt.SortOrder.AscendingOrder)

    def row_nodes(self) -> list[str]:
        """Return the graph node of each row, top to bottom (as sorted on screen)."""
        items = (self.table.item(r, 0) for r in range(self.table.rowCount()))
        return [item.data(NODE_ROLE) for item in items if item is not None]

    def _clicked(self, row: int, _column: int) -> None:
        item = self.table.item(row, 0)
        if item is not None:
            node = item.data(NODE_ROLE)
            self.document.select_graph_node(node)
            self.nodeActivated.emit(node)
