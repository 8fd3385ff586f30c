"""One run's cost next to the script's own: cold (a fresh CLI export) and warm (the window's second
open), against plain ``python SCRIPT`` on the same machine, in the same run, interleaved.

    .venv/bin/python -m bench.ratio [--only NAME ...] [--repeat N] [--no-breakdown] [--out FILE]
                                    [--python PATH]

Each round runs, per entry and in this order: ``python -c "import torch"`` (the floor every
process pays), ``python SCRIPT`` (plain; a training loop ended right after its first
``backward()`` by ``bench.plain``, since the app stops there), ``python -m graphviz_app export
SCRIPT -o out.svg`` (cold: a fresh process, worker, layout and SVG), the same with ``--memory
--time`` (every op's saved values kept and measured, the kept memory and the times printed), and
a run through a warm ``Runner`` held by this process (warm: what the window pays when a script is
opened again).
Cells are medians over the rounds; the cold ratio and its margin to the limit are taken per round
(against the plain run just before) and then their median. The targets: cold ≤ 1.3 × plain +
0.5 s; warm ≤ 1.1 × the script's own compute, that is plain minus the torch-import floor (per
round, then the median).

The breakdown (one more cold pass, in this process) splits the cold time: the worker's start
(Python and torch imports), the run (fork, script under the recorders, result JSON, graph), the
SVG export (``dot`` and writing), the worker's stop, and the rest (the CLI's own start and
imports; the breakdown pass is a separate sample, so the rest absorbs its noise too).

``--python PATH`` measures a user's own environment: the floor and plain runs use that
interpreter, and the app (still run by this one) runs the scripts under it (``--python``), as it
does for a script beside a project's ``.venv``.
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
from pathlib import Path
from typing import Any

from .zoo import ZOO_DIR, by_name, usable

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
DEFAULT = ("resnet50", "transformer6", "gpt2_small", "lstm100", "training_loop")
MEASURABLE = 0.1
"""A script's own compute (plain minus the torch-import floor) below this many seconds is within
the noise of two process starts: its warm ratio is not given."""
TRAINING = {
    "training_loop": ZOO_DIR / "training_loop.py",
    "training_health": ZOO_DIR / "training_loop.py",
    "gru_64": ZOO_DIR / "gru_64.py",
    "chatbot": ROOT / "tests" / "corpus" / "scripts" / "tutorials_chatbot_seq2seq.py",
}
"""Scripts that call backward() in a loop: the reference stops after the call the app stops at."""
HEALTH_STEPS = 20
"""``training_health``: the training loop exported with ``--health 20``, against plain python
ended after its 20th backward() (the app runs it that far)."""
EXTRA = {"training_health": ["--health", str(HEALTH_STEPS)]}
"""Export flags per entry (the same script as another entry, asked for more)."""
FIELDS = {"training_health": {"health": HEALTH_STEPS}}
"""The same, as run options of the warm runs."""


def script_of(name: str) -> Path:
    return TRAINING[name] if name in TRAINING else by_name([name])[0].path


def _wall(command: list[str]) -> float:
    """Seconds ``command`` takes (run from the repository root); raise if it fails."""
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - started


def load() -> str:
    """Return the load averages and the number of cores, to print beside the numbers."""
    try:
        averages = Path("/proc/loadavg").read_text().split()[:3]
    except OSError:
        averages = ["?"]
    return f"load {' '.join(averages)} on {os.cpu_count()} cores"


def breakdown(name: str, script: Path, folder: str, python: str) -> dict[str, float]:
    """Split one cold run (in this process) into worker start, run, SVG export and worker stop."""
    from graphviz_app.capture.client import Runner
    from graphviz_app.core.export import export_graph

    runner = Runner(warm=False, python=python)
    try:
        started = time.perf_counter()
        runner.start()
        worker = runner._worker
        assert worker is not None
        worker.wait_ready()
        ready = time.perf_counter()
        result = runner.run(script, timeout=600, **FIELDS.get(name, {}))
        ran = time.perf_counter()
        export_graph(result.graph, Path(folder) / "breakdown.svg")
        exported = time.perf_counter()
    finally:
        runner.close()
    closed = time.perf_counter()
    return {
        "worker start": ready - started,
        "run": ran - ready,
        "export": exported - ran,
        "stop": closed - exported,
    }


def measure(
    names: list[str], repeat: int, with_breakdown: bool, python: str = sys.executable
) -> dict[str, Any]:
    """``python``: the interpreter the scripts run under (plain, and inside the app)."""
    from graphviz_app.capture.client import Runner

    samples: dict[str, dict[str, list[float]]] = {
        n: {"floor": [], "plain": [], "cold": [], "reported": [], "warm": []} for n in names
    }
    runner = Runner(warm=True, python=python)
    runner.start()
    with tempfile.TemporaryDirectory(prefix="graphviz_app-ratio-") as folder:
        for name in names:  # a first warm run of each script: the window's first open, not counted
            runner.run(script_of(name), timeout=600, **FIELDS.get(name, {}))
        for round_ in range(repeat):
            for name in names:
                script = script_of(name)
                plain = [python, str(script)]
                if name in TRAINING:
                    calls = HEALTH_STEPS if name == "training_health" else 1
                    plain = [python, "-m", "bench.plain", str(script), "--until-backward", str(calls)]
                row = samples[name]
                row["floor"].append(_wall([python, "-c", "import torch"]))
                row["plain"].append(_wall(plain))
                export = [
                    sys.executable,
                    "-m",
                    "graphviz_app",
                    "export",
                    str(script),
                    "-o",
                    os.path.join(folder, f"{name}.svg"),
                    "--timeout",
                    "600",
                    "--python",
                    python,
                    *EXTRA.get(name, []),
                ]
                row["cold"].append(_wall(export))
                row["reported"].append(_wall([*export, "--memory", "--time"]))
                started = time.perf_counter()
                runner.run(script, timeout=600, **FIELDS.get(name, {}))
                row["warm"].append(time.perf_counter() - started)
                print(
                    f"round {round_ + 1} {name}: "
                    + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in row.items())
                    + f" ({load()})",
                    flush=True,
                )
        runner.close()
        parts = (
            {name: breakdown(name, script_of(name), folder, python) for name in names}
            if with_breakdown
            else {}
        )
    return {"samples": samples, "breakdown": parts}


def summary(name: str, row: dict[str, list[float]], parts: dict[str, float] | None) -> dict[str, Any]:
    """Medians, and ratios taken per round (each round's cold run against the plain run beside it,
    which cancels most of the drift of a shared machine's load) then their median."""
    median = {k: statistics.median(v) for k, v in row.items()}
    rounds = list(zip(row["floor"], row["plain"], row["cold"], row["warm"]))
    compute = statistics.median(p - f for f, p, _, _ in rounds)
    cold_margin = statistics.median(c - (1.3 * p + 0.5) for _, p, c, _ in rounds)
    measurable = compute >= MEASURABLE
    return {
        "name": name,
        **median,
        "compute": compute,
        "cold ratio": statistics.median(c / p for _, p, c, _ in rounds),
        "cold margin": cold_margin,
        "cold ok": cold_margin <= 0,
        "reported ratio": statistics.median(r / p for r, p in zip(row["reported"], row["plain"])),
        "warm ratio": median["warm"] / compute if measurable else None,
        "warm ok": median["warm"] <= 1.1 * compute if measurable else None,
        "breakdown": parts,
    }


def markdown(rows: list[dict[str, Any]]) -> str:
    head = (
        "| model | import torch | plain | cold export | cold ÷ plain (≤ 1.3× + 0.5 s) | "
        "cold, --memory --time | ÷ plain | "
        "warm run | script's compute | warm ÷ compute (≤ 1.1) | cold: worker start / run / export / worker stop / rest |"
    )
    lines = [head, "|---" * (head.count("|") - 1) + "|"]
    for r in rows:
        mark_cold = "✓" if r["cold ok"] else "✗"
        warm = (
            "— (compute below noise)"
            if r["warm ratio"] is None
            else f"{r['warm ratio']:.2f} {'✓' if r['warm ok'] else '✗'}"
        )
        parts = r["breakdown"]
        split = "—"
        if parts:
            rest = r["cold"] - sum(parts.values())
            split = " / ".join(f"{v:.2f}" for v in (*parts.values(), max(rest, 0.0))) + " s"
        lines.append(
            f"| {r['name']} | {r['floor']:.2f} s | {r['plain']:.2f} s | {r['cold']:.2f} s | "
            f"{r['cold ratio']:.2f}× ({r['cold margin']:+.2f} s vs limit) {mark_cold} | "
            f"{r['reported']:.2f} s | {r['reported ratio']:.2f}× | {r['warm']:.2f} s | "
            f"{r['compute']:.2f} s | {warm} | {split} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="+", default=list(DEFAULT), metavar="NAME")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-breakdown", action="store_true")
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--python",
        default=sys.executable,
        metavar="PATH",
        help="the interpreter the scripts run under (default: this one)",
    )
    args = parser.parse_args()
    kept = {e.name for e in usable(by_name([n for n in args.only if n not in TRAINING]))}
    args.only = [n for n in args.only if n in TRAINING or n in kept]
    if not args.only:
        raise SystemExit("nothing to run")
    print(f"start: {load()}; scripts run under {args.python}", flush=True)
    measured = measure(args.only, args.repeat, not args.no_breakdown, args.python)
    rows = [summary(n, measured["samples"][n], measured["breakdown"].get(n)) for n in args.only]
    print(f"end: {load()}")
    print(markdown(rows))
    out = args.out or RESULTS / f"ratio-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"rows": rows, "samples": measured["samples"]}, indent=1))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
