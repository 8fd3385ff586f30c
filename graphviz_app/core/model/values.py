"""The numbers beside each node when *Values* is on: a small tensor's value and, after backward,
the gradient that arrived there (a leaf's ``.grad``, a ``retain_grad()`` tensor's stored ``.grad``).

Only tensors of at most :data:`VALUE_LIMIT` elements are written out, and only while their
numbers fit one short line (:data:`LINE_CHARS`); longer ones show their shape and norm
(``W1: 4×6, ‖·‖=3.73``; the Inspector and the tooltip hold every number), bigger ones the norm of
their gradient.  The lines become a node's badge (``NodeStyle.extra_label``), laid out with the
graph beside its node (:mod:`.dot`), so the window and every export draw them the same way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from ...wire.message import QT_TRANSLATE_NOOP, Message, Template

MAX_INLINE_VALUES = 8
"""With Values off, leaves with at most this many elements still show their .grad values."""
VALUE_LIMIT = 36
"""Tensors with at most this many elements (6 x 6) have their numbers drawn on the graph."""
AUTO_NODES = 60
"""Values are on by default for graphs with at most this many nodes (the window, the CLI's
export and the notebook: :func:`auto_values`)."""
LINE_CHARS = 40
"""A tensor's numbers are written out when they take at most this many characters
(``[[0.75, 3], [6.75, 3]]``: 22); longer, its badge line gives its shape and norm."""

GRAD_IN_WORDS = QT_TRANSLATE_NOOP("Values", "grad in =")
"""Starts an op's gradient line: the gradient that arrived there."""
KEPT_WORDS = QT_TRANSLATE_NOOP("Values", "(kept by retain_grad)")
"""Ends the gradient line of a tensor that called ``retain_grad()``."""
NOT_KEPT_WORDS = QT_TRANSLATE_NOOP("Values", "(not kept)")
"""Ends an op's gradient line: the gradient was passed on, not stored."""
NO_GRAD_WORDS = QT_TRANSLATE_NOOP("Values", "(no grad)")
"""Ends the line of an input that does not require grad (``x = [1, 2] (no grad)``)."""
VALUE_WORD = QT_TRANSLATE_NOOP("Values", "value")
"""Names the value of an op the script bound to no variable (``value = [1, 2]``)."""
NO_GRAD = NO_GRAD_WORDS.source
"""The English of a badge word (the DOT writer draws the English badge)."""


def format_number(value: Any, digits: int = 3) -> str:
    """Return a number in at most ``digits`` significant digits (``0.75``, ``6.75``,
    ``1.2e+03``, ``nan``): the one number format of badges (3), tables and tooltips (4) and the
    Inspector (6). Negative zero (``-0.0``, as ``-x * 0`` or ``relu`` leave it) reads ``0``.
    Anything else is returned as ``str(value)``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if value == 0:
        value = 0  # -0.0 would read "-0"
    return f"{value:.{digits}g}"


def format_values(values: Any) -> str:
    """Return nested values compactly: ``[[0.75, 3], [6.75, 3]]``."""
    if isinstance(values, list):
        return "[" + ", ".join(format_values(v) for v in values) + "]"
    return format_number(values)


def grad_label(attrs: dict[str, Any]) -> str | None:
    """Return the short gradient line for a node: ``‖g‖=0.5`` or, for a small leaf, its .grad."""
    grad = attrs.get("grad")
    if not grad:
        return None
    if grad.get("nan") or grad.get("inf"):
        return f"‖g‖=nan/inf ({grad.get('nan', 0)} nan, {grad.get('inf', 0)} inf)"
    if grad.get("norm") is None:
        return None  # a "meta" tensor's gradient: a shape and no numbers, nothing to write
    if (
        attrs.get("kind") == "leaf"
        and grad.get("values") is not None
        and math.prod(map(int, grad["shape"] or [])) <= MAX_INLINE_VALUES
    ):
        text = format_values(grad["values"])
        if len(text) <= LINE_CHARS:
            return f"{attrs.get('name') or 'leaf'}.grad = {text}"
    return f"‖g‖={format_number(grad.get('norm'))}"


def element_count(summary: dict[str, Any] | None) -> int | None:
    """Return the number of elements a summary describes (None without a summary)."""
    return math.prod(map(int, summary.get("shape") or [])) if summary else None


def small_values(summary: dict[str, Any] | None) -> str | None:
    """Return ``[[0.75, 3], [6.75, 3]]`` for a summary of at most ``VALUE_LIMIT`` elements whose
    values were recorded, else None."""
    count = element_count(summary)
    if summary is None or count is None or count > VALUE_LIMIT or summary.get("values") is None:
        return None
    return format_values(summary["values"])


def short_summary(summary: dict[str, Any] | None) -> str | None:
    """Return a tensor's shape and norm, ``4×6, ‖·‖=3.73`` (``scalar, ...``), or None without a norm."""
    if not summary or summary.get("norm") is None:
        return None
    shape = summary.get("shape")
    size = "×".join(str(d) for d in shape) if shape else "scalar"
    return f"{size}, ‖·‖={format_number(summary['norm'])}"


def _line(
    label: str | Template,
    summary: dict[str, Any] | None,
    full: bool,
    tail: Template | None = None,
    *,
    big: bool = False,
) -> Message | None:
    """Return ``label = numbers tail``, or (numbers too long for one line, unless ``full``; with
    ``big`` also numbers not recorded) ``label: shape, ‖·‖=norm tail`` (``grad in = ...`` keeps
    its ``=``); None when there is nothing to write.  A template ``label`` or ``tail`` is
    translated where the line is shown; names and numbers read the same in every language."""
    words = isinstance(label, Template) and label != VALUE_WORD
    head: Message | str = Message.of(label) if isinstance(label, Template) else label
    equals, colon = ("", "") if words else (" =", ":")
    end: list[Message | str] = [" ", Message.of(tail)] if tail is not None else []
    text = small_values(summary)
    if text is not None and (full or len(text) <= LINE_CHARS):
        return Message.joined(head, f"{equals} {text}", *end)
    short = short_summary(summary) if text is not None or big else None
    if short is None:
        return None if text is None else Message.joined(head, f"{equals} {text}", *end)
    return Message.joined(head, f"{colon} {short}", *end)


def value_line(attrs: dict[str, Any], *, full: bool = False) -> Message | None:
    """Return ``w = [[1, 2], [3, 2]]`` (``value = ...`` for an unnamed op, ``value`` translated
    where it is shown), ``W1: 4×6, ‖·‖=3.73`` when the numbers do not fit one short line
    (``full``: always the numbers), or None."""
    name = attrs.get("name")
    return _line(str(name) if name else VALUE_WORD, attrs.get("value"), full)


def constant_line_messages(attrs: dict[str, Any], *, full: bool = False) -> list[Message]:
    """``x = [1, 2] (no grad)`` for each small input of an op that does not require grad
    (``arg1 = ...`` when the script bound it to no variable); drawn greyed (:func:`.look.badge_lines`)."""
    lines = []
    for entry in attrs.get("constant_inputs") or []:
        name = entry.get("name") or "arg" + str(entry.get("position"))
        line = _line(str(name), entry.get("value"), full, NO_GRAD_WORDS)
        if line is not None:
            lines.append(line)
    return lines


def gradient_line(attrs: dict[str, Any], *, full: bool = False) -> Message | None:
    """Return the gradient line of a node after backward (its words translated where it is shown).

    A leaf: ``w.grad = [[0.75, 3], [6.75, 3]]``; a tensor that called ``retain_grad()``:
    ``h.grad = [...] (kept by retain_grad)``; any other op: ``grad in = [...] (not kept)``, the
    gradient that arrived and was passed on.  Numbers too long for one short line (unless
    ``full``) or not recorded (a big tensor): the shape and norm (``W1.grad: 4×6, ‖·‖=7.3``);
    NaN or Inf: how many (:func:`grad_label`).
    """
    grad = attrs.get("grad")
    if not grad:
        return None
    if grad.get("nan") or grad.get("inf") or grad.get("norm") is None:
        label = grad_label(attrs)
        return None if label is None else Message.verbatim(label)
    name = attrs.get("name")
    if attrs.get("kind") == "leaf":
        return _line(f"{name or 'leaf'}.grad", grad, full, big=True)
    if attrs.get("retains_grad"):
        return _line(
            f"{name or 'tensor'}.grad", attrs.get("retained_grad") or grad, full, KEPT_WORDS, big=True
        )
    return _line(GRAD_IN_WORDS, grad, full, NOT_KEPT_WORDS, big=True)


def values_badge_lines(attrs: dict[str, Any], *, gradient: bool = True, full: bool = False) -> list[Message]:
    """The lines of a node's Values badge, as messages: its value line, its constant inputs'
    lines and (``gradient``) its gradient line."""
    lines = [value_line(attrs, full=full), *constant_line_messages(attrs, full=full)]
    if gradient:
        lines.append(gradient_line(attrs, full=full))
    return [line for line in lines if line is not None]


def badge_message(lines: list[Message]) -> Message | None:
    """A badge of ``lines``, one per line; None without lines."""
    return Message.joined(*lines, sep="\n") if lines else None


def values_badge_message(
    attrs: dict[str, Any], *, gradient: bool = True, full: bool = False
) -> Message | None:
    """Return a node's Values badge: its value line and (``gradient``) its gradient line, one per
    line (``full``: every number, however long: a tooltip's); None when there is nothing to draw."""
    return badge_message(values_badge_lines(attrs, gradient=gradient, full=full))


def auto_values(node_count: int) -> bool:
    """Return whether Values starts on for a graph of ``node_count`` nodes."""
    return node_count <= AUTO_NODES


def values_badges(
    nodes: Iterable[tuple[str, dict[str, Any]]], write: Callable[[Message], str] | None = None
) -> dict[str, str]:
    """Return each node's Values badge with its final gradient (``graph.nodes(data=True)``):
    what Values draws when no step is shown, and the room the layout keeps for every badge;
    ``write`` gives a badge's words (default: English)."""
    write = write or Message.english
    badges = ((node, values_badge_message(attrs)) for node, attrs in nodes)
    return {node: badge for node, message in badges if message is not None and (badge := write(message))}
