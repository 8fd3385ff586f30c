"""Temporary folders of killed exports are tidied, and two exports tidying at once do not trip
over each other's folders."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from graphviz_app.core import export


def dead_pid() -> int:
    """The pid of a process that has ended (and was reaped)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_dead_exports_folder_is_removed_and_a_live_ones_kept(tmp_path):
    dead = tmp_path / f"{export.TEMP_PREFIX}{dead_pid()}_abc"
    live = tmp_path / f"{export.TEMP_PREFIX}{os.getppid()}_def"
    dead.mkdir()
    live.mkdir()
    assert export.remove_stale_temp_folders(tmp_path) == 1
    assert not dead.exists() and live.exists()


def test_a_folder_removed_by_its_own_export_meanwhile_is_skipped(tmp_path, monkeypatch):
    gone = tmp_path / f"{export.TEMP_PREFIX}{dead_pid()}_xyz"
    gone.mkdir()
    real_scandir = os.scandir

    def listing_then_removal(path):
        entries = list(real_scandir(path))
        monkeypatch.setattr(export.os, "scandir", real_scandir)  # one listing only
        shutil.rmtree(gone)  # the other export finishes between the listing and the check
        return iter(entries)

    monkeypatch.setattr(export.os, "scandir", listing_then_removal)
    assert export.remove_stale_temp_folders(tmp_path) == 0
