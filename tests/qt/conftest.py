"""Qt test fixtures: isolated QSettings, a shared warm runner, graphs built by hand."""
from __future__ import annotations

import itertools
from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QCoreApplication, QSettings  # noqa: E402

_counter = itertools.count()


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
