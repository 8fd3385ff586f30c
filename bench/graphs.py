"""The bench's captured graphs: each zoo entry captured once through the app's command line
(real torch, the app's own capture), kept in ``bench/results/graphs/`` and read back.

Shared by :mod:`bench.compose` and :mod:`bench.compose_window`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import networkx as nx

from graphviz_app.core.model.graph import load_graph_json

ROOT = Path(__file__).resolve().parent
ZOO = ROOT / "zoo"
GRAPHS = ROOT / "results" / "graphs"


def graph_of(name: str, script: Path | None = None) -> nx.DiGraph:
    """Return the captured graph of zoo entry ``name`` (captured once, then read back)."""
    GRAPHS.mkdir(parents=True, exist_ok=True)
    target = GRAPHS / f"{name}.json"
    if not target.exists():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "graphviz_app",
                "export",
                str(script or ZOO / f"{name}.py"),
                "-o",
                str(target),
            ],
            check=True,
            capture_output=True,
        )
    return load_graph_json(target)
