"""The window's language: English (the source text) or Korean, through Qt's translation system.

Window text is marked with ``tr()`` / ``QCoreApplication.translate``; ``pyside6-lupdate``
collects it into ``resources/i18n/graphviz_app_ko.ts`` and ``pyside6-lrelease`` compiles that to
the ``.qm`` loaded here (both are committed; ``tests/qt/test_i18n.py`` fails when they differ).
Qt's own ``qtbase_ko.qm`` (PySide6 ships it in ``QLibraryInfo``'s translations folder) translates
the standard dialogs: their buttons and the file dialog's labels ("Look in:", "Files of type:").
The language follows the system locale (``LANG=ko_KR.UTF-8``) unless Preferences name one.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QFileDialog, QWidget

from .. import particles
from ..resources import resources_dir
from ..wire.message import QT_TRANSLATE_NOOP, Message, Template, render

LANGUAGES = ("system", "en", "ko")
"""The choices in Preferences: follow the system locale, English, Korean."""
TRANSLATED = ("ko",)
"""Languages with a translation of the window (English is the source text)."""
CATALOG = "graphviz_app"


def i18n_dir() -> Path:
    """The folder of the ``.ts`` sources and compiled ``.qm`` translations."""
    return resources_dir() / "i18n"


def ui_language(choice: str, locale: QLocale | None = None) -> str:
    """Return the language the window uses for ``choice`` (``"system"``: the locale's, when a
    translation exists, else English)."""
    if choice in TRANSLATED or choice == "en":
        return choice
    name = (locale or QLocale.system()).name().split("_")[0]
    return name if name in TRANSLATED else "en"


_installed: list[QTranslator] = []
_language = "en"
QT_CATALOGS = ("qtbase", "qt")
"""Qt's own catalogues, the first that loads is used: ``qtbase`` (Qt 6's, with QFileDialog and
QMessageBox), else ``qt`` (the meta catalogue that names it, in older layouts)."""


QT_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
"""Words of Qt 6's own file dialog that Qt's Korean catalogue lacks (it holds the older "Look in:"
and "Files of type:"): translated in the app's catalogue, which Qt asks first."""


def current_language() -> str:
    """The language :func:`install_translators` installed last ("en" before any)."""
    return _language


def qt_translations_dir() -> str:
    """The folder of Qt's own ``.qm`` files (the standard dialogs' words)."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def native_dialogs() -> bool:
    """Whether the system's own file dialog may be used: only when the window speaks the system's
    language (a GTK or portal dialog follows the system, not Preferences)."""
    return _language == ui_language("system")


def file_dialog(
    parent: QWidget | None, caption: str, directory: str = "", filters: str = "", *, save: bool = False
) -> QFileDialog:
    """A file dialog (not shown yet) in the window's language: Qt's own, unless the window speaks
    the system's language and the system has a dialog of its own. ``save``: a Save dialog (it
    asks before replacing a file), else one that opens an existing file."""
    dialog = QFileDialog(parent, caption, directory or str(Path.home()), filters)  # never the app's folder
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, not native_dialogs())
    return dialog


def install_translators(app: QCoreApplication, choice: str) -> str:
    """Load the window's and Qt's translations for ``choice`` into ``app`` (replacing those loaded
    before); return the language now used."""
    global _language
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    language = _language = ui_language(choice)
    if language == "en":
        return language
    ours = QTranslator(app)
    if ours.load(str(i18n_dir() / f"{CATALOG}_{language}.qm")):
        app.installTranslator(ours)
        _installed.append(ours)
    for catalog in QT_CATALOGS:
        qt = QTranslator(app)
        if qt.load(f"{catalog}_{language}", qt_translations_dir()):
            app.installTranslator(qt)
            _installed.append(qt)
            break
    return language


def fill(template: str, **values: object) -> str:
    """``template.format(**values)``, with Korean particles chosen for the values filled in
    (``{name}이(가)`` -> ``텐서가``, see :mod:`.particles`)."""
    return particles.resolve(template.format(**values))


def _translated(template: Template) -> str:
    return QCoreApplication.translate(template.context, template.source)


CODE_OPEN, CODE_CLOSE = particles.CODE_MARKS[0], particles.CODE_MARKS[1]
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
"""A code span as templates write it, Markdown's way: ``Add `import torch` at the top``."""


def _translated_marking_code(template: Template) -> str:
    """The template's text with each of its own code spans between :data:`CODE_OPEN` and
    :data:`CODE_CLOSE` (a backtick in a value filled in later, a line of the user's code, is
    kept as written)."""
    return _CODE_SPAN.sub(lambda m: CODE_OPEN + m.group(1) + CODE_CLOSE, _translated(template))


def said(template: Template, **values: object) -> str:
    """``template`` (marked for lupdate with :func:`QT_TRANSLATE_NOOP` in its context) in the
    window's language, filled with ``values`` as a :class:`Message` is (Korean particles chosen
    for what was filled in, ``{path}을(를)`` -> ``a.py를``); paths and errors as their text."""
    return text(
        Message.of(
            template, **{k: v if isinstance(v, Message | int | float) else str(v) for k, v in values.items()}
        )
    )


def marked_text(message: Message | str) -> str:
    """:func:`text` with its code spans between :data:`CODE_OPEN` and :data:`CODE_CLOSE`, for
    :func:`code_html` (plain text as is)."""
    return render(message, _translated_marking_code, particles.resolve)


def text(message: Message | str) -> str:
    """``message`` in the window's language: each template translated in its context, the values
    filled in (nested messages in turn) and Korean particles chosen for them; plain text as is.
    The window's labels show plain text, so a template's code spans lose their backticks
    (``Add import torch at the top``) as the lesson cards write code bare."""
    return without_code_marks(marked_text(message))


def without_code_marks(marked: str) -> str:
    """``marked`` (:func:`marked_text`) as plain text: the code spans' marks dropped."""
    return marked.replace(CODE_OPEN, "").replace(CODE_CLOSE, "")


def code_html(marked: str) -> str:
    """``marked`` (:func:`marked_text`, or a piece of it) as escaped HTML, its code spans in
    ``<code>``; a span cut by the piece's start or end is closed there."""
    out: list[str] = []
    inside = marked.find(CODE_CLOSE) != -1 and (
        marked.find(CODE_OPEN) == -1 or marked.find(CODE_CLOSE) < marked.find(CODE_OPEN)
    )
    if inside:
        out.append("<code>")
    for part in re.split(f"([{CODE_OPEN}{CODE_CLOSE}])", marked):
        if part == CODE_OPEN and not inside:
            out.append("<code>")
            inside = True
        elif part == CODE_CLOSE and inside:
            out.append("</code>")
            inside = False
        elif part not in (CODE_OPEN, CODE_CLOSE):
            out.append(html.escape(part, quote=False))
    if inside:
        out.append("</code>")
    return "".join(out)
