"""A PDF drawn from an SVG by Qt (QSvgRenderer on a QPdfWriter), for engines without ``-Tpdf``.

The packaged engine (graphviz-pure) writes no PDF, so an export draws its SVG into a PDF page of
the same size in points (Graphviz's SVG user unit is the point), text kept as text.  It runs as
its own process (``python -m graphviz_app.qt.pdf_file SVG PDF``, started by
:func:`graphviz_app.core.export.pdf_from_svg`): the core imports no Qt, and the command line
needs no display (on Linux it uses Qt's ``offscreen`` platform).  Exit status 0: ``PDF`` is
written; 1: the SVG could not be drawn (the reason on stderr).
"""

from __future__ import annotations

import os
import sys

HELVETICA_LIKE = ("Arial", "Liberation Sans", "Arimo", "Nimbus Sans", "Nimbus Sans L", "TeX Gyre Heros")
"""Fonts with Helvetica's widths, tried in this order where Helvetica itself is not installed."""


def write_pdf(svg_path: str, pdf_path: str, title: str = "") -> None:
    """Draw the SVG file ``svg_path`` into a one-page PDF at ``pdf_path``; raise ValueError when
    Qt cannot read the SVG."""
    from PySide6.QtCore import QMarginsF, QRectF, QSizeF
    from PySide6.QtGui import QFont, QGuiApplication, QPageLayout, QPageSize, QPainter, QPdfWriter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    # Where Helvetica is missing, a font with its widths (the ones the engine measured with)
    # before a wider sans-serif: the text then fits the boxes drawn for it.
    QFont.insertSubstitutions("Helvetica", list(HELVETICA_LIKE))
    renderer = QSvgRenderer(svg_path)
    if not renderer.isValid():
        raise ValueError(f"Qt could not read the SVG {svg_path}")
    box = renderer.viewBoxF()
    if box.width() <= 0 or box.height() <= 0:
        size = renderer.defaultSize()
        box = QRectF(0, 0, size.width(), size.height())
    writer = QPdfWriter(pdf_path)
    writer.setCreator("graphviz_app")
    writer.setTitle(title)
    page = QPageSize(
        QSizeF(box.width(), box.height()), QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.ExactMatch
    )
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, writer.width(), writer.height()))
    finally:
        painter.end()
    del _app


def main(argv: list[str]) -> int:
    """``SVG PDF [TITLE]``: write the PDF; 0 when written, 1 (with the reason on stderr) when not."""
    if len(argv) not in (2, 3):
        print("usage: python -m graphviz_app.qt.pdf_file SVG PDF [TITLE]", file=sys.stderr)
        return 2
    if sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no display needed
    try:
        write_pdf(argv[0], argv[1], argv[2] if len(argv) == 3 else "")
    except (ValueError, OSError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
