"""Color modes, legends, the gradient scale and device-transfer edges."""

from __future__ import annotations

import math
import re

import pytest

from graphviz_app.core.model.durations import has_times
from graphviz_app.core.model.health import has_health
from graphviz_app.core.view import colors
from graphviz_app.errors import ColorModeError

from .graphs import GraphBuilder, chain, nested_modules, two_devices, with_grads

HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


def test_well_known_devices_have_distinct_readable_fills():
    fills = [colors.device_color(d) for d in ("cpu", "cuda:0", "cuda:1", "mps", "meta")]
    assert len(set(fills)) == 5
    assert all(HEX.match(f) for f in fills)
    assert all(colors.text_color(f) == "#000000" for f in fills)  # light enough for black text


def test_unknown_devices_are_hashed_stably_into_the_palette():
    first = colors.device_color("xla:3")
    assert first == colors.device_color("xla:3")
    assert HEX.match(first)
    assert colors.device_color(None) == colors.NEUTRAL_COLOR


def test_text_color_picks_contrast():
    assert colors.text_color("#FFFFFF") == "#000000"
    assert colors.text_color("#000000") == "#ffffff"
    assert colors.text_color(colors.VIRIDIS_STOPS[0]) == "#ffffff"  # dark purple
    assert colors.text_color(colors.VIRIDIS_STOPS[-1]) == "#000000"  # yellow


def test_device_mode_colors_cpu_and_meta_differently():
    graph = two_devices()
    fills = colors.node_colors(graph, "device")
    assert set(fills) == set(graph)
    cpu = {fills[n] for n, d in graph.nodes(data="device") if d == "cpu"}
    meta = {fills[n] for n, d in graph.nodes(data="device") if d == "meta"}
    assert len(cpu) == 1 and len(meta) == 1 and cpu != meta


def test_transfer_edges_are_the_device_changes():
    graph = two_devices()
    transfers = colors.transfer_edges(graph)
    assert transfers == {("n1", "n2"), ("n4", "n5")}
    assert all(graph.nodes[v]["op"] == "ToCopyBackward0" for _, v in transfers)
    assert colors.transfer_edges(chain(5)) == set()


def test_transfer_edge_color_stands_out_on_white():
    for device in ("cpu", "meta", "cuda:0", "mps", "xla:0"):
        line = colors.device_edge_color(device)
        lum = colors._luminance(line)
        assert 1.05 / (lum + 0.05) >= 3.0, device


def test_device_legend_counts_nodes():
    rows = colors.legend(two_devices(), "device")
    assert [r.text for r in rows] == ["cpu (4)", "meta (3)"]
    assert rows[0].color == colors.device_color("cpu")


@pytest.mark.parametrize(
    "op,family",
    [
        ("AddmmBackward0", "matmul / conv"),
        ("MmBackward0", "matmul / conv"),
        ("TBackward0", "shape / view"),
        ("ReluBackward0", "activation"),
        ("AddBackward0", "elementwise"),
        ("SumBackward0", "reduction"),
        ("NativeLayerNormBackward0", "normalization"),
        ("NllLossBackward0", "loss"),
        ("ToCopyBackward0", "device copy"),
        ("AccumulateGrad", "leaf"),
        ("ScaledDotProductEfficientAttentionBackward0", "matmul / conv"),
        ("MyReLUBackward", "other"),
        (None, "other"),
    ],
)
def test_op_families(op, family):
    assert colors.op_family(op) == family


def test_op_mode_is_stable_per_family_and_legend_lists_present_families():
    graph = nested_modules()
    fills = colors.node_colors(graph, "op")
    mm = {fills[n] for n, op in graph.nodes(data="op") if op == "MmBackward0"}
    assert len(mm) == 1
    labels = [r.label for r in colors.legend(graph, "op")]
    assert "matmul / conv" in labels and "leaf" in labels and "loss" not in labels
    assert sum(r.count for r in colors.legend(graph, "op")) == len(graph)


def test_module_mode_colors_by_top_level_module():
    graph = nested_modules()
    fills = colors.node_colors(graph, "module")
    enc = {fills[n] for n, m in graph.nodes(data="module") if m and m.startswith("encoder")}
    head = {fills[n] for n, m in graph.nodes(data="module") if m == "head"}
    assert len(enc) == 1 and len(head) == 1 and enc != head
    none = {fills[n] for n, m in graph.nodes(data="module") if m is None}
    assert none == {colors.NEUTRAL_COLOR}
    assert [r.text for r in colors.legend(graph, "module")] == ["encoder (14)", "head (2)", "(no module) (2)"]


def test_grad_scale_is_logarithmic_between_finite_nonzero_norms():
    graph = with_grads()
    scale = colors.grad_scale(graph)
    assert scale is not None
    assert scale.lo == pytest.approx(1e-3) and scale.hi == pytest.approx(100.0)
    assert scale.ticks[0] == scale.lo and scale.ticks[-1] == scale.hi
    assert 0.01 in scale.ticks and 1.0 in scale.ticks
    assert scale.position(1e-3) == 0.0 and scale.position(100.0) == 1.0
    assert scale.position(0.1) == pytest.approx(0.4)  # 2 of 5 decades
    assert scale.color(1e-3) == colors.VIRIDIS_STOPS[0].upper()
    assert scale.color(100.0) == colors.VIRIDIS_STOPS[-1].upper()


def test_grad_mode_marks_nan_and_missing_grads():
    graph = with_grads()
    fills = colors.node_colors(graph, "grad")
    assert fills["n4"] == colors.WARNING_COLOR  # DivBackward0 got NaN
    assert fills["n2"] == colors.NO_GRAD_COLOR  # "frozen" has no grad
    scale_colors = {colors.ramp_color(i / 100) for i in range(101)}
    assert colors.WARNING_COLOR not in scale_colors
    assert fills["n0"] != fills["n5"]  # 1e-3 vs 100
    rows = {r.label: r.count for r in colors.legend(graph, "grad")}
    assert rows == {"gradient norm (log scale)": 5, "NaN/Inf gradient": 1, "no gradient": 1}


def test_grad_mode_without_backward_is_all_gray():
    graph = chain(4)
    assert colors.grad_scale(graph) is None
    assert set(colors.node_colors(graph, "grad").values()) == {colors.NO_GRAD_COLOR}
    assert not colors.has_grads(graph)


def test_inf_and_zero_and_unknown_norms():
    b = GraphBuilder()
    x = b.leaf("x")
    y = b.op("ExpBackward0", x)
    z = b.op("SumBackward0", y, shape=[])
    b.grad(x, 0.0)
    b.grad(y, math.inf, inf=1)
    b.grad(z, None)  # a meta tensor: no statistics
    fills = colors.node_colors(b.build(z), "grad")
    assert fills == {"n0": colors.ramp_color(0.0), "n1": colors.WARNING_COLOR, "n2": colors.NO_GRAD_COLOR}


def test_unknown_mode_is_refused_with_the_modes_named():
    for ask in (
        lambda: colors.node_colors(chain(2), "rainbow"),
        lambda: colors.legend(chain(2), "rainbow"),
        lambda: colors.color_mode("Device"),
    ):  # the key, not the menu name
        with pytest.raises(
            ColorModeError, match=r"use one of device, op, module, grad, memory, time, health\."
        ):
            ask()


def test_the_registry_is_the_one_list_of_modes():
    """Keys, names and titles are distinct; every mode fills every node, and its legend counts
    every node once (on a graph with devices, modules and gradients of every kind)."""
    specs = colors.COLOR_MODE_SPECS
    assert (
        colors.COLOR_MODES
        == tuple(s.key for s in specs)
        == ("device", "op", "module", "grad", "memory", "time", "health")
    )
    for field in ("key", "name", "title"):
        assert len({getattr(s, field) for s in specs}) == len(specs), field
    graph = with_grads()
    for spec in specs:
        assert colors.color_mode(spec.key) is spec
        fills = colors.node_colors(graph, spec.key)
        assert set(fills) == set(graph) and all(HEX.match(f) for f in fills.values()), spec.key
        rows = colors.legend(graph, spec.key)
        assert sum(r.count or 0 for r in rows) == len(graph), spec.key
    assert [s.key for s in specs if s.scale(graph) is not None] == ["grad"]
    assert [s.key for s in specs if s.needs_gradients] == ["grad"]
    assert [s.key for s in specs if s.needs is colors.has_saved_bytes] == ["memory"]
    assert [s.key for s in specs if s.needs is has_times] == ["time"]
    assert [s.key for s in specs if s.needs is has_health] == ["health"]
