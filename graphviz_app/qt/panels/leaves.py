"""The Leaves dock: every leaf tensor (inputs that require grad, parameters) with its gradient's
norm and range; sortable; clicking a row selects the node in the graph. The columns fit the dock's
width: the device column shows only when the leaves sit on several devices, and a dock too narrow
for the shape column leaves it to the name's tooltip."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from ...core.view import colors
from ...core.view.stepping import format_number
from ..document import Document
from ..plain_text import plain_label
from .inspector import fmt_shape

COLUMNS = ("name", "shape", "device", "‖grad‖", "range")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
NODE_ROLE = Qt.ItemDataRole.UserRole + 2
NAME, SHAPE, DEVICE = 0, 1, 2
MIN_NAME_WIDTH = 48
"""The name column gives up width (its names elide in the middle) down to this many pixels."""

translate = QCoreApplication.translate


class _Item(QTableWidgetItem):
    """A cell sorted by its ``SORT_ROLE`` value (numbers as numbers; missing values last)."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        a, b = self.data(SORT_ROLE), other.data(SORT_ROLE)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return a < b
        return str(a) < str(b)


def _num(value: Any, digits: int = 4) -> tuple[str, Any]:
    if value is None:
        return "—", -math.inf  # no gradient: last when sorted by largest gradient
    if isinstance(value, float) and math.isnan(value):
        return "nan", math.inf
    return format_number(value, digits), float(value)


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
        low, high = _num(grad.get("min"), 3), _num(grad.get("max"), 3)
        cells.append((f"{low[0]} … {high[0]}" if grad.get("min") is not None else "—", high[1]))
        rows.append((node, cells, bad))
    return rows


class LeavesPanel(QWidget):
    """A sortable table of leaves; ``nodeActivated(graph node id)`` when a row is clicked."""

    nodeActivated = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._devices = 0
        """How many devices the leaves sit on (one: no device column)."""
        self.hint = plain_label(QLabel("", self))
        self.hint.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("leavesTable")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        tips = (
            translate("Leaves", "The tensor's name in the script"),
            translate("Leaves", "Its shape"),
            translate("Leaves", "Its device"),
            translate("Leaves", "The norm of its gradient (.grad)"),
            translate("Leaves", "The smallest and largest element of its gradient"),
        )
        for column, tip in enumerate(tips):
            header_item = self.table.horizontalHeaderItem(column)
            if header_item is not None:
                header_item.setToolTip(tip)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # sized by fit_columns
        header.setStretchLastSection(False)
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
            self.hint.setText(translate("Leaves", "No graph loaded."))
            return
        rows = leaf_rows(graph)
        has_grads = self.document.has_gradients()
        count = (
            translate("Leaves", "1 leaf tensor.")
            if len(rows) == 1
            else translate("Leaves", "{count} leaf tensors.").format(count=len(rows))
        )
        self.hint.setText(
            count
            + translate("Leaves", " Click a row to find it in the graph; click a header to sort.")
            + ("" if has_grads else translate("Leaves", " Gradients appear after Run backward (Ctrl+B)."))
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
                if c == NAME:
                    item.setToolTip(f"{text}  {cells[SHAPE][0]}  {cells[DEVICE][0]}")
                if bad and c == 3:
                    item.setForeground(warn)
                    item.setToolTip(translate("Leaves", "The gradient holds NaN or Inf values"))
                self.table.setItem(r, c, item)
        self.table.setSortingEnabled(True)
        self._devices = len({cells[DEVICE][0] for _, cells, _ in rows})
        self.fit_columns()
        self.table.sortByColumn(
            3 if has_grads else 0, Qt.SortOrder.DescendingOrder if has_grads else Qt.SortOrder.AscendingOrder
        )

    def fit_columns(self) -> None:
        """Size the columns to their contents within the table's width: the device column shows
        only for several devices, the shape column only where it fits beside the numbers (the
        name's tooltip has both), and the name column gives width back (eliding in the middle)."""
        table = self.table
        room = table.viewport().width()
        for column in range(table.columnCount()):
            table.setColumnHidden(column, False)
            table.resizeColumnToContents(column)
        hidden = {DEVICE} if self._devices <= 1 else set()
        for optional in (DEVICE, SHAPE):
            needed = (
                sum(table.columnWidth(c) for c in range(table.columnCount()) if c not in hidden and c != NAME)
                + MIN_NAME_WIDTH
            )
            if needed > room:
                hidden.add(optional)
        for column in hidden:
            table.setColumnHidden(column, True)
        others = sum(
            table.columnWidth(c) for c in range(table.columnCount()) if c not in hidden and c != NAME
        )
        if table.columnWidth(NAME) > room - others:
            table.setColumnWidth(NAME, max(MIN_NAME_WIDTH, room - others))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_columns()  # a tab brought to the front: the width may have changed meanwhile

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
