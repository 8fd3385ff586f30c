"""``bench.ratio`` runs end to end (plain, cold CLI and warm Runner, interleaved) and ``bench.plain``
ends a training loop right after its first backward().

Only shapes and the bench's own arithmetic are checked: timings vary from machine to machine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed"),
]


def test_ratio_measures_plain_cold_and_warm(tmp_path):
    out = tmp_path / "ratio.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench.ratio", "--only", "basic_autograd", "--repeat", "1", "--out", str(out)],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "| model | import torch | plain | cold export | cold ÷ plain (≤ 1.3× + 0.5 s) |" in done.stdout
    assert "\n| basic_autograd | " in done.stdout
    (row,) = json.loads(out.read_text(encoding="utf-8"))["rows"]
    for key in ("floor", "plain", "cold", "warm"):
        assert row[key] > 0
    assert row["cold ratio"] == pytest.approx(row["cold"] / row["plain"])
    assert row["cold margin"] == pytest.approx(row["cold"] - (1.3 * row["plain"] + 0.5))
    assert row["compute"] == pytest.approx(row["plain"] - row["floor"])
    assert set(row["breakdown"]) == {"worker start", "run", "export", "stop"}


def test_plain_reference_stops_after_the_chosen_backward(tmp_path):
    script = tmp_path / "loop.py"
    script.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\n"
        "for step in range(5):\n    (w * step).sum().backward()\n    print('step', step, w.grad.tolist())\n",
        encoding="utf-8",
    )
    run = [sys.executable, "-m", "bench.plain", str(script)]
    whole = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert whole.count("step") == 5
    cut = subprocess.run(
        [*run, "--until-backward", "2"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    # Ended as the second backward() returns: its print never runs; the gradients accumulated 0 + 1.
    assert cut.stdout == "step 0 [0.0, 0.0]\n"
