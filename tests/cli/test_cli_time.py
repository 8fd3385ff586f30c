"""``graphviz-app export --time``: the graph's forward and backward time and its slowest nodes,
printed after the export, in English or Korean; the JSON export carries each node's times (real
worker, real torch)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graphviz_app.cli import main
from graphviz_app.core.model.durations import format_duration

SCRIPT = """
import time
import torch
from torch import nn


class Slow(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        time.sleep(0.05)
        return g * 2


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
loss = Slow.apply(model(torch.randn(5, 8))).sum()
loss.backward()
"""


@pytest.fixture
def export(capsys, runner, tmp_path, write_script):
    """Run ``export SCRIPT -o OUT --time ...`` in this process: (status, stdout, graph JSON)."""
    script = write_script(SCRIPT, "mlp_time.py")

    def run(*extra: str, source: Path | None = None) -> tuple[int, str, dict]:
        out = tmp_path / "g.json"
        capsys.readouterr()
        code = main(["export", str(source or script), "-o", str(out), "--time", *extra], runner=runner)
        printed = capsys.readouterr().out
        return code, printed, json.loads(out.read_text(encoding="utf-8")) if code == 0 else {}

    return run


def test_time_prints_the_totals_and_the_slowest_nodes(export):
    code, printed, data = export("--language", "en")
    assert code == 0
    lines = printed.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("Time: "))
    graph = data["graph"]
    assert lines[at] == (
        f"Time: {format_duration(graph['forward_ns_total'])} forward, "
        f"{format_duration(graph['backward_ns_total'])} backward "
        "(each op's call and each node's backward on the host's clock)"
    )
    assert lines[at + 1].split() == ["time", "forward", "backward", "op", "module"]
    rows = [line.split() for line in lines[at + 2 :]]
    assert len(rows) == 10
    assert rows[0][-2:] == ["SlowBackward", "—"]  # the sleeping backward first
    slow = next(n for n in data["nodes"] if n["op"] == "SlowBackward")
    assert (
        rows[0][:6]
        == " ".join(
            format_duration(t)
            for t in (slow["forward_ns"] + slow["backward_ns"], slow["forward_ns"], slow["backward_ns"])
        ).split()
    )
    assert all(isinstance(n["backward_ns"], int) and n["backward_ns"] >= 0 for n in data["nodes"])


def test_time_speaks_korean(export):
    code, printed, data = export("--language", "ko")
    assert code == 0
    forward, backward = (format_duration(data["graph"][k]) for k in ("forward_ns_total", "backward_ns_total"))
    assert f"시간: 순전파 {forward}, 역전파 {backward} (" in printed and any(
        line.split() == ["시간", "순전파", "역전파", "연산", "모듈"] for line in printed.splitlines()
    )


def test_a_graph_saved_before_says_how_to_get_the_times(export, tmp_path):
    old = tmp_path / "old.json"
    old.write_text(
        (Path(__file__).parents[1] / "core" / "golden" / "small_cnn.json").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    code, printed, _ = export("--language", "en", source=old)
    assert code == 0
    assert "Time: not recorded in this graph" in printed
    assert "Export it again from its script with --time." in printed
