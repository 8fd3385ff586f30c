"""The Inspector dock: everything recorded about the selected node."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeAlias

import networkx as nx
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPainter,
    QPalette,
    QTextLayout,
    QTextLine,
    QTextOption,
)
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMenu,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...capture.interpreter import short_path
from ...core.model.durations import BACKWARD, FORWARD, summed_time
from ...core.model.kept_memory import module_kept_of, node_kept
from ...core.model.values import format_number
from ...core.view.chain_rule import chain_rule, failure
from ...core.view.display import DisplayNode
from ...message_reader import read_message
from ...wire.message import QT_TRANSLATE_NOOP, Message, Template
from .. import i18n
from ..document import Document
from ..i18n import fill
from ..plain_text import plain_label, plain_tooltip
from .step_text import shown

translate = QCoreApplication.translate
SOURCE = Qt.ItemDataRole.UserRole
"""Item data: a label's English source text (``values()`` keys read the same in every language)."""
FIXED = Qt.ItemDataRole.UserRole + 1
"""True on a row whose name is one of the panel's own words (not a name from the graph)."""

Word: TypeAlias = Template | Message | str
"""A label or a value: the window's own words as a template marked where the row is built, or a
message (both translated where shown), or plain text (names, numbers, code: shown as it is)."""
Row: TypeAlias = tuple[Word, Word]
"""A property's label and its value."""
NOT_AVAILABLE = QT_TRANSLATE_NOOP("Inspector", "n/a")
"""A statistic that was not recorded."""
KEPT = QT_TRANSLATE_NOOP("Inspector", "kept for backward")
"""The row of the bytes a node's saved tensors (a collapsed module's nodes') hold for backward."""
TIMES = (
    (QT_TRANSLATE_NOOP("Inspector", "forward time"), FORWARD),
    (QT_TRANSLATE_NOOP("Inspector", "backward time"), BACKWARD),
)
"""The rows of a node's forward and backward time (each where it was measured; a collapsed
module's: its members' sums)."""


def said(word: Word) -> str:
    """``word`` in the window's language (plain text as it is)."""
    return i18n.text(Message.of(word) if isinstance(word, Template) else word)


def english(word: Word) -> str:
    """``word`` in English: a row's key in :meth:`InspectorPanel.values`, whatever the language."""
    return word.source if isinstance(word, Template) else str(word)


def fmt_number(value: Any) -> Word:
    """Return a short text for a float/int statistic (``None``: "n/a", in the window's words)."""
    if value is None:
        return NOT_AVAILABLE
    return format_number(value, 6) if isinstance(value, float) else str(value)


def fmt_shape(shape: Any) -> str:
    return "?" if shape is None else "[" + ", ".join(map(str, shape)) + "]"


def fmt_values(values: Any, limit: int = 400) -> str:
    """Return nested values as text, numbers shortened, cut at ``limit`` characters."""

    def walk(v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(walk(x) for x in v) + "]"
        return format_number(v, 6) if isinstance(v, float) else str(v)

    text = walk(values)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tensor_rows(data: dict[str, Any]) -> list[Row]:
    """The shape, dtype and device rows of a node's output tensor."""
    return [
        (QT_TRANSLATE_NOOP("Inspector", "shape"), fmt_shape(data.get("shape"))),
        (QT_TRANSLATE_NOOP("Inspector", "dtype"), str(data.get("dtype") or "?")),
        (QT_TRANSLATE_NOOP("Inspector", "device"), str(data.get("device") or "?")),
    ]


def summary_rows(summary: dict[str, Any] | None) -> list[Row]:
    """Return (label, text) rows describing a tensor Summary (see wire.schema)."""
    if not summary:
        return []
    rows: list[Row] = [
        (QT_TRANSLATE_NOOP("Inspector", "shape"), fmt_shape(summary.get("shape"))),
        (QT_TRANSLATE_NOOP("Inspector", "dtype"), str(summary.get("dtype") or "?")),
        (QT_TRANSLATE_NOOP("Inspector", "norm"), fmt_number(summary.get("norm"))),
        (QT_TRANSLATE_NOOP("Inspector", "min"), fmt_number(summary.get("min"))),
        (QT_TRANSLATE_NOOP("Inspector", "max"), fmt_number(summary.get("max"))),
        (QT_TRANSLATE_NOOP("Inspector", "mean"), fmt_number(summary.get("mean"))),
    ]
    nan, inf = summary.get("nan") or 0, summary.get("inf") or 0
    if nan or inf:
        rows.append((QT_TRANSLATE_NOOP("Inspector", "non-finite"), f"{nan} NaN, {inf} Inf"))
    if summary.get("values") is not None:
        rows.append((QT_TRANSLATE_NOOP("Inspector", "values"), fmt_values(summary["values"])))
    return rows


def _norm_text(summary: dict[str, Any] | None) -> Message | str:
    if not summary:
        return Message.of(NOT_AVAILABLE)
    nan, inf = summary.get("nan") or 0, summary.get("inf") or 0
    if nan or inf:
        return f"{nan} NaN, {inf} Inf"
    norm = summary.get("norm")
    if norm is None:
        return Message.joined("‖g‖ = ", Message.of(NOT_AVAILABLE))
    text = f"‖g‖ = {fmt_number(norm)}"
    if summary.get("values") is not None and len(fmt_values(summary["values"])) <= 60:
        text += f"  {fmt_values(summary['values'])}"
    return text


def edge_gradient(graph: nx.DiGraph, producer: str, consumer: str) -> dict[str, Any] | None:
    """Return the gradient that flowed back along the edge ``producer → consumer``: the edge's
    own record, else the producer's gradient when the consumer is its only user (None: none
    recorded)."""
    grad = graph.edges[producer, consumer].get("grad")
    if grad is None and graph.out_degree(producer) == 1:
        grad = graph.nodes[producer].get("grad")
    return grad if isinstance(grad, dict) else None


def environment_rows(environment: Any) -> list[Row]:
    """Rows saying which Python and torch ran the script (a graph's ``environment``; none for
    a graph saved before it was recorded)."""
    if not isinstance(environment, dict):
        return []
    rows: list[Row] = [
        ("Python", str(environment.get("python") or "?")),
        ("torch", str(environment.get("torch") or "?")),
    ]
    if environment.get("executable"):
        rows.append((QT_TRANSLATE_NOOP("Inspector", "interpreter"), str(environment["executable"])))
    if environment.get("prefix"):
        rows.append((QT_TRANSLATE_NOOP("Inspector", "environment"), short_path(str(environment["prefix"]))))
    if environment.get("reason"):
        rows.append((QT_TRANSLATE_NOOP("Inspector", "chosen"), read_message(environment["reason"])))
    return rows


def environment_text(environment: Any) -> tuple[str, str]:
    """``("Python 3.11.7 · torch 2.15.0", "Ran with Python 3.11.7 · torch 2.15.0 · ~/proj/.venv
    (found .venv beside the script)")``: a short line and the whole note, in the window's
    language (empty for a graph saved before they were recorded)."""
    if not isinstance(environment, dict):
        return "", ""
    python, torch = environment.get("python") or "?", environment.get("torch") or "?"
    short = f"Python {python} · torch {torch}"
    where = short_path(str(environment.get("prefix") or environment.get("executable") or "?"))
    why = environment.get("reason")
    note = (
        translate("Inspector", "Ran with Python {python} · torch {torch} · {where} ({why})")
        if why
        else translate("Inspector", "Ran with Python {python} · torch {torch} · {where}")
    )
    why_text = i18n.text(read_message(why)) if why else ""
    return short, fill(note, python=python, torch=torch, where=where, why=why_text)


def gradient_flow(graph: nx.DiGraph, node: str) -> list[Row]:
    """Return rows describing the gradients arriving at ``node`` (one per consumer, summed when
    several) and leaving it along each input edge (edge ``grad``, else the producer's gradient
    when ``node`` is its only consumer)."""
    data = graph.nodes[node]
    rows: list[Row] = []
    users = list(graph.successors(node))
    if data.get("is_output") and not users:
        rows.append(
            (
                QT_TRANSLATE_NOOP("Inspector", "arriving"),
                Message.of(
                    QT_TRANSLATE_NOOP("Inspector", "seed gradient {norm}"), norm=_norm_text(data.get("grad"))
                ),
            )
        )
    else:
        slots = sum(len(graph.edges[node, c].get("slots") or [0]) for c in users)
        for user in users:
            rows.append(
                (
                    Message.of(
                        QT_TRANSLATE_NOOP("Inspector", "from {op} ({node})"),
                        op=str(graph.nodes[user].get("op")),
                        node=user,
                    ),
                    _norm_text(graph.edges[node, user].get("grad")),
                )
            )
        if slots > 1:
            rows.append(
                (
                    QT_TRANSLATE_NOOP("Inspector", "accumulated"),
                    Message.of(
                        QT_TRANSLATE_NOOP("Inspector", "sum of {count} gradients = {norm}"),
                        count=slots,
                        norm=_norm_text(data.get("grad")),
                    ),
                )
            )
    for producer in graph.predecessors(node):
        grad = edge_gradient(graph, producer, node)
        rows.append(
            (
                Message.of(
                    QT_TRANSLATE_NOOP("Inspector", "to {op} ({node})"),
                    op=str(graph.nodes[producer].get("op")),
                    node=producer,
                ),
                _norm_text(grad),
            )
        )
    if data.get("kind") == "leaf":
        name = data.get("name")
        stored: Word = f"{name}.grad" if name else QT_TRANSLATE_NOOP("Inspector", "the leaf.grad")
        rows.append((QT_TRANSLATE_NOOP("Inspector", "stored in"), stored))
    return rows


def _file_line(file: str, line: object) -> Message:
    """``model.py, line 12``: a file's name (its folder left out) and a line in it."""
    return Message.of(
        QT_TRANSLATE_NOOP("Inspector", "{file}, line {line}"),
        file=file.replace("\\", "/").rsplit("/", 1)[-1],
        line=str(line),
    )


TEXT_MARGIN = 4
"""Pixels a view item keeps between its text and each side (the style's focus margin, plus one)."""
ROW_PADDING = 2
"""Pixels a row adds to its text's height."""
VALUE_ROOM = 90
"""Pixels the value column keeps at least when the names are wide (40% of a wider panel)."""
INDENT = 12
"""Pixels each level indents (the style's 20 took a narrow panel's room from the names)."""
VALUE_LEAST = 40
"""Pixels the value column keeps even when a name's longest word needs the rest."""


BREAK_BEFORE = "\u200b("
"""An opening parenthesis after a word may start a line (``자료형`` / ``(dtype)``): a zero-width
space before it, in the text laid out only."""


def _breakable(text: str) -> str:
    return text.replace("(", BREAK_BEFORE)


def _laid_out(text: str, font: QFont, wrap: QTextOption.WrapMode, width: int) -> Iterator[QTextLine]:
    """The lines of ``text`` laid out ``width`` pixels wide, each valid while it is read."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(wrap)
    layout.setTextOption(option)
    layout.beginLayout()
    while (line := layout.createLine()).isValid():
        line.setLineWidth(max(1, width))
        yield line
    layout.endLayout()


def wrapped_lines(text: str, font: QFont, width: int) -> list[str]:
    """``text`` as the Inspector draws it in ``width`` pixels: broken at spaces and before a
    parenthesis, and inside a word only where the word alone is wider (``PowBackward0`` in a
    narrow column)."""
    text = _breakable(text)
    return [
        text[line.textStart() : line.textStart() + line.textLength()].replace("\u200b", "")
        for line in _laid_out(text, font, QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere, width)
    ]


def widest_word(text: str, font: QFont) -> float:
    """The width of the widest part of ``text`` that :func:`wrapped_lines` never breaks unless
    it must (a word, or a parenthesis: ``자료형(dtype)`` breaks before it): laid out one
    unbreakable part a line."""
    lines = _laid_out(_breakable(text), font, QTextOption.WrapMode.WordWrap, 1)
    return max((line.naturalTextWidth() for line in lines), default=0.0)


class WrappedRows(QStyledItemDelegate):
    """Rows as tall as their text wrapped at their column's width (a tree view asks its delegate
    for a row's size without saying how wide the column is, so long values got one line, cut)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        width = self.tree.columnWidth(index.column())
        if index.column() == 0:
            depth, parent = 1, index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= self.tree.indentation() * depth
        sized = QStyleOptionViewItem(option)
        sized.rect = QRect(0, 0, max(20, width), 1)  # a valid rect: the style wraps only then
        size = super().sizeHint(sized, index)
        # the style measures at word boundaries: measure as :meth:`paint` draws, breaking long words
        text = str(index.data() or "")
        lines = sum(
            len(wrapped_lines(part, option.font, max(10, width - 2 * TEXT_MARGIN)))
            for part in text.split("\n")
        )
        needed = max(1, lines) * option.fontMetrics.lineSpacing() + ROW_PADDING
        return QSize(size.width(), max(size.height(), needed))

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """Draw the row as the style does, but its text wrapped as measured: at spaces, and a
        word wider than the column (``PowBackward0``, ``requires_grad``) breaks onto the next
        line where the style would cut it to "PowBa…"."""
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        text, item.text = item.text, ""
        widget = item.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
        if not text:
            return
        area = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, item, widget)
        area = area.adjusted(TEXT_MARGIN, 0, -TEXT_MARGIN, 0)
        selected = bool(item.state & QStyle.StateFlag.State_Selected)
        group = (
            QPalette.ColorGroup.Normal
            if item.state & QStyle.StateFlag.State_Enabled
            else QPalette.ColorGroup.Disabled
        )
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        painter.save()
        painter.setFont(item.font)
        painter.setPen(item.palette.color(group, role))
        alignment = (
            item.displayAlignment & ~Qt.AlignmentFlag.AlignVertical_Mask
        ) | Qt.AlignmentFlag.AlignVCenter
        wrap = QTextOption(alignment)
        wrap.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        painter.drawText(QRectF(area), _breakable(text), wrap)
        painter.restore()


class InspectorPanel(QWidget):
    """Shows the selected node's properties as a two-column tree, grouped by topic."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.title = plain_label(
            QLabel(translate("Inspector", "Nothing selected"), self)
        )  # names come from the data
        self.title.setWordWrap(True)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.title.setFont(font)
        self.hint = QLabel(
            translate("Inspector", "Click a node to see its op, tensor, saved values and gradient."), self
        )
        self.hint.setWordWrap(True)
        self.hint.setEnabled(False)
        self.hint.hide()
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("inspectorTree")
        self.tree.setHeaderLabels([translate("Inspector", "Property"), translate("Inspector", "Value")])
        self.tree.setIndentation(INDENT)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        # Values wrap inside the panel, never past its edge: the value column takes the width
        # left, and each row is as tall as its wrapped text (measured again when widths change).
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.header().setStretchLastSection(False)  # it never shrinks below 100 px
        self._relayout = QTimer(self, singleShot=True, interval=0)
        self._relayout.timeout.connect(self._fit_values)
        self.tree.header().sectionResized.connect(lambda index, *_: index == 0 and self._relayout.start())
        self.tree.viewport().installEventFilter(self)
        self.tree.installEventFilter(self)  # the panel's width changed: the names' room too
        self._names_stale = False
        self.tree.setItemDelegate(WrappedRows(self.tree))
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._menu)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addWidget(self.tree, 1)
        document.selectionChanged.connect(self.refresh)
        document.graphChanged.connect(self.refresh)
        document.stepChanged.connect(self.refresh)
        self._shown_key: tuple[object, ...] | None = None
        self.edge: tuple[tuple[str, str], ...] = ()
        """The graph edges of the selected edge (empty: a node or nothing is shown)."""
        self.refresh()

    def values(self) -> dict[str, str]:
        """Return every shown row as ``{"group/property": value}`` (for tests and copying)."""
        return self._rows(lambda item: str(item.data(0, SOURCE)))

    def shown(self) -> dict[str, str]:
        """Return every row as the window shows it, in its language: ``{"그룹/속성": value}``."""
        return self._rows(lambda item: item.text(0))

    def _rows(self, label: Callable[[QTreeWidgetItem], str]) -> dict[str, str]:
        """Return ``{"<group's label>/<row's label>": value}`` for every row, ``label`` naming each."""
        out: dict[str, str] = {}
        for i in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(i)
            if group is None:
                continue
            for j in range(group.childCount()):
                child = group.child(j)
                if child is not None:
                    out[f"{label(group)}/{label(child)}"] = child.text(1)
        return out

    def refresh(self) -> None:
        """Show what is selected, unless it is shown already: a new graph, its selection and a step
        that selects a node each ask, and say the same thing twice at times."""
        model = self.document.view_model
        step, graph, display = model.step, model.graph, model.display
        key = (graph, display, model.selection, model.selected_edge, step and (step.mode, step.index))
        if key == self._shown_key:
            return
        self._shown_key = key
        self.tree.clear()
        self.edge = model.selected_graph_edges()  # what flows along the selected edge, if one is
        if graph is not None and self.edge:
            self.hint.hide()
            self._show_edge(graph, self.edge)
        elif graph is None or display is None or model.selection not in display.nodes:
            self.title.setText(
                translate("Inspector", "Nothing selected")
                if graph is not None
                else translate("Inspector", "No graph loaded")
            )
            self.hint.setVisible(graph is not None)
            if graph is None:
                return
            # the graph's own facts: which Python and torch ran the script
            self._group(
                QT_TRANSLATE_NOOP("Inspector", "Ran with"), environment_rows(graph.graph.get("environment"))
            )
        else:
            self.hint.hide()
            dnode = display.nodes[model.selection]
            if dnode.kind == "module":
                self._show_module(graph, dnode)
            else:
                self._show_node(graph, dnode.members[0], dnode)
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Give the names the width they take on one line, leaving the values room to wrap."""
        self.tree.expandAll()
        self._fit_names()
        self._relayout.start()

    def _fit_names(self) -> None:
        """Fit the name column to its names, up to the values' least room."""
        room = self.tree.viewport().width()
        limit = max(90, room - max(VALUE_ROOM, int(room * 0.4)))  # keep the values in sight
        words, names = self._names_width(fixed=True), self._names_width(fixed=False)
        # the panel's words on one line; names from the graph (long op names) wrap past half;
        # a narrow panel wraps the panel's names between their words, never inside one
        whole = min(self._names_width(fixed=True, word=True), room - VALUE_LEAST)
        self.tree.setColumnWidth(0, max(whole, min(limit, max(words, min(names, room // 2)))))

    def _names_width(self, *, fixed: bool, word: bool = False) -> int:
        """The widest name, on one line, with its indentation, among the panel's own words
        (``fixed``) or all names (the delegate measures a name wrapped at the column's present
        width, so it cannot tell how wide the names want it); ``word``: the widest word of one."""
        widest = self.tree.header().sectionSizeHint(0)  # the column's title
        items = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while items:
            item = items.pop()
            if item is None:
                continue
            depth, parent = 1, item.parent()
            while parent is not None:
                depth, parent = depth + 1, parent.parent()
            # a group's title spans both columns
            if not item.isFirstColumnSpanned() and (item.data(0, FIXED) or not fixed):
                name, font = item.text(0), item.font(0)
                wide = widest_word(name, font) if word else QFontMetricsF(font).horizontalAdvance(name)
                text = math.ceil(wide) + 1  # glyphs sit at fractional positions: keep a pixel spare
                widest = max(widest, text + self.tree.indentation() * depth + 2 * TEXT_MARGIN)
            items.extend(item.child(j) for j in range(item.childCount()))
        return widest

    def _fit_values(self) -> None:
        """Give the values the width the names leave, and let each row take its wrapped height."""
        if self._names_stale:
            self._names_stale = False
            self._fit_names()
        left = self.tree.viewport().width() - self.tree.columnWidth(0)
        if self.tree.columnWidth(1) != max(VALUE_LEAST, left):
            self.tree.setColumnWidth(1, max(VALUE_LEAST, left))
        self.tree.doItemsLayout()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._relayout.start()  # the panel or its scroll bar changed the room for values
        elif watched is self.tree and event.type() == QEvent.Type.Resize:
            self._names_stale = True
            self._relayout.start()
        return super().eventFilter(watched, event)

    def _show_edge(self, graph: nx.DiGraph, edges: tuple[tuple[str, str], ...]) -> None:
        """What flows along an edge: forward, the producer's output (its shape and value);
        after backward, the gradient flowing back to the producer."""
        ran = bool((graph.graph.get("backward") or {}).get("ran"))

        def name(node: str) -> str:
            data = graph.nodes[node]
            op = str(data.get("op") or "?")
            return f"{data['name']} ({op})" if data.get("name") else op

        first_from, first_to = edges[0]
        self.title.setText(
            f"{name(first_from)} → {name(first_to)}" + (f"  (+{len(edges) - 1})" if len(edges) > 1 else "")
        )
        for index, (producer, consumer) in enumerate(edges[:8]):
            number = f" {index + 1}" if len(edges) > 1 else ""  # "Edge 2": one of a collapsed edge's

            def numbered(group: Template, number: str = number) -> Word:
                return Message.joined(Message.of(group), number) if number else group

            data = graph.nodes[producer]
            self._group(
                numbered(QT_TRANSLATE_NOOP("Inspector", "Edge")),
                [
                    (QT_TRANSLATE_NOOP("Inspector", "from"), f"{name(producer)} ({producer})"),
                    (QT_TRANSLATE_NOOP("Inspector", "to"), f"{name(consumer)} ({consumer})"),
                    (
                        QT_TRANSLATE_NOOP("Inspector", "carries"),
                        Message.of(
                            QT_TRANSLATE_NOOP(
                                "Inspector",
                                "the output of {op}: forward along the arrow, its gradient back against it",
                            ),
                            op=name(producer),
                        ),
                    ),
                ],
            )
            self._group(numbered(QT_TRANSLATE_NOOP("Inspector", "Tensor on the edge")), tensor_rows(data))
            value = [
                row for row in summary_rows(data.get("value")) if english(row[0]) not in ("shape", "dtype")
            ]
            self._group(
                numbered(QT_TRANSLATE_NOOP("Inspector", "Forward value")), value
            )  # shape, dtype: above
            grad = edge_gradient(graph, producer, consumer)
            gradient = QT_TRANSLATE_NOOP("Inspector", "gradient")
            if grad:
                rows = summary_rows(grad)
            elif ran:
                rows = [(gradient, QT_TRANSLATE_NOOP("Inspector", "none recorded on this edge"))]
            else:
                rows = [
                    (
                        gradient,
                        QT_TRANSLATE_NOOP(
                            "Inspector", "appears after a backward pass: click Run Backward (Ctrl+B)"
                        ),
                    )
                ]
            self._group(numbered(QT_TRANSLATE_NOOP("Inspector", "Gradient flowing back")), rows)

    def _group(self, name: Word, rows: Sequence[Row]) -> None:
        """Add a group of rows, each label and value shown in the window's language (its English
        label kept as the row's key)."""
        if not rows:
            return
        group = QTreeWidgetItem(self.tree, [said(name)])
        group.setData(0, SOURCE, english(name))
        font = group.font(0)
        font.setBold(True)
        group.setFont(0, font)
        group.setFirstColumnSpanned(True)
        for label, value in rows:
            text = said(value)
            child = QTreeWidgetItem(group, [said(label), text])
            child.setData(0, SOURCE, english(label))
            child.setData(0, FIXED, isinstance(label, Template))
            child.setToolTip(1, plain_tooltip(text))

    def _show_node(self, graph: nx.DiGraph, node: str, dnode: DisplayNode) -> None:
        data = graph.nodes[node]
        op = data.get("op") or "?"
        name = data.get("name")
        self.title.setText(f"{name}  ({op})" if name else op)
        rows: list[Row] = [
            (QT_TRANSLATE_NOOP("Inspector", "op"), op),
            (
                QT_TRANSLATE_NOOP("Inspector", "kind"),
                QT_TRANSLATE_NOOP("Inspector", "leaf tensor")
                if data.get("kind") == "leaf"
                else QT_TRANSLATE_NOOP("Inspector", "operation"),
            ),
        ]
        if name:
            rows.append((QT_TRANSLATE_NOOP("Inspector", "name"), str(name)))
        rows.append((QT_TRANSLATE_NOOP("Inspector", "module"), data.get("module") or "—"))
        if data.get("is_output"):
            rows.append((QT_TRANSLATE_NOOP("Inspector", "output"), QT_TRANSLATE_NOOP("Inspector", "yes")))
        rows.append((QT_TRANSLATE_NOOP("Inspector", "id"), node))
        if dnode.use:
            k, n = dnode.use
            copy = (
                QT_TRANSLATE_NOOP("Inspector", "use {k} of {n}")
                if dnode.kind == "leaf" or dnode.fans_out
                else QT_TRANSLATE_NOOP("Inspector", "input {k} of {n}")
            )
            rows.append((QT_TRANSLATE_NOOP("Inspector", "copy"), Message.of(copy, k=k, n=n)))
        for label, measure in TIMES:  # each time measured (a leaf has no forward call)
            if (amount := measure.of(data)) is not None:
                rows.append((label, measure.format(amount)))
        self._group(QT_TRANSLATE_NOOP("Inspector", "Node"), rows)
        tensor = tensor_rows(data)
        if "saved_bytes" in data:  # (graphs saved before it was recorded have none)
            tensor.append((KEPT, node_kept(graph, node).words()))
        self._group(QT_TRANSLATE_NOOP("Inspector", "Tensor"), tensor)
        saved = data.get("saved") or []
        self._group(
            QT_TRANSLATE_NOOP("Inspector", "Saved tensors"), [(str(i), str(s)) for i, s in enumerate(saved)]
        )
        self._group(QT_TRANSLATE_NOOP("Inspector", "Forward value"), summary_rows(data.get("value")))
        self._group(
            QT_TRANSLATE_NOOP("Inspector", "Constant inputs"),
            [
                (
                    str(c.get("name") or f"arg{c.get('position')}"),
                    f"{fmt_shape((c.get('value') or {}).get('shape'))} {fmt_values((c.get('value') or {}).get('values'))}",
                )
                for c in data.get("constant_inputs") or []
            ],
        )
        for i, cut in enumerate(data.get("cuts") or []):
            self._group(
                QT_TRANSLATE_NOOP("Inspector", "Graph cut (.detach())")
                if i == 0
                else Message.of(QT_TRANSLATE_NOOP("Inspector", "Graph cut {number}"), number=i + 1),
                [
                    (
                        QT_TRANSLATE_NOOP("Inspector", "where"),
                        Message.of(
                            QT_TRANSLATE_NOOP("Inspector", "line {line}: {code}"),
                            line=str(cut.get("line")),
                            code=str(cut.get("code") or "").split("  #")[0].strip(),
                        ),
                    ),
                    (
                        QT_TRANSLATE_NOOP("Inspector", "detached from"),
                        Message.of(
                            QT_TRANSLATE_NOOP("Inspector", "{op} output, shape {shape}"),
                            op=str(cut.get("op") or "?"),
                            shape=fmt_shape(cut.get("shape")),
                        ),
                    ),
                    (
                        QT_TRANSLATE_NOOP("Inspector", "meaning"),
                        QT_TRANSLATE_NOOP(
                            "Inspector",
                            "this op used a detached tensor: it is a constant here, and no gradient "
                            "flows back to what made it",
                        ),
                    ),
                ],
            )
        grad = data.get("grad")
        pending = self._not_reached_yet(data)
        gradient = QT_TRANSLATE_NOOP("Inspector", "gradient")
        if pending is not None:
            self._group(QT_TRANSLATE_NOOP("Inspector", "Gradient"), [(gradient, pending)])
        elif grad:
            self._group(QT_TRANSLATE_NOOP("Inspector", "Gradient"), summary_rows(grad))
            self._group(QT_TRANSLATE_NOOP("Inspector", "Gradient flow"), gradient_flow(graph, node))
            rule = chain_rule(graph, node)
            self._group(
                QT_TRANSLATE_NOOP("Inspector", "Chain rule"),
                [(QT_TRANSLATE_NOOP("Inspector", "rule"), shown(rule.summary))]
                + [
                    (Message.of(QT_TRANSLATE_NOOP("Inspector", "to {name}"), name=i.name), shown(i.message()))
                    for i in rule.inputs
                ]
                + ([(QT_TRANSLATE_NOOP("Inspector", "failed"), shown(rule.failure))] if rule.failure else []),
            )
        elif (graph.graph.get("backward") or {}).get("ran"):
            self._group(
                QT_TRANSLATE_NOOP("Inspector", "Gradient"),
                [(gradient, QT_TRANSLATE_NOOP("Inspector", "not reached by backward"))],
            )
        failed = failure(graph, node)
        if failed and not grad and pending is None:
            self._group(
                QT_TRANSLATE_NOOP("Inspector", "Chain rule"),
                [(QT_TRANSLATE_NOOP("Inspector", "failed"), shown(failed))],
            )
        custom = data.get("custom_backward")
        if isinstance(custom, dict) and custom.get("name"):
            file = str(custom.get("file") or "?")
            self._group(
                QT_TRANSLATE_NOOP("Inspector", "Custom backward"),
                [
                    (QT_TRANSLATE_NOOP("Inspector", "function"), str(custom["name"])),
                    (QT_TRANSLATE_NOOP("Inspector", "at"), _file_line(file, custom.get("line") or "?")),
                    (QT_TRANSLATE_NOOP("Inspector", "file"), file),
                ],
            )
        order: list[Row] = [
            (QT_TRANSLATE_NOOP("Inspector", "forward index"), fmt_number(data.get("forward_index")))
        ]
        if data.get("backward_index") is not None:
            order.append(
                (QT_TRANSLATE_NOOP("Inspector", "backward index"), fmt_number(data.get("backward_index")))
            )
        self._group(QT_TRANSLATE_NOOP("Inspector", "Order"), order)
        source = data.get("source")
        if source:
            file = str(source.get("file") or "?")
            self._group(
                QT_TRANSLATE_NOOP("Inspector", "Source"),
                [
                    (QT_TRANSLATE_NOOP("Inspector", "at"), _file_line(file, source.get("line"))),
                    (QT_TRANSLATE_NOOP("Inspector", "code"), str(source.get("code") or "").strip()),
                    (QT_TRANSLATE_NOOP("Inspector", "file"), file),
                ],
            )
        edges = [(u, graph.nodes[u].get("op") or u) for u in graph.predecessors(node)]
        users = [(v, graph.nodes[v].get("op") or v) for v in graph.successors(node)]
        connections: list[Row] = [
            (QT_TRANSLATE_NOOP("Inspector", "input"), f"{op_} ({u})") for u, op_ in edges
        ]
        connections += [(QT_TRANSLATE_NOOP("Inspector", "used by"), f"{op_} ({v})") for v, op_ in users]
        self._group(QT_TRANSLATE_NOOP("Inspector", "Connections"), connections)

    def _not_reached_yet(self, data: dict[str, Any]) -> Message | None:
        """Return a note when stepping backward and the engine has not reached this node yet."""
        step = self.document.view_model.step
        index = data.get("backward_index")
        if step is None or step.mode != "backward" or index is None or index <= step.index:
            return None
        return Message.of(
            QT_TRANSLATE_NOOP("Inspector", "not reached yet: the engine runs it at backward step {step}"),
            step=index + 1,
        )

    def _show_module(self, graph: nx.DiGraph, dnode: Any) -> None:
        members = [m for m in dnode.members if m in graph]
        self.title.setText(translate("Inspector", "{module}  (collapsed module)").format(module=dnode.module))
        ops = Counter(graph.nodes[m].get("op") or "?" for m in members)
        devices = Counter(graph.nodes[m].get("device") or "?" for m in members)
        params = [graph.nodes[m] for m in members if graph.nodes[m].get("kind") == "leaf"]
        self._group(
            QT_TRANSLATE_NOOP("Inspector", "Module"),
            [
                (QT_TRANSLATE_NOOP("Inspector", "path"), str(dnode.module)),
                (QT_TRANSLATE_NOOP("Inspector", "nodes"), str(len(members))),
                (
                    QT_TRANSLATE_NOOP("Inspector", "devices"),
                    ", ".join(f"{d} ({c})" for d, c in devices.most_common()),
                ),
            ]
            + (
                [(KEPT, module_kept_of(graph, dnode.module, members).words())]
                if any("saved_bytes" in graph.nodes[m] for m in members)
                else []
            )
            + (
                [(label, summed_time(graph, members, measure)) for label, measure in TIMES]
                if any("forward_ns" in graph.nodes[m] for m in members)
                else []
            ),
        )
        self._group(
            QT_TRANSLATE_NOOP("Inspector", "Operations"),
            [(op, str(c)) for op, c in ops.most_common() if op != "AccumulateGrad"],
        )
        prefix = f"{dnode.module}."
        self._group(
            QT_TRANSLATE_NOOP("Inspector", "Parameters"),
            [(str(p.get("name") or "?").removeprefix(prefix), fmt_shape(p.get("shape"))) for p in params],
        )

    def _menu(self, pos: QPoint) -> None:
        item = self.tree.itemAt(pos)
        if item is None:
            return
        menu = QMenu(self)
        menu.addAction(
            translate("Inspector", "Copy value"), lambda: QGuiApplication.clipboard().setText(item.text(1))
        )
        menu.addAction(
            translate("Inspector", "Copy all"),
            lambda: QGuiApplication.clipboard().setText(
                "\n".join(f"{k}: {v}" for k, v in self.values().items())
            ),
        )
        menu.exec(self.tree.viewport().mapToGlobal(pos))
