"""The matplotlib backend of a captured run: ``MPLBACKEND=module://graphviz_app.worker.plots``.

It draws with Agg (no window, no event loop) and hands each figure to the run's
:class:`~graphviz_app.worker.figures.Figures`: ``plt.show()`` and ``fig.show()`` keep every
open figure and return at once (a blocking ``plt.show()`` then closes them, as closing its
windows would under plain python), ``savefig`` to a file keeps the figure with its path, and
the figures still open when the script ends are kept at the end.  Waiting for a click or a key
(``plt.waitforbuttonpress``, ``plt.ginput``) returns at once, as after a timeout: no one can
press one.  matplotlib loads this module only when the script uses pyplot.

The app's copy of a figure draws text its font has no glyphs for (Korean in DejaVu Sans,
matplotlib's default) with a system font that has them (:data:`FALLBACK_FAMILIES`), glyph by
glyph (matplotlib 3.6+ falls back along a text's list of families): each such text gets that
family appended while the copy is drawn, and its own families back afterwards, so the script's
figures, its ``savefig`` files and its ``rcParams`` stay as under plain python.
"""

from __future__ import annotations

import functools
import math
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from typing import Any

import matplotlib
from matplotlib import font_manager
from matplotlib._pylab_helpers import Gcf
from matplotlib.backend_bases import FigureCanvasBase, FigureManagerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ft2font import FT2Font
from matplotlib.text import Text

from ..wire.plots import MAX_PLOT_BYTES, MAX_PLOT_SIDE
from . import figures

MIN_DPI = 20.0
"""A figure that fits ``MAX_PLOT_SIDE`` only drawn coarser than this is too big to keep (its
text would be under two pixels high)."""


def render(figure: Figure) -> bytes | None:
    """Return ``figure`` as PNG bytes at most ``MAX_PLOT_SIDE`` pixels on a side and
    ``MAX_PLOT_BYTES`` long (drawn smaller once if needed), or None when it does not fit."""
    width, height = figure.get_size_inches()
    dpi = min(float(figure.dpi), MAX_PLOT_SIDE / max(float(width), float(height), 0.01))
    if dpi < MIN_DPI:
        return None
    png = _png(figure, dpi)
    if len(png) > MAX_PLOT_BYTES:
        dpi *= math.sqrt(MAX_PLOT_BYTES / len(png)) * 0.8
        png = _png(figure, dpi) if dpi >= MIN_DPI else png
    return png if len(png) <= MAX_PLOT_BYTES else None


def _png(figure: Figure, dpi: float) -> bytes:
    buffer = BytesIO()
    with glyph_fallback(figure):
        figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


FALLBACK_FAMILIES = (
    "Noto Sans CJK KR",  # Linux (fonts-noto-cjk)
    "Noto Sans CJK JP",
    "Noto Sans CJK SC",
    "Noto Sans KR",
    "NanumGothic",
    "Malgun Gothic",  # Windows
    "Apple SD Gothic Neo",  # macOS
    "AppleGothic",
    "Microsoft YaHei",
    "PingFang SC",
    "Hiragino Sans",
)
"""Fonts with Hangul and CJK glyphs, the first one installed drawing what a figure's own font
cannot (matplotlib knows fonts by these family names)."""


@functools.cache
def fallback_family() -> str | None:
    """The first of :data:`FALLBACK_FAMILIES` matplotlib finds on this system (None: none)."""
    installed = {entry.name for entry in font_manager.fontManager.ttflist}
    return next((name for name in FALLBACK_FAMILIES if name in installed), None)


@functools.cache
def _glyphs(path: str) -> frozenset[int]:
    """The characters the font file at ``path`` has glyphs for."""
    return frozenset(FT2Font(path).get_charmap())


def lacks_glyphs(text: Text) -> bool:
    """True when some character of ``text`` has a glyph in none of its font families."""
    wanted = {ord(char) for char in text.get_text() if ord(char) > 0x7F and not char.isspace()}
    if not wanted or text.get_usetex():
        return False
    props = text.get_fontproperties()
    for family in props.get_family():
        single = props.copy()
        single.set_family(family)
        try:
            wanted -= _glyphs(font_manager.findfont(single, fallback_to_default=False))
        except ValueError:  # not installed
            continue
        if not wanted:
            return False
    return True


@contextmanager
def glyph_fallback(figure: Figure) -> Iterator[None]:
    """While in the block, each text of ``figure`` that its fonts cannot draw falls back glyph
    by glyph to :func:`fallback_family` (tick labels too: the figure is laid out first to make
    them); afterwards every text has its own families again."""
    family = fallback_family()
    changed: list[tuple[Text, list[str]]] = []
    if family is not None:
        with warnings.catch_warnings():  # the glyphs missing now are what this is about
            warnings.simplefilter("ignore", UserWarning)
            figure.draw_without_rendering()
        for text in figure.findobj(Text):
            if isinstance(text, Text) and lacks_glyphs(text):
                families = list(text.get_fontproperties().get_family())
                changed.append((text, families))
                text.set_fontfamily([*families, family])
    try:
        yield
    finally:
        for text, families in changed:
            text.set_fontfamily(families)


def title(figure: Any) -> str:
    """The figure's own title: its suptitle, else its first axes title, else its label ("")."""
    suptitle = getattr(figure, "_suptitle", None)
    if suptitle is not None and suptitle.get_text().strip():
        return str(suptitle.get_text().strip())
    for axes in figure.get_axes():
        text = axes.get_title().strip()
        if text:
            return str(text)
    return str(figure.get_label() or "").strip()


def _draw(figure: Any) -> tuple[str, bytes | None]:
    """``figure``'s title and drawing (:func:`render`), as it is now."""
    return title(figure), render(figure)


def _keep(store: figures.Figures, index: int, figure: Any) -> None:
    """Draw ``figure`` into the place ``index`` now; a figure whose data cannot be drawn is
    reported as such (the script goes on, as a window that failed to draw would let it)."""
    try:
        title_text, png = _draw(figure)
    except Exception as exc:
        store.fail(index, title(figure), exc)
        return
    store.fill(index, title_text, png)


class FigureManager(FigureManagerBase):
    """A figure without a window: showing it keeps its drawing for the trace."""

    def __init__(self, canvas: FigureCanvasBase, num: int | str) -> None:
        super().__init__(canvas, num)
        store = figures.active
        self.line = store.line() if store is not None else None
        """The script's line that made the figure."""
        self.place: int | None = None
        """Its place among the run's figures once shown (it stays open and may change)."""
        self.saved = False
        """Saved with ``savefig``: the file is its output, so it is not kept again at the end."""
        if store is not None:
            store.at_end(_keep_open_figures)

    def show(self) -> None:
        """``fig.show()``, or one figure of a non-blocking ``plt.show()``: keep its place, drawn
        when it is closed or the script ends."""
        store = figures.active
        if store is None:
            return
        line = store.line()
        if self.place is None:
            self.place = store.reserve("shown", line)
        elif line is not None:
            store.entries[self.place]["line"] = line
        if self.place is not None:
            store.wait(self.place, functools.partial(_draw, self.canvas.figure))

    def destroy(self) -> None:
        """Closed (``plt.close``, the end of a blocking ``plt.show()``): draw it as it is now."""
        store = figures.active
        if store is not None and self.place is not None:
            _keep(store, self.place, self.canvas.figure)
            self.place = None
        super().destroy()

    @classmethod
    def pyplot_show(cls, *, block: bool | None = None) -> None:
        """``plt.show()``: keep every open figure and return at once. Blocking (the default
        outside interactive mode), it then closes them, as closing their windows would."""
        managers = Gcf.get_all_fig_managers()
        for manager in managers:
            manager.show()
        if block is None:
            block = not matplotlib.is_interactive()
        if block and managers:
            Gcf.destroy_all()


class FigureCanvas(FigureCanvasAgg):
    """Agg's canvas; ``savefig`` to a file also keeps the figure."""

    manager_class = FigureManager

    def print_figure(self, filename: Any, *args: Any, **kwargs: Any) -> Any:
        result = super().print_figure(filename, *args, **kwargs)
        store = figures.active
        if store is not None and isinstance(filename, (str, os.PathLike)):
            manager = self.manager
            if isinstance(manager, FigureManager):
                manager.saved = True
            index = store.reserve("saved", store.line(), os.fsdecode(filename))
            if index is not None:
                _keep(store, index, self.figure)
        return result

    def start_event_loop(self, timeout: float = 0) -> None:
        """Waiting for input (``plt.pause``, ``waitforbuttonpress``, ``ginput``) ends at once:
        nothing can arrive without a window."""


show = FigureManager.pyplot_show


def _keep_open_figures() -> None:
    """At the end: keep each figure still open that was neither shown (those are drawn in their
    place) nor saved."""
    store = figures.active
    if store is None:
        return
    for manager in Gcf.get_all_fig_managers():
        if getattr(manager, "place", None) is None and not getattr(manager, "saved", False):
            index = store.reserve("open", getattr(manager, "line", None))
            if index is not None:
                _keep(store, index, manager.canvas.figure)
