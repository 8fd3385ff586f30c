"""Processes seen from /proc (Linux), for tests that check what a run or an export leaves."""

from __future__ import annotations

import os
import time


def children_named(pid: int, name: str) -> list[int]:
    """Return the pids of the live (not zombie) children of ``pid`` whose command is ``name``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue
        if int(fields[1]) == pid and comm == name and fields[0] != "Z":
            found.append(int(entry))
    return found


def _state_and_ticks(pid: int) -> tuple[str, int] | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[11]) + int(fields[12])  # state, utime + stime


def stuck(pid: int, seconds: float = 1.0) -> bool:
    """Whether ``pid`` is alive, asleep, and used no CPU time for ``seconds``: waiting for
    something that will not come (a working ``dot`` uses a whole core)."""
    before = _state_and_ticks(pid)
    time.sleep(seconds)
    after = _state_and_ticks(pid)
    return before is not None and after is not None and after[0] == "S" and after[1] == before[1]
