"""One path from a display graph to a picture (core.graphviz.arrange): the choice between one ``dot`` run
and composition, the layout cache's key, and a composed picture written into DOT for export."""

from __future__ import annotations

import shutil

import networkx as nx
import pytest

from graphviz_app.core.graphviz import arrange, compose
from graphviz_app.core.graphviz.dot import LEGEND_ID, Paint, dot_graph
from graphviz_app.core.graphviz.layout import LayoutJob, parse_json_layout
from graphviz_app.core.graphviz.layout_cache import LayoutCache, layout_key
from graphviz_app.core.view import colors
from graphviz_app.core.view.display import ViewOptions, build_display

from .graphs import GraphBuilder, nested_modules, two_devices

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")

MODES = colors.COLOR_MODES


def module_chain(nodes: int) -> nx.DiGraph:
    """A chain of ``nodes`` display nodes: an input, then ops in modules of 50."""
    b = GraphBuilder()
    x = b.leaf("x", shape=[1, 8])
    for k in range(nodes - 1):
        x = b.op("TanhBackward0", x, shape=[1, 8], module=f"blocks.{k // 50}")
    return b.build(x)


def test_one_dot_run_up_to_the_threshold_then_composition() -> None:
    at = module_chain(compose.SINGLE_RUN_MAX_NODES)
    above = module_chain(compose.SINGLE_RUN_MAX_NODES + 1)
    display, bigger = build_display(at), build_display(above)
    assert len(display.nodes) == compose.SINGLE_RUN_MAX_NODES and display.clusters
    assert len(bigger.nodes) == compose.SINGLE_RUN_MAX_NODES + 1

    one = arrange.layout_job(display, at)
    assert not compose.should_compose(display) and not one.composed
    assert one.text == arrange.dot_graph(display, at).text(paint=False)
    drawn = arrange.picture(display, at, arrange.Paint(legend=True))
    assert drawn.program == ("dot",) and drawn.layout is None
    assert (
        drawn.text == dot_graph(display, at, Paint(legend=True)).text()
    )  # exactly what a plain export renders

    composed = arrange.layout_job(bigger, above)
    assert compose.should_compose(bigger) and composed.composed and composed.text is None
    assert not composed.cached()
    drawn = arrange.picture(bigger, above)
    assert drawn.program == arrange.PINNED_PROGRAM and drawn.layout is not None
    assert set(drawn.layout.nodes) == set(bigger.nodes)

    flat = build_display(above, ViewOptions(clusters=False))  # nothing to compose by
    assert not compose.should_compose(flat) and not arrange.layout_job(flat, above).composed


def test_the_text_dot_lays_out_is_the_picture_without_paint() -> None:
    graph = nested_modules()
    display = build_display(graph)
    text = arrange.layout_job(display, graph).text
    assert text is not None
    assert "color=" not in text  # color, fillcolor, fontcolor: none moves a node
    painted = dot_graph(display, graph).text()
    assert "fillcolor=" in painted and "color=" in painted
    assert set(display.nodes) <= set(LayoutJob(text).result().nodes)


def test_the_cache_key_ignores_what_does_not_move_anything() -> None:
    graph = nested_modules()
    display = build_display(graph)
    painted = {dot_graph(display, graph, Paint(mode=mode)).text() for mode in MODES}
    assert len(painted) > 1  # the modes paint differently...
    keys = {layout_key(arrange.layout_job(display, graph, mode=mode).text or "") for mode in MODES}
    assert len(keys) == 1  # ...and lay out the same
    roomy = arrange.layout_job(display, graph, budget=1e9)
    assert roomy.text == arrange.layout_job(display, graph).text  # fast enough: nothing added
    assert roomy.estimate is not None and roomy.estimate.seconds < 1e9


@pytest.mark.parametrize("change", ["collapsed", "rankdir", "labels", "limits", "graph"])
def test_the_cache_key_follows_what_moves_something(change: str) -> None:
    graph = nested_modules()
    display = build_display(graph)
    before = arrange.layout_job(display, graph).text or ""
    if change == "collapsed":
        path = next(iter(display.clusters))
        after = arrange.layout_job(build_display(graph, ViewOptions(collapsed=frozenset({path}))), graph)
    elif change == "rankdir":
        after = arrange.layout_job(build_display(graph, ViewOptions(rankdir="LR")), graph)
    elif change == "labels":
        after = arrange.layout_job(build_display(graph, ViewOptions(label_detail="names")), graph)
    elif change == "limits":  # a run predicted slower than the budget gets iteration limits
        after = arrange.layout_job(display, graph, budget=0.0)
        assert after.estimate is not None and 'searchsize="10"' in (after.text or "")
    else:
        devices = two_devices()
        after = arrange.layout_job(build_display(devices), devices)
    assert layout_key(after.text or "", "v") != layout_key(before, "v")


def test_a_device_transfer_label_is_laid_out_in_every_mode() -> None:
    """The label on a transfer edge takes room, so it stays in the text ``dot`` lays out."""
    graph = two_devices()
    display = build_display(graph)
    texts = {arrange.layout_job(display, graph, mode=mode).text for mode in MODES}
    assert len(texts) == 1
    assert "label=" in next(iter(texts)).split("->", 1)[1]


def test_the_window_reuses_a_layout_after_a_color_change(tmp_path) -> None:
    cache = LayoutCache(tmp_path)
    graph = nested_modules()
    display = build_display(graph)
    first = arrange.layout_job(display, graph, cache=cache, mode="device")
    assert not first.cached()
    laid = first.result()
    again = arrange.layout_job(display, graph, cache=cache, mode="module")
    assert again.cached() and again.result() == laid
    assert (cache.hits, cache.misses) == (1, 1)


def test_the_retry_without_nslimit_is_written_from_data() -> None:
    graph = nested_modules()
    display = build_display(graph)
    drawn = arrange.picture(display, graph, arrange.Paint(legend=True))
    assert drawn.fallback is not None
    assert "nslimit=" in drawn.text and "nslimit=" not in drawn.fallback()
    assert drawn.fallback() == arrange.dot_graph(display, graph, arrange.Paint(legend=True)).text(
        nslimit=False
    )


@pytest.fixture(scope="module")
def composed_picture():
    graph = module_chain(compose.SINGLE_RUN_MAX_NODES + 1)
    display = build_display(graph, ViewOptions(rankdir="LR"))  # wide, not tall: short coordinates
    return display, arrange.picture(display, graph, arrange.Paint(mode="module", legend=True))


def test_a_composed_pictures_pinned_dot_parses_back_to_its_positions(composed_picture) -> None:
    display, drawn = composed_picture
    layout = drawn.layout
    assert layout is not None and drawn.fallback is None and "nslimit" not in drawn.text
    job = LayoutJob(drawn.text, 60, args=[*drawn.program[1:], "-Tjson"], program=drawn.program[0])
    back = parse_json_layout(job.run())
    # positions are written with two decimals; Graphviz reads them back into node and cluster
    # attributes with 5 significant digits (drawing ops, the edges' splines, keep two decimals)
    near = {"rel": 5e-5, "abs": 0.01}
    assert set(back.nodes) == set(display.nodes) | {LEGEND_ID}
    assert back.height == pytest.approx(layout.height, **near)
    assert back.width > layout.width + arrange.LEGEND_GAP  # the legend at the right
    for did, box in layout.nodes.items():
        assert (back.nodes[did].x, back.nodes[did].y) == pytest.approx((box.x, box.y), **near)
    legend = back.nodes[LEGEND_ID]
    assert legend.x - legend.width / 2 == pytest.approx(layout.width + arrange.LEGEND_GAP, rel=5e-5, abs=0.5)
    assert legend.y - legend.height / 2 == pytest.approx(0, abs=0.5)  # at the top
    splines = {(e.source, e.target): e.points for e in back.edges}  # a chain: one edge a pair
    assert len(splines) == len(back.edges) == len(layout.edges) == len(display.edges)
    for mine in layout.edges:
        read = splines[mine.source, mine.target]
        assert len(read) == len(mine.points)
        assert [c for p in read for c in p] == pytest.approx([c for p in mine.points for c in p], abs=0.01)
    clusters = {c.name: c for c in back.clusters}
    assert set(clusters) == set(display.clusters)
    for box in layout.clusters:
        read = clusters[box.name]
        assert (read.x, read.y, read.x + read.width, read.y + read.height) == pytest.approx(
            (box.x, box.y, box.x + box.width, box.y + box.height), **near
        )  # its corners


def test_a_composed_pictures_dot_is_painted_as_the_plain_text(composed_picture) -> None:
    """The pinned DOT is the painted DOT with positions added: same statements, same looks."""
    display, drawn = composed_picture
    assert 'fillcolor="' in drawn.text and 'bb="0,0,' in drawn.text
    assert drawn.text.count(' [pos="') == len(display.nodes) + len(display.edges) + 1
