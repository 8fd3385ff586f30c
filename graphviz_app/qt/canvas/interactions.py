"""How the mouse drives the graph view: small *mode* objects (as in xdot).

:class:`PanMode` (default: drag pans, click selects) and :class:`ZoomAreaMode` (Shift+drag a
rectangle to zoom into it). A mode gets the view's mouse events and says whether it handled one.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QMouseEvent, QPolygonF
from PySide6.QtWidgets import QRubberBand, QScrollBar, QWidget

MAX_ZOOM = 12.0
DRAG_THRESHOLD = 4
"""Pixels the mouse moves with a button down before a click becomes a drag."""


class ModeView(Protocol):
    """What a mode asks of the view it drives (:class:`.view.GraphView` is one): its viewport
    and scrollbars, a click, a zoom to a rectangle, and the next mode."""

    def viewport(self) -> QWidget: ...

    def horizontalScrollBar(self) -> QScrollBar: ...

    def verticalScrollBar(self) -> QScrollBar: ...

    def mapToScene(self, rect: QRect, /) -> QPolygonF: ...

    def click_at(self, pos: QPoint) -> None: ...

    def fit_rect(self, rect: QRectF, *, max_zoom: float = MAX_ZOOM, margin: float = 16.0) -> None: ...

    def set_mode(self, mode: InteractionMode) -> None: ...


class InteractionMode:
    """Receives the view's mouse events; returns True when it handled one."""

    def press(self, view: ModeView, event: QMouseEvent) -> bool:
        return False

    def move(self, view: ModeView, event: QMouseEvent) -> bool:
        return False

    def release(self, view: ModeView, event: QMouseEvent) -> bool:
        return False


class PanMode(InteractionMode):
    """Left-drag anywhere pans; a click without drag selects the item under the cursor."""

    def __init__(self) -> None:
        self._start: QPoint | None = None
        self._last: QPoint | None = None
        self._dragging = False

    def press(self, view: ModeView, event: QMouseEvent) -> bool:
        if event.button() not in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            return False
        self._start = self._last = event.position().toPoint()
        self._dragging = event.button() == Qt.MouseButton.MiddleButton
        return True

    def move(self, view: ModeView, event: QMouseEvent) -> bool:
        if self._start is None or self._last is None:
            return False
        pos = event.position().toPoint()
        if not self._dragging and (pos - self._start).manhattanLength() >= DRAG_THRESHOLD:
            self._dragging = True
            view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        if self._dragging:
            delta = pos - self._last
            view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() - delta.x())
            view.verticalScrollBar().setValue(view.verticalScrollBar().value() - delta.y())
        self._last = pos
        return True

    def release(self, view: ModeView, event: QMouseEvent) -> bool:
        if self._start is None:
            return False
        if not self._dragging:
            view.click_at(event.position().toPoint())
        self._start = self._last = None
        self._dragging = False
        view.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        return True


class ZoomAreaMode(InteractionMode):
    """Drag a rectangle; on release the view zooms to fit it. Returns to the previous mode."""

    def __init__(self, previous: InteractionMode) -> None:
        self.previous = previous
        self._origin: QPoint | None = None
        self._band: QRubberBand | None = None

    def press(self, view: ModeView, event: QMouseEvent) -> bool:
        self._origin = event.position().toPoint()
        self._band = QRubberBand(QRubberBand.Shape.Rectangle, view.viewport())
        self._band.setGeometry(self._origin.x(), self._origin.y(), 0, 0)
        self._band.show()
        return True

    def move(self, view: ModeView, event: QMouseEvent) -> bool:
        if self._origin is None or self._band is None:
            return False
        self._band.setGeometry(QRect(self._origin, event.position().toPoint()).normalized())
        return True

    def release(self, view: ModeView, event: QMouseEvent) -> bool:
        if self._origin is None or self._band is None:
            return False
        rect = self._band.geometry()
        self._band.hide()
        self._band.deleteLater()
        self._band = self._origin = None
        if rect.width() > 8 and rect.height() > 8:
            view.fit_rect(view.mapToScene(rect).boundingRect(), max_zoom=MAX_ZOOM)
        view.set_mode(self.previous)
        return True
