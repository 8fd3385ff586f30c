"""How one run of a script is contained: its fds, memory limit, output bound and processes.

Used by the capture worker (:mod:`graphviz_app.worker.server`). What depends on the system is
behind one small interface, :class:`Containment`, picked by :func:`containment`:
:class:`LinuxContainment` (prctl, ``/proc``, ``RLIMIT_DATA``: a run's processes die with the
worker, whatever they leave is re-parented to the worker and ended, and the memory of the whole
tree is watched) and :class:`PortableContainment` (process groups and ``RLIMIT_DATA`` where the
system has them; nothing that is missing is called). :func:`enter_child` sets up a forked child's
fds, :class:`ScriptStreams` gives the script real standard streams and :class:`BoundedOutput` is
the worker's bounded copy of what the script writes.
"""

from __future__ import annotations

import ctypes
import faulthandler
import os
import select
import signal
import sys
from typing import Protocol

from ..wire.protocol import OUTPUT_HEAD, OUTPUT_TAIL, STACK_SIGNAL
from .process_tree import children_scan, descendants, tree_memory_over

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
READ_CHUNK = 64 * 1024
LINUX = sys.platform.startswith("linux")
_NO_INHERIT = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)  # Windows: O_BINARY, no O_CLOEXEC


def prctl(option: int, value: int) -> bool:
    """Call Linux's prctl; return False where it is not available."""
    if not LINUX:
        return False
    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def limit_data(memory: int | None) -> None:
    """Limit this process's data memory (``RLIMIT_DATA``) to ``memory`` bytes, where it can be."""
    if not memory:
        return
    try:
        import resource  # (not on Windows)

        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        if hard != resource.RLIM_INFINITY:
            memory = min(memory, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (memory, hard))
    except (ImportError, ValueError, OverflowError, OSError):  # refused: the memory watch remains (Linux)
        pass


def kill_group(group: int) -> None:
    """SIGKILL the process group ``group`` (the process alone where there are no groups)."""
    if group <= 0:  # never 0: that is the worker's own group (and the app's)
        return
    try:
        if hasattr(os, "killpg"):
            os.killpg(group, signal.SIGKILL)
        else:
            os.kill(group, signal.SIGTERM)  # Windows: TerminateProcess
    except (ProcessLookupError, PermissionError, OSError):
        pass


class Containment(Protocol):
    """What the worker asks of the system to contain a run."""

    def prepare_worker(self) -> None:
        """In the worker, once: what it needs before any run."""

    def enter_run(self, memory: int | None, parent: int) -> None:
        """In the run's process, before the script: its memory limit and its tie to ``parent``."""

    measures_memory: bool
    """Whether :meth:`memory_over` can measure what the run's processes use."""

    def memory_over(self, limit: int) -> int | None:
        """Bytes the run's processes use together now when that is over ``limit``; else None (and
        always None where that cannot be measured)."""

    def stop_run(self, group: int) -> None:
        """Kill the run's processes now (the run's process is reaped by the caller)."""

    def end_run(self, group: int | None) -> int:
        """Once the run's process ended: end (and reap) all the run left; return how many were
        still running."""


class LinuxContainment:
    """Linux: parent-death signal, child subreaper, ``RLIMIT_DATA`` and ``/proc``.

    The worker is a child subreaper, so every process a run starts (even in a new session) stays
    below the worker; the run's processes are then the worker's descendants.
    """

    def prepare_worker(self) -> None:
        prctl(PR_SET_CHILD_SUBREAPER, 1)  # what a script leaves behind is re-parented here, then killed

    def enter_run(self, memory: int | None, parent: int) -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # killed when the worker dies
        if os.getppid() != parent:  # the worker died before the line above: end at once
            os._exit(70)
        limit_data(memory)

    measures_memory = True

    def memory_over(self, limit: int) -> int | None:
        return tree_memory_over(descendants(os.getpid()), limit)

    def stop_run(self, group: int) -> None:
        kill_group(group)
        for pid in descendants(os.getpid()):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def end_run(self, group: int | None) -> int:
        return end_descendants(group)


class PortableContainment:
    """Any system: the run's process group (POSIX) and ``RLIMIT_DATA`` where they exist.

    A process the script starts in a new session or process group is not ended with the run,
    and the memory limit holds for the run's own process only.
    """

    def prepare_worker(self) -> None:
        pass

    def enter_run(self, memory: int | None, parent: int) -> None:
        limit_data(memory)

    measures_memory = False

    def memory_over(self, limit: int) -> int | None:
        return None

    def stop_run(self, group: int) -> None:
        kill_group(group)

    def end_run(self, group: int | None) -> int:
        if group is not None and hasattr(os, "killpg"):
            kill_group(group)
        return 0


def containment() -> Containment:
    """The containment this system supports."""
    return LinuxContainment() if LINUX else PortableContainment()


class BoundedOutput:
    """The worker's copy of a run's output: the first OUTPUT_HEAD bytes, then only a tail.

    Bytes go to the output file as they arrive until the head is full; later bytes are kept in
    memory (the last OUTPUT_TAIL of them) and written by :meth:`finish` after a note saying how
    many characters were left out.
    """

    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NO_INHERIT, 0o600)
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
        register_stack_signal()

    def finish(self) -> None:
        """Flush what the script wrote (before the child writes its result and exits)."""
        for stream in (self.stdout, self.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # closed or broken by the script
                pass


def register_stack_signal() -> None:
    """Before stopping a run (time limit, cancel) the runner asks where it is (STACK_SIGNAL):
    the stack goes to fd 2, the output, where capture.client reads the line it was stuck on."""
    if hasattr(faulthandler, "register"):  # not on Windows
        faulthandler.register(STACK_SIGNAL, file=2, all_threads=False)


def enter_child(output_fd: int, close: list[int]) -> None:
    """In the forked child, before the script: fds 0/1/2 and no protocol pipes."""
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


def end_descendants(group: int | None) -> int:
    """Kill every process a run left: its process group, then each process re-parented here (Linux).

    The worker is a child subreaper, so a process the script started (even in a new session)
    becomes a child of the worker once its parent has ended; killing and reaping them until none
    is left ends the whole tree. Returns how many re-parented processes were still running.
    """
    running = {pid for pid, zombie in children_scan(os.getpid()).items() if not zombie}  # before any kill
    if group is not None:
        kill_group(group)
    for _ in range(10_000):
        left = children_scan(os.getpid())  # each with True once it has ended (a zombie to reap)
        if not left:
            break
        for pid, zombie in left.items():
            if not zombie:
                running.add(pid)
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for pid in left:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
    return len(running)


def drain(read_fd: int, output: BoundedOutput, seconds: float | None) -> None:
    """Copy the pipe into ``output`` until every writer has closed it (or ``seconds`` pass).

    With no time limit the pipe is read as it comes, without ``select``, which takes only
    sockets on Windows (the copying thread of a Windows run)."""
    while True:
        if seconds is not None:
            ready, _, _ = select.select([read_fd], [], [], seconds)
            if not ready:
                return
        data = os.read(read_fd, READ_CHUNK)
        if not data:
            return
        output.write(data)
