"""The app's catalogue of words: every template it writes, with its translations.

Every template the app writes is marked for translation (``QT_TRANSLATE_NOOP`` in ``core``,
``capture``, ``worker`` and ``wire``, ``tr()`` in the window), and ``pyside6-lupdate`` collects
them all, with their contexts, into ``resources/i18n/graphviz_app_<language>.ts``, which
``pyside6-lrelease`` compiles into the window's ``.qm`` (``tests/qt/test_i18n.py`` keeps the
files in step with the code and with each other). Read here without Qt, that file serves twice:

* :func:`knows`: whether a (context, English text) pair is one of the app's templates.
  :func:`graphviz_app.message_reader.read_message` shows any other as plain text, never as a
  template; only templates whose fields are plain ``{name}`` are taken, so nothing in a shown
  message formats a value beyond putting it in its place.
* :func:`translations`: a language's finished translations, for what is written outside the
  window (the HTML page, exported legends and captions: :mod:`graphviz_app.language`). Entries Qt
  leaves out of the ``.qm`` (``type="unfinished"``, ``"vanished"``, ``"obsolete"``) are left out.

Standard library only.
"""

from __future__ import annotations

import functools
import logging
import string
import xml.etree.ElementTree as ElementTree

from .resources import resources_dir

log = logging.getLogger(__name__)

CATALOG = "graphviz_app"
SOURCE_LANGUAGE = "ko"
"""The ``.ts`` file whose sources are read as the list of templates (every language's file lists
the same sources)."""

BUILT_IN = frozenset({("", "{text}"), ("", "{parts}")})
"""The templates of :meth:`Message.verbatim` and :meth:`Message.joined` (context ``VERBATIM``):
they hold text shown as written, so a file may name them too."""


def plain_fields(source: str) -> bool:
    """Whether every field of ``source`` is a plain ``{name}`` (no conversion, format spec,
    attribute or index) and the text parses as a template at all."""
    try:
        parsed = list(string.Formatter().parse(source))
    except ValueError:
        return False
    return all(
        name is None or (name.isidentifier() and not spec and not conversion)
        for _, name, spec, conversion in parsed
    )


@functools.cache
def _entries(language: str) -> dict[tuple[str, str], str | None]:
    """``{(context, source): translation}`` of ``language``'s ``.ts`` file, None where Qt leaves
    the translation out (unfinished, vanished, obsolete or empty)."""
    found: dict[tuple[str, str], str | None] = {}
    file = resources_dir() / "i18n" / f"{CATALOG}_{language}.ts"
    for context in ElementTree.parse(file).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source")
            if source is None:
                continue
            translation = message.find("translation")
            finished = translation is not None and not translation.get("type") and translation.text
            found[(name, source)] = translation.text if finished and translation is not None else None
    return found


@functools.cache
def templates() -> frozenset[tuple[str, str]]:
    """The app's templates, read once. Where the resources are missing (a damaged install) only
    :data:`BUILT_IN` is known, so every other message shows as plain text rather than formatted."""
    try:
        entries = _entries(SOURCE_LANGUAGE)
    except (OSError, ElementTree.ParseError) as exc:
        log.warning(
            "the message catalogue could not be read (%s): messages from files show as plain text", exc
        )
        return BUILT_IN
    return frozenset(pair for pair in entries if plain_fields(pair[1])) | BUILT_IN


def knows(context: str, source: str) -> bool:
    """Whether (``context``, ``source``) is a template of the app's own catalogue."""
    return (context, source) in templates()


@functools.cache
def translations(language: str) -> dict[tuple[str, str], str]:
    """``{(context, source): translation}`` of ``language``'s finished translations (empty for
    English, the source language)."""
    if language == "en":
        return {}
    return {pair: text for pair, text in _entries(language).items() if text is not None}
