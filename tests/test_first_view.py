"""The first view of a new graph: collapsed to the deepest module depth readable on screen.

Counts are checked by hand on a synthetic model, then on a real captured transformer (torch's own
``nn.TransformerEncoder``, run through the app's capture), where the chosen view's display graph
must draw exactly the predicted number of nodes.
"""

from __future__ import annotations

import textwrap

import networkx as nx
import pytest

from graphviz_app.core.view import first_view as first_view_module
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.core.view.first_view import (
    MIN_NODES,
    MIN_READABLE_ZOOM,
    READABLE_ZOOM,
    drawn_count,
    first_view,
    opening_window,
    readable_capacity,
)


def blocks(count: int, parts: int, ops: int) -> nx.DiGraph:
    """A chain through ``count`` blocks ``b.<i>``, each with ``parts`` submodules ``b.<i>.p<j>``
    of ``ops`` nodes: ``count * parts * ops`` nodes in all."""
    graph = nx.DiGraph()
    previous = None
    for i in range(count):
        for j in range(parts):
            for k in range(ops):
                node = f"n{i}_{j}_{k}"
                graph.add_node(node, op="AddBackward0", module=f"b.{i}.p{j}")
                if previous is not None:
                    graph.add_edge(previous, node)
                previous = node
    return graph


def test_the_capacity_is_two_screens_of_readable_nodes():
    # 130 x 75 points a node at zoom 0.9: 117 x 67.5 px; 1170 x 675 px holds 10 x 10, twice.
    assert readable_capacity(1170, 675) == 200
    assert readable_capacity(10, 10) == MIN_NODES // 4  # a tiny view still shows something


def test_drawn_nodes_are_counted_by_hand():
    graph = blocks(4, 3, 30)  # 360 nodes
    assert drawn_count(graph, frozenset()) == 360
    assert drawn_count(graph, {"b"}) == 1
    assert drawn_count(graph, {"b.0", "b.1", "b.2", "b.3"}) == 4
    assert drawn_count(graph, {"b.0.p0", "b.0.p1", "b.0.p2"}) == 3 + 270
    assert drawn_count(graph, {"b.0", "b.0.p1"}) == 1 + 270  # the outermost collapsed one counts


def test_a_graph_of_a_few_hundred_nodes_opens_as_it_is():
    graph = blocks(2, 3, 50)  # 300 nodes: not above MIN_NODES
    view = first_view(graph, ViewOptions(), (400, 300))
    assert not view.changed and view.options == ViewOptions() and view.drawn == 300


def test_a_bigger_graph_opens_at_the_deepest_readable_depth():
    graph = blocks(4, 3, 30)  # 360 nodes; depth 3: 12 part boxes; depth 2: 4 blocks
    view = first_view(graph, ViewOptions(), (1170, 675))  # capacity 200
    assert view.depth == 3 and view.drawn == 12 and view.full == 360
    assert view.options.collapsed == frozenset(f"b.{i}.p{j}" for i in range(4) for j in range(3))
    assert len(build_display(graph, view.options).nodes) == 12


def test_the_depth_never_adds_detail_the_cost_model_left_out():
    graph = blocks(4, 3, 30)
    view = first_view(graph, ViewOptions(), (1170, 675), max_depth=2)
    assert view.depth == 2 and view.drawn == 4


def test_modules_already_collapsed_stay_collapsed():
    graph = blocks(4, 3, 40)  # 480 nodes, 360 drawn with b.0 collapsed
    start = ViewOptions(collapsed=frozenset({"b.0"}))
    view = first_view(graph, start, (1170, 675))
    assert "b.0" in view.options.collapsed and view.drawn == 1 + 9


def test_a_graph_without_modules_opens_in_full():
    graph = nx.path_graph(2000, create_using=nx.DiGraph)
    view = first_view(graph, ViewOptions(), (800, 600))
    assert not view.changed and view.drawn == 2000


def test_a_small_window_collapses_further():
    graph = blocks(6, 4, 20)  # 480 nodes: 24 parts, 6 blocks
    big = first_view(graph, ViewOptions(), (1600, 1000))
    small = first_view(graph, ViewOptions(), (120, 80))
    assert big.depth == 3 and big.drawn == 24
    assert small.depth == 3  # 24 still fits the floor of MIN_NODES // 4 = 75 nodes
    tiny_capacity = first_view(blocks(30, 4, 5), ViewOptions(), (120, 80))  # 600 nodes, 120 parts
    assert tiny_capacity.depth == 2 and tiny_capacity.drawn == 30


torch = pytest.importorskip("torch")


def test_a_captured_transformer_opens_at_a_readable_depth(write_script):
    from graphviz_app.core.model.graph import graph_from_trace
    from graphviz_app.worker.script import ScriptCapture

    path = write_script(
        textwrap.dedent("""
        import torch
        from torch import nn
        torch.manual_seed(0)
        layer = nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0,
                                           batch_first=True)
        model = nn.TransformerEncoder(layer, num_layers=6, enable_nested_tensor=False)
        out = model(torch.randn(2, 5, 16)).sum()
    """)
    )
    graph = graph_from_trace(ScriptCapture(path).run())
    full = graph.number_of_nodes()
    assert full > MIN_NODES, full
    view = first_view(graph, ViewOptions(), (1000, 650))
    assert view.changed and view.full == full
    shown = build_display(graph, view.options)
    assert len(shown.nodes) == view.drawn <= readable_capacity(1000, 650)
    # the six layers are still told apart: each is drawn, collapsed or with its parts
    assert {f"layers.{i}" for i in range(6)} <= {
        ".".join(n.module.split(".")[:2]) for n in shown.nodes.values() if n.module
    }


def ranks(count: int, per_rank: int, *, gap: float = 13.0) -> list[tuple[float, float, float, float]]:
    """Boxes of a top-to-bottom picture: ``count`` ranks of ``per_rank`` nodes 120 × 40 points,
    ``gap`` points apart vertically and 20 sideways."""
    return [
        (j * 140.0, i * (40 + gap), j * 140.0 + 120, i * (40 + gap) + 40)
        for i in range(count)
        for j in range(per_rank)
    ]


def cut(box, window) -> bool:
    left, top, right, bottom = window
    inside = box[0] >= left and box[2] <= right and box[1] >= top and box[3] <= bottom
    outside = box[2] <= left or box[0] >= right or box[3] <= top or box[1] >= bottom
    return not (inside or outside)


@pytest.mark.parametrize("port", [(555, 452), (1131, 766), (300, 900)])
@pytest.mark.parametrize("per_rank", [1, 3, 12])
def test_a_window_at_the_inputs_shows_every_node_it_shows_whole(port, per_rank):
    boxes = ranks(30, per_rank)
    window = opening_window(boxes, port)
    assert window is not None
    assert MIN_READABLE_ZOOM <= window.zoom <= READABLE_ZOOM
    assert [box for box in boxes if cut(box, window.rect)] == []
    shown = [
        box
        for box in boxes
        if not cut(box, window.rect) and box[1] >= window.rect[1] and box[3] <= window.rect[3]
    ]
    assert any(box[1] == 0 for box in shown)  # the first rank, where the inputs are
    left, top, right, bottom = window.rect
    assert (right - left) * window.zoom == pytest.approx(port[0])
    assert (bottom - top) * window.zoom == pytest.approx(port[1])


def test_a_left_to_right_window_starts_at_the_left():
    boxes = [(top, left, bottom, right) for left, top, right, bottom in ranks(30, 3)]  # transposed
    window = opening_window(boxes, (555, 452), rankdir="LR")
    assert window is not None
    assert [box for box in boxes if cut(box, window.rect)] == []
    assert window.rect[0] < 0 < window.rect[2]  # the leftmost rank is in the window


def test_no_window_when_the_first_node_is_wider_than_the_view():
    assert opening_window([(0.0, 0.0, 5000.0, 40.0)], (555, 452)) is None
    assert opening_window([], (555, 452)) is None


@pytest.mark.parametrize("port", [(555, 452), (1131, 766), (300, 900)])
def test_the_nodes_no_window_reaches_are_left_out_and_change_nothing(port):
    """A tall picture's window, worked out from the nodes near its top only, is the one every
    node gives (each zoom's window found from all of them, chosen as ``opening_window`` does)."""
    boxes = ranks(400, 4)
    steps = round((READABLE_ZOOM - MIN_READABLE_ZOOM) / first_view_module.ZOOM_STEP)
    zooms = [round(READABLE_ZOOM - i * first_view_module.ZOOM_STEP, 4) for i in range(steps + 1)]
    found = [w for zoom in zooms if (w := first_view_module._window_at(boxes, port, zoom, None)) is not None]
    most = max(window.shown for window in found)
    assert opening_window(boxes, port) == next(w for w in found if w.shown >= 0.75 * most)
