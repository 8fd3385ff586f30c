"""Every bundled example is a plain script that runs on its own and says what it shows."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphviz_app.resources import DEFAULT_EXAMPLE, examples_dir

pytestmark = pytest.mark.timeout(300)

EXPECTED = {
    "basic_autograd.py",
    "retain_grad.py",
    "no_grad.py",
    "detach.py",
    "devices.py",
    "two_layer_training.py",
    "custom_function.py",
    "sequential_branches.py",
    "control_flow.py",
    "small_cnn.py",
    "transformer_layer.py",
    "to_numpy.py",
    "view_reshape.py",
    "indexing.py",
    "matmul.py",
    "manual_gradients.py",
    "module_optimizer.py",
    "dynamic_graph.py",
}
EXAMPLES = sorted(p.name for p in examples_dir().glob("*.py"))


def test_the_bundled_examples_are_all_there() -> None:
    assert set(EXAMPLES) == EXPECTED
    assert DEFAULT_EXAMPLE in EXAMPLES


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_has_a_short_docstring(name: str) -> None:
    docstring = ast.get_docstring(ast.parse((examples_dir() / name).read_text(encoding="utf-8")))
    assert docstring, f"{name} has no module docstring"
    # Up to 6 lines: a card quotes the numbers a reader checks by hand.
    assert 2 <= len(docstring.splitlines()) <= 6, f"{name}: the docstring should be 2 to 6 lines"


RUN_EACH = r"""
import json, os, runpy, sys, tempfile, traceback
import torch  # once, here: each example then runs in a fork of this interpreter
cwd, out = sys.argv[1], {}
for path in sys.argv[2:]:
    with tempfile.TemporaryFile() as o, tempfile.TemporaryFile() as e:
        pid = os.fork()
        if pid == 0:  # as `python EXAMPLE.py` would: its own argv, path, folder and output
            os.dup2(o.fileno(), 1)
            os.dup2(e.fileno(), 2)
            os.chdir(cwd)
            sys.argv, sys.path[0] = [path], os.path.dirname(path)
            code = 0
            try:
                runpy.run_path(path, run_name="__main__")
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
            except BaseException:
                traceback.print_exc()
                code = 1
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        o.seek(0)
        e.seek(0)
        out[os.path.basename(path)] = [os.waitstatus_to_exitcode(status), o.read().decode(), e.read().decode()]
print(json.dumps(out))
"""
"""Runs each example as a plain script in a fork of one interpreter that imported torch once
(importing torch is slow); the app is not involved."""


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """Every example's run as ``python EXAMPLE.py``: exit status, output and errors."""
    cwd = tmp_path_factory.mktemp("examples_cwd")
    paths = [str(examples_dir() / name) for name in EXAMPLES]
    done = subprocess.run(
        [sys.executable, "-c", RUN_EACH, str(cwd), *paths],
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return {
        name: subprocess.CompletedProcess([name], code, stdout, stderr)
        for name, (code, stdout, stderr) in json.loads(done.stdout).items()
    }


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_runs_as_a_plain_script(name: str, runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    done = runs[name]
    assert done.returncode == 0, f"{name} failed:\n{done.stderr[-3000:]}"
    lines = done.stdout.strip().splitlines()
    assert 1 <= len(lines) <= 10, f"{name} should print a few short lines, printed:\n{done.stdout}"


def test_basic_example_prints_the_hand_checked_value(
    runs: dict[str, subprocess.CompletedProcess[str]],
) -> None:
    # z = mean(w**3 + 3) for w = [[1, 2], [3, 2]]: (1 + 8 + 27 + 8) / 4 + 3 = 14.
    assert "z = 14.0000" in runs["basic_autograd.py"].stdout


def test_no_grad_example_builds_no_graph(runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    assert "requires_grad=False, grad_fn=None" in runs["no_grad.py"].stdout


def test_examples_directory_is_inside_the_checkout() -> None:
    root = Path(__file__).resolve().parents[1]
    assert examples_dir().resolve() == root / "resources" / "examples"


def test_manual_gradients_prints_equal_gradients(runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    # CS231n's two-layer net: the gradients by hand and autograd's, printed one above the other.
    out = runs["manual_gradients.py"].stdout
    assert "by hand:  grad_w1 = [[8.0, 2.0], [24.0, 8.0]], grad_w2 = [[4.0], [2.0]]" in out
    assert "autograd: w1.grad = [[8.0, 2.0], [24.0, 8.0]], w2.grad = [[4.0], [2.0]]" in out
    assert "equal: True" in out


def test_module_optimizer_prints_the_stepped_weight(
    runs: dict[str, subprocess.CompletedProcess[str]],
) -> None:
    # [[1, 1]] - 0.1 * [[2, 4]] = [[0.8, 0.6]]
    assert "layers.2.weight after the step = [[0.8, 0.6]]" in runs["module_optimizer.py"].stdout
