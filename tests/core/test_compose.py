"""Composed layouts (core.graphviz.compose): reuse by structure, geometry, expand in place.

Real ``dot`` runs throughout.  The graph is a residual stack built like ``bench/zoo/synthetic.py``
builds its own: ``x = x + tanh(x * a_i) * b_i`` per block, blocks in stages.  Counted by hand,
it has three kinds of block: the first (its input is the leaf ``x``, so its Mul has no "main"
input, drawn straight by a heavier edge), the last (it sends its output on once, to the loss;
every other block twice, to the next block's Mul and Add) and all the others; likewise three
kinds of stage; then the ``stages`` list and the top level: eight distinct pieces, whatever the
number of stages (3 or more) and of blocks per stage (3 or more).
"""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest

from graphviz_app.core.graphviz import compose
from graphviz_app.core.graphviz.compose import Composer, anchor_shift, should_compose
from graphviz_app.core.graphviz.layout import Layout, LayoutCancelled, LayoutJob, NodeBox
from graphviz_app.core.graphviz.layout_cache import LayoutCache
from graphviz_app.core.view.display import ViewOptions, build_display

from .graphs import GraphBuilder


def residual_stack(stages: int, blocks: int) -> nx.DiGraph:
    """``stages`` x ``blocks`` residual blocks (6 nodes each) after a leaf ``x``; Pow, Mean."""
    b = GraphBuilder()
    x = b.leaf("x", shape=[1, 8])
    for s in range(stages):
        for k in range(blocks):
            module = f"stages.{s}.{k}"
            a = b.leaf(f"{module}.a", shape=[8], module=module)
            mul = b.op("MulBackward0", x, a, shape=[1, 8], module=module)
            tanh = b.op("TanhBackward0", mul, shape=[1, 8], module=module)
            w = b.leaf(f"{module}.b", shape=[8], module=module)
            mul2 = b.op("MulBackward0", tanh, w, shape=[1, 8], module=module)
            x = b.op("AddBackward0", x, mul2, shape=[1, 8], module=module)
    power = b.op("PowBackward0", x, shape=[1, 8])
    return b.build(b.op("MeanBackward0", power, shape=[], name="loss"))


# --- geometry checks -------------------------------------------------------------------------


def _overlap(a: NodeBox, b: NodeBox) -> bool:
    return abs(a.x - b.x) * 2 < a.width + b.width - 0.01 and abs(a.y - b.y) * 2 < a.height + b.height - 0.01


def _to_box(point: tuple[float, float], box: NodeBox) -> float:
    """Distance from ``point`` to ``box`` (0 on its border or inside it: ``dot`` starts some
    parallel edges a little inside the node, which is drawn over them)."""
    dx = abs(point[0] - box.x) - box.width / 2
    dy = abs(point[1] - box.y) - box.height / 2
    return math.hypot(max(dx, 0.0), max(dy, 0.0))


def _inside_depth(point: tuple[float, float], box: NodeBox) -> float:
    """How far inside ``box`` the point lies (0 outside or on the border)."""
    dx = box.width / 2 - abs(point[0] - box.x)
    dy = box.height / 2 - abs(point[1] - box.y)
    return max(0.0, min(dx, dy))


def assert_sound(layout: Layout, display) -> None:
    """No two node boxes overlap; every edge starts at its source's box and ends (its arrow's
    tip) at its target's, and starts away from its target (it is not a stub); every node lies
    inside each cluster box around it."""
    boxes = sorted(layout.nodes.values(), key=lambda b: b.y - b.height / 2)
    for i, a in enumerate(boxes):  # sweep down: only boxes starting above a's bottom can meet it
        for b in boxes[i + 1 :]:
            if b.y - b.height / 2 >= a.y + a.height / 2:
                break
            assert not _overlap(a, b), (a, b)
    assert len(layout.edges) == len(display.edges)
    for edge in layout.edges:
        source, target = layout.nodes[edge.source], layout.nodes[edge.target]
        assert _to_box(edge.points[0], source) < 2.0, (edge.source, edge.points[0], source)
        assert _to_box(edge.points[0], target) > 2.0, (edge.target, edge.points[0], target)
        tip = max(edge.arrow, key=lambda p: math.dist(p, edge.points[-1])) if edge.arrow else edge.points[-1]
        assert edge.arrow is not None
        assert _to_box(tip, target) < 2.0, (edge.target, tip, target)
        assert abs(_to_box(tip, target)) < 2.0 and _inside_depth(tip, target) < 2.0, (edge.target, tip)
        assert (len(edge.points) - 1) % 3 == 0  # p0 then bezier triples
    clusters = {c.name: c for c in layout.clusters}
    assert set(clusters) == set(display.clusters)
    for did, node in display.nodes.items():
        box, path = layout.nodes[did], node.cluster
        while path is not None:
            c = clusters[path]
            assert c.x <= box.x - box.width / 2 and box.x + box.width / 2 <= c.x + c.width, (did, path)
            assert c.y <= box.y - box.height / 2 and box.y + box.height / 2 <= c.y + c.height, (did, path)
            path = display.clusters[path].parent


def _inside(layout: Layout, display, path: str) -> dict[str, tuple[float, float]]:
    """Node centres of cluster ``path``'s own nodes relative to its box's top-left corner."""
    box = next(c for c in layout.clusters if c.name == path)
    return {
        did: (round(layout.nodes[did].x - box.x, 3), round(layout.nodes[did].y - box.y, 3))
        for did in display.clusters[path].nodes
    }


# --- tests -----------------------------------------------------------------------------------


def test_each_distinct_block_is_laid_out_once() -> None:
    graph = residual_stack(stages=4, blocks=6)
    display = build_display(graph)
    assert len(display.nodes) == 1 + 4 * 6 * 6 + 2 and len(display.clusters) == 1 + 4 + 24
    composer = Composer()
    layout = composer.compose(display)
    assert composer.dot_runs == 8  # 3 kinds of block, 3 kinds of stage, the list, the top
    assert len(composer.pieces) == 8
    # the 22 blocks between the first and the last share one drawing
    inner = [_inside(layout, display, f"stages.{s}.{k}") for s in range(4) for k in range(6)]
    shapes = {tuple(sorted(pos.values())) for pos in inner[1:-1]}
    assert len(shapes) == 1
    assert composer.compose(display) is not layout and composer.dot_runs == 8  # all reused


def test_more_repeats_cost_no_more_dot_runs() -> None:
    small, big = Composer(), Composer()
    small.compose(build_display(residual_stack(stages=3, blocks=3)))
    big.compose(build_display(residual_stack(stages=9, blocks=9)))
    assert small.dot_runs == big.dot_runs == 8


def test_composed_layout_is_geometrically_sound() -> None:
    display = build_display(residual_stack(stages=3, blocks=5))
    assert_sound(Composer().compose(display), display)


def test_collapsed_modules_and_nested_clusters_compose_soundly() -> None:
    graph = residual_stack(stages=3, blocks=4)
    display = build_display(graph, ViewOptions(collapsed=frozenset({"stages.1", "stages.2.0"})))
    assert "m:stages.1" in display.nodes and "m:stages.2.0" in display.nodes
    assert_sound(Composer().compose(display), display)


def test_pieces_come_back_from_the_disk_cache(tmp_path) -> None:
    display = build_display(residual_stack(stages=3, blocks=3))
    first = Composer(LayoutCache(tmp_path))
    before = first.compose(display)
    assert first.dot_runs == 8 and len(list(tmp_path.glob("*.json"))) == 8
    second = Composer(LayoutCache(tmp_path))
    after = second.compose(display)
    assert second.dot_runs == 0
    assert after.nodes == before.nodes and after.clusters == before.clusters


def test_expand_lays_out_only_the_module_and_its_ancestors_and_keeps_it_in_place() -> None:
    graph = residual_stack(stages=4, blocks=6)
    collapsed = ViewOptions(collapsed=frozenset({"stages.2.3"}))
    composer = Composer()
    before_display = build_display(graph, collapsed)
    before = composer.compose(before_display)
    runs = composer.dot_runs
    expanded_display = build_display(graph, collapsed.toggled("stages.2.3"))
    after = composer.compose(expanded_display)
    shift = anchor_shift(before, after, "stages.2.3")  # where the window moves it
    assert shift is not None
    dx, dy = shift
    # stage 2 is drawn again as stages 1 and 3 are, and the block as its neighbours: both reused;
    # new: the stages list (one of its boxes changed size) and the top
    assert composer.dot_runs - runs == 2
    old = before.nodes["m:stages.2.3"]
    new = next(c for c in after.clusters if c.name == "stages.2.3")
    # the module's top-left corner (where its label is drawn) stays put
    assert (new.x + dx, new.y + dy) == pytest.approx((old.x - old.width / 2, old.y - old.height / 2))
    # every other block's drawing is unchanged inside its box
    for s in range(4):
        for k in range(6):
            if (s, k) != (2, 3):
                path = f"stages.{s}.{k}"
                assert _inside(after, expanded_display, path) == _inside(before, before_display, path)
    # the stages the click did not touch keep their size; the blocks above it in its own
    # stage keep their height on screen and move sideways as one column (the stage widened
    # around them, and the module keeps its top-left corner, not its middle)
    for s in (0, 1, 3):
        was = next(c for c in before.clusters if c.name == f"stages.{s}")
        now = next(c for c in after.clusters if c.name == f"stages.{s}")
        assert (now.width, now.height) == (was.width, was.height)
    sideways = set()
    for k in (0, 1, 2):
        was = next(c for c in before.clusters if c.name == f"stages.2.{k}")
        now = next(c for c in after.clusters if c.name == f"stages.2.{k}")
        assert now.y + dy == pytest.approx(was.y, abs=0.5)
        sideways.add(round(now.x + dx - was.x))
    assert len(sideways) == 1
    assert_sound(after, expanded_display)


def test_small_graphs_keep_one_dot_run() -> None:
    small = build_display(residual_stack(stages=2, blocks=5))
    assert not should_compose(small)
    big = build_display(residual_stack(stages=6, blocks=50))  # 1,803 nodes
    assert len(big.nodes) > compose.SINGLE_RUN_MAX_NODES and should_compose(big)
    flat = build_display(residual_stack(stages=6, blocks=50), ViewOptions(clusters=False))
    assert not should_compose(flat)  # nothing to compose by


def test_a_cancelled_job_runs_no_dot() -> None:
    composer = Composer()
    job = composer.job(build_display(residual_stack(stages=3, blocks=3)))
    job.cancel()
    with pytest.raises(LayoutCancelled):
        job.result()
    assert composer.dot_runs == 0
    running = LayoutJob("digraph { a -> b }")
    job.started(running)  # a dot run starting after the cancel is cancelled at once
    assert running.cancelled
    with pytest.raises(LayoutCancelled):
        running.result()


def test_positions_in_very_tall_drawings_are_exact() -> None:
    """``dot`` writes ``pos`` with 5 significant digits; past 100,000 points (a composed top
    level is often that tall) positions come from ``-Tjson``'s drawing ops instead."""
    text = "digraph { ranksep=50; " + " -> ".join(f'"a{k}"' for k in range(30)) + " }"
    drawing = LayoutJob(text, args=["-Tjson"]).result()
    ys = [drawing.nodes[f"a{k}"].y for k in range(30)]
    assert ys[-1] > 100_000
    # default node height 0.5 in = 36 pt, ranksep 50 in = 3,600 pt: one rank every 3,636 pt
    assert [b - a for a, b in itertools.pairwise(ys)] == [3636.0] * 29
    assert ys[0] == 18.0


def test_frames_and_size_of_very_tall_drawings_are_exact() -> None:
    """The drawing's and each cluster's ``bb`` have 5 significant digits too (``1.0979e+05``):
    read from them, a tall composed piece was flipped a few points off and its frames crossed
    their parent's.  With ``-Tjson`` they come from the drawn background and outline."""
    chain = " -> ".join(f'"a{k}"' for k in range(30))
    text = f'digraph {{ ranksep=50.3; "x"; subgraph "cluster_m" {{ label="m"; {chain} }} "x" -> "a0" }}'
    drawing = LayoutJob(text, args=["-Tjson"]).result()
    (frame,) = drawing.clusters
    top, last = drawing.nodes["x"], drawing.nodes["a29"]
    assert drawing.height > 100_000
    assert top.y == top.height / 2  # the first rank touches the drawing's top
    # dot keeps 8 points between a cluster's nodes and its outline, and around the drawing
    assert frame.y + frame.height == last.y + last.height / 2 + 8
    assert drawing.height == frame.y + frame.height + 8
    assert frame.y < drawing.nodes["a0"].y - drawing.nodes["a0"].height / 2


def test_composed_estimate_counts_each_distinct_piece_once() -> None:
    graph = residual_stack(stages=4, blocks=6)  # 147 nodes
    size = float  # a stand-in cost model: a piece of n items costs n seconds

    # blocks (6 nodes) and stages (6 block boxes) are pieces of size 6, the stages list of 4
    # boxes; the top holds x, Pow, Mean and the list's box: 4 (a piece of another kind)
    expected = max((6 + 4 + 4) / compose.DOT_WORKERS, 6) + compose.SECONDS_PER_NODE * 147
    assert compose.composed_seconds(graph, ViewOptions(), size) == pytest.approx(expected)
    # stage 1 collapsed is one node of the list: a list piece of 4 items still; nothing else new
    collapsed = ViewOptions(collapsed=frozenset({"stages.1"}))
    assert compose.composed_seconds(graph, collapsed, size) == pytest.approx(expected)
    # the list collapsed: the top is x, the list's node, Pow, Mean: the one piece, of 4
    only_top = ViewOptions(collapsed=frozenset({"stages"}))
    assert compose.composed_seconds(graph, only_top, size) == pytest.approx(
        4 + compose.SECONDS_PER_NODE * 147
    )


def test_composition_is_judged_from_the_graph_as_from_its_display() -> None:
    big = residual_stack(stages=6, blocks=50)
    assert compose.can_compose(big, ViewOptions()) == should_compose(build_display(big)) is True
    assert not compose.can_compose(big, ViewOptions(clusters=False))
    small = residual_stack(stages=2, blocks=5)
    assert compose.can_compose(small, ViewOptions()) == should_compose(build_display(small)) is False


def test_the_window_plan_keeps_full_detail_when_the_composed_layout_fits() -> None:
    from graphviz_app.core.graphviz import cost

    graph = residual_stack(stages=20, blocks=50)  # 6,003 nodes: one dot run takes seconds
    plain = cost.recommend(graph)
    assert plain.requested.seconds > cost.WINDOW_BUDGET and plain.options.collapsed
    plan = cost.recommend(graph, composed=True)
    assert plan.options == ViewOptions() and not plan.changed and not plan.graph_attrs
    assert plan.seconds == pytest.approx(compose.composed_seconds(graph, ViewOptions(), cost.predict_seconds))
    assert plan.seconds <= cost.WINDOW_BUDGET
    # without modules there is nothing to compose by: the plan is the old one
    flat = cost.recommend(graph, ViewOptions(clusters=False), composed=True)
    assert flat.changed


def test_a_plan_that_collapses_a_composable_graph_says_what_full_detail_would_cost() -> None:
    """20,000 nodes compose in about a second and a half, but drawing every one takes 2 s more:
    the plan collapses, and its message gives that time, not one dot run's minutes."""
    from graphviz_app.core.graphviz import cost

    graph = residual_stack(stages=40, blocks=83)  # 19,923 nodes
    plan = cost.recommend(graph, composed=True)
    assert plan.changed and plan.options.collapsed
    composed = compose.composed_seconds(graph, ViewOptions(), cost.predict_seconds)
    drawing = cost.DRAW_SECONDS_PER_NODE * graph.number_of_nodes()
    assert plan.full_seconds == pytest.approx(composed + drawing)
    assert plan.full_seconds < plan.requested.seconds  # one dot run: minutes
    message = str(plan.message())
    assert message.startswith(
        f"This graph is large ({plan.requested.nodes:,} nodes): laying it "
        f"out module by module and drawing every node would take about "
        f"{cost.format_seconds(plan.full_seconds)}."
    )
    assert "min" not in message.split("Shown with")[0]


def _what_it_chose(plan) -> tuple:
    """A plan's choices and figures (not its estimate of the view asked for)."""
    return (plan.options, plan.actions, plan.collapse_depth, plan.seconds, plan.full_seconds)


def test_a_plan_skips_the_full_estimate_a_lower_bound_makes_needless(monkeypatch) -> None:
    """A graph whose nodes alone put one dot run over the budget is not estimated whole (0.5 s
    at 20,000 nodes, on the way to the first picture): the plan is the one the estimate gave."""
    from graphviz_app.core.graphviz import cost

    graph = residual_stack(stages=40, blocks=83)  # 19,923 nodes
    made = []
    quick = cost.quick_estimate
    monkeypatch.setattr(cost, "quick_estimate", lambda g, o=ViewOptions(): made.append(o) or quick(g, o))
    plan = cost.recommend(graph, composed=True)
    assert ViewOptions() not in made and plan.requested.nodes == graph.number_of_nodes()
    monkeypatch.setattr(cost, "_lower_bound", lambda g, o: cost._estimated([], [], 0, {}))  # no bound
    made.clear()
    estimated = cost.recommend(graph, composed=True)
    assert ViewOptions() in made
    assert plan.requested.seconds <= estimated.requested.seconds
    assert _what_it_chose(plan) == _what_it_chose(estimated)
    said = str(estimated.message()).replace(f"{estimated.requested.nodes:,}", f"{graph.number_of_nodes():,}")
    assert str(plan.message()) == said  # the graph's count, not the estimate's (a split copy more)


def test_a_plan_skips_the_depths_whose_nodes_alone_are_over_the_budget(monkeypatch) -> None:
    """Each collapse depth tried was estimated (0.3 s at 100,000 nodes, on the way to the first
    picture); one whose nodes alone, counted from the module sizes, put one dot run over the
    budget is not: the plan is the one estimating every depth gives."""
    from graphviz_app.core.graphviz import cost

    graph = residual_stack(stages=40, blocks=83)  # 19,923 nodes: 3,320 blocks
    made: list[int] = []
    quick = cost.quick_estimate
    monkeypatch.setattr(
        cost, "quick_estimate", lambda g, o=ViewOptions(): made.append(len(o.collapsed)) or quick(g, o)
    )
    plan = cost.recommend(graph, composed=True)
    assert made == [40]  # the stages; not the 3,320 blocks
    monkeypatch.setattr(cost, "_collapsed_bound", lambda g, collapsed: 0.0)  # no bound
    made.clear()
    estimated = cost.recommend(graph, composed=True)
    assert made == [3320, 40]
    assert _what_it_chose(plan) == _what_it_chose(estimated)


def test_composed_seconds_counts_each_piece_once_per_type_and_size() -> None:
    """Counted per module (not per node: 0.3 s at 100,000 nodes on the way to the first
    picture): a.x holds two nodes, a.y (collapsed) is one node of a, b holds one, one node is in
    no module. Pieces: the top level (a node, boxes a and b: 3), a (a.y's node, box a.x: 2),
    a.x (2, the same type and size as a: counted once) and b (1)."""
    graph = nx.DiGraph()
    held = {"t": None, "x1": "a.x", "x2": "a.x", "y1": "a.y", "y2": "a.y", "b1": "b"}
    for node, module in held.items():
        graph.add_node(node, module=module, kind="op")
    seconds = compose.composed_seconds(graph, ViewOptions(collapsed=frozenset({"a.y"})), lambda size: size)
    expected = max((3 + 2 + 1) / compose.DOT_WORKERS, 3) + compose.SECONDS_PER_NODE * 6
    assert seconds == pytest.approx(expected)
