"""A whole layout painted by one item while the scene makes its real items a slice at a time.

A picture of 20,000 nodes is 43,000 Python items; making them takes seconds. The scene shows
this sketch at once instead (every node box and edge of the layout, in one ``paint``), then
makes the items in slices, those nearest the view first. The sketch lies over every item (a
module's frame, made first, would hide it) and paints only what is not made yet; it goes when
the last item is made. Edges are sketched as straight lines between their nodes' centres (their
splines are read only as their items are made); nodes in their fill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...core.view import look

SKETCH_Z = 1000.0
"""Over every top-level item (the frames, and the nodes and edges they hold)."""
PLAIN_FILL = "#ffffff"
"""A node's fill before the scene's look is known."""
OUTLINE = "#333333"


def _cosmetic(color: QColor) -> QPen:
    pen = QPen(color, 1.0)
    pen.setCosmetic(True)
    return pen


class SketchItem(QGraphicsItem):
    """The node boxes and straight edges of a layout (scene coordinates) not made as items yet,
    painted in a few batched calls (nodes grouped by fill); it takes no clicks."""

    def __init__(self, rect: QRectF, boxes: Mapping[str, QRectF], edges: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self._rect = QRectF(rect)
        self._boxes = dict(boxes)
        """The boxes of the nodes left to make, by display id."""
        middles = {did: box.center() for did, box in boxes.items()}
        self._lines = {
            at: QLineF(middles[source], middles[target])
            for at, (source, target) in enumerate(edges)
            if source in middles and target in middles
        }
        """The lines of the edges left to make, by their index in the layout."""
        self._fills: Mapping[str, str] = {}
        self._drawn: tuple[list[tuple[QColor, list[QRectF]]], list[QLineF]] | None = None
        """What :meth:`paint` draws (None: made again at the next paint)."""
        self.edge_color = QColor(look.EDGE_COLOR)
        self.setZValue(SKETCH_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_fills(self, fills: Mapping[str, str]) -> None:
        """Paint each node in its fill (display id -> color name; PLAIN_FILL where none)."""
        self._fills = fills
        self._drawn = None
        self.update()

    def node_made(self, did: str) -> None:
        """Node ``did`` has its item now (it paints over the box the sketch leaves out)."""
        if self._boxes.pop(did, None) is not None:
            self._drawn = None

    def edge_made(self, at: int) -> None:
        """The layout's edge ``at`` has its item now: its line goes."""
        line = self._lines.pop(at, None)
        if line is not None:
            self._drawn = None
            self.update(QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1))

    def left(self) -> int:
        """How many nodes and edges are sketched (not made yet)."""
        return len(self._boxes) + len(self._lines)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never under the mouse

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        drawn = self._drawn
        if drawn is None:
            groups: dict[str, list[QRectF]] = {}
            fills = self._fills
            for did, box in self._boxes.items():
                groups.setdefault(fills.get(did, PLAIN_FILL), []).append(box)
            drawn = self._drawn = (
                [(QColor(name), rects) for name, rects in groups.items()],
                list(self._lines.values()),
            )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(_cosmetic(self.edge_color))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawLines(drawn[1])
        painter.setPen(_cosmetic(QColor(OUTLINE)))
        for fill, rects in drawn[0]:
            painter.setBrush(QBrush(fill))
            painter.drawRects(rects)
