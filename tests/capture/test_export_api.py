"""``graphviz_app.export`` of an SVG: ``dot`` starts before the graph is captured (it loads
meanwhile) and never outlives the export, drawn or failed."""

from __future__ import annotations

import os
import shutil

import pytest
import torch

import graphviz_app
from graphviz_app.errors import ExportError, GraphvizAppError

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")


def live_dots() -> list[int]:
    """The pids of this process's children named ``dot`` that are not zombies."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and comm == "dot" and fields[0] != "Z":
            found.append(int(entry))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="lists processes from /proc")
def test_an_svg_export_draws_its_graph_alone_and_leaves_no_dot(tmp_path):
    w = torch.ones(2, 3, requires_grad=True)
    z = (w * 2).sum()
    graphviz_app.export(z, tmp_path / "g.svg")
    svg = (tmp_path / "g.svg").read_text()
    assert svg.count("<svg") == 1 and ">w</text>" in svg and ">SumBackward0</text>" in svg
    assert live_dots() == []


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
    assert live_dots() == [] and not (tmp_path / "g.svg").exists()
