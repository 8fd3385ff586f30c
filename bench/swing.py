"""Run times on a busy machine: the app's runs with OpenMP threads spinning (libgomp's default) and
waiting passively (what the Runner sets), and plain ``python SCRIPT``, beside CPU hogs.

    .venv/bin/python -m bench.swing [--only NAME ...] [--hogs N] [--repeat N]

Starts ``--hogs`` busy loops (default: one per core), then, interleaved, times ``python SCRIPT``
and a run (with backward) through a warm Runner whose worker has ``OMP_WAIT_POLICY`` unset (the
old behaviour) and one with the Runner's default (``PASSIVE``); prints every sample and the
medians. The hogs are ended (by their pids) when it finishes or fails.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .ratio import TRAINING, load, script_of

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="+", default=["resnet50", "gpt2_small"], metavar="NAME")
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from graphviz_app.capture.client import Runner

    os.environ["OMP_WAIT_POLICY"] = ""  # unset for libgomp (an empty value is ignored): its default
    spinning = Runner(warm=True)
    spinning.start()
    del os.environ["OMP_WAIT_POLICY"]
    passive = Runner(warm=True)
    passive.start()
    for name in args.only:  # first runs pay lazy imports: not counted
        spinning.run(script_of(name), backward=True, timeout=600)
        passive.run(script_of(name), backward=True, timeout=600)
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.hogs)]
    samples: dict[str, dict[str, list[float]]] = {
        n: {"plain": [], "spinning": [], "passive": []} for n in args.only
    }
    try:
        time.sleep(1.0)
        print(f"{args.hogs} hogs running: {load()}", flush=True)
        for _ in range(args.repeat):
            for name in args.only:
                script = script_of(name)
                plain = [sys.executable, str(script)]
                if name in TRAINING:
                    plain = [sys.executable, "-m", "bench.plain", str(script), "--until-backward", "1"]
                started = time.perf_counter()
                subprocess.run(plain, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
                samples[name]["plain"].append(time.perf_counter() - started)
                for label, runner in (("spinning", spinning), ("passive", passive)):
                    started = time.perf_counter()
                    runner.run(script, backward=True, timeout=600)
                    samples[name][label].append(time.perf_counter() - started)
                print(name, {k: f"{v[-1]:.2f} s" for k, v in samples[name].items()}, load(), flush=True)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
        spinning.close()
        passive.close()
    print(
        "| model | plain python (whole process) | run, OpenMP default (spinning) | run, OMP_WAIT_POLICY=PASSIVE |"
    )
    print("|---|---|---|---|")
    for name, row in samples.items():
        cells = " | ".join(
            f"{statistics.median(v):.2f} s ({', '.join(f'{s:.1f}' for s in v)})" for v in row.values()
        )
        print(f"| {name} | {cells} |")


if __name__ == "__main__":
    main()
