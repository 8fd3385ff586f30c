"""Processes seen from /proc (Linux), for tests that check what a run or an export leaves."""

from __future__ import annotations

import os
import time


def stat_fields(pid: int | str) -> list[str] | None:
    """Return the fields of ``/proc/PID/stat`` after the command's name (state, parent pid, ...;
    ``man 5 proc``), or None when there is no such process."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def children_named(pid: int, name: str) -> list[int]:
    """Return the pids of the live (not zombie) children of ``pid`` whose command is ``name``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = stat_fields(entry)
        try:
            with open(f"/proc/{entry}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue
        if fields is not None and int(fields[1]) == pid and comm == name and fields[0] != "Z":
            found.append(int(entry))
    return found


def stuck(pid: int, seconds: float = 1.0) -> bool:
    """Whether ``pid`` is alive, asleep, and used no CPU time for ``seconds``: waiting for
    something that will not come (a working ``dot`` uses a whole core)."""
    before = stat_fields(pid)
    time.sleep(seconds)
    after = stat_fields(pid)
    if before is None or after is None:
        return False
    return after[0] == "S" and after[11:13] == before[11:13]  # utime, stime
