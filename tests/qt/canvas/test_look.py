"""The window draws the look core.view.look decides, the look the DOT writer exports."""

from __future__ import annotations

import pytest
from core.graphs import chain, two_devices
from PySide6.QtGui import QColor

from graphviz_app.core.graphviz.dot import Paint, dot_graph
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.view import colors, look
from graphviz_app.core.view.display import build_display
from graphviz_app.core.view.look import NodeStyle, ViewState
from graphviz_app.qt.canvas.overview import PLAIN_EDGE_WIDTH
from graphviz_app.qt.canvas.widget import GraphWidget


@pytest.fixture
def widget(qtbot):
    widget = GraphWidget()
    widget.resize(800, 600)
    qtbot.addWidget(widget)
    yield widget
    widget.graph_scene.stop_animation()


def show(widget: GraphWidget, graph, state: ViewState) -> None:
    display = build_display(graph)
    widget.show_layout(display, LayoutJob(dot_graph(display, graph).text()).result(), graph, fit=True)
    widget.restyle(state, dark=False)


def test_nodes_and_edges_look_as_core_look_decides(widget):
    """Fill, text, outline, dash and badge of every node, colour and width of every edge."""
    graph = chain(5)
    styles = {
        "n1": NodeStyle(ghost=True),
        "n2": NodeStyle(pen="#d81b60", penwidth=3.0, extra_label="‖g‖=2"),
        "n3": NodeStyle(fill="#123456", dashed=True),
    }
    state = ViewState(
        colors.node_colors(graph, "device"),
        styles,
        selected="n4",
        marked=frozenset({("n1", "n2")}),
        flow_backward=True,
    )
    show(widget, graph, state)
    scene = widget.graph_scene
    display = scene.display
    assert display is not None
    for did, item in scene.node_items.items():
        expected = look.node_look(display.nodes[did], state)
        assert item.fill == QColor(expected.fill) and item.text_color == QColor(expected.text)
        assert item.pen_color == QColor(expected.pen) and item.pen_width == expected.pen_width
        assert (item.ghost, item.badge) == (expected.ghost, expected.badge)
        assert item.dashed == (expected.dashed or expected.ghost)  # a ghost is drawn dotted
    edges = {(e.source, e.target): e for e in display.edges}
    transfers = colors.transfer_edges(graph)
    for item in scene.edge_items:
        expected_edge = look.edge_look(edges[(item.source, item.target)], graph, transfers, state)
        assert item.color == QColor(expected_edge.color) and item.flow == expected_edge.flow
        # a plain edge is a hair wider on screen than Graphviz's 1 pt (antialiased pixels)
        width = PLAIN_EDGE_WIDTH if expected_edge.kind == "plain" else expected_edge.width
        assert item.width == width
    kinds = {look.edge_look(e, graph, transfers, state).kind for e in display.edges}
    assert kinds == {"step", "selected", "plain"}  # the test saw each kind it means to


def test_a_device_transfer_is_dashed_in_the_destination_colour(widget):
    graph = two_devices()
    show(widget, graph, ViewState(colors.node_colors(graph, "device")))
    moved = [e for e in widget.graph_scene.edge_items if e.transfer]
    assert moved and all(
        e.color == QColor(colors.device_edge_color("meta"))
        or e.color == QColor(colors.device_edge_color("cpu"))
        for e in moved
    )
    assert all(e.width == look.TRANSFER_EDGE_WIDTH for e in moved)


def test_a_badge_sits_off_the_node_top_left_corner_as_in_exports(widget):
    """Graphviz places an exported node's xlabel at its top-left corner; the window too."""
    graph = chain(3)
    show(
        widget,
        graph,
        ViewState(colors.node_colors(graph, "device"), {"n1": NodeStyle(extra_label="‖g‖=0.5")}),
    )
    item = widget.graph_scene.node_items["n1"]
    node, badge = item.scene_rect(), item.mapRectToScene(item._badge_rect())
    assert badge.right() <= node.left() + 0.5 and badge.bottom() <= node.top() + 0.5
    assert node.left() - badge.right() < 2 and node.top() - badge.bottom() < 2  # touching


def test_the_widget_reveals_only_drawn_nodes(widget):
    graph = chain(30)
    show(widget, graph, ViewState(colors.node_colors(graph, "device")))
    assert widget.reveal_node("n29")
    assert (
        widget.mapToScene(widget.viewport().rect())
        .boundingRect()
        .contains(widget.graph_scene.node_items["n29"].scene_rect().center())
    )
    assert not widget.reveal_node("no such node") and not widget.reveal_node(None)


def test_the_selected_edge_is_drawn_as_core_look_decides_and_as_the_dot_writer_writes_it(widget):
    """A selected step edge keeps its moving dashes in the selection colour; selecting another
    edge gives the first its step look back: the canvas restyles from the look, nobody paints."""
    graph = chain(5)
    fills = colors.node_colors(graph, "device")
    marked = frozenset({("n1", "n2")})
    state = ViewState(fills, None, marked=marked, flow_backward=True, selected_edge=("n1", "n2"))
    show(widget, graph, state)
    scene = widget.graph_scene
    items = {(e.source, e.target): e for e in scene.edge_items}
    chosen, other = items[("n1", "n2")], items[("n3", "n4")]
    assert chosen.color == QColor(look.SELECTION_COLOR) and chosen.width == look.EDGE_SELECTION_WIDTH
    assert chosen.flow == -1 and chosen in scene.flow_edges()  # still a step's gradient, flowing
    scene.select(None, ("n3", "n4"))
    assert other.color == QColor(look.SELECTION_COLOR) and other.width == look.EDGE_SELECTION_WIDTH
    assert chosen.color == QColor(look.STEP_COLOR) and chosen.width == look.STEP_EDGE_WIDTH
    scene.select(None)
    assert other.width == PLAIN_EDGE_WIDTH and other.color != QColor(look.SELECTION_COLOR)
    display = scene.display
    assert display is not None
    dot = dot_graph(display, graph, Paint(selected_edge=("n3", "n4"))).text()
    line = next(line for line in dot.splitlines() if line.strip().startswith('"n3" -> "n4"'))
    assert f'color="{look.SELECTION_COLOR}"' in line and 'penwidth="3"' in line
