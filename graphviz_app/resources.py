"""Locate the bundled resources (examples, icons) in a checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path


def resources_dir() -> Path:
    """Return the folder holding ``examples/`` and ``icons/``.

    In a source checkout that is the top-level ``resources/``; in a wheel it is packaged as
    ``graphviz_app/resources`` (see ``pyproject.toml``).
    """
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "resources", here / "resources"):
        if (candidate / "examples").is_dir():
            return candidate
    raise FileNotFoundError("graphviz_app's bundled resources are missing; reinstall graphviz_app.")


def examples_dir() -> Path:
    """Return the folder of bundled example scripts."""
    return resources_dir() / "examples"


def example(name: str) -> Path:
    """Return the path of a bundled example by file name (``"basic_autograd.py"``)."""
    return examples_dir() / name


DEFAULT_EXAMPLE = "basic_autograd.py"
