"""The capture worker: a process that runs each user script in a child process of its own.

Started once with ``python -m graphviz_app.worker.server``, it reads one request per line on
stdin and runs each in a child, in one of two run modes (:func:`~graphviz_app.wire.protocol.run_mode`):

* fork (Linux): this worker imports torch once and forks a child per request, so each script
  runs in a fresh process that already has torch loaded;
* portable (any system; fork is missing or unsafe there after torch): each request runs in a
  fresh interpreter, ``python -m graphviz_app.worker.child`` (:mod:`graphviz_app.worker.child`).

Whatever the script does (raise, hang, segfault, os._exit, flood stdout, fork and leave
processes behind) stays in the child: this process reports how the child ended, keeps a bounded
copy of its output, and ends every process the run started. Both modes answer the same messages
(:mod:`graphviz_app.wire.protocol`) and write the same files. Containment of a run:

* the child has its own process group, dies with this worker, and gets ``/dev/null`` as fd 0 and
  none of the protocol pipes, so nothing it starts can read the next request or forge a reply;
* fd 1 and 2 of the child are a pipe that this worker reads: ``print``, raw ``os.write(1, ...)``
  and a C library's output are all bounded to a head and a tail (:class:`BoundedOutput`);
* this worker is a child subreaper: processes the script starts (``setsid()`` ones included) are
  re-parented here when their parent ends, and all of them are killed when the run ends;
* the run's memory is limited: the child's data (``RLIMIT_DATA``) at once, and the memory of all
  the run's processes together (shared memory and mapped files included), watched every
  :data:`WATCH_SECONDS`; a run over the limit is stopped and reported (``over_memory``);
* when the app ends (even killed), this worker sees its request pipe hang up, ends the run in
  progress and all it started, and exits.

The system-dependent steps are behind :class:`~graphviz_app.worker.containment.Containment`
(the Linux steps above; elsewhere process groups and ``RLIMIT_DATA`` only).
"""

from __future__ import annotations

import functools
import gc
import logging
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any, TextIO

from ..wire.protocol import (
    DONE,
    READY,
    SETUP_FAILED,
    STARTED,
    TOKEN_ENV,
    WARM_ENV,
    Done,
    ProtocolError,
    Request,
    RunMode,
    decode_request,
    encode,
    encode_reply,
    run_mode,
)
from .child import run_child
from .containment import READ_CHUNK, BoundedOutput, Containment, containment, drain, enter_child

DRAIN_SECONDS = 5.0
"""How long the output pipe may stay open after every process of the run was killed."""
WATCH_SECONDS = 0.1
"""How often the memory of a run's processes is measured."""
log = logging.getLogger(__name__)  # its stderr: the client's log of the worker (shown if it dies)


_running: list[int] = []
"""The pid (and process group) of the run in progress, if any."""


@functools.cache
def _containment() -> Containment:
    """The containment of this worker's runs."""
    return containment()


def _end_with_parent(signum: int, frame: Any) -> None:
    """The app is gone (or SIGTERM): end the run in progress and all it started, then exit.

    Without this, a process the script started in its own session would be re-parented to init
    when this worker died, and live on.
    """
    _containment().end_run(_running[0] if _running else None)
    os._exit(1)


def _ending(status: int, usage: Any, over_memory: int = 0) -> Done:
    """How a run's process ended (from ``os.wait4``); the processes it left are counted later."""
    signalled = os.WIFSIGNALED(status)
    done = Done(
        event=DONE,
        exitcode=None if signalled else os.WEXITSTATUS(status),
        signal=os.WTERMSIG(status) if signalled else None,
        peak_rss=int(usage.ru_maxrss) * (1 if sys.platform == "darwin" else 1024),
        leftovers=0,
    )
    if over_memory:
        done["over_memory"] = over_memory
    return done


def _pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfds (not Linux 5.3+): the child is polled
        return None


def _follow(
    pid: int,
    read_fd: int,
    output: BoundedOutput,
    control_fd: int,
    memory: int | None,
    loaded_fd: int | None,
    started: Callable[[], None],
) -> Done:
    """Copy the child's output while it runs and watch its memory; return how it ended.

    ``started`` is called once the child has loaded torch (``loaded_fd`` became readable; at
    once when there is none). When the app hangs up ``control_fd`` (it ended, even killed)
    meanwhile, the run and all it started are ended and this worker exits.
    """
    box = _containment()
    pidfd = _pidfd(pid)
    poller = select.poll()
    poller.register(read_fd, select.POLLIN)
    poller.register(control_fd, 0)  # only its hang-up: no request comes while a run is in progress
    if pidfd is not None:
        poller.register(pidfd, select.POLLIN)
    if loaded_fd is None:
        started()
    else:
        poller.register(loaded_fd, select.POLLIN)
    watch = bool(memory) and box.measures_memory
    next_check = time.monotonic()
    try:
        while True:
            wait: int | None = None  # no memory to watch: wait for the child's end (its pidfd)
            if watch:
                wait = max(0, int((next_check - time.monotonic()) * 1000))
            elif pidfd is None:  # or poll for it
                wait = int(WATCH_SECONDS * 1000)
            events = dict(poller.poll(wait))
            if events.get(control_fd, 0) & (select.POLLHUP | select.POLLERR):
                _end_with_parent(signal.SIGTERM, None)
            if loaded_fd is not None and events.get(loaded_fd, 0):
                poller.unregister(loaded_fd)
                loaded_fd = None
                started()
            if events.get(read_fd, 0):
                data = os.read(read_fd, READ_CHUNK)
                if data:
                    output.write(data)
                else:
                    poller.unregister(read_fd)  # the script closed its output: wait for its end alone
            if watch and memory and time.monotonic() >= next_check:
                next_check = time.monotonic() + WATCH_SECONDS
                used = box.memory_over(memory)
                if used is not None:
                    box.stop_run(pid)
                    _, status, usage = os.wait4(pid, 0)
                    return _ending(status, usage, used)
            if pidfd is None or events.get(pidfd, 0):
                ended, status, usage = os.wait4(pid, 0 if pidfd is not None else os.WNOHANG)
                if ended:
                    return _ending(status, usage)
    finally:
        if loaded_fd is not None:  # the child ended before it loaded torch
            started()
        if pidfd is not None:
            os.close(pidfd)


def _fork(request: Request, write_fd: int, close: list[int]) -> int:
    """Fork the run's child (fork mode); return its pid."""
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        try:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the worker's handler is not the script's
            os.setpgid(0, 0)
            enter_child(write_fd, close)
            _containment().enter_run(request["limits"]["memory_bytes"], parent)
            run_child(dict(request))
        except BaseException:  # a failure of the set-up itself: say so in the run's output
            import traceback

            os.write(2, (SETUP_FAILED + "\n" + traceback.format_exc()).encode())
        finally:
            os._exit(70)
    try:
        # Also from this side (as shells do): the child's own setpgid may not have run yet,
        # and the app kills the whole group as soon as it hears "started".
        os.setpgid(pid, pid)
    except OSError:  # the child got there first (or already ended)
        pass
    return pid


CHILD_CODE = "import sys; del sys.path[0]; from graphviz_app.worker.child import main; main(sys.argv[1:])"
"""A portable run's interpreter: ``-m graphviz_app.worker.child`` without the current folder on
its path (as this worker has none), so the package is the one on ``PYTHONPATH``."""


def _child_command(request: Request, loaded: str) -> list[str]:
    """The command line of a portable run's fresh interpreter."""
    return [sys.executable, "-c", CHILD_CODE, encode(request).strip(), loaded, str(os.getpid())]


def _spawn(request: Request, write_fd: int) -> tuple[int, int]:
    """Start the run's fresh interpreter (portable mode, POSIX); return its pid (also its process
    group) and the fd that becomes readable once it has loaded torch."""
    loaded_r, loaded_w = os.pipe()
    try:
        os.set_inheritable(loaded_w, True)  # this worker runs no other thread: nothing else inherits it
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, write_fd, 1),
            (os.POSIX_SPAWN_DUP2, write_fd, 2),
        ]
        pid = os.posix_spawn(
            sys.executable,
            _child_command(request, str(loaded_w)),
            dict(os.environ),
            file_actions=actions,
            setpgroup=0,
        )
    except BaseException:
        os.close(loaded_r)
        raise
    finally:
        os.close(loaded_w)
    return pid, loaded_r


def run_request(
    request: Request, protocol_fds: list[int], started: Callable[[int], None], mode: RunMode = "fork"
) -> Done:
    """Run one request in a child; return how it ended once nothing of the run is left."""
    if not hasattr(os, "posix_spawn") and mode == "portable":
        return _run_threaded(request, started)
    output = BoundedOutput(request["output"])
    read_fd, write_fd = os.pipe()
    loaded_fd: int | None = None
    try:
        if mode == "fork":
            pid = _fork(request, write_fd, [read_fd, output.fileno(), *protocol_fds])
        else:
            pid, loaded_fd = _spawn(request, write_fd)
    except BaseException:
        os.close(read_fd)
        output.finish()
        raise
    finally:
        os.close(write_fd)
    _running.append(pid)
    box = _containment()
    try:
        ending = _follow(
            pid,
            read_fd,
            output,
            protocol_fds[0],
            request["limits"]["memory_bytes"],
            loaded_fd,
            lambda: started(pid),
        )
        ending["leftovers"] = box.end_run(pid)
        drain(read_fd, output, DRAIN_SECONDS)
    finally:
        _running.clear()
        os.close(read_fd)
        if loaded_fd is not None:
            os.close(loaded_fd)
        output.finish()
    return ending


def _run_threaded(request: Request, started: Callable[[int], None]) -> Done:
    """Portable mode where pipes cannot be polled (Windows): a thread copies the output.

    No stack is written before a stop, and what the script starts is not ended with the run.
    """
    import subprocess

    output = BoundedOutput(request["output"])
    read_fd, write_fd = os.pipe()
    try:
        process = subprocess.Popen(
            _child_command(request, "-"), stdin=subprocess.DEVNULL, stdout=write_fd, stderr=write_fd
        )
    except BaseException:
        os.close(read_fd)
        output.finish()
        raise
    finally:
        os.close(write_fd)
    copier = threading.Thread(target=drain, args=(read_fd, output, None), daemon=True)
    copier.start()
    started(process.pid)
    code = process.wait()
    copier.join(DRAIN_SECONDS)
    os.close(read_fd)
    output.finish()
    return Done(
        event=DONE,
        exitcode=code if code >= 0 else None,
        signal=-code if code < 0 else None,
        peak_rss=0,
        leftovers=0,
    )


def serve(control_in: IO[str], control_out: TextIO, mode: RunMode = "fork", token: str = "") -> None:
    """Answer requests until the control stream closes, running each in ``mode``; every reply
    carries ``token`` (:data:`~.protocol.TOKEN_ENV`)."""

    def reply(message: Any) -> None:
        control_out.write(encode_reply(message, token))
        control_out.flush()

    protocol_fds = [control_in.fileno(), control_out.fileno()]
    reply({"event": READY, "pid": os.getpid()})
    for line in control_in:
        if not line.strip():
            continue
        try:
            request = decode_request(line)
            done = run_request(request, protocol_fds, lambda pid: reply({"event": STARTED, "pid": pid}), mode)
        except (ProtocolError, OSError) as exc:  # a bad request or no room for its files: no child ran
            log.warning("request refused: %s", exc)
            done = Done(
                event=DONE,
                exitcode=70,
                signal=None,
                peak_rss=0,
                leftovers=0,
                refused=f"{type(exc).__name__}: {exc}",
            )
        reply(done)


def main() -> None:
    """Entry point: import torch once (fork mode), then serve requests on stdin/stdout."""
    mode = run_mode()
    token = os.environ.pop(TOKEN_ENV, "")  # (a run's processes never see it)
    # The app's end is seen as the hang-up of the request pipe (at once, even while a run is in
    # progress), not by a parent-death signal: that one fires when the *thread* that started
    # this worker ends, which ended warm workers started from a run's thread.
    signal.signal(signal.SIGTERM, _end_with_parent)
    _containment().prepare_worker()
    control_out = os.fdopen(os.dup(1), "w")
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # stray prints cannot corrupt the protocol
    os.close(null)
    import warnings

    warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
    if mode == "fork":
        _load_torch()
    else:  # each run's interpreter imports torch; fail now (as fork mode does) where there is none
        import importlib.util

        if importlib.util.find_spec("torch") is None:
            raise ModuleNotFoundError("No module named 'torch'", name="torch")
    serve(sys.stdin, control_out, mode, token)
    # Nothing is left to do or to flush: skip the interpreter's teardown of torch (about a second
    # that a one-shot CLI export would wait for).
    control_out.close()
    os._exit(0)


def _load_torch() -> None:
    """Import torch and the capture (what every forked child then has loaded)."""
    import torch  # the point of a warm worker
    import torch.nn.functional

    from . import script  # noqa: F401

    if os.environ.get(WARM_ENV) == "1":
        # What a first backward (sympy), a meta tensor or an optimizer (torch._dynamo) import
        # lazily: seconds that every forked child would otherwise pay again. Starts no threads.
        import sympy  # type: ignore[import-untyped]  # noqa: F401
        import torch._dynamo
        import torch.optim  # noqa: F401
    # What is loaded now lives as long as the process: out of the cyclic collector's sight, a
    # run's collections do not scan torch's hundreds of thousands of objects (0.15 s of a
    # 20,000-node run) nor write to their pages, which every forked child shares.
    gc.freeze()


if __name__ == "__main__":
    main()
