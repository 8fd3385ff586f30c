"""Reading a message sent by another process or saved in a file, trusted no further than the app's
own words.

The worker sends a :class:`~graphviz_app.wire.message.Message` as plain JSON
(:meth:`~graphviz_app.wire.message.Message.to_wire`); graph files keep their notices the same way.
:func:`read_message` rebuilds one: a template of the app's catalogue (:mod:`graphviz_app.catalogue`)
with its values; any other template, and plain text, becomes a verbatim message that shows the
text as written with its values after it, never formatted. Values are bounded: at most
:data:`WIRE_DEPTH` messages deep, :data:`WIRE_ITEMS` parts in a list or values in a message, and
:data:`WIRE_TEXT` characters of text in all (cut with ``…``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from . import catalogue
from .wire.message import VERBATIM, Message, Template, Value, fields_of, number_text


def read_message(data: object) -> Message:
    """Rebuild a message from :meth:`Message.to_wire`'s output, as sent by another process or
    read from a file (see the module's docstring for what is trusted)."""
    return _WireReader().message(data, 0)


WIRE_DEPTH = 8
"""How deep messages read from a process or a file may nest (a message in a value of a message...)."""
WIRE_ITEMS = 200
"""How many values a message, or parts a list value, read from a process or a file may hold."""
WIRE_TEXT = 20_000
"""How many characters of text one message read from a process or a file may hold in all."""
_CUT = "…"


class _WireReader:
    """Reads one message's wire form within the bounds above (one budget of text for the whole
    tree), so no file can make a message that is large, deep or slow to show."""

    def __init__(self) -> None:
        self.left = WIRE_TEXT

    def text(self, value: str) -> str:
        if len(value) <= self.left:
            self.left -= len(value)
            return value
        kept, self.left = value[: self.left], 0
        return kept + _CUT

    def message(self, data: object, depth: int) -> Message:
        if isinstance(data, str):
            return Message.verbatim(self.text(data))
        if not isinstance(data, Mapping) or not isinstance(data.get("template"), str):
            return Message.verbatim(self.text(_plain(data)))
        context = data.get("context") or VERBATIM
        source = data["template"]
        raw = data.get("values")
        pairs = list(itertools.islice(raw.items(), WIRE_ITEMS)) if isinstance(raw, Mapping) else []
        values = {self.text(str(name)): self.value(value, depth + 1) for name, value in pairs}
        if isinstance(context, str) and catalogue.knows(context, source):
            for name in fields_of(source) - set(values):
                values[name] = "{" + name + "}"
            return Message(Template(context, source), values)
        return self.unknown(self.text(source), values)

    def unknown(self, source: str, values: dict[str, Value]) -> Message:
        """A template the app does not know: its text as written, then each value by name."""
        if not values:
            return Message.verbatim(source)
        parts: list[Message | str] = [Message.verbatim(source), " ["]
        for i, (name, value) in enumerate(values.items()):
            parts.append(("; " if i else "") + name + " = ")
            if isinstance(value, Message | str):
                parts.append(value)
            elif value is None or isinstance(value, int | float):
                parts.append(number_text(value))
            else:
                parts.extend(value)
        parts.append("]")
        return Message(Template(VERBATIM, "{parts}"), {"parts": parts})

    def value(self, value: object, depth: int) -> Value:
        if depth > WIRE_DEPTH:
            return self.text(_CUT)
        if isinstance(value, Mapping) and "message" in value:
            return self.message(value["message"], depth)
        if isinstance(value, list):
            parts: list[Message | str] = []
            for item in itertools.islice(value, WIRE_ITEMS):
                part = self.value(item, depth + 1)
                if isinstance(part, Message | str):
                    parts.append(part)
            return parts
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int | float):
            self.text(number_text(value))  # (counted, not cut: a number is short)
            return value
        return self.text(_plain(value))


def _plain(data: object) -> str:
    """Text for a wire value of no known shape, bounded before it is made."""
    try:
        return repr(data)[: WIRE_TEXT + 1]
    except (ValueError, RecursionError):
        return _CUT
