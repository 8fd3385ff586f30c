"""Toolbar and window icons from ``resources/icons/*.svg``, recolored for dark palettes.

The SVGs draw with a dark gray stroke (``#444``); on a dark palette it is swapped for a light gray.
Rendering goes through Qt's SVG image plugin; where it is missing (a trimmed Qt), a standard style
icon stands in, so no action is ever left without an icon.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QColor, QIcon, QImageReader, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QStyle

from ..resources import resources_dir

DARK_STROKE = "#444"
LIGHT_STROKE = "#d6d6d6"
SIZES = (16, 20, 24, 32, 48, 64, 128)

FALLBACKS = {
    "open": QStyle.StandardPixmap.SP_DialogOpenButton,
    "reload": QStyle.StandardPixmap.SP_BrowserReload,
    "export": QStyle.StandardPixmap.SP_DialogSaveButton,
    "cancel": QStyle.StandardPixmap.SP_BrowserStop,
    "fit": QStyle.StandardPixmap.SP_TitleBarMaxButton,
    "zoom-in": QStyle.StandardPixmap.SP_ArrowUp,
    "zoom-out": QStyle.StandardPixmap.SP_ArrowDown,
    "search": QStyle.StandardPixmap.SP_FileDialogContentsView,
    "copy": QStyle.StandardPixmap.SP_FileDialogDetailedView,
    "collapse": QStyle.StandardPixmap.SP_TitleBarShadeButton,
    "expand": QStyle.StandardPixmap.SP_TitleBarUnshadeButton,
    "run-backward": QStyle.StandardPixmap.SP_MediaSeekBackward,
    "app": QStyle.StandardPixmap.SP_ComputerIcon,
}


def svg_supported() -> bool:
    """Return True when Qt can render SVG images (the ``svg`` image-format plugin is present)."""
    return b"svg" in [f.data() for f in QImageReader.supportedImageFormats()]


@cache
def icon(name: str, dark: bool = False) -> QIcon:
    """Return the icon ``resources/icons/<name>.svg`` (light strokes when ``dark``)."""
    path = resources_dir() / "icons" / f"{name}.svg"
    icon = QIcon()
    if path.is_file() and svg_supported():
        data = path.read_text(encoding="utf-8")
        if dark:
            data = data.replace(DARK_STROKE, LIGHT_STROKE)
        raw = QByteArray(data.encode("utf-8"))
        for size in SIZES:
            buffer = QBuffer(raw)
            buffer.open(QIODevice.OpenModeFlag.ReadOnly)
            reader = QImageReader(buffer, b"svg")
            reader.setScaledSize(QSize(size, size))
            image = reader.read()
            if not image.isNull():
                icon.addPixmap(QPixmap.fromImage(image))
    if icon.isNull():
        app = QApplication.instance()
        standard = FALLBACKS.get(name, QStyle.StandardPixmap.SP_FileIcon)
        if isinstance(app, QApplication):
            icon = app.style().standardIcon(standard)
    return icon


def tinted(source: QIcon, color: str, size: int = 24) -> QIcon:
    """Return ``source`` painted in one ``color`` (its alpha kept): a style's dark media icons
    made readable on a dark palette."""
    out = QIcon()
    for side in (16, size, 2 * size):
        pixmap = source.pixmap(QSize(side, side))
        if pixmap.isNull():
            continue
        painter = QPainter(pixmap)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(pixmap.rect(), QColor(color))
        painter.end()
        out.addPixmap(pixmap)
    return out
