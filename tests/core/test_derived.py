"""Values derived from a graph (core.model.derived): computed once per graph object, and freed
with the graph."""

from __future__ import annotations

import copy
import gc
import weakref

from graphviz_app.core.model.derived import derived, release
from graphviz_app.core.view.display import GraphFacts

from .test_compose import residual_stack


def test_a_value_is_computed_once_per_graph_object() -> None:
    graph = residual_stack(stages=1, blocks=2)
    calls = []

    def count(g):
        calls.append(g)
        return g.number_of_nodes()

    assert derived(graph, count) == derived(graph, count) == graph.number_of_nodes()
    assert calls == [graph]
    other = residual_stack(stages=1, blocks=2)  # equal, another object: its own value
    derived(other, count)
    assert calls == [graph, other]


def test_a_graph_is_freed_with_the_values_that_hold_it() -> None:
    """Facts hold their graph: kept in a table outside the graph, they kept every graph ever
    shown alive (a reload of a 20,000-node graph left 95 MB behind each time)."""
    graph = residual_stack(stages=2, blocks=3)
    facts = derived(graph, GraphFacts)
    assert facts.graph is graph
    gone = weakref.ref(graph)
    del graph, facts
    gc.collect()
    assert gone() is None


def test_a_copy_of_a_graph_has_values_of_its_own() -> None:
    """A deep copy (or an unpickled graph) carries the attribute the values live in: it is not
    taken for the copy's own."""
    graph = residual_stack(stages=1, blocks=2)
    assert derived(graph, GraphFacts).graph is graph
    twin = copy.deepcopy(graph)
    assert derived(twin, GraphFacts).graph is twin


def test_a_released_graph_is_freed_by_its_last_user_without_the_collector() -> None:
    """Its values and networkx's cached views (``graph.edges`` holds its graph) make cycles: a
    graph replaced on screen would wait for a full collection, a second at 20,000 nodes."""
    kept, released = residual_stack(stages=2, blocks=3), residual_stack(stages=2, blocks=3)
    for graph in (kept, released):
        derived(graph, GraphFacts)
        assert graph.number_of_edges() and list(graph.edges) and dict(graph.degree)
    release(released)
    gone = [weakref.ref(kept), weakref.ref(released)]
    gc.disable()
    try:
        del kept, released, graph
        assert [ref() is None for ref in gone] == [False, True]
    finally:
        gc.enable()
    gc.collect()
    assert gone[0]() is None


def test_a_released_graph_makes_its_values_again_when_asked() -> None:
    graph = residual_stack(stages=1, blocks=2)
    facts = derived(graph, GraphFacts)
    release(graph)
    again = derived(graph, GraphFacts)
    assert again is not facts and again.graph is graph and list(graph.edges)
