"""Regression: PySide6 6.12.0 on Python 3.11 dropped a reference to None on every void call and to
True/False on every bool signal, until the interpreter aborted ("none_dealloc") while drawing a
mid-sized model. The installed PySide6 (below 6.12 before Python 3.12, see pyproject.toml) must
keep the counts. From Python 3.12 on, None, True and False are immortal (PEP 683): their counts
do not move with references, so a lost reference cannot free them and 6.12 is allowed there.

The probe runs in a subprocess, so a PySide6 with the bug fails this test instead of aborting the
whole test run."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QFont, QGuiApplication

app = QGuiApplication(["probe", "-platform", "offscreen"])

class Emitter(QObject):
    flag = Signal(bool)

none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
font = QFont()
for _ in range(200_000):  # more than None's whole reference count in a fresh 3.11 process
    font.setBold(True)
emitter = Emitter()
seen = []
emitter.flag.connect(seen.append)
for _ in range(50_000):
    emitter.flag.emit(True)
    emitter.flag.emit(False)
assert len(seen) == 100_000
held = 0 if sys.version_info >= (3, 12) else seen.count(True)  # immortal from 3.12: not counted
print(sys.getrefcount(None) - none_before, sys.getrefcount(True) - true_before - held)
"""


def test_void_calls_and_bool_signals_keep_none_and_bools_alive():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"PySide6 lost references to None/True/False:\n{done.stderr[-2000:]}"
    none_delta, true_delta = (int(x) for x in done.stdout.split())
    # A leak of one reference per call would show as a drop of hundreds of thousands.
    assert abs(none_delta) < 100 and abs(true_delta) < 100
