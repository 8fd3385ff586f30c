"""The one owner of the app's state: the graph, where it came from, and the view state.

Views never talk to each other; they call the document's setters and redraw on its signals:

* ``graphChanged``   a new graph replaced the old one (or it was cleared): everything rebuilds.
* ``displayChanged`` what is drawn changed shape (collapse/expand, hub splitting): new layout.
* ``stylesChanged``  fills or outlines changed (color mode, search highlight, style layers):
                     recolor only, never a new layout.
* ``selectionChanged``, ``searchChanged``, ``sourceChanged``.
* ``stepChanged``    the forward/backward step shown changed (its styles arrive as the ``"step"``
                     layer, so a step is a recolor; the step order is computed once per graph).

Per-node styles come in named *layers* (:meth:`set_style_layer`) stacked over the color mode's
fills by priority; search highlighting is one such layer and a future stepper adds its own
(``"step"``) without touching the others or the layout.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import networkx as nx
from PySide6.QtCore import QObject, Signal

from ..core.graphviz.cost import Recommendation
from ..core.model.values import auto_values, values_badge_message
from ..core.view import colors
from ..core.view.colors import ColorMode
from ..core.view.display import (
    LABEL_DETAILS,
    RANKDIRS,
    DisplayGraph,
    GraphFacts,
    ViewOptions,
    build_display,
    collapse_to_depth,
    module_paths,
)
from ..core.view.look import NodeStyle
from ..core.view.stepping import BACKWARD, Stepper, StepView

HIGHLIGHT_PEN = "#ff00ff"
"""Outline of search matches: magenta is absent from every device/op palette."""
CURRENT_MATCH_PEN = "#d40000"

LAYER_PRIORITY = {"values": 5, "step": 10, "source": 15, "search": 20}
"""Known style layers, lowest first; unknown layers sit at priority 0."""


SourceKind = Literal["script", "json"]
"""Where a graph came from: a script that ran, or a saved ``.json`` graph."""
Planner = Callable[[nx.DiGraph, ViewOptions], Recommendation]
"""Decides the view options of a new graph (``core.graphviz.cost.recommend``)."""


def merge_styles(lower: NodeStyle | None, upper: NodeStyle) -> NodeStyle:
    """Return ``upper`` laid over ``lower``: each field of ``upper`` left at its default keeps ``lower``'s."""
    if lower is None:
        return upper
    changes = {}
    for field in dataclasses.fields(NodeStyle):
        value = getattr(upper, field.name)
        default = field.default if field.default is not dataclasses.MISSING else None
        if value != default:
            changes[field.name] = value
    return dataclasses.replace(lower, **changes)


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
        self.graph: nx.DiGraph | None = None
        self.path: Path | None = None
        self.kind: SourceKind | None = None  # None: built in memory
        self.color_mode: ColorMode = "device"
        self.options = ViewOptions()
        self.display: DisplayGraph | None = None
        self.facts: GraphFacts | None = None
        """The graph's facts, kept so a new view builds its display graph quickly."""
        self._modules: list[str] = []
        self.selection: str | None = None  # display node id
        self.search_text = ""
        self.matches: list[str] = []  # display node ids
        self.match_index = -1
        self._layers: dict[str, dict[str, NodeStyle]] = {}
        self._fills: dict[str, str] = {}
        self.step: StepView | None = None  # None: not stepping, the whole graph shows
        self._steps: Stepper | None = None
        self.plan_made: Recommendation | None = None
        """What the last ``set_graph(plan=...)`` decided (None: no plan was asked for)."""
        self.values_choice: bool | None = None
        """Values on the graph: the user's choice (None: on for small graphs, ``auto_values``)."""
        self.last_changed: frozenset[str] | None = None
        """Graph nodes whose style the last ``stylesChanged`` changed; None: any may have."""

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
        old_selection = self.selected_members() if same_source else ()
        self.graph = graph
        if self.path != new_path or self.kind != kind:
            self.path, self.kind = new_path, kind
            self.sourceChanged.emit()
        self._modules = module_paths(graph) if graph is not None else []
        self.facts = GraphFacts(graph) if graph is not None else None
        modules = set(self._modules)
        collapsed = self.options.collapsed & modules if same_source else frozenset()
        self.options = dataclasses.replace(self.options, collapsed=frozenset(collapsed))
        if graph is not None and self.color_mode not in self.available_color_modes():
            self.color_mode = "device"
        had_step = self.step is not None
        self.step = None
        self._steps = Stepper(graph, values=self.values_shown()) if graph is not None else None
        self._layers.pop("step", None)
        self._update_values_layer()
        self._layers.pop("source", None)
        self.plan_made = None
        if plan is not None and graph is not None:
            self.plan_made = plan(graph, self.options)
            self.options = self.plan_made.options
            self.display = self.plan_made.display
            if self.display is None:
                self._rebuild_display()
        else:
            self._rebuild_display()
        self.selection = None
        for member in old_selection:
            ids = self.display.display_ids(member) if self.display else []
            if ids:
                self.selection = ids[0]
                break
        self._recompute_fills()
        self._rerun_search(jump=False)
        self.graphChanged.emit()
        self.selectionChanged.emit()
        if had_step:
            self.stepChanged.emit()

    def clear(self) -> None:
        """Forget the graph and its source."""
        self.set_graph(None, None, None)

    def _rebuild_display(self) -> None:
        self.display = build_display(self.graph, self.options, self.facts) if self.graph is not None else None

    # -- color mode and styles ----------------------------------------------------------------
    def available_color_modes(self) -> list[ColorMode]:
        """Return the color modes that make sense for the graph (a mode that needs gradients,
        ``grad``, needs a backward pass)."""
        grads = self.has_gradients()
        return [spec.key for spec in colors.COLOR_MODE_SPECS if grads or not spec.needs_gradients]

    def has_gradients(self) -> bool:
        """True when the graph carries gradients (``colors.has_grads``)."""
        return self.graph is not None and colors.has_grads(self.graph)

    def set_color_mode(self, mode: ColorMode) -> None:
        """Switch the fill colors (one of ``colors.COLOR_MODES``; ColorModeError for another);
        recolors without a new layout."""
        colors.color_mode(mode)
        if mode == self.color_mode:
            return
        self.color_mode = mode
        self._recompute_fills()
        self._styles_changed()

    def _recompute_fills(self) -> None:
        self._fills = colors.node_colors(self.graph, self.color_mode) if self.graph is not None else {}

    def fills(self) -> dict[str, str]:
        """Return the color mode's fill per graph node id."""
        return self._fills

    def set_style_layer(self, name: str, styles: dict[str, NodeStyle] | None) -> None:
        """Set (or with ``None`` remove) one named layer of per-graph-node style overrides."""
        if styles:
            self._layers[name] = dict(styles)
        elif self._layers.pop(name, None) is None:
            return
        self._styles_changed()

    def _styles_changed(self, changed: frozenset[str] | None = None) -> None:
        self.last_changed = changed
        self.stylesChanged.emit()
        self.last_changed = None

    # -- values on the graph ---------------------------------------------------------------------
    def values_shown(self) -> bool:
        """True when small tensors' values and gradients are drawn beside their nodes."""
        if self.values_choice is not None:
            return self.values_choice
        return self.graph is not None and auto_values(self.graph.number_of_nodes())

    def set_values(self, on: bool | None) -> None:
        """Draw values and gradients on the graph (None: the default for the graph's size); the
        badges are laid out with the graph, so turning them on or off lays it out again."""
        shown = self.values_shown()
        self.values_choice = on
        if self._steps is not None and self._steps.values != self.values_shown():
            self._steps = Stepper(self.graph, values=self.values_shown())
        self._update_values_layer()
        if self.step is not None:
            self.set_step(self.step.mode, self.step.index, follow=False)
        self._styles_changed()
        if self.graph is not None and self.values_shown() != shown:
            self.displayChanged.emit()  # room for the badges, or none

    def _update_values_layer(self) -> None:
        """The ``"values"`` layer: each node's Values badge with the final gradients (steps draw
        their own badges over it)."""
        self._layers.pop("values", None)
        if self.graph is None or not self.values_shown():
            return
        layer = {}
        for node, attrs in self.graph.nodes(data=True):
            badge = values_badge_message(attrs)
            if badge is not None:
                layer[node] = NodeStyle.badged(badge)
        if layer:
            self._layers["values"] = layer

    def style_layer(self, name: str) -> dict[str, NodeStyle]:
        return dict(self._layers.get(name, {}))

    def styles(self) -> dict[str, NodeStyle]:
        """Return every layer merged by priority: the overrides drawn and exported over the fills."""
        # While stepping, the step's styles carry the Values badges of that moment.
        order = sorted(
            (n for n in self._layers if not (n == "values" and self.step is not None)),
            key=lambda n: LAYER_PRIORITY.get(n, 0),
        )
        if not order:
            return {}
        merged = dict(self._layers[order[0]])  # the lowest layer needs no merging (fast steps)
        for name in order[1:]:
            for node, style in self._layers[name].items():
                merged[node] = merge_styles(merged.get(node), style)
        return merged

    # -- stepping --------------------------------------------------------------------------------
    def step_order(self, mode: str) -> list[str]:
        """Return the graph's node ids in ``mode``'s step order (computed once per graph)."""
        return self._steps.order(mode) if self._steps is not None else []

    def step_count(self, mode: str) -> int:
        return len(self.step_order(mode))

    def step_position(self, mode: str, node: str) -> int | None:
        """Return the step (0-based) at which graph node ``node`` comes in ``mode``, or None."""
        return self._steps.position(mode, node) if self._steps is not None else None

    def set_step(self, mode: str, index: int, *, follow: bool = True) -> StepView | None:
        """Show step ``index`` (0-based, clamped) of ``mode``; ``follow`` selects its node, so the
        Inspector follows the step. Recolors only: the layout stays put. Returns the step shown."""
        if self.graph is None or self._steps is None:
            return None
        count = self._steps.count(mode)
        index = max(0 if count else -1, min(index, count - 1))
        view = self._steps.view(mode, index)
        old_view, old = self.step, self._layers.get("step", {})
        new = view.styles
        self.step = view
        self._layers["step"] = new
        # Only the nodes whose step style changed are restyled: a step on a big graph stays cheap.
        if old_view is None and "values" in self._layers:
            changed = set(self.graph.nodes)  # the values layer gives way to the step's badges
        elif old_view is not None and old_view.mode == mode:
            # Within a mode only the nodes from the old step to the new one change look.
            lo, hi = sorted((max(old_view.index, 0), max(view.index, 0)))
            changed = set(self._steps.order(mode)[lo : hi + 1])
        else:
            changed = {n for n in old.keys() | new.keys() if old.get(n) != new.get(n)}
        self._styles_changed(frozenset(changed))
        if follow and view.node is not None:
            self.select_graph_node(view.node)
        self.stepChanged.emit()
        return view

    def clear_step(self) -> None:
        """Stop stepping: the whole graph shows again."""
        if self.step is None:
            return
        self.step = None
        old = self._layers.pop("step", {})
        self._styles_changed(frozenset(old) | frozenset(self._layers.get("values", {})))
        self.stepChanged.emit()

    def marked_edges(self) -> frozenset[tuple[str, str]]:
        """Return the graph edges the current step marks (gradients flowing, inputs just used)."""
        return self.step.edges if self.step is not None else frozenset()

    def stepping_backward(self) -> bool:
        return self.step is not None and self.step.mode == BACKWARD

    # -- collapse ------------------------------------------------------------------------------
    def modules(self) -> list[str]:
        """Every module path of the graph and their ancestors, parents first."""
        return list(self._modules)

    def set_collapsed(self, collapsed: frozenset[str] | set[str]) -> None:
        """Collapse exactly these module paths (each drawn as one node); relayouts."""
        collapsed = frozenset(collapsed) & frozenset(self.modules())
        if collapsed == self.options.collapsed:
            return
        members = self.selected_members()
        self.options = dataclasses.replace(self.options, collapsed=collapsed)
        self._display_changed(members)

    def collapse(self, module: str) -> None:
        self.set_collapsed(self.options.collapsed | {module})

    def expand(self, module: str) -> None:
        """Expand ``module`` and any collapsed module that contains it."""
        keep = {m for m in self.options.collapsed if not (module == m or module.startswith(m + "."))}
        self.set_collapsed(keep)

    def toggle_collapsed(self, module: str) -> None:
        if module in self.options.collapsed:
            self.expand(module)
        else:
            self.collapse(module)

    def collapse_to_depth(self, depth: int) -> None:
        """Collapse every module deeper than ``depth`` dots (0: each top-level module is one node)."""
        if self.graph is not None:
            self.set_collapsed(collapse_to_depth(self.graph, depth))

    def set_view_options(self, options: ViewOptions) -> None:
        """Show the graph as ``options`` say (collapsed modules and hub splitting at once)."""
        options = dataclasses.replace(
            options, collapsed=frozenset(options.collapsed) & frozenset(self.modules())
        )
        if options == self.options:
            return
        members = self.selected_members()
        self.options = options
        self._display_changed(members)

    def set_label_detail(self, detail: str) -> None:
        """Draw node labels with ``detail`` (``core.view.display.LABEL_DETAILS``): a new layout."""
        if detail == self.options.label_detail or detail not in LABEL_DETAILS:
            return
        members = self.selected_members()
        self.options = dataclasses.replace(self.options, label_detail=detail)
        self._display_changed(members)

    def set_rankdir(self, rankdir: str) -> None:
        """Lay the graph out top to bottom (``"TB"``) or left to right (``"LR"``): a new layout,
        the selection, search and step kept. Raises ValueError for another direction."""
        if rankdir not in RANKDIRS:
            raise ValueError(f"Unknown layout direction {rankdir!r}; use one of {', '.join(RANKDIRS)}.")
        if rankdir == self.options.rankdir:
            return
        members = self.selected_members()
        self.options = dataclasses.replace(self.options, rankdir=rankdir)
        self._display_changed(members)

    def set_split_hubs(self, on: bool) -> None:
        if on == self.options.split_hubs:
            return
        members = self.selected_members()
        self.options = dataclasses.replace(self.options, split_hubs=on)
        self._display_changed(members)

    def _display_changed(self, members: tuple[str, ...]) -> None:
        self._rebuild_display()
        old = self.selection
        self.selection = None
        for member in members:
            ids = self.display.display_ids(member) if self.display else []
            if ids:
                self.selection = ids[0]
                break
        self._rerun_search(jump=False)
        self.displayChanged.emit()
        if self.selection != old:
            self.selectionChanged.emit()

    # -- selection -----------------------------------------------------------------------------
    def select(self, display_id: str | None) -> None:
        """Select one drawn node by display id (``None`` clears)."""
        if display_id is not None and (self.display is None or display_id not in self.display.nodes):
            display_id = None
        if display_id == self.selection:
            return
        self.selection = display_id
        self.selectionChanged.emit()

    def select_graph_node(self, node: str) -> None:
        """Select the drawn node standing for graph node ``node`` (its first copy)."""
        ids = self.display.display_ids(node) if self.display else []
        self.select(ids[0] if ids else None)

    def selected_members(self) -> tuple[str, ...]:
        """Return the graph node ids the selected drawn node stands for."""
        if self.selection is None or self.display is None:
            return ()
        node = self.display.nodes.get(self.selection)
        return tuple(node.members) if node else ()

    # -- search --------------------------------------------------------------------------------
    def search(self, text: str) -> list[str]:
        """Find drawn nodes whose op, name or module contains ``text`` (any case); jump to the first."""
        self.search_text = text.strip()
        self._rerun_search(jump=True)
        self.searchChanged.emit()
        if self.matches:
            self.select(self.matches[self.match_index])
        return list(self.matches)

    def next_match(self, step: int = 1) -> str | None:
        """Move to the next (``step=-1``: previous) match, wrapping around; select and return it."""
        if not self.matches:
            return None
        self.match_index = (self.match_index + step) % len(self.matches)
        self._update_search_layer()
        self.searchChanged.emit()
        self.select(self.matches[self.match_index])
        return self.matches[self.match_index]

    def current_match(self) -> str | None:
        return self.matches[self.match_index] if 0 <= self.match_index < len(self.matches) else None

    def _rerun_search(self, jump: bool) -> None:
        current = self.current_match()
        self.matches = self._find(self.search_text) if self.search_text else []
        if jump or current not in self.matches:
            self.match_index = 0 if self.matches else -1
        else:
            self.match_index = self.matches.index(current)
        self._update_search_layer()

    def _find(self, text: str) -> list[str]:
        if self.graph is None or self.display is None:
            return []
        needle = text.lower()
        found: list[str] = []
        seen: set[str] = set()
        order = sorted(self.graph.nodes, key=lambda n: _order_key(self.graph, n))
        for node in order:
            data = self.graph.nodes[node]
            fields = (data.get("op"), data.get("name"), data.get("module"))
            if not any(needle in str(f).lower() for f in fields if f):
                continue
            for display_id in self.display.display_ids(node):
                if display_id not in seen:
                    seen.add(display_id)
                    found.append(display_id)
        for display_id, dnode in self.display.nodes.items():
            if (
                dnode.kind == "module"
                and dnode.module
                and needle in dnode.module.lower()
                and display_id not in seen
            ):
                seen.add(display_id)
                found.append(display_id)
        return found

    def match_members(self) -> set[str]:
        """Return the graph node ids behind every current search match."""
        if self.display is None:
            return set()
        return {m for d in self.matches if d in self.display.nodes for m in self.display.nodes[d].members}

    def _update_search_layer(self) -> None:
        styles: dict[str, NodeStyle] = {}
        current = self.current_match()
        if self.display is not None:
            for display_id in self.matches:
                pen = CURRENT_MATCH_PEN if display_id == current else HIGHLIGHT_PEN
                for member in self.display.nodes[display_id].members:
                    if styles.get(member, NodeStyle(pen=HIGHLIGHT_PEN)).pen != CURRENT_MATCH_PEN:
                        styles[member] = NodeStyle(pen=pen, penwidth=3.0)
        had = "search" in self._layers
        if styles:
            self._layers["search"] = styles
        else:
            self._layers.pop("search", None)
        if styles or had:
            self._styles_changed()


def _order_key(graph: nx.DiGraph, node: str) -> tuple[int, str]:
    index = graph.nodes[node].get("forward_index")
    return (index if isinstance(index, int) else 1 << 30, node)
