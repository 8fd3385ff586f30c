"""The numbers beside each node when *Values* is on: a small tensor's value and, after backward,
the gradient that arrived there (a leaf's ``.grad``, a ``retain_grad()`` tensor's stored ``.grad``).

Only tensors of at most :data:`VALUE_LIMIT` elements are written out; bigger ones show the norm
of their gradient as before.  The lines become a node's badge (``NodeStyle.extra_label``), so the
window and every export draw them the same way (:mod:`.look`).
"""
from __future__ import annotations

from typing import Any

MAX_INLINE_VALUES = 8
"""With Values off, leaves with at most this many elements still show their .grad values."""
VALUE_LIMIT = 36
"""Tensors with at most this many elements (6 x 6) have their numbers drawn on the graph."""
AUTO_NODES = 60
"""Values are on by default for graphs with at most this many nodes."""

GRAD_IN = "grad in ="
"""Starts an op's gradient line: the gradient that arrived there."""
KEPT = "(kept by retain_grad)"
"""Ends the gradient line of a tensor that called ``retain_grad()``."""
NOT_KEPT = "(not kept)"
"""Ends an op's gradient line: the gradient was passed on, not stored."""
NO_GRAD = "(no grad)"
"""Ends the line of an input that does not require grad (``x = [1, 2] (no grad)``)."""
BADGE_PHRASES = (GRAD_IN, KEPT, NOT_KEPT, NO_GRAD)
"""The English words of Values badges; the window translates exactly these (exports keep them)."""


def format_number(value: Any, digits: int = 3) -> str:
    """Return a number in at most ``digits`` significant digits (``0.75``, ``6.75``,
    ``1.2e+03``, ``nan``): the one number format of badges (3), tables and tooltips (4) and the
    Inspector (6). Anything else is returned as ``str(value)``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return f"{value:.{digits}g}"


def format_values(values: Any) -> str:
    """Return nested values compactly: ``[[0.75, 3], [6.75, 3]]``."""
    if isinstance(values, list):
        return "[" + ", ".join(format_values(v) for v in values) + "]"
    return format_number(values)


def _count(shape: Any) -> int:
    total = 1
    for size in shape or []:
        total *= int(size)
    return total


def grad_label(attrs: dict[str, Any]) -> str | None:
    """Return the short gradient line for a node: ``‖g‖=0.5`` or, for a small leaf, its .grad."""
    grad = attrs.get("grad")
    if not grad:
        return None
    if grad.get("nan") or grad.get("inf"):
        return f"‖g‖=nan/inf ({grad.get('nan', 0)} nan, {grad.get('inf', 0)} inf)"
    if grad.get("norm") is None:
        return None  # a "meta" tensor's gradient: a shape and no numbers, nothing to write
    if attrs.get("kind") == "leaf" and grad.get("values") is not None and _count(grad["shape"]) <= MAX_INLINE_VALUES:
        name = attrs.get("name") or "leaf"
        return f"{name}.grad = {format_values(grad['values'])}"
    return f"‖g‖={format_number(grad.get('norm'))}"


def element_count(summary: dict[str, Any] | None) -> int | None:
    """Return the number of elements a summary describes (None without a summary)."""
    return _count(summary.get("shape")) if summary else None


def small_values(summary: dict[str, Any] | None) -> str | None:
    """Return ``[[0.75, 3], [6.75, 3]]`` for a summary of at most ``VALUE_LIMIT`` elements whose
    values were recorded, else None."""
    count = element_count(summary)
    if summary is None or count is None or count > VALUE_LIMIT or summary.get("values") is None:
        return None
    return format_values(summary["values"])


def value_line(attrs: dict[str, Any]) -> str | None:
    """Return ``w = [[1, 2], [3, 2]]`` (``value = ...`` for an unnamed op), or None."""
    text = small_values(attrs.get("value"))
    if text is None:
        return None
    return f"{attrs.get('name') or 'value'} = {text}"


def constant_lines(attrs: dict[str, Any]) -> list[str]:
    """Return ``x = [1, 2] (no grad)`` for each small input of an op that does not require grad
    (``arg1 = ...`` when the script bound it to no variable); drawn greyed (:func:`.look.badge_lines`)."""
    lines = []
    for entry in attrs.get("constant_inputs") or []:
        text = small_values(entry.get("value"))
        if text is not None:
            lines.append(f"{entry.get('name') or 'arg' + str(entry.get('position'))} = {text} {NO_GRAD}")
    return lines


def gradient_line(attrs: dict[str, Any]) -> str | None:
    """Return the gradient line of a node after backward.

    A leaf: ``w.grad = [[0.75, 3], [6.75, 3]]``; a tensor that called ``retain_grad()``:
    ``h.grad = [...] (kept by retain_grad)``; any other op: ``grad in = [...] (not kept)``, the
    gradient that arrived and was passed on.  Big tensors: the norm (``‖g‖=0.5``).
    """
    grad = attrs.get("grad")
    if not grad:
        return None
    name = attrs.get("name")
    if attrs.get("kind") == "leaf":
        text = small_values(grad)
        return f"{name or 'leaf'}.grad = {text}" if text is not None else grad_label(attrs)
    if attrs.get("retains_grad"):
        text = small_values(attrs.get("retained_grad") or grad)
        if text is not None:
            return f"{name or 'tensor'}.grad = {text} {KEPT}"
        return grad_label(attrs)
    text = small_values(grad)
    return f"{GRAD_IN} {text} {NOT_KEPT}" if text is not None else grad_label(attrs)


def values_badge(attrs: dict[str, Any], *, gradient: bool = True) -> str | None:
    """Return a node's Values badge: its value line and (``gradient``) its gradient line, one per
    line; None when there is nothing to draw."""
    lines = [value_line(attrs), *constant_lines(attrs)]
    if gradient:
        lines.append(gradient_line(attrs))
    text = "\n".join(line for line in lines if line)
    return text or None


def auto_values(node_count: int) -> bool:
    """Return whether Values starts on for a graph of ``node_count`` nodes."""
    return node_count <= AUTO_NODES
