"""Pause Python's cyclic garbage collector while building large acyclic structures.

Building a trace or a graph of tens of thousands of nodes allocates hundreds of thousands of
dicts and lists; each allocation burst triggers a collection that scans every live object
(the model, the autograd graph, the trace so far), which can cost more than the work itself.
These structures hold no reference cycles, so nothing is lost by collecting once afterwards.
"""
from __future__ import annotations

import functools
import gc
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

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
