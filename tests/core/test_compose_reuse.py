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


def test_the_same_view_again_places_only_the_top_level() -> None:
    """Composing an equal display graph again draws no module anew: each keeps its drawing
    (relative to its frame) and only the top level is placed."""
    graph = residual_stack(stages=3, blocks=5)
    display = build_display(graph, ViewOptions())
    composer = Composer()
    first = composer.compose(display)
    placed, runs = composer.placed, composer.dot_runs
    second = composer.compose(build_display(graph, ViewOptions()))
    assert composer.placed - placed == 1 and composer.dot_runs == runs
    assert isinstance(first, ComposedLayout) and isinstance(second, ComposedLayout)
    assert second.subtrees == first.subtrees
    _assert_same_picture(second, Composer().compose(display))


def test_each_home_lists_its_nodes_and_edges() -> None:
    """A composed layout says which nodes and edges each module's frame holds (the window
    moves a kept frame and touches nothing inside it)."""
    graph = residual_stack(stages=3, blocks=5)
    display = build_display(graph, ViewOptions(collapsed=frozenset({MODULE})))
    layout = Composer().compose(display)
    assert isinstance(layout, ComposedLayout)
    for home in [None, *display.clusters]:
        assert sorted(layout.nodes_in(home)) == sorted(
            d for d, n in display.nodes.items() if n.cluster == home
        )
        assert list(layout.edges_in(home)) == [i for i, h in enumerate(layout.edge_homes) if h == home]
    assert sum(len(layout.edges_in(h)) for h in [None, *display.clusters]) == len(display.edges)
    assert "stages.1.1" in layout.edge_homes  # edges inside a block live in its frame


def test_toggle_after_toggle_draws_what_a_fresh_composition_draws() -> None:
    """Random expands and collapses (display graphs patched as the window patches them): each
    composition that plans only what changed draws the picture of one from scratch."""
    import random

    from core.graphs import transformer_like
    from graphviz_app.core.model.topology import module_paths
    from graphviz_app.core.view.display import GraphFacts
    from graphviz_app.core.view.display_patch import toggled_display

    for graph in (residual_stack(stages=3, blocks=4), transformer_like(layers=3)):
        facts, modules = GraphFacts(graph), module_paths(graph)
        rng = random.Random(7)
        options = ViewOptions()
        display = build_display(graph, options, facts)
        composer, fresh = Composer(), Composer()
        composer.compose(display)
        for _ in range(10):
            after = options.toggled(rng.choice(modules))
            display = toggled_display(display, options, after, facts) or build_display(graph, after, facts)
            options = after
            if not display.clusters:
                continue
            layout = composer.compose(display)
            fresh.pieces, fresh._plan = composer.pieces, None  # the same pieces, planned whole
            _assert_same_picture(layout, fresh.compose(display))


def test_the_levels_of_a_toggle_are_laid_out_by_dot_started_ahead(monkeypatch) -> None:
    """A toggle lays its levels out one after another (a parent needs its children's sizes);
    each level's ``dot`` is started, and has laid out ``WARM_PIECE``, while the plan is made or
    the level before runs (about 18 ms of a 24 ms run is ``dot`` loading). None is left running,
    and the drawing is a fresh composition's."""
    from graphviz_app.core.graphviz import compose as compose_module
    from graphviz_app.core.graphviz.layout import LayoutJob

    started: list[LayoutJob] = []

    class Recorded(LayoutJob):
        def start(self, warm_up: bytes | None = None) -> None:
            assert self.dot_text == ""  # before its text is known
            super().start(warm_up)
            started.append(self)

    monkeypatch.setattr(compose_module, "LayoutJob", Recorded)
    graph = residual_stack(stages=3, blocks=5)
    composer = Composer()
    composer.compose(build_display(graph, ViewOptions()))
    started.clear()
    collapsed = build_display(graph, ViewOptions(collapsed=frozenset({"stages.1.2"})))
    runs = composer.dot_runs
    laid = composer.compose(collapsed)
    # stages.1, stages and the top level: three levels, three pieces, each in a dot started ahead
    assert composer.dot_runs - runs == 3
    assert len(started) == 3 and all(job.dot_text for job in started)
    assert composer._spare is None
    for job in started:
        assert job._proc is not None and job._proc.wait(timeout=10) == 0
    _assert_same_picture(laid, Composer().compose(collapsed))
    # the same view again: every piece is known, and the dot started ahead is ended unused
    started.clear()
    runs = composer.dot_runs
    composer.compose(collapsed)
    assert composer.dot_runs == runs and len(started) == 1 and not started[0].dot_text
    assert composer._spare is None and started[0]._proc is not None
    assert started[0]._proc.wait(timeout=10) != 0  # killed
