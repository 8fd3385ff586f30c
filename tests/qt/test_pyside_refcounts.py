"""Regression: PySide6 6.12 on Python 3.11 dropped a reference to None on every void call and to
True/False on every bool signal, until the interpreter aborted ("none_dealloc") while drawing a
mid-sized model. Importing graphviz_app.qt must keep the app alive through many such calls."""
from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QFont

import graphviz_app.qt  # noqa: F401  (applies the workaround)


class _Emitter(QObject):
    flag = Signal(bool)


def test_many_void_calls_and_bool_signals_do_not_free_none_or_bools(qapp):
    before = sys.getrefcount(None)
    font = QFont()
    for _ in range(200_000):  # more than None's whole reference count in a fresh 3.11 process
        font.setBold(True)
    emitter = _Emitter()
    seen = []
    emitter.flag.connect(seen.append)
    for _ in range(50_000):
        emitter.flag.emit(True)
        emitter.flag.emit(False)
    assert len(seen) == 100_000
    assert sys.getrefcount(None) > 0 and before > 0  # still alive: we got here without an abort
