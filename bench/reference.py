"""The reference: ``torchviz.make_dot(loss, params).render(format="svg")`` on one zoo entry.

    python -m bench.reference SCRIPT --out RESULT.json [--repeat 5] [--cap 60]

Run by ``bench.run`` in its own process. Each run builds the graph afresh (not timed), then times
``make_dot`` plus the ``dot`` render to SVG, as torchviz's README does it; a render that runs past
``--cap`` seconds is killed and reported as a timeout. torchviz and the ``graphviz`` package are
bench-only dependencies (the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from .timing import Timing, measure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time torchviz on one zoo entry (run by bench.run).")
    parser.add_argument("script")
    parser.add_argument("--out", required=True)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cap", type=float, default=60.0)
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        from torchviz import make_dot
    except ImportError:
        out.write_text(
            json.dumps(
                {"torchviz": Timing(skipped="torchviz is not installed (pip install -e .[bench])").as_dict()}
            ),
            encoding="utf-8",
        )
        return 0
    from .workload import Workload

    workload = Workload(args.script)
    model = workload.model
    params = dict(model.named_parameters()) if model is not None else None
    with tempfile.TemporaryDirectory(prefix="graphviz_app-torchviz-") as tmp:
        target = str(Path(tmp) / "torchviz")

        def draw(outputs: list) -> None:
            tensors = [t for _, t in outputs]
            make_dot(tensors[0] if len(tensors) == 1 else tuple(tensors), params=params).render(
                target, format="svg", cleanup=True
            )

        timing = measure(draw, setup=workload.roots, repeat=args.repeat, cap=args.cap)
    out.write_text(json.dumps({"torchviz": timing.as_dict()}), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
