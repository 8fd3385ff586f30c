"""Measure one zoo entry in this process: every in-process stage, written to JSON as it goes.

    python -m bench.measure SCRIPT --out RESULT.json [--repeat 5] [--cap 60]

Run by ``bench.run`` in a fresh process per entry (so one model's memory or a hung ``dot`` cannot
affect the next). Stages, each a median over up to ``--repeat`` runs (fewer when slow):

* ``forward_plain``/``forward_recorded``: the forward pass (plain scripts: the script up to its
  backward call) alone, and under the app's recorder, which tags module paths, source lines and
  value summaries as it goes;
* ``walk``: the floor: a bare ``next_functions`` walk into a networkx DiGraph (op names only);
* ``capture``: what the app does after the forward pass (run under the app's recorder, which
  tags module paths, source lines and value summaries; not timed): naming, walk, per-node
  metadata, trace, DiGraph;
* ``backward_plain``/``backward_recorded``: ``backward()`` alone, and under the app's hooks;
* ``export_loss_svg``: ``graphviz_app.export(loss, "g.svg")`` in-process, as a user would call it;
* on the graph the window shows (captured as the app does, with backward): ``emit_dot``,
  ``layout``, ``scene``, ``export_svg``, ``export_png`` at full detail; ``picture``: what the
  window does for a first picture (cost estimate, recommended view, DOT, layout, scene) and
  ``reopen``: the same with the layout cache hit; repaint times of the full scene.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

import networkx as nx

from .timing import Timing, measure


class Recorder:
    """Collects results and rewrites the JSON file after every stage (partial results survive)."""

    def __init__(self, out: Path, name: str) -> None:
        self.out = out
        self.data: dict[str, Any] = {"name": name, "stages": {}, "info": {}}

    def stage(self, key: str, timing: Timing) -> Timing:
        self.data["stages"][key] = timing.as_dict()
        self.flush()
        return timing

    def info(self, **values: Any) -> None:
        self.data["info"].update(values)
        self.flush()

    def flush(self) -> None:
        temp = self.out.with_suffix(".tmp")
        temp.write_text(json.dumps(self.data, indent=1, default=str), encoding="utf-8")
        temp.replace(self.out)


def bare_walk(tensors: list[Any]) -> nx.DiGraph:
    """Return the autograd graph as a DiGraph of op names: the least any capture must do."""
    graph = nx.DiGraph()
    stack = [t.grad_fn for t in tensors if t.grad_fn is not None]
    seen = {id(fn) for fn in stack}
    for fn in stack:
        graph.add_node(id(fn), op=fn.name())
    while stack:
        fn = stack.pop()
        for child, _ in fn.next_functions:
            if child is None:
                continue
            if id(child) not in seen:
                seen.add(id(child))
                graph.add_node(id(child), op=child.name())
                stack.append(child)
            graph.add_edge(id(child), id(fn))
    return graph


def capture_stages(rec: Recorder, workload: Any, repeat: int, cap: float, folder: Path) -> None:
    """Time the capture-side stages on fresh graphs of ``workload``."""
    import graphviz_app
    from graphviz_app.core.model.graph import graph_from_trace
    from graphviz_app.worker.backward import BackwardRecorder, run_backward
    from graphviz_app.worker.naming import collect_names
    from graphviz_app.worker.walker import build_trace, walk

    # One untimed pass first: the first backward and the first hooks of a process pay one-off
    # costs (autograd's worker thread, lazy imports) that a reload in the app never sees.
    try:
        warm = workload.roots(recorded=True)
        with BackwardRecorder(walk([t.grad_fn for _, t in warm])):
            run_backward([t for _, t in warm])
    except Exception:  # a graph backward cannot run through (the meta device): its stage says so
        pass
    warm = None
    # The recorder's own cost: source lines, module stacks and value summaries (op outputs, and
    # parameters at first use) are taken during the forward pass, so capture only reads them.
    rec.stage("forward_plain", measure(lambda: workload.roots(), repeat=repeat))
    rec.stage("forward_recorded", measure(lambda: workload.roots(recorded=True), repeat=repeat))
    outputs = workload.roots(recorded=True)
    tensors = [t for _, t in outputs]
    rec.stage("walk", measure(lambda: bare_walk(tensors), repeat=repeat))

    def capture() -> nx.DiGraph:
        names = collect_names(workload.scopes())
        for name, tensor in outputs:
            names.add_tensor(name, tensor)
        result = walk([t.grad_fn for t in tensors])
        return graph_from_trace(build_trace(result, names, outputs, script=workload.file))

    rec.stage("capture", measure(capture, repeat=repeat))
    outputs.clear()  # the graph and the tensors it holds are freed before the next stages
    tensors.clear()

    def plain_backward(fresh: list[Any]) -> None:
        run_backward([t for _, t in fresh])

    def prepared() -> tuple[Any, Any, Any]:
        fresh = workload.roots(recorded=True)
        result = walk([t.grad_fn for _, t in fresh])
        names = collect_names(workload.scopes())
        return fresh, result, build_trace(result, names, fresh, script=workload.file)

    def recorded_backward(state: tuple[Any, Any, Any]) -> None:
        fresh, result, trace = state
        recorder = BackwardRecorder(result)
        with recorder:
            run_backward([t for _, t in fresh])
        recorder.apply(trace)

    rec.stage(
        "backward_plain", measure(plain_backward, setup=lambda: workload.roots(recorded=True), repeat=repeat)
    )
    rec.stage("backward_recorded", measure(recorded_backward, setup=prepared, repeat=repeat))

    target = folder / "loss.svg"

    def export_loss(fresh: list[Any]) -> None:
        model = workload.model  # noqa: F841 (named in the caller's frame, as in a user's script)
        graphviz_app.export([t for _, t in fresh], target)

    rec.stage("export_loss_svg", measure(export_loss, setup=lambda: workload.roots(), repeat=repeat, cap=cap))


def window_stages(rec: Recorder, graph: nx.DiGraph, repeat: int, cap: float, folder: Path) -> None:
    """Time DOT, layout, scene, exports, first picture and repaints on the window's graph."""
    from graphviz_app.core.export import export_graph
    from graphviz_app.core.graphviz import arrange, cost
    from graphviz_app.core.graphviz.dot import dot_graph
    from graphviz_app.core.graphviz.layout import LayoutJob
    from graphviz_app.core.graphviz.layout_cache import LayoutCache
    from graphviz_app.core.view import colors
    from graphviz_app.core.view.display import ViewOptions, build_display

    from . import qtbench

    qtbench.application()
    display = build_display(graph, ViewOptions())
    text = dot_graph(display, graph).text()
    estimate = cost.estimate(display)
    rec.info(
        display_nodes=len(display.nodes),
        display_edges=len(display.edges),
        estimate={
            "seconds": round(estimate.seconds, 3),
            "category": estimate.category,
            "virtual": estimate.virtual,
            "hubs": len(estimate.hubs),
        },
    )
    rec.stage(
        "emit_dot",
        measure(lambda: dot_graph(build_display(graph, ViewOptions()), graph).text(), repeat=repeat),
    )
    laid: list[Any] = []
    lay = rec.stage("layout", measure(lambda: laid.append(LayoutJob(text).result()), repeat=repeat, cap=cap))
    full_scene = None
    if laid:
        full_layout = laid[-1]
        laid.clear()
        rec.stage("scene", measure(lambda: qtbench.build_scene(display, full_layout, graph), repeat=repeat))
        full_scene = qtbench.build_scene(display, full_layout, graph)
    else:
        rec.stage("scene", Timing(skipped="no full-detail layout"))
    for fmt in ("svg", "png"):
        if lay.timeout is not None:
            rec.stage(f"export_{fmt}", Timing(timeout=cap, skipped="the layout alone ran past the cap"))
        else:
            target = folder / f"graph.{fmt}"
            rec.stage(
                f"export_{fmt}",
                measure(partial(export_graph, graph, target, timeout=None), repeat=repeat, cap=cap),
            )

    cache = LayoutCache(folder / "cache")
    scenes: list[Any] = []

    def picture(use_cache: bool) -> None:
        plan = cost.recommend(graph)
        shown = build_display(graph, plan.options)
        found = arrange.layout_job(
            shown, graph, cache=cache if use_cache else None, graph_attrs=plan.graph_attrs
        ).result()
        scenes.append(qtbench.build_scene(shown, found, graph))

    plan = cost.recommend(graph)
    rec.info(
        plan={"actions": list(plan.actions), "nodes": plan.planned.nodes, "predicted": round(plan.seconds, 3)}
    )
    rec.stage("picture", measure(lambda: picture(False), repeat=repeat, cap=cap))
    scenes.clear()
    picture(True)  # fills the cache
    rec.stage("reopen", measure(lambda: picture(True), repeat=repeat, cap=cap))
    scene = full_scene if full_scene is not None else (scenes[-1] if scenes else None)
    scenes.clear()
    if scene is not None:
        repaints = qtbench.Repaints(scene, graph)
        rec.info(
            repaint_scene="full" if full_scene is not None else "recommended",
            repaint_items=len(scene.node_items) + len(scene.edge_items),
        )
        for key, timing in repaints.timings(repeat).items():
            rec.stage(key, timing)
        repaints.close()
    del colors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure one zoo entry (run by bench.run).")
    parser.add_argument("script")
    parser.add_argument("--out", required=True)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cap", type=float, default=60.0, help="seconds allowed to one dot run")
    args = parser.parse_args(argv)

    import torch  # noqa: F401 (imported before timing anything)

    from graphviz_app.core.model.graph import graph_from_trace
    from graphviz_app.wire.run_options import RunOptions
    from graphviz_app.worker.script import ScriptCapture

    from .workload import Workload

    path = Path(args.script)
    rec = Recorder(Path(args.out), path.stem)
    with tempfile.TemporaryDirectory(prefix="graphviz_app-bench-") as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        workload = Workload(path)
        rec.info(load_seconds=round(time.perf_counter() - started, 3))
        capture_stages(rec, workload, args.repeat, args.cap, folder)
        del workload
        graph = graph_from_trace(ScriptCapture(path, RunOptions(backward=True)).run())
        rec.info(nodes=graph.number_of_nodes(), edges=graph.number_of_edges())
        window_stages(rec, graph, args.repeat, args.cap, folder)
    rec.info(done=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
