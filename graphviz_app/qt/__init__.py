"""The PySide6 desktop app (``graphviz_app.qt.app.main``). Imports PySide6 and the core, never torch.

PySide6-Essentials 6.12.0 drops a reference to ``None`` on every void call (and to ``True``/``False``
on every bool signal); on Python 3.11 the interpreter aborts with "none_dealloc" after a few
thousand calls. ``pyproject.toml`` therefore requires PySide6 < 6.12 (6.11.3 is correct), and
``tests/qt/test_pyside_refcounts.py`` guards against the installed version having the bug.
"""
