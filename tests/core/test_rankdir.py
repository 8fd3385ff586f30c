"""Left-to-right layouts (``ViewOptions.rankdir``): one ``dot`` run and composed, real ``dot``.

In a left-to-right drawing ranks grow in x: every edge's head lies right of its tail (a DAG's
edges all go forward in rank), and the picture of a long chain is wider than tall.  The checks
of :func:`tests.core.test_compose.assert_sound` hold as in top-to-bottom: no overlapping boxes,
every edge from its source's box to its target's, every node inside its module's frame.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from xml.etree import ElementTree

import pytest

from graphviz_app.core.export import export_graph
from graphviz_app.core.graphviz.compose import Composer, anchor_shift, should_compose
from graphviz_app.core.graphviz.dot import Paint, dot_graph
from graphviz_app.core.graphviz.layout import Layout, LayoutJob
from graphviz_app.core.graphviz.layout_cache import CachedLayoutJob, LayoutCache
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.core.view.display import ViewOptions, build_display

from .test_compose import assert_sound, residual_stack

GOLDEN = Path(__file__).parent / "golden"
LR = ViewOptions(rankdir="LR")
SVG = "{http://www.w3.org/2000/svg}"


def _forward_along(drawn: Layout, axis: int) -> list[tuple[str, str]]:
    """The edges whose head centre is not past its tail centre along ``axis`` (0: x, 1: y)."""

    def centre(did: str) -> float:
        box = drawn.nodes[did]
        return box.x if axis == 0 else box.y

    return [(e.source, e.target) for e in drawn.edges if centre(e.target) <= centre(e.source)]


def test_an_unknown_direction_is_refused_with_the_ones_there_are() -> None:
    with pytest.raises(ValueError, match="TB, LR"):
        ViewOptions(rankdir="BT")


def test_the_display_graph_carries_the_direction_into_the_dot_text() -> None:
    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    assert build_display(graph).rankdir == "TB"
    assert 'rankdir="TB";' in dot_graph(build_display(graph), graph).text()
    text = dot_graph(build_display(graph, LR), graph, Paint(legend=True)).text()
    assert 'rankdir="LR";' in text and 'rankdir="TB"' not in text
    # only the direction differs from the top-to-bottom text
    assert (
        text.replace('rankdir="LR"', 'rankdir="TB"')
        == dot_graph(build_display(graph), graph, Paint(legend=True)).text()
    )


@pytest.mark.parametrize("name", ["basic_autograd", "sequential_branches"])
def test_one_dot_run_left_to_right_ranks_grow_in_x(name: str) -> None:
    graph = load_graph_json(GOLDEN / f"{name}.json")
    display = build_display(graph, LR)
    assert not should_compose(display)
    drawn = LayoutJob(dot_graph(display, graph).text()).result()
    assert _forward_along(drawn, 0) == []
    assert_sound(drawn, display)
    top_down = build_display(graph)
    tb = LayoutJob(dot_graph(top_down, graph).text()).result()
    assert _forward_along(tb, 1) == []  # the default is still top to bottom
    # the picture turns: the chain of ranks runs along the longer side in both
    assert drawn.width > drawn.height and tb.height > tb.width


def test_module_frames_hold_their_nodes_left_to_right() -> None:
    graph = load_graph_json(GOLDEN / "sequential_branches.json")
    display = build_display(graph, LR)
    assert display.clusters  # nn.Sequential and its branches are drawn as frames
    drawn = LayoutJob(dot_graph(display, graph).text()).result()
    assert {c.name for c in drawn.clusters} == set(display.clusters)
    assert_sound(drawn, display)  # (checks each node inside every frame around it)


def test_a_composed_picture_left_to_right_is_sound_and_runs_left_to_right(monkeypatch) -> None:
    monkeypatch.setattr("graphviz_app.core.graphviz.compose.SINGLE_RUN_MAX_NODES", 50)
    graph = residual_stack(stages=3, blocks=5)
    display = build_display(graph, LR)
    assert should_compose(display)
    drawn = Composer().compose(display)
    assert_sound(drawn, display)
    assert _forward_along(drawn, 0) == []
    assert drawn.width > 3 * drawn.height  # 15 blocks in a row, each wider than tall
    # blocks follow each other left to right: each block's frame starts right of the previous one's
    frames = {c.name: c for c in drawn.clusters}
    blocks = [frames[f"stages.{s}.{k}"] for s in range(3) for k in range(5)]
    for before, after in itertools.pairwise(blocks):
        assert after.x >= before.x + before.width, (before.name, after.name)


def _samples(points: tuple[tuple[float, float], ...], per_curve: int = 40) -> list[tuple[float, float]]:
    """Points along a bezier spline (p0, then control-point triples)."""
    out = [points[0]]
    for i in range(0, len(points) - 3, 3):
        p0, p1, p2, p3 = points[i : i + 4]
        for k in range(1, per_curve + 1):
            t = k / per_curve
            a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
            out.append(
                (a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])
            )
    return out


def test_edges_cross_module_borders_at_the_left_and_right_sides(monkeypatch) -> None:
    """An edge leaving a block goes out through the block frame's right side and enters the
    next block through its left side (ports on the left and right), never through the frame's
    top or bottom."""
    monkeypatch.setattr("graphviz_app.core.graphviz.compose.SINGLE_RUN_MAX_NODES", 50)
    display = build_display(residual_stack(stages=2, blocks=3), LR)
    drawn = Composer().compose(display)
    frames = {c.name: c for c in drawn.clusters}
    crossings = 0
    for edge in drawn.edges:
        ends = (display.nodes[edge.source].cluster, display.nodes[edge.target].cluster)
        if ends[0] == ends[1] or None in ends:
            continue
        along = _samples(edge.points)
        for side, path in zip(("out", "in"), ends):
            frame = frames[path]  # type: ignore[index]
            for a, b in itertools.pairwise(along):
                inside = [
                    frame.x <= x <= frame.x + frame.width and frame.y <= y <= frame.y + frame.height
                    for x, y in (a, b)
                ]
                if inside[0] == inside[1]:
                    continue
                crossings += 1
                x, y = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                wall = frame.x + frame.width if side == "out" else frame.x
                assert abs(x - wall) < 2.0, (edge.source, edge.target, path, side, (x, y), frame)
                assert frame.y + 1 < y < frame.y + frame.height - 1, (edge.source, edge.target, path)
    assert crossings >= 10


def test_spliced_splines_pass_their_ports_sideways(monkeypatch) -> None:
    """Where an edge's spline is spliced at a port, the control points on either side lie level
    with it (left and right), as a left-to-right edge crosses a rank border."""
    monkeypatch.setattr("graphviz_app.core.graphviz.compose.SINGLE_RUN_MAX_NODES", 50)
    display = build_display(residual_stack(stages=2, blocks=3), LR)
    drawn = Composer().compose(display)
    joins = 0
    for edge in drawn.edges:
        ends = (display.nodes[edge.source].cluster, display.nodes[edge.target].cluster)
        if ends[0] == ends[1]:
            continue
        points = edge.points
        for i in range(3, len(points) - 1, 3):  # curve ends: where pieces may be joined
            before, at, after = points[i - 1], points[i], points[i + 1]
            if before[1] == at[1] == after[1] and before[0] < at[0] < after[0]:
                joins += 1
    assert joins >= 10


def test_a_top_to_bottom_piece_is_never_reused_left_to_right(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr("graphviz_app.core.graphviz.compose.SINGLE_RUN_MAX_NODES", 50)
    graph = residual_stack(stages=3, blocks=4)
    composer = Composer()
    tb = composer.compose(build_display(graph))
    runs = composer.dot_runs
    lr = composer.compose(build_display(graph, LR))
    assert composer.dot_runs == 2 * runs  # every piece laid out again, the other way
    assert len(composer.pieces) == 2 * runs
    assert tb.height > tb.width and lr.width > lr.height
    assert composer.compose(build_display(graph, LR)).width == lr.width and composer.dot_runs == 2 * runs


def test_layouts_know_their_direction_through_the_cache(tmp_path) -> None:
    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    cache = LayoutCache(tmp_path)
    text = dot_graph(build_display(graph, LR), graph).text()
    first = CachedLayoutJob(text, cache).result()
    assert (
        first.rankdir == "LR"
        and LayoutJob(dot_graph(build_display(graph), graph).text()).result().rankdir == "TB"
    )
    again = LayoutCache(tmp_path).get(text)
    assert again is not None and again.rankdir == "LR" and again.nodes == first.nodes


def test_expanding_a_module_left_to_right_keeps_its_top_left_corner(monkeypatch) -> None:
    """Left to right, as top to bottom, the clicked module's top-left corner (where its label is
    drawn) keeps its place: it grows to the right and downwards."""
    monkeypatch.setattr("graphviz_app.core.graphviz.compose.SINGLE_RUN_MAX_NODES", 50)
    graph = residual_stack(stages=3, blocks=4)
    collapsed = ViewOptions(collapsed=frozenset({"stages.1.2"}), rankdir="LR")
    composer = Composer()
    before = composer.compose(build_display(graph, collapsed))
    expanded = build_display(graph, collapsed.toggled("stages.1.2"))
    after = composer.compose(expanded)
    shift = anchor_shift(before, after, "stages.1.2")  # where the window moves it
    assert shift is not None
    old = before.nodes["m:stages.1.2"]
    new = next(c for c in after.clusters if c.name == "stages.1.2")
    assert new.height > old.height  # it grew, and not around its middle
    assert (new.x + shift[0], new.y + shift[1]) == pytest.approx(
        (old.x - old.width / 2, old.y - old.height / 2)
    )
    assert_sound(after, expanded)


def test_a_composed_export_left_to_right_is_drawn_where_the_window_puts_it(monkeypatch, tmp_path) -> None:
    """The exported SVG of a composed left-to-right picture has every node at its composed place
    (one shift for all: Graphviz's pad), so it runs left to right as the window does."""
    monkeypatch.setattr("graphviz_app.core.graphviz.compose.SINGLE_RUN_MAX_NODES", 50)
    graph = residual_stack(stages=2, blocks=4)
    options = ViewOptions(rankdir="LR")
    target = tmp_path / "lr.svg"
    assert export_graph(graph, target, options=options) == []
    drawn = Composer().compose(build_display(graph, options))
    centres = {}
    for group in ElementTree.parse(target).getroot().iter(f"{SVG}g"):
        if group.get("class") == "node" and (title := group.find(f"{SVG}title").text) in drawn.nodes:
            text = group.find(f"{SVG}text")
            centres[title] = (float(text.get("x")), float(text.get("y")))
    assert set(centres) == set(drawn.nodes)
    shifts = {round(x - drawn.nodes[did].x, 1) for did, (x, _) in centres.items()}
    assert len(shifts) == 1, sorted(shifts)[:5]
    assert drawn.width > 3 * drawn.height
