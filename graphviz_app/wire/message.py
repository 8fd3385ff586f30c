"""Words as data: an English template and its values, translated only where they are shown.

``core``, ``capture`` and the worker never write finished sentences for the window. They build a
:class:`Message` from a *template*, an English text with ``{name}`` fields marked for Qt's
translation tools by :func:`QT_TRANSLATE_NOOP` (``pyside6-lupdate`` collects the call by its name;
nothing here imports Qt), and the *values* that fill it. The CLI, logs and exceptions print
:meth:`Message.english`; the window translates the template in its context and fills the values
(``graphviz_app.qt.i18n.text``), choosing Korean particles for what was filled in. A value may be
another message (translated in turn) or a sequence of them, so sentences are composed, never
parsed back.

The module needs only the standard library: the worker builds messages and sends them as plain
JSON (:meth:`Message.to_wire`) from whatever Python runs the user's script. Reading them back
from a process or a file is the app's (:func:`graphviz_app.message_reader.read_message`), trusted
no further than its own words; templates are filled by :func:`fill`, which puts values in place
and does nothing else.
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
        missing = fields_of(self.template.source) - set(self.values)
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
        return cls(Template(VERBATIM, "{parts}"), {"parts": interleave(items, sep)})

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
    verbatim = message.template.context == VERBATIM
    source = message.template.source if verbatim else translate(message.template)
    filled = {name: _render_value(value, translate, finish) for name, value in message.values.items()}
    if source is not message.template.source and not fields_of(source) <= fields_of(message.template.source):
        source = message.template.source  # a translation naming a field the English lacks: English
    text = fill(source, filled)
    return text if verbatim else finish(text)


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
        return number_text(value)
    return "".join(_render_value(part, translate, finish) for part in value)


def number_text(value: float | None) -> str:
    """A number as a message shows it (``2.0`` as ``2``; ``None`` as nothing)."""
    if value is None:
        return ""
    if isinstance(value, bool | int):
        return str(value)
    return str(int(value)) if value.is_integer() else repr(value)


def interleave(parts: Sequence[Message | str], sep: Message | str) -> list[Message | str]:
    """``parts`` with ``sep`` between each two (a value filling one field)."""
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
