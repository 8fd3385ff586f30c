"""What dot writes is checked before it is used: a partial drawing (dot interrupted exits 0) is a
failure; names are handed to dot so that any of them can be drawn."""

from __future__ import annotations

import shutil

import pytest

from graphviz_app.core.graphviz.layout import (
    EdgePath,
    Layout,
    LayoutJob,
    NodeBox,
    as_given_to_dot,
    check_complete,
    dot_bytes,
)
from graphviz_app.errors import LayoutError

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")

DOT = 'digraph g {\n  "a" [label="x"];\n  "b\\"q" [label="y"];\n  "a" -> "b\\"q";\n}\n'


def drawing(
    nodes: dict[str, tuple[float, float]], *, size=(100.0, 100.0), points=((0, 0),) * 4, warnings=()
) -> Layout:
    boxes = {n: NodeBox(n, x, y, 10, 10) for n, (x, y) in nodes.items()}
    edges = [EdgePath("a", 'b"q', tuple(points))]
    return Layout(size[0], size[1], boxes, edges, [], tuple(warnings))


def test_a_real_layout_is_complete():
    real = LayoutJob(DOT).result()
    assert set(real.nodes) == {"a", 'b"q'}
    check_complete(real, DOT)


@pytest.mark.parametrize(
    "broken, reason",
    [
        (drawing({"a": (1, 1)}), "before placing every node"),
        (drawing({"a": (1, 1), 'b"q': (1, 50), "ghost": (3, 3)}), "before placing every node"),
        (drawing({"a": (0, 0), 'b"q': (0, 0)}, size=(0, 0)), "before positioning the nodes"),
        (drawing({"a": (5, 5), 'b"q': (5, 5)}), "before positioning the nodes"),
        (drawing({"a": (5, 5), 'b"q': (5, 50)}, points=()), "before routing every edge"),
    ],
)
def test_partial_drawings_are_failures(broken, reason):
    with pytest.raises(LayoutError, match=reason):
        check_complete(broken, DOT)


def test_an_edge_dot_gave_up_on_with_a_warning_is_not_an_interruption():
    check_complete(
        drawing({"a": (5, 5), 'b"q': (5, 50)}, points=(), warnings=["Warning: lost a b edge"]), DOT
    )


def test_names_reach_dot_drawable_and_distinct():
    text = '"a\x01b" "a\x02b" "x\ud800" "\ufffe" "\x7f"'
    assert as_given_to_dot(text) == '"a\u2401b" "a\u2402b" "x\ufffd" "\ufffd" "\u2421"'
    assert dot_bytes(text) == as_given_to_dot(text).encode("utf-8")
    plain = 'digraph { "a" }'
    assert as_given_to_dot(plain) is plain
    odd = 'digraph g {\n  "m\x01" [label="m\x01"];\n  "m\x02" [label="m\x02"];\n}\n'
    drawn = LayoutJob(odd).result()
    assert set(drawn.nodes) == {"m\u2401", "m\u2402"}
