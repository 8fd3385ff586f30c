"""What the recorders cost per op on the worst case, ops of a few µs: a chain of ``x * 1.0001``.

    PYTHONPATH=CHECKOUT .venv/bin/python -m bench.node_time [--ops 5000] [--rounds 9]

Prints the CPU time per op of the chain's forward pass and of its backward pass, plain and under
the app's recorders (``ForwardRecorder`` without values; ``BackwardRecorder`` around
``backward()``), the best of ``--rounds``. Run it for two checkouts in turn to compare them (see
*Time per node* in bench/README.md).
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ops", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()

    import torch

    from graphviz_app.worker.backward import BackwardRecorder
    from graphviz_app.worker.recorder import ForwardRecorder
    from graphviz_app.worker.walker import walk

    torch.set_num_threads(1)
    w = torch.ones(4, requires_grad=True)

    def chain() -> Any:
        x = w
        for _ in range(args.ops):
            x = x * 1.0001
        return x.sum()

    def recorded() -> Any:
        with ForwardRecorder(__file__, values=False):
            return chain()

    def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
        gc.collect()
        started = time.process_time()
        result = fn()
        return time.process_time() - started, result

    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, forward in (("plain", chain), ("recorded", recorded)):
            took, loss = cpu(forward)
            best[f"{name} forward"] = min(best.get(f"{name} forward", took), took)
            recorder = BackwardRecorder(walk([loss.grad_fn])) if name == "recorded" else None

            def backward(recorder: Any = recorder, loss: Any = loss) -> None:
                if recorder is None:
                    loss.backward()
                    return
                with recorder:
                    loss.backward()

            took, _ = cpu(backward)
            best[f"{name} backward"] = min(best.get(f"{name} backward", took), took)
    print(", ".join(f"{key} {seconds / args.ops * 1e6:.2f} µs/op" for key, seconds in best.items()))


if __name__ == "__main__":
    main()
