"""The Qt side of the benchmark: build the app's scene offscreen and time repaints of its view.

Uses the app's own :class:`~graphviz_app.qt.canvas.scene.GraphScene` and
:class:`~graphviz_app.qt.canvas.view.GraphView` under ``QT_QPA_PLATFORM=offscreen``. A repaint is timed
as rendering the whole viewport into an image, after the change that causes it: a color-mode
switch, a forward step, a pan by a third of the view, a zoom step.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import networkx as nx

from graphviz_app.core.view import colors
from graphviz_app.core.view.display import DisplayGraph
from graphviz_app.core.view.look import ViewState
from graphviz_app.core.view.stepping import FORWARD, Stepper, step_order

from .timing import Timing, measure

VIEW_SIZE = (1280, 800)


def application() -> Any:
    """Return the QApplication (created offscreen on first use)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(["bench"])


def fresh_window(folder: Path, wait_s: float) -> tuple[Any, Any]:
    """Return the QApplication and a shown :class:`~graphviz_app.qt.shell.main_window.MainWindow`
    (1200 x 800) whose settings and layout cache live in ``folder`` (nothing from the user's),
    after ``wait_s`` seconds of event loop (its worker process starts meanwhile)."""
    os.environ["GRAPHVIZ_APP_CACHE_DIR"] = str(folder / "cache")
    from PySide6.QtCore import QEventLoop, QSettings, QTimer

    from graphviz_app.qt.shell.main_window import MainWindow

    app = application()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder / "settings"))
    window = MainWindow()
    window.resize(1200, 800)
    window.show()
    wait = QEventLoop()
    QTimer.singleShot(int(wait_s * 1000), wait.quit)
    wait.exec()
    return app, window


def build_scene(display: DisplayGraph, layout: Any, graph: nx.DiGraph, mode: str = "device") -> Any:
    """Return a GraphScene with the layout's items, colored as the window colors them."""
    application()
    from graphviz_app.qt.canvas.scene import GraphScene

    scene = GraphScene()
    scene.build(display, layout, graph)
    scene.apply_look(ViewState(colors.node_colors(graph, mode)))
    return scene


class Repaints:
    """A 1280x800 view of a scene, fitted to show all of it, and the repaint timings."""

    def __init__(self, scene: Any, graph: nx.DiGraph) -> None:
        application()
        from PySide6.QtGui import QImage

        from graphviz_app.qt.canvas.view import GraphView

        self.scene, self.graph = scene, graph
        self.view = GraphView(scene)
        self.view.resize(*VIEW_SIZE)
        self.view.show()
        self.view.fit()
        viewport = self.view.viewport()
        self.image = QImage(viewport.width(), viewport.height(), QImage.Format.Format_ARGB32_Premultiplied)
        self.modes = [m for m in ("op", "device") if m in colors.COLOR_MODES]
        self.fills = {m: colors.node_colors(graph, m) for m in self.modes}
        self.steps = len(step_order(graph, FORWARD))
        self.stepper = Stepper(graph)
        self._turn = 0

    def render(self) -> None:
        """Paint the whole viewport into an image (what a repaint costs)."""
        self.image.fill(0)
        self.view.viewport().render(self.image)

    def color_change(self) -> None:
        self._turn += 1
        self.scene.apply_look(ViewState(self.fills[self.modes[self._turn % 2]]))
        self.render()

    def step(self) -> None:
        self._turn += 1
        index = (self._turn * 7919) % max(self.steps, 1)
        view = self.stepper.view(FORWARD, index)
        self.scene.apply_look(ViewState(self.fills[self.modes[-1]], view.styles))
        self.render()

    def pan(self) -> None:
        self._turn += 1
        bar = self.view.horizontalScrollBar() if self._turn % 2 else self.view.verticalScrollBar()
        delta = VIEW_SIZE[0] // 3 * (1 if self._turn % 4 < 2 else -1)
        bar.setValue(bar.value() + delta)
        self.render()

    def zoom(self) -> None:
        self._turn += 1
        self.view.zoom_by(1.25 if self._turn % 2 else 1 / 1.25)
        self.render()

    def timings(self, repeat: int) -> dict[str, Timing]:
        """Return median times of each kind of repaint (after one untimed warm-up paint)."""
        self.render()
        return {
            "repaint_color": measure(self.color_change, repeat=repeat, budget=5.0),
            "repaint_step": measure(self.step, repeat=repeat, budget=5.0),
            "repaint_pan": measure(self.pan, repeat=repeat, budget=5.0),
            "repaint_zoom": measure(self.zoom, repeat=repeat, budget=5.0),
        }

    def close(self) -> None:
        self.view.hide()
        self.view.deleteLater()
