"""The About box and the version facts it shows (torch's version is read without importing torch;
the Graphviz engine that lays graphs out, with its version)."""

from __future__ import annotations

import html
import platform
from importlib import metadata

import PySide6
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

from ...core.graphviz.engine import Engine, engine
from ...errors import GraphvizNotFoundError

translate = QCoreApplication.translate

INSTALL_GRAPHVIZ = (
    "pip install graphviz-pure        (the packaged engine: Windows, macOS, Linux)\n"
    "sudo apt-get install graphviz   (Debian/Ubuntu)\n"
    "brew install graphviz           (macOS)\n"
    "conda install -c conda-forge graphviz"
)


def package_version(name: str) -> str:
    """Return an installed distribution's version, or "not installed"."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def engine_text(chosen: Engine) -> str:
    """An engine in the window's language: ``"graphviz-pure 0.2.2 (packaged)"``."""
    kind = translate("About", "system") if chosen.kind == "system" else translate("About", "packaged")
    return f"{chosen.name} {chosen.version_number()} ({kind})"


def versions() -> dict[str, str]:
    """Return the versions worth reporting in a bug: the app, Python, torch, Qt, Graphviz..."""
    try:
        graphviz = engine_text(engine())  # the engine that lays graphs out, its version and kind
    except GraphvizNotFoundError:
        graphviz = translate("About", "not found — install graphviz-pure or Graphviz to lay out graphs")
    return {
        "graphviz_app": package_version("graphviz_app"),
        "Python": platform.python_version(),
        "PyTorch": package_version("torch"),
        "Qt": qVersion(),
        "PySide6": PySide6.__version__,
        "Graphviz": graphviz,
        "networkx": package_version("networkx"),
        "Platform": platform.platform(terse=True),
    }


def show_about(parent: QWidget | None) -> QMessageBox:
    """Show the About box (non-blocking) and return it."""
    rows = "".join(
        f"<tr><td style='padding-right:12px'><b>{html.escape(k)}</b></td><td>{html.escape(v)}</td></tr>"
        for k, v in versions().items()
    )
    box = QMessageBox(parent)
    box.setObjectName("aboutBox")
    box.setWindowTitle(translate("About", "About graphviz_app"))
    box.setIconPixmap(parent.windowIcon().pixmap(64, 64) if parent is not None else box.iconPixmap())
    box.setTextFormat(Qt.TextFormat.RichText)
    summary = translate(
        "About",
        "See the graph PyTorch's autograd records for your script: laid out by "
        "Graphviz, colored by device, searchable, with modules you can collapse.",
    )
    box.setText(f"<h3>graphviz_app</h3><p>{html.escape(summary)}</p><table>{rows}</table>")
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.open()
    return box


def missing_graphviz_text() -> str:
    """Return the message shown when no Graphviz engine is installed, with the install commands."""
    return (
        translate(
            "About",
            "No Graphviz engine was found, so the graph cannot be laid out.\n"
            "Install one (or choose another engine in Preferences), then reload (F5):\n",
        )
        + INSTALL_GRAPHVIZ
    )
