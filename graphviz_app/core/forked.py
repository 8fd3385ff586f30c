"""Work done by a forked copy of this process, on another core, while this one goes on.

A forked child starts with this process's memory as it is (copy on write), so it can take one
part of a big computation over the very objects this process holds, with nothing sent to it:
only its result, bytes, comes back (through a temporary file).  The export command uses it to
write most of a big SVG's edges while it writes the rest of the drawing.

Only a process that is the app's own asks for it (the command line: no Qt, no torch, no
threads but its own idle ones), and only on Linux, where forking without exec is the system's
way.  The child runs pure Python over data already made, with the collector off, and ends with
``os._exit`` (no exit handlers, no flushing of this process's buffers).  Where forking is not
possible, or the child fails or is killed, the work runs here: the result is the same either way.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import tempfile
from collections.abc import Callable
from typing import IO

__all__ = ["Forked", "can_fork"]


def can_fork() -> bool:
    """True where :class:`Forked` work runs in a child (Linux)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


class Forked:
    """``work`` started in a forked child now (where ``fork`` and :func:`can_fork`);
    :meth:`result` waits for its bytes (or makes them here).  Use as a context manager, so that
    a child whose result is not asked for (this process failed meanwhile) is ended."""

    def __init__(self, work: Callable[[], bytes], *, fork: bool = True) -> None:
        self._work = work
        self._pid: int | None = None
        self._output: IO[bytes] | None = None
        if not (fork and can_fork()):
            return
        try:  # (a file, not a pipe: the child writes its part at once, with no waiting)
            output = tempfile.TemporaryFile(prefix="graphviz_app_part_")  # noqa: SIM115 (kept until result)
        except OSError:
            return
        try:
            pid = os.fork()
        except OSError:  # (no memory or process left for a copy: the work runs here)
            output.close()
            return
        if pid == 0:  # the child
            status = 1
            try:
                gc.disable()  # (a collection would touch, and so copy, every page)
                view = memoryview(work())
                while view:
                    view = view[os.write(output.fileno(), view) :]
                status = 0
            finally:
                os._exit(status)
        self._pid, self._output = pid, output

    def result(self) -> bytes:
        """The work's bytes: the child's, else (no child, or it failed) made here."""
        if self._pid is None or self._output is None:
            return self._work()
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        with self._output as output:
            self._output = None
            if os.waitstatus_to_exitcode(status) != 0:
                return self._work()
            output.seek(0)  # (the child wrote through the same open file)
            return output.read()

    def close(self) -> None:
        """End the child if its result was not taken."""
        if self._pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
            self._pid = None
        if self._output is not None:
            self._output.close()
            self._output = None

    def __enter__(self) -> Forked:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
