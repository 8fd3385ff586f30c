"""The window's language: English (the source text) or Korean, through Qt's translation system.

Window text is marked with ``tr()`` / ``QCoreApplication.translate``; ``pyside6-lupdate``
collects it into ``resources/i18n/graphviz_app_ko.ts`` and ``pyside6-lrelease`` compiles that to
the ``.qm`` loaded here (both are committed; ``tests/qt/test_i18n.py`` fails when they differ).
Qt's own ``qtbase_ko.qm`` (PySide6 ships it in ``QLibraryInfo``'s translations folder) translates
the standard dialogs: their buttons and the file dialog's labels ("Look in:", "Files of type:").
The language follows the system locale (``LANG=ko_KR.UTF-8``) unless Preferences name one.
"""

from __future__ import annotations

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


def text(message: Message | str) -> str:
    """``message`` in the window's language: each template translated in its context, the values
    filled in (nested messages in turn) and Korean particles chosen for them; plain text as is."""
    return render(message, _translated, particles.resolve)
