"""Showing a view again (collapsing the module just expanded) takes the display graph built for
it before: a display graph depends on the graph and the view options only."""

from __future__ import annotations

from core.test_compose import residual_stack
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.core.view.view_model import DISPLAYS_KEPT, ViewModel

MODULE = "stages.1.2"


def test_a_view_shown_again_takes_its_display_graph_again() -> None:
    model = ViewModel()
    graph = residual_stack(stages=3, blocks=5)
    model.set_graph(graph)
    model.collapse(MODULE)
    collapsed = model.display
    model.expand(MODULE)
    expanded = model.display
    assert expanded is not collapsed
    model.collapse(MODULE)
    assert model.display is collapsed  # the same object: nothing built
    model.expand(MODULE)
    assert model.display is expanded
    assert model.display == build_display(graph, model.options)  # what a fresh build gives
    for depth in range(1, DISPLAYS_KEPT + 1):  # other views push the oldest out
        model.collapse_to_depth(depth)
    model.set_collapsed(frozenset({MODULE}))
    assert model.display is not collapsed
    assert model.display == build_display(graph, ViewOptions(collapsed=frozenset({MODULE})))


def test_another_graph_drops_the_display_graphs_of_the_last() -> None:
    model = ViewModel()
    first = residual_stack(stages=2, blocks=2)
    model.set_graph(first)
    shown = model.display
    second = residual_stack(stages=2, blocks=2)  # equal, but another graph
    model.set_graph(second)
    assert model.display is not shown and model.display == build_display(second, model.options)
    assert all(graph is second for graph, _, _ in model._built)


def test_a_first_expand_patches_the_display_graph_on_screen() -> None:
    """A module expanded for the first time: its display graph is made from the one on screen
    (the nodes outside the module are the same objects), and equals a build from scratch."""
    model = ViewModel()
    graph = residual_stack(stages=3, blocks=5)
    model.set_graph(graph)
    model.set_collapsed(frozenset({MODULE, "stages.2.0"}))
    before = model.display
    assert before is not None
    model.expand(MODULE)
    after = model.display
    assert after is not None and after == build_display(graph, model.options)
    outside = [did for did in before.nodes if did != "m:" + MODULE]
    assert outside and all(after.nodes[did] is before.nodes[did] for did in outside)
    # a build makes every collapsed module's node anew; the patch kept the other one's
    assert after.nodes["m:stages.2.0"] is before.nodes["m:stages.2.0"]
    assert build_display(graph, model.options).nodes["m:stages.2.0"] is not before.nodes["m:stages.2.0"]
