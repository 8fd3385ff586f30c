"""Fixtures for the corpus: the session's one warm capture worker, as the app holds one."""

from __future__ import annotations

import pytest

from graphviz_app.capture.client import Runner


@pytest.fixture(scope="session")
def corpus_runner(runner: Runner) -> Runner:
    """The whole suite's warm capture worker (the app's and the CLI's real path)."""
    return runner
