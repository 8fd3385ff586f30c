"""The capture worker: a warm process that runs each user script in a forked child.

Started once with ``python -m graphviz_app.capture.worker`` (torch is imported here, once), it reads
one request per line on stdin and forks a child per request, so each script runs in a fresh
process that already has torch loaded. Whatever the script does (raise, hang, segfault, os._exit,
flood stdout, fork and leave processes behind) stays in the child: this process reports how the
child ended, keeps a bounded copy of its output, and ends every process the run started.

The messages are those of :mod:`graphviz_app.core.protocol`. Containment of a run:

* the child has its own process group, dies with this worker, and gets ``/dev/null`` as fd 0 and
  none of the protocol pipes, so nothing it starts can read the next request or forge a reply;
* fd 1 and 2 of the child are a pipe that this worker reads: ``print``, raw ``os.write(1, ...)``
  and a C library's output are all bounded to a head and a tail (:class:`BoundedOutput`);
* this worker is a child subreaper: processes the script starts (``setsid()`` ones included) are
  re-parented here when their parent ends, and all of them are killed when the run ends;
* the child's data memory is limited (``RLIMIT_DATA``) when the request says so;
* when the app ends (even killed), this worker sees its request pipe hang up, ends the run in
  progress and all it started, and exits.

The steps themselves are in :mod:`graphviz_app.capture.containment`.
"""
from __future__ import annotations

import json
import os
import select
import signal
import sys
from collections.abc import Callable
from typing import IO, Any, TextIO

from ..core.protocol import (
    DONE,
    OUTPUT_HEAD,
    OUTPUT_TAIL,
    READY,
    SETUP_FAILED,
    STARTED,
    WARM_ENV,
    Done,
    ProtocolError,
    Request,
    decode_request,
    encode,
)
from .containment import (
    READ_CHUNK,
    BoundedOutput,
    ScriptStreams,
    become_subreaper,
    die_with_parent,
    drain,
    end_descendants,
    enter_child,
)

DRAIN_SECONDS = 5.0
"""How long the output pipe may stay open after every process of the run was killed."""
__all__ = ["OUTPUT_HEAD", "OUTPUT_TAIL", "WARM_ENV", "BoundedOutput", "main", "run_child", "serve"]


_running: list[int] = []
"""The pid (and process group) of the run in progress, if any."""


def _end_with_parent(signum: int, frame: Any) -> None:
    """The app is gone (or SIGTERM): end the run in progress and all it started, then exit.

    Without this, a process the script started in its own session would be re-parented to init
    when this worker died, and live on.
    """
    end_descendants(_running[0] if _running else None)
    os._exit(1)


def run_child(request: dict[str, Any]) -> None:
    """In the forked child: run the script, write the result file, and exit."""
    stream = ScriptStreams()  # fds 0/1/2 were set up by enter_child
    from ..errors import ScriptError
    from .script import CaptureOptions, ScriptCapture

    def finish(result: dict[str, Any]) -> None:
        """Write the result file and end the process (no finally block of the script runs)."""
        stream.finish()
        temp = request["result"] + ".part"
        try:
            text = json.dumps(result, allow_nan=True, default=_json_value)
        except (TypeError, ValueError) as exc:  # a value JSON cannot hold: our failure
            text = json.dumps({"ok": False, "error": ScriptError(
                "internal", f"graphviz_app could not write this graph: {type(exc).__name__}: {exc}"
            ).to_dict()})
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, request["result"])
        os._exit(0)

    try:
        if request.get("cwd"):
            os.chdir(request["cwd"])  # the folder the runner asked the script to run in
        options = CaptureOptions(**request.get("options", {}))
        # Stopped after its captured backward() call, the script ends here at once.
        capture = ScriptCapture(request["script"], options, on_result=lambda t: finish({"ok": True, "trace": t}))
        result: dict[str, Any] = {"ok": True, "trace": capture.run()}
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
    finish(result)


def _json_value(value: Any) -> Any:
    """JSON for what a trace may hold beyond JSON's types: complex values as text (``1+2j``)."""
    if isinstance(value, complex):
        return repr(value).strip("()")
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _follow(pid: int, read_fd: int, output: BoundedOutput, control_fd: int) -> tuple[int, Any]:
    """Copy the child's output while it runs; return its wait status and resource usage.

    When the app hangs up ``control_fd`` (it ended, even killed) meanwhile, the run and all it
    started are ended and this worker exits.
    """
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfds (not Linux 5.3+): the pipe's end marks the end
        drain(read_fd, output, None)
        _, status, usage = os.wait4(pid, 0)
        return status, usage
    poller = select.poll()
    poller.register(read_fd, select.POLLIN)
    poller.register(pidfd, select.POLLIN)
    poller.register(control_fd, 0)  # only its hang-up: no request comes while a run is in progress
    try:
        while True:
            events = dict(poller.poll())
            if events.get(control_fd, 0) & (select.POLLHUP | select.POLLERR):
                _end_with_parent(signal.SIGTERM, None)
            if events.get(read_fd, 0):
                data = os.read(read_fd, READ_CHUNK)
                if data:
                    output.write(data)
                    continue
                poller.unregister(read_fd)  # the script closed its output: wait for its end alone
            if events.get(pidfd, 0):
                _, status, usage = os.wait4(pid, 0)
                return status, usage
    finally:
        os.close(pidfd)


def run_request(request: Request, protocol_fds: list[int], started: Callable[[int], None]) -> Done:
    """Run one request in a forked child; return how it ended once nothing of the run is left."""
    output = BoundedOutput(request["output"])
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the worker's handler is not the script's
            os.setpgid(0, 0)
            die_with_parent()
            enter_child(request, write_fd, [read_fd, output.fileno(), *protocol_fds])
            run_child(dict(request))
        except BaseException:  # a failure of the set-up itself: say so in the run's output
            import traceback

            os.write(2, (SETUP_FAILED + "\n" + traceback.format_exc()).encode())
        finally:
            os._exit(70)
    os.close(write_fd)
    try:
        # Also from this side (as shells do): the child's own setpgid may not have run yet,
        # and the app kills the whole group as soon as it hears "started".
        os.setpgid(pid, pid)
    except OSError:  # the child got there first (or already ended)
        pass
    _running.append(pid)
    started(pid)
    try:
        status, usage = _follow(pid, read_fd, output, protocol_fds[0])
        leftovers = end_descendants(pid)
        drain(read_fd, output, DRAIN_SECONDS)
    finally:
        _running.clear()
        os.close(read_fd)
        output.finish()
    signalled = os.WIFSIGNALED(status)
    return Done(
        event=DONE,
        exitcode=None if signalled else os.WEXITSTATUS(status),
        signal=os.WTERMSIG(status) if signalled else None,
        peak_rss=int(usage.ru_maxrss) * 1024,
        leftovers=leftovers,
    )


def serve(control_in: IO[str], control_out: TextIO) -> None:
    """Answer requests until the control stream closes."""

    def reply(message: Any) -> None:
        control_out.write(encode(message))
        control_out.flush()

    protocol_fds = [control_in.fileno(), control_out.fileno()]
    reply({"event": READY, "pid": os.getpid()})
    for line in control_in:
        if not line.strip():
            continue
        try:
            request = decode_request(line)
            done = run_request(request, protocol_fds, lambda pid: reply({"event": STARTED, "pid": pid}))
        except (ProtocolError, OSError) as exc:  # a bad request or no room for its files: no child ran
            print(f"graphviz_app worker: request refused: {exc}", file=sys.stderr, flush=True)
            done = Done(event=DONE, exitcode=70, signal=None, peak_rss=0, leftovers=0,
                        refused=f"{type(exc).__name__}: {exc}")
        reply(done)


def main() -> None:
    """Entry point: import torch once, then serve requests on stdin/stdout."""
    # The app's end is seen as the hang-up of the request pipe (at once, even while a run is in
    # progress), not by a parent-death signal: that one fires when the *thread* that started
    # this worker ends, which ended warm workers started from a run's thread.
    signal.signal(signal.SIGTERM, _end_with_parent)
    become_subreaper()  # what a script leaves behind is re-parented here, then killed
    control_out = os.fdopen(os.dup(1), "w")
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # stray prints cannot corrupt the protocol
    os.close(null)
    import warnings

    warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
    import torch  # the point of a warm worker
    import torch.nn.functional

    from . import script  # noqa: F401

    if os.environ.get(WARM_ENV) == "1":
        # What a first backward (sympy), a meta tensor or an optimizer (torch._dynamo) import
        # lazily: seconds that every forked child would otherwise pay again. Starts no threads.
        import sympy  # type: ignore[import-untyped]  # noqa: F401
        import torch._dynamo
        import torch.optim  # noqa: F401

    serve(sys.stdin, control_out)
    # Nothing is left to do or to flush: skip the interpreter's teardown of torch (about a second
    # that a one-shot CLI export would wait for).
    control_out.close()
    os._exit(0)


if __name__ == "__main__":
    main()
