"""The figures a script draws with matplotlib, kept for the trace (graph attribute ``plots``).

:func:`install` runs in the forked child before the script: it points matplotlib at the backend
:mod:`graphviz_app.worker.plots` through ``MPLBACKEND`` (matplotlib's own way to pick a custom
backend, as IPython's inline backend is picked), so nothing opens a window and ``plt.show()``
returns at once, as if its windows had been closed.  matplotlib itself is imported only when the
script imports it.  A script that picks a window backend itself (``matplotlib.use("TkAgg")``,
``"QtAgg"``...) gets this one instead, with a notice: no one could close its windows, so the run
would wait until its time limit.  The backend reports each figure shown, saved with ``savefig``
or still open at the end to the :class:`Figures` of the run, which keeps them bounded
(:data:`~graphviz_app.wire.plots.MAX_PLOTS` figures of at most
:data:`~graphviz_app.wire.plots.MAX_PLOT_BYTES`).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..wire.message import QT_TRANSLATE_NOOP, Message
from ..wire.plots import MAX_PLOTS, encode_png
from .import_watch import ImportWatch

BACKEND = "module://graphviz_app.worker.plots"
WINDOW_BACKENDS = frozenset(
    {
        "gtk3agg",
        "gtk3cairo",
        "gtk4agg",
        "gtk4cairo",
        "macosx",
        "nbagg",
        "notebook",
        "qtagg",
        "qtcairo",
        "qt5agg",
        "qt5cairo",
        "tkagg",
        "tkcairo",
        "webagg",
        "wx",
        "wxagg",
        "wxcairo",
        "ipympl",
        "widget",
    }
)
"""matplotlib's backends that open windows (or a browser page): replaced by :data:`BACKEND`."""
SAME_AS_OURS = frozenset({"agg"})
"""Backends that draw exactly what :data:`BACKEND` draws: replaced without a notice, so the
figures of a script that picks Agg (as training scripts on servers do) are kept too."""
MAX_TOTAL_BYTES = 10_000_000
"""Most PNG bytes all figures of one run may take together."""

active: Figures | None = None
"""The figures of the run in progress (None: no run, or matplotlib draws for someone else)."""
WINDOW_BACKEND = QT_TRANSLATE_NOOP(
    "Explanation",
    "{where} picks matplotlib's {name} backend, which opens windows that no "
    "one can close here: graphviz_app draws the figures without windows "
    "instead and keeps them with the graph (the Plots panel).",
)
LINE = QT_TRANSLATE_NOOP("Explanation", "Line {line}")
THE_SCRIPT = QT_TRANSLATE_NOOP("Explanation", "The script")
TOO_MANY = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script made {count} figures; the first {kept} are kept (close "
    "figures you no longer need, or save fewer).",
)
TOO_BIG = QT_TRANSLATE_NOOP(
    "Explanation",
    "Figures too big to keep, even drawn smaller, were left out: {names}. "
    "Make them smaller (figsize, dpi) or save them to a file.",
)
NOT_DRAWN = QT_TRANSLATE_NOOP("Explanation", "matplotlib could not draw some figures: {errors}.")

_previous_backend: str | None = None
"""``MPLBACKEND`` before :func:`install` (put back by :func:`uninstall`)."""
_watches: list[ImportWatch] = []
"""The imports of :data:`GUARDED`'s modules watched while a run keeps figures."""


def script_line(script: str, frame: Any) -> int | None:
    """The line of the innermost frame of ``script`` at or above ``frame``, or None."""
    while frame is not None:
        if frame.f_code.co_filename == script:
            return int(frame.f_lineno)
        frame = frame.f_back
    return None


class Figures:
    """The figures of one run, in the order the script made them.

    A figure shown without blocking (``plt.show(block=False)``, ``plt.pause``, ``fig.show()``)
    stays open and may change: it keeps one place, drawn when it is closed or at the end.
    """

    def __init__(self, script: str, notices: list[Message]) -> None:
        self.script = script
        self.notices = notices
        self.entries: list[dict[str, Any]] = []
        self._pending: dict[int, Callable[[], tuple[str, bytes | None]]] = {}
        """Places whose drawing waits: index -> draws (title, PNG or None when too big)."""
        self._finishers: list[Callable[[], None]] = []
        self.left_out = 0
        self.too_big: list[str] = []
        self.failed: list[str] = []
        self.replaced: set[str] = set()
        """The window backends the script asked for (each noticed once)."""
        self._bytes = 0

    # -- for the backend ------------------------------------------------------------------------
    def line(self) -> int | None:
        """The line of the script's innermost frame in the call running now, or None."""
        return script_line(self.script, sys._getframe(1))

    def reserve(self, kind: str, line: int | None, path: str | None = None) -> int | None:
        """Take the next place for a figure; None when :data:`MAX_PLOTS` are taken already."""
        if len(self.entries) >= MAX_PLOTS:
            self.left_out += 1
            return None
        self.entries.append({"title": "", "line": line, "kind": kind, "path": path, "png": None})
        return len(self.entries) - 1

    def fill(self, index: int, title: str, png: bytes | None) -> None:
        """Put the drawing of the figure at ``index`` (None: too big to keep, even drawn smaller)."""
        self._pending.pop(index, None)
        entry = self.entries[index]
        entry["title"] = title
        if png is not None and self._bytes + len(png) > MAX_TOTAL_BYTES:
            png = None
        if png is None:
            self.too_big.append(title or f"figure {index + 1}")
            return
        self._bytes += len(png)
        entry["png"] = encode_png(png)

    def fail(self, index: int, title: str, error: BaseException) -> None:
        """The figure at ``index`` could not be drawn (its data raised): keep the reason."""
        self._pending.pop(index, None)
        self.entries[index]["title"] = title
        text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        self.failed.append(f"{title or f'figure {index + 1}'}: {text}")

    def wait(self, index: int, draw: Callable[[], tuple[str, bytes | None]]) -> None:
        """Draw the figure at ``index`` later (when it is closed, or at the end)."""
        self._pending[index] = draw

    def at_end(self, finish: Callable[[], None]) -> None:
        """Call ``finish`` (once) when the figures are collected: the backend draws what is open."""
        if finish not in self._finishers:
            self._finishers.append(finish)

    # -- for the capture ------------------------------------------------------------------------
    def collected(self) -> list[dict[str, Any]]:
        """Draw what is still open, and return the figures for the trace; add notices for the
        figures left out."""
        for finish in self._finishers:
            finish()
        for index, draw in list(self._pending.items()):
            try:
                title, png = draw()
            except Exception as exc:  # the figure's data cannot be drawn
                self.fail(index, "", exc)
                continue
            self.fill(index, title, png)
        if self.left_out:
            self.notices.append(Message.of(TOO_MANY, count=len(self.entries) + self.left_out, kept=MAX_PLOTS))
        if self.too_big:
            self.notices.append(Message.of(TOO_BIG, names=", ".join(self.too_big)))
        if self.failed:
            self.notices.append(Message.of(NOT_DRAWN, errors="; ".join(self.failed)))
        uninstall()
        return [entry for entry in self.entries if entry["png"] is not None]


def install(script: str, notices: list[Message]) -> Figures:
    """Keep the figures of the script about to run (in this process, before it starts)."""
    global active, _previous_backend
    if active is None:
        _previous_backend = os.environ.get("MPLBACKEND")
    active = Figures(script, notices)
    os.environ["MPLBACKEND"] = BACKEND
    for watch in _watches:
        watch.cancel()
    _watches[:] = [ImportWatch.call_after(name, _guard) for name in GUARDED]
    return active


def uninstall() -> None:
    """Stop keeping figures (the run is over)."""
    global active
    active = None
    if _previous_backend is None:
        os.environ.pop("MPLBACKEND", None)
    else:
        os.environ["MPLBACKEND"] = _previous_backend
    for watch in _watches:
        watch.cancel()


def chosen_backend(name: Any) -> Any:
    """The backend to use when the script asks for ``name``: this one instead of a window's."""
    if active is None or not isinstance(name, str):
        return name
    lowered = name.lower()
    if lowered in SAME_AS_OURS:
        return BACKEND
    if lowered in WINDOW_BACKENDS:
        if lowered not in active.replaced:
            active.replaced.add(lowered)
            line = active.line()
            where = Message.of(LINE, line=line) if line is not None else Message.of(THE_SCRIPT)
            active.notices.append(Message.of(WINDOW_BACKEND, where=where, name=name))
        return BACKEND
    return name


GUARDED = {"matplotlib": "use", "matplotlib.pyplot": "switch_backend"}
"""The functions through which a script picks a backend (``matplotlib.use``; pyplot's
``switch_backend``, which pyplot's first figure calls with the backend set in ``rcParams``)."""


def _guard(module: ModuleType) -> None:
    """Make ``module``'s function of :data:`GUARDED` take :func:`chosen_backend`'s backend."""
    name = GUARDED[module.__name__]
    original = getattr(module, name)
    if getattr(original, "__wrapped__", None) is not None:
        return

    def choose(backend: Any, *args: Any, **kwargs: Any) -> Any:
        return original(chosen_backend(backend), *args, **kwargs)

    setattr(module, name, functools.update_wrapper(choose, original))  # (its __wrapped__ marks it)


def collected() -> list[dict[str, Any]]:
    """The figures of the run (see :meth:`Figures.collected`); none when no run keeps them."""
    return active.collected() if active is not None else []
