"""The one owner of the app's state: the graph, where it came from, and the view state.

The view state is a :class:`~graphviz_app.core.view.view_model.ViewModel` (no Qt): styles, search,
step, collapsed modules, the selected node or edge. The document forwards each call to it and
says what changed with a signal; views never talk to each other, they call the document's
setters and redraw on its signals:

* ``graphChanged``   a new graph replaced the old one (or it was cleared): everything rebuilds.
* ``displayChanged`` what is drawn changed shape (collapse/expand, hub splitting): new layout.
* ``stylesChanged``  fills or outlines changed (color mode, search highlight, style layers):
                     recolor only, never a new layout (``last_changed``: the nodes it touched).
* ``selectionChanged`` the selected node or edge, ``searchChanged``, ``sourceChanged``.
* ``stepChanged``    the forward/backward step shown changed (its styles arrive as the ``"step"``
                     layer, so a step is a recolor; the step order is computed once per graph).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

import networkx as nx
from PySide6.QtCore import QObject, Signal

from ..core.graphviz.cost import Recommendation
from ..core.view.colors import ColorMode
from ..core.view.display import DisplayEdge, DisplayGraph, GraphFacts, ViewOptions
from ..core.view.look import NodeStyle, ViewState
from ..core.view.stepping import StepView
from ..core.view.view_model import (
    CURRENT_MATCH_PEN,
    HIGHLIGHT_PEN,
    LAYER_PRIORITY,
    Change,
    ViewModel,
    merge_styles,
)

__all__ = [
    "CURRENT_MATCH_PEN",
    "HIGHLIGHT_PEN",
    "LAYER_PRIORITY",
    "Document",
    "Planner",
    "SourceKind",
    "merge_styles",
]

SourceKind = Literal["script", "json"]
"""Where a graph came from: a script that ran, or a saved ``.json`` graph."""
Planner = Callable[[nx.DiGraph, ViewOptions], Recommendation]
"""Decides the view options of a new graph (``core.graphviz.cost.recommend``)."""


class Document(QObject):
    """State of one open graph and how it is viewed; emits a signal after every change."""

    graphChanged = Signal()
    displayChanged = Signal()
    stylesChanged = Signal()
    selectionChanged = Signal()
    searchChanged = Signal()
    sourceChanged = Signal()
    stepChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view_model = ViewModel()
        """How the graph is viewed (no Qt): every view call below is forwarded to it."""
        self.path: Path | None = None
        self.kind: SourceKind | None = None  # None: built in memory
        self.plan_made: Recommendation | None = None
        """What the last ``set_graph(plan=...)`` decided (None: no plan was asked for)."""
        self.last_changed: frozenset[str] | None = None
        """Graph nodes whose style the last ``stylesChanged`` changed; None: any may have."""
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
            self.selectionChanged.emit()

    def _emit(self, change: Change) -> None:
        """Say what ``change`` changed, styles first (a restyle of a display about to be laid out
        again is noted as missed), then the graph, the display, the search, selection, step."""
        if change.styles:
            self.last_changed = change.restyled
            self.stylesChanged.emit()
            self.last_changed = None
        if change.graph:
            self.graphChanged.emit()
        if change.display:
            self.displayChanged.emit()
        if change.search:
            self.searchChanged.emit()
        if change.selection and change.display and self.waits_for_picture:
            self._selection_due = True
        elif change.selection:
            self._selection_due = False
            self.selectionChanged.emit()
        if change.step:
            self.stepChanged.emit()

    # -- the view model's state, read-only here ---------------------------------------------------
    @property
    def graph(self) -> nx.DiGraph | None:
        return self.view_model.graph

    @property
    def display(self) -> DisplayGraph | None:
        return self.view_model.display

    @property
    def facts(self) -> GraphFacts | None:
        return self.view_model.facts

    @property
    def options(self) -> ViewOptions:
        return self.view_model.options

    @property
    def color_mode(self) -> ColorMode:
        return self.view_model.color_mode

    @color_mode.setter
    def color_mode(self, mode: ColorMode) -> None:
        """The colour mode to start with (no signal: before any graph is shown)."""
        self.view_model.color_mode = mode

    @property
    def selection(self) -> str | None:
        """The selected drawn node (display id)."""
        return self.view_model.selection

    @property
    def selected_edge(self) -> DisplayEdge | None:
        """The selected drawn edge (never together with a selected node)."""
        return self.view_model.selected_edge

    @property
    def search_text(self) -> str:
        return self.view_model.search_text

    @property
    def matches(self) -> list[str]:
        return self.view_model.matches

    @property
    def match_index(self) -> int:
        return self.view_model.match_index

    @property
    def step(self) -> StepView | None:
        """The step shown (None: not stepping, the whole graph shows)."""
        return self.view_model.step

    @property
    def values_choice(self) -> bool | None:
        return self.view_model.values_choice

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

        self._emit(self.view_model.set_graph(graph, keep=same_source, plan=decide if plan else None))

    def clear(self) -> None:
        """Forget the graph and its source."""
        self.set_graph(None, None, None)

    # -- color mode and styles ----------------------------------------------------------------
    def available_color_modes(self) -> list[ColorMode]:
        """Return the color modes that make sense for the graph (``grad`` needs a backward pass)."""
        return self.view_model.available_color_modes()

    def has_gradients(self) -> bool:
        return self.view_model.has_gradients()

    def set_color_mode(self, mode: ColorMode) -> None:
        """Switch the fill colors (ColorModeError for an unknown mode): a recolor, no layout."""
        self._emit(self.view_model.set_color_mode(mode))

    def fills(self) -> dict[str, str]:
        """Return the color mode's fill per graph node id."""
        return self.view_model.fills()

    def set_style_layer(self, name: str, styles: dict[str, NodeStyle] | None) -> None:
        """Set (or with ``None`` remove) one named layer of per-graph-node style overrides."""
        self._emit(self.view_model.set_style_layer(name, styles))

    def style_layer(self, name: str) -> dict[str, NodeStyle]:
        return self.view_model.style_layer(name)

    def styles(self) -> dict[str, NodeStyle]:
        """Return every layer merged by priority: the overrides drawn and exported over the fills."""
        return self.view_model.styles()

    def look_state(self) -> ViewState:
        """What the canvas and the exports draw from (``core.view.look``)."""
        return self.view_model.look_state()

    # -- values on the graph ---------------------------------------------------------------------
    def values_shown(self) -> bool:
        """True when small tensors' values and gradients are drawn beside their nodes."""
        return self.view_model.values_shown()

    def set_values(self, on: bool | None) -> None:
        """Draw values and gradients on the graph (None: the default for the graph's size); the
        badges are laid out with the graph, so turning them on or off lays it out again."""
        self._emit(self.view_model.set_values(on))

    # -- stepping --------------------------------------------------------------------------------
    def step_order(self, mode: str) -> list[str]:
        """Return the graph's node ids in ``mode``'s step order (computed once per graph)."""
        return self.view_model.step_order(mode)

    def step_count(self, mode: str) -> int:
        return self.view_model.step_count(mode)

    def step_position(self, mode: str, node: str) -> int | None:
        """Return the step (0-based) at which graph node ``node`` comes in ``mode``, or None."""
        return self.view_model.step_position(mode, node)

    def set_step(self, mode: str, index: int, *, follow: bool = True) -> StepView | None:
        """Show step ``index`` (0-based, clamped) of ``mode``; ``follow`` selects its node, so the
        Inspector follows the step. Recolors only: the layout stays put. Returns the step shown."""
        change = self.view_model.set_step(mode, index, follow=follow)
        self._emit(change)
        return self.step if change else None

    def clear_step(self) -> None:
        """Stop stepping: the whole graph shows again."""
        self._emit(self.view_model.clear_step())

    def marked_edges(self) -> frozenset[tuple[str, str]]:
        """Return the graph edges the current step marks (gradients flowing, inputs just used)."""
        return self.view_model.marked_edges()

    def stepping_backward(self) -> bool:
        return self.view_model.stepping_backward()

    # -- collapse ------------------------------------------------------------------------------
    def modules(self) -> list[str]:
        """Every module path of the graph and their ancestors, parents first."""
        return self.view_model.modules()

    def set_collapsed(self, collapsed: frozenset[str] | set[str]) -> None:
        """Collapse exactly these module paths (each drawn as one node); relayouts."""
        self._emit(self.view_model.set_collapsed(collapsed))

    def collapse(self, module: str) -> None:
        self._emit(self.view_model.collapse(module))

    def expand(self, module: str) -> None:
        """Expand ``module`` and any collapsed module that contains it."""
        self._emit(self.view_model.expand(module))

    def toggle_collapsed(self, module: str) -> None:
        self._emit(self.view_model.toggle_collapsed(module))

    def collapse_to_depth(self, depth: int) -> None:
        """Show modules down to ``depth`` levels (1: each top-level module is one node)."""
        self._emit(self.view_model.collapse_to_depth(depth))

    def set_view_options(self, options: ViewOptions) -> None:
        """Show the graph as ``options`` say (collapsed modules and hub splitting at once)."""
        self._emit(self.view_model.set_view_options(options))

    def set_label_detail(self, detail: str) -> None:
        """Draw node labels with ``detail`` (``core.view.display.LABEL_DETAILS``): a new layout."""
        self._emit(self.view_model.set_label_detail(detail))

    def set_rankdir(self, rankdir: str) -> None:
        """Lay the graph out top to bottom (``"TB"``) or left to right (``"LR"``): a new layout,
        the selection, search and step kept. Raises ValueError for another direction."""
        self._emit(self.view_model.set_rankdir(rankdir))

    def set_split_hubs(self, on: bool) -> None:
        self._emit(self.view_model.set_split_hubs(on))

    # -- selection -----------------------------------------------------------------------------
    def select(self, display_id: str | None) -> None:
        """Select one drawn node by display id (``None`` clears the selection, an edge's too)."""
        self._emit(self.view_model.select(display_id))

    def select_graph_node(self, node: str) -> None:
        """Select the drawn node standing for graph node ``node`` (its first copy)."""
        self._emit(self.view_model.select_graph_node(node))

    def select_edge(self, source: str, target: str) -> None:
        """Select the drawn edge from display node ``source`` to ``target`` (the node lets go)."""
        self._emit(self.view_model.select_edge(source, target))

    def selected_members(self) -> tuple[str, ...]:
        """Return the graph node ids the selected drawn node stands for."""
        return self.view_model.selected_members()

    def selected_graph_edges(self) -> tuple[tuple[str, str], ...]:
        """Return the graph edges (producer, consumer) the selected drawn edge stands for."""
        return self.view_model.selected_graph_edges()

    # -- search --------------------------------------------------------------------------------
    def search(self, text: str) -> list[str]:
        """Find drawn nodes whose op, name or module contains ``text`` (any case); jump to the first."""
        self._emit(self.view_model.search(text))
        return list(self.matches)

    def next_match(self, step: int = 1) -> str | None:
        """Move to the next (``step=-1``: previous) match, wrapping around; select and return it."""
        self._emit(self.view_model.next_match(step))
        return self.current_match()

    def current_match(self) -> str | None:
        return self.view_model.current_match()

    def match_members(self) -> set[str]:
        """Return the graph node ids behind every current search match."""
        return self.view_model.match_members()
