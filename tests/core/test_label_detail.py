"""Label detail: what node labels say (names only, names and shapes, everything), the same in
the window's display graph and the DOT it exports."""

from __future__ import annotations

import networkx as nx

from graphviz_app.core.graphviz.dot import dot_graph
from graphviz_app.core.view.display import LABEL_DETAILS, ViewOptions, build_display


def w_times_x() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_node("n0", op="AccumulateGrad", kind="leaf", name="w", shape=[2, 3], dtype="float32", device="cpu")
    g.add_node("n1", op="MulBackward0", kind="op", name="y", shape=[2, 3], dtype="float16", device="cuda:0")
    g.add_node(
        "n2", op="SumBackward0", kind="op", name=None, shape=[], dtype="float32", device="cpu", is_output=True
    )
    g.add_edges_from([("n0", "n1"), ("n1", "n2")])
    g.graph["roots"] = ["n2"]
    return g


def labels(detail: str) -> dict[str, tuple[str, ...]]:
    display = build_display(w_times_x(), ViewOptions(label_detail=detail))
    return {n: node.label for n, node in display.nodes.items()}


def test_the_three_details_golden():
    assert LABEL_DETAILS == ("names", "shapes", "everything")
    assert labels("names") == {"n0": ("w",), "n1": ("MulBackward0", "y"), "n2": ("SumBackward0", "output")}
    assert labels("shapes") == {
        "n0": ("w", "2×3"),
        "n1": ("MulBackward0", "y: 2×3 float16"),
        "n2": ("SumBackward0", "output: scalar"),
    }
    assert labels("everything") == {
        "n0": ("w", "2×3 float32", "cpu"),
        "n1": ("MulBackward0", "y: 2×3 float16", "cuda:0"),
        "n2": ("SumBackward0", "output: scalar float32", "cpu"),
    }
    assert ViewOptions().label_detail == "shapes"  # the default is what labels always said


def test_exports_write_the_chosen_labels():
    graph = w_times_x()
    names = dot_graph(build_display(graph, ViewOptions(label_detail="names")), graph).text()
    everything = dot_graph(build_display(graph, ViewOptions(label_detail="everything")), graph).text()
    assert "2×3" not in names and '"MulBackward0\\ny"' in names
    assert '"MulBackward0\\ny: 2×3 float16\\ncuda:0"' in everything
