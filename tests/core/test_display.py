"""The display graph: labels, collapsing modules, hub splitting, clusters, id mapping."""

from __future__ import annotations

from graphviz_app.core.model.topology import collapse_to_depth, module_paths, nonconvex_modules
from graphviz_app.core.view.display import (
    MODULE_PREFIX,
    ViewOptions,
    build_display,
    format_shape,
)

from .graphs import (
    GraphBuilder,
    chain,
    diamond,
    nested_modules,
    rnn_like,
    shared_leaf_chain,
    transformer_like,
)


def test_chain_maps_one_to_one_with_labels():
    graph = chain(5)
    display = build_display(graph)
    assert list(display.nodes) == list(graph)
    assert [(e.source, e.target) for e in display.edges] == list(graph.edges())
    assert display.nodes["n0"].label == ("x", "2×2")
    assert display.nodes["n0"].kind == "leaf"
    assert display.nodes["n1"].label == ("AddBackward0", "2×2")
    assert display.nodes["n4"].is_output and not display.nodes["n3"].is_output
    assert display.display_ids("n3") == ["n3"] and display.display_ids("nope") == []


def test_labels_keep_the_autograd_name_and_show_output_names():
    display = build_display(diamond())
    assert display.nodes["n4"].label == ("SumBackward0", "loss: scalar")
    assert display.nodes["n1"].label == ("SinBackward0", "3")


def test_format_shape():
    assert format_shape([2, 3]) == "2×3"
    assert format_shape([]) == "scalar"
    assert format_shape(None) == ""
    assert format_shape([4], "float16") == "4 float16"
    assert format_shape([4], "float32") == "4"


def test_module_paths_and_depths():
    graph = nested_modules()
    assert module_paths(graph) == [
        "encoder",
        "encoder.layers",
        "encoder.layers.0",
        "encoder.layers.0.attn",
        "encoder.layers.0.mlp",
        "encoder.layers.1",
        "encoder.layers.1.attn",
        "encoder.layers.1.mlp",
        "head",
    ]
    assert collapse_to_depth(graph, 1) == {"encoder", "head"}
    assert collapse_to_depth(graph, 3) == {"encoder.layers.0", "encoder.layers.1"}
    assert collapse_to_depth(graph, 0) == frozenset()


def test_natural_order_of_module_paths():
    b = GraphBuilder()
    h = b.leaf("x")
    for i in (10, 2, 1):
        h = b.op("ReluBackward0", h, module=f"layers.{i}")
    assert module_paths(b.build(h)) == ["layers", "layers.1", "layers.2", "layers.10"]


def test_collapse_replaces_a_module_by_one_node_and_expand_restores():
    graph = nested_modules()
    full = build_display(graph)
    collapsed = build_display(graph, ViewOptions(collapsed=frozenset({"encoder.layers.0"})))
    mid = MODULE_PREFIX + "encoder.layers.0"
    node = collapsed.nodes[mid]
    assert node.kind == "module" and node.module == "encoder.layers.0"
    assert node.label == ("0", "(5 ops, 2 params)")
    assert len(node.members) == 7
    assert len(collapsed.nodes) == len(full.nodes) - 7 + 1
    for member in node.members:
        assert collapsed.display_ids(member) == [mid]
    # The edges into and out of the module keep the graph edges they stand for.
    into = [e for e in collapsed.edges if e.target == mid]
    assert {ge for e in into for ge in e.graph_edges} == {("n0", "n2"), ("n0", "n4")}
    assert all(mid not in (e.source, e.target) or e.source != e.target for e in collapsed.edges)
    expanded = build_display(graph, ViewOptions().toggled("encoder.layers.0").toggled("encoder.layers.0"))
    assert list(expanded.nodes) == list(full.nodes)


def test_outermost_collapsed_ancestor_wins():
    graph = nested_modules()
    options = ViewOptions(collapsed=frozenset({"encoder", "encoder.layers.0.attn"}))
    display = build_display(graph, options)
    modules = [n for n in display.nodes.values() if n.kind == "module"]
    assert [m.id for m in modules] == [MODULE_PREFIX + "encoder"]
    assert modules[0].label == ("encoder", "(10 ops, 4 params)")
    assert len(display.nodes) == 18 - 14 + 1


def test_module_types_show_in_the_label_when_known():
    graph = nested_modules()
    graph.graph["module_types"] = {"head": "Linear"}
    display = build_display(graph, ViewOptions(collapsed=frozenset({"head"})))
    assert display.nodes[MODULE_PREFIX + "head"].label == ("head", "Linear", "(1 op, 1 param)")


def test_shared_leaf_far_apart_is_split_per_use():
    graph = shared_leaf_chain(length=400, uses=100)
    display = build_display(graph)
    copies = display.display_ids("n0")
    assert len(copies) == 100
    assert copies[:3] == ["n0~1", "n0~2", "n0~3"]
    third = display.nodes["n0~3"]
    assert third.use == (3, 100) and third.members == ("n0",)
    assert third.label == ("cell.weight", "16×16", "use 3 of 100")
    out = [e for e in display.edges if e.source.startswith("n0~")]
    assert len(out) == 100 and len({e.target for e in out}) == 100
    assert "n0" not in display.nodes
    # Uses are numbered in forward order along the chain.
    targets = [next(e.target for e in out if e.source == f"n0~{k}") for k in (1, 2, 100)]
    order = [graph.nodes[t]["forward_index"] for t in targets]
    assert order == sorted(order)
    # The graph itself keeps one node with all its edges.
    assert graph.out_degree("n0") == 100
    unsplit = build_display(graph, ViewOptions(split_hubs=False))
    assert unsplit.display_ids("n0") == ["n0"]
    assert len(unsplit.nodes) == len(display.nodes) - 99


def test_weight_read_through_a_transpose_each_step_is_split():
    # Every TBackward0 of the weight is one rank below it, yet sits by its own step.
    display = build_display(rnn_like(steps=20))
    assert len(display.display_ids("n0")) == 20  # cell.weight
    assert len(display.display_ids("n1")) == 20  # cell.bias


def test_nearby_uses_keep_one_node():
    display = build_display(diamond())
    assert display.display_ids("n0") == ["n0"]
    b = GraphBuilder()
    x = b.leaf("x")
    uses = [b.op(op, x) for op in ("SinBackward0", "CosBackward0", "ExpBackward0")]
    total = b.op("AddBackward0", b.op("AddBackward0", uses[0], uses[1]), uses[2])
    assert build_display(b.build(total)).display_ids("n0") == ["n0"]


def test_clusters_follow_the_module_tree():
    display = build_display(nested_modules())
    assert display.top_clusters() == ["encoder", "head"]
    layer0 = display.clusters["encoder.layers.0"]
    assert layer0.parent == "encoder.layers"
    assert layer0.children == ("encoder.layers.0.attn", "encoder.layers.0.mlp")
    assert layer0.nodes == ("n4",)
    assert layer0.depth == 3
    assert display.nodes["n2"].cluster == "encoder.layers.0.attn"
    assert display.top_nodes() == ["n0", "n17"]
    assert build_display(nested_modules(), ViewOptions(clusters=False)).clusters == {}


def test_collapsed_module_sits_in_its_parent_cluster():
    options = ViewOptions(collapsed=frozenset({"encoder.layers.1"}))
    display = build_display(nested_modules(), options)
    assert display.nodes[MODULE_PREFIX + "encoder.layers.1"].cluster == "encoder.layers"
    assert "encoder.layers.1" not in display.clusters
    assert "encoder.layers.1.attn" not in display.clusters


def test_module_called_between_other_work_is_not_a_cluster():
    graph = rnn_like(steps=10)
    assert nonconvex_modules(graph) == {"cell"}
    display = build_display(graph)
    assert display.loose_modules == {"cell"}
    assert "cell" not in display.clusters
    assert all(n.cluster is None for n in display.nodes.values())
    assert nonconvex_modules(nested_modules()) == frozenset()


def test_main_inputs_continue_the_longest_path():
    display = build_display(rnn_like(steps=3))
    main = {(e.source, e.target) for e in display.edges if e.main}
    addmm = [n for n, d in display.nodes.items() if d.label[0] == "AddmmBackward0"]
    for node in addmm[1:]:
        inputs = [e for e in display.edges if e.target == node]
        assert len(inputs) == 3
        (spine,) = [e for e in inputs if (e.source, e.target) in main]
        assert display.nodes[spine.source].label[0] == "MulBackward0"


def test_build_is_deterministic_and_handles_big_graphs():
    graph = transformer_like(layers=60)  # ~2,000 nodes, 400+ modules
    first = build_display(graph)
    second = build_display(graph)
    assert first.nodes == second.nodes and first.edges == second.edges
    assert first.clusters == second.clusters
    big = chain(10_000)
    assert len(build_display(big).nodes) == 10_000


def test_clusters_holding_only_parameters_are_not_drawn():
    # Parameters tagged with their module, the ops using them not (an in-process capture).
    b = GraphBuilder()
    h = b.leaf("x")
    for i in range(3):
        w = b.leaf(f"blocks.{i}.w", module=f"blocks.{i}")
        h = b.op("MulBackward0", h, w)
    h = b.op("ReluBackward0", h, module="head")
    display = build_display(b.build(h))
    assert list(display.clusters) == ["head"]
    assert all(display.nodes[n].cluster is None for n in ("n1", "n3", "n5"))
    assert display.nodes["n1"].module == "blocks.0"


def test_labels_words_follow_the_views_language():
    """``scalar``, ``output``, a shared leaf's ``use k of n`` and a collapsed module's counts are
    words of the catalogue (Korean for a Korean view); names, ops and numbers stay as they are."""
    from pathlib import Path

    from graphviz_app.core.model.graph import load_graph_json

    graph = load_graph_json(Path(__file__).parent / "golden" / "basic_autograd.json")
    english = build_display(graph, ViewOptions())
    korean = build_display(graph, ViewOptions(language="ko"))
    z = next(n for n in graph if graph.nodes[n].get("name") == "z")
    assert english.nodes[z].label == ("MeanBackward0", "z: scalar")
    assert korean.nodes[z].label == ("MeanBackward0", "z: 스칼라")
    shared = build_display(shared_leaf_chain(40, 10), ViewOptions(language="ko"))
    assert any(line.endswith("번째 사용") for node in shared.nodes.values() for line in node.label)
    modules = nested_modules()
    top = next(p for p in module_paths(modules) if "." not in p)
    folded = build_display(modules, ViewOptions(collapsed=frozenset({top}), language="ko"))
    label = folded.nodes[MODULE_PREFIX + top].label
    assert label[-1].startswith("(연산 ") and "ops" not in label[-1]
