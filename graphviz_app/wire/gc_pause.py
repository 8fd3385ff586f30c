"""Pause Python's cyclic garbage collector while building large acyclic structures.

Building a trace or a graph of tens of thousands of nodes allocates hundreds of thousands of
dicts and lists; each allocation burst triggers a collection that scans every live object
(the model, the autograd graph, the trace so far), which can cost more than the work itself.
These structures hold no reference cycles, so nothing is lost by collecting once afterwards.

Once a big graph is on screen, :func:`settle` keeps the collector from rescanning it: otherwise
every few thousand allocations of ordinary interaction (a step, a color change) can set off a
full collection over the whole graph and scene, tens of milliseconds at 10k nodes.

Standard library only: the worker builds its trace under it, the app its graphs and its scene.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def gc_paused() -> Iterator[None]:
    """Disable the cyclic collector inside the block (nested use is fine), then restore it."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def without_gc(function: F) -> F:
    """Decorator: run ``function`` with the cyclic collector paused."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with gc_paused():
            return function(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


BIG_FREEZE = 200_000
"""Objects that make a :func:`freeze_new` big: the next :func:`settle` then does not collect in
full (a full collection cannot be split, and over a 100,000-node graph's million objects it
stalls the window 0.3-1.5 s)."""
_big_freeze = False


def settle() -> None:
    """Collect once, then exempt every object alive now from later collections (``gc.freeze``).

    Call it when a new, long-lived structure is complete (a graph shown). The previous call's
    frozen objects are released first, so cycles left by the graph it replaced are collected;
    after a big :func:`freeze_new` only the young generations are, and what the replaced graph
    left in cycles waits for the next settle.
    """
    global _big_freeze
    gc.unfreeze()
    if _big_freeze:
        _big_freeze = False
        gc.collect(1)
    else:
        gc.collect()
    gc.freeze()


def freeze_new() -> None:
    """Exempt every object alive now from later collections without collecting (``gc.freeze``
    alone, which costs nothing): for a big structure built on a thread, whose first automatic
    collection would otherwise scan all of it at once, in one stall."""
    global _big_freeze
    before = gc.get_freeze_count()
    gc.freeze()
    if gc.get_freeze_count() - before > BIG_FREEZE:
        _big_freeze = True
