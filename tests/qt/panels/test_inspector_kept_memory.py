"""The Inspector's "kept for backward" row: a node's bytes as the capture measured them, a
collapsed module's sum over its nodes, in English and in Korean; graphs saved before show none."""

from __future__ import annotations

from pathlib import Path

from graphviz_app.core.model.kept_memory import format_bytes

from ..conftest import LOAD_TIMEOUT_MS

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
x = torch.randn(4, 8)
loss = model(x).pow(2).mean()
"""


def test_a_node_and_a_collapsed_module_show_what_they_keep(window, load, qtbot, qapp, write_script):
    from graphviz_app.qt.i18n import install_translators

    load(write_script(SCRIPT, "kept_memory.py"))
    vm = window.document.view_model
    graph = vm.graph
    relu = next(n for n, d in graph.nodes(data=True) if d["op"] == "ReluBackward0")
    assert graph.nodes[relu]["saved_bytes"] == 4 * 16 * 4  # its float32 result
    vm.select_graph_node(relu)
    assert window.inspector.values()["Tensor/kept for backward"] == "256 B"

    members = [n for n, d in graph.nodes(data=True) if d["module"] == "0"]
    expected = sum(graph.nodes[n]["saved_bytes"] for n in members)
    assert expected > 0
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        vm.collapse("0")
    module = next(i for i, d in vm.display.nodes.items() if d.kind == "module" and d.module == "0")
    vm.select(module)
    assert window.inspector.values()["Module/kept for backward"] == format_bytes(expected)

    assert install_translators(qapp, "ko") == "ko"
    try:
        vm.select(None)
        vm.select(module)
        shown = window.inspector.shown()
    finally:
        install_translators(qapp, "en")
    assert shown["모듈/역전파 보관량"] == format_bytes(expected)


def test_a_graph_saved_before_shows_no_row(window, load):
    load(Path(__file__).parents[2] / "core" / "golden" / "small_cnn.json")
    vm = window.document.view_model
    vm.select_graph_node(next(n for n, d in vm.graph.nodes(data=True) if d["kind"] == "op"))
    rows = window.inspector.values()
    assert "Tensor/shape" in rows and "Tensor/kept for backward" not in rows
