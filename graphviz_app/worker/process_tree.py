"""A process's descendants and the memory they use together, read from Linux's ``/proc``.

What one run uses is more than its own process's data: processes it forked (each with its own
``RLIMIT_DATA``), shared memory (``/dev/shm``, ``memfd``, torch's shared tensors) and mapped
files. :func:`tree_memory` adds them up without counting a page twice: each process's
proportional set size (PSS: a page shared by n processes counts 1/n in each, swapped pages
included) plus shared-memory files the processes hold open without mapping them.

PSS is dear: the kernel walks every page of the process to sum ``smaps_rollup`` (12 ms of system
time for a process that imported torch, 27 ms for a CUDA build), so a watch that read it ten times
a second took a quarter of a core per process of the run. :func:`tree_memory_over` reads it only
when a cheap upper bound (each process's resident and swapped pages from ``status``, a
shared page counted in every process that maps it) is over the limit.
"""

from __future__ import annotations

import os

SHARED_MEMORY = ("/dev/shm/", "/memfd:")
"""Where a file whose pages are memory (tmpfs) shows in ``/proc/PID/fd`` and ``/proc/PID/maps``."""


def children_scan(pid: int) -> dict[int, bool]:
    """The children of ``pid``, found by reading every process's parent (any Linux), each with
    True if it has ended already (a zombie waiting to be reaped)."""
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
        if len(fields) > 1 and int(fields[1]) == pid:
            found[int(name)] = fields[0] == b"Z"
    return found


def children(pid: int) -> list[int]:
    """The children of ``pid``: from ``/proc/PID/task/*/children`` where the kernel has them
    (a few reads), else from a scan of every process."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:  # it ended
        return []
    found: list[int] = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as handle:
                found.extend(int(child) for child in handle.read().split())
        except FileNotFoundError:
            if not os.path.exists(f"/proc/{pid}/task/{task}"):
                continue  # the thread ended
            return list(children_scan(pid))  # a kernel without the children files
        except OSError:
            continue
    return found


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children...), ``pid`` itself not included."""
    found: list[int] = []
    stack = [pid]
    seen = {pid}
    while stack:
        for child in children(stack.pop()):
            if child not in seen:
                seen.add(child)
                found.append(child)
                stack.append(child)
    return found


def _rollup(pid: int) -> tuple[int, int]:
    """Return (PSS with swapped pages, PSS of shared memory) of ``pid`` in bytes."""
    pss = shmem = 0
    with open(f"/proc/{pid}/smaps_rollup", "rb") as handle:
        for line in handle:
            key, _, rest = line.partition(b":")
            if key in (b"Pss", b"SwapPss"):
                pss += int(rest.split()[0]) * 1024
            elif key == b"Pss_Shmem":
                shmem = int(rest.split()[0]) * 1024
    return pss, shmem


def _mapped_shared_files(pid: int) -> set[int]:
    """The inodes of the shared-memory files ``pid`` maps (counted in its PSS already)."""
    inodes = set()
    with open(f"/proc/{pid}/maps", "rb") as handle:
        for line in handle:
            fields = line.split(None, 5)
            if len(fields) == 6 and fields[5].lstrip().decode("utf-8", "replace").startswith(SHARED_MEMORY):
                inodes.add(int(fields[4]))
    return inodes


def _open_shared_files(pid: int) -> dict[int, int]:
    """The shared-memory files ``pid`` holds open: inode -> bytes allocated."""
    files: dict[int, int] = {}
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return files
    for fd in fds:
        link = f"/proc/{pid}/fd/{fd}"
        try:
            if os.readlink(link).startswith(SHARED_MEMORY):
                info = os.stat(link)
                files[info.st_ino] = info.st_blocks * 512
        except OSError:  # closed meanwhile
            continue
    return files


def _resident(pid: int) -> int:
    """Return the resident and swapped bytes of ``pid`` (pages shared with others included)."""
    total = 0
    with open(f"/proc/{pid}/status", "rb") as handle:
        for line in handle:
            if line.startswith((b"VmRSS:", b"VmSwap:")):
                total += int(line.split()[1]) * 1024
    return total


def tree_memory_over(pids: list[int], limit: int) -> int | None:
    """Return the bytes the processes ``pids`` use together (:func:`tree_memory`) when that is
    over ``limit``, else None; the exact sum is read only when the cheap bound is over."""
    bound = 0
    held: dict[int, int] = {}
    for pid in pids:
        try:
            bound += _resident(pid)
        except (OSError, ValueError, IndexError):  # it ended
            continue
        held.update(_open_shared_files(pid))
    if bound + sum(held.values()) <= limit:
        return None
    used = tree_memory(pids)
    return used if used > limit else None


def tree_memory(pids: list[int]) -> int:
    """Return the bytes of memory the processes ``pids`` use together (0 for ended ones)."""
    total = 0
    mapped: set[int] = set()
    held: dict[int, int] = {}
    for pid in pids:
        try:
            pss, shmem = _rollup(pid)
            if shmem:
                mapped |= _mapped_shared_files(pid)
        except (OSError, ValueError, IndexError):  # it ended, or it is a zombie
            continue
        total += pss
        held.update(_open_shared_files(pid))
    return total + sum(size for inode, size in held.items() if inode not in mapped)
