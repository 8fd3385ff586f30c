"""``graphviz-app export --health N``: each module's gradient course as a table and the
findings' sentences, printed after the export; the saved graph carries it, and reading that file
prints it again (real worker, real torch)."""

from __future__ import annotations

import json

from graphviz_app.cli import main
from graphviz_app.core.model.values import format_number

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(32, 16)
for step in range(5):
    optimizer.zero_grad()
    loss = (model(x) ** 2).mean()
    loss.backward()
    optimizer.step()
"""


def test_health_prints_each_modules_course_and_the_graph_carries_it(capsys, runner, tmp_path, write_script):
    out = tmp_path / "g.json"
    code = main(
        ["export", str(write_script(SCRIPT, "tanh.py")), "-o", str(out), "--health", "4"], runner=runner
    )
    assert code == 0
    printed = capsys.readouterr().out.splitlines()
    at = printed.index("Gradient health over 4 backward() calls (steps 1 to 4):")
    assert printed[at + 1].split() == ["module", "first", "norm", "last", "norm", "trend"]
    data = json.loads(out.read_text(encoding="utf-8"))["graph"]["health"]
    assert data["calls"] == [1, 2, 3, 4]
    rows = [line.split() for line in printed[at + 2 : at + 4]]
    for row, module in zip(rows, ("0", "2"), strict=True):
        norms = [
            sum(p["norm"][k] ** 2 for p in data["parameters"] if p["module"] == module) ** 0.5 for k in (0, 3)
        ]
        assert row == [module, format_number(norms[0]), format_number(norms[1]), "steady"]
    assert printed[at + 4] == "No vanishing or exploding gradient found."
    # a graph read from its file shows the same table, in Korean when asked
    assert main(["export", str(out), "-o", str(tmp_path / "g.svg"), "--language", "ko"]) == 0
    korean = capsys.readouterr().out.splitlines()
    assert len(korean) >= 5 and korean[-3].split()[0] == "0"


def test_a_graph_without_health_says_how_to_record_it(capsys, runner, tmp_path, write_script):
    script = write_script(
        "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n", "plain.py"
    )
    code = main(["export", str(script), "-o", str(tmp_path / "g.json"), "--health", "3"], runner=runner)
    assert code == 0
    captured = capsys.readouterr()
    assert (
        "Gradient health: not recorded in this graph. Export it from its script with --health N"
        in captured.out
    )
    assert "made no backward() call of its own" in captured.err
