"""The step sentence and the chain rule in the window's language.

``core.view.stepping`` and ``core.view.chain_rule`` build each sentence as a
:class:`~graphviz_app.wire.message.Message`: templates marked for translation and the names, formulas
and numbers that fill them. The CLI and the exports print its English; the window shows the same
message through :func:`graphviz_app.qt.i18n.text`, so the English and the Korean sentence say the
same thing and nothing is parsed back.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.view.chain_rule import FAILED, FAILED_AT
from ...wire.message import Message, Value
from ..i18n import text
from ..words import error_text


def shown(message: Message) -> str:
    """A step's or a chain rule's message in the window's language."""
    return text(_explained(message))


def _explained(message: Message) -> Message:
    """``message`` with the explanation a failed backward recorded as plain English (a saved
    graph from an older run, where it is not yet a message) shown as the Messages panel shows
    it; everything else as it is."""
    if message.template in (FAILED, FAILED_AT):
        recorded = message.values.get("message")
        if isinstance(recorded, Message) and recorded.template == Message.verbatim("").template:
            plain = str(recorded.values.get("text", ""))
            return replace(message, values={**message.values, "message": Message.verbatim(error_text(plain))})
        return message
    values = {name: _explained_value(value) for name, value in message.values.items()}
    return replace(message, values=values) if values != dict(message.values) else message


def _explained_value(value: Value) -> Value:
    if isinstance(value, Message):
        return _explained(value)
    if isinstance(value, list | tuple):
        return [_explained(part) if isinstance(part, Message) else part for part in value]
    return value
