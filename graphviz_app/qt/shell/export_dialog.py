"""File ▸ Export: choose a format, a path and (for PNG) a scale; the export runs off the GUI thread.

The exported image is drawn by Graphviz from the same DOT the view was laid out from, with the
document's color mode, style layers (search highlights...) and collapsed modules, so it matches
what the user sees. ``core.export.export_graph`` writes atomically: a failure leaves no file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QSignalBlocker, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
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
    QVBoxLayout,
    QWidget,
)

from ...core import export
from ...core.export_formats import BY_KEY, format_for
from ...core.export_formats import FORMATS as EXPORT_FORMATS
from ...errors import ExportError
from ...resources import resources_dir
from ...wire.errors import GraphvizAppError
from ...wire.message import QT_TRANSLATE_NOOP, Message
from ..document import Document
from ..i18n import current_language, file_dialog
from ..jobs import Task
from ..settings import Settings
from ..words import error_text

translate = QCoreApplication.translate

FORMATS = {fmt.key: fmt.name.source for fmt in EXPORT_FORMATS}
"""Each export format's key and English name, in the dialog's order (``core/export_formats.py``)."""


def format_names() -> dict[str, str]:
    """:data:`FORMATS` in the window's language."""
    return {fmt.key: translate(fmt.name.context, fmt.name.source) for fmt in EXPORT_FORMATS}


def file_filters() -> list[str]:
    """The file chooser's filters, one per format in the dialog's order, each with all its
    suffixes: ``"DOT source (Graphviz) (*.dot *.gv)"``."""
    names = format_names()
    return [f"{names[fmt.key]} ({' '.join('*' + s for s in fmt.suffixes)})" for fmt in EXPORT_FORMATS]


def proposed_folder(settings: Settings, source: Path | None) -> Path:
    """Return the folder the dialog proposes: where the last export went, else the folder of
    the open file, if it exists and can be written, and never the app's own bundled resources
    (the lessons' folder: read-only once installed, and replaced by an update); else home."""
    try:
        own: Path | None = resources_dir().resolve()
    except FileNotFoundError:
        own = None
    for folder in (settings.export_dir(), source.parent if source is not None else None):
        if folder is None:
            continue
        try:
            resolved = Path(folder).expanduser().resolve()
        except (OSError, RuntimeError):
            continue
        if own is not None and (resolved == own or own in resolved.parents):
            continue
        if resolved.is_dir() and os.access(resolved, os.W_OK):
            return resolved
    return Path.home()


NO_NAME = QT_TRANSLATE_NOOP("Explanation", "Choose a file name to export to.")
NOT_A_FORMAT = QT_TRANSLATE_NOOP(
    "Explanation", "{name} is not an export format: end the name with {suffixes}."
)
NOT_YOURS = QT_TRANSLATE_NOOP("Explanation", "You cannot write to {folder} (permission denied).")


def check_target(path: Path) -> Message | None:
    """Return why ``path`` cannot be written (in plain words), or None when it looks fine.

    The rules are the exporter's (``core.export``: its formats, and what an export may not
    replace); only what a dialog can say before it starts (a name, a writable folder) is added.
    """
    if not path.name or path.name in (".", ".."):
        return Message.of(NO_NAME)
    if not path.is_dir() and path.suffix.lower() not in export.FORMATS:
        return Message.of(
            NOT_A_FORMAT, name=f"'{path.suffix or path.name}'", suffixes=export.supported_suffixes()
        )
    try:
        export.check_target(path)
    except ExportError as exc:
        return exc.message
    if not os.access(path.parent, os.W_OK):
        return Message.of(NOT_YOURS, folder=str(path.parent))
    return None


class ExportRun(QObject):
    """One export on a background thread: ``finished(path, notices)`` or ``failed(error)``."""

    finished = Signal(str, list)
    failed = Signal(GraphvizAppError)

    def __init__(
        self, document: Document, path: Path, scale: float = 1.0, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        problem = check_target(self.path)
        self._problem = ExportError(problem) if problem else None
        model = document.view_model  # what it shows now: the export runs on a thread
        graph, mode, options = model.graph, model.color_mode, model.options
        styles, step = model.styles(), model.step
        # A .json keeps how it was viewed, so it reopens the same (``saved_view``).
        view: dict[str, Any] = {"collapsed": sorted(options.collapsed), "color": mode}
        language = current_language()  # the legend, caption and a page's words: the window's
        values = model.values_shown()  # badges laid out

        def work() -> Any:
            if graph is None:
                raise ExportError("Nothing to export: no graph is open.")
            return export.export_graph(
                graph,
                self.path,
                mode=mode,
                options=options,
                styles=styles,
                scale=scale,
                step=step,  # the image shows the step: its highlight, marked edges, caption
                view=view,
                values=values,
                language=language,
            )

        self.task = Task(work, None, self)
        self.task.done.connect(self._done)

    def start(self) -> None:
        if self._problem is not None:
            self.failed.emit(self._problem)
            return
        self.task.start()

    def _done(self, task: Task, result: Any, error: Any) -> None:
        task.wait()
        if error is not None:
            self.failed.emit(error)
        else:
            self.finished.emit(str(self.path), list(result or []))


class ExportDialog(QDialog):
    """Asks where and how to export; emits ``exported(path, notices)`` once the file is written."""

    exported = Signal(str, list)

    def __init__(self, parent: QWidget, document: Document, settings: Settings) -> None:
        super().__init__(parent)
        self.setObjectName("exportDialog")
        self.setWindowTitle(translate("ExportDialog", "Export Graph"))
        self.document, self.settings = document, settings
        self.format = QComboBox(self)
        names = format_names()
        for fmt in EXPORT_FORMATS:
            self.format.addItem(f"{names[fmt.key]} ({fmt.suffix})", fmt.key)
        self.path = QLineEdit(self)
        self.path.setMinimumWidth(380)
        browse = QPushButton(translate("ExportDialog", "Browse…"), self)
        browse.clicked.connect(self._browse)
        self.scale = QDoubleSpinBox(self, singleStep=0.5, suffix=" ×")
        self.scale.setRange(0.25, 8.0)
        self.scale.setValue(settings.png_scale())
        self.scale.setToolTip(
            translate("ExportDialog", "PNG resolution: 1× is 96 dpi, 2× suits high-DPI screens and slides")
        )
        self.error = QLabel(self, wordWrap=True)
        self.error.setObjectName("exportError")
        self.error.setStyleSheet("color: #d93025;")
        self.error.hide()
        note = QLabel(
            translate(
                "ExportDialog", "The image uses the current color mode, highlights and collapsed modules."
            ),
            self,
        )
        note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        form = QFormLayout()
        form.addRow(translate("ExportDialog", "Format:"), self.format)
        form.addRow(translate("ExportDialog", "File:"), row)
        form.addRow(translate("ExportDialog", "PNG scale:"), self.scale)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.export_button = self.buttons.addButton(
            translate("ExportDialog", "Export"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.format.currentIndexChanged.connect(self._format_changed)
        self.path.textChanged.connect(self._path_edited)
        stem = document.path.stem if document.path else "graph"
        self.path.setText(str(proposed_folder(settings, document.path) / f"{stem}.png"))
        self.run: ExportRun | None = None

    def _format_changed(self) -> None:
        fmt = BY_KEY[self.format.currentData()]
        self.scale.setEnabled(fmt.scale)
        text = self.path.text().strip()
        if text and format_for(Path(text).suffix) is not fmt:  # another format: another suffix
            self.path.setText(str(Path(text).with_suffix(fmt.suffix)))

    def _path_edited(self, text: str) -> None:
        fmt = format_for(Path(text.strip()).suffix)
        if fmt is not None and fmt.key != self.format.currentData():
            with QSignalBlocker(self.format):
                self.format.setCurrentIndex(self.format.findData(fmt.key))
            self.scale.setEnabled(fmt.scale)
        self.error.hide()

    def save_dialog(self) -> QFileDialog:
        """The Save dialog of Browse… (not shown yet), in the window's language, on the chosen
        format's filter."""
        fmt = BY_KEY[self.format.currentData()]
        filters = file_filters()
        dialog = file_dialog(
            self, translate("ExportDialog", "Export Graph"), self.path.text(), ";;".join(filters), save=True
        )
        dialog.setObjectName("exportFileDialog")
        dialog.selectNameFilter(filters[EXPORT_FORMATS.index(fmt)])
        return dialog

    def _browse(self) -> None:
        fmt = BY_KEY[self.format.currentData()]
        filters = file_filters()
        dialog = self.save_dialog()
        accepted = dialog.exec() == QFileDialog.DialogCode.Accepted
        path, chosen = (dialog.selectedFiles()[0], dialog.selectedNameFilter()) if accepted else ("", "")
        dialog.deleteLater()
        if path:
            if not Path(path).suffix:
                path += EXPORT_FORMATS[filters.index(chosen)].suffix if chosen in filters else fmt.suffix
            self.path.setText(path)

    def export(self) -> ExportRun | None:
        """Start exporting to the chosen path; the dialog closes when the file is written."""
        text = self.path.text().strip()
        if not text:
            self.show_error(Message.of(NO_NAME))
            return None
        path = Path(text).expanduser()
        self.settings.set_png_scale(self.scale.value())
        self.run = ExportRun(self.document, path, self.scale.value(), self)
        self.run.finished.connect(self._finished)
        self.run.failed.connect(lambda error: self.show_error(error.message))
        self.export_button.setEnabled(False)
        self.export_button.setText(translate("ExportDialog", "Exporting…"))
        self.run.start()
        return self.run

    def show_error(self, message: Message | str) -> None:
        self.error.setText(error_text(message))
        self.error.show()
        self.export_button.setEnabled(True)
        self.export_button.setText(translate("ExportDialog", "Export"))

    def _finished(self, path: str, notices: list[Message]) -> None:
        self.settings.set_export_dir(Path(path).parent)
        self.export_button.setEnabled(True)
        self.export_button.setText(translate("ExportDialog", "Export"))
        self.exported.emit(path, notices)
        self.accept()


def render_view_image(view: QWidget) -> QImage:
    """Return what the graph view shows now (graph, highlights) as an image, without the
    minimap (a way to move the view, not part of the picture)."""
    minimap = view.findChild(QWidget, "minimap")
    if minimap is None or not minimap.isVisible():
        return view.grab().toImage()
    minimap.hide()
    try:
        return view.grab().toImage()
    finally:
        minimap.show()


__all__ = ["FORMATS", "ExportDialog", "ExportRun", "GraphvizAppError", "check_target", "render_view_image"]
