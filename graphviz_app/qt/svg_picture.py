"""PDF and PNG files drawn from an SVG by Qt, for what the packaged engine cannot draw itself.

The packaged engine (graphviz-pure) writes no PDF, and its PNG has glyphs only for the scripts its
built-in fonts hold (no Hangul or CJK). So an export draws the engine's SVG with QSvgRenderer:
into a one-page PDF of the same size in points (Graphviz's SVG user unit is the point; text stays
text), or into a PNG at a given resolution, with the system's fonts.  It runs as its own process
(``python -m graphviz_app.qt.svg_picture SVG OUT [--png --dpi D --max-side N]``, started by
:func:`graphviz_app.core.export.picture_from_svg`): the core imports no Qt, and the command line
needs no display (on Linux it uses Qt's ``offscreen`` platform).  Exit status 0: ``OUT`` is
written (a PNG's size in pixels on stdout); 1: the SVG could not be drawn (the reason on stderr).
"""

from __future__ import annotations

import argparse
import os
import sys

HELVETICA_LIKE = ("Arial", "Liberation Sans", "Arimo", "Nimbus Sans", "Nimbus Sans L", "TeX Gyre Heros")
"""Fonts with Helvetica's widths, tried in this order where Helvetica itself is not installed."""


def _renderer(svg_path: str):  # type: ignore[no-untyped-def]  # (PySide6 is imported late)
    from PySide6.QtGui import QFont, QGuiApplication
    from PySide6.QtSvg import QSvgRenderer

    if QGuiApplication.instance() is None:
        _renderer.app = QGuiApplication([sys.argv[0]])  # type: ignore[attr-defined]
    # Where Helvetica is missing, a font with its widths (the ones the engine measured with)
    # before a wider sans-serif: the text then fits the boxes drawn for it.
    QFont.insertSubstitutions("Helvetica", list(HELVETICA_LIKE))
    renderer = QSvgRenderer(svg_path)
    if not renderer.isValid():
        raise ValueError(f"Qt could not read the SVG {svg_path}")
    return renderer


def _points(renderer) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    box = renderer.viewBoxF()
    if box.width() > 0 and box.height() > 0:
        return box.width(), box.height()
    size = renderer.defaultSize()
    return float(size.width()), float(size.height())


def write_pdf(svg_path: str, pdf_path: str, title: str = "") -> None:
    """Draw the SVG file ``svg_path`` into a one-page PDF at ``pdf_path``; raise ValueError when
    Qt cannot read the SVG."""
    from PySide6.QtCore import QMarginsF, QRectF, QSizeF
    from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

    renderer = _renderer(svg_path)
    width, height = _points(renderer)
    writer = QPdfWriter(pdf_path)
    writer.setCreator("graphviz_app")
    writer.setTitle(title)
    page = QPageSize(QSizeF(width, height), QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.ExactMatch)
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, writer.width(), writer.height()))
    finally:
        painter.end()


def write_png(svg_path: str, png_path: str, dpi: float, max_side: int) -> tuple[int, int]:
    """Draw the SVG file ``svg_path`` into a PNG at ``dpi`` (72 points an inch), scaled down to
    at most ``max_side`` pixels a side; return its size. Raise ValueError when Qt cannot read the
    SVG, OSError when the PNG cannot be written."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    renderer = _renderer(svg_path)
    width, height = _points(renderer)
    scale = min(dpi / 72, max_side / max(width, height, 1.0))
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = QImage(size[0], size[1], QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    painter = QPainter(image)
    try:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        renderer.render(painter, QRectF(0, 0, size[0], size[1]))
    finally:
        painter.end()
    if not image.save(png_path, "PNG"):  # type: ignore[call-overload]  # (bytes: refused at run time)
        raise OSError(f"Qt could not write the PNG {png_path}")
    return size


def main(argv: list[str]) -> int:
    """``SVG OUT [--title T] [--png --dpi D --max-side N]``: write OUT (a PDF, or a PNG with
    ``--png``); 0 when written, 1 (with the reason on stderr) when not."""
    parser = argparse.ArgumentParser(prog="python -m graphviz_app.qt.svg_picture")
    parser.add_argument("svg")
    parser.add_argument("out")
    parser.add_argument("--title", default="")
    parser.add_argument("--png", action="store_true", help="write a PNG (default: a PDF)")
    parser.add_argument("--dpi", type=float, default=96.0)
    parser.add_argument("--max-side", type=int, default=32767)
    args = parser.parse_args(argv)
    if sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no display needed
    try:
        if args.png:
            print("{} {}".format(*write_png(args.svg, args.out, args.dpi, args.max_side)))
        else:
            write_pdf(args.svg, args.out, args.title)
    except (ValueError, OSError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
