"""The view model: how one graph is viewed (styles, search, step, collapse, selection), no Qt.

A :class:`ViewModel` holds a graph and everything the user chose about seeing it: the colour
mode and the style layers stacked over its fills, the search and its current match, the step
shown, the collapsed modules and other view options, and the selection (one drawn node, or one
drawn edge). Every method that changes something returns a :class:`Change` saying what changed
and hands it to the subscribers (:meth:`ViewModel.subscribe`), so whoever shows it (the window's
``Document``, which turns it into Qt signals) redraws only that: a new layout for a new display
graph, a recolour for new styles, a refresh for a new selection.

Per-node styles come in named *layers* (:meth:`ViewModel.set_style_layer`) stacked over the
colour mode's fills by priority (:data:`LAYER_PRIORITY`): search highlighting is one, a step is
``"step"``, the Values badges are ``"values"``, the Source panel's line is ``"source"``, the node
where backward failed is outlined by ``"failure"``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Concatenate, ParamSpec

import networkx as nx

from ...wire.gc_pause import gc_paused
from ..model.derived import derived, release
from ..model.topology import collapse_to_depth, is_under, module_paths
from ..model.values import auto_values, values_badge_message
from . import colors
from .chain_rule import backward_failure
from .colors import ColorMode
from .display import (
    LABEL_DETAILS,
    DisplayEdge,
    DisplayGraph,
    GraphFacts,
    ViewOptions,
    build_display,
)
from .display_patch import toggled_display
from .look import FAILED_PEN, FAILED_PEN_WIDTH, NodeStyle, ViewState
from .stepping import BACKWARD, Stepper, StepView

HIGHLIGHT_PEN = "#ff00ff"
"""Outline of search matches: magenta is absent from every device/op palette."""
CURRENT_MATCH_PEN = "#d40000"

LAYER_PRIORITY = {"values": 5, "failure": 7, "step": 10, "source": 15, "search": 20}
"""Known style layers, lowest first; unknown layers sit at priority 0."""

Plan = Callable[[nx.DiGraph, ViewOptions], tuple[ViewOptions, DisplayGraph | None]]
"""Decides the view options of a new graph (and may hand over the display graph it built)."""
Subscriber = Callable[["Change"], None]
"""Told what each call that changed something changed (:meth:`ViewModel.subscribe`)."""
P = ParamSpec("P")


def stepper(graph: nx.DiGraph, values: bool) -> Stepper:
    """The :class:`Stepper` of ``graph`` (made once per graph through :func:`derived`)."""
    return Stepper(graph, values=values)


@dataclass(frozen=True)
class Change:
    """What one call changed; falsy when nothing did. ``a | b``: both changes."""

    graph: bool = False
    """Another graph (or none): everything rebuilds."""
    display: bool = False
    """What is drawn changed shape (collapse, hub splitting, labels, direction): a new layout."""
    styles: bool = False
    """Fills or style layers changed: a recolour, never a new layout."""
    restyled: frozenset[str] | None = None
    """With ``styles``: the graph nodes whose style changed (None: any may have)."""
    selection: bool = False
    """The selected node or edge changed."""
    search: bool = False
    """The search text, its matches or the current match changed."""
    step: bool = False
    """The step shown changed (or stepping started or stopped)."""

    def __bool__(self) -> bool:
        return any(getattr(self, flag) for flag in _FLAGS)

    def __or__(self, other: Change) -> Change:
        if self.styles and other.styles:
            restyled = (
                None if self.restyled is None or other.restyled is None else self.restyled | other.restyled
            )
        else:
            restyled = self.restyled if self.styles else other.restyled
        return Change(
            restyled=restyled, **{flag: getattr(self, flag) or getattr(other, flag) for flag in _FLAGS}
        )


_FLAGS = ("graph", "display", "styles", "selection", "search", "step")
"""The fields of a :class:`Change` that say what changed (``restyled`` details ``styles``)."""
NOTHING = Change()
STYLES = Change(styles=True)
SELECTION = Change(selection=True)


def merge_styles(lower: NodeStyle | None, upper: NodeStyle) -> NodeStyle:
    """Return ``upper`` laid over ``lower``: each field of ``upper`` left at its default keeps ``lower``'s."""
    if lower is None:
        return upper
    fields = dataclasses.fields(NodeStyle)  # (every field has a default)
    return dataclasses.replace(
        lower, **{f.name: v for f in fields if (v := getattr(upper, f.name)) != f.default}
    )


def announced(
    method: Callable[Concatenate[ViewModel, P], Change],
) -> Callable[Concatenate[ViewModel, P], Change]:
    """Hand what ``method`` changed to the subscribers, once per outermost call: the calls it
    makes itself (a search selecting its first match) are part of its change."""

    @functools.wraps(method)
    def call(model: ViewModel, /, *args: P.args, **kwargs: P.kwargs) -> Change:
        model._depth += 1
        try:
            change = method(model, *args, **kwargs)
        finally:
            model._depth -= 1
        if change and not model._depth:
            for subscriber in list(model._subscribers):
                subscriber(change)
        return change

    return call


DISPLAYS_KEPT = 3
"""Display graphs kept for views shown again (each 5-10 MB at 20,000 nodes: their DisplayNodes
are shared)."""


def _patched(
    built: list[tuple[nx.DiGraph, ViewOptions, DisplayGraph]],
    options: ViewOptions,
    facts: GraphFacts | None,
    most: int | None = None,
) -> DisplayGraph | None:
    """The display graph under ``options`` made from one of ``built`` (a view model's kept
    display graphs of its graph) that differs by the expand or collapse of one module, of at
    most ``most`` graph nodes (:func:`.display_patch.toggled_display`: a few ms for a block
    instead of a whole build), or None."""
    if facts is None:
        return None
    for _, built_options, display in built:
        changed = built_options.collapsed ^ options.collapsed
        if len(changed) != 1:
            continue
        if most is not None and len(facts.members_under(next(iter(changed)))) > most:
            continue
        made = toggled_display(display, built_options, options, facts)
        if made is not None:
            return made
    return None


class ViewModel:
    """One graph and how it is viewed; each change returns a :class:`Change`."""

    def __init__(self) -> None:
        self.graph: nx.DiGraph | None = None
        self.color_mode: ColorMode = "device"
        self.options = ViewOptions()
        self.display: DisplayGraph | None = None
        self.facts: GraphFacts | None = None
        """The graph's facts, kept so a new view builds its display graph quickly."""
        self._built: list[tuple[nx.DiGraph, ViewOptions, DisplayGraph]] = []
        """The last display graphs built, newest first, with the graph and options they are of:
        collapsing a module just expanded (or the reverse) takes its display graph again."""
        self._modules: list[str] = []
        self.selection: str | None = None
        """The selected drawn node (display id)."""
        self.selected_edge: DisplayEdge | None = None
        """The selected drawn edge (never together with a selected node)."""
        self.search_text = ""
        self.matches: list[str] = []
        """Display ids of the search's matches, in the graph's creation order."""
        self.match_index = -1
        self._layers: dict[str, dict[str, NodeStyle]] = {}
        self._fills: dict[str, str] = {}
        self.step: StepView | None = None
        """The step shown (None: not stepping, the whole graph shows)."""
        self._steps: Stepper | None = None
        self.values_choice: bool | None = None
        """Values on the graph: the user's choice (None: on for small graphs, ``auto_values``)."""
        self._subscribers: list[Subscriber] = []
        self._depth = 0
        """Calls under way (a change is announced when the outermost one returns)."""

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber`` with the :class:`Change` of every call that changes something,
        after the call; returns the function that unsubscribes it."""
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._subscribers.remove(subscriber)

        return unsubscribe

    # -- graph ----------------------------------------------------------------------------------
    @announced
    def set_graph(self, graph: nx.DiGraph | None, *, keep: bool = False, plan: Plan | None = None) -> Change:
        """Show ``graph``. ``keep`` (a reload of the same source) keeps the view state that still
        applies (collapsed modules still present, the selection by its graph nodes); the colour
        mode and the search are kept either way. ``plan`` decides the view options before the
        display graph is built (a big graph opens collapsed), so one display graph is built."""
        old_selection = self.selected_members() if keep else ()
        if self.graph is not None and self.graph is not graph:
            release(self.graph)  # freed once its last user lets go, not by a full collection
        self.graph = graph
        self._built = [built for built in self._built if built[0] is graph]  # an old graph goes
        self._modules = derived(graph, module_paths) if graph is not None else []
        self.facts = derived(graph, GraphFacts) if graph is not None else None
        collapsed = self.options.collapsed & set(self._modules) if keep else frozenset()
        self.options = dataclasses.replace(self.options, collapsed=frozenset(collapsed))
        if graph is not None and self.color_mode not in self.available_color_modes():
            self.color_mode = "device"
        had_step = self.step is not None
        self.step = None
        self._steps = derived(graph, stepper, self.values_shown()) if graph is not None else None
        self._layers.pop("step", None)
        self._update_values_layer()
        self._update_failure_layer()
        self._layers.pop("source", None)
        self.display = None
        made = None
        if plan is not None and graph is not None:
            self.options, made = plan(graph, self.options)
        self._rebuild_display(made)  # kept, so that the first expand is a patch of it
        self.selected_edge = None
        self.selection = self._first_drawn(old_selection)
        self._recompute_fills()
        change = Change(graph=True, selection=True, step=had_step)
        return change | self._rerun_search(jump=False)

    def _rebuild_display(self, made: DisplayGraph | None = None) -> None:
        """Make the display graph of the graph under the options (``made``: the one
        :meth:`display_maker`'s function made for them)."""
        graph, options = self.graph, self.options
        self._built = [built for built in self._built if built[0] is graph]  # none of an old graph
        if graph is None:
            self.display = None
            return
        self.display = made if made is not None else self.quick_display(options)
        if self.display is None:
            self.display = self.display_maker(options)()
        self._built = [(graph, options, self.display), *self._built[: DISPLAYS_KEPT - 1]]

    def quick_display(self, options: ViewOptions, *, most: int | None = None) -> DisplayGraph | None:
        """The display graph under ``options`` if it comes at once: one built before, or one that
        differs from a kept one by the expand or collapse of one module (None: a whole build).
        ``most``: not the toggle of a module of more graph nodes than this (its patch takes as
        long as a build: :meth:`display_maker`'s function makes it, off the GUI thread)."""
        graph = self.graph
        for built_graph, built_options, display in self._built:
            if built_graph is graph and built_options == options:
                return display  # a display graph depends on the graph and options only
        return _patched(self._built, options, self.facts, most)

    def display_maker(self, options: ViewOptions) -> Callable[[], DisplayGraph]:
        """A function that makes the display graph of the current graph under ``options`` (a
        patch of a kept one, else a build from scratch) and touches nothing else, so it can run
        on another thread (a 20,000-node graph takes 0.3-0.6 s); :meth:`set_view_options` then
        takes what it made."""
        graph, facts, built = self.graph, self.facts, list(self._built)
        if graph is None:
            raise ValueError("no graph to build a display graph of")

        def make() -> DisplayGraph:
            with gc_paused():
                display = _patched(built, options, facts) or build_display(graph, options, facts)
                # long-lived: frozen before the collector is back, the collection the next
                # allocation starts does not scan it (~25 ms at 20,000 nodes)
                gc.freeze()
            return display

        return make

    def _first_drawn(self, members: Iterable[str]) -> str | None:
        """The display id of the first of these graph nodes that is drawn (None: none is)."""
        drawn = (self.display.display_ids(member) for member in members) if self.display else ()
        return next((ids[0] for ids in drawn if ids), None)

    # -- colour mode and styles ----------------------------------------------------------------
    def available_color_modes(self) -> list[ColorMode]:
        """Return the colour modes that make sense for the graph (``grad`` needs a backward
        pass, ``memory`` the kept bytes measured, ``time`` the times: ``ColorModeSpec.offered``)."""
        graph = self.graph
        return [
            spec.key
            for spec in colors.COLOR_MODE_SPECS
            if (graph is not None and spec.offered(graph)) or (graph is None and spec.needs is None)
        ]

    def has_gradients(self) -> bool:
        """True when the graph carries gradients (``colors.has_grads``)."""
        return self.graph is not None and derived(self.graph, colors.has_grads)

    @announced
    def set_color_mode(self, mode: ColorMode) -> Change:
        """Switch the fills (one of ``colors.COLOR_MODES``; ColorModeError for another): a recolour."""
        colors.color_mode(mode)
        if mode == self.color_mode:
            return NOTHING
        self.color_mode = mode
        self._recompute_fills()
        return STYLES

    def _recompute_fills(self) -> None:
        self._fills = colors.node_colors(self.graph, self.color_mode) if self.graph is not None else {}

    def fills(self) -> dict[str, str]:
        """Return the colour mode's fill per graph node id."""
        return self._fills

    @announced
    def set_style_layer(self, name: str, styles: dict[str, NodeStyle] | None) -> Change:
        """Set (or with ``None`` remove) one named layer of per-graph-node style overrides."""
        if styles:
            self._layers[name] = dict(styles)
        elif self._layers.pop(name, None) is None:
            return NOTHING
        return STYLES

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

    def look_state(self) -> ViewState:
        """The look's inputs (:mod:`.look`): fills, merged styles, selection, the step's edges."""
        edge = self.selected_edge
        return ViewState(
            self.fills(),
            self.styles(),
            self.selection,
            self.marked_edges(),
            self.stepping_backward(),
            selected_edge=(edge.source, edge.target) if edge is not None else None,
        )

    # -- values on the graph ---------------------------------------------------------------------
    def values_shown(self) -> bool:
        """True when small tensors' values and gradients are drawn beside their nodes."""
        if self.values_choice is not None:
            return self.values_choice
        return self.graph is not None and auto_values(self.graph.number_of_nodes())

    @announced
    def set_values(self, on: bool | None) -> Change:
        """Draw values and gradients on the graph (None: the default for the graph's size); the
        badges are laid out with the graph, so turning them on or off lays it out again."""
        shown = self.values_shown()
        self.values_choice = on
        if self._steps is not None and self._steps.values != self.values_shown():
            self._steps = derived(self.graph, stepper, self.values_shown())
        self._update_values_layer()
        change = STYLES
        if self.step is not None:
            change = self.set_step(self.step.mode, self.step.index, follow=False) | change
        if self.graph is not None and self.values_shown() != shown:
            change |= Change(display=True)  # room for the badges, or none
        return change

    def _update_values_layer(self) -> None:
        """The ``"values"`` layer: each node's Values badge with the final gradients (steps draw
        their own badges over it)."""
        self._layers.pop("values", None)
        if self.graph is None or not self.values_shown():
            return
        layer = {
            node: NodeStyle.badged(badge)
            for node, attrs in self.graph.nodes(data=True)
            if (badge := values_badge_message(attrs)) is not None
        }
        if layer:
            self._layers["values"] = layer

    def _update_failure_layer(self) -> None:
        """The ``"failure"`` layer: the node where the captured backward failed, outlined."""
        self._layers.pop("failure", None)
        failed = backward_failure(self.graph) if self.graph is not None else None
        if failed is not None:
            self._layers["failure"] = {failed.node: NodeStyle(pen=FAILED_PEN, penwidth=FAILED_PEN_WIDTH)}

    # -- stepping --------------------------------------------------------------------------------
    def step_order(self, mode: str) -> list[str]:
        """Return the graph's node ids in ``mode``'s step order (computed once per graph)."""
        return self._steps.order(mode) if self._steps is not None else []

    def step_count(self, mode: str) -> int:
        return len(self.step_order(mode))

    @announced
    def set_step(self, mode: str, index: int, *, follow: bool = True) -> Change:
        """Show step ``index`` (0-based, clamped) of ``mode``; ``follow`` selects its node. A
        recolour of only the nodes whose step style changed: a step on a big graph stays cheap."""
        if self.graph is None or self._steps is None:
            return NOTHING
        count = self._steps.count(mode)
        index = max(0 if count else -1, min(index, count - 1))
        view = self._steps.view(mode, index)
        old_view, old = self.step, self._layers.get("step", {})
        new = view.styles
        self.step = view
        self._layers["step"] = new
        if old_view is None and "values" in self._layers:
            changed = set(self.graph.nodes)  # the values layer gives way to the step's badges
        elif old_view is not None and old_view.mode == mode:
            # Within a mode only the nodes from the old step to the new one change look.
            lo, hi = sorted((max(old_view.index, 0), max(view.index, 0)))
            changed = set(self._steps.order(mode)[lo : hi + 1])
        else:
            changed = {n for n in old.keys() | new.keys() if old.get(n) != new.get(n)}
        change = Change(styles=True, restyled=frozenset(changed), step=True)
        if follow and view.node is not None:
            change |= self.select_graph_node(view.node)
        return change

    @announced
    def clear_step(self) -> Change:
        """Stop stepping: the whole graph shows again."""
        if self.step is None:
            return NOTHING
        self.step = None
        old = self._layers.pop("step", {})
        restyled = frozenset(old) | frozenset(self._layers.get("values", {}))
        return Change(styles=True, restyled=restyled, step=True)

    def marked_edges(self) -> frozenset[tuple[str, str]]:
        """Return the graph edges the current step marks (gradients flowing, inputs just used)."""
        return self.step.edges if self.step is not None else frozenset()

    def stepping_backward(self) -> bool:
        return self.step is not None and self.step.mode == BACKWARD

    # -- collapse and other view options ---------------------------------------------------------
    def modules(self) -> list[str]:
        """Every module path of the graph and their ancestors, parents first."""
        return list(self._modules)

    @announced
    def set_collapsed(self, collapsed: frozenset[str] | set[str]) -> Change:
        """Collapse exactly these module paths (each drawn as one node): a new layout."""
        collapsed = frozenset(collapsed) & frozenset(self._modules)
        return self.set_view_options(dataclasses.replace(self.options, collapsed=collapsed))

    @announced
    def collapse(self, module: str) -> Change:
        return self.set_view_options(self.collapsing(module))

    @announced
    def expand(self, module: str) -> Change:
        """Expand ``module`` and any collapsed module that contains it."""
        return self.set_view_options(self.expanding(module))

    def collapsing(self, module: str) -> ViewOptions:
        """The options with ``module`` collapsed too (:meth:`collapse` shows them)."""
        return self.view_options(
            dataclasses.replace(self.options, collapsed=self.options.collapsed | {module})
        )

    def expanding(self, module: str) -> ViewOptions:
        """The options with ``module`` and any collapsed module containing it expanded
        (:meth:`expand` shows them)."""
        keep = frozenset(m for m in self.options.collapsed if not is_under(module, m))
        return self.view_options(dataclasses.replace(self.options, collapsed=keep))

    @announced
    def collapse_to_depth(self, depth: int) -> Change:
        """Show modules down to ``depth`` levels (1: each top-level module is one node, 0: none
        collapsed)."""
        if self.graph is None:
            return NOTHING
        return self.set_collapsed(collapse_to_depth(self.graph, depth))

    @announced
    def set_label_detail(self, detail: str) -> Change:
        """Draw node labels with ``detail`` (``core.view.display.LABEL_DETAILS``): a new layout."""
        if detail not in LABEL_DETAILS:
            return NOTHING
        return self.set_view_options(dataclasses.replace(self.options, label_detail=detail))

    @announced
    def set_rankdir(self, rankdir: str) -> Change:
        """Lay the graph out top to bottom (``"TB"``) or left to right (``"LR"``): a new layout,
        the selection, search and step kept. Raises ValueError for another direction."""
        return self.set_view_options(dataclasses.replace(self.options, rankdir=rankdir))

    @announced
    def set_split_hubs(self, on: bool) -> Change:
        return self.set_view_options(dataclasses.replace(self.options, split_hubs=on))

    def view_options(self, options: ViewOptions) -> ViewOptions:
        """``options`` as :meth:`set_view_options` takes them: only the graph's modules collapsed."""
        return dataclasses.replace(options, collapsed=frozenset(options.collapsed) & frozenset(self._modules))

    @announced
    def set_view_options(self, options: ViewOptions, *, made: DisplayGraph | None = None) -> Change:
        """Show the graph as ``options`` say (collapsed modules, hub splitting, labels... at once):
        a new display graph (``made``: the one a :meth:`display_maker` function made for these
        options); the selection follows its graph nodes, the search is run again."""
        options = self.view_options(options)
        if options == self.options:
            return NOTHING
        members = self.selected_members()
        edges = self.selected_edge.graph_edges if self.selected_edge is not None else ()
        self.options = options
        self._rebuild_display(made)
        old, old_edge = self.selection, self.selected_edge
        self.selection = self._first_drawn(members)
        self.selected_edge = self._edge_carrying(edges)
        change = Change(display=True) | self._rerun_search(jump=False)
        if self.selection != old or self.selected_edge != old_edge:
            change |= SELECTION
        return change

    def _edge_carrying(self, graph_edges: Iterable[tuple[str, str]]) -> DisplayEdge | None:
        """The drawn edge that stands for any of these graph edges (None: none does)."""
        wanted = set(graph_edges)
        if not wanted or self.display is None:
            return None
        return next((e for e in self.display.edges if wanted.intersection(e.graph_edges)), None)

    # -- selection -----------------------------------------------------------------------------
    @announced
    def select(self, display_id: str | None) -> Change:
        """Select one drawn node by display id (``None`` clears the selection, an edge's too)."""
        if display_id is not None and (self.display is None or display_id not in self.display.nodes):
            display_id = None
        if display_id == self.selection and self.selected_edge is None:
            return NOTHING
        self.selection = display_id
        self.selected_edge = None
        return SELECTION

    @announced
    def select_graph_node(self, node: str) -> Change:
        """Select the drawn node standing for graph node ``node`` (its first copy)."""
        ids = self.display.display_ids(node) if self.display else []
        return self.select(ids[0] if ids else None)

    @announced
    def select_edge(self, source: str, target: str) -> Change:
        """Select the drawn edge from display node ``source`` to ``target`` (the selected node
        lets go); an edge that is not drawn clears the selection."""
        edge = None
        if self.display is not None:
            edge = next((e for e in self.display.edges if (e.source, e.target) == (source, target)), None)
        if edge is None:
            return self.select(None)
        if edge == self.selected_edge and self.selection is None:
            return NOTHING
        self.selection = None
        self.selected_edge = edge
        return SELECTION

    def selected_members(self) -> tuple[str, ...]:
        """Return the graph node ids the selected drawn node stands for."""
        if self.selection is None or self.display is None:
            return ()
        node = self.display.nodes.get(self.selection)
        return tuple(node.members) if node else ()

    def selected_graph_edges(self) -> tuple[tuple[str, str], ...]:
        """Return the graph edges (producer, consumer) the selected drawn edge stands for."""
        return self.selected_edge.graph_edges if self.selected_edge is not None else ()

    # -- search --------------------------------------------------------------------------------
    @announced
    def search(self, text: str) -> Change:
        """Find drawn nodes whose op, name or module contains ``text`` (any case); select the first."""
        self.search_text = text.strip()
        change = self._rerun_search(jump=True) | Change(search=True)
        if self.matches:
            change |= self.select(self.matches[self.match_index])
        return change

    @announced
    def next_match(self, step: int = 1) -> Change:
        """Move to the next (``step=-1``: previous) match, wrapping around, and select it."""
        if not self.matches:
            return NOTHING
        self.match_index = (self.match_index + step) % len(self.matches)
        change = self._update_search_layer() | Change(search=True)
        return change | self.select(self.matches[self.match_index])

    def current_match(self) -> str | None:
        return self.matches[self.match_index] if 0 <= self.match_index < len(self.matches) else None

    def _rerun_search(self, jump: bool) -> Change:
        current = self.current_match()
        self.matches = self._find(self.search_text) if self.search_text else []
        if jump or current not in self.matches:
            self.match_index = 0 if self.matches else -1
        else:
            self.match_index = self.matches.index(current)
        return self._update_search_layer()

    def _find(self, text: str) -> list[str]:
        if self.graph is None or self.display is None:
            return []
        graph = self.graph
        needle = text.lower()
        found: dict[str, None] = {}  # display ids in the order found, each once
        for node in sorted(graph.nodes, key=lambda n: _order_key(graph, n)):
            data = graph.nodes[node]
            fields = (data.get("op"), data.get("name"), data.get("module"))
            if any(needle in str(f).lower() for f in fields if f):
                found.update(dict.fromkeys(self.display.display_ids(node)))
        modules = self.display.nodes.items()
        found.update(
            (did, None)
            for did, dnode in modules
            if dnode.module and needle in dnode.module.lower() and dnode.kind == "module"
        )
        return list(found)

    def _update_search_layer(self) -> Change:
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
        return STYLES if styles or had else NOTHING


def _order_key(graph: nx.DiGraph, node: str) -> tuple[int, str]:
    index = graph.nodes[node].get("forward_index")
    return (index if isinstance(index, int) else 1 << 30, node)
