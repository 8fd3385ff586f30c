"""Opening a saved graph plans its view and makes what its panels show on the thread that read it:
the window's panels fill from that ready data instead of computing it on the GUI thread. (Whether
the event loop stalls is measured by ``bench/bigfile.py``.)"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from hostile import node, trace

from graphviz_app.core.graphviz.opening import PreparedView
from graphviz_app.core.model import derived
from graphviz_app.core.model.topology import module_paths
from graphviz_app.core.view import colors
from graphviz_app.core.view.display import GraphFacts
from graphviz_app.qt.panels import holders, leaves, modules, problems, source

from ..conftest import LOAD_TIMEOUT_MS


def blocks_file(path: Path, blocks: int) -> Path:
    """A saved graph of ``blocks`` residual blocks (``blocks.{i}``: leaf a, mul, add), each with
    a source line, and its loss."""
    nodes = [node(0, op="AccumulateGrad", kind="leaf", name="x")]
    edges = []
    x = "n0"
    for i in range(blocks):
        base = len(nodes)
        module = f"blocks.{i}"
        line = {"file": "model.py", "line": 10 + i, "code": "x = x + x * a"}
        nodes += [
            node(base, op="AccumulateGrad", kind="leaf", name=f"{module}.a", module=module),
            node(base + 1, op="MulBackward0", module=module, source=line),
            node(base + 2, op="AddBackward0", module=module, source=line),
        ]
        edges += [
            {"source": x, "target": f"n{base + 1}", "slots": [0], "grad": None},
            {"source": f"n{base}", "target": f"n{base + 1}", "slots": [1], "grad": None},
            {"source": x, "target": f"n{base + 2}", "slots": [0], "grad": None},
            {"source": f"n{base + 1}", "target": f"n{base + 2}", "slots": [1], "grad": None},
        ]
        x = f"n{base + 2}"
    loss = len(nodes)
    nodes.append(node(loss, op="MeanBackward0", name="loss", is_output=True))
    edges.append({"source": x, "target": f"n{loss}", "slots": [0], "grad": None})
    path.write_text(json.dumps(trace(nodes, edges, script="model.py")), encoding="utf-8")
    return path


def test_the_view_and_the_panels_data_are_made_on_the_reading_thread(window, qtbot, tmp_path):
    path = blocks_file(tmp_path / "blocks.json", 40)
    handed: list[object] = []
    window.controller.reads.finished.connect(lambda _graph, request: handed.append(request.prepared))
    window.docks["leaves"].raise_()
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)
    graph, doc = window.document.view_model.graph, window.document
    gui = threading.get_ident()

    def made_off_gui(fn, *args) -> bool:
        made = derived.made_on(graph, fn, *args)
        return made is not None and made != gui

    # the view plan, its display graph and the graph's facts came with the graph
    (prepared,) = handed
    assert isinstance(prepared, PreparedView)
    assert doc.plan_made is prepared.plan and doc.view_model.display is prepared.plan.display
    assert made_off_gui(GraphFacts) and made_off_gui(module_paths)
    assert made_off_gui(colors.transfer_edges) and made_off_gui(colors.has_grads)
    # every panel's rows were made there too, and the panels show those very rows
    for fn in (leaves.leaf_rows, leaves.opening_order, modules.module_rows, problems.bad_gradients):
        assert made_off_gui(fn), fn.__name__
    assert made_off_gui(source.lines_by_file)
    assert window.leaves.model.rows is derived.derived(graph, leaves.leaf_rows)
    assert len(window.leaves.row_nodes()) == 41  # x and one leaf per block
    model = window.leaves.model
    names = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert names == sorted(names, key=str.lower)  # no gradients: by name, as made ahead
    qtbot.waitUntil(lambda: not window.modules.filling())
    assert set(window.modules.items()) == set(doc.view_model.modules())


def test_a_big_module_tree_is_made_a_batch_at_a_time(window, load, qtbot, tmp_path):
    path = blocks_file(tmp_path / "many.json", modules.BATCH + 50)  # more modules than a batch
    load(path)
    panel = window.modules
    assert panel.filling() or len(panel.items()) == len(window.document.view_model.modules())
    qtbot.waitUntil(lambda: not panel.filling(), timeout=LOAD_TIMEOUT_MS)
    items = panel.items()
    assert set(items) == set(window.document.view_model.modules())
    top = items["blocks"]
    assert top.childCount() == modules.BATCH + 50
    names = [top.child(i).text(0) for i in range(top.childCount())]
    assert names[:3] == ["0", "1", "2"] and names[10] == "10"  # natural order, not "1", "10", ...


def test_a_panel_behind_a_tab_fills_when_shown_from_values_made_after_the_picture(window, qtbot, tmp_path):
    """The Leaves and Memory tabs behind Modules are not filled for a new graph on its way to
    the first picture: their values are made on a thread once it is drawn, and they fill from
    them when brought to the front."""
    window.docks["modules"].raise_()
    assert not window.leaves.gate.in_sight() and not window.holders.gate.in_sight()
    path = blocks_file(tmp_path / "blocks.json", 40)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)
    graph = window.document.view_model.graph
    assert window.leaves.model.graph is not graph and window.leaves.gate.owed
    gui = threading.get_ident()
    qtbot.waitUntil(lambda: derived.made_on(graph, holders.holders) is not None, timeout=LOAD_TIMEOUT_MS)
    for fn in (leaves.leaf_rows, leaves.opening_order, holders.holders):
        assert derived.made_on(graph, fn) not in (None, gui), fn.__name__
    window.docks["leaves"].raise_()
    assert window.leaves.model.graph is graph and not window.leaves.gate.owed
    assert window.leaves.model.rows is derived.derived(graph, leaves.leaf_rows)
    assert len(window.leaves.model.rows) == 41


def test_a_graph_replaced_in_the_window_is_freed_without_the_collector(window, qtbot, tmp_path):
    """Nothing the window made of a graph holds it in a cycle once another replaces it (its
    derived values, networkx's views, its drawing, the panels behind a tab): it goes when its
    last user lets go, with no full collection (a second's stall at 20,000 nodes)."""
    import gc
    import weakref

    window.docks["modules"].raise_()
    first = blocks_file(tmp_path / "first.json", 30)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(first)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.document.view_model.collapse("blocks.3")  # a relayout: frames dropped, made
    window.docks["leaves"].raise_()  # the Leaves tab shows this graph's rows...
    assert window.leaves.model.graph is window.document.view_model.graph
    window.docks["modules"].raise_()  # ...and is behind a tab when the next one comes
    gone = weakref.ref(window.document.view_model.graph)
    gc.disable()
    try:
        with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            window.open_path(blocks_file(tmp_path / "second.json", 20))
        qtbot.waitUntil(lambda: gone() is None, timeout=LOAD_TIMEOUT_MS)
    finally:
        gc.enable()


def test_a_graph_replaced_while_its_later_values_are_made_is_still_freed(
    window, qtbot, tmp_path, monkeypatch
):
    """The thread making a drawn graph's later values may outlast the graph: what it hangs on
    the graph once the window has released it is let go when it ends."""
    import gc
    import weakref

    started, go_on = threading.Event(), threading.Event()

    def slow(graph):
        started.set()
        go_on.wait(30)
        return derived.derived(graph, GraphFacts)  # a value that holds its graph

    monkeypatch.setattr(derived, "LATER", [slow])
    window.docks["modules"].raise_()
    window.controller._warm_timer.setInterval(0)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(blocks_file(tmp_path / "first.json", 30))
    qtbot.waitUntil(started.is_set, timeout=LOAD_TIMEOUT_MS)
    gone = weakref.ref(window.document.view_model.graph)
    gc.disable()
    try:
        with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            window.open_path(blocks_file(tmp_path / "second.json", 20))
        go_on.set()  # the thread now hangs facts that hold it on the released graph
        qtbot.waitUntil(lambda: gone() is None, timeout=LOAD_TIMEOUT_MS)
    finally:
        go_on.set()
        gc.enable()
