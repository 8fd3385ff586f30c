"""Big saved graphs in the window: how long a load takes and whether the event loop stays free.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.bigfile [--only 100k 1m] [--repeat 1]

Writes two synthetic saved graphs once (``bench/results/bigfile/``, with the app's own writer,
:func:`graphviz_app.core.model.saved_graph.dumps_trace`): ``100k``, a 100,000-node residual stack
(6 nodes per module, 50 modules per stage, every field a capture writes: shapes, saved tensors,
source lines), within every limit; and ``1m``, 1,000,000 lean nodes (id, op, kind, module) and
their edges, under the byte limit but over the node limit. Each case then runs in a fresh process:
a real :class:`~graphviz_app.qt.shell.main_window.MainWindow` (offscreen, 1200 x 800) opens the
file while a 10 ms QTimer records the longest gap between its ticks, a stall of the event loop
the user would feel. Printed per case: the outcome (refused, with the message's start, or the
nodes shown), when the read ended (``ReadJobs`` idle again, just before its result is handed
over; a synchronous reader ends with the open call), the longest event-loop gap until then and
after it (the graph handed to the document, its view planned, laid out, drawn; a gap across the
read's end counts its part on each side), the longest gap through the whole open (the read, the
hand-over, the first paint, forced with ``repaint``, and the next ``AFTER_S`` seconds, while the
panels fill), the time to the first picture, and the peak memory of the process (``ru_maxrss``)
above what it held before the open.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from itertools import pairwise
from pathlib import Path
from typing import Any

from .qtbench import fresh_window

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

FILES = Path(__file__).parent / "results" / "bigfile"
CASES = {"100k": (100_000, False), "1m": (1_000_000, True)}
"""Case name: (nodes, lean)."""
TICK_MS = 10
SETTLE_S = 5.0
"""Event-loop time given to the window before the open (its worker process starts meanwhile)."""
AFTER_S = 2.0
"""Event-loop time still watched after the first picture (its first paint, panels filling)."""


def synthetic_trace(nodes: int, *, lean: bool) -> dict[str, Any]:
    """A saved graph of ``nodes`` nodes: a leaf ``x`` then residual blocks of six nodes
    (``stages.{s}.{b}``: leaf a, mul, tanh, leaf b, mul, add), a Pow and the Mean ``loss``.
    ``lean``: nodes carry only id, op, kind and module (and a leaf its name)."""
    from graphviz_app.wire.schema import SCHEMA_VERSION

    items: list[dict[str, Any]] = []
    edges: list[dict[str, Any]] = []

    def add(
        op: str, kind: str, module: str | None, name: str | None = None, inputs: tuple[str, ...] = ()
    ) -> str:
        index = len(items)
        node: dict[str, Any] = {"id": f"n{index}", "op": op, "kind": kind, "module": module}
        if lean:
            if name is not None:
                node["name"] = name
        else:
            node.update(
                name=name,
                is_output=False,
                shape=[1, 8],
                dtype="float32",
                device="cpu",
                saved=["self: [1, 8]"] if kind == "op" else [],
                forward_index=index,
                backward_index=None,
                grad=None,
                value=None,
                source={"file": "model.py", "line": 10 + index % 50, "code": "x = x + torch.tanh(x * a) * b"},
            )
        items.append(node)
        for slot, source in enumerate(inputs):
            edges.append({"source": source, "target": node["id"], "slots": [slot], "grad": None})
        return str(node["id"])

    x = add("AccumulateGrad", "leaf", None, "x")
    block = 0
    while len(items) < nodes - 2:
        module = f"stages.{block // 50}.{block % 50}"
        a = add("AccumulateGrad", "leaf", module, f"{module}.a")
        mul = add("MulBackward0", "op", module, inputs=(x, a))
        tanh = add("TanhBackward0", "op", module, inputs=(mul,))
        b = add("AccumulateGrad", "leaf", module, f"{module}.b")
        scaled = add("MulBackward0", "op", module, inputs=(tanh, b))
        x = add("AddBackward0", "op", module, inputs=(x, scaled))
        block += 1
    power = add("PowBackward0", "op", None, inputs=(x,))
    loss = add("MeanBackward0", "op", None, "loss", inputs=(power,))
    if not lean:
        items[-1]["is_output"] = True
    return {
        "directed": True,
        "multigraph": False,
        "graph": {
            "schema_version": SCHEMA_VERSION,
            "roots": [loss],
            "outputs": [{"node": loss, "name": "loss", "shape": [], "scalar": True}],
            "devices": {"cpu": len(items)},
            "script": "model.py",
            "backward": {"ran": False, "by": None, "call": None, "error": None},
            "notices": [],
        },
        "nodes": items,
        "edges": edges,
    }


def graph_file(case: str) -> Path:
    """The case's saved graph, written once."""
    from graphviz_app.core.model.saved_graph import dumps_trace

    path = FILES / f"{case}.json"
    if not path.exists():
        nodes, lean = CASES[case]
        FILES.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".part")
        part.write_text(dumps_trace(synthetic_trace(nodes, lean=lean)), encoding="utf-8")
        part.rename(path)
    return path


def measure(path: Path) -> dict[str, Any]:
    """Open ``path`` in a real window, watching the event loop (see the module doc)."""
    with tempfile.TemporaryDirectory() as folder:
        from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer

        app, window = fresh_window(Path(folder), SETTLE_S)

        controller = window.controller
        clock = QElapsedTimer()
        ticks: list[float] = []
        marks: dict[str, float] = {}
        outcome: list[str] = []
        loop = QEventLoop()

        def tick() -> None:
            ticks.append(clock.nsecsElapsed() / 1e9)

        def read_ended(busy: bool) -> None:  # before the result is handed to the window
            if not busy:
                marks.setdefault("read", clock.nsecsElapsed() / 1e9)

        def shown() -> None:
            marks["shown"] = clock.nsecsElapsed() / 1e9
            outcome.append(
                f"shown: {len(window.document.view_model.display.nodes):,} of "
                f"{window.document.view_model.graph.number_of_nodes():,} nodes drawn"
            )
            window.repaint()  # the first paint, now (offscreen, nothing else would paint it)
            QTimer.singleShot(int(AFTER_S * 1000), loop.quit)

        def failed(error: Any) -> None:
            marks.setdefault("read", clock.nsecsElapsed() / 1e9)
            marks["shown"] = marks["read"]
            loop.quit()
            outcome.append(f"refused: {str(error).replace(str(path), path.name)}"[:140])

        reads = getattr(controller, "reads", None)  # absent where the window reads on its own thread
        if reads is not None:
            reads.busyChanged.connect(read_ended)
        controller.graphShown.connect(shown)
        controller.loadFailed.connect(failed)
        timer = QTimer()
        timer.setInterval(TICK_MS)
        timer.timeout.connect(tick)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        clock.start()
        timer.start()
        ticks.append(0.0)
        window.open_path(path)
        if reads is None:  # the read ended with the call
            marks.setdefault("read", clock.nsecsElapsed() / 1e9)
        QTimer.singleShot(600_000, loop.quit)
        loop.exec()
        tick()
        timer.stop()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

        read, end = marks["read"], marks.get("shown", ticks[-1])
        gaps = list(pairwise(ticks))  # a gap across the read's end counts its part in each

        def longest(start: float, stop: float) -> float:
            return max((min(b, stop) - max(a, start) for a, b in gaps), default=0.0)

        result = {
            "outcome": outcome[0] if outcome else "no answer in 600 s",
            "read_s": read,
            "shown_s": end,
            "gap_read_ms": longest(0.0, read) * 1000,
            "gap_after_ms": longest(read, end + 1) * 1000,
            "gap_all_ms": longest(0.0, ticks[-1]) * 1000,
            "peak_mb": (peak - before) / 1024,
        }
        window.close()
        del app
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(CASES), default=list(CASES))
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--case", help=argparse.SUPPRESS)  # a child process measuring one case
    args = parser.parse_args(argv)
    if args.case:
        print(json.dumps(measure(graph_file(args.case))))
        return 0
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    print(
        "| file | nodes | size | outcome | read ended | first picture | longest gap: reading | "
        "longest gap: after | longest gap: whole open | peak memory |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for case in args.only:
        path = graph_file(case)
        for _ in range(args.repeat):
            child = subprocess.run(
                [sys.executable, "-m", "bench.bigfile", "--case", case],
                capture_output=True,
                text=True,
                check=False,
                cwd=Path(__file__).parent.parent,
            )
            if child.returncode != 0:
                print(f"| {case} | failed: {child.stderr.strip().splitlines()[-1:]} |")
                continue
            r = json.loads(child.stdout.strip().splitlines()[-1])
            print(
                f"| {case} | {CASES[case][0]:,} | {path.stat().st_size / 1e6:,.0f} MB | {r['outcome']} | "
                f"{r['read_s']:.2f} s | {r['shown_s']:.2f} s | {r['gap_read_ms']:.0f} ms | "
                f"{r['gap_after_ms']:.0f} ms | {r['gap_all_ms']:.0f} ms | +{r['peak_mb']:,.0f} MB |"
            )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
