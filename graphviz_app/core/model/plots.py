"""The figures a script drew with matplotlib, as the trace carries them (graph attribute ``plots``).

Each entry is ``{"title", "line", "kind", "path", "png"}``: ``kind`` says how the figure reached
the trace (``"shown"`` by ``plt.show()`` or ``fig.show()``, ``"saved"`` by ``savefig`` to
``path``, ``"open"`` still open when the script ended or was stopped), ``line`` is the script's
line of that call (for ``"open"``: where the figure was made) or None, and ``png`` the image as
base64 text, within the limits of :mod:`graphviz_app.wire.plots` (the worker's side writes the
entries); a saved graph holding more is refused (:mod:`.saved_graph`). This module reads them.
"""

from __future__ import annotations

import base64
import binascii
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...wire.errors import GraphvizAppError
from ...wire.message import QT_TRANSLATE_NOOP, Message
from ...wire.plots import MAX_PLOTS, PLOT_KINDS, PNG_SIGNATURE

CANNOT_WRITE = QT_TRANSLATE_NOOP(
    "Explanation",
    "Cannot write {path}: {reason}. Check the disk space and the folder's "
    "permissions, or choose another file.",
)


@dataclass(frozen=True)
class Plot:
    """One figure of a trace, decoded."""

    title: str
    line: int | None
    kind: str
    path: str | None
    png: bytes

    def describe(self) -> str:
        """How the script made it, in a few words: ``shown on line 12``, ``saved to loss.png``."""
        at = f" on line {self.line}" if self.line is not None else ""
        if self.kind == "saved":
            return f"saved to {self.path}{at}"
        if self.kind == "open":
            return "still open when the script ended" + (f", made on line {self.line}" if at else "")
        return f"shown{at}"


def decode_png(text: str) -> bytes | None:
    """Return the PNG bytes of base64 ``text``, or None when it is not base64 of a PNG."""
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None
    return data if data.startswith(PNG_SIGNATURE) else None


def png_size(data: bytes) -> tuple[int, int] | None:
    """Return the width and height a PNG's header states, or None when it has no valid header."""
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def plots_of(graph: Any) -> list[Plot]:
    """Return the figures of ``graph`` (a DiGraph), in the order the script made them; entries
    that are not a figure (a damaged graph built in memory) are skipped."""
    found = []
    for entry in (getattr(graph, "graph", {}).get("plots") or [])[:MAX_PLOTS]:
        if not isinstance(entry, dict) or not isinstance(entry.get("png"), str):
            continue
        png = decode_png(entry["png"])
        if png is None:
            continue
        line, path, kind = entry.get("line"), entry.get("path"), entry.get("kind")
        found.append(
            Plot(
                title=str(entry.get("title") or ""),
                line=line if isinstance(line, int) and not isinstance(line, bool) else None,
                kind=kind if isinstance(kind, str) and kind in PLOT_KINDS else "shown",
                path=path if isinstance(path, str) else None,
                png=png,
            )
        )
    return found


def plot_file(out: Path, number: int) -> Path:
    """Where the export writes figure ``number`` (1-based) of a graph written to ``out``:
    beside it, ``g.svg`` -> ``g.plot-1.png``."""
    return out.with_name(f"{out.stem}.plot-{number}.png")


def write_plots(graph: Any, out: Path) -> list[str]:
    """Write each figure of ``graph`` beside ``out`` (:func:`plot_file`); return one note per figure.

    Raises GraphvizAppError when a file cannot be written.
    """
    notes = []
    for number, plot in enumerate(plots_of(graph), 1):
        target = plot_file(out, number)
        try:
            target.write_bytes(plot.png)
        except OSError as exc:
            raise GraphvizAppError(
                Message.of(CANNOT_WRITE, path=str(target), reason=str(exc.strerror or exc))
            ) from None
        title = f' "{plot.title}"' if plot.title else ""
        notes.append(f"the script's figure {number}{title} ({plot.describe()}) was written to {target}")
    return notes
