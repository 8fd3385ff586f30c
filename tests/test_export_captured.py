"""Exports of graphs captured from real torch code (tests/core builds its graphs by hand)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from graphviz_app.core.export import export_graph
from graphviz_app.resources import example


def leftovers(folder):
    """Files in ``folder`` (an export leaves only its output there)."""
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture(scope="module")
def devices_graph(runner):
    """The bundled ``devices.py`` example (cpu, then a copy to meta or cuda), captured."""
    return runner.run(example("devices.py")).graph


@pytest.mark.timeout(180)
@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf", ".dot", ".json"])
def test_export_a_captured_example(devices_graph, tmp_path, suffix):
    out = tmp_path / f"devices{suffix}"
    assert export_graph(devices_graph, out, mode="device") == []
    assert out.stat().st_size > 0
    assert leftovers(tmp_path) == [out.name]


@pytest.mark.timeout(180)
def test_captured_device_change_is_drawn_as_a_transfer(devices_graph, tmp_path):
    from graphviz_app.core.view import colors

    assert colors.transfer_edges(devices_graph)
    export_graph(devices_graph, tmp_path / "g.svg")
    texts = [t.text for t in ET.parse(tmp_path / "g.svg").getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert "cpu → meta" in texts or "cpu → cuda:0" in texts


@pytest.mark.timeout(180)
def test_captured_backward_exports_in_grad_mode(runner, tmp_path):
    graph = runner.run(example("basic_autograd.py"), backward=True).graph
    out = tmp_path / "grad.png"
    assert export_graph(graph, out, mode="grad") == []
    assert out.read_bytes().startswith(b"\x89PNG")
