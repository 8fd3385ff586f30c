"""Fixtures for the corpus: one warm capture worker, as the app holds one."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphviz_app.core.runner import Runner


@pytest.fixture(scope="session")
def corpus_runner() -> Iterator[Runner]:
    """One warm capture worker for the whole corpus (the app's and the CLI's real path)."""
    instance = Runner()
    instance.start()
    yield instance
    instance.close()
