"""A big graph in the window, the way a user goes through it: each step timed end to end.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.window_paths [--repeat 3] [--graph residual_20000] [--module NAME]

Each repeat is one fresh process with a real :class:`~graphviz_app.qt.shell.main_window.MainWindow`
(offscreen, 1200 x 800; settings and the layout cache in a temporary folder, so nothing is
cached from before) that goes through these steps in turn, as a user would:

* **open**: the saved graph (``bench/results/graphs/<graph>.json``, from :mod:`bench.graphs`)
  opened as File ▸ Open does, to its first picture (collapsed to a readable depth);
* **expand a module of the first view**: a module the first picture draws as one node (the
  middle one, or ``--module NAME``), double-clicked (``ViewModel.expand``, as the window does), never shown
  expanded before;
* **collapse it again** (its view was shown before);
* **Expand All** (Graph ▸ Expand All Modules) from there; a big picture is shown as a sketch
  first and its items made a slice at a time (``GraphScene.build``), so two more rows: the
  time until the **last item is made**, and the **longest stall** of the window's event loop
  from the action to then (a 10 ms heartbeat timer's largest gap: the work done in one go;
  its CPU column repeats it). Every step waits for its last item before the next starts;
* **first collapse after Expand All**: a block deep in the graph collapsed, never shown so;
* **expand it again** (shown before), and **collapse a stage** (a top-level module's child,
  hundreds of nodes, never collapsed before);
* **Collapse to depth 1** (Graph ▸ Collapse All Modules);
* **Expand All again**, from depth 1 (the full picture by a relayout of every item);
* **wheel zoom**, full detail: one wheel notch (in and out in turn) over
  the middle of the canvas, the repaint it asks for and the events it sets off, per frame;
  median of 10 frames;
* **open it again** from the full picture, as a script's run or File ▸ Open once more does: the
  graph shown is replaced by the same file's graph read anew (its layouts cached by now).

After each step the event loop runs for ``SETTLE_S`` seconds (the user looks at the picture;
the window takes the dropped items out and the minimap draws the new picture meanwhile). A
step's **longest stall** is the largest gap of a 10 ms heartbeat timer from the action to the end
of that time: the most the window held its event loop at once (target ``STALL_MAX``; the open
steps' reads, on a thread, count only where they hold the window). Every step is timed from the action to the controller's ``graphShown`` plus one repaint of the
window (``repaint``: offscreen, nothing else would paint it), in wall seconds and in this
process's CPU seconds (``time.process_time``: all its threads, not the ``dot`` children), so that
a busy machine shows as wall time above CPU time. ``--big`` also opens bench.bigfile's
100,000-node saved graph (fresh processes too) to its first picture. Cells are medians over the
repeats; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .qtbench import fresh_window
from .zoo import missing

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGETS = {
    "open": 3.0,
    "expand_first": 0.2,
    "collapse_first": 0.2,
    "expand_all": 2.0,
    "expand_all_built": 5.0,
    "expand_all_stall": 0.1,
    "collapse_after_all": 0.2,
    "expand_again": 0.2,
    "collapse_stage": 0.2,
    "depth_1": 0.2,
    "expand_all_again": 2.0,
    "wheel": 0.016,
    "reopen": 3.0,
    "big_open": 5.0,
}
ROWS = {
    "open": "open the saved graph, to its first picture",
    "expand_first": "expand a module of the first view (never shown expanded)",
    "collapse_first": "collapse it again (shown before)",
    "expand_all": "Graph ▸ Expand All, from there",
    "expand_all_built": "Expand All, until its last item is made",
    "expand_all_stall": "Expand All, the longest stall of the event loop",
    "collapse_after_all": "first collapse of a block after Expand All",
    "expand_again": "expand that block again (shown before)",
    "collapse_stage": "collapse a stage (never collapsed before)",
    "depth_1": "Graph ▸ Collapse All Modules (depth 1)",
    "expand_all_again": "Graph ▸ Expand All again, from there",
    "wheel": "wheel zoom at full detail, a frame",
    "reopen": "open it again, from the full picture",
    "big_open": "100,000-node saved graph, to its first picture",
}
WHEEL_FRAMES = 10
STALL_MAX = 0.1
"""The longest a step may hold the window's event loop at once (from the action until
``SETTLE_S`` after its picture is complete)."""
HEARTBEAT_MS = 10
"""Interval of the timer whose largest gap is a step's longest stall of the event loop."""
SETTLE_S = 1.5
"""Event-loop time between two steps, as a user looks at the picture: the work the window
leaves for later (the minimap's new picture) is done by the next step."""


def session(graph_path: Path, big: bool, module: str | None = None) -> dict[str, tuple[float, float]]:
    """Go through the steps in a fresh window; return each step's (wall, CPU) seconds.

    ``module`` is the module of the first view to expand (default: the middle one shown); the
    modules each step toggles are printed, one line each, before the times."""
    with tempfile.TemporaryDirectory() as folder:
        from PySide6.QtCore import QEvent, QEventLoop, QPoint, QPointF, Qt, QTimer
        from PySide6.QtGui import QWheelEvent

        app, window = fresh_window(Path(folder), 3.0)
        controller, document = window.controller, window.document
        times: dict[str, tuple[float, float]] = {}

        stalls: dict[str, float] = {}

        def step(name: str, action: Callable[[], object]) -> None:
            loop = QEventLoop()
            failures: list[object] = []
            controller.graphShown.connect(loop.quit)
            controller.loadFailed.connect(failures.append)
            controller.loadFailed.connect(loop.quit)
            QTimer.singleShot(600_000, loop.quit)
            beats = [time.perf_counter(), 0.0]  # the last beat, the longest gap

            def beat() -> None:
                now = time.perf_counter()
                beats[1] = max(beats[1], now - beats[0])
                beats[0] = now

            heart = QTimer(interval=HEARTBEAT_MS)
            heart.timeout.connect(beat)
            heart.start()
            wall, cpu = time.perf_counter(), time.process_time()
            beats[0] = wall
            action()
            loop.exec()
            window.repaint()
            times[name] = (time.perf_counter() - wall, time.process_time() - cpu)
            controller.graphShown.disconnect(loop.quit)
            controller.loadFailed.disconnect(loop.quit)
            if failures:
                raise RuntimeError(f"{name}: {failures[0]}")
            scene = window.scene
            if scene.building():  # the items a sketch stands for, made from the event loop
                built = QEventLoop()
                scene.built.connect(built.quit)
                built.exec()
                scene.built.disconnect(built.quit)
            if name == "expand_all":
                beat()
                times["expand_all_built"] = (time.perf_counter() - wall, time.process_time() - cpu)
                times["expand_all_stall"] = (beats[1], beats[1])
            pause = QEventLoop()  # what the window does after a picture (dropped items, the minimap)
            QTimer.singleShot(int(SETTLE_S * 1000), pause.quit)
            pause.exec()
            beat()
            heart.stop()
            stalls[name] = beats[1]

        def module_nodes() -> list[str]:
            display = document.view_model.display
            assert display is not None
            return sorted(
                (n.module for n in display.nodes.values() if n.kind == "module" and n.module),
                key=lambda m: [int(p) if p.isdigit() else p for p in m.split(".")],
            )

        if big:
            from .bigfile import graph_file

            step("big_open", lambda: window.open_path(graph_file("100k")))
        else:
            step("open", lambda: window.open_path(graph_path))
            shown = module_nodes()
            if module is not None and module not in shown:
                raise ValueError(f"--module {module} is not one node of the first view: {', '.join(shown)}")
            first = module if module is not None else shown[len(shown) // 2]
            print(f"expand_first / collapse_first: {first}")
            step("expand_first", lambda: document.view_model.expand(first))
            step("collapse_first", lambda: document.view_model.collapse(first))
            step("expand_all", window.actions_.expand_all.trigger)
            modules = document.view_model.modules()
            leaves = [m for m in modules if m.count(".") == 2]
            block = leaves[len(leaves) * 2 // 3]
            print(f"collapse_after_all / expand_again: {block}")
            step("collapse_after_all", lambda: document.view_model.collapse(block))
            step("expand_again", lambda: document.view_model.expand(block))
            stages = [m for m in modules if m.count(".") == 1]
            stage = stages[len(stages) // 3]
            print(f"collapse_stage: {stage}")
            step("collapse_stage", lambda: document.view_model.collapse(stage))
            step("depth_1", window.actions_.collapse_all.trigger)
            step("expand_all_again", window.actions_.expand_all.trigger)
            view = window.view
            viewport = view.viewport()
            middle = QPointF(viewport.width() / 2, viewport.height() / 2)
            frames = []
            for turn in range(WHEEL_FRAMES):
                delta = 120 if turn % 2 == 0 else -120
                event = QWheelEvent(
                    middle,
                    QPointF(viewport.mapToGlobal(middle.toPoint())),
                    QPoint(0, 0),
                    QPoint(0, delta),
                    Qt.MouseButton.NoButton,
                    Qt.KeyboardModifier.NoModifier,
                    Qt.ScrollPhase.NoScrollPhase,
                    False,
                )
                wall, cpu = time.perf_counter(), time.process_time()
                app.sendEvent(viewport, event)
                viewport.repaint()  # the frame the wheel asked for (its pending update is done)
                app.processEvents()  # and what else it set off (scroll bars, the minimap)
                frames.append((time.perf_counter() - wall, time.process_time() - cpu))
            assert event.type() == QEvent.Type.Wheel
            times["wheel"] = (
                statistics.median(f[0] for f in frames),
                statistics.median(f[1] for f in frames),
            )
            step("reopen", lambda: window.open_path(graph_path))
        controller.shutdown()
        window.close()
        del app
    return {name: (*value, stalls.get(name)) for name, value in times.items()}


def show(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def child(argv: list[str]) -> dict[str, Any]:
    """Run one session in a fresh process; return its times (raises on its failure)."""
    run = subprocess.run(
        [sys.executable, "-m", "bench.window_paths", *argv],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parent.parent,
    )
    if run.returncode != 0:
        raise RuntimeError(f"window_paths {' '.join(argv)} failed:\n{run.stderr[-3000:]}")
    *said, last = run.stdout.strip().splitlines()
    for line in said:  # the modules the session toggled
        print("  " + line, flush=True)
    result: dict[str, Any] = json.loads(last)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--graph", default="residual_20000")
    parser.add_argument("--module", help="the module of the first view to expand (default: the middle one)")
    parser.add_argument("--big", action="store_true", help="also open bench.bigfile's 100k graph")
    parser.add_argument("--session", choices=("graph", "big"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    from .graphs import GRAPHS, graph_of

    path = GRAPHS / f"{args.graph}.json"
    if args.session:
        print(json.dumps(session(path, args.session == "big", args.module)))
        return 0
    why = missing(args.graph)
    if why is not None:
        print(why, file=sys.stderr)
        return 1
    graph_of(args.graph)  # captured once
    print(f"load average {os.getloadavg()[0]:.2f} at the start", flush=True)
    runs: list[dict[str, Any]] = []
    chosen = ["--module", args.module] if args.module else []
    for _ in range(args.repeat):
        runs.append(child(["--session", "graph", "--graph", args.graph, *chosen]))
        if args.big:
            runs[-1].update(child(["--session", "big"]))
        print("  " + ", ".join(f"{k} {show(v[0])}" for k, v in runs[-1].items()), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end\n")
    print(
        f"| {args.graph}: step (target) | wall, median of {args.repeat} | CPU s, median | runs (wall) "
        f"| longest stall, median (≤ {show(STALL_MAX)}) |"
    )
    print("|---|---|---|---|---|")
    for name, words in ROWS.items():
        if name not in runs[0]:
            continue
        walls = [r[name][0] for r in runs]
        cpus = [r[name][1] for r in runs]
        wall = statistics.median(walls)
        mark = "✓" if wall <= TARGETS[name] else "✗"
        held = [r[name][2] for r in runs if r[name][2] is not None]
        stall = statistics.median(held) if held else None
        stalled = "—" if stall is None else f"{show(stall)} {'✓' if stall <= STALL_MAX else '✗'}"
        print(
            f"| {words} (≤ {show(TARGETS[name])}) | {show(wall)} {mark} | {statistics.median(cpus):.3f} | "
            f"{', '.join(show(w) for w in walls)} | {stalled} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
