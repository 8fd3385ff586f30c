"""The legend: what each fill color means in the current color mode, with node counts; a strip
under the graph view."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.model.derived import derived
from ...core.view import colors
from ..canvas.scene import transfer_color
from ..document import Document
from ..i18n import fill, text
from ..plain_text import plain_label
from ..theme import is_dark
from ..words import color_mode_names

translate = QCoreApplication.translate


class Swatch(QWidget):
    """A small filled square (or a dashed line sample for transfer edges)."""

    def __init__(self, color: str, *, line: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.color = QColor(color)
        self.line = line
        self.setFixedSize(QSize(22 if line else 14, 14))

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.line:
            pen = QPen(self.color, 2.5)
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(1, 7, 21, 7)
        else:
            p.setPen(QPen(self.color.darker(170), 1))
            p.setBrush(self.color)
            p.drawRoundedRect(QRectF(0.5, 0.5, 13, 13), 3, 3)


class GradBar(QWidget):
    """A colour mode's log-scale ramp (gradient norms, bytes kept) with its tick values."""

    def __init__(self, scale: colors.GradScale, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scale = scale
        self.setMinimumSize(180, 34)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        bar = QRectF(4, 2, self.width() - 8, 12)
        grad = QLinearGradient(bar.topLeft(), bar.topRight())
        for pos, color in self.scale.stops():
            grad.setColorAt(pos, QColor(color))
        p.setBrush(grad)
        p.setPen(QPen(self.palette().color(QPalette.ColorRole.Mid), 1))
        p.drawRect(bar)
        p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        font = p.font()
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        p.setFont(font)
        fm = p.fontMetrics()
        last_right = -1e9
        for tick in self.scale.ticks:
            x = bar.left() + self.scale.position(tick) * bar.width()
            text = self.scale.label(tick)
            w = fm.horizontalAdvance(text)
            left = min(max(0.0, x - w / 2), self.width() - w)
            if left < last_right + 4:
                continue
            p.drawLine(int(x), int(bar.bottom()), int(x), int(bar.bottom() + 3))
            p.drawText(int(left), int(bar.bottom() + 4 + fm.ascent()), text)
            last_right = left + w


class FlowLayout(QLayout):
    """Lays its items out left to right, wrapping to a new line where the width ends."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 14) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        """Place the items in lines within ``rect`` (when ``move``); return the height used."""
        x, y, line = rect.x(), rect.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y, line = rect.x(), y + line + 2, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            line = max(line, hint.height())
        return y + line - rect.y()


class LegendPanel(QFrame):
    """The legend strip under the graph view (never over it, so it hides no node): the color
    mode as a header that folds the strip, then one entry per color, wrapped to the width.
    Rebuilt when the color mode or the graph changes."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legendPanel")
        self.document = document
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAutoFillBackground(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.entries: list[colors.LegendEntry] = []
        self.transfer_count = 0
        self.wanted = True  # the user's View > Legend choice
        self._outer = QVBoxLayout(self)
        self._outer.setContentsMargins(6, 2, 10, 4)
        self._outer.setSpacing(0)
        self.header = QToolButton(self)
        self.header.setObjectName("legendHeader")
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header.setArrowType(Qt.ArrowType.DownArrow)
        self.header.setAutoRaise(True)
        self.header.setToolTip(translate("Legend", "Click to fold or unfold the legend"))
        font = self.header.font()
        font.setBold(True)
        self.header.setFont(font)
        self.header.clicked.connect(self.toggle_folded)
        self._outer.addWidget(self.header, 0, Qt.AlignmentFlag.AlignLeft)
        self.folded = False
        self._content: QWidget | None = None
        self._layout: QLayout = FlowLayout()
        document.graphChanged.connect(self.refresh)
        document.stylesChanged.connect(self.refresh)
        self.refresh()

    def _new_content(self) -> None:
        """Replace the entries with an empty content widget (the old one is deleted later)."""
        old = self._content
        self._content = QWidget(self)
        self._content.setObjectName("legendEntries")
        self._layout = FlowLayout(self._content)
        self._outer.addWidget(self._content)
        if old is not None:
            self._outer.removeWidget(old)
            old.hide()
            old.deleteLater()

    def _row(self, swatch: QWidget, text: str) -> None:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(5)
        layout.addWidget(swatch)
        label = plain_label(QLabel(text))  # device, op and module names come from the data
        label.setObjectName("legendEntry")
        layout.addWidget(label)
        self._layout.addWidget(row)

    def entry_texts(self) -> list[str]:
        """The text of every entry shown (the color rows, then the transfer rows)."""
        if self._content is None:
            return []
        return [label.text() for label in self._content.findChildren(QLabel, "legendEntry")]

    def refresh(self) -> None:
        """Rebuild the rows for the document's graph and color mode (hidden when no graph)."""
        model = self.document.view_model
        graph = model.graph
        if graph is None:
            self.entries = []
            self.setVisible(False)
            return
        key = (model.color_mode, graph, is_dark())  # the graph itself: an id could be reused
        if key == getattr(self, "_key", None):
            return  # entries depend only on the graph and the mode: a step changes nothing here
        self._key = key
        self._new_content()
        self.entries = derived(graph, colors.legend, model.color_mode)
        self.transfer_count = len(colors.transfer_edges(graph))
        name = color_mode_names().get(model.color_mode, model.color_mode)
        self.header.setText(translate("Legend", "Color: {mode}").format(mode=name))
        scale = colors.color_mode(model.color_mode).scale(graph)
        if scale is not None:
            self._layout.addWidget(GradBar(scale))
        for entry in self.entries:
            self._row(Swatch(entry.color), text(entry.message))
        by_target: dict[str, list[tuple[str, str]]] = {}
        for edge in sorted(colors.transfer_edges(graph)):
            by_target.setdefault(graph.nodes[edge[1]].get("device") or "?", []).append(edge)
        for target, edges in sorted(by_target.items()):
            color = transfer_color(graph, edges[0], is_dark())
            n = len(edges)
            self._row(
                Swatch(color, line=True),
                fill(
                    translate("Legend", "copy to {target} ({n} edge)")
                    if n == 1
                    else translate("Legend", "copy to {target} ({n} edges)"),
                    target=target,
                    n=n,
                ),
            )
        if self._content is not None:
            self._content.setVisible(not self.folded)  # a layout shows new children only later
        self.setVisible(self.wanted)
        self._relayout()

    def toggle_folded(self) -> None:
        """Fold the legend to its header line (the canvas gets the room), or unfold."""
        self.folded = not self.folded
        self.header.setArrowType(Qt.ArrowType.RightArrow if self.folded else Qt.ArrowType.DownArrow)
        if self._content is not None:
            self._content.setVisible(not self.folded)
        self._relayout()

    def _relayout(self) -> None:
        """Take the new height now (the window's layout would only do it at the next event)."""
        for widget in (self, self.parentWidget()):
            layout = widget.layout() if widget is not None else None
            if layout is not None:
                layout.activate()
