"""The Inspector dock: everything recorded about the selected node."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import networkx as nx
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QMenu,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...capture.interpreter import short_path
from ...core.view.chain_rule import chain_rule, failure
from ...core.view.display import DisplayNode
from ...core.view.stepping import format_number
from ...message import Message
from .. import i18n
from ..document import Document
from ..i18n import fill
from ..plain_text import plain_label, plain_tooltip
from ..words import inspector_labels
from .step_text import shown

translate = QCoreApplication.translate
SOURCE = Qt.ItemDataRole.UserRole
"""Item data: a label's English source text (``values()`` keys read the same in every language)."""
WORDED_VALUES = frozenset({"leaf tensor", "operation", "yes", "not reached by backward"})
"""Values that are the window's own words (translated), not data."""


def fmt_number(value: Any) -> str:
    """Return a short text for a float/int statistic (``None`` -> "n/a")."""
    if value is None:
        return "n/a"
    return format_number(value, 6) if isinstance(value, float) else str(value)


def fmt_shape(shape: Any) -> str:
    if shape is None:
        return "?"
    return "[" + ", ".join(str(s) for s in shape) + "]"


def fmt_values(values: Any, limit: int = 400) -> str:
    """Return nested values as text, numbers shortened, cut at ``limit`` characters."""

    def walk(v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(walk(x) for x in v) + "]"
        return fmt_number(v) if isinstance(v, float) else str(v)

    text = walk(values)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def summary_rows(summary: dict[str, Any] | None) -> list[tuple[str, str]]:
    """Return (label, text) rows describing a tensor Summary (see core.model.schema)."""
    if not summary:
        return []
    rows = [("shape", fmt_shape(summary.get("shape"))), ("dtype", str(summary.get("dtype") or "?"))]
    for key in ("norm", "min", "max", "mean"):
        rows.append((key, fmt_number(summary.get(key))))
    nan, inf = summary.get("nan") or 0, summary.get("inf") or 0
    if nan or inf:
        rows.append(("non-finite", f"{nan} NaN, {inf} Inf"))
    if summary.get("values") is not None:
        rows.append(("values", fmt_values(summary["values"])))
    return rows


def _norm_text(summary: dict[str, Any] | None) -> str:
    if not summary:
        return "n/a"
    nan, inf = summary.get("nan") or 0, summary.get("inf") or 0
    if nan or inf:
        return f"{nan} NaN, {inf} Inf"
    text = f"‖g‖ = {fmt_number(summary.get('norm'))}"
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


def edge_words() -> dict[str, str]:
    """The Inspector's words for an edge (English source text → the window's language)."""
    return {
        "Edge": translate("Inspector", "Edge"),
        "from": translate("Inspector", "from"),
        "to": translate("Inspector", "to"),
        "carries": translate("Inspector", "carries"),
        "Tensor on the edge": translate("Inspector", "Tensor on the edge"),
        "Gradient flowing back": translate("Inspector", "Gradient flowing back"),
        "gradient": translate("Inspector", "gradient"),
    }


def environment_words() -> dict[str, str]:
    """The Inspector's words for the Python and torch that ran the script."""
    return {
        "Ran with": translate("Inspector", "Ran with"),
        "interpreter": translate("Inspector", "interpreter"),
        "environment": translate("Inspector", "environment"),
        "chosen": translate("Inspector", "chosen"),
    }


def environment_rows(environment: Any) -> list[tuple[str, str]]:
    """Rows saying which Python and torch ran the script (a graph's ``environment``; none for
    a graph saved before it was recorded)."""
    if not isinstance(environment, dict):
        return []
    rows = [
        ("Python", str(environment.get("python") or "?")),
        ("torch", str(environment.get("torch") or "?")),
    ]
    if environment.get("executable"):
        rows.append(("interpreter", str(environment["executable"])))
    if environment.get("prefix"):
        rows.append(("environment", short_path(str(environment["prefix"]))))
    if environment.get("reason"):
        rows.append(("chosen", i18n.text(Message.from_wire(environment["reason"]))))
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
        fill(
            translate("Inspector", "Ran with Python {python} · torch {torch} · {where} ({why})"),
            python=python,
            torch=torch,
            where=where,
            why=i18n.text(Message.from_wire(why)),
        )
        if why
        else fill(
            translate("Inspector", "Ran with Python {python} · torch {torch} · {where}"),
            python=python,
            torch=torch,
            where=where,
        )
    )
    return short, note


def gradient_flow(graph: nx.DiGraph, node: str) -> list[tuple[str, str]]:
    """Return rows describing the gradients arriving at ``node`` (one per consumer, summed when
    several) and leaving it along each input edge (edge ``grad``, else the producer's gradient
    when ``node`` is its only consumer)."""
    data = graph.nodes[node]
    rows: list[tuple[str, str]] = []
    users = list(graph.successors(node))
    if data.get("is_output") and not users:
        rows.append(("arriving", f"seed gradient {_norm_text(data.get('grad'))}"))
    else:
        slots = sum(len(graph.edges[node, c].get("slots") or [0]) for c in users)
        for user in users:
            rows.append(
                (
                    f"from {graph.nodes[user].get('op')} ({user})",
                    _norm_text(graph.edges[node, user].get("grad")),
                )
            )
        if slots > 1:
            rows.append(("accumulated", f"sum of {slots} gradients = {_norm_text(data.get('grad'))}"))
    for producer in graph.predecessors(node):
        grad = edge_gradient(graph, producer, node)
        rows.append((f"to {graph.nodes[producer].get('op')} ({producer})", _norm_text(grad)))
    if data.get("kind") == "leaf":
        rows.append(("stored in", f"{data.get('name') or 'the leaf'}.grad"))
    return rows


TEXT_MARGIN = 4
"""Pixels a view item keeps between its text and each side (the style's focus margin, plus one)."""
ROW_PADDING = 2
"""Pixels a row adds to its text's height."""


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
        # the style measures at word boundaries but draws breaking long words too: measure so
        text = str(index.data() or "")
        metrics = option.fontMetrics
        flags = int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere)
        room = QRect(0, 0, max(10, width - 2 * TEXT_MARGIN), 1_000_000)
        needed = metrics.boundingRect(room, flags, text).height() + ROW_PADDING
        return QSize(size.width(), max(size.height(), needed))


class InspectorPanel(QWidget):
    """Shows the selected node's properties as a two-column tree, grouped by topic."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.title = plain_label(
            QLabel(inspector_labels()["Nothing selected"], self)
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
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([translate("Inspector", "Property"), translate("Inspector", "Value")])
        self.tree.setRootIsDecorated(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        # Values wrap inside the panel, never past its edge: the value column takes the width
        # left, and each row is as tall as its wrapped text (measured again when widths change).
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.header().setStretchLastSection(False)  # it never shrinks below 100 px
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(self._fit_values)
        self.tree.header().sectionResized.connect(lambda index, *_: index == 0 and self._relayout.start())
        self.tree.viewport().installEventFilter(self)
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
        document.stepChanged.connect(self._step_changed)
        self._step_key: tuple[object, ...] | None = None
        self.edge: tuple[tuple[str, str], ...] = ()
        """The graph edges of the selected edge (empty: a node or nothing is shown)."""
        self.refresh()

    def _step_changed(self) -> None:
        # Stepping selects the step's node (a selection refresh); refresh again only when what the
        # Inspector says about the step changed for the same selection (the mode, or reached or not).
        step = self.document.step
        key = (self.document.selection, step.mode if step else None, step.index if step else None)
        if key != self._step_key:
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
        self.tree.clear()
        doc = self.document
        step = doc.step
        self._step_key = (doc.selection, step.mode if step else None, step.index if step else None)
        graph, display = doc.graph, doc.display
        self.edge = doc.selected_graph_edges()  # what flows along the selected edge, if one is
        if graph is not None and self.edge:
            self.hint.hide()
            self._show_edge(graph, self.edge)
            self._fit_columns()
            return
        if graph is None or display is None or doc.selection not in display.nodes:
            words = inspector_labels()
            self.title.setText(words["Nothing selected"] if graph is not None else words["No graph loaded"])
            self.hint.setVisible(graph is not None)
            if graph is not None:  # the graph's own facts: which Python and torch ran the script
                self._group("Ran with", environment_rows(graph.graph.get("environment")), environment_words())
                self._fit_columns()
            return
        self.hint.hide()
        dnode = display.nodes[doc.selection]
        if dnode.kind == "module":
            self._show_module(graph, dnode)
        else:
            self._show_node(graph, dnode.members[0], dnode)
        self._fit_columns()

    def _fit_columns(self) -> None:
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        limit = max(90, int(self.tree.viewport().width() * 0.5))
        if self.tree.columnWidth(0) > limit:  # keep the values in sight
            self.tree.setColumnWidth(0, limit)
        self._relayout.start()

    def _fit_values(self) -> None:
        """Give the values the width the names leave, and let each row take its wrapped height."""
        left = self.tree.viewport().width() - self.tree.columnWidth(0)
        if self.tree.columnWidth(1) != max(40, left):
            self.tree.setColumnWidth(1, max(40, left))
        self.tree.doItemsLayout()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._relayout.start()  # the panel or its scroll bar changed the room for values
        return super().eventFilter(watched, event)

    def _show_edge(self, graph: nx.DiGraph, edges: tuple[tuple[str, str], ...]) -> None:
        """What flows along an edge: forward, the producer's output (its shape and value);
        after backward, the gradient flowing back to the producer."""
        words = {**inspector_labels(), **edge_words()}
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
            suffix = f" {index + 1}" if len(edges) > 1 else ""
            data = graph.nodes[producer]
            self._group(
                "Edge" + suffix,
                [
                    ("from", f"{name(producer)} ({producer})"),
                    ("to", f"{name(consumer)} ({consumer})"),
                    (
                        "carries",
                        translate(
                            "Inspector",
                            "the output of {op}: forward along the arrow, its gradient back against it",
                        ).format(op=name(producer)),
                    ),
                ],
                words,
            )
            self._group(
                "Tensor on the edge" + suffix,
                [
                    ("shape", fmt_shape(data.get("shape"))),
                    ("dtype", str(data.get("dtype") or "?")),
                    ("device", str(data.get("device") or "?")),
                ],
                words,
            )
            value = [row for row in summary_rows(data.get("value")) if row[0] not in ("shape", "dtype")]
            self._group("Forward value" + suffix, value, words)  # shape and dtype: just above
            grad = edge_gradient(graph, producer, consumer)
            if grad:
                rows = summary_rows(grad)
            elif ran:
                rows = [("gradient", translate("Inspector", "none recorded on this edge"))]
            else:
                rows = [
                    (
                        "gradient",
                        translate("Inspector", "appears after a backward pass: click Run Backward (Ctrl+B)"),
                    )
                ]
            self._group("Gradient flowing back" + suffix, rows, words)

    def _group(self, name: str, rows: list[tuple[str, str]], words: dict[str, str] | None = None) -> None:
        if not rows:
            return
        if words is None:
            words = inspector_labels()
        base, _, number = name.rpartition(" ")  # "Edge 2": one of a collapsed edge's graph edges
        shown = words.get(name) or (f"{words[base]} {number}" if number.isdigit() and base in words else name)
        group = QTreeWidgetItem(self.tree, [shown])
        group.setData(0, SOURCE, name)
        font = group.font(0)
        font.setBold(True)
        group.setFont(0, font)
        group.setFirstColumnSpanned(True)
        for key, value in rows:
            child = QTreeWidgetItem(
                group, [words.get(key, key), words.get(value, value) if value in WORDED_VALUES else value]
            )
            child.setData(0, SOURCE, key)
            child.setToolTip(1, plain_tooltip(value))

    def _show_node(self, graph: nx.DiGraph, node: str, dnode: DisplayNode) -> None:
        data = graph.nodes[node]
        op = data.get("op") or "?"
        name = data.get("name")
        self.title.setText(f"{name}  ({op})" if name else op)
        rows = [("op", op), ("kind", "leaf tensor" if data.get("kind") == "leaf" else "operation")]
        if name:
            rows.append(("name", str(name)))
        rows.append(("module", data.get("module") or "—"))
        if data.get("is_output"):
            rows.append(("output", "yes"))
        rows.append(("id", node))
        if dnode.use:
            k, n = dnode.use
            rows.append(("copy", f"use {k} of {n}" if dnode.kind == "leaf" else f"input {k} of {n}"))
        self._group("Node", rows)
        self._group(
            "Tensor",
            [
                ("shape", fmt_shape(data.get("shape"))),
                ("dtype", str(data.get("dtype") or "?")),
                ("device", str(data.get("device") or "?")),
            ],
        )
        saved = data.get("saved") or []
        self._group("Saved tensors", [(str(i), str(s)) for i, s in enumerate(saved)])
        self._group("Forward value", summary_rows(data.get("value")))
        self._group(
            "Constant inputs",
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
                "Graph cut (.detach())" if i == 0 else f"Graph cut {i + 1}",
                [
                    (
                        "where",
                        f"line {cut.get('line')}: {str(cut.get('code') or '').split('  #')[0].strip()}",
                    ),
                    ("detached from", f"{cut.get('op') or '?'} output, shape {fmt_shape(cut.get('shape'))}"),
                    (
                        "meaning",
                        "this op used a detached tensor: it is a constant here, and no gradient "
                        "flows back to what made it",
                    ),
                ],
            )
        grad = data.get("grad")
        pending = self._not_reached_yet(data)
        if pending is not None:
            self._group("Gradient", [("gradient", pending)])
        elif grad:
            self._group("Gradient", summary_rows(grad))
            self._group("Gradient flow", gradient_flow(graph, node))
            rule = chain_rule(graph, node)
            self._group(
                "Chain rule",
                [("rule", shown(rule.summary))]
                + [(f"to {i.name}", shown(i.message())) for i in rule.inputs]
                + ([("failed", shown(rule.failure))] if rule.failure else []),
            )
        elif (graph.graph.get("backward") or {}).get("ran"):
            self._group("Gradient", [("gradient", "not reached by backward")])
        failed = failure(graph, node)
        if failed and not grad and pending is None:
            self._group("Chain rule", [("failed", shown(failed))])
        custom = data.get("custom_backward")
        if isinstance(custom, dict) and custom.get("name"):
            file = str(custom.get("file") or "?")
            self._group(
                "Custom backward",
                [
                    ("function", str(custom["name"])),
                    ("at", f"{file.rsplit('/', 1)[-1]}, line {custom.get('line') or '?'}"),
                    ("file", file),
                ],
            )
        order = [("forward index", fmt_number(data.get("forward_index")))]
        if data.get("backward_index") is not None:
            order.append(("backward index", fmt_number(data.get("backward_index"))))
        self._group("Order", order)
        source = data.get("source")
        if source:
            file = str(source.get("file") or "?")
            self._group(
                "Source",
                [
                    ("at", f"{file.rsplit('/', 1)[-1]}, line {source.get('line')}"),
                    ("code", str(source.get("code") or "").strip()),
                    ("file", file),
                ],
            )
        edges = [(u, graph.nodes[u].get("op") or u) for u in graph.predecessors(node)]
        users = [(v, graph.nodes[v].get("op") or v) for v in graph.successors(node)]
        self._group(
            "Connections",
            [("input", f"{op_} ({u})") for u, op_ in edges]
            + [("used by", f"{op_} ({v})") for v, op_ in users],
        )

    def _not_reached_yet(self, data: dict[str, Any]) -> str | None:
        """Return a note when stepping backward and the engine has not reached this node yet."""
        step = self.document.step
        index = data.get("backward_index")
        if step is None or step.mode != "backward" or index is None or index <= step.index:
            return None
        return f"not reached yet: the engine runs it at backward step {index + 1}"

    def _show_module(self, graph: nx.DiGraph, dnode: Any) -> None:
        members = [m for m in dnode.members if m in graph]
        self.title.setText(translate("Inspector", "{module}  (collapsed module)").format(module=dnode.module))
        ops = Counter(graph.nodes[m].get("op") or "?" for m in members)
        devices = Counter(graph.nodes[m].get("device") or "?" for m in members)
        params = [graph.nodes[m] for m in members if graph.nodes[m].get("kind") == "leaf"]
        self._group(
            "Module",
            [
                ("path", str(dnode.module)),
                ("nodes", str(len(members))),
                ("devices", ", ".join(f"{d} ({c})" for d, c in devices.most_common())),
            ],
        )
        self._group("Operations", [(op, str(c)) for op, c in ops.most_common() if op != "AccumulateGrad"])
        prefix = f"{dnode.module}."
        self._group(
            "Parameters",
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
