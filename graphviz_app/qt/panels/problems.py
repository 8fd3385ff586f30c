"""The Problems dock: what went wrong or may surprise, each entry pointing at its node or line.

Entries come from the graph (NaN/Inf gradients, ``.detach()`` cuts, the capture's notices such as
reading ``.grad`` of a non-leaf) and from a failed run (the ScriptError with its script line).
Activating an entry selects its node and/or shows its line in the Source panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QStyle, QVBoxLayout, QWidget

from ...core.model.derived import derived, warm_with
from ...core.model.graph import cut_nodes
from ...core.view import colors
from ...core.view.chain_rule import backward_failure
from ...core.view.stepping import describe
from ...message_reader import read_message
from ...wire.errors import GraphvizAppError, ScriptError
from ...wire.message import QT_TRANSLATE_NOOP, Message
from .. import i18n
from ..document import Document
from ..i18n import fill
from ..words import error_text

translate = QCoreApplication.translate

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


def _bad(grad: Any) -> bool:
    return bool(grad) and bool(grad.get("nan") or grad.get("inf"))


def _line_of(graph: nx.DiGraph, node: str) -> tuple[str | None, int | None]:
    source = graph.nodes[node].get("source") or {}
    return source.get("file"), source.get("line")


def code_only(code: object) -> str:
    """Return a source line without its trailing comment."""
    text = str(code or "").strip()
    return text.split("  #", 1)[0].split(" # ", 1)[0].rstrip()


def cut_text(graph: nx.DiGraph, node: str, cut: dict[str, Any]) -> str:
    """Return the plain explanation of one ``.detach()`` cut feeding ``node``: when the tensor
    was made by an op of the same name as ``node``'s, each is named with its line, so the two
    read as the two nodes they are."""
    made_by = (
        i18n.said(QT_TRANSLATE_NOOP("Problems", " (made by {op})"), op=cut["op"]) if cut.get("op") else ""
    )
    what = describe(graph, node)
    if cut.get("op") and cut.get("op") == graph.nodes[node].get("op"):
        _, line = _line_of(graph, node)
        if line:
            what = fill(translate("Problems", "{what} on line {line}"), what=what, line=line)
        if cut.get("line"):
            made_by = fill(
                translate("Problems", " (made by another {op}, on line {line})"),
                op=cut["op"],
                line=cut["line"],
            )
    return fill(
        translate(
            "Problems",
            "Line {line} cuts the graph: {code}. {what} takes the detached tensor{made_by}, "
            "shape {shape}, as a constant, so no gradient flows back to what made it.",
        ),
        line=cut.get("line"),
        code=code_only(cut.get("code")),
        what=what,
        made_by=made_by,
        shape=cut.get("shape"),
    )


@warm_with
def bad_gradients(graph: nx.DiGraph) -> list[str]:
    """The nodes whose gradient holds NaN or Inf values, in the backward pass's order."""
    bad = [n for n, grad in graph.nodes(data="grad") if _bad(grad)]
    return sorted(
        bad,
        key=lambda n: (
            graph.nodes[n].get("backward_index") is None,
            graph.nodes[n].get("backward_index") or 0,
            n,
        ),
    )


def graph_problems(graph: nx.DiGraph) -> list[Problem]:
    """Return the problems a captured graph shows: NaN/Inf gradients first, then cuts, then notices."""
    out: list[Problem] = []
    for node in derived(graph, bad_gradients):
        grad = graph.nodes[node].get("grad") or {}
        nan, inf = grad.get("nan") or 0, grad.get("inf") or 0  # (bad_gradients: one of them is not 0)
        file, line = _line_of(graph, node)
        where = translate("Problems", " (line {line})").format(line=line) if line else ""
        kinds = translate("Problems", " and ").join(k for k, n in (("NaN", nan), ("Inf", inf)) if n)
        text = translate(
            "Problems", "{kinds} gradient at {what}{where}: {nan} NaN, {inf} Inf values."
        ).format(kinds=kinds, what=describe(graph, node), where=where, nan=nan, inf=inf)
        senders = [c for c in graph.successors(node) if not _bad(graph.nodes[c].get("grad"))]
        if senders:  # its consumers' gradients were finite: their backward made the NaN/Inf
            sender = senders[0]
            _, sline = _line_of(graph, sender)
            at = translate("Problems", " (line {line})").format(line=sline) if sline else ""
            text += translate(
                "Problems", " It first appears here: the backward of {what}{at} produced it."
            ).format(what=describe(graph, sender), at=at)
            line = line or sline
            file = file or _line_of(graph, sender)[0]
        if graph.nodes[node].get("kind") == "leaf":
            text += translate("Problems", " {name}.grad holds it; an optimizer step would spread it.").format(
                name=graph.nodes[node].get("name") or translate("Problems", "The leaf")
            )
        else:
            text += translate("Problems", " Every node backward reaches from here receives it too.")
        out.append(Problem("error", text, node, file, line))
    for node in derived(graph, cut_nodes):
        for cut in graph.nodes[node].get("cuts") or []:
            file, _ = _line_of(graph, node)
            out.append(Problem("warning", cut_text(graph, node, cut), node, file, cut.get("line")))
    script = graph.graph.get("script")
    failed = backward_failure(graph)
    for wire in graph.graph.get("notices") or []:
        notice = read_message(wire)
        if failed is not None and _tells_failure(wire, graph.graph.get("backward_error") or {}):
            out.append(Problem("error", error_text(notice), failed.node, failed.file, failed.line))
            continue
        line = _notice_line(notice)  # "Line 7 reads .grad of ..." points at it
        out.append(Problem("info", error_text(notice), None, script if line else None, line))
    info = graph.graph.get("backward") or {}
    shown = error_text(info["error"]) if info.get("error") else ""
    if shown and not any(info["error"] in p.text or shown in p.text for p in out):
        out.append(Problem("error", translate("Problems", "Backward stopped: {error}").format(error=shown)))
    return out


def _tells_failure(wire: object, error: dict[str, Any]) -> bool:
    """Whether a notice (its wire form) tells of the failed backward: it holds the failure's
    recorded explanation (``backward_error.message``) as one of its parts."""
    values = wire.get("values") if isinstance(wire, dict) else None
    parts = values.get("parts") if isinstance(values, dict) else None
    message = error.get("message")
    return isinstance(parts, list) and message is not None and {"message": message} in parts


def _notice_line(notice: Message) -> int | None:
    """The script's line a notice names as its subject (its ``where`` is "Line N"), or None."""
    where = notice.values.get("where")
    line = where.values.get("line") if isinstance(where, Message) else None
    return line if isinstance(line, int) and not isinstance(line, bool) else None


def error_problem(error: GraphvizAppError) -> Problem:
    """Return the entry for a failed run (a ScriptError points at its line)."""
    if isinstance(error, ScriptError):
        problem = Problem("error", error_text(error.message), None, error.file, error.line)
        if error.kind == "cancelled" and error.file:  # the user's choice: a note naming the script
            name = error.file.replace("\\", "/").rsplit("/", 1)[-1]
            text = translate("Problems", "{name}: {why}").format(name=name, why=problem.text)
            return Problem("info", text, None, error.file, error.line)
        return problem
    return Problem("error", error_text(error.message))


class ProblemsPanel(QWidget):
    """A list of problems; ``problemActivated(Problem)`` when one is clicked."""

    problemActivated = Signal(Problem)
    countChanged = Signal(int)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.problems: list[Problem] = []
        self.summary = QLabel(translate("Problems", "No problems."), self, wordWrap=True)
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
        graph = self.document.view_model.graph
        self.show_problems(graph_problems(graph) if graph is not None else [])

    def show_error(self, error: GraphvizAppError) -> None:
        """List a failed run's error (the previous graph's problems are kept below it)."""
        graph = self.document.view_model.graph
        self.show_problems([error_problem(error)] + (graph_problems(graph) if graph is not None else []))

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.list.clear()
        style = self.style()
        icons = {
            "error": QStyle.StandardPixmap.SP_MessageBoxCritical,
            "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
            "info": QStyle.StandardPixmap.SP_MessageBoxInformation,
        }
        for problem in self.problems:
            hint = ""
            if problem.node is not None:
                hint = translate("Problems", "  ▸ click to select the node")
            elif problem.line:
                hint = translate("Problems", "  ▸ click to see line {line}").format(line=problem.line)
            item = QListWidgetItem(style.standardIcon(icons[problem.level]), problem.text + hint)
            item.setData(ENTRY_ROLE, problem)
            if problem.level == "error" and "gradient" in problem.text:
                item.setForeground(QColor(colors.WARNING_COLOR).darker(130))
            self.list.addItem(item)
        errors = sum(p.level == "error" for p in self.problems)
        warnings = sum(p.level == "warning" for p in self.problems)
        notes = len(self.problems) - errors - warnings
        if not self.problems:
            self.summary.setText(translate("Problems", "No problems."))
        else:
            words = (
                (errors, translate("Problems", "{n} error"), translate("Problems", "{n} errors")),
                (warnings, translate("Problems", "{n} warning"), translate("Problems", "{n} warnings")),
                (notes, translate("Problems", "{n} note"), translate("Problems", "{n} notes")),
            )
            parts = [(one if n == 1 else many).format(n=n) for n, one, many in words if n]
            self.summary.setText(", ".join(parts) + translate("Problems", ". Click one to jump to it."))
        self.countChanged.emit(len(self.problems))

    def _activated(self, item: QListWidgetItem) -> None:
        problem = item.data(ENTRY_ROLE)
        if problem is not None:
            self.problemActivated.emit(problem)
