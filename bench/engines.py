"""Layout time per Graphviz engine: the system's ``dot`` and the packaged graphviz-pure, on the zoo.

    .venv/bin/python -m bench.engines                        # the examples and the models
    .venv/bin/python -m bench.engines --only residual_20000 --repeat 1 --cap 120

Each entry is captured once (:mod:`bench.graphs`), drawn at full detail (``dot_graph``, one ``dot``
run for the whole graph, no composition) and laid out ``--repeat`` times by each engine
(``dot -Tjson0`` and parsing, as the window does); a cell is the median, ``> cap`` when the run
was stopped at ``--cap`` seconds.  The last column is the packaged engine's time over the
system's.  Results go to ``bench/results/engines-<time>.json`` and a Markdown table to stdout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from graphviz_app.core.graphviz import engine
from graphviz_app.core.graphviz.dot import dot_graph
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.errors import LayoutError

from .graphs import graph_of
from .zoo import MODELS, by_name, entries

RESULTS = Path(__file__).resolve().parent / "results"


def layout_seconds(text: str, kind: str, repeat: int, cap: float) -> float | None:
    """The median seconds ``kind`` takes to lay ``text`` out; None when a run passed ``cap``."""
    engine.set_choice(kind)
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        try:
            LayoutJob(text, cap).result()
        except LayoutError:
            return None
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def show(seconds: float | None, cap: float) -> str:
    if seconds is None:
        return f"> {cap:g} s"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", nargs="+", metavar="NAME", help="zoo entries (default: examples and models)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per engine (default 3)")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds allowed to one run (default 60)")
    args = parser.parse_args(argv)
    chosen = (
        by_name(args.only)
        if args.only
        else [e for e in entries() if e.group == "example" or e.name in MODELS]
    )
    found = engine.available()
    kinds = [kind for kind in ("system", "packaged") if kind in found]
    versions = {kind: found[kind].describe() for kind in kinds}
    rows = []
    print(f"| entry | nodes | {' | '.join(versions[k] for k in kinds)} | packaged / system |")
    print(f"|---|---:|{'---:|' * len(kinds)}---:|")
    for entry in chosen:
        graph = graph_of(entry.name, entry.path)
        display = build_display(graph, ViewOptions())
        text = dot_graph(display, graph).text()
        seconds = {kind: layout_seconds(text, kind, args.repeat, args.cap) for kind in kinds}
        system, packaged = seconds.get("system"), seconds.get("packaged")
        ratio = f"{packaged / system:.2f}" if system and packaged else "–"
        cells = " | ".join(show(seconds[k], args.cap) for k in kinds)
        print(f"| {entry.name} | {len(display.nodes):,} | {cells} | {ratio} |", flush=True)
        rows.append({"entry": entry.name, "nodes": len(display.nodes), "seconds": seconds})
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"engines-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(
        json.dumps({"engines": versions, "repeat": args.repeat, "cap": args.cap, "rows": rows}, indent=1)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
