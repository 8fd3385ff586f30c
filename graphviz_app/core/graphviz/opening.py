"""A new graph's first view, planned and made ready before the window takes the graph.

Opening a big graph asks much of pure Python: the view plan (:func:`~.cost.recommend`, the
readable depth of :func:`~graphviz_app.core.view.first_view.first_view`), the graph's facts, the
display graph, the fills and step orders, the panels' rows. :func:`prepare_view` computes them
all on the thread that read the graph (through :func:`~graphviz_app.core.model.derived.derived`,
so the window then finds each one made), and :class:`PreparedView` carries the plan to the
window, which uses it when the view options it would plan for are those it was planned for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from ...wire.gc_pause import freeze_new, gc_paused
from ..model import derived as derived_values
from ..model.derived import derived
from ..model.topology import module_paths
from ..model.values import auto_values
from ..view import colors, look
from ..view.display import GraphFacts, ViewOptions, build_display
from ..view.first_view import FirstView, first_view
from ..view.stepping import MODES
from ..view.view_model import stepper
from .cost import Recommendation, recommend


def edge_count(graph: nx.DiGraph) -> int:
    """The graph's number of edges (networkx counts them anew on each call: made once here)."""
    return len(graph.edges)  # (a fifth of number_of_edges()'s 34 ms at 100,000 edges)


@dataclass(frozen=True)
class PlanSettings:
    """What the window's plan of a new view depends on besides the graph (read on the GUI
    thread, so the plan itself can run anywhere)."""

    budget: float
    """Seconds a layout may take (Preferences)."""
    readable: bool = True
    """Open a big graph collapsed to the deepest readable depth (Preferences)."""
    view_size: tuple[float, float] = (1000.0, 650.0)
    """The canvas's size in pixels."""
    collapsed: frozenset[str] | None = None
    """The modules a saved graph was exported with collapsed (None: plan the first view)."""


def plan_view(
    graph: nx.DiGraph, options: ViewOptions, settings: PlanSettings
) -> tuple[Recommendation, FirstView | None]:
    """The view of a new graph: what can be afforded (:func:`~.cost.recommend`), then what can
    be read (the readable first view, unless turned off or the file says what was collapsed).
    Returns the plan (its ``display`` None where the readable depth changed the options) and the
    first view that changed them (None: it changed nothing)."""
    if settings.collapsed is not None:
        chosen = dataclasses.replace(options, collapsed=settings.collapsed)
        return recommend(graph, chosen, budget=settings.budget, composed=True), None
    plan = recommend(graph, options, budget=settings.budget, composed=True)
    if not settings.readable:
        return plan, None
    view = first_view(graph, plan.options, settings.view_size, max_depth=plan.collapse_depth)
    if not view.changed:
        return plan, None
    return dataclasses.replace(plan, options=view.options, display=None), view


@dataclass(frozen=True)
class PreparedView:
    """A new graph's view, planned on the thread that read it (:func:`prepare_view`)."""

    options: ViewOptions
    """The options it was planned for (the document's, its collapsed modules kept or not)."""
    plan: Recommendation
    """The plan, its display graph built."""
    first: FirstView | None
    """The readable first view that changed the options (None: none did)."""


def start_options(graph: nx.DiGraph, options: ViewOptions, *, keep: bool) -> ViewOptions:
    """The options a new graph's plan starts from, as the view model makes them: the current
    ones, with the collapsed modules still present kept on a reload (``keep``), none otherwise."""
    modules = set(derived(graph, module_paths))
    collapsed = options.collapsed & modules if keep else frozenset()
    return dataclasses.replace(options, collapsed=frozenset(collapsed))


def prepare_view(
    graph: nx.DiGraph,
    options: ViewOptions,
    settings: PlanSettings,
    *,
    keep: bool = False,
    mode: str = "device",
    values: bool | None = None,
    extra: Iterable[derived_values.Warmer] = (),
) -> PreparedView:
    """Plan ``graph``'s view and compute what showing it needs (facts, display graph, fills of
    colour ``mode``, step orders, every registered panel value and ``extra``), for a view model
    whose options are ``options`` (``keep``: the graph reloads the same source) and whose Values
    choice is ``values``. Call it on a thread; nothing here touches Qt."""
    with gc_paused():  # many new objects, no cycles (see gc_pause)
        start = start_options(graph, options, keep=keep)
        facts = derived(graph, GraphFacts)
        plan, first = plan_view(graph, start, settings)
        display = plan.display
        if display is None:
            display = build_display(graph, plan.options, facts)
            plan = dataclasses.replace(plan, display=display)
        facts.prepare_toggles()
        for spec in colors.COLOR_MODE_SPECS:  # what each mode needs (gradients, bytes, times)
            spec.offered(graph)
        fills = colors.node_colors(graph, mode)
        for node in display.nodes.values():  # a big module's majority fill, counted once
            look.node_fill(node, fills)
        derived(graph, edge_count)
        derived(graph, colors.legend, mode)
        derived(graph, colors.transfer_edges)
        shown = values if values is not None else auto_values(graph.number_of_nodes())
        steps = derived(graph, stepper, shown)
        for step_mode in MODES:
            steps.order(step_mode)
        derived_values.prepare(graph, extra)
        freeze_new()
    return PreparedView(start, plan, first)
