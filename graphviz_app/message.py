"""Words as data: an English template and its values, translated only where they are shown.

``core`` and ``capture`` never write finished sentences for the window. They build a
:class:`Message` from a *template*, an English text with ``{name}`` fields marked for Qt's
translation tools by :func:`QT_TRANSLATE_NOOP` (``pyside6-lupdate`` collects the call by its name;
nothing here imports Qt), and the *values* that fill it. The CLI, logs and exceptions print
:meth:`Message.english`; the window translates the template in its context and fills the values
(``graphviz_app.qt.i18n.text``), choosing Korean particles for what was filled in. A value may be
another message (translated in turn) or a sequence of them, so sentences are composed, never
parsed back.

The module needs only the standard library: the worker sends messages as plain JSON
(:meth:`Message.to_wire`) from whatever Python runs the user's script. What comes back from a
process or a file (:meth:`Message.from_wire`) is trusted no further than the app's own words: a
template the app's catalogue does not hold is shown as plain text, and templates are filled by
:func:`fill`, which puts values in place and does nothing else.
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeAlias, Union

from . import catalogue


class Template(NamedTuple):
    """An English text with ``{name}`` fields and the translation context it belongs to."""

    context: str
    source: str


TemplateTranslator: TypeAlias = Callable[[Template], str]
"""Chooses a template's shown text (the window: Qt's translation; English: the source)."""
TextFinisher: TypeAlias = Callable[[str], str]
"""Applied to each filled, translated template (the window: Korean particles)."""


def QT_TRANSLATE_NOOP(context: str, source: str) -> Template:  # noqa: N802 (the name lupdate collects)
    """Mark ``source`` for translation in ``context`` (Qt's macro: lupdate finds the call by its
    name) and return it as a :class:`Template`."""
    return Template(context, source)


Value: TypeAlias = Union[str, int, float, "Message", Sequence["Message | str"], None]
"""What fills a field: plain text, a number, another message, or several joined by the
template's ``{name}`` with no separator (build the separator into the parts)."""

VERBATIM = ""
"""The context of text that is shown as written (a name, torch's own words, glue)."""


@dataclass(frozen=True)
class Message:
    """A template and its values; ``str()`` is the English text."""

    template: Template
    values: Mapping[str, Value] = field(default_factory=dict)

    def __post_init__(self) -> None:
        wanted = fields_of(self.template.source)
        missing = wanted - set(self.values)
        if missing:
            raise KeyError(f"message {self.template.source!r} lacks values for {sorted(missing)}")

    @classmethod
    def of(cls, template: Template, /, **values: Value) -> Message:
        """``Message.of(TEMPLATE, name=value)``: the usual way to build one."""
        return cls(template, values)

    @classmethod
    def verbatim(cls, text: str) -> Message:
        """Text shown as written in every language (torch's message, a path, a traceback)."""
        return cls(Template(VERBATIM, "{text}"), {"text": text})

    @classmethod
    def joined(cls, *parts: Message | str, sep: str = "") -> Message:
        """Several messages shown one after another, ``sep`` between them."""
        items = [p for p in parts if p != ""]
        return cls(Template(VERBATIM, "{parts}"), {"parts": _interleave(items, sep)})

    def english(self) -> str:
        """The message in English, every nested message filled in."""
        return render(self, lambda template: template.source, lambda text: text)

    def __str__(self) -> str:
        return self.english()

    def to_wire(self) -> dict[str, object]:
        """The plain JSON form sent between processes and saved in graph files."""
        return {
            "context": self.template.context,
            "template": self.template.source,
            "values": {name: _value_to_wire(value) for name, value in self.values.items()},
        }

    @classmethod
    def from_wire(cls, data: object) -> Message:
        """Rebuild a message from :meth:`to_wire`'s output, as sent by another process or read
        from a file: what it names is trusted no further than the app's own words.

        A template of the app's catalogue (:mod:`graphviz_app.catalogue`) is rebuilt with its
        values; any other template, and plain text, becomes a verbatim message that shows the
        text as written with its values after it, never formatted. Values are bounded: at most
        :data:`WIRE_DEPTH` messages deep, :data:`WIRE_ITEMS` parts in a list or values in a
        message, and :data:`WIRE_TEXT` characters of text in all (cut with ``…``)."""
        return _WireReader().message(data, 0)


def fields_of(source: str) -> set[str]:
    """The field names a template uses (none in text that does not parse as a template)."""
    try:
        return {name for _, name, _, _ in _FORMATTER.parse(source) if name}
    except ValueError:
        return set()


_FORMATTER = string.Formatter()


def render(
    message: Message | str,
    translate: TemplateTranslator,
    finish: TextFinisher,
) -> str:
    """Fill ``message`` with ``translate`` choosing each template's text and ``finish`` applied
    to each filled template (the window's Korean particles; English leaves it as is)."""
    if isinstance(message, str):
        return message
    if message.template.context == VERBATIM:
        source = message.template.source
    else:
        source = translate(message.template)
    filled: dict[str, str] = {}
    for name, value in message.values.items():
        filled[name] = _render_value(value, translate, finish)
    if source is not message.template.source and not fields_of(source) <= fields_of(message.template.source):
        source = message.template.source  # a translation naming a field the English lacks: English
    text = fill(source, filled)
    return text if message.template.context == VERBATIM else finish(text)


def fill(source: str, values: Mapping[str, str]) -> str:
    """``source`` with each plain ``{name}`` field replaced by its value; a field with a
    conversion, a format spec, an attribute or an index, or one without a value, is kept as
    written, and text that does not parse as a template is returned as it is. Unlike
    ``str.format`` it never looks into a value and never raises."""
    try:
        parsed = list(_FORMATTER.parse(source))
    except ValueError:
        return source
    out: list[str] = []
    for literal, name, spec, conversion in parsed:
        out.append(literal)
        if name is None:
            continue
        if not spec and not conversion and name in values:
            out.append(values[name])
        else:
            out.append(
                "{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}"
            )
    return "".join(out)


def _render_value(value: Value, translate: TemplateTranslator, finish: TextFinisher) -> str:
    if isinstance(value, Message):
        return render(value, translate, finish)
    if isinstance(value, str):
        return value
    if value is None or isinstance(value, int | float):
        return _number_text(value)
    return "".join(_render_value(part, translate, finish) for part in value)


def _number_text(value: float | None) -> str:
    """A number as a message shows it (``2.0`` as ``2``; ``None`` as nothing)."""
    if value is None:
        return ""
    if isinstance(value, bool | int):
        return str(value)
    return str(int(value)) if value.is_integer() else repr(value)


def _interleave(parts: Sequence[Message | str], sep: str) -> list[Message | str]:
    out: list[Message | str] = []
    for i, part in enumerate(parts):
        if i and sep:
            out.append(sep)
        out.append(part)
    return out


def _value_to_wire(value: Value) -> object:
    if isinstance(value, Message):
        return {"message": value.to_wire()}
    if isinstance(value, str | int | float) or value is None:
        return value
    return [_value_to_wire(part) for part in value]


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
                parts.append(_number_text(value))
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
            self.text(_number_text(value))  # (counted, not cut: a number is short)
            return value
        return self.text(_plain(value))


def _plain(data: object) -> str:
    """Text for a wire value of no known shape, bounded before it is made."""
    try:
        return repr(data)[: WIRE_TEXT + 1]
    except (ValueError, RecursionError):
        return _CUT
