"""The capture worker: a warm process that runs each user script in a forked child.

Started once with ``python -m graphviz_app.capture.worker`` (torch is imported here, once), it reads
one JSON request per line on stdin and forks a child per request, so each script runs in a fresh
process that already has torch loaded. Whatever the script does (raise, hang, segfault, os._exit,
flood stdout) stays in the child: this process only reports how the child ended.

Protocol (JSON lines): request ``{"script", "options", "result", "output"}`` (``result`` and
``output`` are file paths). Replies: ``{"event": "ready"}`` once, then per request
``{"event": "started", "pid"}`` and ``{"event": "done", "exitcode", "signal"}``.
"""
from __future__ import annotations

import ctypes
import faulthandler
import io
import json
import os
import signal
import sys
from typing import Any, TextIO

PR_SET_PDEATHSIG = 1
WARM_ENV = "GRAPHVIZ_APP_WORKER_WARM"
"""Set to "1" to pre-import what scripts import lazily (for a long-lived worker, as the app's)."""
OUTPUT_HEAD = 256 * 1024
"""Bytes of the script's output kept from the start; past that only the tail is kept."""
OUTPUT_TAIL = 64 * 1024


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (no-op elsewhere)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass


class BoundedOutput(io.TextIOBase):
    """A text stream that writes through to a file up to a limit, then keeps only a tail."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._written = 0
        self._tail: list[str] = []
        self._tail_size = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        data = text.encode("utf-8", "replace")
        room = OUTPUT_HEAD - self._written
        if room > 0:
            head = data[:room]
            os.write(self._fd, head)
            self._written += len(head)
            data = data[room:]
        if data:
            self._tail.append(data.decode("utf-8", "replace"))
            self._tail_size += len(data)
            while self._tail_size > OUTPUT_TAIL and len(self._tail) > 1:
                gone = self._tail.pop(0)
                self._tail_size -= len(gone.encode("utf-8", "replace"))
                self.dropped += len(gone)
        return len(text)

    def finish(self) -> None:
        """Write the kept tail after a note of how much was left out."""
        if self._tail:
            if self.dropped:
                os.write(self._fd, f"\n[… {self.dropped} characters of output left out …]\n".encode())
            os.write(self._fd, "".join(self._tail).encode("utf-8", "replace"))
            self._tail = []


def run_child(request: dict[str, Any]) -> None:
    """In the forked child: run the script, write the result file, and exit."""
    out_fd = os.open(request["output"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(out_fd, 1)
    os.dup2(out_fd, 2)
    stream = BoundedOutput(out_fd)
    sys.stdout = sys.stderr = stream  # type: ignore[assignment]
    sys.stdin = open(os.devnull)  # a script that waits for input gets EOF, not our pipe
    faulthandler.enable(file=out_fd, all_threads=False)
    from ..errors import ScriptError
    from .script import CaptureOptions, ScriptCapture

    try:
        trace = ScriptCapture(request["script"], CaptureOptions(**request.get("options", {}))).run()
        result: dict[str, Any] = {"ok": True, "trace": trace}
    except ScriptError as exc:
        result = {"ok": False, "error": exc.to_dict()}
    except BaseException as exc:  # a failure in the capture itself, not in the script
        import traceback

        result = {
            "ok": False,
            "error": ScriptError(
                "internal",
                f"graphviz_app could not capture this script: {type(exc).__name__}: {exc}",
                user_traceback=traceback.format_exc(),
            ).to_dict(),
        }
    stream.finish()
    temp = request["result"] + ".part"
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump(result, handle, allow_nan=True)
    os.replace(temp, request["result"])
    os._exit(0)


def serve(control_in: TextIO, control_out: TextIO) -> None:
    """Answer requests until the control stream closes."""

    def reply(message: dict[str, Any]) -> None:
        control_out.write(json.dumps(message) + "\n")
        control_out.flush()

    reply({"event": "ready", "pid": os.getpid()})
    for line in control_in:
        if not line.strip():
            continue
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            try:
                os.setpgid(0, 0)
                die_with_parent()
                run_child(request)
            finally:
                os._exit(70)
        try:
            # Also from this side (as shells do): the child's own setpgid may not have run yet,
            # and the app kills the whole group as soon as it hears "started".
            os.setpgid(pid, pid)
        except OSError:  # the child got there first (or already ended)
            pass
        reply({"event": "started", "pid": pid})
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status):
            reply({"event": "done", "exitcode": None, "signal": os.WTERMSIG(status)})
        else:
            reply({"event": "done", "exitcode": os.WEXITSTATUS(status), "signal": None})


def main() -> None:
    """Entry point: import torch once, then serve requests on stdin/stdout."""
    die_with_parent()
    control_out = os.fdopen(os.dup(1), "w")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # stray prints cannot corrupt the protocol
    import warnings

    warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
    import torch  # noqa: F401  (the point of a warm worker)
    import torch.nn.functional  # noqa: F401

    from . import script  # noqa: F401

    if os.environ.get(WARM_ENV) == "1":
        # What a first backward (sympy), a meta tensor or an optimizer (torch._dynamo) import
        # lazily: seconds that every forked child would otherwise pay again. Starts no threads.
        import sympy  # noqa: F401
        import torch._dynamo  # noqa: F401
        import torch.optim  # noqa: F401

    serve(sys.stdin, control_out)


if __name__ == "__main__":
    main()
