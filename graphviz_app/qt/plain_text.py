"""Plain text for text that comes from data (labels, names, paths, script output).

Qt guesses whether a label's or a tooltip's text is HTML (``Qt::mightBeRichText``) and renders
it, loading any ``<img src=...>`` it names: a label ``<img src="/dev/zero">`` reads the device
until memory runs out, and one naming a FIFO blocks the GUI thread for good. Labels that show
data are therefore set to plain text, and tooltips (which have no such switch) are escaped.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel


def plain_label(label: QLabel) -> QLabel:
    """Make ``label`` show its text literally (never as HTML); return it."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_tooltip(text: str) -> str:
    """Return a tooltip that shows ``text`` literally, line breaks and spaces kept.

    Tooltips are always checked for HTML, so the text is escaped and wrapped in a paragraph
    (an empty text stays empty: no tooltip).
    """
    return f"<p style='white-space:pre-wrap'>{html.escape(text, quote=False)}</p>" if text else ""
