"""The core's English words in the window's language.

``core`` stays free of Qt. Its sentences travel as messages (``graphviz_app.wire.message``: a template
and its values, shown with :func:`graphviz_app.qt.i18n.text`); the colour modes' names
are named in ``core.view.colors.COLOR_MODE_SPECS``, marked there for ``pyside6-lupdate``, and this
module maps them through ``QCoreApplication.translate`` with their context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from .. import particles
from ..core.view.colors import COLOR_MODE_SPECS
from ..wire.message import Message
from . import i18n

translate = QCoreApplication.translate


def color_mode_names() -> dict[str, str]:
    """Menu and combo-box names of the colour modes (``core.view.colors.COLOR_MODE_SPECS``, in its
    order), translated: the registry marks them for ``pyside6-lupdate``."""
    return {spec.key: translate("ColorMode", spec.name) for spec in COLOR_MODE_SPECS}


def error_marked(message: Message | str) -> str:
    """:func:`error_text` with its code spans marked, for :func:`graphviz_app.qt.i18n.code_html`."""
    return particles.resolve(message) if isinstance(message, str) else i18n.marked_text(message)


def error_text(message: Message | str) -> str:
    """Return an error's, a notice's or a file's explanation (a :class:`Message`) in the window's
    language: each template translated, names, paths, numbers, code and torch's words kept; text
    the window wrote itself (already translated) as it is."""
    if isinstance(message, str):  # the window's own words, filled already: particles chosen
        return particles.resolve(message)
    return i18n.text(message)
