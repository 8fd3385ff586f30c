"""The line that made a leaf is read from the script's assignments; a text that binds no name
does not walk the graph (a saved graph of 100,000 nodes held the window's thread 0.1 s)."""

from __future__ import annotations

import networkx as nx
import pytest

from graphviz_app.qt.panels.source import leaf_lines


def _graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_node("w", kind="leaf", name="w")
    graph.add_node("b", kind="leaf", name="b")
    graph.add_node("mul", kind="op")
    graph.add_edge("w", "mul")
    graph.add_edge("b", "mul")
    return graph


def test_a_leaf_is_at_its_last_binding_before_its_first_use() -> None:
    text = "w = torch.ones(2)\nb = 3\nw = torch.zeros(2)\ny = w * b\nw = 0\n"
    assert leaf_lines(_graph(), text, {"mul": 4}) == {"w": 3, "b": 2}


class _Unwalkable(nx.DiGraph):
    @property
    def nodes(self):  # type: ignore[override]
        raise AssertionError("walked the graph")


@pytest.mark.parametrize("text", ["", "print('no assignment')\n", "def f(:\n"])
def test_a_text_binding_no_name_does_not_walk_the_graph(text: str) -> None:
    assert leaf_lines(_Unwalkable(), text, {"mul": 1}) == {}
