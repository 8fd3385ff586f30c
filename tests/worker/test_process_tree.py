"""The memory watch's arithmetic on Linux's /proc: the exact sum (PSS) is read only when the cheap
bound says a run may be over its limit."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphviz_app.worker import process_tree

pytestmark = pytest.mark.skipif(
    not Path(f"/proc/{os.getpid()}/smaps_rollup").exists(), reason="needs Linux's /proc/PID/smaps_rollup"
)


def test_under_the_bound_the_exact_sum_is_not_read(monkeypatch):
    me = [os.getpid()]
    exact = process_tree.tree_memory(me)
    assert 0 < exact <= process_tree._resident(me[0])  # PSS never exceeds resident + swapped

    def dear(pid: int) -> tuple[int, int]:
        raise AssertionError("smaps_rollup read while the cheap bound was under the limit")

    monkeypatch.setattr(process_tree, "_rollup", dear)
    assert process_tree.tree_memory_over(me, 2 * process_tree._resident(me[0])) is None


@pytest.fixture
def forked() -> Iterator[int]:
    """A forked copy of this process, asleep: every page it has is shared with this one."""
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(write)
        os.read(read, 1)
        os._exit(0)
    os.close(read)
    yield child
    os.close(write)
    os.waitpid(child, 0)


def test_over_the_bound_the_exact_sum_decides(forked):
    exact = process_tree.tree_memory([forked])
    resident = process_tree._resident(forked)
    assert exact < 0.75 * resident  # its pages are shared with this process: about half in its PSS
    used = process_tree.tree_memory_over([forked], 1)
    assert used is not None and abs(used - exact) < 0.1 * exact
    # over the bound, under the exact sum: not over
    assert process_tree.tree_memory_over([forked], (resident + exact) // 2) is None


def test_ended_processes_count_nothing():
    child = os.fork()
    if child == 0:
        os._exit(0)
    os.waitpid(child, 0)
    assert process_tree.tree_memory_over([child], 0) is None
