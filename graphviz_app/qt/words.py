"""The core's English words in the window's language.

``core`` stays free of Qt and writes English (the CLI and exports use it as is); it names the
words the window shows as constants (``core.model.values.BADGE_PHRASES``; the colour modes' names and
titles in ``core.view.colors.COLOR_MODE_SPECS``, marked there for ``pyside6-lupdate``) and this module
maps them through ``QCoreApplication.translate``, each with its context, so ``pyside6-lupdate``
collects them.  ``tests/qt/test_i18n.py`` checks that every core phrase has an entry here and a
Korean translation.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..core.view.colors import COLOR_MODE_SPECS
from . import particles
from .explanations import explain

translate = QCoreApplication.translate


def badge_phrases() -> dict[str, str]:
    """The Values badges' English phrases and their translations."""
    return {
        "grad in =": translate("Values", "grad in ="),
        "(kept by retain_grad)": translate("Values", "(kept by retain_grad)"),
        "(not kept)": translate("Values", "(not kept)"),
        "(no grad)": translate("Values", "(no grad)"),
    }


def badge_text(text: str | None) -> str | None:
    """Return a Values badge with its English phrases translated (names and numbers unchanged)."""
    if not text:
        return text
    for source, target in sorted(badge_phrases().items(), key=lambda p: -len(p[0])):
        if source != target:
            text = text.replace(source, target)
    return text


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


def error_text(message: str) -> str:
    """Return a run's or a file's explanation in the window's language (:mod:`.explanations`):
    every sentence core writes translated; names, paths, numbers, code and torch's words kept."""
    return particles.resolve(explain(message))
