"""The Largest Holders dock: the graph's memory kept for backward on top, then the nodes that
keep the most (bytes, op, module), largest first; clicking a row selects the node in the graph
(the window expands a collapsed module that hides it and scrolls to it). A graph saved before the
bytes were measured, or drawn without its ops' saved values, says so instead."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.model.derived import derived, warm_with
from ...core.model.kept_memory import format_bytes, graph_total, kept_by, largest_holders
from ...core.view import colors
from ..document import Document
from ..i18n import text
from ..plain_text import plain_label, plain_tooltip
from .leaves import list_rows

HOLDERS = 20
"""How many nodes the list shows, those keeping the most first."""
MIN_MODULE_WIDTH = 56
"""The op column takes its names' width, leaving the module column at least this many pixels."""
NODE_ROLE = Qt.ItemDataRole.UserRole + 1

translate = QCoreApplication.translate


@warm_with
def holders(graph: Any) -> list[str]:
    """The graph's :data:`HOLDERS` largest holders (made ahead with the graph)."""
    return largest_holders(graph, HOLDERS)


class HoldersPanel(QWidget):
    """The nodes keeping the most memory for backward; ``nodeActivated(graph node id)`` when a
    row is clicked."""

    nodeActivated = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.total = plain_label(QLabel("", self))
        self.total.setObjectName("holdersTotal")
        self.total.setWordWrap(True)
        font = self.total.font()
        font.setBold(True)
        self.total.setFont(font)
        self.hint = plain_label(QLabel("", self))
        self.hint.setWordWrap(True)
        self.table = QTableWidget(0, 3, self)
        self.table.setObjectName("holdersTable")
        self.table.setHorizontalHeaderLabels(
            [translate("Holders", "bytes"), translate("Holders", "op"), translate("Holders", "module")]
        )
        list_rows(self.table)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)  # sized by fit_columns
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.clicked.connect(lambda index: self._clicked(index.row()))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.total)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        document.graphChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the document's graph: its total and its largest holders (or why there are none)."""
        graph = self.document.view_model.graph
        self.table.setRowCount(0)
        self.total.setToolTip("")
        if graph is None:
            self.total.setText(translate("Holders", "No graph loaded."))
            self.hint.setText("")
            self.table.setVisible(False)
            return
        if not derived(graph, colors.has_saved_bytes):
            self.total.setText(translate("Holders", "Kept for backward: not measured in this graph."))
            self.hint.setText(
                translate(
                    "Holders",
                    "It was saved before graphviz_app measured the memory kept for backward, or drawn "
                    "without its ops' saved values. Open its script to measure it.",
                )
            )
            self.table.setVisible(False)
            return
        total = graph_total(graph)
        kept = text(kept_by(graph, graph).words()) if total is None else format_bytes(total)
        self.total.setText(translate("Holders", "Kept for backward: {bytes}").format(bytes=kept))
        self.total.setToolTip(
            translate(
                "Holders",
                "The total counts each storage once; the {count} nodes below that keep the most "
                "each count what they save, so a storage two of them save counts for both.",
            ).format(count=HOLDERS)
        )
        nodes = derived(graph, holders)
        self.hint.setText(
            translate("Holders", "Largest first; click a row to find the node.")
            if nodes
            else translate("Holders", "No node keeps a tensor for backward.")
        )
        self.table.setVisible(bool(nodes))
        self.table.setRowCount(len(nodes))
        for row, node in enumerate(nodes):
            data = graph.nodes[node]
            module = str(data.get("module") or "—")
            cells = (format_bytes(data["saved_bytes"]), str(data.get("op") or node), module)
            for column, cell in enumerate(cells):
                item = QTableWidgetItem(cell)
                item.setData(NODE_ROLE, node)
                item.setToolTip(plain_tooltip(f"{cells[1]}  {module}  {cells[0]}"))
                if column == 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.fit_columns()

    def fit_columns(self) -> None:
        """The op column as wide as its names, short of leaving the module column less than
        :data:`MIN_MODULE_WIDTH` (then the names elide in the middle; the tooltip has them whole)."""
        table = self.table
        table.resizeColumnToContents(1)
        room = table.viewport().width() - table.columnWidth(0) - MIN_MODULE_WIDTH
        if table.columnWidth(1) > room:
            table.setColumnWidth(1, max(MIN_MODULE_WIDTH, room))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_columns()  # a tab brought to the front: the width may have changed meanwhile

    def row_nodes(self) -> list[str]:
        """The graph node of each row, top to bottom."""
        return [str(self._cell(r, 0).data(NODE_ROLE)) for r in range(self.table.rowCount())]

    def row_texts(self) -> list[tuple[str, str, str]]:
        """Each row's cells as shown: (bytes, op, module)."""
        return [
            (self._cell(r, 0).text(), self._cell(r, 1).text(), self._cell(r, 2).text())
            for r in range(self.table.rowCount())
        ]

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # every cell is filled by refresh
        return item

    def _clicked(self, row: int) -> None:
        if 0 <= row < self.table.rowCount():
            self.nodeActivated.emit(str(self._cell(row, 0).data(NODE_ROLE)))
