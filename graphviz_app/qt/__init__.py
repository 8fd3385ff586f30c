"""The PySide6 desktop app (``graphviz_app.qt.app.main``). Imports PySide6 and the core, never torch."""
from __future__ import annotations

import sys


def _keep_singletons_alive() -> None:
    """Work around PySide6 6.12 dropping references to ``None``, ``True`` and ``False``.

    PySide6 6.12's bindings return ``None`` from every void method (``QFont.setBold``,
    ``QLabel.setText``...) and pass ``bool`` signal arguments without taking a reference. On
    Python 3.12+ these objects are immortal and nothing happens; on Python 3.11 each call lowers
    their reference count until the interpreter aborts with "Fatal Python error: none_dealloc"
    (after a few thousand calls: building the scene of a mid-sized model was enough). Raising the
    counts by 2**40 makes them immortal in practice, as 3.12 does. Only CPython < 3.12 without
    ``Py_TRACE_REFS`` (whose object header has a different layout) is touched.
    """
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12) or hasattr(sys, "getobjects"):
        return
    import ctypes

    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40


_keep_singletons_alive()
