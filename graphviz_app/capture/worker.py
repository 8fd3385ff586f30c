"""The capture worker: a warm process that runs each user script in a forked child.

Started once with ``python -m graphviz_app.capture.worker`` (torch is imported here, once), it reads
one request per line on stdin and forks a child per request, so each script runs in a fresh
process that already has torch loaded. Whatever the script does (raise, hang, segfault, os._exit,
flood stdout, fork and leave processes behind) stays in the child: this process reports how the
child ended, keeps a bounded copy of its output, and ends every process the run started.

The messages are those of :mod:`graphviz_app.capture.protocol`. Containment of a run:

* the child has its own process group, dies with this worker, and gets ``/dev/null`` as fd 0 and
  none of the protocol pipes, so nothing it starts can read the next request or forge a reply;
* fd 1 and 2 of the child are a pipe that this worker reads: ``print``, raw ``os.write(1, ...)``
  and a C library's output are all bounded to a head and a tail (:class:`BoundedOutput`);
* this worker is a child subreaper: processes the script starts (``setsid()`` ones included) are
  re-parented here when their parent ends, and all of them are killed when the run ends;
* the child's data memory is limited (``RLIMIT_DATA``) when the request says so.
"""
from __future__ import annotations

import ctypes
import faulthandler
import json
import os
import select
import signal
import sys
from collections.abc import Callable
from typing import IO, Any, TextIO

from .protocol import (
    DONE,
    OUTPUT_HEAD,
    OUTPUT_TAIL,
    READY,
    STARTED,
    WARM_ENV,
    Done,
    ProtocolError,
    Request,
    decode_request,
    encode,
)

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
READ_CHUNK = 64 * 1024
DRAIN_SECONDS = 5.0
"""How long the output pipe may stay open after every process of the run was killed."""
__all__ = ["OUTPUT_HEAD", "OUTPUT_TAIL", "WARM_ENV", "BoundedOutput", "main", "run_child", "serve"]


def _prctl(option: int, value: int) -> bool:
    """Call Linux's prctl; return False where it is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (no-op elsewhere)."""
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


_running: list[int] = []
"""The pid (and process group) of the run in progress, if any."""


def _end_with_parent(signum: int, frame: Any) -> None:
    """The app is gone (or SIGTERM): end the run in progress and all it started, then exit.

    Without this, a process the script started in its own session would be re-parented to init
    when this worker died, and live on.
    """
    end_descendants(_running[0] if _running else None)
    os._exit(1)


class BoundedOutput:
    """The worker's copy of a run's output: the first OUTPUT_HEAD bytes, then only a tail.

    Bytes go to the output file as they arrive until the head is full; later bytes are kept in
    memory (the last OUTPUT_TAIL of them) and written by :meth:`finish` after a note saying how
    many characters were left out.
    """

    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        self._written = 0
        self._tail = bytearray()
        self.dropped = 0

    def fileno(self) -> int:
        return self._fd

    def write(self, data: bytes) -> None:
        room = OUTPUT_HEAD - self._written
        if room > 0:
            head = data[:room]
            os.write(self._fd, head)
            self._written += len(head)
            data = data[room:]
        if data:
            self._tail += data
            extra = len(self._tail) - OUTPUT_TAIL
            if extra > 0:
                self.dropped += len(bytes(self._tail[:extra]).decode("utf-8", "ignore"))
                del self._tail[:extra]

    def finish(self) -> None:
        """Write the kept tail after a note of how much was left out, and close the file."""
        if self.dropped:
            os.write(self._fd, f"\n[… {self.dropped} characters of output left out …]\n".encode())
        if self._tail:
            os.write(self._fd, bytes(self._tail))
        self._tail = bytearray()
        os.close(self._fd)


class ScriptStreams:
    """The child's ``sys.stdin``/``stdout``/``stderr``: real text streams on fds 0, 1 and 2.

    They have what scripts and libraries use (``encoding``, ``buffer``, ``fileno()``,
    ``reconfigure()``, ``isatty()``), as under plain ``python`` with its output in a pipe; the
    bound on their output is kept by the worker, which reads that pipe.
    """

    def __init__(self) -> None:
        # They live as long as the process, as Python's own do.
        self.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        self.stdout = open(1, "w", encoding="utf-8", closefd=False, buffering=1)  # noqa: SIM115
        self.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False, buffering=1)  # noqa: SIM115
        sys.stdin, sys.stdout, sys.stderr = self.stdin, self.stdout, self.stderr
        sys.__stdin__, sys.__stdout__, sys.__stderr__ = self.stdin, self.stdout, self.stderr  # type: ignore[misc]
        faulthandler.enable(file=2, all_threads=False)

    def finish(self) -> None:
        """Flush what the script wrote (before the child writes its result and exits)."""
        for stream in (self.stdout, self.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # closed or broken by the script
                pass


def enter_child(request: Request, output_fd: int, close: list[int]) -> None:
    """In the forked child, before the script: fds 0/1/2, no protocol pipes, the run's limits."""
    for fd in close:
        try:
            os.close(fd)
        except OSError:
            pass
    null = os.open(os.devnull, os.O_RDONLY)
    if null != 0:  # it is fd 0 already when fd 0 was a protocol pipe closed above
        os.dup2(null, 0)
        os.close(null)
    os.dup2(output_fd, 1)
    os.dup2(output_fd, 2)
    os.close(output_fd)
    memory = request["limits"].get("memory_bytes")
    if memory:
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        if hard != resource.RLIM_INFINITY:
            memory = min(memory, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (memory, hard))


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


def _children() -> dict[int, bool]:
    """Return the pids whose parent is this process (read from /proc), each with True if it has
    ended already (a zombie waiting to be reaped)."""
    me = os.getpid()
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:  # it ended meanwhile
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 1 and int(fields[1]) == me:
            found[int(name)] = fields[0] == b"Z"
    return found


def end_descendants(group: int | None) -> int:
    """Kill every process a run left: its process group, then each process re-parented here.

    This worker is a child subreaper, so a process the script started (even in a new session)
    becomes a child of this worker once its parent has ended; killing and reaping them until none
    is left ends the whole tree. Returns how many re-parented processes were still running.
    """
    running = {pid for pid, zombie in _children().items() if not zombie}  # counted before any kill
    if group is not None and group > 0:  # never 0: that is this worker's own group (and the app's)
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    for _ in range(10_000):
        children = _children()
        if not children:
            break
        for pid, zombie in children.items():
            if not zombie:
                running.add(pid)
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for pid in children:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
    return len(running)


def _drain(read_fd: int, output: BoundedOutput, seconds: float | None) -> None:
    """Copy the pipe into ``output`` until every writer has closed it (or ``seconds`` pass)."""
    while True:
        ready, _, _ = select.select([read_fd], [], [], seconds)
        if not ready:
            return
        data = os.read(read_fd, READ_CHUNK)
        if not data:
            return
        output.write(data)


def _follow(pid: int, read_fd: int, output: BoundedOutput, control_fd: int) -> tuple[int, Any]:
    """Copy the child's output while it runs; return its wait status and resource usage.

    When the app hangs up ``control_fd`` (it ended, even killed) meanwhile, the run and all it
    started are ended and this worker exits.
    """
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfds (not Linux 5.3+): the pipe's end marks the end
        _drain(read_fd, output, None)
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

            os.write(2, ("graphviz_app could not start the script:\n" + traceback.format_exc()).encode())
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
        _drain(read_fd, output, DRAIN_SECONDS)
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
            done = Done(event=DONE, exitcode=70, signal=None, peak_rss=0, leftovers=0)
        reply(done)


def main() -> None:
    """Entry point: import torch once, then serve requests on stdin/stdout."""
    # The app's end is seen as the hang-up of the request pipe (at once, even while a run is in
    # progress), not by a parent-death signal: that one fires when the *thread* that started
    # this worker ends, which ended warm workers started from a run's thread.
    signal.signal(signal.SIGTERM, _end_with_parent)
    _prctl(PR_SET_CHILD_SUBREAPER, 1)  # what a script leaves behind is re-parented here, then killed
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
