"""Run the benchmark: every zoo entry through every stage, the references, and the tables.

    .venv/bin/python -m bench.run [--quick] [--repeat N] [--only NAME ...] [--markdown]
                                  [--cap SECONDS] [--no-reference] [--no-memory]

For each entry, in order: the script through the app's warm Runner (``run``, with backward);
a fresh process measuring the in-process stages (``bench.measure``); a fresh process timing
torchviz (``bench.reference``); and two fresh processes for peak memory (``bench.memory``, for
the models and synthetic graphs). Medians of up to ``--repeat`` runs; a run of ``dot`` past
``--cap`` seconds is stopped and reported as ``> cap``. Prints the tables and writes everything
to ``bench/results/bench-<time>.json`` (and ``latest.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from . import table
from .timing import Timing, measure
from .zoo import Entry, by_name, entries, usable

RESULTS = Path(__file__).resolve().parent / "results"
BIG = {f"{kind}_{size}" for kind in ("chain", "residual") for size in (5000, 10000, 20000)}
"""Entries whose peak memory is not measured (a minute more, and no target depends on it)."""
ROOT = Path(__file__).resolve().parents[1]


def machine() -> dict[str, Any]:
    """Return what the numbers depend on: CPU, cores, memory, Python, torch, Graphviz."""
    info: dict[str, Any] = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cores": os.cpu_count(),
    }
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            info["cpu"] = next(
                (line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")), None
            )
        with open("/proc/meminfo", encoding="utf-8") as handle:
            kb = int(next(line.split()[1] for line in handle if line.startswith("MemTotal")))
            info["memory_gb"] = round(kb / 2**20, 1)
    except (OSError, StopIteration, ValueError):
        pass
    from graphviz_app.core.graphviz.engine import engine
    from graphviz_app.errors import GraphvizNotFoundError

    try:
        info["graphviz"] = engine().version()  # the engine the app lays out with
    except GraphvizNotFoundError:
        pass
    from importlib.metadata import PackageNotFoundError, version

    for package, distributions in (
        ("torch", ["torch"]),
        ("PySide6", ["PySide6", "PySide6-Essentials"]),
        ("networkx", ["networkx"]),
        ("torchviz", ["torchviz"]),
        ("graphviz_py", ["graphviz"]),
    ):
        info[package] = None
        for name in distributions:
            try:
                info[package] = version(name)
                break
            except PackageNotFoundError:
                continue
    return info


def _env() -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONUNBUFFERED="1")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _child(args: list[str], out: Path, timeout: float, log: Path) -> dict[str, Any]:
    """Run ``python -m <args>`` writing JSON to ``out``; return it (partial if it was killed)."""
    with open(log, "ab") as handle:
        try:
            subprocess.run(
                [sys.executable, "-m", *args, "--out", str(out)],
                cwd=ROOT,
                env=_env(),
                stdout=handle,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                check=False,
            )
            killed = None
        except subprocess.TimeoutExpired:
            killed = f"stopped after {timeout:g} s"
    try:
        data = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        data = {}
    if killed:
        data.setdefault("info", {})["killed"] = killed
    return data


def memory(entry: Entry, log: Path) -> dict[str, float]:
    """Return peak RSS in MB of the script run plainly and captured (fresh processes)."""
    found = {}
    for mode in ("plain", "capture"):
        try:
            done = subprocess.run(
                [sys.executable, "-m", "bench.memory", mode, str(entry.path)],
                cwd=ROOT,
                env=_env(),
                capture_output=True,
                text=True,
                timeout=600,
            )
        except subprocess.TimeoutExpired:
            continue
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(done.stderr)
        for line in reversed(done.stdout.splitlines()):
            if line.startswith("{"):
                data = json.loads(line)
                found[mode] = data["maxrss_mb"]
                found["baseline"] = data["baseline_mb"]
                break
    return found


def run_entry(entry: Entry, runner: Any, args: argparse.Namespace, folder: Path, log: Path) -> dict[str, Any]:
    """Measure one entry: runner stage, in-process stages, torchviz, memory."""
    started = time.perf_counter()
    run = measure(lambda: runner.run(entry.path, backward=True, timeout=600), repeat=args.repeat)
    common = [str(entry.path), "--repeat", str(args.repeat), "--cap", str(args.cap)]
    result = _child(
        ["bench.measure", *common], folder / f"{entry.name}.json", timeout=args.cap * 8 + 600, log=log
    )
    result.setdefault("stages", {})["run"] = run.as_dict()
    result["name"], result["group"] = entry.name, entry.group
    if args.reference:
        ref = _child(
            ["bench.reference", *common],
            folder / f"{entry.name}-torchviz.json",
            timeout=args.cap * args.repeat + 600,
            log=log,
        )
        result["stages"]["torchviz"] = ref.get("torchviz") or Timing(error="no result").as_dict()
    if args.memory and entry.group != "example" and entry.name not in BIG:
        result["memory"] = memory(entry, log)
    result.setdefault("info", {})["bench_seconds"] = round(time.perf_counter() - started, 1)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 runs per stage, synthetic sizes 1k and 5k")
    parser.add_argument("--repeat", type=int, default=None, help="runs per stage (default 3, quick 2)")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="zoo entries to run (default: all)")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds allowed to one dot run (default 20)")
    parser.add_argument("--no-reference", dest="reference", action="store_false", help="skip torchviz")
    parser.add_argument("--no-memory", dest="memory", action="store_false", help="skip peak memory")
    parser.add_argument("--out", type=Path, default=None, help="JSON results file")
    args = parser.parse_args(argv)
    args.repeat = args.repeat or (2 if args.quick else 3)
    chosen = usable(by_name(args.only) if args.only else entries(quick=args.quick))
    if not chosen:
        print("nothing to run", file=sys.stderr)
        return 1
    from graphviz_app.capture.client import Runner

    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out = args.out or RESULTS / f"bench-{stamp}.json"
    log = RESULTS / f"bench-{stamp}.log"
    report: dict[str, Any] = {
        "machine": machine(),
        "args": {k: str(v) for k, v in vars(args).items()},
        "started": stamp,
        "results": [],
    }
    runner = Runner(warm=True)
    runner.start()
    try:  # wait for the worker to import torch: runs are timed warm, as the app reloads
        runner.run(chosen[0].path, backward=True, timeout=600)
    except Exception:
        pass
    began = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="graphviz_app-bench-") as tmp:
            for number, entry in enumerate(chosen, 1):
                print(f"[{number}/{len(chosen)}] {entry.name} …", file=sys.stderr, flush=True)
                result = run_entry(entry, runner, args, Path(tmp), log)
                report["results"].append(result)
                report["seconds"] = round(time.perf_counter() - began, 1)
                out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    finally:
        runner.close()
    shutil.copyfile(out, RESULTS / "latest.json")
    print(describe_machine(report["machine"]))
    print(
        f"{args.repeat} runs per stage, dot capped at {args.cap:g} s; "
        f"whole run {report['seconds']:.0f} s; results in {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}\n"
    )
    print(table.tables(report["results"], markdown=args.markdown))
    return 0


def describe_machine(info: dict[str, Any]) -> str:
    """Return one line naming the machine and versions."""
    return (
        f"Machine: {info.get('cpu')}, {info.get('cores')} cores, {info.get('memory_gb')} GB; "
        f"Python {info.get('python')}, torch {info.get('torch')}, PySide6 {info.get('PySide6')}, "
        f"{info.get('graphviz')}, torchviz {info.get('torchviz')}"
    )


if __name__ == "__main__":
    sys.exit(main())
