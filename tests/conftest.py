"""Test-wide setup: Qt runs offscreen unless the caller chose a platform (e.g. xvfb-run)."""
from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

# Before any QApplication exists (pytest-qt creates it lazily, after conftest is imported).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


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
