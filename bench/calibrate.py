"""Calibrate ``graphviz_app.core.graphviz.cost``: time ``dot`` on zoo views and fit the size -> seconds law.

    .venv/bin/python -m bench.calibrate [--timeout 60] [--only NAME ...] [--refit]

For every zoo entry it lays out several views (full detail, hubs not split, no clusters, each
collapse depth, iteration limits), prints the estimate's features next to the measured seconds,
and fits ``seconds = STARTUP + A * (size / 1000) ** P`` with ``size = nodes + v * virtual +
c * clusters`` (v, c chosen from a small grid) on the points that finished. Paste the constants and
the printed table into cost.py. Captured graphs are kept in bench/results/graphs/.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import networkx as nx

from graphviz_app.core.graphviz import cost
from graphviz_app.core.graphviz.dot import dot_graph
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.model.graph import dumps_graph, load_graph_json
from graphviz_app.core.model.topology import collapse_to_depth, module_paths
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.errors import LayoutError

from .zoo import Entry, by_name, entries

RESULTS = Path(__file__).resolve().parent / "results"


def captured_graph(entry: Entry, runner, folder: Path = RESULTS / "graphs") -> nx.DiGraph:
    """Return the entry's graph (with backward), captured once and kept as JSON in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{entry.name}.json"
    if path.exists() and path.stat().st_mtime >= entry.path.stat().st_mtime:
        return load_graph_json(path)
    graph = runner.run(entry.path, backward=True, timeout=600).graph
    path.write_text(dumps_graph(graph), encoding="utf-8")
    return graph


def views(graph: nx.DiGraph) -> list[tuple[str, ViewOptions, dict[str, str]]]:
    """Return the (label, options, graph attrs) views to time for one graph."""
    found = [
        ("full", ViewOptions(), {}),
        ("no split", ViewOptions(split_hubs=False), {}),
        ("no clusters", ViewOptions(clusters=False), {}),
    ]
    deepest = max((p.count(".") + 1 for p in module_paths(graph)), default=0)
    for depth in range(1, min(deepest, 4) + 1):
        found.append((f"depth {depth}", ViewOptions(collapsed=collapse_to_depth(graph, depth)), {}))
    found.append(("full + limits", ViewOptions(), dict(cost.LIMIT_ATTRS)))
    plan = cost.recommend(graph)
    if plan.changed:
        found.append((f"recommended ({', '.join(plan.actions)})", plan.options, plan.graph_attrs))
    return found


def time_dot(text: str, timeout: float) -> float:
    """Return seconds of ``dot -Tjson`` on ``text`` (inf when it ran past ``timeout``)."""
    started = time.perf_counter()
    try:
        LayoutJob(text, timeout).result()
    except LayoutError:
        return math.inf
    return time.perf_counter() - started


def fit(points: list[dict]) -> dict:
    """Fit the power law on finished points; return the constants and the worst ratio error.

    ``size = nodes + v * virtual + c * clusters``; v and c come from a grid, the factor and the
    exponent from least squares on logs (points under 0.3 s are mostly dot's start-up: left out).
    """
    best = None
    for v_weight in (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0):
        for c_weight in (0.0, 0.5, 1.0, 2.0, 4.0):
            xs, ys = [], []
            for p in points:
                if math.isfinite(p["seconds"]) and p["seconds"] > 0.3:
                    size = p["nodes"] + v_weight * p["virtual"] + c_weight * p["clusters"]
                    xs.append(math.log(size / 1000.0))
                    ys.append(math.log(p["seconds"] - cost.STARTUP_SECONDS))
            if len(xs) < 3:
                continue
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
            slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
            intercept = my - slope * mx
            errors = [abs(y - (intercept + slope * x)) for x, y in zip(xs, ys)]
            score = sum(e * e for e in errors) / len(errors)
            if best is None or score < best["mse"]:
                best = {
                    "virtual_weight": v_weight,
                    "cluster_weight": c_weight,
                    "seconds_at_1k": round(math.exp(intercept), 4),
                    "exponent": round(slope, 3),
                    "mse": score,
                    "worst_ratio": round(math.exp(max(errors)), 2),
                    "points": len(xs),
                }
    return best or {}


def refit(path: Path = RESULTS / "calibration.json") -> list[dict]:
    """Recompute every saved point's features with the current cost model (the dot seconds are
    kept), so the model can be changed and refitted without running dot again."""
    points = json.loads(path.read_text(encoding="utf-8"))
    graphs: dict[str, nx.DiGraph] = {}
    updated = []
    for point in points:
        name = point["name"]
        if name not in graphs:
            graphs[name] = load_graph_json(RESULTS / "graphs" / f"{name}.json")
        graph = graphs[name]
        chosen = {label: (options, attrs) for label, options, attrs in views(graph)}
        if point["view"] not in chosen or point["view"].startswith("recommended"):
            continue
        options, _ = chosen[point["view"]]
        found = cost.estimate(build_display(graph, options))
        point.update(
            nodes=found.nodes,
            edges=found.edges,
            clusters=found.clusters,
            ranks=found.ranks,
            virtual=found.virtual,
            hubs=len(found.hubs),
            predicted=round(found.seconds, 2),
        )
        updated.append(point)
    return updated


def report(points: list[dict]) -> None:
    """Print predicted against measured seconds, and the fit."""
    for p in points:
        print(
            f"{p['name']:15} {p['view']:32} n={p['nodes']:6} v={p['virtual']:7} c={p['clusters']:5} "
            f"predicted {p['predicted']:9.2f} s  measured {p['seconds']:7.2f} s"
        )
    plain = [p for p in points if not p["limits"]]
    print(json.dumps({"fit": fit(plain)}), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument(
        "--refit", action="store_true", help="refit from bench/results/calibration.json without running dot"
    )
    args = parser.parse_args(argv)
    if args.refit:
        report(refit())
        return 0
    from graphviz_app.capture.client import Runner

    chosen = by_name(args.only) if args.only else [e for e in entries() if e.group != "example"]
    runner = Runner(warm=False)
    points = []
    try:
        for entry in chosen:
            graph = captured_graph(entry, runner)
            seen: set[str] = set()
            for label, options, attrs in views(graph):
                display = build_display(graph, options)
                text = dot_graph(display, graph, graph_attrs=attrs).text()
                if text in seen:
                    continue
                seen.add(text)
                found = cost.estimate(display)
                seconds = time_dot(text, args.timeout)
                point = {
                    "name": entry.name,
                    "view": label,
                    "nodes": found.nodes,
                    "edges": found.edges,
                    "clusters": found.clusters,
                    "ranks": found.ranks,
                    "virtual": found.virtual,
                    "hubs": len(found.hubs),
                    "predicted": round(found.seconds, 2),
                    "seconds": round(seconds, 2),
                    "quick": round(cost.quick_estimate(graph, options).seconds, 2),
                    "limits": bool(attrs),
                }
                points.append(point)
                print(json.dumps(point), flush=True)
    finally:
        runner.close()
    report(points)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "calibration.json").write_text(json.dumps(points, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
