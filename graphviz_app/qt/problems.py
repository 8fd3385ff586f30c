"""The Problems dock: what went wrong or may surprise, each entry pointing at its node or line.

Entries come from the graph (NaN/Inf gradients, ``.detach()`` cuts, the capture's notices such as
reading ``.grad`` of a non-leaf) and from a failed run (the ScriptError with its script line).
Activating an entry selects its node and/or shows its line in the Source panel.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QStyle, QVBoxLayout, QWidget

from ..core import colors
from ..errors import ScriptError
from .document import Document
from .stepper import describe

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Problem:
    """One entry: ``level`` "error" | "warning" | "info"; ``node`` a graph node id to select;
    ``file``/``line`` a script line to show."""

    level: str
    text: str
    node: str | None = None
    file: str | None = None
    line: int | None = None


def _line_of(graph: nx.DiGraph, node: str) -> tuple[str | None, int | None]:
    source = graph.nodes[node].get("source") or {}
    return source.get("file"), source.get("line")


def graph_problems(graph: nx.DiGraph) -> list[Problem]:
    """Return the problems a captured graph shows: NaN/Inf gradients first, then cuts, then notices."""
    out: list[Problem] = []
    order = sorted(graph.nodes, key=lambda n: (graph.nodes[n].get("backward_index") is None,
                                               graph.nodes[n].get("backward_index") or 0, n))
    for node in order:
        grad = graph.nodes[node].get("grad") or {}
        nan, inf = grad.get("nan") or 0, grad.get("inf") or 0
        if nan or inf:
            file, line = _line_of(graph, node)
            where = f" (line {line})" if line else ""
            kinds = " and ".join(k for k, n in (("NaN", nan), ("Inf", inf)) if n)
            out.append(Problem("error", f"{kinds} gradient at {describe(graph, node)}{where}: "
                               f"{nan} NaN, {inf} Inf values. Everything before it in backward "
                               "receives them too.", node, file, line))
    for node, cuts in graph.nodes(data="cuts"):
        for cut in cuts or []:
            file, _ = _line_of(graph, node)
            code = str(cut.get("code") or "").strip()
            out.append(Problem(
                "warning",
                f"The graph is cut at line {cut.get('line')}: {code} — {describe(graph, node)} uses a "
                f"detached tensor ({cut.get('op') or 'detach'}, shape {cut.get('shape')}), so no "
                "gradient flows back past it.", node, file, cut.get("line")))
    for notice in graph.graph.get("notices") or []:
        out.append(Problem("info", str(notice)))
    info = graph.graph.get("backward") or {}
    if info.get("error") and not any(info["error"] in p.text for p in out):
        out.append(Problem("error", f"Backward stopped: {info['error']}"))
    return out


def error_problem(error: Any) -> Problem:
    """Return the entry for a failed run (a ScriptError points at its line)."""
    if isinstance(error, ScriptError):
        return Problem("error", error.message, None, error.file, error.line)
    return Problem("error", getattr(error, "message", str(error)))


class ProblemsPanel(QWidget):
    """A list of problems; ``problemActivated(Problem)`` when one is clicked."""

    problemActivated = Signal(object)
    countChanged = Signal(int)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.problems: list[Problem] = []
        self.summary = QLabel("No problems.", self)
        self.summary.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setObjectName("problemsList")
        self.list.setWordWrap(True)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        document.graphChanged.connect(self.refresh)

    def refresh(self) -> None:
        graph = self.document.graph
        self.show_problems(graph_problems(graph) if graph is not None else [])

    def show_error(self, error: Any) -> None:
        """List a failed run's error (the previous graph's problems are kept below it)."""
        graph = self.document.graph
        self.show_problems([error_problem(error)] + (graph_problems(graph) if graph is not None else []))

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.list.clear()
        style = self.style()
        icons = {"error": QStyle.StandardPixmap.SP_MessageBoxCritical,
                 "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
                 "info": QStyle.StandardPixmap.SP_MessageBoxInformation}
        for problem in self.problems:
            hint = ""
            if problem.node is not None:
                hint = "  ▸ click to select the node"
            elif problem.line:
                hint = f"  ▸ click to see line {problem.line}"
            item = QListWidgetItem(style.standardIcon(icons[problem.level]), problem.text + hint)
            item.setData(ENTRY_ROLE, problem)
            if problem.level == "error" and "gradient" in problem.text:
                item.setForeground(QColor(colors.WARNING_COLOR).darker(130))
            self.list.addItem(item)
        errors = sum(p.level == "error" for p in self.problems)
        warnings = sum(p.level == "warning" for p in self.problems)
        notes = len(self.problems) - errors - warnings
        if not self.problems:
            self.summary.setText("No problems.")
        else:
            parts = [f"{n} {name}{'s' * (n != 1)}" for n, name in
                     ((errors, "error"), (warnings, "warning"), (notes, "note")) if n]
            self.summary.setText(", ".join(parts) + ". Click one to jump to it.")
        self.countChanged.emit(len(self.problems))

    def _activated(self, item: QListWidgetItem) -> None:
        problem = item.data(ENTRY_ROLE)
        if problem is not None:
            self.problemActivated.emit(problem)
