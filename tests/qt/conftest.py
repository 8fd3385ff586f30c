"""Qt test fixtures: isolated QSettings, the session's warm runner, a real MainWindow, and a check
that no test leaves a background thread running."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QCoreApplication, QSettings

from graphviz_app.capture.client import Runner
from graphviz_app.qt.jobs import running_tasks

_counter = itertools.count()
LOAD_TIMEOUT_MS = 90_000
"""Generous: the first run waits for the worker to import torch on a busy 2-core machine."""
THREAD_GRACE_MS = 5_000


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


@pytest.fixture(autouse=True)
def no_thread_left_running(qapp) -> Iterator[None]:
    """Fail a test that leaves a background job's thread running after it (and its window)
    ended: a thread outliving its window aborts the process when it is destroyed."""
    yield
    running = running_tasks()
    for task in running:
        task.wait(THREAD_GRACE_MS)  # a cancelled job gets a moment to end
    left = running_tasks()
    assert not left, f"{len(left)} background thread(s) still running after the test: {left}"


@pytest.fixture
def qt_runner(runner: Runner) -> Runner:
    """The session's warm worker, shared by every window (the app makes one per window)."""
    return runner


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
def laptop_window(qtbot, qt_runner):
    """A real, shown MainWindow at 1024 x 700, a small laptop screen; closed afterwards."""
    from graphviz_app.qt.shell.main_window import MainWindow

    win = MainWindow(runner=qt_runner)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: win.width() == 1024)
    yield win
    if win.isVisible():  # a test may have closed it already
        win.close()


@pytest.fixture
def load(qtbot, window) -> Callable[[Path], None]:
    """Return a function opening a path in the window and waiting until its graph is drawn."""

    def open_and_wait(path: Path, timeout: int = LOAD_TIMEOUT_MS) -> None:
        with qtbot.waitSignal(window.controller.graphShown, timeout=timeout):
            window.open_path(path)

    return open_and_wait
