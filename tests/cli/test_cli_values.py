"""``graphviz-app export --values / --no-values``: the Values badges laid out as the window lays
them out, on by default for graphs of at most ``AUTO_NODES`` nodes (the window's rule)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from core.graphs import GraphBuilder

from graphviz_app.cli import main
from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.core.model.values import AUTO_NODES

GOLDEN = Path(__file__).parent.parent / "core" / "golden"


def export(*args: str) -> int:
    """Run ``graphviz-app export ARGS`` in this process (saved graphs only: nothing runs)."""
    return main(["export", *args])


def badges(svg: Path) -> int:
    return svg.read_text("utf-8").count('class="node badge"')


def chain_with_gradients(tmp_path: Path, count: int) -> Path:
    """A saved graph of ``count`` nodes, each with a gradient (so each has a Values badge)."""
    b = GraphBuilder()
    node = b.leaf("x")
    b.grad(node, 0.5)
    for _ in range(count - 1):
        node = b.op("AddBackward0", node)
        b.grad(node, 0.5)
    path = tmp_path / f"chain{count}.json"
    path.write_text(dumps_graph(b.build(node)), encoding="utf-8")
    return path


def test_values_are_drawn_by_default_and_left_out_on_request(tmp_path):
    saved = GOLDEN / "basic_autograd.json"
    assert export(str(saved), "-o", str(tmp_path / "on.svg")) == 0
    assert badges(tmp_path / "on.svg") == 4
    assert "w.grad = [[0.75, 3], [6.75, 3]]" in (tmp_path / "on.svg").read_text("utf-8")
    assert export(str(saved), "-o", str(tmp_path / "off.svg"), "--no-values") == 0
    assert badges(tmp_path / "off.svg") == 0
    assert export(str(saved), "-o", str(tmp_path / "step.dot"), "--step", "2", "--step-mode", "backward") == 0
    assert '"n3~badge"' in (tmp_path / "step.dot").read_text("utf-8")  # a step keeps the final room


@pytest.mark.parametrize("count", [AUTO_NODES, AUTO_NODES + 1])
def test_the_default_follows_the_windows_size_rule(count, tmp_path):
    saved = chain_with_gradients(tmp_path, count)
    assert export(str(saved), "-o", str(tmp_path / "auto.svg")) == 0
    assert badges(tmp_path / "auto.svg") == (count if count <= AUTO_NODES else 0)
    assert export(str(saved), "-o", str(tmp_path / "forced.svg"), "--values") == 0
    assert badges(tmp_path / "forced.svg") == count


def test_a_four_node_png_at_a_step_is_no_wider_than_its_drawing(tmp_path):
    """The step's long caption wraps to the drawing instead of one 3,600 px line."""
    out = tmp_path / "step.png"
    assert (
        export(str(GOLDEN / "basic_autograd.json"), "-o", str(out), "--step", "3", "--step-mode", "backward")
        == 0
    )
    width = struct.unpack(">I", out.read_bytes()[16:20])[0]
    assert width <= 1200
