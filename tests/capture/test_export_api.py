"""``graphviz_app.export`` of an SVG: ``dot`` starts before the graph is captured (it loads
meanwhile) and never outlives the export, drawn or failed."""

from __future__ import annotations

import os
import shutil

import pytest
import torch
from processes import children_named

import graphviz_app
from graphviz_app.errors import ExportError
from graphviz_app.wire.errors import GraphvizAppError

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="lists processes from /proc")
def test_an_svg_export_draws_its_graph_alone_and_leaves_no_dot(tmp_path):
    w = torch.ones(2, 3, requires_grad=True)
    z = (w * 2).sum()
    graphviz_app.export(z, tmp_path / "g.svg")
    svg = (tmp_path / "g.svg").read_text()
    assert svg.count("<svg") == 1 and ">w</text>" in svg and ">SumBackward0</text>" in svg
    assert children_named(os.getpid(), "dot") == []


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="lists processes from /proc")
def test_a_failed_svg_export_leaves_no_dot(tmp_path):
    with pytest.raises(GraphvizAppError, match="has an autograd graph"):
        graphviz_app.export(torch.ones(2), tmp_path / "g.svg")  # fails in the capture
    z = (torch.ones(2, requires_grad=True) * 2).sum()
    with pytest.raises(ExportError, match="does not exist"):
        graphviz_app.export(z, tmp_path / "missing" / "g.svg")  # fails in the export
    long = tmp_path / ("g" * 246 + ".svg")  # (its temporary file's name would be too long)
    with pytest.raises(ExportError, match="Cannot write"):
        graphviz_app.export(z, long)  # fails once dot started
    assert children_named(os.getpid(), "dot") == [] and not (tmp_path / "g.svg").exists()
