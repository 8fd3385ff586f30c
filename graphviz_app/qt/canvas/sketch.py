"""A whole layout painted by one item while the scene makes its real items a slice at a time.

A picture of 20,000 nodes is 43,000 Python items; making them takes seconds. The scene shows
this sketch at once instead (every frame, node box and edge of the layout, in one ``paint``),
then makes the items in slices, those nearest the view first; the items paint over it, and it
goes when the last one is made. Edges are sketched as straight lines between their nodes'
centres (their splines are read only as their items are made); nodes in their fill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.view import look

SKETCH_Z = -100.0
"""Below every frame, node and edge: the items made paint over it."""
PLAIN_FILL = "#ffffff"
"""A node's fill before the scene's look is known."""


def _cosmetic(color: QColor, width: float = 1.0) -> QPen:
    pen = QPen(color, width)
    pen.setCosmetic(True)
    return pen


class SketchItem(QGraphicsItem):
    """Frames, node boxes and straight edges of a layout in scene coordinates, painted in a
    few batched calls (nodes grouped by fill); it takes no clicks."""

    def __init__(
        self,
        rect: QRectF,
        frames: Sequence[tuple[QRectF, int]],
        boxes: Mapping[str, QRectF],
        edges: Sequence[tuple[str, str]],
    ) -> None:
        super().__init__()
        self._rect = QRectF(rect)
        self._frames: dict[int, list[QRectF]] = {}
        for frame, depth in frames:
            self._frames.setdefault(depth, []).append(frame)
        self._boxes = boxes
        middles = {did: box.center() for did, box in boxes.items()}
        self._lines = [
            QLineF(middles[source], middles[target])
            for source, target in edges
            if source in middles and target in middles
        ]
        self._groups: list[tuple[QColor, list[QRectF]]] = [(QColor(PLAIN_FILL), list(boxes.values()))]
        self.edge_color = QColor(look.EDGE_COLOR)
        self.setZValue(SKETCH_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_fills(self, fills: Mapping[str, str]) -> None:
        """Paint each node in its fill (display id -> color name; PLAIN_FILL where none)."""
        groups: dict[str, list[QRectF]] = {}
        for did, box in self._boxes.items():
            groups.setdefault(fills.get(did, PLAIN_FILL), []).append(box)
        self._groups = [(QColor(name), rects) for name, rects in groups.items()]
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never under the mouse

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        border = _cosmetic(QColor(look.CLUSTER_PEN))
        for depth, rects in self._frames.items():
            painter.setPen(border)
            painter.setBrush(QBrush(QColor(look.cluster_fill(depth))))
            painter.drawRects(rects)
        painter.setPen(_cosmetic(self.edge_color))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawLines(self._lines)
        outline = QColor("#333333")
        for fill, rects in self._groups:
            painter.setBrush(QBrush(fill))
            painter.setPen(_cosmetic(outline))
            painter.drawRects(rects)
