"""An expand or collapse places only the pieces that changed: every other module's drawing is
taken from the composition before, moved to its new place, and the picture is the one a
composition from scratch gives."""

from __future__ import annotations

from core.test_compose import residual_stack
from graphviz_app.core.graphviz.compose import ComposedLayout, Composer
from graphviz_app.core.graphviz.layout import Layout
from graphviz_app.core.view.display import ViewOptions, build_display

MODULE = "stages.1.2"
"""A block of the 3 x 5 stack, in stage ``stages.1``."""


def _assert_same_picture(layout: Layout, fresh: Layout, tolerance: float = 0.01) -> None:
    assert (layout.width, layout.height) == (fresh.width, fresh.height)
    assert layout.nodes.keys() == fresh.nodes.keys()
    for did, box in fresh.nodes.items():
        got = layout.nodes[did]
        assert (got.width, got.height) == (box.width, box.height)
        assert abs(got.x - box.x) < tolerance and abs(got.y - box.y) < tolerance, did
    assert [(c.name, c.label) for c in layout.clusters] == [(c.name, c.label) for c in fresh.clusters]
    for got, box in zip(layout.clusters, fresh.clusters):
        assert abs(got.x - box.x) < tolerance and abs(got.y - box.y) < tolerance, box.name
        assert (got.width, got.height) == (box.width, box.height)
    assert [(e.source, e.target) for e in layout.edges] == [(e.source, e.target) for e in fresh.edges]
    for got, edge in zip(layout.edges, fresh.edges):
        assert len(got.points) == len(edge.points), (edge.source, edge.target)
        for (x, y), (fx, fy) in zip(got.points, edge.points):
            assert abs(x - fx) < tolerance and abs(y - fy) < tolerance, (edge.source, edge.target)
        assert (got.arrow is None) == (edge.arrow is None)
        for (x, y), (fx, fy) in zip(got.arrow or (), edge.arrow or ()):
            assert abs(x - fx) < tolerance and abs(y - fy) < tolerance, (edge.source, edge.target)


def test_a_toggle_places_only_the_changed_pieces_and_draws_what_a_fresh_composition_draws() -> None:
    graph = residual_stack(stages=3, blocks=5)
    collapsed = build_display(graph, ViewOptions(collapsed=frozenset({MODULE})))
    expanded = build_display(graph, ViewOptions())
    composer = Composer()
    first = composer.compose(collapsed)
    assert composer.reused == 0 and composer.placed == len(collapsed.clusters) + 1  # and the top
    for display in (expanded, collapsed, expanded):
        placed, reused = composer.placed, composer.reused
        layout = composer.compose(display)
        assert isinstance(layout, ComposedLayout)
        # placed: the top, ``stages``, ``stages.1``, the blocks before and after the toggled one
        # (an edge of theirs now ends at another node) and the block itself when expanded; the
        # other blocks and stages are moved whole
        assert composer.placed - placed == (6 if display is expanded else 5)
        assert composer.reused - reused == len(display.clusters) + 1 - (composer.placed - placed)
        _assert_same_picture(layout, Composer().compose(display))
    again = composer.compose(collapsed)
    _assert_same_picture(again, first)


def test_a_drawing_that_did_not_move_is_the_same_objects() -> None:
    """Composing the same display graph twice moves nothing: every node box and cluster box
    but the top level's own is the object of the first layout."""
    graph = residual_stack(stages=3, blocks=5)
    display = build_display(graph, ViewOptions())
    composer = Composer()
    first = composer.compose(display)
    second = composer.compose(build_display(graph, ViewOptions()))
    inside = [did for did, node in display.nodes.items() if node.cluster is not None]
    assert inside and all(second.nodes[did] is first.nodes[did] for did in inside)
    nested = [c for c in second.clusters if "." in c.name]
    assert nested and all(any(c is old for old in first.clusters) for c in nested)
    _assert_same_picture(second, Composer().compose(display))
