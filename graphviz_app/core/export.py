"""Write a graph to a file: PNG, SVG, PDF (rendered by Graphviz), DOT or JSON.

:func:`export_graph` picks the format from the file suffix, draws images with a legend, keeps
PNGs within what image libraries can write (cairo stops at 32,767 px a side) and writes
atomically: a temporary file in the same folder is renamed over the target only once complete,
so a failure never leaves a partial file behind.
"""
from __future__ import annotations

import os
import struct
import tempfile
from pathlib import Path
from typing import Callable

import networkx as nx

from ..errors import ExportError, GraphvizNotFoundError, LayoutError
from . import colors
from .display import ViewOptions, build_display
from .dot import NodeStyle, to_dot
from .graph import dumps_graph
from .layout import LayoutJob, parse_json_layout, render

FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf", ".dot": "dot", ".gv": "dot",
           ".json": "json"}
"""Supported suffixes and the format each writes."""
BASE_DPI = 96.0
"""PNG resolution at ``scale=1``: one point of layout is 1.33 px, labels stay readable."""
PNG_MAX_SIDE = 32000
"""Largest PNG side written (cairo's limit is 32,767 px; leave room for rounding)."""
PAD_POINTS = 4.0
"""Graphviz's default ``pad`` around the drawing, in points."""


def supported_suffixes() -> str:
    """Return the supported suffixes as text: ``".png, .svg, .pdf, .dot, .json"``."""
    return ", ".join(s for s in FORMATS if s != ".gv")


def export_graph(
    graph: nx.DiGraph,
    path: str | Path,
    *,
    mode: str = "device",
    options: ViewOptions = ViewOptions(),
    styles: dict[str, NodeStyle] | None = None,
    scale: float = 1.0,
    timeout: float | None = None,
    marked_edges: frozenset[tuple[str, str]] | None = None,
    caption: str | None = None,
    view: dict | None = None,
) -> list[str]:
    """Write ``graph`` to ``path`` (format from the suffix) and return notices for the user.

    Images and DOT are drawn as the view ``options`` and color ``mode`` say, with a legend,
    the ``styles`` and ``marked_edges`` of a step and a ``caption`` above; JSON stores ``view``
    (e.g. the step shown) as the graph attribute ``view``;
    ``scale`` multiplies the PNG resolution (96 dpi at 1.0).  JSON is the graph itself
    (:func:`graphviz_app.core.graph.dumps_graph`).  Raises ExportError (unsupported suffix,
    folder missing or not writable, Graphviz failed) and GraphvizNotFoundError (no ``dot``,
    for images); nothing is left at ``path`` on failure.
    """
    path = Path(path)
    _check_target(path)
    fmt = _format_of(path)
    if mode not in colors.COLOR_MODES:
        raise ExportError(f"Unknown color mode {mode!r}; use one of "
                          f"{', '.join(colors.COLOR_MODES)}.")
    if not scale > 0:
        raise ExportError(f"The image scale must be a positive number, not {scale!r}.")
    notices: list[str] = []
    if mode == "grad" and fmt != "json" and not colors.has_grads(graph):
        notices.append("Coloring by gradient needs gradients, but this graph has none (backward "
                       "did not run), so every node is drawn gray. Run the script with backward "
                       "to see gradient norms.")
    if fmt == "json":
        if view:
            graph = graph.copy(as_view=False)
            graph.graph["view"] = dict(view)
        data = dumps_graph(graph).encode("utf-8")
        _write_atomic(path, lambda tmp: tmp.write_bytes(data))
        return notices

    dot_text = to_dot(build_display(graph, options), graph, mode=mode, styles=styles,
                      legend=True, marked_edges=marked_edges, caption=caption)
    if fmt == "dot":
        data = dot_text.encode("utf-8")
        _write_atomic(path, lambda tmp: tmp.write_bytes(data))
    elif fmt == "png":
        notices.extend(_write_atomic(path, lambda tmp: _render_png(dot_text, tmp, scale,
                                                                   timeout)) or [])
    else:
        _write_atomic(path, lambda tmp: _render(dot_text, fmt, tmp, timeout))
    return notices


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        shown = f"'{path.suffix}'" if path.suffix else "no suffix"
        raise ExportError(f"Cannot export to {path}: {shown} is not a supported file type. "
                          f"Use one of: {supported_suffixes()}.")
    return FORMATS[suffix]


def _check_target(path: Path) -> None:
    if path.is_dir():
        raise ExportError(f"Cannot export to {path}: it is a folder. Give a file name, "
                          f"e.g. {path / ('graph' + (path.suffix or '.png'))}.")
    folder = path.parent
    if not folder.exists():
        raise ExportError(f"Cannot export to {path}: the folder {folder} does not exist. "
                          "Create it first or choose another folder.")
    if not folder.is_dir():
        raise ExportError(f"Cannot export to {path}: {folder} is a file, not a folder. "
                          "Choose another folder.")


def _current_umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_atomic(path: Path, write: Callable[[Path], object]) -> object:
    """Call ``write(tmp)`` for a temp file beside ``path``, then rename it onto ``path``.

    Returns what ``write`` returned; removes the temp file and raises ExportError on failure.
    """
    try:
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise ExportError(
            f"Cannot write {path}: the folder {path.parent} is not writable "
            f"({exc.strerror or exc}). Choose a folder you can write to, or fix its "
            "permissions.") from None
    os.close(fd)
    tmp = Path(name)
    try:
        result = write(tmp)
        os.chmod(tmp, 0o666 & ~_current_umask())
        os.replace(tmp, path)
    except (LayoutError, GraphvizNotFoundError, ExportError) as exc:
        _remove(tmp)
        if isinstance(exc, LayoutError):
            raise ExportError(f"Cannot export {path}: {exc.message}") from exc
        raise
    except OSError as exc:
        _remove(tmp)
        raise ExportError(f"Cannot write {path}: {exc.strerror or exc}. Check the disk "
                          "space and the folder's permissions, or choose another file.") from None
    except BaseException:
        _remove(tmp)
        raise
    return result


def _remove(tmp: Path) -> None:
    try:
        tmp.unlink()
    except OSError:
        pass


def _render(dot_text: str, fmt: str, tmp: Path, timeout: float | None) -> None:
    render(dot_text, fmt, tmp, timeout=timeout)
    if tmp.stat().st_size == 0:
        raise ExportError(f"Graphviz wrote an empty {fmt.upper()} file.")


def png_size(path: Path) -> tuple[int, int]:
    """Return ``(width, height)`` of a PNG file from its header."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or not head.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ExportError(f"Graphviz did not write a valid PNG file ({path.name}).")
    return struct.unpack(">II", head[16:24])


def _render_png(dot_text: str, tmp: Path, scale: float, timeout: float | None) -> list[str]:
    """Render a PNG at ``96 * scale`` dpi in one ``dot`` run, capped at PNG_MAX_SIDE px a side.

    ``dot`` also writes the layout (``-Tjson0``), whose bounding box tells whether the cap (a
    ``size`` attribute: Graphviz scales the drawing down to fit) shrank the image.
    """
    dpi = BASE_DPI * scale
    cap_inches = PNG_MAX_SIDE / dpi
    with tempfile.TemporaryDirectory(prefix="graphviz_app_") as workdir:
        layout_file = Path(workdir) / "layout.json"
        LayoutJob(dot_text, timeout, args=[
            f"-Gdpi={dpi:g}", f"-Gsize={cap_inches:.4f},{cap_inches:.4f}",
            "-Tjson0", "-o", str(layout_file), "-Tpng", "-o", str(tmp)]).run()
        drawing = parse_json_layout(layout_file.read_bytes())
    width, height = png_size(tmp)
    full_w = round((drawing.width + 2 * PAD_POINTS) * dpi / 72)
    full_h = round((drawing.height + 2 * PAD_POINTS) * dpi / 72)
    if max(full_w, full_h) <= PNG_MAX_SIDE:
        return []
    effective = dpi * max(width, height) / max(full_w, full_h)
    notice = (f"The PNG would be {full_w:,}×{full_h:,} px at {dpi:g} dpi, more than image "
              f"libraries can write (32,767 px a side), so it was scaled down to "
              f"{width:,}×{height:,} px ({effective:.3g} dpi).")
    if effective < 48:
        notice += " Its labels are too small to read."
    notice += (" Export SVG or PDF for a sharp full-size image, or collapse modules to make "
               "the graph smaller.")
    return [notice]
