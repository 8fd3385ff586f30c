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
(:meth:`Message.to_wire`) from whatever Python runs the user's script.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeAlias, Union


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
        """Rebuild a message from :meth:`to_wire`'s output; plain text becomes a verbatim
        message, so older files and foreign senders still show something true."""
        if isinstance(data, str):
            return cls.verbatim(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("template"), str):
            return cls.verbatim(str(data))
        values = data.get("values")
        raw = values if isinstance(values, Mapping) else {}
        template = Template(str(data.get("context") or VERBATIM), str(data["template"]))
        decoded = {str(name): _value_from_wire(value) for name, value in raw.items()}
        for name in fields_of(template.source) - set(decoded):
            decoded[name] = "{" + name + "}"
        return cls(template, decoded)


def fields_of(source: str) -> set[str]:
    """The field names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(source) if name}


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
    try:
        text = source.format_map(filled)
    except (KeyError, IndexError, ValueError):
        # A translation that names a field the English lacks: show the English instead.
        text = message.template.source.format_map(filled)
    return text if message.template.context == VERBATIM else finish(text)


def _render_value(value: Value, translate: TemplateTranslator, finish: TextFinisher) -> str:
    if value is None:
        return ""
    if isinstance(value, Message):
        return render(value, translate, finish)
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, int):
        return str(value)
    return "".join(_render_value(part, translate, finish) for part in value)


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


def _value_from_wire(value: object) -> Value:
    if isinstance(value, Mapping) and "message" in value:
        return Message.from_wire(value["message"])
    if isinstance(value, list):
        return [
            part for part in (_value_from_wire(item) for item in value) if isinstance(part, Message | str)
        ]
    if isinstance(value, str | int | float) or value is None:
        return value
    return str(value)
