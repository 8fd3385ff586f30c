"""The export formats, one :class:`ExportFormat` entry each, in the order File ▸ Export lists them.

Everything that names a format reads this table: ``core.export`` picks the entry by the file's
suffix and writes as its ``writer`` says, the CLI's ``--out`` accepts and lists its suffixes, the
Export dialog lists its names (translated in their context) and file filters. A format that
Graphviz renders is one entry here (``graphviz``: its ``-T`` name) plus the Korean of its name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..wire.message import QT_TRANSLATE_NOOP, Template

Writer = Literal["graphviz", "dot", "graph", "page"]
"""How a format is written: ``graphviz`` renders the picture with ``dot -T<graphviz>``; ``dot``
writes the painted DOT source; ``graph`` the graph itself as JSON; ``page`` an interactive HTML
page around the picture rendered as ``graphviz`` (SVG)."""


@dataclass(frozen=True)
class ExportFormat:
    """One export format: its names, its suffixes and how it is written."""

    key: str
    """Short name: the dialog's choice, ``png``."""
    name: Template
    """What the user reads, in the ``ExportDialog`` context (the Korean is kept there)."""
    suffixes: tuple[str, ...]
    """Lower-case file suffixes, the first proposed for new files: ``(".dot", ".gv")``."""
    writer: Writer = "graphviz"
    graphviz: str = ""
    """Graphviz's ``-T`` output format, for the ``graphviz`` and ``page`` writers."""
    scale: bool = False
    """Takes the image scale (PNG: 96 dpi × scale)."""

    @property
    def suffix(self) -> str:
        """The suffix proposed for a new file."""
        return self.suffixes[0]


FORMATS: tuple[ExportFormat, ...] = (
    ExportFormat(
        "png", QT_TRANSLATE_NOOP("ExportDialog", "PNG image"), (".png",), graphviz="png", scale=True
    ),
    ExportFormat("svg", QT_TRANSLATE_NOOP("ExportDialog", "SVG vector image"), (".svg",), graphviz="svg"),
    ExportFormat("pdf", QT_TRANSLATE_NOOP("ExportDialog", "PDF document"), (".pdf",), graphviz="pdf"),
    ExportFormat("dot", QT_TRANSLATE_NOOP("ExportDialog", "DOT source (Graphviz)"), (".dot", ".gv"), "dot"),
    ExportFormat(
        "json",
        QT_TRANSLATE_NOOP("ExportDialog", "JSON graph (reopen without running code)"),
        (".json",),
        "graph",
    ),
    ExportFormat(
        "html",
        QT_TRANSLATE_NOOP("ExportDialog", "Interactive web page (pan, zoom, search, details)"),
        (".html",),
        "page",
        graphviz="svg",
    ),
)
"""Every export format, in the order the Export dialog lists them."""

BY_SUFFIX: dict[str, ExportFormat] = {suffix: fmt for fmt in FORMATS for suffix in fmt.suffixes}
"""Each accepted suffix and its format."""

BY_KEY: dict[str, ExportFormat] = {fmt.key: fmt for fmt in FORMATS}
"""Each format by its key."""


def suffixes() -> tuple[str, ...]:
    """Every accepted suffix, in the table's order: ``(".png", ".svg", ..., ".gv", ...)``."""
    return tuple(BY_SUFFIX)


def format_for(suffix: str) -> ExportFormat | None:
    """The format a file suffix (any case, with its dot) asks for, or None."""
    return BY_SUFFIX.get(suffix.lower())


def suffix_list(sep: str = ", ") -> str:
    """The suffixes proposed for new files, as text for a message: ``".png, .svg, ..., .html"``."""
    return sep.join(fmt.suffix for fmt in FORMATS)
