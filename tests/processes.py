"""Processes seen from /proc (Linux), for tests that check what a run or an export leaves."""

from __future__ import annotations

import os


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
