"""A saved graph's view (collapsed modules, colour, step) is applied only where it fits the graph."""

from __future__ import annotations

import networkx as nx
import pytest

from graphviz_app.core.view.saved_view import SavedView, saved_view


def graph_with(view: object) -> nx.DiGraph:
    graph = nx.DiGraph(view=view)
    graph.add_node("a", module="enc.0")
    graph.add_node("b", module="enc.1")
    graph.add_edge("a", "b")
    return graph


def test_a_view_saved_by_the_window_is_read_back():
    view = {
        "collapsed": ["enc.0"],
        "color": "grad",
        "step": {"mode": "backward", "index": 3, "count": 4, "node": "b"},
    }
    assert saved_view(graph_with(view)) == SavedView(frozenset({"enc.0"}), "grad", "backward", 3)


def test_full_detail_is_a_choice_too():
    assert saved_view(graph_with({"collapsed": []})).collapsed == frozenset()


@pytest.mark.parametrize(
    "view",
    [
        None,
        "collapsed",
        [],
        {"collapsed": "enc.0"},
        {"collapsed": [1, 2]},
        {"color": "rainbow"},
        {"color": 3},
        {"step": {"mode": "sideways", "index": 1}},
        {"step": {"mode": "forward", "index": -1}},
        {"step": {"mode": "forward", "index": True}},
        {"step": {"mode": "forward", "index": "2"}},
        {"step": [1]},
    ],
)
def test_what_does_not_fit_is_dropped(view):
    found = saved_view(graph_with(view))
    assert found.color is None and found.step_mode is None and found.step_index is None
    assert found.collapsed in (None, frozenset())


def test_modules_the_graph_does_not_have_are_dropped():
    found = saved_view(graph_with({"collapsed": ["enc.0", "dec.7", "enc"]}))
    assert found.collapsed == frozenset({"enc.0", "enc"})  # "enc" is enc.0's parent: a module
