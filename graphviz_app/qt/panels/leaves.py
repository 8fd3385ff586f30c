"""The Leaves dock: every leaf tensor (inputs that require grad, parameters) with its gradient's
norm and range; sortable; clicking a row selects the node in the graph. The columns fit the dock's
width: the device column shows only when the leaves sit on several devices, and a dock too narrow
for the shape column leaves it to the name's tooltip."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from ...core.model.derived import derived, warm_later
from ...core.model.values import format_number
from ...core.view import colors
from ..document import Document
from ..plain_text import plain_label
from .inspector import fmt_shape
from .refresh_gate import RefreshGate

COLUMNS = ("name", "shape", "device", "‖grad‖", "range")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
NODE_ROLE = Qt.ItemDataRole.UserRole + 2
NAME, SHAPE, DEVICE = 0, 1, 2
SIZED_ROWS = 100
"""Rows a column's width is fitted to (those in sight first): a table of 30,000 leaves would
ask each of its cells."""
MIN_NAME_WIDTH = 48
"""The name column gives up width (its names elide in the middle) down to this many pixels."""

translate = QCoreApplication.translate


def _num(value: Any, digits: int = 4) -> tuple[str, Any]:
    if value is None:
        return "—", -math.inf  # no gradient: last when sorted by largest gradient
    if isinstance(value, float) and math.isnan(value):
        return "nan", math.inf
    return format_number(value, digits), float(value)


Row = tuple[str, list[tuple[str, Any]], bool]


@warm_later
def leaf_rows(graph: Any) -> list[Row]:
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


def leaf_order(graph: Any, column: int, descending: bool) -> list[int]:
    """The rows of :func:`leaf_rows` sorted by ``column``'s key (numbers as numbers, missing
    gradients last when the largest come first), as row indices; stable."""
    rows = derived(graph, leaf_rows)
    return sorted(range(len(rows)), key=lambda r: rows[r][1][column][1], reverse=descending)


def default_order(graph: Any) -> tuple[int, bool]:
    """The column and direction the table opens sorted by: the largest gradient first once
    there are gradients, else by name."""
    return (3, True) if derived(graph, colors.has_grads) else (NAME, False)


@warm_later
def opening_order(graph: Any) -> list[int]:
    """The rows in the order the table opens with (made ahead with the graph)."""
    return derived(graph, leaf_order, *default_order(graph))


@warm_later
def leaf_devices(graph: Any) -> frozenset[str]:
    """The devices the leaves sit on (one: the table has no device column)."""
    return frozenset(cells[DEVICE][0] for _, cells, _ in derived(graph, leaf_rows))


Index = QModelIndex | QPersistentModelIndex
ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.ForegroundRole,
        SORT_ROLE,
        NODE_ROLE,
    }
)
"""The roles :meth:`LeavesModel.data` answers (the view asks for many more)."""


class LeavesModel(QAbstractTableModel):
    """The leaves of one graph as table rows, read from the rows made once per graph (on the
    thread that read it, for a saved graph): the view asks only for the rows it shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.graph: Any = None
        self.rows: list[Row] = []
        self.order: list[int] = []
        self.tips: tuple[str, ...] = ()
        self._warn = QColor(colors.WARNING_COLOR)

    def set_graph(self, graph: Any) -> None:
        self.beginResetModel()
        self.graph = graph
        self.rows = derived(graph, leaf_rows) if graph is not None else []
        self.order = derived(graph, opening_order) if graph is not None else []
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole and section < len(self.tips):
            return self.tips[section]
        return None

    def data(self, index: Index, role: int = 0) -> Any:
        if role not in ROLES or not index.isValid():
            return None
        node, cells, bad = self.rows[self.order[index.row()]]
        column = index.column()
        text, key = cells[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == SORT_ROLE:
            return key
        if role == NODE_ROLE:
            return node
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 3:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ToolTipRole:
            if bad and column == 3:
                return translate("Leaves", "The gradient holds NaN or Inf values")
            if column == NAME:
                return f"{text}  {cells[SHAPE][0]}  {cells[DEVICE][0]}"
        if role == Qt.ItemDataRole.ForegroundRole and bad and column == 3:
            return self._warn
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if self.graph is None or not 0 <= column < len(COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        self.order = derived(self.graph, leaf_order, column, order == Qt.SortOrder.DescendingOrder)
        self.layoutChanged.emit()

    def node(self, row: int) -> str | None:
        return self.rows[self.order[row]][0] if 0 <= row < len(self.order) else None


def list_rows(table: QTableView) -> None:
    """Set ``table`` up as a list of nodes: read-only rows chosen whole, one at a time, no row
    numbers, names elided in the middle (their tooltips have them whole)."""
    table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    table.setWordWrap(False)


class LeavesPanel(QWidget):
    """A sortable table of leaves; ``nodeActivated(graph node id)`` when a row is clicked."""

    warmed = (leaf_rows, opening_order, leaf_devices)
    """The graph's values it shows (made with a graph while the panel is in sight)."""

    nodeActivated = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._devices = 0
        """How many devices the leaves sit on (one: no device column)."""
        self.hint = plain_label(QLabel("", self))
        self.hint.setWordWrap(True)
        self.model = LeavesModel(self)
        self.model.tips = (
            translate("Leaves", "The tensor's name in the script"),
            translate("Leaves", "Its shape"),
            translate("Leaves", "Its device"),
            translate("Leaves", "The norm of its gradient (.grad)"),
            translate("Leaves", "The smallest and largest element of its gradient"),
        )
        self.table = QTableView(self)
        self.table.setObjectName("leavesTable")
        self.table.setModel(self.model)
        list_rows(self.table)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # sized by fit_columns
        header.setStretchLastSection(False)
        header.setResizeContentsPrecision(SIZED_ROWS)  # a column's width: from this many rows
        self.table.clicked.connect(lambda index: self._clicked(index.row(), index.column()))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        self.gate = RefreshGate(self, self.refresh)  # behind another tab: refreshed when shown
        document.graphChanged.connect(self._graph_changed)
        self.refresh()

    def _graph_changed(self) -> None:
        self.gate.request()
        if self.gate.owed:  # behind a tab: the rows of the graph before go, and the graph with them
            self.model.set_graph(None)

    def refresh(self) -> None:
        graph = self.document.view_model.graph
        self.model.set_graph(graph)
        if graph is None:
            self.hint.setText(translate("Leaves", "No graph loaded."))
            return
        rows = self.model.rows
        has_grads = self.document.view_model.has_gradients()
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
        self._devices = len(derived(graph, leaf_devices))
        column, descending = default_order(graph)
        # the model is already in this order: the header only shows it
        self.table.horizontalHeader().setSortIndicator(
            column, Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
        )
        self.table.setSortingEnabled(True)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Size the columns to their contents within the table's width: the device column shows
        only for several devices, the shape column only where it fits beside the numbers (the
        name's tooltip has both), and the name column gives width back (eliding in the middle)."""
        table = self.table
        columns = range(len(COLUMNS))
        room = table.viewport().width()
        for column in columns:
            table.setColumnHidden(column, False)
            table.resizeColumnToContents(column)
        hidden = {DEVICE} if self._devices <= 1 else set()
        for optional in (DEVICE, SHAPE):
            needed = (
                sum(table.columnWidth(c) for c in columns if c not in hidden and c != NAME) + MIN_NAME_WIDTH
            )
            if needed > room:
                hidden.add(optional)
        for column in hidden:
            table.setColumnHidden(column, True)
        others = sum(table.columnWidth(c) for c in columns if c not in hidden and c != NAME)
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
        self.gate.flush()
        return [self.model.rows[r][0] for r in self.model.order]

    def _clicked(self, row: int, _column: int) -> None:
        node = self.model.node(row)
        if node is not None:
            self.document.view_model.select_graph_node(node)
            self.nodeActivated.emit(node)
