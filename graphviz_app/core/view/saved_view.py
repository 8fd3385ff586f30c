"""How a saved ``.json`` graph was being viewed when it was exported, so it reopens the same.

The window's JSON export stores the graph attribute ``view``: the collapsed modules, the colour
mode and, while stepping, the step shown (``{"mode": "backward", "index": 3, "count": 4, ...}``,
1-based as on screen and as the CLI's ``--step``). The file is untrusted: anything that does not
fit the graph it came with (an unknown module, mode or step) is dropped, never an error; the graph
itself is already validated by :mod:`.saved_graph`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from ..model.topology import module_paths
from .colors import COLOR_MODES
from .stepping import MODES


@dataclass(frozen=True)
class SavedView:
    """The parts of a saved view that apply to its graph (None: not saved, or not applicable)."""

    collapsed: frozenset[str] | None = None
    color: str | None = None
    step_mode: str | None = None
    step_index: int | None = None
    """1-based step (0: before the first step)."""


def saved_view(graph: nx.DiGraph) -> SavedView:
    """Return what of ``graph.graph["view"]`` applies to ``graph``."""
    view: Any = graph.graph.get("view")
    if not isinstance(view, dict):
        return SavedView()
    collapsed = None
    names = view.get("collapsed")
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        collapsed = frozenset(names) & frozenset(module_paths(graph))
    color = view.get("color") if view.get("color") in COLOR_MODES else None
    step_mode = step_index = None
    step = view.get("step")
    if isinstance(step, dict) and step.get("mode") in MODES:
        index = step.get("index")
        if type(index) is int and index >= 0:
            step_mode, step_index = str(step["mode"]), index
    return SavedView(collapsed, color, step_mode, step_index)
