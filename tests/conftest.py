"""Test-wide setup and shared helpers.

Qt runs offscreen unless the caller chose a platform (e.g. xvfb-run); layouts are cached in a
temporary folder; one warm capture worker (``runner``) serves every test of the session that runs
a script; ``write_script`` writes a script for a test; ``--regen-golden`` rewrites golden files;
``--heavy`` runs the tests marked ``heavy`` too.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from graphviz_app.capture.client import Runner
from graphviz_app.capture.interpreter import explicit_interpreter
from graphviz_app.language import system_language


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regen-golden",
        action="store_true",
        help="rewrite the golden files (tests/core/golden) from the current code instead of "
        "comparing with them; review the diff before committing",
    )
    parser.addoption(
        "--heavy",
        action="store_true",
        help="also run the tests marked heavy (torch.compile, DDP through mp.spawn: minutes each)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Files holding a ``slow`` test run first, so that the cores finish together when the files
    are spread over them (``./dev.sh test``: by file, in this order); the order within a file is
    kept. ``heavy`` tests run only when asked for (``--heavy``, or a ``-m`` naming them): running
    one capture file should not pay for torch.compile and DDP (minutes); CI's compat run asks."""
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)
    if config.getoption("--heavy") or "heavy" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="a heavy test: run it with --heavy")
    for item in items:
        if "heavy" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def regen_golden(request: pytest.FixtureRequest) -> bool:
    """True when the run was asked to rewrite golden files (``--regen-golden``)."""
    return bool(request.config.getoption("--regen-golden"))


# Before any QApplication exists (pytest-qt creates it lazily, after conftest is imported).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Pages and exports speak the locale's language (graphviz_app.language): the tests expect English
# unless they choose a language, whatever the machine's locale.
for _name in ("LC_ALL", "LC_MESSAGES", "LANG"):
    if system_language({_name: os.environ.get(_name, "")}) != "en":
        os.environ[_name] = "C.UTF-8"


@pytest.fixture(scope="session", autouse=True)
def isolated_layout_cache(tmp_path_factory) -> Iterator[None]:
    """Layouts cached by the tests go to a temporary folder, never the user's cache."""
    previous = os.environ.get("GRAPHVIZ_APP_CACHE_DIR")
    os.environ["GRAPHVIZ_APP_CACHE_DIR"] = str(tmp_path_factory.mktemp("layout-cache"))
    yield
    if previous is None:
        os.environ.pop("GRAPHVIZ_APP_CACHE_DIR", None)
    else:
        os.environ["GRAPHVIZ_APP_CACHE_DIR"] = previous


@pytest.fixture(scope="session", autouse=True)
def isolated_instance_socket(tmp_path_factory) -> Iterator[None]:
    """A window a test starts listens on a socket of the test session's own, never the user's
    (nor another session's running beside it)."""
    previous = os.environ.get("GRAPHVIZ_APP_SOCKET")
    os.environ["GRAPHVIZ_APP_SOCKET"] = str(tmp_path_factory.mktemp("instance") / "socket")
    yield
    if previous is None:
        os.environ.pop("GRAPHVIZ_APP_SOCKET", None)
    else:
        os.environ["GRAPHVIZ_APP_SOCKET"] = previous


@pytest.fixture(autouse=True)
def kept_engine_choice() -> Iterator[None]:
    """A test that chooses the Graphviz engine (``--engine``, Preferences) leaves the process's
    choice as it found it (``$GRAPHVIZ_APP_ENGINE`` included)."""
    from graphviz_app.core.graphviz import engine

    chosen, variable = engine._choice, os.environ.get(engine.ENGINE_ENV)
    yield
    engine._choice = chosen
    if variable is None:
        os.environ.pop(engine.ENGINE_ENV, None)
    else:
        os.environ[engine.ENGINE_ENV] = variable


TEST_PYTHON_ENV = "GRAPHVIZ_APP_TEST_PYTHON"
"""Names the interpreter the session's runner runs scripts under (another torch's); unset: the
one running the tests."""


@pytest.fixture(scope="session")
def runner() -> Iterator[Runner]:
    """One warm capture worker for the whole session (as the app and the CLI use one), under
    ``$GRAPHVIZ_APP_TEST_PYTHON`` when it is set."""
    python = os.environ.get(TEST_PYTHON_ENV) or None
    instance = Runner(python=explicit_interpreter(python, f"${TEST_PYTHON_ENV}") if python else None)
    instance.start()
    yield instance
    instance.close()


@pytest.fixture(scope="session")
def worker_has_cuda(runner: Runner, tmp_path_factory: pytest.TempPathFactory) -> bool:
    """Whether the interpreter the worker runs under sees a GPU: asked by a run of the session's
    worker (a fresh interpreter would import torch again, and the test process need not import
    torch's CUDA)."""
    probe = tmp_path_factory.mktemp("cuda") / "probe.py"
    probe.write_text(
        "import torch\nprint('cuda', torch.cuda.is_available())\n"
        "w = torch.ones(1, requires_grad=True)\nloss = (w * 2).sum()\n",
        encoding="utf-8",
    )
    output = runner.run(probe, timeout=120).output
    assert output.startswith("cuda "), output
    return output.split()[1] == "True"


@pytest.fixture
def write_script(tmp_path: Path) -> Callable[..., Path]:
    """Return a function writing a dedented script into tmp_path and returning its path."""

    def write(source: str, name: str = "script.py") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        return path

    return write
