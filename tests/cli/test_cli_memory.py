"""``graphviz-app export --memory``: the graph's memory kept for backward and its largest
holders, printed after the export, in English or Korean (real worker, real torch)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graphviz_app.cli import main
from graphviz_app.core.model.kept_memory import format_bytes

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
x = torch.randn(32, 64)
h = model(x)
flat = h.view(-1)  # saved by two ops below: its storage counts once in the total
loss = flat.sin().sum() + flat.cos().sum()
"""


@pytest.fixture
def export(capsys, runner, tmp_path, write_script):
    """Run ``export SCRIPT -o OUT --memory ...`` in this process: (status, stdout, graph JSON)."""
    script = write_script(SCRIPT, "mlp_memory.py")

    def run(*extra: str, source: Path | None = None) -> tuple[int, str, dict]:
        out = tmp_path / "g.json"
        capsys.readouterr()
        code = main(["export", str(source or script), "-o", str(out), "--memory", *extra], runner=runner)
        printed = capsys.readouterr().out
        return code, printed, json.loads(out.read_text(encoding="utf-8")) if code == 0 else {}

    return run


def test_memory_prints_the_total_and_the_largest_holders(export):
    code, printed, data = export("--language", "en")
    assert code == 0
    lines = printed.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("Kept for backward: "))
    total = data["graph"]["saved_bytes_total"]
    assert lines[at] == (
        f"Kept for backward: {format_bytes(total)} (each storage counted once, however many nodes save it)"
    )
    assert lines[at + 1].split() == ["bytes", "op", "module"]
    held = sorted(
        ((n["saved_bytes"], n["forward_index"], n) for n in data["nodes"] if n["saved_bytes"]),
        key=lambda item: (-item[0], item[1]),
    )
    rows = [line.split() for line in lines[at + 2 :]]
    assert len(rows) == min(10, len(held))
    for row, (size, _, node) in zip(rows, held, strict=False):
        assert row[-2:] == [node["op"], node["module"] or "—"]
        assert " ".join(row[:-2]) == format_bytes(size)
    by_op = {n["op"]: n["saved_bytes"] for n in data["nodes"]}
    assert by_op["SinBackward0"] == by_op["CosBackward0"] == 32 * 10 * 4
    assert total < sum(n["saved_bytes"] for n in data["nodes"])  # the view's storage once


def test_memory_speaks_korean(export):
    code, printed, data = export("--language", "ko")
    assert code == 0
    assert f"역전파용 보관 메모리: {format_bytes(data['graph']['saved_bytes_total'])} " in printed
    assert any(line.split() == ["크기", "연산", "모듈"] for line in printed.splitlines())


def test_a_graph_saved_before_says_how_to_get_the_numbers(export, tmp_path):
    old = tmp_path / "old.json"
    old.write_text(
        (Path(__file__).parents[1] / "core" / "golden" / "small_cnn.json").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    code, printed, _ = export("--language", "en", source=old)
    assert code == 0
    assert "Kept for backward: not recorded in this graph" in printed
    assert "Export it again from its script with --memory." in printed
