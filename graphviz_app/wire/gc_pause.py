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
GROWTH = 0.25
"""A :func:`settle` collects in full once the objects it froze grew by this share of the live
ones since the last full collection: CPython's own rule for its oldest generation
(``Modules/gcmodule.c``: a full collection waits until ``long_lived_pending`` exceeds a quarter
of ``long_lived_total``)."""
_big_freeze = False
_settled = False
"""Whether :func:`settle` ran yet."""
_live = 0
"""Objects frozen and alive: counted by the last full collection (or the first settle), plus
what each :func:`freeze_new` moved since (frozen objects freed since are still counted).
``gc.get_freeze_count()`` would walk every frozen object (60-75 ms for the test process's
350,000, called four times per graph shown); what a freeze moves is counted by walking only the
objects not frozen yet."""
_frozen_since = 0
"""Objects :func:`settle` froze since the last full collection (the next full collection may
come a little early: some are freed since)."""


def _not_frozen() -> int:
    """The objects the collector tracks that are not frozen: what a ``gc.freeze()`` now moves."""
    return sum(len(gc.get_objects(generation)) for generation in range(3))


def settle() -> None:
    """Exempt every object alive now from later collections (``gc.freeze``), collecting first.

    Call it when a new, long-lived structure is complete (a graph shown). A full collection
    scans every object of the process (0.2 s for the window's 180,000, about 1 s once a
    20,000-node graph is shown), so it is made only once the objects this function froze grew
    by :data:`GROWTH` since the last one: the cycles frozen meanwhile are freed then (at most
    that share of the live objects waits). What :func:`freeze_new` froze is not counted: a
    structure known to be alive. What the window replaces holds no cycles: a scene's dropped
    drawing is deleted (``qt/canvas/disposal.py``), a replaced graph lets go of what hangs on
    it (``core.model.derived.release``). Otherwise only what is not frozen yet is collected.
    The first time, and after a big :func:`freeze_new`, only the young generations are: what
    start-up and a new graph left is mostly alive.
    """
    global _big_freeze, _settled, _live, _frozen_since
    if not _settled:
        _settled = True
        gc.collect(1)
        _live += _not_frozen()
        gc.freeze()
        return
    full = _frozen_since > _live * GROWTH
    if _big_freeze:
        _big_freeze, full = False, False
        gc.unfreeze()
        gc.collect(1)
    elif full:
        gc.unfreeze()
        gc.collect()
    else:
        gc.collect()
        _frozen_since += _not_frozen()
    gc.freeze()
    if full:
        _live = gc.get_freeze_count()  # one walk, after a collection that scanned all
        _frozen_since = 0


def freeze_new() -> None:
    """Exempt every object alive now from later collections without collecting (``gc.freeze``
    alone, which costs nothing): for a big structure built on a thread, whose first automatic
    collection would otherwise scan all of it at once, in one stall."""
    global _big_freeze, _live
    moved = _not_frozen()
    gc.freeze()
    _live += moved
    if moved > BIG_FREEZE:
        _big_freeze = True
