"""Qt test fixtures: isolated QSettings, one warm runner per session, a real MainWindow."""
from __future__ import annotations

import itertools
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QCoreApplication, QSettings

from graphviz_app.core.runner import Runner

_counter = itertools.count()
LOAD_TIMEOUT_MS = 90_000
"""Generous: the first run waits for the worker to import torch on a busy 2-core machine."""


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path_factory) -> Iterator[Path]:
    """Point QSettings at a fresh folder and organization for every test."""
    folder = tmp_path_factory.mktemp("settings")
    old_org = QCoreApplication.organizationName()
    old_app = QCoreApplication.applicationName()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    QCoreApplication.setOrganizationName(f"graphviz_app_test_{next(_counter)}")
    QCoreApplication.setApplicationName("graphviz_app_test")
    yield folder
    QCoreApplication.setOrganizationName(old_org)
    QCoreApplication.setApplicationName(old_app)


@pytest.fixture(scope="session")
def qt_runner() -> Iterator[Runner]:
    """One warm capture worker for every window of the session (the app makes one per window)."""
    runner = Runner()
    runner.start()
    yield runner
    runner.close()


@pytest.fixture
def window(qtbot, qt_runner):
    """A real, shown MainWindow sharing the session's runner; closed (jobs stopped) afterwards."""
    from graphviz_app.qt.shell.main_window import MainWindow

    win = MainWindow(runner=qt_runner)
    win.resize(1200, 800)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()
    # Closing stops every background job: no thread may outlive the window.
    assert not win.controller.jobs.is_busy() and not win.controller.layouts.is_busy()


@pytest.fixture
def load(qtbot, window) -> Callable[[Path], None]:
    """Return a function opening a path in the window and waiting until its graph is drawn."""

    def open_and_wait(path: Path, timeout: int = LOAD_TIMEOUT_MS) -> None:
        with qtbot.waitSignal(window.controller.graphShown, timeout=timeout):
            window.open_path(path)

    return open_and_wait


@pytest.fixture
def write_script(tmp_path: Path) -> Callable[..., Path]:
    """Return a function writing a dedented script into tmp_path and returning its path."""

    def write(source: str, name: str = "script.py") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        return path

    return write
