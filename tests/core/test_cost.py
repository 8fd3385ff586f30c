"""The layout cost model on graphs built by hand: dot's ranks, cycles and predictions.

Deterministic: nothing here times anything. The estimates of graphs captured from real torch
code are tested in ``tests/test_cost_captured.py`` (tests/core needs no torch).
"""

from __future__ import annotations

from graphviz_app.core.graphviz import cost


def test_ranks_pull_inputs_next_to_their_first_use():
    # a -> b -> c -> d, and a weight w used only by d: dot puts w right above d, not at the top.
    nodes = ["a", "b", "c", "d", "w"]
    edges = [("a", "b"), ("b", "c"), ("c", "d"), ("w", "d")]
    ranks = cost.dot_ranks(nodes, edges)
    assert ranks == {"a": 0, "b": 1, "c": 2, "d": 3, "w": 2}
    assert cost.dot_ranks(nodes, edges, compact=False)["w"] == 0
    # A longer minimum length (an edge entering a cluster) stretches the ranks.
    assert cost.dot_ranks(nodes, edges, {("b", "c"): 2})["d"] == 4


def test_cycles_are_broken_as_dot_does():
    edges = [("a", "b"), ("b", "c"), ("c", "a")]
    assert cost.acyclic_edges(["a", "b", "c"], edges) == [("a", "b"), ("b", "c"), ("a", "c")]
    ranks = cost.dot_ranks(["a", "b", "c"], edges)
    assert ranks["a"] < ranks["b"] < ranks["c"]


def test_predictions_grow_with_size_and_categories_follow():
    assert cost.predict_seconds(100) < cost.predict_seconds(1000) < cost.predict_seconds(10000)
    assert cost.category_of(cost.FAST_SECONDS) == "fast"
    assert cost.category_of(cost.SLOW_SECONDS) == "slow"
    assert cost.category_of(cost.SLOW_SECONDS * 2) == "very slow"
