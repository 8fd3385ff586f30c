"""The figures a script drew, as the trace carries them (graph attribute ``plots``): the limits
and the PNG's text form, shared by the worker's side that writes them
(:mod:`graphviz_app.worker.figures`) and the app that reads them (:mod:`graphviz_app.core.model.plots`).

Each entry is ``{"title", "line", "kind", "path", "png"}``, ``kind`` one of :data:`PLOT_KINDS`
and ``png`` the image as base64 text (:func:`encode_png`). The capture keeps at most
:data:`MAX_PLOTS` figures of at most :data:`MAX_PLOT_BYTES` bytes each, drawn at most
:data:`MAX_PLOT_SIDE` pixels on a side. Standard library only.
"""

from __future__ import annotations

import base64

MAX_PLOTS = 20
"""Most figures one trace keeps."""
MAX_PLOT_BYTES = 1_000_000
"""Largest PNG (bytes) one figure may take; a bigger drawing is drawn smaller, or left out."""
MAX_PLOT_SIDE = 1600
"""Longest side (pixels) a figure is drawn at."""
MAX_PNG_SIDE = 4096
"""Longest side (pixels) of a PNG a saved graph may hold (well above :data:`MAX_PLOT_SIDE`)."""
MAX_PLOT_TEXT = 4 * ((MAX_PLOT_BYTES + 2) // 3)
"""Longest base64 text of one figure (characters)."""
PLOT_KINDS = ("shown", "saved", "open")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def encode_png(data: bytes) -> str:
    """Return PNG bytes as the base64 text a trace holds."""
    return base64.b64encode(data).decode("ascii")
