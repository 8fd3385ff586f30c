"""Every bundled example is a plain script that runs on its own and says what it shows."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
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


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """Run every example as ``python EXAMPLE.py``, several at a time (importing torch is slow)."""
    cwd = tmp_path_factory.mktemp("examples_cwd")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}

    def run(name: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(examples_dir() / name)],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=240,
        )

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return dict(zip(EXAMPLES, pool.map(run, EXAMPLES)))


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
