"""The minimap: a small picture of the whole graph in the view's corner, the visible area framed.

It shows only while part of the graph is out of sight (a graph that fits needs no map, and the
map then covers nothing), in a corner of the view free of nodes and their value badges
(bottom-right when that one is free); while every corner would hide a node, it stays hidden. The picture is a pixmap drawn once from the scene's
:class:`~graphviz_app.qt.canvas.overview.OverviewItem` (a few batched calls, cheap on 20,000
nodes) and kept until the layout or the looks change (:meth:`Minimap.invalidate`); a pan or a zoom
only moves the frame. A click or a drag in the map centres the view there.
"""

from __future__ import annotations

import time
import weakref
from collections import deque
from collections.abc import Iterator

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsView, QStyleOptionGraphicsItem, QWidget

from .items import NodeItem
from .overview import OverviewItem
from .scene import GraphScene

translate = QCoreApplication.translate

MAX_SIZE = QSize(200, 150)
"""The map's largest size in pixels; a tall or wide graph gets a narrower one."""
VIEW_SHARE = 0.28
"""The map takes at most this share of the viewport's width and height (a small window keeps
most of its canvas for the graph)."""
MIN_SIDE = 36
"""The map's shortest side in pixels (a very tall graph still gets a usable strip)."""
MARGIN = 10
"""Pixels between the map and the viewport's corner."""
PADDING = 4
"""Pixels between the map's border and the picture."""
MIN_PICTURE = 20
"""The picture's shortest side in pixels: a graph a thousand times taller than wide is stretched
sideways to this width (a map of where things are, not of their proportions)."""
MIN_FRAME = 4
"""The frame's shortest side in pixels, so a tiny visible area still shows where it is."""
CORNERS = ("bottom-right", "bottom-left", "top-right", "top-left")
"""Where the map may sit, in the order it is tried."""
REDRAW_DELAY_MS = 200
"""After a new layout or look, the map shows its last picture this long before drawing the new
one (a pass over every item): the graph's own repaint comes first."""
PREPARE_SLICE_S = 0.008
"""A new picture is made (its shapes, :meth:`GraphScene.prepare_overview`, then its painting,
:meth:`OverviewItem.paint_map_steps`) for at most about this long per turn of the event loop."""
OVERLAY_COST = 1e9
"""What covering another floating part of the view counts, in square pixels of nodes: more
than any node area, so the map never hides the banner or the busy bar while a corner is free
of them."""


class Minimap(QWidget):
    """An overview of ``view``'s whole graph in its bottom-right corner (a child of the view:
    the graph view, though the map asks only what any ``QGraphicsView`` answers)."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.setObjectName("minimap")
        self.view = view
        self.wanted = True
        """The user's View ▸ Minimap choice; the map still hides while the graph fits."""
        self._pixmap: QPixmap | None = None
        self._source: tuple[object, QRectF] | None = None
        """The overview item (a new layout makes a new one), weakly, and the graph's rectangle
        (badges can grow it) the pixmap was drawn from.  (Held strongly, an overview replaced
        kept every item it drew alive until the next picture, past the disposal that deletes
        them a slice at a time: after Expand All at 20,000 nodes, 0.35 s freeing them at once.)"""
        self.renders = 0
        """How many times the picture was drawn (a pan or a zoom must not draw it again)."""
        self._stale = False
        """The looks changed since the picture was drawn."""
        self._due = False
        """The redraw timer ran out: the next paint draws the picture anew."""
        self._redraw = QTimer(self, singleShot=True, interval=REDRAW_DELAY_MS)
        self._redraw.timeout.connect(self._draw_soon)
        self._preparing = QTimer(self, singleShot=True, interval=0)
        """The next slice of the new picture (:meth:`_draw_soon`)."""
        self._preparing.timeout.connect(self._draw_soon)
        self._painting: tuple[QPixmap, QPainter, Iterator[None], tuple[object, QRectF]] | None = None
        """The new picture while it is painted a part at a time: the pixmap, its painter, the
        parts left and what it is drawn from."""
        self.corner = CORNERS[0]
        """The viewport corner the map sits in (it moves when its corner would cover nodes)."""
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        # opaque: moving the frame repaints the map alone, never the scene under it
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setToolTip(
            translate(
                "Minimap",
                "The whole graph: the frame is what the view shows. Click or drag to move the view.",
            )
        )
        self.hide()

    # -- state ---------------------------------------------------------------------------------
    def _scene(self) -> GraphScene | None:
        scene = self.view.scene()
        return scene if isinstance(scene, GraphScene) and scene.overview is not None else None

    def _visible(self) -> QRectF:
        """The scene rectangle the view shows now."""
        return self.view.mapToScene(self.view.viewport().rect()).boundingRect()

    def graph_rect(self) -> QRectF:
        """The scene rectangle the map pictures (empty without a graph)."""
        scene = self._scene()
        return QRectF(scene.graph_rect) if scene is not None else QRectF()

    def needed(self) -> bool:
        """True when the user wants the map and part of the graph is out of sight."""
        rect = self.graph_rect()
        return self.wanted and not rect.isEmpty() and not self._visible().contains(rect)

    def invalidate(self) -> None:
        """The looks changed: the picture is drawn again shortly after the map is next painted
        (the last one shown meanwhile)."""
        self._stale = True
        self._drop_painting()  # (of the looks before)
        if self.isVisible():
            self.update()

    def postpone(self) -> None:
        """A new layout is on its way: the picture is drawn once it is shown, not meanwhile
        (drawing it holds Python for about half a second at 20,000 nodes, which the layout
        thread and the new picture's arrival would wait for)."""
        self._redraw.stop()
        self._drop_painting()
        self._due = False

    def _drop_painting(self) -> None:
        """Give up the picture being made (the graph or its looks changed meanwhile)."""
        self._preparing.stop()
        if self._painting is not None:
            self._painting[1].end()
            self._painting = None

    def _draw_soon(self) -> None:
        """Make the new picture a slice per turn of the event loop (the scene's shapes, then
        the painting, part by part), so that no turn holds the window long; then show it.
        At 20,000 nodes after Expand All that is about 0.2 s of shapes and 0.07 s of painting."""
        scene = self._scene()
        deadline = time.perf_counter() + PREPARE_SLICE_S
        overview = scene.overview if scene is not None else None
        if scene is None or overview is None:
            self._drop_painting()
            return
        source = self._source_of(scene, overview)
        if self._painting is not None and (
            self._painting[3] != source or self._painting[0].deviceIndependentSize() != self.size()
        ):
            self._drop_painting()  # another layout, or the map's size, since it began
        if self._painting is None:
            if not scene.prepare_overview(deadline):
                self._preparing.start()
                return
            transform = self._transform()
            if transform is None:  # nothing to draw: the next paint says so
                self._due = True
                self.update()
                return
            self._painting = self._begin_picture(scene, overview, transform, source)
        for _ in self._painting[2]:
            if time.perf_counter() >= deadline:
                self._preparing.start()
                return
        self._end_picture()
        self.update()

    def _begin_picture(
        self, scene: GraphScene, overview: OverviewItem, transform: QTransform, source: tuple[object, QRectF]
    ) -> tuple[QPixmap, QPainter, Iterator[None], tuple[object, QRectF]]:
        """A new picture of ``scene`` to paint, the parts of its painting not done yet."""
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(self.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setTransform(transform)
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(transform)
        return pixmap, painter, overview.paint_map_steps(painter, scale, scene.overview_homes()), source

    def _end_picture(self) -> QPixmap:
        """Show the picture just painted from now on."""
        assert self._painting is not None
        pixmap, painter, _steps, source = self._painting
        painter.end()
        self._painting = None
        self._pixmap, self._source = pixmap, source
        self._due = self._stale = False
        self.renders += 1
        return pixmap

    def sync(self) -> None:
        """Show or hide the map for the view's zoom and scroll, and move its frame."""
        if not self.needed() or not self.place():
            self.hide()
            return
        if not self.isVisible():
            self.show()
            self.raise_()
        self.update()

    def place(self) -> bool:
        """Take the graph's proportions and sit in the first viewport corner free of nodes
        (bottom-right first; the corner it sat in while that one stays free); False when every
        corner would hide a node (it then keeps its place, to be hidden)."""
        rect = self.graph_rect()
        if rect.isEmpty():
            return False
        port = self.view.viewport().geometry()
        most_w = max(MIN_SIDE, min(MAX_SIZE.width(), int(port.width() * VIEW_SHARE)))
        most_h = max(MIN_SIDE, min(MAX_SIZE.height(), int(port.height() * VIEW_SHARE)))
        inner_w, inner_h = most_w - 2 * PADDING, most_h - 2 * PADDING
        scale = min(inner_w / rect.width(), inner_h / rect.height())
        width = max(MIN_SIDE, round(rect.width() * scale) + 2 * PADDING)
        height = max(MIN_SIDE, round(rect.height() * scale) + 2 * PADDING)
        if self.size() != QSize(width, height):
            self.resize(width, height)  # the last picture is stretched to it until drawn anew
        spots = {corner: self._spot(corner, port, QSize(width, height)) for corner in CORNERS}
        if self._covered(spots[self.corner]) > 0:  # stay put while the corner is free
            covered = {corner: self._covered(spot) for corner, spot in spots.items()}
            self.corner = min(CORNERS, key=lambda corner: covered[corner])  # ties: the first
            if covered[self.corner] > 0:
                return False
        self.move(spots[self.corner].topLeft())
        return True

    @staticmethod
    def _spot(corner: str, port: QRect, size: QSize) -> QRect:
        """Where the map of ``size`` sits in ``corner`` of the viewport ``port`` (view coordinates)."""
        left = port.left() + MARGIN if corner.endswith("left") else port.right() - size.width() - MARGIN + 1
        top = port.top() + MARGIN if corner.startswith("top") else port.bottom() - size.height() - MARGIN + 1
        return QRect(QPoint(left, top), size)

    def _covered(self, spot: QRect) -> float:
        """How much of the drawn nodes and their badges the map would hide at ``spot`` (view
        coordinates), in square pixels."""
        area = 0.0
        for overlay in self.view.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            # the view's other floating parts (the stale-graph banner, the busy bar) come first
            if overlay is self or overlay is self.view.viewport() or overlay.objectName().startswith("qt_"):
                continue
            if overlay.isVisible() and overlay.geometry().intersects(spot):
                area += OVERLAY_COST
        scene = self.view.scene()
        if scene is None:
            return area
        port = self.view.viewport().geometry()
        inside = QRectF(spot.translated(-port.topLeft()))
        under = self.view.mapToScene(spot.translated(-port.topLeft()))
        for item in scene.items(under, Qt.ItemSelectionMode.IntersectsItemBoundingRect):
            if isinstance(item, NodeItem) and item.isVisible():
                box = QRectF(self.view.mapFromScene(item.sceneBoundingRect()).boundingRect())
                hidden = box.intersected(inside)
                area += hidden.width() * hidden.height()
        return area

    # -- geometry ------------------------------------------------------------------------------
    def picture_rect(self) -> QRectF:
        """Where the graph is drawn inside the map: its proportions kept unless a side would be
        under ``MIN_PICTURE`` pixels, centred."""
        rect = self.graph_rect()
        box = QRectF(self.rect()).adjusted(PADDING, PADDING, -PADDING, -PADDING)
        if rect.isEmpty() or box.isEmpty():
            return QRectF()
        scale = min(box.width() / rect.width(), box.height() / rect.height())
        width = min(box.width(), max(round(rect.width() * scale), MIN_PICTURE))
        height = min(box.height(), max(round(rect.height() * scale), MIN_PICTURE))
        picture = QRectF(0, 0, width, height)
        picture.moveCenter(box.center())
        return picture

    def _transform(self) -> QTransform | None:
        """Scene → map coordinates."""
        rect, picture = self.graph_rect(), self.picture_rect()
        if rect.isEmpty() or picture.isEmpty():
            return None
        transform = QTransform()
        transform.translate(picture.left(), picture.top())
        transform.scale(picture.width() / rect.width(), picture.height() / rect.height())
        transform.translate(-rect.left(), -rect.top())
        return transform

    def to_scene(self, pos: QPointF) -> QPointF:
        """The scene point under map position ``pos``."""
        transform = self._transform()
        if transform is None:
            return QPointF()
        inverse, _ok = transform.inverted()
        return inverse.map(pos)

    def frame_rect(self) -> QRectF:
        """The visible area, in map coordinates (the frame drawn over the picture), at least
        ``MIN_FRAME`` pixels on each side."""
        transform = self._transform()
        if transform is None:
            return QRectF()
        frame = transform.mapRect(self._visible())
        grow_x, grow_y = max(0.0, MIN_FRAME - frame.width()) / 2, max(0.0, MIN_FRAME - frame.height()) / 2
        return frame.adjusted(-grow_x, -grow_y, grow_x, grow_y)

    # -- painting ------------------------------------------------------------------------------
    @staticmethod
    def _source_of(scene: GraphScene, overview: object) -> tuple[object, QRectF]:
        """What a picture of ``scene`` now is drawn from (see ``_source``)."""
        return weakref.ref(overview), QRectF(scene.graph_rect)

    def _picture(self) -> QPixmap | None:
        scene = self._scene()
        transform = self._transform()
        overview = scene.overview if scene is not None else None
        if scene is None or transform is None or overview is None:
            return None
        source = self._source_of(scene, overview)
        fitting = self._pixmap is not None and self._pixmap.deviceIndependentSize() == self.size()
        fresh = self._source == source and not self._stale and fitting
        if fresh:
            self._due = False
        if self._pixmap is not None and (fresh or not self._due):
            if not fresh and not self._redraw.isActive():  # a new layout or look: drawn soon,
                self._redraw.start()  # off the repaint that shows it in the view
            return self._pixmap
        self._drop_painting()  # (drawn now, in one go)
        self._painting = self._begin_picture(scene, overview, transform, source)
        deque(self._painting[2], maxlen=0)
        return self._end_picture()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        picture = self._picture()
        if picture is not None:
            painter.drawPixmap(QRectF(self.rect()), picture, QRectF(picture.rect()))
        frame = self.frame_rect().intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        if not frame.isEmpty():
            highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
            painter.setPen(QPen(highlight, 2))
            highlight.setAlpha(40)
            painter.setBrush(highlight)
            painter.drawRect(frame)

    # -- mouse ---------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.view.centerOn(self.to_scene(event.position()))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.view.centerOn(self.to_scene(event.position()))
            event.accept()
            return
        super().mouseMoveEvent(event)
