"""The minimap's cost on a big graph, in a real (offscreen) main window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.minimap [--graph residual_20000] [--expand]

The zoo script is opened through the real controller (``--expand``: then every module expanded,
20,000 node items for residual_20000), the view set to 100 % on the graph's middle so the map
shows. Timed with ``QWidget.render`` (the map's paintEvent alone, no window flush): the picture
drawn again from the scene's overview (what a new layout or look costs, once), and a repaint
after a pan (what every scroll or zoom costs: the frame moves, the picture is kept). Medians of
``--repeat`` runs. Settings and the layout cache live in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graph", default="residual_20000")
    parser.add_argument("--expand", action="store_true", help="expand every module first")
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GRAPHVIZ_APP_CACHE_DIR"] = str(Path(folder) / "cache")
        from PySide6.QtCore import QCoreApplication, QEventLoop, QSettings, QTimer
        from PySide6.QtGui import QPixmap

        from graphviz_app.qt.app import create_app
        from graphviz_app.qt.shell.main_window import MainWindow

        app = create_app()
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, folder)
        QCoreApplication.setOrganizationName("graphviz_app_bench_minimap")
        window = MainWindow()
        window.resize(1400, 900)
        window.show()

        def wait_shown(start: object) -> float:
            loop = QEventLoop()
            window.controller.graphShown.connect(loop.quit)
            QTimer.singleShot(600_000, loop.quit)
            began = time.perf_counter()
            start()  # type: ignore[operator]
            loop.exec()
            window.controller.graphShown.disconnect(loop.quit)
            return time.perf_counter() - began

        script = Path(__file__).resolve().parent / "zoo" / f"{args.graph}.py"
        seconds = wait_shown(lambda: window.open_path(script))
        if args.expand:
            seconds = wait_shown(lambda: window.document.view_model.set_collapsed(frozenset()))
        scene, view, minimap = window.scene, window.view, window.view.minimap
        view.set_zoom(1.0)
        view.centerOn(scene.graph_rect.center())
        app.processEvents()
        if not minimap.isVisible():
            print("the minimap is hidden: the whole graph is in sight", file=sys.stderr)
            return 1
        target = QPixmap(minimap.size())
        draws, moves = [], []
        for _ in range(args.repeat):
            minimap.invalidate()
            began = time.perf_counter()
            minimap.render(target)
            draws.append(time.perf_counter() - began)
        renders = minimap.renders
        for _ in range(args.repeat):
            view.verticalScrollBar().setValue(view.verticalScrollBar().value() + 30)
            app.processEvents()
            began = time.perf_counter()
            minimap.render(target)
            moves.append(time.perf_counter() - began)
        assert minimap.renders == renders, "a pan drew the picture again"
        print(
            f"{args.graph}{' expanded' if args.expand else ''}: {len(scene.node_items)} node items, "
            f"{len(scene.edge_items)} edge items (shown in {seconds:.1f} s)"
        )
        print(f"  picture drawn (once per layout or look): {statistics.median(draws) * 1000:.1f} ms")
        print(f"  repaint after a pan (frame only):       {statistics.median(moves) * 1000:.2f} ms")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
