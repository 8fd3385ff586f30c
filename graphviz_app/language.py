"""The language pages are written in, and their words in it, without Qt.

The HTML page (:mod:`.core.html_page`), the exported pictures' legend and caption, and
``graphviz_app.show`` speak the language the window speaks, from the same catalogue
(:func:`graphviz_app.catalogue.translations`). Only the standard library is used: a kernel or the
CLI needs no PySide6.

The language is ``"en"`` (the source text), a translated one (``"ko"``), or ``"system"``: the
locale's, read as gettext reads the language of messages (``LC_ALL``, then ``LC_MESSAGES``, then
``LANG``; the GNU gettext manual, "Locale Environment Variables").
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping

from . import particles
from .catalogue import translations
from .wire.errors import GraphvizAppError
from .wire.message import QT_TRANSLATE_NOOP, Message, Template, render

LANGUAGES = ("en", "ko")
"""The languages a page can be written in: English (the source text) and the translations."""
CHOICES = ("system", *LANGUAGES)
"""What ``--language`` and ``language=`` accept (``system``: the locale's)."""

UNKNOWN_LANGUAGE = QT_TRANSLATE_NOOP("Explanation", "Unknown language {language}; use one of {languages}.")

Words = Callable[[Message | str], str]
"""A message (or text already in words) in one language."""


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """Return the locale's language when a translation exists, else ``"en"``."""
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:
            name = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return name if name in LANGUAGES else "en"
    return "en"


def language_of(choice: str | None, environ: Mapping[str, str] | None = None) -> str:
    """Return the language ``choice`` names (None or ``"system"``: the locale's); raise
    GraphvizAppError naming the choices for any other."""
    if choice is None or choice == "system":
        return system_language(environ)
    if choice not in LANGUAGES:
        raise GraphvizAppError(
            Message.of(UNKNOWN_LANGUAGE, language=repr(choice), languages=", ".join(CHOICES))
        )
    return choice


def words(language: str) -> Words:
    """Return a function writing a message in ``language`` as the window writes it: each
    template translated in its context, values filled in, Korean particles chosen."""
    finish = particles.resolve if language != "en" else _same
    return functools.partial(
        render, translate=functools.partial(template_text, language=language), finish=finish
    )


def _same(text: str) -> str:
    return text


def template_text(template: Template, language: str) -> str:
    """Return ``template``'s text in ``language`` (fields left unfilled, for a page's script)."""
    return translations(language).get((template.context, template.source), template.source)
