"""A graph's facts, kept across views, give exactly the display graph a fresh build gives: after
a chain of expands and collapses, with split hubs and gathered inputs, at every label detail."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from core.graphs import GraphBuilder, nested_modules, rnn_like, shared_leaf_chain, transformer_like
from core.test_compose import residual_stack
from graphviz_app.core.model.topology import module_paths
from graphviz_app.core.view.display import DisplayGraph, GraphFacts, ViewOptions, build_display


def stacked_rnn(steps: int = 30) -> nx.DiGraph:
    """An RNN cell (module ``cell``) whose every step's output goes into one ``torch.stack``:
    an op with ``steps`` inputs made far apart, drawn once per far input."""
    b = GraphBuilder()
    w = b.leaf("cell.weight", shape=[4, 4], module="cell")
    h = b.leaf("h0", shape=[1, 4])
    outputs = []
    for _ in range(steps):
        h = b.op(
            "TanhBackward0",
            b.op("MmBackward0", h, w, shape=[1, 4], module="cell"),
            shape=[1, 4],
            module="cell",
        )
        outputs.append(h)
    return b.build(
        b.op("SumBackward0", b.op("StackBackward0", *outputs, shape=[steps, 1, 4]), shape=[], name="loss")
    )


def _same(a: DisplayGraph, b: DisplayGraph) -> bool:
    """Equal, in the same order (the order decides DOT text and composed pieces)."""
    return (
        a == b
        and list(a.nodes) == list(b.nodes)
        and list(a.clusters) == list(b.clusters)
        and list(a._index.items()) == list(b._index.items())
    )


GRAPHS = {
    "residual stack": lambda: residual_stack(stages=3, blocks=6),
    "transformer": lambda: transformer_like(3),
    "rnn": lambda: rnn_like(40),
    "stacked rnn (gathered inputs)": stacked_rnn,
    "shared leaf (split hub)": lambda: shared_leaf_chain(60, 12),
    "nested modules": nested_modules,
}


@pytest.mark.parametrize("name", list(GRAPHS))
def test_toggles_with_kept_facts_equal_fresh_builds(name: str) -> None:
    graph: nx.DiGraph = GRAPHS[name]()
    facts = GraphFacts(graph)
    paths = module_paths(graph)
    rng = random.Random(13)
    options = ViewOptions()
    views = [options]
    for _ in range(12):  # a walk of single toggles, as a user clicking modules makes
        if paths:
            options = options.toggled(rng.choice(paths))
        views.append(options)
    views += [
        ViewOptions(label_detail="everything"),
        ViewOptions(label_detail="names"),
        ViewOptions(split_hubs=False),
        ViewOptions(clusters=False),
    ]
    for view in views:
        kept = build_display(graph, view, facts)
        assert _same(kept, build_display(graph, view)), view


def test_facts_reuse_the_drawn_nodes_outside_a_toggled_module() -> None:
    graph = residual_stack(stages=2, blocks=4)
    facts = GraphFacts(graph)
    before = build_display(graph, ViewOptions(), facts)
    after = build_display(graph, ViewOptions(collapsed=frozenset({"stages.1.2"})), facts)
    assert "m:stages.1.2" in after.nodes
    outside = [did for did, node in after.nodes.items() if node.kind != "module"]
    assert len(outside) == len(before.nodes) - 6
    assert all(after.nodes[did] is before.nodes[did] for did in outside)


def test_the_candidates_for_splitting_are_the_shared_leaves_and_wide_ops() -> None:
    graph = shared_leaf_chain(60, 12)  # one weight used by 12 ops along a 60-op chain
    facts = GraphFacts(graph)
    assert len(facts.shared_leaves) == 1
    assert len(build_display(graph, ViewOptions(), facts).display_ids(facts.shared_leaves[0])) == 12
    rnn = GraphFacts(stacked_rnn(30))
    assert len(rnn.gathering_ops) == 1  # the stack over the 30 steps
    gathered = build_display(rnn.graph, ViewOptions(), rnn).display_ids(rnn.gathering_ops[0])
    assert len(gathered) > 1  # copies beside far inputs, and the op itself
