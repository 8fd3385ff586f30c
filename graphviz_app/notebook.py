"""``graphviz_app.show``: a graph displayed inline by Jupyter (classic, JupyterLab, VS Code).

:class:`Shown` is what ``show`` returns; Jupyter calls its ``_repr_mimebundle_``:

* ``text/html``: the drawing as a picture, ``<img src="data:image/svg+xml;base64,...">``, and the
  interactive page (:mod:`.core.html_page`) in a hidden sandboxed ``<iframe srcdoc>`` (its script
  can reach neither the notebook nor the network), followed by a small script that shows the page
  in place of the picture. Where the output's scripts run (a notebook the user ran or trusts,
  nbconvert's HTML, VS Code) the page shows; where they do not, the picture stays. JupyterLab
  and Notebook 7 sanitize an untrusted output (a notebook run headless by nbclient, papermill or
  CI, or one shared): their sanitizer (``@jupyterlab/apputils`` ``Sanitizer``, sanitize-html) drops
  the iframe and the script, and keeps ``<img>`` with its ``src`` (it checks schemes only in
  ``href`` and ``cite``), so the picture shows. The graph is never shown twice;
* ``image/svg+xml``: the same drawing, for frontends that render no HTML;
* ``text/plain``: one line saying what the graph holds.

The page's words and the picture's legend follow ``language`` (:mod:`.language`). Nothing here
imports Qt: it works in a kernel without PySide6.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import networkx as nx

from .core.model.topology import collapse_to_depth
from .core.model.values import auto_values, values_badge_message
from .core.view.display import ViewOptions, build_display
from .core.view.look import NodeStyle
from .language import language_of
from .message_reader import read_message
from .wire.message import QT_TRANSLATE_NOOP, Message

VIEWPORT = (1000.0, 600.0)
"""The pixel size the readable first view is planned for: a notebook output at its usual width."""
MIN_HEIGHT, MAX_HEIGHT = 320, 640
"""The inline page's height in pixels: the drawing's own height within these bounds."""
PAGE_CHROME = 90
"""Pixels of the page above and around the drawing (title bar, margins)."""
COLLAPSED = QT_TRANSLATE_NOOP(
    "Notebook",
    "Modules collapsed to depth {depth} so the labels are readable: {drawn} of {full} nodes "
    "drawn, {hidden} hidden inside the collapsed modules (click one for what it holds). "
    "show(..., full=True) draws every node; graphviz_app.open(...) explores the graph in the window.",
)
SWAP = (
    "(function () {"
    " var s = document.currentScript, host = s && s.parentNode, i, f;"
    " if (!host) { return; }"
    ' i = host.querySelector(".gva-static"); f = host.querySelector(".gva-live");'
    ' if (i && f) { f.style.display = "block"; i.style.display = "none"; }'
    "}());"
)
"""Shows the page in place of the picture: it runs only where the output's scripts run."""


@dataclass
class Shown:
    """A graph ready to display: ``html`` (the interactive page), ``svg``, and the ``graph``."""

    graph: nx.DiGraph
    html: str
    svg: str
    title: str
    notes: list[str] = field(default_factory=list)
    height: int = MIN_HEIGHT

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.inline(), "image/svg+xml": self.svg, "text/plain": repr(self)}

    def inline(self) -> str:
        """Return the output's HTML: the picture, the hidden page, the script swapping them."""
        key = hashlib.sha256(self.html.encode("utf-8")).hexdigest()[:12]
        return (
            f'<div class="graphviz-app gva-out-{key}">{self.picture()}{self.iframe()}'
            f"<script>{SWAP}</script></div>"
        )

    def picture(self) -> str:
        """Return the drawing as an ``<img>`` of a ``data:`` URI (it survives a sanitizer)."""
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        return (
            f'<img class="gva-static" src="data:image/svg+xml;base64,{data}" '
            f'alt="{html.escape(repr(self).splitlines()[0], quote=True)}" style="max-width:100%;height:auto">'
        )

    def iframe(self) -> str:
        """Return the page as a sandboxed ``<iframe srcdoc>`` (scripts run, isolated), hidden
        until the output's script shows it."""
        return (
            f'<iframe class="gva-live" srcdoc="{html.escape(self.html, quote=True)}" sandbox="allow-scripts" '
            f'title="{html.escape(self.title)}" style="display:none;width:100%;height:{self.height}px;'
            'border:1px solid #ddd;border-radius:4px" loading="eager"></iframe>'
        )

    def save(self, path: str | Path) -> Path:
        """Write the interactive page to ``path`` (an ``.html`` file); return the path."""
        path = Path(path)
        path.write_text(self.html, encoding="utf-8")
        return path

    def __repr__(self) -> str:
        return summary_line(self.graph, self.title, self.notes)


def summary_line(graph: nx.DiGraph, title: str, notes: list[str] | None = None) -> str:
    """Return one line: ``autograd graph 'notebook cell 3': 6 nodes, 5 edges; cpu (6); backward ran``."""
    devices = graph.graph.get("devices") or {}
    backward = graph.graph.get("backward") or {}
    parts = [f"{graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges"]
    if devices:
        parts.append(", ".join(f"{d} ({n})" for d, n in devices.items()))
    parts.append("backward ran" if backward.get("ran") else "no backward")
    text = f"<autograd graph {title!r}: {'; '.join(parts)}>"
    return text + "".join(f"\n{note}" for note in notes or [])


def values_styles(graph: nx.DiGraph, values: bool | None) -> dict[str, NodeStyle]:
    """Return each node's Values badge as a style (the window's *Values*: on by default for small
    graphs; ``values`` forces it on or off)."""
    if not (auto_values(graph.number_of_nodes()) if values is None else values):
        return {}
    styles = {}
    for node, attrs in graph.nodes(data=True):
        badge = values_badge_message(attrs)
        if badge is not None and badge.english():
            styles[node] = NodeStyle.badged(badge)  # (its words in the page's language)
    return styles


def plan_view(
    graph: nx.DiGraph, *, rankdir: str = "TB", full: bool = False, collapse_depth: int | None = None
) -> tuple[ViewOptions, list[Message]]:
    """Return the view options for ``graph`` and the notes saying what was left out.

    A graph too big to read in a notebook output opens as the window opens it: collapsed to the
    deepest module depth that reads at this size (:func:`~.core.view.first_view.first_view`, within
    what the cost model can afford). ``full`` draws every node; ``collapse_depth`` collapses
    modules deeper than that.
    """
    from .core.graphviz.cost import recommend
    from .core.view.first_view import first_view

    options = ViewOptions(rankdir=rankdir)
    if collapse_depth is not None:
        return ViewOptions(collapsed=collapse_to_depth(graph, collapse_depth), rankdir=rankdir), []
    if full:
        return options, []
    plan = recommend(graph, options, composed=True)
    view = first_view(graph, plan.options, VIEWPORT, max_depth=plan.collapse_depth)
    if not view.changed:
        return plan.options, ([plan.message()] if plan.changed else [])
    drawn, total, hidden = (f"{n:,}" for n in (view.drawn, view.full, view.full - view.drawn))
    return view.options, [Message.of(COLLAPSED, depth=view.depth, drawn=drawn, full=total, hidden=hidden)]


def show_graph(
    graph: nx.DiGraph,
    *,
    title: str,
    color: str = "device",
    values: bool | None = None,
    full: bool = False,
    collapse_depth: int | None = None,
    rankdir: str = "TB",
    timeout: float | None = 120.0,
    language: str | None = None,
) -> Shown:
    """Draw ``graph`` (SVG by Graphviz, as an export) and return it as a :class:`Shown`, its
    words in ``language`` (None or ``"system"``: the locale's, see :mod:`.language`)."""
    from .core.export import export_graph
    from .core.html_page import clean_svg, html_page

    language = language_of(language)
    options, notes = plan_view(graph, rankdir=rankdir, full=full, collapse_depth=collapse_depth)
    notes = [*notes, *(read_message(n) for n in graph.graph.get("notices") or [])]
    styles = values_styles(graph, values)
    with tempfile.TemporaryDirectory(prefix="graphviz_app_show_") as folder:
        target = Path(folder) / "graph.svg"
        notes += export_graph(
            graph,
            target,
            mode=color,
            options=options,
            styles=styles,
            timeout=timeout,
            values=bool(styles),  # badges laid out beside nodes
            language=language,
        )
        svg_text = target.read_text("utf-8")
    display = build_display(graph, replace(options, language=language))  # the picture's display
    page = html_page(graph, display, svg_text, title=title, notes=notes, language=language)
    english = [str(note) for note in notes]
    return Shown(graph, page, clean_svg(svg_text), title, english, _height(svg_text, len(notes)))


def _height(svg_text: str, notes: int) -> int:
    match = re.search(r'<svg[^>]*\sheight="([0-9.]+)pt"', svg_text)
    points = float(match.group(1)) if match else 0.0
    return int(max(MIN_HEIGHT, min(MAX_HEIGHT, points * 4 / 3 + PAGE_CHROME + 24 * notes)))
