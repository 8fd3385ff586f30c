"""Fixtures for capture tests: one warm runner per session, and scripts written on the fly."""
from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from graphviz_app.core.runner import Runner


@pytest.fixture(scope="session")
def runner() -> Iterator[Runner]:
    """A warm capture worker shared by the session (as the app and CLI use it)."""
    instance = Runner()
    instance.start()
    yield instance
    instance.close()


@pytest.fixture
def write_script(tmp_path: Path) -> Callable[[str, str], Path]:
    """Return a function writing a dedented script into tmp_path and returning its path."""

    def write(source: str, name: str = "script.py") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        return path

    return write
