"""Test-wide setup: Qt runs offscreen unless the caller chose a platform (e.g. xvfb-run)."""
from __future__ import annotations

import os

# Before any QApplication exists (pytest-qt creates it lazily, after conftest is imported).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
