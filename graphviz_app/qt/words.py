"""The core's English words in the window's language.

``core`` stays free of Qt. Its sentences travel as messages (``graphviz_app.message``: a template
and its values, shown with :func:`graphviz_app.qt.i18n.text`); the colour modes' names and titles
are named in ``core.view.colors.COLOR_MODE_SPECS``, marked there for ``pyside6-lupdate``, and this
module maps them through ``QCoreApplication.translate`` with their context, beside the
Inspector's labels.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..core.view.colors import COLOR_MODE_SPECS
from ..message import Message
from . import i18n, particles

translate = QCoreApplication.translate


def color_mode_names() -> dict[str, str]:
    """Menu and combo-box names of the colour modes (``core.view.colors.COLOR_MODE_SPECS``, in its
    order), translated: the registry marks them for ``pyside6-lupdate``."""
    return {spec.key: translate("ColorMode", spec.name) for spec in COLOR_MODE_SPECS}


def color_mode_titles() -> dict[str, str]:
    """Legend titles of the colour modes (``Color: <title>``), translated."""
    return {spec.key: translate("ColorMode", spec.title) for spec in COLOR_MODE_SPECS}


def inspector_labels() -> dict[str, str]:
    """The Inspector's group and property labels (English source -> shown text)."""
    return {
        # groups
        "Node": translate("Inspector", "Node"),
        "Tensor": translate("Inspector", "Tensor"),
        "Saved tensors": translate("Inspector", "Saved tensors"),
        "Forward value": translate("Inspector", "Forward value"),
        "Graph cut (.detach())": translate("Inspector", "Graph cut (.detach())"),
        "Gradient": translate("Inspector", "Gradient"),
        "Gradient flow": translate("Inspector", "Gradient flow"),
        "Chain rule": translate("Inspector", "Chain rule"),
        "Order": translate("Inspector", "Order"),
        "Source": translate("Inspector", "Source"),
        "Connections": translate("Inspector", "Connections"),
        "Module": translate("Inspector", "Module"),
        "Operations": translate("Inspector", "Operations"),
        "Parameters": translate("Inspector", "Parameters"),
        "Constant inputs": translate("Inspector", "Constant inputs"),
        "Custom backward": translate("Inspector", "Custom backward"),
        # properties
        "op": translate("Inspector", "op"),
        "kind": translate("Inspector", "kind"),
        "name": translate("Inspector", "name"),
        "module": translate("Inspector", "module"),
        "output": translate("Inspector", "output"),
        "id": translate("Inspector", "id"),
        "copy": translate("Inspector", "copy"),
        "shape": translate("Inspector", "shape"),
        "dtype": translate("Inspector", "dtype"),
        "device": translate("Inspector", "device"),
        "values": translate("Inspector", "values"),
        "gradient": translate("Inspector", "gradient"),
        "rule": translate("Inspector", "rule"),
        "where": translate("Inspector", "where"),
        "detached from": translate("Inspector", "detached from"),
        "meaning": translate("Inspector", "meaning"),
        "forward index": translate("Inspector", "forward index"),
        "backward index": translate("Inspector", "backward index"),
        "at": translate("Inspector", "at"),
        "code": translate("Inspector", "code"),
        "file": translate("Inspector", "file"),
        "input": translate("Inspector", "input"),
        "used by": translate("Inspector", "used by"),
        "path": translate("Inspector", "path"),
        "nodes": translate("Inspector", "nodes"),
        "devices": translate("Inspector", "devices"),
        "stored in": translate("Inspector", "stored in"),
        "norm": translate("Inspector", "norm"),
        "min": translate("Inspector", "min"),
        "max": translate("Inspector", "max"),
        "mean": translate("Inspector", "mean"),
        "std": translate("Inspector", "std"),
        "function": translate("Inspector", "function"),
        "failed": translate("Inspector", "failed"),
        # values
        "leaf tensor": translate("Inspector", "leaf tensor"),
        "operation": translate("Inspector", "operation"),
        "yes": translate("Inspector", "yes"),
        "not reached by backward": translate("Inspector", "not reached by backward"),
        "Nothing selected": translate("Inspector", "Nothing selected"),
        "No graph loaded": translate("Inspector", "No graph loaded"),
    }


def error_text(message: Message | str) -> str:
    """Return an error's, a notice's or a file's explanation (a :class:`Message`) in the window's
    language: each template translated, names, paths, numbers, code and torch's words kept; text
    the window wrote itself (already translated) as it is."""
    if isinstance(message, str):  # the window's own words, filled already: particles chosen
        return particles.resolve(message)
    return i18n.text(message)
