"""Peak memory of one script, without and with the app's capture, in a fresh process.

    python -m bench.memory plain|capture SCRIPT

Prints ``{"mode", "maxrss_mb", "baseline_mb"}`` as JSON: the process's peak resident set size
(``getrusage``; tracemalloc does not see torch's allocations) after running the script as the app
would (module scripts: forward, loss, backward), plainly or captured with backward recorded
(``ScriptCapture`` plus the JSON the worker would send), and the RSS right after importing
torch and the app (the same in both modes).
"""

from __future__ import annotations

import json
import resource
import sys


def _rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as handle:
        pages = int(handle.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def main(argv: list[str] | None = None) -> int:
    mode, script = (argv if argv is not None else sys.argv[1:])[:2]
    import torch  # noqa: F401

    from graphviz_app.wire.run_options import RunOptions
    from graphviz_app.worker.backward import run_backward
    from graphviz_app.worker.script import ScriptCapture

    from .workload import Workload

    baseline = _rss_mb()
    if mode == "plain":
        workload = Workload(script)
        run_backward([t for _, t in workload.roots()])
    elif mode == "capture":
        trace = ScriptCapture(script, RunOptions(backward=True)).run()
        json.dumps(trace, allow_nan=True)
    else:
        raise SystemExit(f"unknown mode {mode!r}: use plain or capture")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"mode": mode, "maxrss_mb": round(peak, 1), "baseline_mb": round(baseline, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
