"""The graph view: wheel zoom around the cursor, drag to pan, fit, pick, placeholder, busy bar,
scrollbars along an axis the graph overflows, and a minimap while part of the graph is out of sight.

Mouse handling is delegated to the interaction modes of :mod:`.interactions` (as in xdot).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPalette, QResizeEvent, QTransform, QWheelEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QStyle,
    QWidget,
)

from ...core.view.first_view import MIN_READABLE_ZOOM, Box, opening_window
from ..plain_text import plain_label
from .interactions import MAX_ZOOM, InteractionMode, PanMode, ZoomAreaMode
from .items import ClusterItem, EdgeItem, NodeItem
from .minimap import Minimap
from .overview import OVERVIEW_SCALE
from .scene import GraphScene

MIN_ZOOM = 0.02
FIT_MAX_ZOOM = 1.75
"""Fit never magnifies a tiny graph past this: four nodes should not fill a 4K screen."""
READABLE_ZOOM = 0.9
"""Below this zoom, 10 pt labels are too small to read on a typical screen."""
WHEEL_STEP = 1.0015  # zoom factor per 1/8 degree of wheel rotation: one notch (120) = x1.2
PICK_RADIUS = 4
"""Far out, a click this many pixels off a node still picks it."""


class GraphView(QGraphicsView):
    """Shows a :class:`~graphviz_app.qt.scene.GraphScene`; emits clicks in graph terms."""

    itemClicked = Signal(object)  # the QGraphicsItem clicked, or None for the background
    itemDoubleClicked = Signal(object)
    zoomChanged = Signal(float)

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.rankdir = "TB"
        """Where the drawing starts: "TB" at its top, "LR" at its left side (its inputs)."""
        self.setObjectName("graphView")
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        # shown by _sync_scroll_area along an axis the graph overflows
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        self.setMouseTracking(True)
        self.mode: InteractionMode = PanMode()
        self._own_rect = False
        """True while the view spans its own scroll area (a graph is shown), not the scene's."""
        self.placeholder = QCoreApplication.translate(
            "GraphView", "Open a PyTorch script (Ctrl+O) or drop a .py file here"
        )
        self.busy = BusyOverlay(self)
        self.busy.hide()
        self.minimap = Minimap(self)
        self.zoomChanged.connect(self._sync_level_of_detail)
        self.zoomChanged.connect(self._view_moved)
        self.horizontalScrollBar().valueChanged.connect(self._view_moved)
        self.verticalScrollBar().valueChanged.connect(self._view_moved)
        scene.sceneRectChanged.connect(self._view_moved)  # a new layout, or badges grew the graph
        if isinstance(scene, GraphScene):
            scene.built.connect(self._view_moved)  # the minimap pictures a build once it is done

    def _sync_level_of_detail(self, zoom: float) -> None:
        """Let the scene switch between detail items and its overview for this zoom."""
        scene = self.scene()
        if isinstance(scene, GraphScene):
            scene.set_view_scale(zoom)

    def setScene(self, scene: QGraphicsScene | None) -> None:
        old = self.scene()
        if old is not None:
            old.sceneRectChanged.disconnect(self._view_moved)
            if isinstance(old, GraphScene):
                old.built.disconnect(self._view_moved)
        super().setScene(scene)
        if scene is not None:
            scene.sceneRectChanged.connect(self._view_moved)
            if isinstance(scene, GraphScene):
                scene.built.connect(self._view_moved)
        self._sync_level_of_detail(self.zoom())
        self._view_moved()

    # -- where the view is -------------------------------------------------------------------
    def visible_scene_rect(self) -> QRectF:
        """Return the scene rectangle the viewport shows now."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def _view_moved(self, *_args: object) -> None:
        """The view zoomed or scrolled: fit the scroll area, move the minimap's frame."""
        self._sync_scroll_area()
        self.minimap.sync()

    def _scroll_area(self, zoom: float) -> QRectF:
        """Return the scene area the scrollbars span at ``zoom``: the graph and half a viewport
        around it, so any node can be centred and the graph never scrolls out of sight (null
        without a graph: the scene's own rectangle)."""
        rect = self.content_rect()
        if rect.isEmpty() or zoom <= 0:
            return QRectF()
        half_w = self.viewport().width() / zoom / 2
        half_h = self.viewport().height() / zoom / 2
        return rect.adjusted(-half_w, -half_h, half_w, half_h)

    def _sync_scroll_area(self, zoom: float | None = None) -> None:
        """Span the scrollbars over the graph (see :meth:`_scroll_area`) and show each one only
        while the graph overflows the viewport along its axis."""
        zoom = self.zoom() if zoom is None else zoom
        area = self._scroll_area(zoom)
        if area != self.sceneRect() and not (area.isNull() and not self._own_rect):
            self._own_rect = not area.isNull()
            self.setSceneRect(area)
        rect = self.content_rect()
        port = self.viewport().size()
        wide = not rect.isEmpty() and rect.width() * zoom > port.width() + 1
        tall = not rect.isEmpty() and rect.height() * zoom > port.height() + 1
        on, off = Qt.ScrollBarPolicy.ScrollBarAlwaysOn, Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        horizontal, vertical = (on if wide else off), (on if tall else off)
        if (self.horizontalScrollBarPolicy(), self.verticalScrollBarPolicy()) == (horizontal, vertical):
            return
        # Showing a bar only narrows the viewport, so a graph that overflows still does: no
        # flicker. The bar covers the viewport's edge: what is drawn keeps its place on screen.
        corner = self.mapToScene(QPoint(0, 0))
        self.setHorizontalScrollBarPolicy(horizontal)
        self.setVerticalScrollBarPolicy(vertical)
        moved = self.mapFromScene(corner)
        if not moved.isNull():
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())

    def setTransform(self, matrix: QTransform, combine: bool = False) -> None:
        """Set the zoom, first widening the scroll area for it so the view is not clamped."""
        wider = self._scroll_area(matrix.m11()).united(self._scroll_area(self.zoom()))
        if not wider.isNull():
            self._own_rect = True
            self.setSceneRect(wider)
        super().setTransform(matrix, combine)
        self._sync_scroll_area()

    def centerOn(self, *args: object) -> None:
        """Centre on a scene point or item (the scroll area is brought up to date first)."""
        self._sync_scroll_area()
        super().centerOn(*args)  # type: ignore[call-overload]

    # -- zoom --------------------------------------------------------------------------------
    def zoom(self) -> float:
        """Return the current scale (1.0: one Graphviz point per pixel)."""
        return self.transform().m11()

    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Scale to ``zoom`` (clamped), keeping the scene point under ``anchor`` (viewport pos) fixed."""
        zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        if abs(zoom - self.zoom()) < 1e-9:
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        self.setTransform(QTransform.fromScale(zoom, zoom))
        moved = self.mapFromScene(before) - anchor.toPoint()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())
        self.zoomChanged.emit(self.zoom())

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        self.set_zoom(self.zoom() * factor, anchor)

    def zoom_in(self) -> None:
        self.zoom_by(1.25)

    def zoom_out(self) -> None:
        self.zoom_by(1 / 1.25)

    def actual_size(self) -> None:
        self.set_zoom(1.0)

    def fit(self) -> None:
        """Show the whole graph (magnifying a small one at most ``FIT_MAX_ZOOM`` times)."""
        rect = self.content_rect()
        if rect.isEmpty():
            self.resetTransform()
            self.zoomChanged.emit(self.zoom())
            return
        self.fit_rect(rect, max_zoom=FIT_MAX_ZOOM)

    def content_rect(self) -> QRectF:
        """Return the scene rectangle the graph covers (empty when there is none)."""
        scene = self.scene()
        if scene is None:
            return QRectF()
        if isinstance(scene, GraphScene):  # it knows, without asking each item
            return QRectF(scene.graph_rect)
        return scene.itemsBoundingRect()

    def show_initial(self, readable: float = READABLE_ZOOM) -> None:
        """Show a newly loaded graph: all of it if its labels stay readable
        (:data:`~graphviz_app.core.view.first_view.MIN_READABLE_ZOOM` or more), else where it
        starts (its inputs) at a readable zoom: its top, or the left side of a left-to-right
        picture (:attr:`rankdir`), every node shown whole with its value badge
        (:func:`~graphviz_app.core.view.first_view.opening_window`); Fit (Ctrl+0) still shows
        everything."""
        rect = self.content_rect()
        zoom = self._fit_zoom(rect, FIT_MAX_ZOOM)
        if zoom is None or zoom >= MIN_READABLE_ZOOM:
            self.fit()
            return
        boxes = self._node_boxes()
        content = _box(rect)
        # the graph overflows: a scroll bar may take an edge of the viewport, so plan without both
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        port = self.viewport().size()
        planned = opening_window(
            boxes, (port.width() - bar, port.height() - bar), content=content, rankdir=self.rankdir
        )
        if planned is None:
            self._show_start(rect, readable)
            return
        self.setTransform(QTransform.fromScale(planned.zoom, planned.zoom))
        port = self.viewport().size()  # the bars this zoom needs are shown now
        window = opening_window(
            boxes, (port.width(), port.height()), content=content, rankdir=self.rankdir, zooms=[planned.zoom]
        )
        left, top, right, bottom = (window or planned).rect
        self.centerOn(QPointF((left + right) / 2, (top + bottom) / 2))
        self.zoomChanged.emit(self.zoom())

    def _show_start(self, rect: QRectF, readable: float) -> None:
        """Show where the graph starts at ``readable`` zoom, centred on the nodes there (when
        no placement shows a node whole: the first rank is wider than the view)."""
        self.setTransform(QTransform.fromScale(readable, readable))
        if self.rankdir == "LR":
            view_w = self.viewport().width() / readable
            boxes = self._node_rects()
            nodes_left = min((box.left() for box in boxes), default=rect.left())
            band = self._united(box for box in boxes if box.left() < nodes_left + view_w)
            centre_y = band.center().y() if not band.isNull() else rect.center().y()
            self.centerOn(QPointF(nodes_left + view_w / 2 - 12 / readable, centre_y))
        else:
            view_h = self.viewport().height() / readable
            # the top nodes' centre, not the content's: wide value badges reach far beside them
            band = self._united(box for box in self._node_rects() if box.top() < rect.top() + view_h)
            centre_x = band.center().x() if not band.isNull() else rect.center().x()
            self.centerOn(QPointF(centre_x, rect.top() + view_h / 2 - 12 / readable))
        self.zoomChanged.emit(self.zoom())

    def _node_boxes(self) -> list[Box]:
        """Each drawn node's rectangle with its value badge and outline, in scene coordinates
        (left, top, right, bottom)."""
        scene = self.scene()
        return scene.node_boxes() if isinstance(scene, GraphScene) else []

    def _node_rects(self) -> list[QRectF]:
        scene = self.scene()
        return scene.node_rects() if isinstance(scene, GraphScene) else []

    @staticmethod
    def _united(rects: Iterable[QRectF]) -> QRectF:
        return functools.reduce(QRectF.united, rects, QRectF())

    def fit_rect(self, rect: QRectF, *, max_zoom: float = MAX_ZOOM, margin: float = 16.0) -> None:
        """Zoom and scroll so ``rect`` (scene coordinates) fills the viewport."""
        zoom = self._fit_zoom(rect, max_zoom, margin)
        if zoom is None:
            return
        self.setTransform(QTransform.fromScale(zoom, zoom))
        self.centerOn(rect.center())
        self.zoomChanged.emit(self.zoom())

    def _fit_zoom(self, rect: QRectF, max_zoom: float, margin: float = 16.0) -> float | None:
        """Return the zoom at which ``rect`` fills the viewport, or None if either is empty."""
        view = QRectF(self.viewport().rect()).adjusted(margin, margin, -margin, -margin)
        if rect.isEmpty() or view.width() <= 0 or view.height() <= 0:
            return None
        zoom = min(view.width() / rect.width(), view.height() / rect.height(), max_zoom)
        return max(MIN_ZOOM, zoom)

    def reveal(self, item: QGraphicsItem, min_zoom: float = 0.8) -> None:
        """Scroll ``item`` to the middle, zooming in when it would be too small to read."""
        if self.zoom() < min_zoom:
            self.setTransform(QTransform.fromScale(min_zoom, min_zoom))
            self.zoomChanged.emit(self.zoom())
        self.centerOn(item.sceneBoundingRect().center())

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Zoom around the cursor; Shift+wheel scrolls sideways."""
        delta = event.angleDelta().y() or event.angleDelta().x()
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            bar = self.horizontalScrollBar()
            bar.setValue(bar.value() - delta)
            event.accept()
            return
        if delta:
            self.zoom_by(WHEEL_STEP**delta, event.position())
        event.accept()

    # -- mouse -------------------------------------------------------------------------------
    def set_mode(self, mode: InteractionMode) -> None:
        self.mode = mode
        cursor = (
            Qt.CursorShape.CrossCursor if isinstance(mode, ZoomAreaMode) else Qt.CursorShape.OpenHandCursor
        )
        self.viewport().setCursor(cursor)

    def start_zoom_area(self) -> None:
        """Switch to drawing a rectangle to zoom into (Shift+drag does the same)."""
        if not isinstance(self.mode, ZoomAreaMode):
            self.set_mode(ZoomAreaMode(self.mode))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if (
            event.button() == Qt.MouseButton.LeftButton
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            and not isinstance(self.mode, ZoomAreaMode)
        ):
            self.set_mode(ZoomAreaMode(self.mode))
        if not self.mode.press(self, event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self.mode.move(self, event):
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if not self.mode.release(self, event):
            super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            # an edge inside a module box: the double-click is the box's (collapse)
            self.itemDoubleClicked.emit(self.item_at(event.position().toPoint(), edges=False))
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def item_at(self, pos: QPoint, *, edges: bool = True) -> QGraphicsItem | None:
        """Return the topmost node, edge (unless not ``edges``) or cluster item under viewport
        position ``pos``.

        Far out, where nodes are a few pixels wide, the node nearest to ``pos`` within a few
        pixels wins over anything else under it.
        """
        if self.zoom() < OVERVIEW_SCALE:
            node = self._nearest_node(pos)
            if node is not None:
                return node
        kinds = (NodeItem, EdgeItem, ClusterItem) if edges else (NodeItem, ClusterItem)
        return next((item for item in self.items(pos) if isinstance(item, kinds)), None)

    def _nearest_node(self, pos: QPoint, radius: int = PICK_RADIUS) -> NodeItem | None:
        """Return the node item closest to ``pos`` within ``radius`` pixels, if any."""
        box = QRect(pos.x() - radius, pos.y() - radius, 2 * radius + 1, 2 * radius + 1)
        best: NodeItem | None = None
        best_distance: int | None = None
        for item in self.items(box):
            if not isinstance(item, NodeItem):
                continue
            rect = self.mapFromScene(item.scene_rect()).boundingRect()
            dx = max(rect.left() - pos.x(), 0, pos.x() - rect.right())
            dy = max(rect.top() - pos.y(), 0, pos.y() - rect.bottom())
            if best_distance is None or dx * dx + dy * dy < best_distance:
                best, best_distance = item, dx * dx + dy * dy
        return best

    def click_at(self, pos: QPoint) -> None:
        self.itemClicked.emit(self.item_at(pos))

    # -- painting ----------------------------------------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        scene = self.scene()
        if scene is not None and self.placeholder and self._scene_is_empty(scene):
            painter.save()
            painter.resetTransform()
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            font = self.font()
            font.setPointSizeF(font.pointSizeF() * 1.25)
            painter.setFont(font)
            painter.drawText(
                self.viewport().rect().adjusted(24, 24, -24, -24),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.placeholder,
            )
            painter.restore()

    @staticmethod
    def _scene_is_empty(scene: QGraphicsScene) -> bool:
        """True when there is nothing to draw (cheap for a GraphScene: no list of all items)."""
        if isinstance(scene, GraphScene):
            return scene.is_empty()
        return not scene.items()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.busy.place()
        self._view_moved()


def _box(rect: QRectF) -> Box:
    """``rect`` as (left, top, right, bottom)."""
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


class BusyOverlay(QFrame):
    """A floating bar over the view while a script runs: message, busy indicator, Cancel."""

    def __init__(self, view: GraphView) -> None:
        super().__init__(view)
        self.setObjectName("busyOverlay")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.Window, pal.color(QPalette.ColorRole.ToolTipBase))
        pal.setColor(QPalette.ColorRole.WindowText, pal.color(QPalette.ColorRole.ToolTipText))
        self.setPalette(pal)
        self.label = plain_label(
            QLabel(QCoreApplication.translate("BusyOverlay", "Running…"), self)
        )  # shows file names
        self.progress = QProgressBar(self, textVisible=False)
        self.progress.setRange(0, 0)
        self.progress.setFixedWidth(120)
        self.cancel_button = QPushButton(QCoreApplication.translate("BusyOverlay", "Cancel"), self)
        self.cancel_button.setObjectName("cancelRunButton")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 8, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.progress)
        layout.addWidget(self.cancel_button)

    def show_message(self, text: str) -> None:
        self.label.setText(text)
        self.adjustSize()
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        view = self.parentWidget()
        if view is None:
            return
        width = min(max(self.sizeHint().width(), 360), max(200, view.width() - 40))
        self.resize(width, self.sizeHint().height())
        self.move((view.width() - width) // 2, 16)
