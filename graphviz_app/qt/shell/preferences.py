"""Preferences: the run time limit, stopping at the captured backward, gradient health over a
training loop's first backward() calls, which backward call of the
open script to capture (and whether its autograd.grad(create_graph=True) calls count) and the
arguments it runs with, the Python interpreter (a default, and one for the open script) and the
folder scripts run in, the collapse threshold, the Graphviz engine, the language and the theme."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...capture.interpreter import find_interpreter, short_path
from ...core.graphviz.engine import CHOICES, available, set_choice
from ...core.view.display import LABEL_DETAILS
from ...wire.run_options import MAX_HEALTH_STEPS
from .. import i18n
from ..i18n import file_dialog, fill, ui_language
from ..panels.source import is_bundled
from ..settings import (
    DEFAULT_PYTHON_REASON,
    SCRIPT_PYTHON_REASON,
    START_FOLDER,
    WORKING_FOLDERS,
    Settings,
    split_arguments,
)
from ..theme import THEMES

LANGUAGE_NAMES = {"en": "English", "ko": "한국어"}
"""Each language in its own words."""


class PreferencesDialog(QDialog):
    """Edits :class:`Settings`; ``applied`` is emitted after OK wrote them, then ``engineChanged``
    (the new choice) when OK chose another Graphviz engine, then ``languageChanged`` (the new language's name) when OK changed the window's language: the text
    is built in one language, so the main window offers a restart (:mod:`.restart`)."""

    applied = Signal()
    languageChanged = Signal(str)
    engineChanged = Signal(str)

    def __init__(self, settings: Settings, script: Path | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(self.tr("Preferences"))
        self.settings = settings
        self.script = script
        form = QFormLayout()
        self.timeout = QDoubleSpinBox(self, decimals=0, suffix=self.tr(" s"))
        self.timeout.setRange(1, 3600)
        self.timeout.setValue(settings.timeout())
        self.timeout.setToolTip(self.tr("A script still running after this long is stopped"))
        form.addRow(self.tr("Run time limit:"), self.timeout)
        self.stop_after = QCheckBox(self.tr("Stop the script right after the captured backward()"), self)
        self.stop_after.setChecked(not settings.run_to_end())
        self.stop_after.setToolTip(
            self.tr("The graph exists once that call returns; untick to let a training loop run to its end")
        )
        form.addRow("", self.stop_after)
        self.backward_call = QSpinBox(self)
        self.backward_call.setRange(1, 100000)
        self.backward_call.setEnabled(script is not None)
        self.backward_call.setValue(settings.backward_call(script) if script is not None else 1)
        name = script.name if script is not None else self.tr("no script open")
        self.backward_call.setToolTip(
            self.tr("Which backward() call of a training loop to capture, remembered for this script")
        )
        form.addRow(self.tr("Backward call to capture ({name}):").format(name=name), self.backward_call)
        self.grad_graphs = QCheckBox(
            self.tr("Count autograd.grad(create_graph=True) calls, and draw the gradient's graph"), self
        )
        self.grad_graphs.setObjectName("gradGraphs")
        self.grad_graphs.setEnabled(script is not None)
        self.grad_graphs.setChecked(settings.grad_graphs(script) if script is not None else False)
        self.grad_graphs.setToolTip(
            self.tr(
                "By default such a call (a gradient penalty, a MAML inner step) is a step of the forward "
                "and not counted; ticked, it counts as a backward call, and capturing it draws the graph "
                "of the gradients it returned (double backward); remembered for this script"
            )
        )
        form.addRow("", self.grad_graphs)
        self.health = QSpinBox(self)
        self.health.setObjectName("gradientHealth")
        self.health.setRange(0, MAX_HEALTH_STEPS)
        self.health.setSpecialValueText(self.tr("off"))
        self.health.setSuffix(self.tr(" backward() calls"))
        self.health.setValue(settings.health())
        self.health.setToolTip(
            self.tr(
                "Record each parameter's gradient norm over a training loop's first backward() calls "
                "(the script runs on until the last of them) and show in the Gradient Health panel "
                "which modules' gradients vanish or explode; 0: off"
            )
        )
        form.addRow(self.tr("Gradient health:"), self.health)
        self.arguments = QLineEdit(self, placeholderText="--epochs 1 --lr 0.1")
        self.arguments.setObjectName("scriptArguments")
        self.arguments.setEnabled(script is not None)
        self.arguments.setText(settings.arguments(script) if script is not None else "")
        self.arguments.setToolTip(
            self.tr(
                "What the script finds in sys.argv[1:] (argparse), as on a command line; remembered "
                "for this script"
            )
        )
        form.addRow(self.tr("Arguments ({name}):").format(name=name), self.arguments)
        self.arguments_error = QLabel(self, wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.arguments_error.hide()
        form.addRow("", self.arguments_error)
        self._add_interpreter_rows(form, settings, script, name)
        self.budget = QDoubleSpinBox(self, suffix=self.tr(" s"))
        self.budget.setRange(0.01, 600)
        self.budget.setValue(settings.layout_budget())
        self.budget.setToolTip(
            self.tr("A graph whose layout would take longer opens collapsed to module level")
        )
        form.addRow(self.tr("Collapse graphs whose layout takes over:"), self.budget)
        self.readable = QCheckBox(self.tr("Open big graphs at a readable depth"), self)
        self.readable.setObjectName("readableFirstView")
        self.readable.setChecked(settings.readable_first_view())
        self.readable.setToolTip(
            self.tr(
                "A new graph of more than a few hundred nodes opens with its modules collapsed to the "
                "depth whose labels are readable at the window's size; off: every node the layout "
                "time allows"
            )
        )
        form.addRow("", self.readable)
        details = {
            "names": self.tr("Names only"),
            "shapes": self.tr("Names and shapes"),
            "everything": self.tr("Everything (dtype, device)"),
        }
        self.label_detail = self._combo(LABEL_DETAILS, details, settings.label_detail())
        self.label_detail.setObjectName("labelDetail")
        self.label_detail.setToolTip(self.tr("What each node's label says, in the window and in exports"))
        form.addRow(self.tr("Label detail:"), self.label_detail)
        self._add_engine_rows(form, settings)
        languages = {"system": self.tr("System language"), **LANGUAGE_NAMES}
        self.language = self._combo(tuple(languages), languages, settings.language())
        self.language.setToolTip(
            self.tr("The window reads in the new language after a restart, which it offers")
        )
        form.addRow(self.tr("Language:"), self.language)
        names = {"system": self.tr("System"), "light": self.tr("Light"), "dark": self.tr("Dark")}
        self.theme = self._combo(THEMES, names, settings.theme())
        form.addRow(self.tr("Theme:"), self.theme)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        note = QLabel(self.tr("Changes apply to the next run of a script."), self, wordWrap=True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def _add_interpreter_rows(
        self, form: QFormLayout, settings: Settings, script: Path | None, name: str
    ) -> None:
        """The Python interpreter (the default, and this script's own) with the one found, and
        the folder scripts run in."""
        self.python_default = QLineEdit(settings.python(), self)
        self.python_default.setObjectName("pythonDefault")
        self.python_default.setPlaceholderText(
            self.tr(
                "Found beside each script (.venv or venv), else "
                "$VIRTUAL_ENV or $CONDA_PREFIX, else the app's own"
            )
        )
        self.python_default.setToolTip(
            self.tr(
                "The Python every script runs under unless it has its own: a python executable or a "
                "virtual environment's folder"
            )
        )
        form.addRow(self.tr("Python interpreter (every script):"), self._with_browse(self.python_default))
        self.python_script = QLineEdit(settings.python(script) if script is not None else "", self)
        self.python_script.setObjectName("pythonScript")
        self.python_script.setEnabled(script is not None)
        self.python_script.setPlaceholderText(self.tr("The one above"))
        self.python_script.setToolTip(
            self.tr("The Python this script runs under, remembered for this script")
        )
        form.addRow(
            self.tr("Python interpreter ({name}):").format(name=name), self._with_browse(self.python_script)
        )
        self.python_found = QLabel(self)
        self.python_found.setObjectName("pythonFound")
        self.python_found.setWordWrap(True)
        self.python_found.setTextFormat(Qt.TextFormat.PlainText)
        self.python_found.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow("", self.python_found)
        self.python_default.textChanged.connect(self._show_python)
        self.python_script.textChanged.connect(self._show_python)
        self._show_python()
        names = {
            "script": self.tr("The script's folder"),
            "start": self.tr("The folder the app started in ({folder})").format(
                folder=short_path(START_FOLDER)
            ),
            "chosen": self.tr("This folder:"),
        }
        self.working_folder = self._combo(WORKING_FOLDERS, names, settings.working_folder_mode())
        self.working_folder.setObjectName("workingFolder")
        self.working_folder.setToolTip(
            self.tr(
                "The folder a script runs in (its os.getcwd()): where it "
                "reads and writes files named without a folder"
            )
        )
        self.chosen_folder = QLineEdit(settings.chosen_folder(), self)
        self.chosen_folder.setObjectName("chosenFolder")
        row = QWidget(self)
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.working_folder)
        layout.addWidget(self._with_browse(self.chosen_folder, folder=True), 1)
        self.working_folder.currentIndexChanged.connect(self._sync_folder)
        self._sync_folder()
        form.addRow(self.tr("Working folder:"), row)

    def _add_engine_rows(self, form: QFormLayout, settings: Settings) -> None:
        """The Graphviz engine (``core.graphviz.engine``) and the engines installed here."""
        names = {
            "auto": self.tr("Automatic (the system's Graphviz when installed, else the packaged one)"),
            "system": self.tr("System Graphviz (dot on PATH)"),
            "packaged": self.tr("Packaged (graphviz-pure, installed with the app)"),
        }
        self.engine = self._combo(CHOICES, names, settings.engine())
        self.engine.setObjectName("graphvizEngine")
        self.engine.setToolTip(
            self.tr(
                "The program that lays graphs out and draws exports; the packaged one needs no "
                "Graphviz installed and draws PDF through Qt"
            )
        )
        form.addRow(self.tr("Graphviz engine:"), self.engine)
        found = available()
        kinds = {"system": self.tr("system"), "packaged": self.tr("packaged")}
        text = ", ".join(
            f"{found[kind].name} {found[kind].version_number()} ({kinds[kind]})" for kind in found
        )
        self.engines_found = QLabel(
            fill(self.tr("Installed: {engines}"), engines=text) if text else self.tr("No engine installed"),
            self,
        )
        self.engines_found.setObjectName("enginesFound")
        self.engines_found.setWordWrap(True)
        self.engines_found.setTextFormat(Qt.TextFormat.PlainText)
        form.addRow("", self.engines_found)

    def _combo(self, values: tuple[str, ...], names: dict[str, str], current: str) -> QComboBox:
        """A combo box offering ``values`` by their ``names``, ``current`` chosen (else the first)."""
        combo = QComboBox(self)
        for value in values:
            combo.addItem(names[value], value)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        return combo

    def _with_browse(self, field: QLineEdit, *, folder: bool = False) -> QWidget:
        """``field`` with a Browse… button beside it that opens a file (or folder) picker."""
        row = QWidget(self)
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(field, 1)
        button = QPushButton(self.tr("Browse…"), row)
        button.setObjectName(f"{field.objectName()}Browse")
        button.clicked.connect(lambda: self.browse(field, folder=folder))
        field.setProperty("browse", button)
        layout.addWidget(button)
        return row

    def browse(self, field: QLineEdit, *, folder: bool = False) -> QFileDialog:
        """Open a picker for ``field``'s path (a Python executable, or a folder); its choice is
        written into the field."""
        picker = file_dialog(
            self, self.tr("Choose a folder") if folder else self.tr("Choose a Python interpreter")
        )
        picker.setObjectName("pathPicker")
        picker.setFileMode(QFileDialog.FileMode.Directory if folder else QFileDialog.FileMode.ExistingFile)
        current = Path(field.text()).expanduser() if field.text() else None
        start = current if current is not None and current.is_dir() else (current.parent if current else None)
        if start is None and self.script is not None and not is_bundled(self.script):
            start = self.script.parent  # a lesson's folder is the app's: the picker starts at home
        picker.setDirectory(str(start if start is not None else Path.home()))
        picker.fileSelected.connect(field.setText)
        picker.open()
        self.picker = picker
        return picker

    def _show_python(self) -> None:
        """Say which Python the open script would run under with the fields as they are."""
        own, default = self.python_script.text().strip(), self.python_default.text().strip()
        if own and self.script is not None:
            found = find_interpreter(self.script, own, reason=SCRIPT_PYTHON_REASON)
        else:
            found = find_interpreter(self.script, default, reason=DEFAULT_PYTHON_REASON)
        name = self.script.name if self.script is not None else self.tr("A script")
        text = fill(
            self.tr("{name} runs with {python} ({why})."),
            name=name,
            python=short_path(found.path),
            why=i18n.text(found.reason),
        )
        if not found.path.exists():
            text += " " + self.tr("No such file: pick an existing Python.")
        self.python_found.setText(text)

    def _sync_folder(self) -> None:
        chosen = self.working_folder.currentData() == "chosen"
        self.chosen_folder.setEnabled(chosen)
        button = self.chosen_folder.property("browse")
        if isinstance(button, QPushButton):
            button.setEnabled(chosen)

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
        s.set_health(self.health.value())
        s.set_python(self.python_default.text())
        s.set_working_folder_mode(self.working_folder.currentData())
        s.set_chosen_folder(self.chosen_folder.text())
        if self.script is not None:
            s.set_backward_call(self.script, self.backward_call.value())
            s.set_grad_graphs(self.script, self.grad_graphs.isChecked())
            s.set_arguments(self.script, self.arguments.text())
            s.set_python(self.python_script.text(), self.script)
        s.set_layout_budget(self.budget.value())
        s.set_readable_first_view(self.readable.isChecked())
        s.set_label_detail(str(self.label_detail.currentData()))
        engine_before = s.engine()
        s.set_engine(str(self.engine.currentData()))
        set_choice(s.engine())
        before = ui_language(s.language())
        s.set_language(str(self.language.currentData()))
        s.set_theme(self.theme.currentData())
        s.sync()
        super().accept()
        self.applied.emit()
        after = ui_language(s.language())
        if s.engine() != engine_before:
            self.engineChanged.emit(s.engine())
        if after != before:  # the window's text is built in one language: offer a restart
            self.languageChanged.emit(LANGUAGE_NAMES.get(after, after))
