"""Measure layout by composition (``graphviz_app.core.graphviz.compose``) against its targets.

    .venv/bin/python -m bench.compose                  # the table, 3 runs per cell
    .venv/bin/python -m bench.compose --repeat 5 --baseline   # also one plain dot run per graph

Each graph is captured once through the app's command line (``graphviz-app export SCRIPT -o
graph.json``: real torch, the app's own capture), kept in ``bench/results/graphs/`` and loaded
back; nothing of the capture is timed.  Cells are medians of ``--repeat`` runs on this machine,
in one process, in this order:

* **first picture**: the full-detail display graph (``build_display``) and its layout as the
  window asks for it (:func:`~graphviz_app.core.graphviz.arrange.layout_job`): composed, with a fresh
  :class:`Composer` and no disk cache, so every distinct piece runs ``dot``.  Target ≤ 2 s.
  The two parts are also timed alone (**display graph**, **composition**).  Each graph is
  frozen out of the garbage collector once loaded (``gc_pause.settle``), as the window does.
* **expand / collapse**: residual_20000 shown with one block collapsed, then that block
  expanded (and collapsed again) with the window's composer, which holds the pieces it laid out;
  display graph, composition and :func:`anchor_shift` (how far the view moves to keep the
  block in place), with the graph's facts kept as the window's document keeps them.  Target
  ≤ 200 ms to the repainted picture; measured here: to the new layout (``--window`` times the
  window's whole path, the scene updated and repainted).
* **growth**: the GPT-2-style decoder with 12 and with 48 layers, both composed.  Target ≤ 4.5×.
* **unchanged**: graphs under the threshold go through one plain ``dot`` run, exactly as before
  (the same layout); the cell compares ``arrange.layout_job`` (DOT text written, then laid out)
  with ``dot`` alone on the painted text.
* ``--baseline``: one plain ``dot -Tjson0`` run of the full-detail graph (capped at ``--cap``).
* ``--window``: the expand and collapse again, end to end in a real (offscreen) window, to the
  repainted picture (:mod:`bench.compose_window`: the controller, the scene updated in place).
* Each first picture starts from the bare graph: no display graph or facts kept from before.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import networkx as nx

from graphviz_app.core.graphviz import arrange, compose
from graphviz_app.core.graphviz.compose import Composer, anchor_shift
from graphviz_app.core.graphviz.dot import dot_graph
from graphviz_app.core.graphviz.layout import Layout, LayoutJob
from graphviz_app.core.view.display import GraphFacts, ViewOptions, build_display
from graphviz_app.errors import LayoutError
from graphviz_app.wire.gc_pause import settle

from .graphs import ZOO, graph_of

BIG = ("chain_10000", "residual_10000", "chain_20000", "residual_20000", "gpt2_48", "unet")
SMALL = ("residual_1000", "chain_1000", "gpt2_small", "transformer6")
EXPAND_GRAPH, EXPAND_MODULE = "residual_20000", "stages.33.25"
GPT2_12 = """from gpt2_48 import build_layers\n\n\ndef build() -> dict:\n    return build_layers(12)\n"""


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def show(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def first_picture(graph: nx.DiGraph, force: bool = False) -> tuple[Layout, Composer]:
    """Lay out the full-detail picture as the window does; return it and the composer."""
    display = build_display(graph)
    composer = Composer()
    if force:
        return composer.compose(display), composer
    return arrange.layout_job(display, graph, composer=composer).result(), composer


def plain_dot(graph: nx.DiGraph, cap: float) -> str:
    display = build_display(graph)
    text = dot_graph(display, graph).text()
    start = time.perf_counter()
    try:
        LayoutJob(text, cap).result()
    except LayoutError:
        return f"> {cap:g} s"
    return show(time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", action="store_true", help="also time one plain dot run")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds allowed to a plain dot run")
    parser.add_argument(
        "--window",
        action="store_true",
        help="also time expand/collapse in a real offscreen window (bench.compose_window)",
    )
    args = parser.parse_args(argv)
    rows = [
        "| graph | nodes | edges | clusters | dot runs (distinct pieces) | display graph | "
        "composition | first picture (≤ 2 s) | plain dot |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name in BIG:
        graph = graph_of(name)
        settle()  # as the window does once a graph is loaded: later collections skip it
        display = build_display(graph)
        _, composer = first_picture(graph)
        building = median_seconds(lambda g=graph: build_display(g), args.repeat)
        composing = median_seconds(lambda d=display: Composer().compose(d), args.repeat)
        seconds = median_seconds(lambda g=graph: first_picture(g), args.repeat)
        baseline = plain_dot(graph, args.cap) if args.baseline else "—"
        mark = "✓" if seconds <= 2 else "✗"
        rows.append(
            f"| {name} | {len(display.nodes):,} | {len(display.edges):,} | "
            f"{len(display.clusters):,} | {composer.dot_runs} | {show(building)} | "
            f"{show(composing)} | {show(seconds)} {mark} | {baseline} |"
        )
        print(rows[-1], flush=True)
        del display, composer

    graph = graph_of(EXPAND_GRAPH)
    settle()
    collapsed = ViewOptions(collapsed=frozenset({EXPAND_MODULE}))
    composer = Composer()
    shown = composer.compose(build_display(graph, collapsed))
    expanded_view = collapsed.toggled(EXPAND_MODULE)
    composer.compose(build_display(graph, expanded_view))  # the expanded stage seen once

    facts = GraphFacts(graph)  # kept by the window's document for every view of the graph

    def toggle(options: ViewOptions) -> None:
        anchor_shift(shown, composer.compose(build_display(graph, options, facts)), EXPAND_MODULE)

    runs = composer.dot_runs
    expand = median_seconds(lambda: toggle(expanded_view), args.repeat)
    collapse = median_seconds(lambda: toggle(collapsed), args.repeat)
    rows_expand = [
        f"| expand {EXPAND_MODULE} in {EXPAND_GRAPH} (≤ 200 ms) | {show(expand)} "
        f"{'✓' if expand <= 0.2 else '✗'} |",
        f"| collapse it again (≤ 200 ms) | {show(collapse)} {'✓' if collapse <= 0.2 else '✗'} |",
        f"| dot runs during these | {composer.dot_runs - runs} |",
    ]
    fresh = Composer()
    fresh.compose(build_display(graph, collapsed))
    runs = fresh.dot_runs
    cold = median_seconds(lambda: fresh.compose(build_display(graph, expanded_view)), 1)
    rows_expand.append(
        f"| first expand, its pieces new to the composer | {show(cold)} ({fresh.dot_runs - runs} dot runs) |"
    )
    for row in rows_expand:
        print(row, flush=True)

    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "gpt2_12.py"
        script.write_text(f"import sys\nsys.path.insert(0, {str(ZOO)!r})\n" + GPT2_12)
        twelve = graph_of("gpt2_12", script)
    forty_eight = graph_of("gpt2_48")
    t12 = median_seconds(lambda: first_picture(twelve, force=True), args.repeat)
    t48 = median_seconds(lambda: first_picture(forty_eight, force=True), args.repeat)
    growth = t48 / t12
    rows_growth = [
        f"| GPT-2-style, 12 layers ({twelve.number_of_nodes():,} nodes), composed | {show(t12)} |",
        f"| GPT-2-style, 48 layers ({forty_eight.number_of_nodes():,} nodes), composed | {show(t48)} |",
        f"| growth 12 → 48 layers (≤ 4.5×) | {growth:.2f}× {'✓' if growth <= 4.5 else '✗'} |",
    ]
    for row in rows_growth:
        print(row, flush=True)

    rows_small = [
        "| graph | nodes | composed? | arrange | dot alone | same layout |",
        "|---|---|---|---|---|---|",
    ]
    for name in SMALL:
        graph = graph_of(name)
        display = build_display(graph)
        text = dot_graph(display, graph).text()
        ours = median_seconds(lambda d=display, g=graph: arrange.layout_job(d, g).result(), args.repeat)
        alone = median_seconds(lambda t=text: LayoutJob(t).result(), args.repeat)
        same = arrange.layout_job(display, graph).result().nodes == LayoutJob(text).result().nodes
        rows_small.append(
            f"| {name} | {len(display.nodes):,} | {'yes' if compose.should_compose(display) else 'no'} "
            f"| {show(ours)} | {show(alone)} | {'yes' if same else 'NO'} |"
        )
        print(rows_small[-1], flush=True)

    print(
        f"\n## Composed layout (threshold: {compose.SINGLE_RUN_MAX_NODES:,} display nodes; "
        f"{args.repeat} runs per cell)\n"
    )
    print("\n".join(rows))
    print("\n| expand / collapse | time |\n|---|---|")
    print("\n".join(rows_expand))
    print("\n| growth | time |\n|---|---|")
    print("\n".join(rows_growth))
    print("\n### Below the threshold\n")
    print("\n".join(rows_small))
    if args.window:
        from . import compose_window

        print("\n### In the window (to the repainted picture)\n\n| | time |\n|---|---|")
        compose_window.main(["--repeat", str(args.repeat)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
