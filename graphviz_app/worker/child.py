"""One run of a script: in a child the worker forked, or in a fresh interpreter (portable mode).

:func:`run_child` runs the script and writes the result file; both run modes end in it. In the
portable mode the worker starts this module in a fresh interpreter (``python -c CHILD_CODE
REQUEST LOADED_FD WORKER_PID``, no fork): :func:`main` ties the process to the worker, applies
the run's limits, imports torch, says so on ``LOADED_FD`` (the worker then reports the run
started, so a time limit counts the script's time only, as in the fork mode) and runs the
request, a protocol line.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from typing import Any

from ..wire.errors import ScriptError, exception_text
from ..wire.message import QT_TRANSLATE_NOOP, Message, Template
from ..wire.protocol import SETUP_FAILED, decode_request
from ..wire.run_options import RunOptions, WireOptions
from .containment import ScriptStreams, containment, register_stack_signal

CANNOT_WRITE = QT_TRANSLATE_NOOP("Explanation", "graphviz_app could not write this graph: {error}")
CANNOT_CAPTURE = QT_TRANSLATE_NOOP("Explanation", "graphviz_app could not capture this script: {error}")


def run_child(request: dict[str, Any]) -> None:
    """Run the script, write the result file, and exit (fds 0/1/2 are the run's already)."""
    stream = ScriptStreams()
    from .script import ScriptCapture

    echo: WireOptions = request.get("options") or {}  # what the run ran with: in the result file

    def finish(result: dict[str, Any]) -> None:
        """Write the result file and end the process (no finally block of the script runs)."""
        stream.finish()
        result["options"] = echo
        temp = request["result"] + ".part"
        try:
            text = json.dumps(result, allow_nan=True, default=_json_value, separators=(",", ":"))
        except (TypeError, ValueError) as exc:  # a value JSON cannot hold: our failure
            text = json.dumps({**_failed(CANNOT_WRITE, exc), "options": echo})
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, request["result"])
        os._exit(0)

    try:
        options = RunOptions.from_wire(echo)
        echo = options.to_wire()
        if options.cwd:
            os.chdir(options.cwd)  # the folder the runner asked the script to run in
        # Stopped after its captured backward() call, the script ends here at once.
        capture = ScriptCapture(
            request["script"], options, on_result=lambda t: finish({"ok": True, "trace": t})
        )
        result: dict[str, Any] = {"ok": True, "trace": capture.run()}
    except ScriptError as exc:
        result = {"ok": False, "error": exc.to_dict()}
    except BaseException as exc:  # a failure in the capture itself, not in the script
        import traceback

        result = _failed(CANNOT_CAPTURE, exc, traceback.format_exc())
    finish(result)


def _failed(template: Template, exc: BaseException, user_traceback: str | None = None) -> dict[str, Any]:
    """The result of a run that the app itself failed (``template`` says in what)."""
    words = Message.of(template, error=exception_text(exc, with_type=True))
    return {"ok": False, "error": ScriptError("internal", words, user_traceback=user_traceback).to_dict()}


def _json_value(value: Any) -> Any:
    """JSON for what a trace may hold beyond JSON's types: complex values as text (``1+2j``)."""
    if isinstance(value, complex):
        return repr(value).strip("()")
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def main(argv: list[str]) -> None:
    """Portable mode: run the request ``argv[0]`` (a protocol line); ``argv[1]``: the fd on which
    to say that torch is loaded ("-" for none); ``argv[2]``: the worker's pid."""
    try:
        register_stack_signal()  # a stop asked for during torch's import still shows where
        request = decode_request(argv[0])
        containment().enter_run(request["limits"]["memory_bytes"], int(argv[2]))
        import warnings

        warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
        import torch
        import torch.nn.functional  # noqa: F401

        from . import script  # noqa: F401

        gc.freeze()  # what is loaded lives as long as the run: out of the collector's sight (see worker.py)
    except BaseException:  # a failure of the set-up itself: say so in the run's output
        import traceback

        os.write(2, (SETUP_FAILED + "\n" + traceback.format_exc()).encode())
        os._exit(70)
    if argv[1] != "-":
        loaded = int(argv[1])
        os.write(loaded, b"1")
        os.close(loaded)
    run_child(dict(request))


if __name__ == "__main__":
    main(sys.argv[1:])
