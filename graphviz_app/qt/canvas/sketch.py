"""A whole layout painted by one item while the scene makes its real items a slice at a time.

A picture of 20,000 nodes is 43,000 Python items; making them takes seconds. The scene shows
this sketch at once instead (every node box and edge of the layout, in one ``paint``), then
makes the items in slices, those nearest the view first. The sketch lies over every item (a
module's frame, made first, would hide it) and paints only what is not made yet; it goes when
the last item is made. Edges are sketched as straight lines between their nodes' centres (their
splines are read only as their items are made); nodes in their fill. Boxes and lines are kept
in arrays: a paint picks those in the repainted area, so a view of a few hundred nodes costs
what they do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
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


def _within(bounds: np.ndarray, rect: QRectF) -> np.ndarray:
    """Which of ``bounds`` (rows of left, top, right, bottom) meet ``rect``."""
    meets: np.ndarray = (
        (bounds[:, 0] <= rect.right())
        & (bounds[:, 2] >= rect.left())
        & (bounds[:, 1] <= rect.bottom())
        & (bounds[:, 3] >= rect.top())
    )
    return meets


def fill_codes(ids: Sequence[str], fill: Callable[[str], str]) -> tuple[np.ndarray, list[str]]:
    """Each of ``ids``' fill (``fill(id)``) as a code, and the colour name of each code
    (:meth:`SketchItem.set_fills`); no Qt here, so it runs on any thread."""
    names: dict[str, int] = {PLAIN_FILL: 0}
    codes: np.ndarray = np.zeros(len(ids), dtype=np.intp)
    for row, did in enumerate(ids):
        codes[row] = names.setdefault(fill(did), len(names))
    return codes, list(names)


class SketchItem(QGraphicsItem):
    """The node boxes and straight edges of a layout (scene coordinates) not made as items yet,
    painted in a few batched calls (nodes grouped by fill); it takes no clicks."""

    def __init__(self, rect: QRectF, rows: Mapping[str, int], boxes: np.ndarray, ends: np.ndarray) -> None:
        """``rows``: each node's row in ``boxes``, its box's left, top, width and height; ``ends``:
        per edge of the layout, in its order, the rows of its ends (-1: an end not sketched)."""
        super().__init__()
        self._rect = QRectF(rect)
        self._row = rows
        boxes = boxes.reshape(-1, 4)
        self._boxes = boxes
        self._box_bounds = np.column_stack((boxes[:, :2], boxes[:, :2] + boxes[:, 2:]))
        self._nodes_left: np.ndarray = np.ones(len(boxes), dtype=bool)
        middles = boxes[:, :2] + boxes[:, 2:] / 2
        ends = ends.reshape(-1, 2)
        drawn = (ends >= 0).all(axis=1)
        self._lines = np.column_stack((middles[ends[:, 0]], middles[ends[:, 1]]))
        """Per edge of the layout, its line from centre to centre (x1, y1, x2, y2)."""
        self._line_bounds = np.column_stack(
            (
                np.minimum(self._lines[:, :2], self._lines[:, 2:]),
                np.maximum(self._lines[:, :2], self._lines[:, 2:]),
            )
        )
        self._edges_left = drawn
        self._fill_of: np.ndarray = np.zeros(len(boxes), dtype=np.intp)
        self._colors = [QColor(PLAIN_FILL)]
        self.edge_color = QColor(look.EDGE_COLOR)
        self.setZValue(SKETCH_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)  # exposedRect

    def set_fills(self, codes: np.ndarray, names: list[str]) -> None:
        """Paint each node in its fill: per row, a code into ``names``' colours
        (:func:`fill_codes`)."""
        self._fill_of = codes
        self._colors = [QColor(name) for name in names]
        self.update()

    def node_made(self, did: str) -> None:
        """Node ``did`` has its item now (it paints over the box the sketch leaves out)."""
        row = self._row.get(did)
        if row is not None:
            self._nodes_left[row] = False

    def edge_made(self, at: int) -> None:
        """The layout's edge ``at`` has its item now: its line goes."""
        if self._edges_left[at]:
            self._edges_left[at] = False
            left, top, right, bottom = self._line_bounds[at].tolist()
            self.update(QRectF(left - 1, top - 1, right - left + 2, bottom - top + 2))

    def left(self) -> int:
        """How many nodes and edges are sketched (not made yet)."""
        return int(self._nodes_left.sum() + self._edges_left.sum())

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never under the mouse

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = option.exposedRect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        lines = self._lines[self._edges_left & _within(self._line_bounds, exposed)]
        painter.setPen(_cosmetic(self.edge_color))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawLines([QLineF(*line) for line in lines.tolist()])
        shown = self._nodes_left & _within(self._box_bounds, exposed)
        painter.setPen(_cosmetic(QColor(OUTLINE)))
        fills = self._fill_of[shown]
        boxes = self._boxes[shown]
        for code in np.unique(fills).tolist():
            painter.setBrush(QBrush(self._colors[code]))
            painter.drawRects([QRectF(*box) for box in boxes[fills == code].tolist()])
