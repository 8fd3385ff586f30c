"""Application setup: QApplication, palettes (light/dark), high-DPI, and ``main(argv)``."""
from __future__ import annotations

import signal
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

APP_NAME = "graphviz_app"
ORG_NAME = "graphviz_app"


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


def system_prefers_dark() -> bool:
    """Return True when the desktop asks for a dark color scheme."""
    try:
        return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark
    except AttributeError:  # Qt < 6.5
        return False


def apply_theme(app: QApplication, theme: str) -> bool:
    """Apply ``"light"``, ``"dark"`` or ``"system"``; return True when the result is dark."""
    hints = QGuiApplication.styleHints()
    if hasattr(hints, "setColorScheme"):  # Qt >= 6.8: styles draw their dark variants too
        if theme == "system":
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(Qt.ColorScheme.Dark if theme == "dark" else Qt.ColorScheme.Light)
    dark = theme == "dark" or (theme == "system" and system_prefers_dark())
    app.setStyle("Fusion")
    app.setPalette(dark_palette() if dark else light_palette())
    return dark


def is_dark(palette: QPalette | None = None) -> bool:
    """Return True when ``palette`` (default: the application's) has a dark window color."""
    palette = palette or QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def create_app(argv: list[str] | None = None) -> QApplication:
    """Return the QApplication (creating it, with names, high-DPI policy and icon, if needed)."""
    app = QApplication.instance()
    if app is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
        )
        app = QApplication([sys.argv[0] if sys.argv else APP_NAME] + list(argv or []))
        # Settings live under these names (not the script that started Python); an app made
        # elsewhere (a test's) keeps its own.
        QCoreApplication.setOrganizationName(ORG_NAME)
        QCoreApplication.setApplicationName(APP_NAME)
    QGuiApplication.setApplicationDisplayName("graphviz_app")
    QGuiApplication.setDesktopFileName(APP_NAME)
    return app  # type: ignore[return-value]


def main(argv: list[str] | None = None) -> int:
    """Open the main window on ``argv[0]`` (a script or a saved .json graph) or the basic example.

    Returns the application's exit code.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    app = create_app()
    from .icons import icon
    from .main_window import MainWindow
    from .settings import Settings

    dark = apply_theme(app, Settings().theme())
    app.setWindowIcon(icon("app", dark))
    window = MainWindow()
    window.show()
    target = next((a for a in argv if not a.startswith("-")), None)
    if target is not None:
        window.open_path(Path(target))
    else:
        window.open_default_example()
    # Let Ctrl+C in the terminal close the app: Python handles signals only between Qt events.
    signal.signal(signal.SIGINT, lambda *_: app.quit())
    timer = QTimer()
    timer.start(250)
    timer.timeout.connect(lambda: None)
    code = app.exec()
    timer.stop()
    if window.isVisible():  # quit from elsewhere (Ctrl+C): still save settings, stop the worker
        window.close()
    return code
