"""Timing helpers: medians of repeated runs under a time budget, and a deadline for ``dot``.

Each stage runs up to ``repeat`` times, but stops repeating once it has spent ``budget`` seconds
(a 20 s layout is timed once, a 2 ms one five times); the result says how many runs it took.
A stage that drives Graphviz runs under :func:`deadline`, which kills this process's ``dot``
children when the time is up, so a layout that would take minutes costs at most the cap.
"""

from __future__ import annotations

import gc
import os
import signal
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

WARMUP_BELOW = 0.5
"""A first run faster than this is treated as a warm-up and not counted (first calls pay for
lazy imports, allocator growth, autograd's thread start)."""


@dataclass
class Timing:
    """The outcome of one stage: median seconds of ``runs`` runs, or why there is none."""

    seconds: float | None = None
    runs: int = 0
    samples: list[float] = field(default_factory=list)
    timeout: float | None = None
    """Set when the stage ran past this cap (then ``seconds`` is None)."""
    error: str | None = None
    skipped: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v not in (None, [])}


def measure(
    fn: Callable[[], Any],
    *,
    repeat: int,
    budget: float = 6.0,
    setup: Callable[[], Any] | None = None,
    cap: float | None = None,
) -> Timing:
    """Time ``fn`` (given ``setup()``'s result when there is a setup) up to ``repeat`` times.

    Only ``fn`` is timed; a first run under WARMUP_BELOW seconds is a warm-up, not counted.
    With ``cap`` set, ``fn`` runs under :func:`deadline`; a run past it
    ends the stage with ``timeout=cap``. Exceptions end the stage with ``error``.
    """
    result = Timing()
    spent = 0.0
    warmup = True
    gc.collect()
    runs = 0
    while runs < max(1, repeat):
        try:
            prepared = time.perf_counter()
            arg = setup() if setup is not None else None
            spent += time.perf_counter() - prepared  # preparing counts against the budget
            with deadline(cap) as expired:
                started = time.perf_counter()
                try:
                    fn(arg) if setup is not None else fn()
                except Exception:
                    if expired.is_set():
                        result.timeout = cap
                        break
                    raise
                elapsed = time.perf_counter() - started
            if expired.is_set():
                result.timeout = cap
                break
        except Exception as exc:  # a stage that fails is reported, not fatal
            result.error = (
                f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ''}"
            )
            break
        if warmup and elapsed < WARMUP_BELOW:
            warmup = False  # a cheap first run only warms caches up: run it again, timed
            continue
        warmup = False
        runs += 1
        result.samples.append(elapsed)
        spent += elapsed
        if spent >= budget:
            break
    result.runs = len(result.samples)
    if result.samples and result.timeout is None:
        result.seconds = statistics.median(result.samples)
    return result


def _children_named(name: str) -> list[int]:
    """Return pids of this process's direct children whose command is ``name``."""
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as handle:
                stat = handle.read()
        except OSError:
            continue
        command = stat[stat.find("(") + 1 : stat.rfind(")")]
        fields = stat[stat.rfind(")") + 2 :].split()
        if command == name and len(fields) > 1 and fields[1] == me:
            found.append(int(entry))
    return found


@contextmanager
def deadline(seconds: float | None) -> Iterator[threading.Event]:
    """Kill this process's ``dot`` (or packaged engine's) children once ``seconds`` have passed;
    yields the event set then."""
    expired = threading.Event()
    if seconds is None:
        yield expired
        return
    done = threading.Event()

    def watch() -> None:
        if done.wait(seconds):
            return
        expired.set()
        while not done.is_set():
            for pid in [*_children_named("dot"), *_children_named("graphviz-pure")]:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            done.wait(0.05)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield expired
    finally:
        done.set()
        thread.join()
