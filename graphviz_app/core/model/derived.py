"""Values derived from one graph, each computed once per graph object and kept while it lives.

A graph is never changed once it is built (whoever writes to one copies it first), so whatever a
function computes from the graph alone (and hashable arguments) stays right for that graph
object. :func:`derived` computes such a value the first time it is asked for and hands back the
same object afterwards; :func:`prepare` computes a list of them ahead, on a thread, so the GUI
thread reads a new big graph's facts, ranks, rows and indexes at once instead of computing them
in one long stall. The values are shared: callers must not change them.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # (not loaded here: the CLI starts its worker before it imports networkx)
    import networkx as nx

T = TypeVar("T")

_memo: weakref.WeakKeyDictionary[nx.DiGraph, dict[Hashable, tuple[Any, int]]] = weakref.WeakKeyDictionary()
"""Per graph: each value with the thread (``threading.get_ident``) that computed it."""
_lock = threading.Lock()


def derived(graph: nx.DiGraph, fn: Callable[..., T], *args: Hashable) -> T:
    """Return ``fn(graph, *args)``, computed once for this graph object (and these arguments)."""
    key = (fn, args)
    with _lock:
        table = _memo.get(graph)
        if table is None:
            table = _memo[graph] = {}
        elif key in table:
            return table[key][0]  # type: ignore[no-any-return]
    value = fn(graph, *args)
    with _lock:
        return table.setdefault(key, (value, threading.get_ident()))[0]  # type: ignore[no-any-return]


def made_on(graph: nx.DiGraph, fn: Callable[..., Any], *args: Hashable) -> int | None:
    """The thread identity that computed ``fn(graph, *args)`` (None: not computed yet)."""
    with _lock:
        table = _memo.get(graph)
        made = table.get((fn, args)) if table is not None else None
        return made[1] if made is not None else None


Warmer = Callable[["nx.DiGraph"], object]
"""Something worth computing ahead for a new graph (it reads the graph through :func:`derived`)."""
WARMERS: list[Warmer] = []
"""What :func:`prepare` computes for every graph, besides what its caller asks (each panel that
reads a derived value of the graph adds its own with :func:`warm_with`)."""


F = TypeVar("F", bound=Callable[["nx.DiGraph"], Any])


def warm_with(fn: F) -> F:
    """Register ``fn(graph)`` (through :func:`derived`) for :func:`prepare`; returns ``fn``,
    so it serves as a decorator."""
    WARMERS.append(lambda graph: derived(graph, fn))
    return fn


def prepare(graph: nx.DiGraph, extra: Iterable[Warmer] = ()) -> None:
    """Compute every registered value of ``graph`` and ``extra`` now (call it on a thread)."""
    for warm in (*WARMERS, *extra):
        warm(graph)
