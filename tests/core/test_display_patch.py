"""An expand or collapse applied to the display graph (core.view.display_patch) gives exactly
the display graph a build from scratch gives: the same nodes, edges and clusters, in the same
order, toggle after toggle."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from graphviz_app.core.model.topology import ancestors, module_paths
from graphviz_app.core.view.display import DisplayGraph, GraphFacts, ViewOptions, build_display
from graphviz_app.core.view.display_patch import PATCH_SHARE, toggled_display

from .graphs import GraphBuilder, gru_like, nested_modules, rnn_like, shared_leaf_chain, transformer_like
from .test_compose import residual_stack


def _same(patched: DisplayGraph, fresh: DisplayGraph) -> None:
    assert list(patched.nodes.items()) == list(fresh.nodes.items())
    assert patched.edges == fresh.edges
    assert list(patched.clusters.items()) == list(fresh.clusters.items())
    assert patched._index == fresh._index
    assert (patched.loose_modules, patched.rankdir) == (fresh.loose_modules, fresh.rankdir)


def leaf_only_modules() -> nx.DiGraph:
    """Parameters tagged with their module, the ops using them not; one real block."""
    b = GraphBuilder()
    h = b.leaf("x")
    for i in range(3):
        w = b.leaf(f"blocks.{i}.w", module=f"blocks.{i}")
        h = b.op("MulBackward0", h, w)
    h = b.op("ReluBackward0", h, module="head")
    h = b.op("TanhBackward0", h, module="head.inner")
    return b.build(b.op("SumBackward0", h, name="loss"))


GRAPHS = {
    "residual": lambda: residual_stack(stages=3, blocks=4),
    "transformer": lambda: transformer_like(layers=3),
    "nested": nested_modules,
    "rnn": lambda: rnn_like(steps=12),
    "gru": gru_like,
    "shared": lambda: shared_leaf_chain(length=40, uses=10),
    "leaf_only": leaf_only_modules,
}


@pytest.mark.parametrize("name", sorted(GRAPHS))
@pytest.mark.parametrize(
    "options", [ViewOptions(), ViewOptions(clusters=False, rankdir="LR")], ids=["tb", "lr"]
)
def test_toggle_after_toggle_gives_the_display_graph_a_build_gives(name: str, options: ViewOptions) -> None:
    graph = GRAPHS[name]()
    facts = GraphFacts(graph)
    modules = module_paths(graph)
    rng = random.Random(name)
    display = build_display(graph, options, facts)
    patched, declined = 0, []
    for _ in range(40):
        module = rng.choice(modules)
        after = options.toggled(module)
        made = toggled_display(display, options, after, facts)
        fresh = build_display(graph, after, facts)
        if made is not None:
            _same(made, fresh)
            patched += 1
        elif (
            len(facts.members_under(module)) <= PATCH_SHARE * graph.number_of_nodes()
            and not any(a in options.collapsed for a in ancestors(module)[:-1])
            and not facts.splits_at(facts.members_under(module))
            and any(graph.nodes[n]["kind"] != "leaf" for n in facts.members_under(module))
        ):
            declined.append(module)  # a module on screen, with an op, away from any split
        display, options = (made or fresh), after
    assert not declined
    if name in ("residual", "transformer", "nested", "gru"):
        assert patched >= 8


def test_a_block_of_the_residual_stack_is_patched_both_ways() -> None:
    graph = residual_stack(stages=3, blocks=5)
    facts = GraphFacts(graph)
    collapsed = ViewOptions(collapsed=frozenset({"stages.1.2"}))
    before = build_display(graph, collapsed, facts)
    expanded = toggled_display(before, collapsed, ViewOptions(), facts)
    assert expanded is not None
    _same(expanded, build_display(graph, ViewOptions(), facts))
    again = toggled_display(expanded, ViewOptions(), collapsed, facts)
    assert again is not None
    _same(again, before)
    # the nodes outside the block are the very objects of the display graph before
    assert all(expanded.nodes[did] is node for did, node in before.nodes.items() if did != "m:stages.1.2")


def test_other_changes_are_declined() -> None:
    graph = residual_stack(stages=3, blocks=3)
    facts = GraphFacts(graph)
    display = build_display(graph, ViewOptions(), facts)
    two = ViewOptions(collapsed=frozenset({"stages.0.1", "stages.1.1"}))
    assert toggled_display(display, ViewOptions(), two, facts) is None
    assert toggled_display(display, ViewOptions(), ViewOptions(rankdir="LR"), facts) is None
    # a module inside a collapsed one changes nothing drawn: built whole, not patched
    outer = ViewOptions(collapsed=frozenset({"stages.0"}))
    folded = build_display(graph, outer, facts)
    assert toggled_display(folded, outer, outer.toggled("stages.0.1"), facts) is None


def test_a_module_holding_most_of_the_graph_is_built_whole() -> None:
    """Its patch would re-home nearly every node and copy the whole display graph: a build of
    the collapsed view is cheaper (Collapse to depth 1)."""
    graph = residual_stack(stages=3, blocks=5)
    facts = GraphFacts(graph)
    display = build_display(graph, ViewOptions(), facts)
    assert len(facts.members_under("stages")) > PATCH_SHARE * graph.number_of_nodes()
    assert toggled_display(display, ViewOptions(), ViewOptions().toggled("stages"), facts) is None
    assert toggled_display(display, ViewOptions(), ViewOptions().toggled("stages.1"), facts) is not None
