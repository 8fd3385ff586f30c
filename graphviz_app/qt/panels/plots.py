"""The Plots dock: the figures the script drew with matplotlib (graph attribute ``plots``).

As in Spyder's plots pane, the selected figure is shown scaled to fit the dock, with its title
and the script line that showed or saved it; a strip of thumbnails under it picks another.
Right-click a figure for Save As PNG.  The images come from the trace as PNG bytes
(:mod:`graphviz_app.core.model.plots`); the window never runs matplotlib.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QPoint, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ...core.model.plots import Plot, plots_of
from ..document import Document
from ..i18n import file_dialog, fill
from ..plain_text import plain_label

THUMBNAIL = QSize(96, 72)
INDEX_ROLE = Qt.ItemDataRole.UserRole + 1

translate = QCoreApplication.translate


def describe(plot: Plot) -> str:
    """How the script made ``plot``, in the window's language (``shown on line 12``)."""
    line = plot.line
    if plot.kind == "saved":
        if line is not None:
            return translate("Plots", "saved to {path} on line {line}").format(path=plot.path, line=line)
        return translate("Plots", "saved to {path}").format(path=plot.path)
    if plot.kind == "open":
        if line is not None:
            return translate("Plots", "still open when the script ended, made on line {line}").format(
                line=line
            )
        return translate("Plots", "still open when the script ended")
    if line is not None:
        return translate("Plots", "shown on line {line}").format(line=line)
    return translate("Plots", "shown")


def caption(plot: Plot, number: int, count: int) -> str:
    """The line above a figure: ``Figure 2 of 3 · Loss · shown on line 12``."""
    figure = translate("Plots", "Figure {number} of {count}").format(number=number, count=count)
    return " · ".join(filter(None, (figure, plot.title, describe(plot))))


class _FigureView(QLabel):
    """One figure, scaled to fit (never enlarged past its own size)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("plotsFigure")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setMinimumSize(80, 60)
        self.image = QPixmap()

    def set_image(self, image: QPixmap) -> None:
        self.image = image
        self._fit()

    def _fit(self) -> None:
        if self.image.isNull():
            self.clear()
            return
        room = self.contentsRect().size()
        fits = self.image.width() <= room.width() and self.image.height() <= room.height()
        keep, smooth = Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
        self.setPixmap(self.image if fits else self.image.scaled(room, keep, smooth))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()


class PlotsPanel(QWidget):
    """The script's figures; ``figuresArrived`` when a script shows figures for the first time
    (reloading the same script again does not repeat it)."""

    figuresArrived = Signal()

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.plots: list[Plot] = []
        self.images: list[QPixmap] = []
        self.current = -1
        self._announced: Path | None = None
        """The source whose figures were last announced (its reloads are not announced again)."""
        self.hint = plain_label(QLabel("", self))  # titles and paths come from the script
        self.hint.setObjectName("plotsCaption")
        self.hint.setWordWrap(True)
        self.hint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.view = _FigureView(self)
        self.strip = QListWidget(self)
        self.strip.setObjectName("plotsStrip")
        self.strip.setViewMode(QListWidget.ViewMode.IconMode)
        self.strip.setFlow(QListWidget.Flow.LeftToRight)
        self.strip.setWrapping(False)
        self.strip.setMovement(QListWidget.Movement.Static)
        self.strip.setIconSize(THUMBNAIL)
        self.strip.setFixedHeight(
            THUMBNAIL.height() + self.strip.horizontalScrollBar().sizeHint().height() + 16
        )
        self.strip.currentRowChanged.connect(self.select)
        for widget in (self.view, self.strip):
            widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(lambda pos: self._menu(self.view, pos, self.current))
        self.strip.customContextMenuRequested.connect(self._strip_menu)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.hint)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.strip)
        document.graphChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the figures of the document's graph (the first one selected)."""
        graph = self.document.view_model.graph
        self.plots = plots_of(graph) if graph is not None else []
        self.images = []
        for plot in self.plots:
            decoded = QImage()
            decoded.loadFromData(plot.png, "PNG")
            self.images.append(QPixmap.fromImage(decoded))
        with QSignalBlocker(self.strip):
            self.strip.clear()
            for number, (plot, pixmap) in enumerate(zip(self.plots, self.images), 1):
                item = QListWidgetItem(QIcon(pixmap), str(number))
                item.setData(INDEX_ROLE, number - 1)
                item.setToolTip(caption(plot, number, len(self.plots)))
                self.strip.addItem(item)
        self.strip.setVisible(len(self.plots) > 1)
        self.current = -1
        if self.plots:
            self.strip.setCurrentRow(0)
            self.select(0)
            if self.document.path != self._announced or self.document.path is None:
                self._announced = self.document.path
                self.figuresArrived.emit()
            return
        self.view.set_image(QPixmap())
        self.hint.setText(
            translate("Plots", "No graph loaded.")
            if graph is None
            else translate(
                "Plots",
                "The script showed no figures. Figures it shows with plt.show(), saves with "
                "savefig() or leaves open appear here.",
            )
        )

    def select(self, index: int) -> None:
        """Show figure ``index`` (0-based)."""
        if not 0 <= index < len(self.plots) or index == self.current:
            return
        self.current = index
        self.hint.setText(caption(self.plots[index], index + 1, len(self.plots)))
        self.view.set_image(self.images[index])
        if self.strip.currentRow() != index:
            self.strip.setCurrentRow(index)

    def save_png(self, index: int, path: str | Path) -> None:
        """Write figure ``index`` to ``path`` as the PNG the script drew; raises OSError."""
        Path(path).write_bytes(self.plots[index].png)

    def save_dialog(self, index: int) -> QFileDialog:
        """The Save dialog for figure ``index`` (not shown yet), in the window's language."""
        plot = self.plots[index]
        suggested = Path(plot.path).with_suffix(".png").name if plot.path else f"figure-{index + 1}.png"
        dialog = file_dialog(
            self,
            translate("Plots", "Save the figure as PNG"),
            suggested,
            translate("Plots", "PNG images (*.png)"),
            save=True,
        )
        dialog.setObjectName("figureFileDialog")
        return dialog

    def save_as(self, index: int) -> None:
        """Ask where to save figure ``index``, and save it there as PNG."""
        if not 0 <= index < len(self.plots):
            return
        dialog = self.save_dialog(index)
        path = dialog.selectedFiles()[0] if dialog.exec() == QFileDialog.DialogCode.Accepted else ""
        dialog.deleteLater()
        if not path:
            return
        if not path.lower().endswith(".png"):
            path += ".png"
        try:
            self.save_png(index, path)
        except OSError as exc:
            QMessageBox.warning(
                self,
                translate("Plots", "Save As PNG"),
                fill(
                    translate("Plots", "Could not write {path}: {reason}. Choose another folder or name."),
                    path=path,
                    reason=exc.strerror or exc,
                ),
            )

    def _strip_menu(self, pos: QPoint) -> None:
        item = self.strip.itemAt(pos)
        if item is not None:
            self._menu(self.strip, pos, int(item.data(INDEX_ROLE)))

    def _menu(self, widget: QWidget, pos: QPoint, index: int) -> None:
        if not 0 <= index < len(self.plots):
            return
        menu = QMenu(self)
        menu.addAction(translate("Plots", "Save As PNG…"), lambda: self.save_as(index))
        menu.exec(widget.mapToGlobal(pos))
