"""Real, small virtual environments for the interpreter tests.

``python -m venv --without-pip`` makes each in a moment. One "with torch" gets torch without an
install: a ``.pth`` file in its site-packages names a folder holding links to torch and the
packages torch imports, taken from the app's own environment (never graphviz_app, Qt or
networkx), plus ``myproj``, a package of the project's own that the app's environment lacks.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

TORCH_NEEDS = (
    "torch",
    "torchgen",
    "functorch",
    "typing_extensions.py",
    "sympy",
    "mpmath",
    "numpy",
    "numpy.libs",
    "tqdm",
    "filelock",
    "fsspec",
    "jinja2",
    "markupsafe",
)
"""What torch imports (and its capture needs) in the app's site-packages."""
MYPROJ = "myproj from the project's environment"


def app_site_packages() -> Path:
    spec = importlib.util.find_spec("torch")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parents[1]


def make_venv(folder: Path) -> Path:
    """Make a plain virtual environment in ``folder`` (no torch); return its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    python = folder / "bin" / "python"
    assert python.is_file()
    return python


def site_packages(venv: Path) -> Path:
    found = sorted((venv / "lib").glob("python3*/site-packages"))
    assert found, f"no site-packages in {venv}"
    return found[0]


def add_torch(venv: Path, links: Path) -> None:
    """Give ``venv`` the app's torch through links in ``links`` and a .pth file."""
    links.mkdir(parents=True, exist_ok=True)
    source = app_site_packages()
    for name in TORCH_NEEDS:
        if (source / name).exists() and not (links / name).exists():
            os.symlink(source / name, links / name)
    (site_packages(venv) / "torch_links.pth").write_text(f"{links}\n", encoding="utf-8")


def add_myproj(venv: Path) -> None:
    """Install ``myproj``, a package of the project's own, into ``venv``."""
    package = site_packages(venv) / "myproj"
    package.mkdir()
    (package / "__init__.py").write_text(f"NAME = {MYPROJ!r}\n", encoding="utf-8")


def make_project(root: Path, script: str) -> Path:
    """Make ``root`` a project: its own ``.venv`` (torch and myproj) and ``train.py`` (``script``)."""
    venv = root / ".venv"
    make_venv(venv)
    add_torch(venv, root / "links")
    add_myproj(venv)
    (root / "train.py").write_text(script, encoding="utf-8")
    return root


def add_broken_torch(venv: Path, folder: Path) -> None:
    """Give ``venv`` a torch whose import fails, as a torch built for another system does."""
    add_module(
        venv,
        folder,
        "torch",
        "raise ImportError('libtorch_cpu.so: cannot open shared object file: No such file or directory')\n",
    )


def old_python() -> Path | None:
    """A Python older than 3.10 on this machine (pyenv's, or on PATH but not a pyenv shim), or None."""
    import shutil

    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for version in ("3.9", "3.8", "3.7"):
        for python in sorted(root.glob(f"{version}.*/bin/python{version}")):
            return python
        found = shutil.which(f"python{version}")
        if found and "shims" not in Path(found).parts:
            return Path(found)
    return None


def add_module(venv: Path, folder: Path, name: str, source: str) -> None:
    """Put a module ``name`` (a package when it is ``torch``) with ``source`` on ``venv``'s path,
    through a .pth file, as an installed package or a ``sitecustomize`` would be."""
    target = folder / name / "__init__.py" if name == "torch" else folder / f"{name}.py"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(source, encoding="utf-8")
    (site_packages(venv) / f"{name}_{folder.name}.pth").write_text(f"{folder}\n", encoding="utf-8")
