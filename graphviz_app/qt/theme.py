"""The app's look outside the graph: light and dark palettes, the system's choice, ``is_dark``."""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

Theme = Literal["system", "light", "dark"]
THEMES: tuple[Theme, ...] = ("system", "light", "dark")


def light_palette() -> QPalette:
    """Return a neutral light palette (Fusion's defaults, with a clearer highlight)."""
    pal = QStyleFactory.create("Fusion").standardPalette()
    pal.setColor(QPalette.ColorRole.Highlight, QColor("#1a73e8"))
    pal.setColor(QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
    pal.setColor(QPalette.ColorRole.Link, QColor("#1a5fb4"))
    return pal


def dark_palette() -> QPalette:
    """Return a dark palette with enough contrast for labels, links and disabled text."""
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#2b2d30",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1e1f22",
        QPalette.ColorRole.AlternateBase: "#26282b",
        QPalette.ColorRole.ToolTipBase: "#3c3f41",
        QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.PlaceholderText: "#9a9da1",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#35373a",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Light: "#4a4d50",
        QPalette.ColorRole.Midlight: "#3f4245",
        QPalette.ColorRole.Mid: "#5a5d61",
        QPalette.ColorRole.Dark: "#1a1b1d",
        QPalette.ColorRole.Shadow: "#000000",
        QPalette.ColorRole.Highlight: "#3d7bd9",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#8ab4f8",
        QPalette.ColorRole.LinkVisited: "#c58af9",
    }
    for role, color in roles.items():
        pal.setColor(role, QColor(color))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7c7f83"))
    return pal


def apply_theme(app: QApplication, theme: Theme) -> bool:
    """Apply ``"light"``, ``"dark"`` or ``"system"``; return True when the result is dark."""
    hints = QGuiApplication.styleHints()
    if hasattr(hints, "setColorScheme"):  # Qt >= 6.8: styles draw their dark variants too
        if theme == "system":
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(Qt.ColorScheme.Dark if theme == "dark" else Qt.ColorScheme.Light)
    dark = theme == "dark" or (theme == "system" and hints.colorScheme() == Qt.ColorScheme.Dark)
    app.setStyle("Fusion")
    app.setPalette(dark_palette() if dark else light_palette())
    return dark


def is_dark(palette: QPalette | None = None) -> bool:
    """Return True when ``palette`` (default: the application's) has a dark window color."""
    palette = palette or QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128
