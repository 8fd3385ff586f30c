"""The wheel carries the bundled examples and icons, and the installed package finds them; installed\nin a venv of its own with no Graphviz, its CLI exports images with the packaged engine."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from venvs import make_venv, site_packages

from graphviz_app.core.graphviz.engine import packaged_program
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
        "wire/schema.py",
        "wire/protocol.py",
        "worker/server.py",
        "message_reader.py",
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


def _distributions(names: list[str]) -> dict[str, metadata.Distribution]:
    """The installed distributions ``names`` require, themselves included (markers evaluated here,
    extras left out), by normalized name."""
    found: dict[str, metadata.Distribution] = {}
    todo = list(names)
    while todo:
        dist = metadata.distribution(todo.pop())
        key = canonicalize_name(dist.metadata["Name"])
        if key in found:
            continue
        found[key] = dist
        for text in dist.requires or ():
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    return found


def _wheel_of_installed(dist: metadata.Distribution, folder: Path) -> Path:
    """Pack an installed distribution whose files are a program (``../../../bin/NAME``, the wheel's
    ``.data/scripts``) and its ``.dist-info`` back into a wheel, so a venv installs it offline."""
    name, version = dist.metadata["Name"].replace("-", "_"), dist.version
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for entry in dist.files or ():
            path = Path(str(dist.locate_file(entry)))
            if entry.parts[0] == "..":
                assert entry.parts[-2] == "bin", entry
                archive.write(path, f"{name}-{version}.data/scripts/{entry.name}")
            elif entry.name != "RECORD" and path.is_file():
                archive.write(path, str(entry))
        records = list(archive.namelist())
        archive.writestr(f"{name}-{version}.dist-info/RECORD", "".join(f"{n},,\n" for n in records))
    return wheel


def test_the_wheel_installs_and_exports_with_no_graphviz(wheel: Path, tmp_path: Path) -> None:
    """The wheel in a venv of its own (no system site-packages) on a PATH without ``dot``: pip
    finds every dependency it declares, the CLI runs an example in the portable run mode (macOS's
    and Windows') and writes SVG, PNG and PDF with the packaged engine, and ``show()`` draws the
    graph with its gradients. Offline: the declared dependencies are this venv's (linked, as
    tests/venvs.py links torch) and graphviz-pure is installed from a wheel packed from this
    venv's copy (its program must land in the new venv's bin)."""
    with zipfile.ZipFile(wheel) as archive:
        meta = archive.read(next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    declared = [
        Requirement(line.split(":", 1)[1].strip())
        for line in meta.splitlines()
        if line.startswith("Requires-Dist:")
    ]
    needed = [r.name for r in declared if r.marker is None or r.marker.evaluate({"extra": ""})]
    if packaged_program() is None:
        pytest.skip("graphviz-pure is not installed (no wheel for this platform)")
    assert "graphviz-pure" in needed  # declared for this platform
    dists = _distributions(needed)
    program = dists.pop("graphviz-pure")
    venv = tmp_path / "clean"
    python = make_venv(venv)
    links = tmp_path / "links"
    links.mkdir()
    for dist in dists.values():
        for top in {entry.parts[0] for entry in dist.files or () if entry.parts[0] != ".."}:
            source = Path(str(dist.locate_file(top)))
            if source.exists() and not (links / top).exists() and not top.endswith(".pth"):
                os.symlink(source, links / top)
    (site_packages(venv) / "app_deps.pth").write_text(f"{links}\n", encoding="utf-8")
    house = tmp_path / "wheelhouse"
    house.mkdir()
    _wheel_of_installed(program, house)
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GRAPHVIZ_APP_ENGINE", "VIRTUAL_ENV")
    }
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--find-links",
            str(house),
            str(wheel),
        ],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=150,
    )
    assert done.returncode == 0, f"pip install failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert (venv / "bin" / "graphviz-pure").is_file() and (venv / "bin" / "graphviz-app").is_file()
    env["PATH"] = str(venv / "bin")  # no dot: Debian's is in /usr/bin
    work = tmp_path / "work"
    work.mkdir()

    def export(*args: str, **extra: str) -> None:
        done = subprocess.run(
            [str(venv / "bin" / "graphviz-app"), "export", *args],
            cwd=work,
            env={**env, **extra},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr

    # the run mode of macOS and Windows (a fresh interpreter per run) with the packaged engine
    example = str(examples_dir() / "basic_autograd.py")
    export(example, "-o", "basic.json", "--python", str(python), GRAPHVIZ_APP_RUN_MODE="portable")
    for suffix in ("svg", "png", "pdf"):
        export("basic.json", "-o", f"basic.{suffix}")
    assert b"AddBackward0" in (work / "basic.svg").read_bytes()
    assert (work / "basic.png").read_bytes().startswith(b"\x89PNG")
    assert (work / "basic.pdf").read_bytes().startswith(b"%PDF-")
    # show(), as a notebook calls it, in the same venv
    code = (
        "import torch, graphviz_app\n"
        "w = torch.tensor([[1., 2.], [3., 2.]], requires_grad=True)\n"
        "z = (w ** 3 + 3).mean()\n"
        "z.backward()\n"
        "bundle = graphviz_app.show(z)._repr_mimebundle_()\n"
        "print('w.grad' in bundle['image/svg+xml'], bundle['text/html'].count('<img'))\n"
    )
    done = subprocess.run(
        [str(python), "-c", code],
        cwd=work,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout.split() == ["True", "1"], done.stderr[-3000:]
