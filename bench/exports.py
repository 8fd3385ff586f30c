"""An SVG export next to torchviz's, interleaved in one process.

    .venv/bin/python -m bench.exports [--only resnet50 transformer6 gpt2_small] [--repeat 5]

For each zoo entry, round after round: ``graphviz_app.export(loss, "g.svg")`` (the app's full
detail SVG, as a user calls it in-process) and ``make_dot(loss, params).render(format="svg")``
(torchviz, as its README does it), each on a graph from a fresh forward pass (not timed). The
two alternate within each round, so machine load falls on both alike; printed: the medians, the
median of the per-round ratios (ours / torchviz; target ≤ 1.0) and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ZOO = Path(__file__).parent / "zoo"
DEFAULT = ("resnet50", "transformer6", "gpt2_small")


def rounds(entry: str, repeat: int) -> tuple[list[float], list[float]]:
    """Time ``repeat`` interleaved rounds of our export and torchviz's on ``entry``."""
    from torchviz import make_dot

    import graphviz_app

    from .workload import Workload

    workload = Workload(ZOO / f"{entry}.py")
    model = workload.model
    params = dict(model.named_parameters()) if model is not None else None
    ours: list[float] = []
    theirs: list[float] = []
    with tempfile.TemporaryDirectory(prefix="graphviz_app-exports-") as tmp:
        target = Path(tmp) / "g.svg"

        def export(outputs: list[Any]) -> None:
            graphviz_app.export([t for _, t in outputs], target)

        def torchviz(outputs: list[Any]) -> None:
            tensors = [t for _, t in outputs]
            make_dot(tensors[0] if len(tensors) == 1 else tuple(tensors), params=params).render(
                str(Path(tmp) / "torchviz"), format="svg", cleanup=True
            )

        for step in range(repeat + 1):  # the first round warms both up and is not counted
            for fn, out in (
                ((export, ours), (torchviz, theirs)) if step % 2 else ((torchviz, theirs), (export, ours))
            ):
                fresh = workload.roots()
                start = time.perf_counter()
                fn(fresh)
                if step:
                    out.append(time.perf_counter() - start)
                del fresh
    return ours, theirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=list(DEFAULT))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    print("| model | export(loss) SVG | torchviz SVG | ours ÷ torchviz (≤ 1.0) | rounds |")
    print("|---|---|---|---|---|")
    for entry in args.only:
        ours, theirs = rounds(entry, args.repeat)
        ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
        print(
            f"| {entry} | {statistics.median(ours) * 1000:.0f} ms | {statistics.median(theirs) * 1000:.0f} ms | "
            f"{ratio:.2f} {'✓' if ratio <= 1.0 else '✗'} | {len(ours)} |"
        )
        sys.stdout.flush()
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
