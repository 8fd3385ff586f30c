"""Work done by a forked copy of the process (core/forked.py): real children, real pids."""

from __future__ import annotations

import os
import time

import pytest

from graphviz_app.core.forked import Forked, can_fork
from tests.processes import children_named

pytestmark = pytest.mark.skipif(not can_fork(), reason="Forked work runs in a child on Linux only")


def pid_bytes() -> bytes:
    return str(os.getpid()).encode()


def test_the_work_runs_in_a_child_over_this_process_s_memory() -> None:
    made_here = list(range(100_000))  # (the child reads it without anything sent to it)
    with Forked(lambda: f"{os.getpid()} {sum(made_here)}".encode()) as work:
        pid, total = work.result().split()
    assert int(pid) != os.getpid()
    assert int(total) == sum(made_here)


def test_a_big_result_comes_back_whole() -> None:
    data = os.urandom(3 << 20)
    with Forked(lambda: data) as work:
        assert work.result() == data


def test_without_fork_the_work_runs_here() -> None:
    with Forked(pid_bytes, fork=False) as work:
        assert work.result() == pid_bytes()


def test_a_failed_child_s_work_is_done_here() -> None:
    parent = os.getpid()

    def fails_in_the_child() -> bytes:
        if os.getpid() != parent:
            raise RuntimeError("only in the child")
        return b"made here"

    with Forked(fails_in_the_child) as work:
        assert work.result() == b"made here"


def test_a_child_whose_result_is_not_taken_is_ended() -> None:
    def slow() -> bytes:
        time.sleep(60)
        return b""

    with open("/proc/self/comm") as f:
        command = f.read().strip()
    before = set(children_named(os.getpid(), command))
    began = time.monotonic()
    with Forked(slow):
        (child,) = set(children_named(os.getpid(), command)) - before
    assert time.monotonic() - began < 10
    assert not os.path.exists(f"/proc/{child}")  # ended and reaped: no zombie left
