"""Preferences: the run time limit, stopping at the captured backward, which backward call of the
open script to capture and the arguments it runs with, the collapse threshold, the language and
the theme."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...core.display import LABEL_DETAILS
from ..i18n import ui_language
from ..settings import Settings, split_arguments
from ..theme import THEMES
from .restart import RestartOffer, offer_restart

LANGUAGE_NAMES = {"en": "English", "ko": "한국어"}
"""Each language in its own words."""


class PreferencesDialog(QDialog):
    """Edits :class:`Settings`; ``applied`` is emitted after OK wrote them."""

    applied = Signal()

    def __init__(self, settings: Settings, script: Path | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(self.tr("Preferences"))
        self.settings = settings
        self.script = script
        form = QFormLayout()
        self.timeout = QDoubleSpinBox(self)
        self.timeout.setRange(1, 3600)
        self.timeout.setDecimals(0)
        self.timeout.setSuffix(self.tr(" s"))
        self.timeout.setValue(settings.timeout())
        self.timeout.setToolTip(self.tr("A script still running after this long is stopped"))
        form.addRow(self.tr("Run time limit:"), self.timeout)
        self.stop_after = QCheckBox(self.tr("Stop the script right after the captured backward()"), self)
        self.stop_after.setChecked(not settings.run_to_end())
        self.stop_after.setToolTip(self.tr(
            "The graph exists once that call returns; untick to let a training loop run to its end"))
        form.addRow("", self.stop_after)
        self.backward_call = QSpinBox(self)
        self.backward_call.setRange(1, 100000)
        self.backward_call.setEnabled(script is not None)
        self.backward_call.setValue(settings.backward_call(script) if script is not None else 1)
        name = script.name if script is not None else self.tr("no script open")
        self.backward_call.setToolTip(self.tr(
            "Which backward() call of a training loop to capture, remembered for this script"))
        form.addRow(self.tr("Backward call to capture ({name}):").format(name=name), self.backward_call)
        self.arguments = QLineEdit(self)
        self.arguments.setObjectName("scriptArguments")
        self.arguments.setEnabled(script is not None)
        self.arguments.setText(settings.arguments(script) if script is not None else "")
        self.arguments.setPlaceholderText("--epochs 1 --lr 0.1")
        self.arguments.setToolTip(self.tr(
            "What the script finds in sys.argv[1:] (argparse), as on a command line; remembered "
            "for this script"))
        form.addRow(self.tr("Arguments ({name}):").format(name=name), self.arguments)
        self.arguments_error = QLabel(self)
        self.arguments_error.setWordWrap(True)
        self.arguments_error.setTextFormat(Qt.TextFormat.PlainText)
        self.arguments_error.hide()
        form.addRow("", self.arguments_error)
        self.budget = QDoubleSpinBox(self)
        self.budget.setRange(0.01, 600)
        self.budget.setDecimals(2)
        self.budget.setSuffix(self.tr(" s"))
        self.budget.setValue(settings.layout_budget())
        self.budget.setToolTip(self.tr(
            "A graph whose layout would take longer opens collapsed to module level"))
        form.addRow(self.tr("Collapse graphs whose layout takes over:"), self.budget)
        self.readable = QCheckBox(self.tr("Open big graphs at a readable depth"), self)
        self.readable.setObjectName("readableFirstView")
        self.readable.setChecked(settings.readable_first_view())
        self.readable.setToolTip(self.tr(
            "A new graph of more than a few hundred nodes opens with its modules collapsed to the "
            "depth whose labels are readable at the window's size; off: every node the layout "
            "time allows"))
        form.addRow("", self.readable)
        self.label_detail = QComboBox(self)
        self.label_detail.setObjectName("labelDetail")
        details = {"names": self.tr("Names only"), "shapes": self.tr("Names and shapes"),
                   "everything": self.tr("Everything (dtype, device)")}
        for detail in LABEL_DETAILS:
            self.label_detail.addItem(details[detail], detail)
        self.label_detail.setCurrentIndex(max(0, self.label_detail.findData(settings.label_detail())))
        self.label_detail.setToolTip(self.tr("What each node's label says, in the window and in exports"))
        form.addRow(self.tr("Label detail:"), self.label_detail)
        self.language = QComboBox(self)
        for code, text in (("system", self.tr("System language")), *LANGUAGE_NAMES.items()):
            self.language.addItem(text, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language())))
        self.language.setToolTip(self.tr("The window reads in the new language after a restart, "
                                         "which it offers"))
        form.addRow(self.tr("Language:"), self.language)
        self.restart_offer: RestartOffer | None = None
        self.theme = QComboBox(self)
        names = {"system": self.tr("System"), "light": self.tr("Light"), "dark": self.tr("Dark")}
        for theme in THEMES:
            self.theme.addItem(names.get(theme, theme), theme)
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme())))
        form.addRow(self.tr("Theme:"), self.theme)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        note = QLabel(self.tr("Changes apply to the next run of a script."), self)
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def accept(self) -> None:
        s = self.settings
        try:
            split_arguments(self.arguments.text())
        except ValueError as exc:
            self.arguments_error.setText(str(exc))
            self.arguments_error.show()
            self.arguments.setFocus()
            return
        s.set_timeout(self.timeout.value())
        s.set_run_to_end(not self.stop_after.isChecked())
        if self.script is not None:
            s.set_backward_call(self.script, self.backward_call.value())
            s.set_arguments(self.script, self.arguments.text())
        s.set_layout_budget(self.budget.value())
        s.set_readable_first_view(self.readable.isChecked())
        s.set_label_detail(str(self.label_detail.currentData()))
        before = ui_language(s.language())
        s.set_language(str(self.language.currentData()))
        s.set_theme(self.theme.currentData())
        s.sync()
        super().accept()
        self.applied.emit()
        after = ui_language(s.language())
        if after != before:  # the window's text is built in one language: offer a restart
            self.restart_offer = offer_restart(self.parentWidget(), LANGUAGE_NAMES.get(after, after))
