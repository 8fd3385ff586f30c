"""Big graphs stay usable: the cost is estimated before dot runs, big graphs open collapsed,
unchanged graphs come from the layout cache, and a slow layout can be cancelled."""

from __future__ import annotations

from pathlib import Path

from core.graphs import rnn_like, transformer_like

from graphviz_app.core.graphviz import compose
from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.core.view.display import ViewOptions

LOAD_TIMEOUT_MS = 120_000


def save(graph, folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text(dumps_graph(graph))
    return path


def test_a_big_graph_opens_collapsed_to_module_level(window, load, tmp_path, monkeypatch):
    # as if even its composed layout were too slow (composition is tested in test_compose_window)
    monkeypatch.setattr(compose, "SECONDS_PER_NODE", 1e-3)
    graph = transformer_like(100)
    assert graph.number_of_nodes() > 3000
    load(save(graph, tmp_path, "big.json"), timeout=LOAD_TIMEOUT_MS)
    doc = window.document
    assert doc.view_model.options.collapsed, "the plan collapsed modules before the first layout"
    modules = [n for n in doc.view_model.display.nodes.values() if n.kind == "module"]
    assert modules and len(doc.view_model.display.nodes) < graph.number_of_nodes()
    assert len(window.scene.node_items) == len(doc.view_model.display.nodes)
    text = window.messages.plain_text()
    assert "This graph is large (" in text and "module by module and drawing every node" in text


def test_expanding_a_collapsed_module_on_demand(window, load, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(compose, "SECONDS_PER_NODE", 1e-3)  # opens collapsed, as above
    load(save(transformer_like(100), tmp_path, "big.json"), timeout=LOAD_TIMEOUT_MS)
    doc = window.document
    before = len(doc.view_model.display.nodes)
    module = sorted(doc.view_model.options.collapsed)[0]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        doc.view_model.expand(module)
    assert module not in doc.view_model.options.collapsed
    assert len(window.scene.node_items) == len(doc.view_model.display.nodes) > before


def test_reopening_an_unchanged_graph_hits_the_layout_cache(window, load, tmp_path):
    path = save(transformer_like(4), tmp_path, "small.json")
    load(path)
    cache = window.controller.layout_cache
    hits, misses = cache.hits, cache.misses
    load(path)
    assert cache.hits == hits + 1 and cache.misses == misses


def test_a_slow_layout_shows_progress_and_can_be_cancelled(window, load, qtbot, tmp_path):
    load(save(rnn_like(100), tmp_path, "rnn.json"))
    doc = window.document
    # Without hub splitting this view takes dot minutes (one weight used 100 ranks apart).
    doc.view_model.set_view_options(ViewOptions(split_hubs=False))
    qtbot.waitUntil(lambda: window.view.busy.isVisible(), timeout=10_000)
    assert "Laying out" in window.view.busy.label.text() and "about" in window.view.busy.label.text()
    assert window.actions_.cancel.isEnabled()
    window.actions_.cancel.trigger()
    qtbot.waitUntil(lambda: "Layout cancelled" in window.messages.plain_text(), timeout=30_000)
    qtbot.waitUntil(lambda: not window.view.busy.isVisible(), timeout=10_000)
    # the window goes on: back to split hubs, a normal layout
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        doc.view_model.set_view_options(ViewOptions(split_hubs=True))
    assert len(window.scene.node_items) == len(doc.view_model.display.nodes)
