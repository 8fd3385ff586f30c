"""Run a script as plain ``python SCRIPT`` does, optionally ending it after its N-th backward().

    python -m bench.plain SCRIPT [--until-backward N]

The reference for a training loop that the app stops at its captured ``backward()``: the same
script, the same process start, ended (``os._exit(0)``) as soon as that call has returned. Nothing
else is changed: no recorder, no hooks.
"""

from __future__ import annotations

import argparse
import os
import runpy
import sys
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("script")
    parser.add_argument("--until-backward", type=int, default=0, metavar="N")
    args = parser.parse_args()
    sys.argv = [args.script]
    sys.path.insert(0, os.path.dirname(os.path.abspath(args.script)))
    if args.until_backward:
        import torch

        original = torch.autograd.backward
        calls = [0]

        def backward(*positional: Any, **named: Any) -> Any:
            result = original(*positional, **named)
            calls[0] += 1
            if calls[0] >= args.until_backward:
                sys.stdout.flush()
                os._exit(0)
            return result

        torch.autograd.backward = backward  # type: ignore[assignment]
    runpy.run_path(args.script, run_name="__main__")


if __name__ == "__main__":
    main()
