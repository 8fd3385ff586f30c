"""A run uses torch's threads as plain ``python`` does (same counts, same results); only how idle
OpenMP threads wait differs (passively, so a busy machine does not slow runs many times over),
and a user's own choice of that wins."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphviz_app.capture.client import Runner

SCRIPT = """\
import os, torch
torch.manual_seed(0)
x = torch.randn(4_000_000)
m = torch.randn(512, 512)
print(torch.get_num_threads(), torch.get_num_interop_threads(), os.environ.get("OMP_WAIT_POLICY"))
print(repr(x.sum().item()), repr((m @ m).sum().item()), repr(torch.softmax(m, 1).max().item()))
w = torch.ones(2, requires_grad=True)
loss = (w * 2).sum()
"""


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("threads") / "threads.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def plain_lines(script: Path) -> list[str]:
    """What plain ``python`` prints, run once for the module (a torch import and the work): its
    thread counts do not depend on OMP_WAIT_POLICY, which only says how idle threads wait."""
    environment = {name: value for name, value in os.environ.items() if name != "OMP_WAIT_POLICY"}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=True, env=environment
    )
    return done.stdout.splitlines()


def test_a_run_has_plain_pythons_threads_and_results(script, plain_lines, monkeypatch):
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    threads, values = plain_lines
    assert threads.endswith(" None")  # plain python: libgomp's default wait policy
    runner = Runner(warm=False)
    try:
        run_threads, run_values = runner.run(script, timeout=120).output.splitlines()
    finally:
        runner.close()
    assert run_threads == threads.replace(" None", " PASSIVE")
    assert run_values == values  # bit for bit: same thread count, same reduction order


def test_the_users_wait_policy_is_kept(script, plain_lines, monkeypatch):
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")
    runner = Runner(warm=False)
    try:
        run_threads = runner.run(script, timeout=120).output.splitlines()[0]
    finally:
        runner.close()
    assert run_threads.endswith(" ACTIVE")
    assert run_threads == plain_lines[0].replace(" None", " ACTIVE")  # plain python's counts
