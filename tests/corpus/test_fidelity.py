"""Minimal reproductions of differences between a script run in the app and under plain python,
found with the corpus (a strict xfail while the app differs; a plain regression test once fixed)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from graphviz_app.capture.client import Runner

DROPOUT2D_ON_2D_INPUT = """
import torch
drop = torch.nn.Dropout2d(0.5)
x = torch.randn(3, 4, requires_grad=True)
y = drop(x)
"""


def first_warning(output: str) -> str:
    """Return the first line of ``output`` that names a warning (``file:line: Category: text``)."""
    return next(line for line in output.splitlines() if "UserWarning" in line)


def test_a_warning_raised_inside_torch_keeps_its_location(tmp_path: Path, corpus_runner: Runner) -> None:
    """nn.Dropout2d on a 2-D input warns from torch/nn/modules/dropout.py under plain python; the
    app once printed the script's line instead (the recorder's frames shifted the stacklevel)."""
    script = tmp_path / "dropout2d.py"
    script.write_text(textwrap.dedent(DROPOUT2D_ON_2D_INPUT), encoding="utf-8")
    plain = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert plain.returncode == 0, plain.stderr
    expected = first_warning(plain.stderr)
    # inside torch: torch/nn/modules/dropout.py (torch/nn/functional.py before torch 2.2)
    assert "/torch/nn/" in expected.replace("\\", "/") and str(script) not in expected
    assert first_warning(corpus_runner.run(script).output) == expected
