"""The marker every process of a run carries, and ending the processes that carry it.

The runner starts the worker with :data:`~graphviz_app.wire.protocol.MARKER_ENV` set to a token of
its own; each process a run starts inherits it in its environment (as it inherits ``PATH``).
While the worker lives it ends what a run leaves; when the worker itself is killed, a process
the script started in its own session (a daemon) is no longer below it, and the runner finds it
by its marker (Linux: ``/proc/PID/environ``; elsewhere nothing is found). A process that clears
its own environment on start is not found this way.
"""

from __future__ import annotations

import logging
import os
import signal
import sys

from ..wire.protocol import MARKER_ENV

log = logging.getLogger(__name__)
ROUNDS = 100
"""How many times :func:`end_marked` looks again for marked processes (each may have forked)."""


def marked(token: str) -> list[int]:
    """Return the running processes whose environment carries ``token`` (this one excepted)."""
    if not sys.platform.startswith("linux"):
        return []
    entry = f"{MARKER_ENV}={token}".encode()
    me = os.getpid()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as handle:
                environ = handle.read()
        except OSError:  # another user's, or it ended
            continue
        if entry in environ.split(b"\0"):
            found.append(int(name))
    return found


def end_marked(token: str) -> int:
    """Kill every process that carries ``token``; return how many there were."""
    ended: set[int] = set()
    for _ in range(ROUNDS):
        found = marked(token)  # a killed process is a zombie at once: its environment reads empty
        if not found:
            break
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
                ended.add(pid)
            except (ProcessLookupError, PermissionError):
                pass
    else:
        log.warning("processes marked %s were still being started after %d rounds", token, ROUNDS)
    return len(ended)
