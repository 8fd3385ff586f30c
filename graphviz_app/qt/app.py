"""The entry point: the QApplication (names, high-DPI policy, icon) and ``main(argv)``."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from ..core.graphviz import engine as graphviz_engine
from ..logs import configure
from ..wire.errors import SettingError
from .i18n import install_translators
from .icons import icon
from .settings import Settings
from .shell.instance import serve
from .shell.main_window import MainWindow
from .theme import apply_theme

APP_NAME = "graphviz_app"
ORG_NAME = "graphviz_app"


def create_app(argv: list[str] | None = None) -> QApplication:
    """Return the QApplication (creating it, with names, high-DPI policy and icon, if needed)."""
    app = QApplication.instance()
    if app is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication([sys.argv[0] if sys.argv else APP_NAME] + list(argv or []))
        # Settings live under these names (not the script that started Python); an app made
        # elsewhere (a test's) keeps its own.
        QCoreApplication.setOrganizationName(ORG_NAME)
        QCoreApplication.setApplicationName(APP_NAME)
    QGuiApplication.setApplicationDisplayName("graphviz_app")
    QGuiApplication.setDesktopFileName(APP_NAME)
    return app  # type: ignore[return-value]


def main(argv: list[str] | None = None, *, python: str | None = None, engine: str | None = None) -> int:
    """Open the main window on ``argv[0]`` (a script or a saved .json graph) or the basic example.

    ``python``: the interpreter every script of this session runs under (``--python``), over
    Preferences and the one found beside the script; ``engine``: the Graphviz engine of this
    session (``--engine``), over ``$GRAPHVIZ_APP_ENGINE`` and Preferences. Returns the
    application's exit code.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        configure()  # GRAPHVIZ_APP_LOG
    except SettingError as exc:
        print(f"graphviz-app: error: {exc}", file=sys.stderr)
        return 2
    app = create_app()
    try:
        if engine is not None:
            graphviz_engine.set_choice(engine)
        elif graphviz_engine.ENGINE_ENV not in os.environ:
            graphviz_engine.set_choice(Settings().engine())
        graphviz_engine.choice()
    except SettingError as exc:
        print(f"graphviz-app: error: {exc}", file=sys.stderr)
        return 2

    install_translators(app, Settings().language())
    dark = apply_theme(app, Settings().theme())
    app.setWindowIcon(icon("app", dark))
    window = MainWindow()
    serve(window)  # graphs sent by graphviz_app.open() from any Python process (one window serves)
    if python:
        from ..capture.interpreter import AT_START, explicit_interpreter

        window.controller.python_override = explicit_interpreter(python, "--python", AT_START)
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
