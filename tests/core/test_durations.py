"""Time per node, app side: durations for people, a node's forward and backward time together,
sums per module, the slowest nodes, the ``time`` colour mode, and saved graphs with and without
the fields."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hostile import node, trace

from graphviz_app.core.export import export_graph
from graphviz_app.core.model.durations import BACKWARD, FORWARD, TIME, format_duration, graph_times, has_times
from graphviz_app.core.model.graph import graph_from_trace, load_graph_json
from graphviz_app.core.model.kept_memory import Kept, kept_by, largest_holders, module_kept, node_kept
from graphviz_app.core.view import colors, look
from graphviz_app.core.view.display import DisplayNode
from graphviz_app.wire.errors import GraphvizAppError


@pytest.mark.parametrize(
    ("ns", "text"),
    [
        (0, "0 ns"),
        (850, "850 ns"),
        (1000, "1 µs"),
        (12_500, "12.5 µs"),
        (999_700, "1 ms"),  # rounds to 1000 µs: the next unit
        (3_200_000, "3.2 ms"),
        (1_500_000_000, "1.5 s"),
        (1_234_567_000_000, "1235 s"),
    ],
)
def test_durations_read_in_ns_us_ms_or_s_with_three_digits(ns, text):
    assert format_duration(ns) == text


def graph(*times: tuple[int | None, int | None], modules: tuple[str | None, ...] = ()):
    nodes = [
        node(k, forward_ns=f, backward_ns=b, module=modules[k] if k < len(modules) else None)
        for k, (f, b) in enumerate(times)
    ]
    edges = [
        {"source": f"n{k}", "target": f"n{k + 1}", "slots": [0], "grad": None} for k in range(len(nodes) - 1)
    ]
    total = sum(f or 0 for f, _ in times)
    return graph_from_trace(
        trace(nodes=nodes, edges=edges, forward_ns_total=total, backward_ns_total=None, time_clock="host")
    )


def test_a_node_takes_its_forward_and_backward_time_and_a_module_its_nodes():
    g = graph((100, 50), (None, 2000), (None, None), (7, 0), modules=("enc.0", "enc.1", "enc.1", "head"))
    assert node_kept(g, "n0", TIME) == Kept(150, 0)
    assert node_kept(g, "n1", FORWARD) == Kept(0, 1) and node_kept(g, "n1", BACKWARD) == Kept(2000, 0)
    assert node_kept(g, "n2", TIME) == Kept(0, 1)
    sums = module_kept(g, TIME)
    assert sums == {"enc": Kept(2150, 1), "enc.0": Kept(150, 0), "enc.1": Kept(2000, 1), "head": Kept(7, 0)}
    assert kept_by(g, ["n0", "n1"], TIME).words(TIME) == "2.15 µs"
    assert kept_by(g, ["n0", "n2"], TIME).words(TIME).english() == "at least 150 ns (1 unknown)"
    assert largest_holders(g, measure=TIME) == ["n1", "n0", "n3"]
    assert graph_times(g) == (107, None) and has_times(g)


def test_the_time_mode_orders_the_fills_by_time_and_sums_a_module():
    g = graph((10, 0), (1000, 0), (100_000, 0), (None, None), modules=("a", "a", "b", "b"))
    spec = colors.color_mode("time")
    assert spec.offered(g)
    fills = colors.node_colors(g, "time")
    scale = colors.duration_scale(g)
    assert isinstance(scale, colors.DurationScale) and (scale.lo, scale.hi) == (10, 100_000)
    positions = [scale.position(t) for t in (10, 1000, 100_000)]
    assert positions == sorted(positions) and positions[0] < positions[1] < positions[2]
    assert [fills[n] for n in ("n0", "n1", "n2")] == [colors.ramp_color(p) for p in positions]
    assert fills["n3"] == colors.UNKNOWN_KEPT_COLOR
    module = DisplayNode(id="m:a", kind="module", label="a", module="a", members=("n0", "n1"))
    assert look.node_fill(module, fills) == scale.color(1010)
    rows = {row.text for row in colors.legend(g, "time")}
    assert rows == {"took 10 ns to 100 µs (log scale) (3)", "not measured (1)"}
    assert [scale.label(t) for t in scale.ticks] == ["10 ns", "100 ns", "1 µs", "10 µs", "100 µs"]


def test_a_graph_saved_before_the_fields_opens_without_times():
    g = load_graph_json(Path(__file__).parent / "golden" / "small_cnn.json")
    assert "forward_ns_total" not in g.graph and graph_times(g) == (None, None)
    assert not has_times(g) and not colors.color_mode("time").offered(g)
    assert all(node_kept(g, n, TIME) == Kept(0, 1) for n in g)
    assert largest_holders(g, measure=TIME) == []


@pytest.mark.parametrize("bad", [-1, "12", 1.5, True])
def test_a_bad_time_is_refused_naming_the_field(tmp_path, bad):
    path = tmp_path / "graph.json"
    for data, field in (
        (
            trace(nodes=[node(0, op="AccumulateGrad", kind="leaf"), node(1, backward_ns=bad)]),
            "nodes[1].backward_ns",
        ),
        (trace(forward_ns_total=bad), "graph.forward_ns_total"),
        (trace(time_clock=bad), "graph.time_clock"),
    ):
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(GraphvizAppError) as caught:
            load_graph_json(path)
        assert field in str(caught.value)


def test_an_svg_in_time_colours_draws_its_bar_in_durations_and_an_old_graph_says_why_not(tmp_path):
    g = graph((10, 0), (1000, 0), (100_000, 0))
    out = tmp_path / "g.svg"
    assert export_graph(g, out, mode="time") == []
    texts = [t.text for t in ET.parse(out).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert "time, log scale" in texts and "10 ns" in texts and "100 µs" in texts
    old = load_graph_json(Path(__file__).parent / "golden" / "small_cnn.json")
    notices = export_graph(old, tmp_path / "old.svg", mode="time")
    assert [n.english() for n in notices] == [
        "Coloring by time needs the times the capture measures, but this graph has none (it was saved "
        "before they were measured), so every node is drawn as not measured. Export the script itself, "
        "not a saved graph, to see them."
    ]
