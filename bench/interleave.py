"""``graphviz_app.export(loss, "g.svg")`` of two or more checkouts, one export at a time in turn.

    .venv/bin/python -m bench.interleave BASE OTHER... [--only resnet50 transformer6 gpt2_small] [--rounds 21]

Each checkout (a folder holding ``graphviz_app`` and ``bench``, e.g. a worktree, or ``git
archive`` of a commit) gets one process of its own that loads the zoo entries once; the processes then export a fresh
graph of an entry (a forward pass, not timed) one after another, the order rotating each round,
so that a shared machine's load falls on all of them alike. Printed per entry: each checkout's
median and the median of its per-round ratios to the first one (BASE), and the SVGs' sizes.
No torchviz is needed (``bench.exports`` compares with it instead).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ZOO = Path(__file__).parent / "zoo"
DEFAULT = ("resnet50", "transformer6", "gpt2_small")


def serve(entries: list[str]) -> None:
    """In a checkout's process: export the entry named on each stdin line, print the seconds."""
    import graphviz_app
    from bench.workload import Workload

    loaded = {entry: Workload(ZOO / f"{entry}.py") for entry in entries}
    target = Path(tempfile.mkdtemp(prefix="graphviz_app-interleave-")) / "g.svg"
    print("ready", flush=True)
    for line in sys.stdin:
        workload = loaded[line.strip()]
        fresh = workload.roots()
        model = workload.model  # noqa: F841 (named in the caller's frame, as in a user's script)
        start = time.perf_counter()
        graphviz_app.export([t for _, t in fresh], target)
        print(f"{time.perf_counter() - start:.6f} {target.stat().st_size}", flush=True)
        del fresh


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="*", type=Path, help="checkouts; the first is the base")
    parser.add_argument("--only", nargs="*", default=list(DEFAULT))
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:  # (run as a script, in a checkout: its graphviz_app and bench come first)
        serve(args.only)
        return 0
    if not args.trees:
        parser.error("give at least one checkout")
    procs = []
    for tree in args.trees:
        env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
        command = [sys.executable, str(Path(__file__).resolve()), "--serve", "--only", *args.only]
        procs.append(
            subprocess.Popen(
                command, cwd=tree, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
        )
    for proc in procs:
        assert proc.stdout is not None
        while proc.stdout.readline().strip() != "ready":
            pass

    def one(k: int, entry: str) -> tuple[float, int]:
        proc = procs[k]
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(entry + "\n")
        proc.stdin.flush()
        seconds, size = proc.stdout.readline().split()
        return float(seconds), int(size)

    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    count = len(procs)
    for entry in args.only:
        for k in range(count):
            one(k, entry)  # a warm-up, not counted
        times: list[list[float]] = [[] for _ in procs]
        sizes = set()
        for step in range(args.rounds):
            for k in [*range(step % count, count), *range(step % count)]:
                seconds, size = one(k, entry)
                times[k].append(seconds)
                sizes.add(size)
        cells = [
            f"{tree.name}: {statistics.median(times[k]) * 1000:.0f} ms, "
            f"÷ base {statistics.median(b / a for a, b in zip(times[0], times[k], strict=True)):.3f}"
            for k, tree in enumerate(args.trees)
        ]
        print(
            f"| {entry} | {' | '.join(cells)} | SVG bytes {sorted(sizes)} | load {os.getloadavg()[0]:.1f} |"
        )
        sys.stdout.flush()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
