"""Restarting the app in another language, on the same file.

The window's text is set when it is built, so a new language shows after a restart. When
Preferences change the language (``PreferencesDialog.languageChanged``), the main window shows a
:class:`RestartOffer`: "Restart now?"; yes starts the app again on the file the window has open
(the same script, run again with the arguments remembered for it, or the same saved graph), with
every setting saved first, and closes the window once the new one is launched. If it cannot be
launched, the window stays as it was and says why (``launchFailed``); "Later" keeps it too (the
language then changes at the next start). This module knows a ``QMainWindow`` and the settings,
not the main window's class.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QProcess, QProcessEnvironment, Signal
from PySide6.QtWidgets import QMainWindow, QMessageBox

from ...core.model.file_kind import classify_path
from ...wire.message import QT_TRANSLATE_NOOP
from .. import i18n
from ..i18n import fill
from ..settings import Settings

translate = QCoreApplication.translate

PACKAGE_PARENT = Path(__file__).resolve().parents[3]
"""Put on PYTHONPATH, so ``-m graphviz_app`` finds this copy (a checkout or an installed one)."""


def reopened_file(*candidates: Path | None) -> Path | None:
    """The file a restart opens again: the first of ``candidates`` (the window's: the file it
    last opened, even if that failed, then the one it shows) that the command line can open; None
    when none can (a refused file)."""
    for path in candidates:
        if path is not None and classify_path(path).kind in ("script", "graph"):
            return path.resolve()
    return None


def restart_command(path: Path | None) -> list[str]:
    """The command line that starts the app on ``path`` (None: on the default example)."""
    return [sys.executable, "-m", "graphviz_app", *([str(path)] if path is not None else [])]


def restart_pythonpath() -> str:
    """PYTHONPATH for the new app: this copy of graphviz_app first."""
    return os.pathsep.join([str(PACKAGE_PARENT), *filter(None, [os.environ.get("PYTHONPATH")])])


def launch_detached(command: list[str]) -> bool:
    """Start ``command`` on its own (it outlives this process); return whether it started."""
    process = QProcess()
    process.setProgram(command[0])
    process.setArguments(command[1:])
    env = QProcessEnvironment.systemEnvironment()
    env.insert("PYTHONPATH", restart_pythonpath())
    process.setProcessEnvironment(env)
    process.setWorkingDirectory(os.getcwd())
    return bool(process.startDetached())


class RestartOffer(QMessageBox):
    """ "Restart now?" over ``window`` after the language changed; ``path``: the file the new app
    opens (:func:`reopened_file`). ``launch`` starts the new app (replaceable, so a test can check
    the command line without starting a second GUI)."""

    launchFailed = Signal(str)
    """The new app could not be started: why, and what to do (the window shows it)."""

    def __init__(
        self, window: QMainWindow, settings: Settings, path: Path | None, language_name: str
    ) -> None:
        super().__init__(window)
        self.setObjectName("restartOffer")
        self.window_ = window
        self.settings = settings
        self.path = path
        self.launch: Callable[[list[str]], bool] = launch_detached
        self.command: list[str] | None = None
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(translate("Restart", "Restart graphviz_app"))
        self.setText(
            fill(
                translate("Restart", "The window will read in {language} after a restart. Restart now?"),
                language=language_name,
            )
        )
        if self.path is not None:
            detail = i18n.said(
                QT_TRANSLATE_NOOP(
                    "Restart",
                    "graphviz_app starts again on {name} and opens it again (a script runs again "
                    "with the arguments remembered for it); your settings are kept. The current step and "
                    "expanded modules start over.",
                ),
                name=self.path.name,
            )
        else:
            detail = translate(
                "Restart", "graphviz_app starts again on the basic lesson; your settings are kept."
            )
        self.setInformativeText(detail)
        self.restart_button = self.addButton(
            translate("Restart", "Restart Now"), QMessageBox.ButtonRole.AcceptRole
        )
        self.later_button = self.addButton(translate("Restart", "Later"), QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.restart_button)
        self.buttonClicked.connect(self._clicked)

    def _clicked(self, button: object) -> None:
        if button is self.restart_button:
            self.restart()
        else:
            self.window_.statusBar().showMessage(
                translate("Restart", "The language changes at the next start."), 10000
            )

    def restart(self) -> bool:
        """Save the settings, launch the app on the same file and close the window; return
        whether it was launched (if not, the window stays and ``launchFailed`` says why)."""
        window = self.window_
        self.settings.save_window(window.saveGeometry(), window.saveState())
        self.settings.sync()
        self.command = restart_command(self.path)
        if not self.launch(self.command):
            self.launchFailed.emit(
                translate(
                    "Restart",
                    "graphviz_app could not be started again ({command}); this window stays open. "
                    "Close it and start graphviz_app yourself to see the new language.",
                ).format(command=" ".join(self.command))
            )
            return False
        window.close()
        return True
