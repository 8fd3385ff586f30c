"""The app's own message templates: the only ones a message read from a file or a process may name.

Every template the app writes is marked for translation (``QT_TRANSLATE_NOOP`` in ``core`` and
``capture``, ``tr()`` in the window), and ``pyside6-lupdate`` collects them all, with their
contexts, into ``resources/i18n/graphviz_app_ko.ts`` (``tests/qt/test_i18n.py`` keeps that file in
step with the code). That file is therefore the catalogue: :func:`knows` answers whether a
(context, English text) pair is one of the app's, and :meth:`graphviz_app.message.Message.from_wire`
shows any other as plain text, never as a template. Only templates whose fields are plain
``{name}`` are taken: nothing in a shown message formats a value beyond putting it in its place.

Standard library only: the catalogue is read where messages arrive (the app), from the same
resources the window translates with.
"""

from __future__ import annotations

import functools
import logging
import string
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from .resources import resources_dir

log = logging.getLogger(__name__)

SOURCE_FILE = "graphviz_app_ko.ts"
"""The ``.ts`` file read as the catalogue (every language's file lists the same sources)."""

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


def read_sources(path: Path) -> frozenset[tuple[str, str]]:
    """The (context, English text) pairs a Qt ``.ts`` file lists, those with plain fields only."""
    pairs: set[tuple[str, str]] = set()
    root = ElementTree.parse(path).getroot()
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source")
            if source is not None and plain_fields(source):
                pairs.add((name, source))
    return frozenset(pairs)


@functools.lru_cache(maxsize=1)
def templates() -> frozenset[tuple[str, str]]:
    """The app's catalogue, read once. Where the resources are missing (a damaged install) only
    :data:`BUILT_IN` is known, so every other message shows as plain text rather than formatted."""
    try:
        path = resources_dir() / "i18n" / SOURCE_FILE
        return read_sources(path) | BUILT_IN
    except (OSError, ElementTree.ParseError) as exc:
        log.warning(
            "the message catalogue could not be read (%s): messages from files show as plain text", exc
        )
        return BUILT_IN


def knows(context: str, source: str) -> bool:
    """Whether (``context``, ``source``) is a template of the app's own catalogue."""
    return (context, source) in templates()
