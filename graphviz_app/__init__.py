"""graphviz_app: see the graph PyTorch's autograd records.

Python API (importing this package loads neither torch nor Qt; ``trace`` needs torch, which the
caller has already imported to make the tensors)::

    import graphviz_app
    with graphviz_app.record():                        # optional: op modules and source lines
        loss = loss_fn(model(x), y)
    graph = graphviz_app.trace(loss, backward=True)   # networkx.DiGraph
    graphviz_app.export(loss, "graph.svg")            # or a DiGraph; format from the suffix
    graphviz_app.show(loss)                           # inline in Jupyter (an interactive page)
    graphviz_app.open(loss)                           # in the desktop window, from a REPL or pdb

This module is also the top of the copy the capture worker runs from, which holds only it,
``worker/`` and ``wire/`` (:func:`graphviz_app.capture.interpreter.worker_path`): at import time
it imports the standard library alone; each function imports what it needs when called.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__version__ = "0.1.0"
__all__ = ["__version__", "export", "open", "record", "show", "trace"]


@contextmanager
def record(*, values: bool = True) -> Iterator[None]:
    """Tag the autograd ops created inside the block with their nn.Module, their source line in
    the calling file and (``values=True``) a summary of their value, for :func:`trace`/:func:`export`.

    Scripts run by the app and the CLI are recorded this way already.
    """
    from .worker.recorder import ForwardRecorder

    frame = sys._getframe(2)  # the caller of ``with record():`` (contextlib's frame is between)
    with ForwardRecorder(frame.f_code.co_filename, values=values):
        yield


def trace(*tensors: Any, backward: bool = False) -> Any:
    """Return the autograd graph reaching ``tensors`` as a ``networkx.DiGraph``.

    Nodes are named after the caller's variables and its modules' parameters; with
    ``backward=True`` the backward pass is run and recorded. See ``graphviz_app.wire.schema``.
    """
    from .capture.api import trace_tensors

    return trace_tensors(tensors, backward=backward, caller_depth=1)


def export(
    tensors_or_graph: Any,
    path: str | Path,
    color: str = "device",
    *,
    backward: bool = False,
    language: str | None = None,
) -> list[str]:
    """Write the graph of a tensor (or tensors, or a DiGraph from :func:`trace`) to ``path``.

    The format comes from the suffix, one of the suffixes of ``core/export_formats.py`` (.png,
    .svg, .json, .html for an interactive page...). ``language`` (``"en"``, ``"ko"``; default:
    the locale's) writes the legend and a page's words. Returns notices (such as a PNG
    scaled down to stay under the renderer's size limit); raises ExportError on failure.
    """
    from .core.export import export_graph, start_svg_job
    from .language import language_of

    chosen = language_of(language)

    # An image never shows the parameters' values: only a JSON export pays for them; nor the
    # ops' saved tensors, which a JSON file keeps and a page lists.
    suffix = Path(path).suffix.lower()
    # (dot loads while the graph is made: on a quiet machine that gains more than the warm-up
    # drawing costs the capture running beside it)
    started = start_svg_job() if suffix == ".svg" else None
    try:
        graph = _graph_of(
            tensors_or_graph, backward, values=suffix == ".json", saved=suffix in (".json", ".html")
        )
        notices = export_graph(graph, path, mode=color, started=started, language=chosen)
        return [str(notice) for notice in notices]
    finally:
        if started is not None:
            started.cancel()  # (ends it unless it drew)


def show(
    tensors_or_graph: Any,
    *,
    backward: bool = False,
    color: str = "device",
    values: bool | None = None,
    full: bool = False,
    collapse_depth: int | None = None,
    rankdir: str = "TB",
    title: str | None = None,
    language: str | None = None,
) -> Any:
    """Return the graph of a tensor (or tensors, or a DiGraph) for Jupyter to display inline.

    The result shows as an interactive page (pan, zoom, search, click a node for its details)
    where scripts run, as an SVG image elsewhere; ``.save("graph.html")`` writes the page.
    ``values``: draw values and gradients beside the nodes (default: for graphs of at most 60
    nodes); a big graph opens with modules collapsed to a readable depth unless ``full`` (or
    ``collapse_depth``). ``backward=True`` runs backward first. ``language`` (``"en"``, ``"ko"``;
    default: the locale's, ``LANG``) writes the page's words and the legend. Needs neither Qt nor
    a window.
    """
    from .notebook import show_graph
    from .remote import caller_title

    where = title or caller_title(sys._getframe(1))
    graph = _graph_of(tensors_or_graph, backward)
    return show_graph(
        graph,
        title=where,
        color=color,
        values=values,
        full=full,
        collapse_depth=collapse_depth,
        rankdir=rankdir,
        language=language,
    )


def open(tensors_or_graph: Any, *, backward: bool = False, title: str | None = None) -> Any:
    """Show the graph of a tensor (or tensors, or a DiGraph) in the desktop window; return at once.

    The open window receives it (it joins File ▸ Recent, titled where it came from: "notebook
    cell 12", "train.py:88"); with no window open, one is started. Works from a REPL, a notebook
    or a pdb prompt, without Qt in this process. Returns what was done (with the saved .json).
    """
    from .remote import caller_script, caller_title, send_graph

    caller = sys._getframe(1)
    where = title or caller_title(caller)
    return send_graph(_graph_of(tensors_or_graph, backward), where, script=caller_script(caller))


def _graph_of(tensors_or_graph: Any, backward: bool, *, values: bool = True, saved: bool = True) -> Any:
    """The DiGraph given, or the graph of the tensor(s) given, named after the variables of the
    caller of the public function that called this one."""
    import networkx as nx

    if isinstance(tensors_or_graph, nx.DiGraph):
        return tensors_or_graph
    from .capture.api import trace_tensors

    items = tensors_or_graph if isinstance(tensors_or_graph, (tuple, list)) else (tensors_or_graph,)
    return trace_tensors(tuple(items), backward=backward, caller_depth=2, values=values, saved=saved)
