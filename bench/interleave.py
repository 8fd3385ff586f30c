"""``graphviz_app.export(loss, "g.svg")`` of two or more checkouts, one export at a time in turn.

    .venv/bin/python -m bench.interleave BASE OTHER... [--only resnet50 transformer6 gpt2_small] [--rounds 21]
    .venv/bin/python -m bench.interleave BASE OTHER... --cli bench/zoo/residual_20000.py [--rounds 7]

Each checkout (a folder holding ``graphviz_app`` and ``bench``, e.g. a worktree, or ``git
archive`` of a commit) gets one process of its own that loads the zoo entries once; the processes then export a fresh
graph of an entry (a forward pass, not timed) one after another, the order rotating each round,
so that a shared machine's load falls on all of them alike. Printed per entry: each checkout's
median and the median of its per-round ratios to the first one (BASE), and the SVGs' sizes.
No torchviz is needed (``bench.exports`` compares with it instead).

``--cli SCRIPT``: instead, each round runs ``python -m graphviz_app export SCRIPT -o out.svg``
once per checkout (a fresh process, cold, as a user runs it, from a scratch folder), the order
rotating; printed per checkout: the median wall time and CPU time (the process tree's user +
system: steadier than wall on a shared machine), their median ratios to BASE, and whether every
SVG was the same bytes as BASE's.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
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


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_rounds(trees: list[Path], script: Path, rounds: int) -> None:
    """Print each checkout's cold CLI export of ``script``: wall, CPU, ratios to the first."""
    scratch = Path(tempfile.mkdtemp(prefix="graphviz_app-interleave-cli-"))
    walls: list[list[float]] = [[] for _ in trees]
    cpus: list[list[float]] = [[] for _ in trees]
    digests: list[set[str]] = [set() for _ in trees]
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    count = len(trees)
    for step in range(rounds + 1):  # the first round is a warm-up (bytecode, page cache)
        for k in [*range(step % count, count), *range(step % count)]:
            out = scratch / f"{k}.svg"
            env = dict(os.environ, PYTHONPATH=str(trees[k].resolve()))
            command = [sys.executable, "-m", "graphviz_app", "export", str(script.resolve()), "-o", str(out)]
            cpu, start = _cpu_of_children(), time.perf_counter()
            subprocess.run(
                command, cwd=scratch, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
            )
            wall, cpu = time.perf_counter() - start, _cpu_of_children() - cpu
            digests[k].add(hashlib.sha256(out.read_bytes()).hexdigest())
            if step:
                walls[k].append(wall)
                cpus[k].append(cpu)
    for k, tree in enumerate(trees):
        wall_ratio = statistics.median(b / a for a, b in zip(walls[0], walls[k], strict=True))
        cpu_ratio = statistics.median(b / a for a, b in zip(cpus[0], cpus[k], strict=True))
        same = "same SVG" if digests[k] == digests[0] and len(digests[0]) == 1 else "SVG differs"
        print(
            f"| {tree.name} | wall {statistics.median(walls[k]):.2f} s (÷ base {wall_ratio:.3f}) "
            f"| CPU {statistics.median(cpus[k]):.2f} s (÷ base {cpu_ratio:.3f}) | {same} |"
        )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="*", type=Path, help="checkouts; the first is the base")
    parser.add_argument("--only", nargs="*", default=list(DEFAULT))
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--cli", type=Path, metavar="SCRIPT", help="time cold CLI exports of SCRIPT instead")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:  # (run as a script, in a checkout: its graphviz_app and bench come first)
        serve(args.only)
        return 0
    if not args.trees:
        parser.error("give at least one checkout")
    if args.cli is not None:
        cli_rounds(args.trees, args.cli, args.rounds)
        return 0
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
