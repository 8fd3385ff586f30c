"""Values derived from one graph, each computed once per graph object and kept while it lives.

A graph is never changed once it is built (whoever writes to one copies it first), so whatever a
function computes from the graph alone (and hashable arguments) stays right for that graph
object. :func:`derived` computes such a value the first time it is asked for and hands back the
same object afterwards; :func:`prepare` computes a list of them ahead, on a thread, so the GUI
thread reads a new big graph's facts, ranks, rows and indexes at once instead of computing them
in one long stall. The values are shared: callers must not change them.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # (not loaded here: the CLI starts its worker before it imports networkx)
    import networkx as nx

T = TypeVar("T")

_TABLE = "_graphviz_app_derived"
"""The graph object's attribute holding its values, each with the thread (``threading.get_ident``)
that computed it. On the graph itself, not in a table keyed by weak references to graphs: most
values hold their graph (a GraphFacts does), and a value held in such a table keeps its key alive,
so every graph ever shown stayed in memory (95 MB per reload of a 20,000-node graph). On the
graph, a value and its graph are one cycle: :func:`release` breaks it when the window replaces
the graph (otherwise the collector frees them together)."""
_lock = threading.Lock()


def _table(graph: nx.DiGraph) -> dict[Hashable, tuple[Any, int]]:
    """The graph's table of values (made on first use; call it holding ``_lock``). A table that
    came with a copy of another graph's attributes (``copy.deepcopy``, pickling) is not its own:
    the graph gets a new one."""
    held: tuple[int, dict[Hashable, tuple[Any, int]]] | None = graph.__dict__.get(_TABLE)
    if held is None or held[0] != id(graph):
        held = graph.__dict__[_TABLE] = (id(graph), {})
    return held[1]


def derived(graph: nx.DiGraph, fn: Callable[..., T], *args: Hashable) -> T:
    """Return ``fn(graph, *args)``, computed once for this graph object (and these arguments)."""
    key = (fn, args)
    with _lock:
        table = _table(graph)
        if key in table:
            return table[key][0]  # type: ignore[no-any-return]
    value = fn(graph, *args)
    with _lock:
        return table.setdefault(key, (value, threading.get_ident()))[0]  # type: ignore[no-any-return]


def release(graph: nx.DiGraph) -> None:
    """Let go of what hangs on ``graph`` and holds it: its derived values (most hold their
    graph) and networkx's cached views (``graph.edges`` and the like hold their graph). A graph
    replaced on screen is then freed as soon as its last user lets go, not by a full collection
    (about a second once a 20,000-node graph was shown). Each is made again if asked for."""
    with _lock:
        graph.__dict__.pop(_TABLE, None)
    for kind in type(graph).__mro__:  # networkx's views are cached properties
        for name, value in vars(kind).items():
            if isinstance(value, functools.cached_property):
                graph.__dict__.pop(name, None)


def made_on(graph: nx.DiGraph, fn: Callable[..., Any], *args: Hashable) -> int | None:
    """The thread identity that computed ``fn(graph, *args)`` (None: not computed yet)."""
    with _lock:
        made = _table(graph).get((fn, args))
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
    WARMERS.append(warmer(fn))
    return fn


LATER: list[Warmer] = []
"""What is worth computing for a new graph once its first picture is shown: the values of panels
that are mostly behind another tab (:func:`warm_later`). One in front is warmed with the graph
(the window passes its warmers as ``extra`` to :func:`prepare`)."""


def warm_later(fn: F) -> F:
    """Register ``fn(graph)`` (through :func:`derived`) in :data:`LATER`; returns ``fn``."""
    LATER.append(warmer(fn))
    return fn


def warmer(fn: Callable[[nx.DiGraph], object]) -> Warmer:
    """``fn(graph)`` computed through :func:`derived` (what a warmer of ``fn`` runs)."""
    return lambda graph: derived(graph, fn)


def prepare(graph: nx.DiGraph, extra: Iterable[Warmer] = (), *, later: bool = False) -> None:
    """Compute every registered value of ``graph`` and ``extra`` now (call it on a thread);
    ``later``: the values of :data:`LATER` instead."""
    for warm in LATER if later else (*WARMERS, *extra):
        warm(graph)
