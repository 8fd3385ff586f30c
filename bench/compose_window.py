"""The window path of an expand or collapse, end to end, in a real (offscreen) GraphWidget.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.compose_window [--repeat 3]

residual_20000 (``bench.compose``'s expand graph, from :mod:`bench.graphs`) is opened through the real
:class:`~graphviz_app.qt.shell.controller.Controller` at full detail but for one block; then,
timed: ``document.view_model.expand(block)`` (or ``collapse``) until the controller says the new
picture is shown (``graphShown``: display graph, composition on the layout thread, scene updated,
restyled), plus one ``viewport().repaint()``.  Medians of ``--repeat`` toggles each way, and the drift of the
module's top-left corner on screen (pixels; it should stay put).  Settings and the layout cache
live in a temporary folder.

From the second toggle on, each view was shown before: the document keeps its display graph
and the window its composed layout.  ``--uncached`` forgets both before each toggle (all but
those of the view on screen), so every toggle makes and composes its view, as the first expand
of a module does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--graph", default="residual_20000")
    parser.add_argument("--module", default="stages.33.25")
    parser.add_argument(
        "--uncached", action="store_true", help="forget the views shown lately before each toggle"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GRAPHVIZ_APP_CACHE_DIR"] = str(Path(folder) / "cache")
        from PySide6.QtCore import QEventLoop, QSettings, QTimer
        from PySide6.QtWidgets import QApplication

        from graphviz_app.core.model.graph import load_graph_json
        from graphviz_app.qt.canvas.widget import GraphWidget
        from graphviz_app.qt.document import Document
        from graphviz_app.qt.panels.messages import MessagesPanel
        from graphviz_app.qt.settings import Settings
        from graphviz_app.qt.shell.controller import Controller

        from .graphs import GRAPHS, graph_of

        app = QApplication.instance() or QApplication(sys.argv)
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(Path(folder) / "settings")
        )
        graph_of(args.graph)
        document, widget, messages = Document(), GraphWidget(), MessagesPanel()
        widget.resize(1200, 800)
        widget.show()
        controller = Controller(document, widget, Settings(), messages, None)

        painting: list[float] = []

        def shown(action: Callable[[], object]) -> float:
            loop = QEventLoop()
            controller.graphShown.connect(loop.quit)
            controller.loadFailed.connect(loop.quit)
            QTimer.singleShot(600_000, loop.quit)
            start = time.perf_counter()
            action()
            loop.exec()
            drawn = time.perf_counter()
            widget.viewport().repaint()
            end = time.perf_counter()
            painting.append(end - drawn)
            controller.graphShown.disconnect(loop.quit)
            controller.loadFailed.disconnect(loop.quit)
            return end - start

        path = GRAPHS / f"{args.graph}.json"
        opened = shown(lambda: controller.open(path))
        nodes = load_graph_json(path).number_of_nodes()
        detail = shown(lambda: document.view_model.set_collapsed({args.module}))
        expands, collapses = [], []
        painting.clear()
        drift: list[float] = []

        def corner() -> tuple[int, int]:
            scene = widget.graph_scene
            item = scene.cluster_items.get(args.module) or scene.node_items["m:" + args.module]
            point = widget.mapFromScene(item.scene_rect().topLeft())
            return point.x(), point.y()

        for _ in range(args.repeat):
            for toggle, times in (
                (document.view_model.expand, expands),
                (document.view_model.collapse, collapses),
            ):
                before = corner()
                if args.uncached:  # as if this view had never been shown: only the one on screen kept
                    built = document.view_model._built
                    built[:] = [entry for entry in built if entry[2] is document.view_model.display]
                    shown_now = controller._shown[0] if controller._shown else None
                    controller._composed[:] = [
                        entry for entry in controller._composed if entry[0] is shown_now
                    ]
                times.append(shown(lambda toggle=toggle: toggle(args.module)))
                after = corner()
                drift.append(max(abs(after[0] - before[0]), abs(after[1] - before[1])))
        print(f"| {args.graph} ({nodes:,} nodes) | open {opened:.2f} s, full detail {detail:.2f} s |")
        print(
            f"| expand {args.module}, to the repainted picture (≤ 200 ms) | "
            f"{statistics.median(expands) * 1000:.0f} ms (runs: {', '.join(f'{t * 1000:.0f}' for t in expands)}) |"
        )
        print(
            f"| collapse it again (≤ 200 ms) | "
            f"{statistics.median(collapses) * 1000:.0f} ms (runs: {', '.join(f'{t * 1000:.0f}' for t in collapses)}) |"
        )
        print(f"| of which the repaint (median) | {statistics.median(painting) * 1000:.0f} ms |")
        print(f"| the module's top-left corner on screen, largest drift | {max(drift):.0f} px |")
        print(f"| scene items | {len(widget.graph_scene.items()):,}; view scale {widget.zoom():.3f} |")
        controller.shutdown()
        widget.close()
        del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
