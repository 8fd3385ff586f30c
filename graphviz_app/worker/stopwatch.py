"""The time an op's forward call or a node's backward took: the host's clock, and CUDA events for
work on a GPU.

On the host, a time is ``time.perf_counter_ns`` around the work. A CUDA op only queues its
kernels, so the host clock measures their launch; once the script has initialised CUDA, a pair of
CUDA events (``torch.cuda.Event(enable_timing=True)``) is also recorded on the current device's
current stream around the work, and a node on a CUDA device is given the events' time, read once
the graph is traced (each end event is waited for then). Nothing is synchronised while the script
runs, so it keeps its overlap of host and GPU work; the events cost a few µs per op, paid only
after CUDA was initialised. The trace's ``time_clock`` says which clock a graph's times came from.
"""

from __future__ import annotations

from time import perf_counter_ns
from typing import Any

import torch

Timing = tuple[int, Any, Any]
"""Timed work: nanoseconds on the host clock, and its start and end CUDA events (or None)."""

now = perf_counter_ns
"""The host clock, in nanoseconds."""
cuda_started = torch.cuda.is_initialized
"""Whether the script has initialised CUDA (until then, no work ran on a GPU)."""


def event() -> Any:
    """A CUDA event recorded now on the current device's current stream."""
    marker = torch.cuda.Event(enable_timing=True)
    marker.record()
    return marker


def nanoseconds(timing: Timing | None, on_cuda: bool) -> int | None:
    """The work's time: its CUDA events' where it ran on a CUDA device and they were recorded,
    else the host clock's; None for no timing."""
    if timing is None:
        return None
    took, start, stop = timing
    if on_cuda and start is not None:
        stop.synchronize()
        milliseconds: float = start.elapsed_time(stop)
        return max(0, round(milliseconds * 1_000_000))
    return took


def clock(timings: list[tuple[Timing | None, bool]]) -> str:
    """``"cuda_events"`` when any of the ``(timing, on_cuda)`` pairs is read from CUDA events,
    else ``"host"``."""
    used = any(on_cuda and timing is not None and timing[1] is not None for timing, on_cuda in timings)
    return "cuda_events" if used else "host"
