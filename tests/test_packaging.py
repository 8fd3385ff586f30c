"""The wheel carries the bundled examples and icons, and the installed package finds them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from graphviz_app.resources import examples_dir, resources_dir

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

ROOT = Path(__file__).resolve().parents[1]
# What `pip wheel .` reads: a copy keeps setuptools' build/ and *.egg-info out of the checkout
# and keeps stale build/ files from an earlier build out of the wheel.
SOURCES = ("pyproject.toml", "README.md", "graphviz_app", "resources")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the project's wheel offline (no index, no build isolation) and return its path."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(
                path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
            )
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("wheelhouse")
    env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(out), str(src)],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=150,
    )
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    (built,) = out.glob("graphviz_app-*.whl")
    return built


def test_wheel_holds_the_examples_icons_and_entry_points(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        scripts = archive.read(entry_points).decode()
    for example in examples_dir().glob("*.py"):
        assert f"graphviz_app/resources/examples/{example.name}" in names
    for icon in (resources_dir() / "icons").glob("*.svg"):
        assert f"graphviz_app/resources/icons/{icon.name}" in names
    assert "graphviz_app/resources/examples/basic_autograd.py" in names
    assert "graphviz_app/resources/icons/app.svg" in names
    for module in (
        "__init__.py",
        "__main__.py",
        "cli.py",
        "resources.py",
        "errors.py",
        "core/model/schema.py",
        "core/view/look.py",
        "qt/canvas/scene.py",
        "qt/panels/timeline.py",
        "qt/shell/main_window.py",
        "py.typed",
    ):
        assert f"graphviz_app/{module}" in names
    assert "graphviz-app = graphviz_app.cli:main" in scripts


def test_the_wheel_version_is_the_package_version(wheel: Path) -> None:
    """The version is written once, in graphviz_app/__init__.py; the wheel reads it from there."""
    import graphviz_app

    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(
            next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        ).decode()
    assert f"\nVersion: {graphviz_app.__version__}\n" in metadata
    assert wheel.name.startswith(f"graphviz_app-{graphviz_app.__version__}-")


def test_installed_wheel_finds_its_resources(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    probe = (
        "import graphviz_app, graphviz_app.resources as r; "
        "print(graphviz_app.__file__); print(r.example(r.DEFAULT_EXAMPLE)); print(r.resources_dir() / 'icons')"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(site)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    package, example, icons = (Path(line) for line in done.stdout.splitlines())
    assert package.is_relative_to(site)
    assert example.is_relative_to(site) and example.is_file()
    assert (icons / "open.svg").is_file()
