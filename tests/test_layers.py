"""The layers keep to their imports: core has no torch and no Qt; the Qt layer never imports torch."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

import graphviz_app.core
import graphviz_app.qt


def modules_of(package) -> list[str]:
    """Return every module of ``package``, its subpackages' modules included."""
    return [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


def loaded_after(imports: list[str]) -> set[str]:
    code = "import sys\n" + "".join(f"import {m}\n" for m in imports) + "print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_package_import_is_light():
    loaded = loaded_after(["graphviz_app"])
    assert "torch" not in loaded and "PySide6" not in loaded and "networkx" not in loaded


def test_core_imports_neither_torch_nor_qt():
    loaded = loaded_after(modules_of(graphviz_app.core) + ["graphviz_app.cli"])
    assert "torch" not in loaded
    assert "PySide6" not in loaded


def test_qt_layer_never_imports_torch():
    loaded = loaded_after(modules_of(graphviz_app.qt))
    assert "torch" not in loaded


def test_core_tests_need_no_torch():
    """tests/core builds its graphs by hand or reads saved ones (tests/core/golden): none of its
    files imports torch, the capture package, the worker or the runner, or asks for a fixture that
    runs a script. (Captured graphs are tested outside it, e.g. tests/test_export_captured.py.)"""
    import ast
    from pathlib import Path

    running = {"runner", "write_script", "corpus_runner", "qt_runner"}
    for path in sorted((Path(__file__).parent / "core").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                names = []
            bad = [
                n
                for n in names
                if n.split(".")[0] == "torch" or n.startswith(("graphviz_app.capture", "graphviz_app.worker"))
            ]
            assert not bad, f"{path.name}:{node.lineno} imports {bad}"
            if isinstance(node, ast.FunctionDef):
                asked = {arg.arg for arg in node.args.args} & running
                assert not asked, f"{path.name}: {node.name} asks for {asked}"


def import_graph(*packages: str) -> nx.DiGraph:
    """The modules of ``packages`` (folders of the checkout) and who imports whom among them, read
    with ``ast``: every import counts, in a function or under ``TYPE_CHECKING`` too. An edge's
    ``line`` is where its import is."""
    root = Path(__file__).resolve().parents[1]
    files = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = nx.DiGraph()
    graph.add_nodes_from(files)
    for name, path in files.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from . / .. / .x import y
                    base = ".".join(
                        here[: len(here) - node.level + 1] + ([node.module] if node.module else [])
                    )
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in files:  # the module of a name it imports
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph.add_edge(name, target, line=node.lineno)
    return graph


def test_no_import_circles():
    """No module of the app or the bench imports, through others, a module that imports it back:
    each can be read, changed and tested after what it builds on."""
    graph = import_graph("graphviz_app", "bench")
    assert graph.has_edge(
        "graphviz_app.qt.shell.main_window", "graphviz_app.qt.shell.preferences"
    )  # it reads imports
    try:
        circle = nx.find_cycle(graph)
    except nx.NetworkXNoCycle:
        return
    raise AssertionError(
        "import circle: "
        + " -> ".join(f"{a} (line {graph.edges[a, b]['line']})" for a, b in circle)
        + f" -> {circle[0][0]}"
    )


def test_the_worker_and_wire_contracts_name_every_other_part():
    """The import contracts keeping the worker and the wire to the standard library (and torch)
    forbid every other part of graphviz_app: a new module or subpackage is named there, or
    this fails (the worker runs under the user's Python, from a copy holding only those two)."""
    tomllib = pytest.importorskip("tomllib")  # (Python 3.11+)
    root = Path(__file__).resolve().parents[1]
    contracts = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
        "contracts"
    ]
    package = root / "graphviz_app"
    parts = {
        f"graphviz_app.{path.stem}"
        for path in package.iterdir()
        if (path.suffix == ".py" and path.name != "__init__.py") or (path / "__init__.py").is_file()
    }
    for source, also in (("graphviz_app.worker", set()), ("graphviz_app.wire", {"graphviz_app.worker"})):
        (contract,) = [c for c in contracts if c.get("source_modules") == [source]]
        forbidden = {m for m in contract["forbidden_modules"] if m.startswith("graphviz_app.")}
        assert forbidden == parts - {"graphviz_app.worker", "graphviz_app.wire"} | also, source
