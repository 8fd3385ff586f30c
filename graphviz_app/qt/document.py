"""The one owner of the app's state: the graph, where it came from, and the view state.

The view state is a :class:`~graphviz_app.core.view.view_model.ViewModel` (no Qt): styles, search,
step, collapsed modules, the selected node or edge. Views call it directly
(``document.view_model.collapse(module)``); the document subscribes to it and turns each
:class:`~graphviz_app.core.view.view_model.Change` into signals that carry their part of it. Views
never talk to each other: they change the view model and redraw on the document's signals, which
come styles first, then the graph, the display, the search, the selection, the step:

* ``stylesChanged(restyled)``  fills or outlines changed (color mode, search highlight, style
  layers): recolor only, never a new layout; ``restyled`` are the graph nodes whose style changed
  (None: any may have).
* ``graphChanged(graph)``      a new graph replaced the old one (or None: cleared): everything rebuilds.
* ``displayChanged(display)``  what is drawn changed shape (collapse/expand, hub splitting): new layout.
* ``searchChanged(match)``     the search, its matches or the current match (a display id or None).
* ``selectionChanged(node, edge)`` the selected drawn node (display id) or edge (``DisplayEdge``).
* ``stepChanged(step)``        the forward/backward step shown (``StepView``, None: not stepping);
  its styles arrive as the ``"step"`` layer, so a step is a recolor.
* ``sourceChanged()``          the file the graph came from (the document's own state).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

import networkx as nx
from PySide6.QtCore import QObject, Signal

from ..core.graphviz.cost import Recommendation
from ..core.view.display import DisplayGraph, ViewOptions
from ..core.view.view_model import CURRENT_MATCH_PEN, Change, ViewModel

__all__ = ["CURRENT_MATCH_PEN", "Document", "Planner", "SourceKind"]

SourceKind = Literal["script", "json"]
"""Where a graph came from: a script that ran, or a saved ``.json`` graph."""
Planner = Callable[[nx.DiGraph, ViewOptions], Recommendation]
"""Decides the view options of a new graph (``core.graphviz.cost.recommend``)."""


class Document(QObject):
    """One open graph, where it came from and how it is viewed; says every change with a signal."""

    stylesChanged = Signal(object)
    graphChanged = Signal(object)
    displayChanged = Signal(object)
    searchChanged = Signal(object)
    selectionChanged = Signal(object, object)
    stepChanged = Signal(object)
    sourceChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view_model = ViewModel()
        """How the graph is viewed (no Qt): views call it, the document announces its changes."""
        self.view_model.subscribe(self._announce)
        self.path: Path | None = None
        self.kind: SourceKind | None = None  # None: built in memory
        self.plan_made: Recommendation | None = None
        """What the last ``set_graph(plan=...)`` decided (None: no plan was asked for)."""
        self.waits_for_picture = False
        """True where a window draws this document (its controller sets it): a selection that
        moved with a new display graph (an expand: the module's node to its first member) is
        announced once that display graph is drawn (:meth:`display_shown`), so the panels go on
        speaking of what is on screen until then."""
        self._selection_due = False

    def display_shown(self) -> None:
        """The window draws the current display graph now (or gave up laying it out): announce
        the selection that moved with it, if it did."""
        if self._selection_due:
            self._selection_due = False
            self._emit_selection()

    def _announce(self, change: Change) -> None:
        """Say what ``change`` changed, styles first (a restyle of a display about to be laid out
        again is noted as missed), then the graph, the display, the search, selection, step."""
        model = self.view_model
        if change.styles:
            self.stylesChanged.emit(change.restyled)
        if change.graph:
            self.graphChanged.emit(model.graph)
        if change.display:
            self.displayChanged.emit(model.display)
        if change.search:
            self.searchChanged.emit(model.current_match())
        if change.selection and change.display and self.waits_for_picture:
            self._selection_due = True
        elif change.selection:
            self._selection_due = False
            self._emit_selection()
        if change.step:
            self.stepChanged.emit(model.step)

    def _emit_selection(self) -> None:
        self.selectionChanged.emit(self.view_model.selection, self.view_model.selected_edge)

    # -- graph ----------------------------------------------------------------------------------
    def set_graph(
        self,
        graph: nx.DiGraph | None,
        path: str | Path | None = None,
        kind: SourceKind | None = None,
        *,
        plan: Planner | None = None,
    ) -> None:
        """Show ``graph`` (from ``path``, a ``kind`` "script" or "json" file).

        Reloading the same file keeps the view state that still applies (collapsed modules still
        present, the color mode, the search); a different file starts fresh. ``plan`` decides the
        view options before the display graph is built (a big graph opens collapsed), so a load
        builds one display graph; its answer is kept in ``plan_made``.
        """
        new_path = Path(path).resolve() if path is not None else None
        same_source = new_path is not None and new_path == self.path
        if self.path != new_path or self.kind != kind:
            self.path, self.kind = new_path, kind
            self.sourceChanged.emit()
        self.plan_made = None

        def decide(graph: nx.DiGraph, options: ViewOptions) -> tuple[ViewOptions, DisplayGraph | None]:
            assert plan is not None
            self.plan_made = plan(graph, options)
            return self.plan_made.options, self.plan_made.display

        self.view_model.set_graph(graph, keep=same_source, plan=decide if plan else None)

    def clear(self) -> None:
        """Forget the graph and its source."""
        self.set_graph(None, None, None)
