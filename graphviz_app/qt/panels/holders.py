"""Ranked lists of nodes: the Memory dock (the graph's memory kept for backward on top,
then the nodes that keep the most: bytes, op, module) and the Time dock (the graph's forward
and backward time, then the nodes that took the longest: time, forward, backward, op, module),
largest first; clicking a row selects the node in the graph (the window expands a collapsed module
that hides it and scrolls to it). A graph saved before its amounts were measured, or drawn without
its ops' saved values, says so instead."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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

from ...core.model.derived import derived, warm_later
from ...core.model.durations import BACKWARD, FORWARD, TIME, format_duration, graph_times, has_times
from ...core.model.kept_memory import MEMORY, Measure, format_bytes, graph_total, kept_by, largest_holders
from ...core.view import colors
from ...wire.message import QT_TRANSLATE_NOOP, Message, Template
from ..document import Document
from ..i18n import text
from ..plain_text import plain_label, plain_tooltip
from .leaves import list_rows
from .refresh_gate import RefreshGate

HOLDERS = 20
"""How many nodes a list shows, those keeping (taking) the most first."""
MIN_MODULE_WIDTH = 56
"""The op column takes its names' width, leaving the module column at least this many pixels."""
NODE_ROLE = Qt.ItemDataRole.UserRole + 1

translate = QCoreApplication.translate


@warm_later
def holders(graph: Any) -> list[str]:
    """The graph's :data:`HOLDERS` largest holders (made ahead with the graph)."""
    return largest_holders(graph, HOLDERS)


@warm_later
def slowest(graph: Any) -> list[str]:
    """The graph's :data:`HOLDERS` slowest nodes, forward and backward together (made ahead)."""
    return largest_holders(graph, HOLDERS, TIME)


def _kept_total(graph: Any) -> Message:
    total = graph_total(graph)
    kept = kept_by(graph, graph).words() if total is None else format_bytes(total)
    return Message.of(QT_TRANSLATE_NOOP("Holders", "Kept for backward: {bytes}"), bytes=kept)


def _time_total(graph: Any) -> Message:
    forward, backward = graph_times(graph)
    if forward is None:  # times on the nodes only (a graph made by hand)
        forward = kept_by(graph, graph, FORWARD).known
    spent: Message | str = (
        format_duration(backward)
        if backward is not None
        else Message.of(QT_TRANSLATE_NOOP("Slowest", "backward not run"))
    )
    words = QT_TRANSLATE_NOOP("Slowest", "Forward {forward}, backward {backward}")
    return Message.of(words, forward=format_duration(forward), backward=spent)


@dataclass(frozen=True)
class Ranking:
    """What one ranked list shows: which nodes, in which columns, with which words."""

    key: str
    """Its widgets' object names: ``{key}Total``, ``{key}Table``."""
    nodes: Callable[[Any], list[str]]
    """The graph's nodes to list, largest first (a :func:`warm_later` function)."""
    measured: Callable[[Any], bool]
    """Whether the graph's amounts were measured at all."""
    amounts: tuple[tuple[Template, Measure], ...]
    """The amount columns, right-aligned before op and module: header and measure."""
    total: Callable[[Any], Message]
    """The line above the list: the graph's total."""
    total_tip: Template | None
    """The total's tooltip (``{count}``: how many nodes the list shows), or None."""
    unmeasured: tuple[Template, Template]
    """The line and hint of a graph whose amounts were not measured."""
    empty: Template
    """The hint when no node has a nonzero amount."""


KEPT = Ranking(
    "holders",
    holders,
    colors.has_saved_bytes,
    ((QT_TRANSLATE_NOOP("Holders", "bytes"), MEMORY),),
    _kept_total,
    QT_TRANSLATE_NOOP(
        "Holders",
        "The total counts each storage once; the {count} nodes below that keep the most "
        "each count what they save, so a storage two of them save counts for both.",
    ),
    (
        QT_TRANSLATE_NOOP("Holders", "Kept for backward: not measured in this graph."),
        QT_TRANSLATE_NOOP(
            "Holders",
            "It was saved before graphviz_app measured the memory kept for backward, or drawn "
            "without its ops' saved values. Open its script to measure it.",
        ),
    ),
    QT_TRANSLATE_NOOP("Holders", "No node keeps a tensor for backward."),
)
"""Memory: the nodes keeping the most memory for backward."""
SLOWEST = Ranking(
    "slowest",
    slowest,
    has_times,
    (
        (QT_TRANSLATE_NOOP("Slowest", "time"), TIME),
        (QT_TRANSLATE_NOOP("Slowest", "forward"), FORWARD),
        (QT_TRANSLATE_NOOP("Slowest", "backward"), BACKWARD),
    ),
    _time_total,
    QT_TRANSLATE_NOOP(
        "Slowest",
        "Forward: each op's call in the script; backward: each node's work in the captured backward "
        "pass. A node's time is both together; the {count} slowest are listed.",
    ),
    (
        QT_TRANSLATE_NOOP("Slowest", "Time: not measured in this graph."),
        QT_TRANSLATE_NOOP(
            "Slowest",
            "It was saved before graphviz_app measured each node's time. Open its script to measure it.",
        ),
    ),
    QT_TRANSLATE_NOOP("Slowest", "No node took a measurable time."),
)
"""Slowest: the nodes whose forward call and backward took the longest together."""


class HoldersPanel(QWidget):
    """A ranked list of nodes (:data:`KEPT`, :data:`SLOWEST`); ``nodeActivated(graph node id)``
    when a row is clicked."""

    nodeActivated = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None, ranking: Ranking = KEPT) -> None:
        super().__init__(parent)
        self.document = document
        self.ranking = ranking
        self.warmed = (ranking.nodes, ranking.measured)
        """The graph's values it shows (made with a graph while the panel is in sight)."""
        self.numbers = len(ranking.amounts)
        """How many amount columns come before op and module."""
        self.total = plain_label(QLabel("", self))
        self.total.setObjectName(f"{ranking.key}Total")
        self.total.setWordWrap(True)
        font = self.total.font()
        font.setBold(True)
        self.total.setFont(font)
        self.hint = plain_label(QLabel("", self))
        self.hint.setWordWrap(True)
        self.table = QTableWidget(0, self.numbers + 2, self)
        self.table.setObjectName(f"{ranking.key}Table")
        headers = [translate(*header) for header, _ in ranking.amounts]
        self.table.setHorizontalHeaderLabels(
            [*headers, translate("Holders", "op"), translate("Holders", "module")]
        )
        list_rows(self.table)
        header = self.table.horizontalHeader()
        for column in range(self.numbers):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.numbers, QHeaderView.ResizeMode.Interactive)  # sized by fit_columns
        header.setSectionResizeMode(self.numbers + 1, QHeaderView.ResizeMode.Stretch)
        self.table.clicked.connect(lambda index: self._clicked(index.row()))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.total)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        self.gate = RefreshGate(self, self.refresh)  # behind another tab: refreshed when shown
        document.graphChanged.connect(self.gate.request)
        self.refresh()

    def refresh(self) -> None:
        """Show the document's graph: its total and its top nodes (or why there are none)."""
        graph = self.document.view_model.graph
        ranking = self.ranking
        self.table.setRowCount(0)
        self.total.setToolTip("")
        if graph is None:
            self.total.setText(translate("Holders", "No graph loaded."))
            self.hint.setText("")
            self.table.setVisible(False)
            return
        if not derived(graph, ranking.measured):
            self.total.setText(translate(*ranking.unmeasured[0]))
            self.hint.setText(translate(*ranking.unmeasured[1]))
            self.table.setVisible(False)
            return
        self.total.setText(text(ranking.total(graph)))
        if ranking.total_tip is not None:
            self.total.setToolTip(translate(*ranking.total_tip).format(count=HOLDERS))
        nodes = derived(graph, ranking.nodes)
        self.hint.setText(
            translate("Holders", "Largest first; click a row to find the node.")
            if nodes
            else translate(*ranking.empty)
        )
        self.table.setVisible(bool(nodes))
        self.table.setRowCount(len(nodes))
        for row, node in enumerate(nodes):
            data = graph.nodes[node]
            module = str(data.get("module") or "—")
            amounts = [measure.of(data) for _, measure in ranking.amounts]
            cells = [
                measure.format(a) if a is not None else "—"
                for a, (_, measure) in zip(amounts, ranking.amounts)
            ]
            op = str(data.get("op") or node)
            tip = plain_tooltip("  ".join([op, module, *cells]))
            for column, cell in enumerate([*cells, op, module]):
                item = QTableWidgetItem(cell)
                item.setData(NODE_ROLE, node)
                item.setToolTip(tip)
                if column < self.numbers:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.fit_columns()

    def fit_columns(self) -> None:
        """The op column as wide as its names, short of leaving the module column less than
        :data:`MIN_MODULE_WIDTH` (then the names elide in the middle; the tooltip has them whole)."""
        table, op = self.table, self.numbers
        table.resizeColumnToContents(op)
        room = table.viewport().width() - sum(table.columnWidth(c) for c in range(op)) - MIN_MODULE_WIDTH
        if table.columnWidth(op) > room:
            table.setColumnWidth(op, max(MIN_MODULE_WIDTH, room))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_columns()  # a tab brought to the front: the width may have changed meanwhile

    def row_nodes(self) -> list[str]:
        """The graph node of each row, top to bottom."""
        self.gate.flush()
        return [str(self._cell(r, 0).data(NODE_ROLE)) for r in range(self.table.rowCount())]

    def row_texts(self) -> list[tuple[str, ...]]:
        """Each row's cells as shown: its amounts (bytes; time, forward, backward), op, module."""
        self.gate.flush()
        columns = range(self.table.columnCount())
        return [tuple(self._cell(r, c).text() for c in columns) for r in range(self.table.rowCount())]

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # every cell is filled by refresh
        return item

    def _clicked(self, row: int) -> None:
        if 0 <= row < self.table.rowCount():
            self.nodeActivated.emit(str(self._cell(row, 0).data(NODE_ROLE)))
