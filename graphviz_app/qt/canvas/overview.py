"""The far-out picture of a scene: every node, edge and cluster drawn by one item in a few calls.

Below :data:`OVERVIEW_SCALE` labels are too small to read, and painting thousands of Python items
(each a ``paint()`` call with antialiased outlines and text) makes every repaint slow. The scene
then stops painting its detail items (they keep ``ItemHasNoContents``, so they still take clicks,
hovers, tooltips and selection) and shows an :class:`OverviewItem` instead: nodes as filled
rectangles batched by color, all plain edges as one path, the few restyled edges (step, selection,
device transfer) on top, clusters as framed rectangles. Its draw lists are rebuilt only when
looks change (:meth:`OverviewItem.invalidate`), never on a pan or zoom.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import TypeVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from .items import SELECTION_COLOR, ClusterItem, EdgeItem, NodeItem

OVERVIEW_SCALE = 0.45
"""Below this view scale the overview is drawn: 10-unit labels would be under ~4.5 px tall."""
TINY_NODE_PX = 5.0
"""Nodes shorter than this on screen are drawn as solid dots (an outline would hide the fill)."""
ARROWS_FROM = 0.12
"""Arrowheads (about 10 units long) are drawn from this scale on, when they are over ~1 px."""
FAINTEST_LINE = 0.3
"""Least opacity of a 1 px line standing for a thinner one (edges and outlines far out)."""
BADGE_COLOR = QColor("#f9a825")
MARK_MARGIN = 500.0
"""Room (scene units) around the graph for rings and badges drawn a few pixels out: 10 px at the
view's lowest zoom, 0.02."""
PAINT_STEP_HOMES = 200
""":meth:`OverviewItem.paint_map_steps` pauses after the edges, and after the nodes, of this
many module frames."""
PLAIN_EDGE_WIDTH = 1.2
"""The width of an edge no style singles out (``GraphScene`` draws plain edges this wide)."""


@lru_cache(maxsize=4096)
def _group_key(look: tuple[object, ...]) -> tuple[object, ...]:
    """Return what the overview draws of a node look (``NodeItem.look_key``): fill, outline
    color, dashed, ghost, highlighted; not text color, outline width or badge text."""
    return look[:3] + look[4:7]


def _coverage(width_px: float) -> float:
    """Return the opacity that makes a 1 px line look like one ``width_px`` wide."""
    return min(1.0, max(FAINTEST_LINE, width_px))


def _cosmetic(color: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """Return a pen ``width`` pixels wide at any zoom."""
    pen = QPen(color, width, style)
    pen.setCosmetic(True)
    return pen


T = TypeVar("T")
NodeBoxes = list[tuple[NodeItem, QRectF]]
HomeShapes = tuple[
    QPointF, list[tuple[NodeItem, list[QRectF]]], NodeBoxes, NodeBoxes, QPainterPath, QPainterPath
]
"""A module frame's place in the scene (the top level: 0, 0), and in its own coordinates: its
nodes' boxes grouped by look (one item of each group to paint it), the boxes of its strongly
outlined nodes and of its nodes with a badge, its edges' lines and arrowheads."""


def grouped_boxes(
    boxes: Iterable[tuple[NodeItem, QRectF]],
) -> tuple[list[tuple[NodeItem, list[QRectF]]], NodeBoxes, NodeBoxes]:
    """``boxes`` grouped by look (one item of each group to paint it), and the boxes of the
    strongly outlined nodes and of the nodes with a badge."""
    groups: dict[tuple[object, ...], tuple[NodeItem, list[QRectF]]] = {}
    strong: NodeBoxes = []
    badged: NodeBoxes = []
    for item, rect in boxes:
        key = group_key(item)
        group = groups.get(key)
        if group is None:
            group = groups[key] = (item, [])
        group[1].append(rect)
        if item.highlighted and item.pen_width >= 3.0:
            strong.append((item, rect))
        if item.badge:
            badged.append((item, rect))
    return list(groups.values()), strong, badged


def weak_call(method: Callable[[], T]) -> Callable[[], T]:
    """Return a call of bound ``method`` that keeps no reference to its object (an item kept
    by the scene calling back the scene would make a cycle that outlives the scene's C++
    side)."""
    ref = weakref.WeakMethod(method)

    def call() -> T:
        bound = ref()
        if bound is None:
            raise ReferenceError("the scene this overview drew is gone")
        return bound()

    return call


def edge_paths(edges: Iterable[EdgeItem], *, scene: bool) -> tuple[QPainterPath, QPainterPath]:
    """One path for the lines of ``edges`` and one for their arrowheads, in scene coordinates
    (``scene``) or in those of their module's frame (an edge is drawn in its frame's)."""
    lines, arrows = QPainterPath(), QPainterPath()
    for edge in edges:
        at = edge.scenePos() if scene else edge.pos()
        lines.addPath(edge.path.translated(at))
        if not edge.arrow.isEmpty():
            arrows.addPolygon(edge.arrow.translated(at))
            arrows.closeSubpath()
    return lines, arrows


def group_key(item: NodeItem) -> tuple[object, ...]:
    """What the overview draws of a node's look: nodes with equal keys are painted together."""
    look = item.look_key
    return _group_key(look) if look is not None else (item.fill.rgba(), item.pen_color.rgba())


class OverviewItem(QGraphicsItem):
    """Paints the scene's nodes, edges and clusters in batches; shown only at low zoom."""

    def __init__(
        self,
        nodes: Sequence[NodeItem],
        edges: Sequence[EdgeItem],
        clusters: Sequence[ClusterItem],
        rect: QRectF,
        geometry: Callable[[], tuple[list[tuple[NodeItem, QRectF]], QPainterPath, QPainterPath]]
        | None = None,
    ) -> None:
        """``geometry`` (optional) gives every node's scene rectangle and the edges' lines and
        arrowheads as paths, faster than asking each item (the scene keeps each module's); it
        should not hold the scene (the scene holds this item): :func:`weak_call` makes one."""
        super().__init__()
        self._geometry = geometry
        # geometry never changes while this item lives (a relayout makes a new one): each
        # item's scene rectangle is taken once, when first painted (most views never zoom out)
        self._node_items = list(nodes)
        self._cluster_items = list(clusters)
        self._nodes: list[tuple[NodeItem, QRectF]] | None = None
        self._clusters: list[tuple[ClusterItem, QRectF]] | None = None
        self._edges = edges
        m = MARK_MARGIN
        self._rect = QRectF(rect).adjusted(-m, -m, m, m)
        self.edge_color = QColor("#555555")
        self._node_groups: list[tuple[NodeItem, list[QRectF]]] | None = None
        """Node rectangles grouped by look, each with one of its items to take the colors from."""
        self._marked: list[tuple[NodeItem, QRectF]] = []
        self._badges: list[QPointF] = []
        self._cluster_groups: list[tuple[QColor, QColor, bool, list[QRectF]]] | None = None
        self._plain_edges: QPainterPath | None = None
        self._plain_arrows: QPainterPath | None = None
        self._special_edges: list[EdgeItem] | None = None
        self.paints = 0
        """How many times :meth:`paint` ran (tests check which path drew a frame)."""
        self.setZValue(-100)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # -- cache -------------------------------------------------------------------------------
    def invalidate(self, *, nodes: bool = True, edges: bool = True, clusters: bool = False) -> None:
        """Forget the draw lists whose items changed looks; repaint if shown."""
        if nodes:
            self._node_groups = None
        if edges:
            self._special_edges = None
        if clusters:
            self._cluster_groups = None
        self.update()

    def _group_nodes(self) -> None:
        scene = self.scene()
        selected = {id(i) for i in scene.selectedItems()} if scene is not None else set()
        self._take_geometry()
        if self._nodes is None:
            self._nodes = [(item, item.scene_rect()) for item in self._node_items]
        self._node_groups, strong, badged = grouped_boxes(self._nodes)
        marked = {id(item) for item, _ in strong} | selected
        self._marked = [(item, rect) for item, rect in self._nodes if id(item) in marked]
        # where a tag sits: its room beside the node, or the node's corner
        self._badges = [
            item.mapToScene(item.room.topLeft()) if item.room is not None else rect.topLeft()
            for item, rect in badged
        ]

    def _group_clusters(self) -> None:
        groups: dict[tuple[int, int, int], tuple[QColor, QColor, bool, list[QRectF]]] = {}
        if self._clusters is None:
            self._clusters = [(item, item.scene_rect()) for item in self._cluster_items]
        for item, rect in self._clusters:
            key = (item.depth, item.fill.rgba(), item.border.rgba())
            if key not in groups:
                groups[key] = (QColor(item.fill), QColor(item.border), item.depth > 0, [])
            groups[key][3].append(rect)
        # nested frames are drawn over their parents, as their z-values stack them
        self._cluster_groups = [groups[key] for key in sorted(groups)]

    def _take_geometry(self) -> None:
        """Take the node rectangles and edge paths from ``geometry`` once, when given."""
        geometry, self._geometry = self._geometry, None
        if geometry is not None:
            self._nodes, self._plain_edges, self._plain_arrows = geometry()

    def _build_plain_edges(self) -> None:
        """One path for every edge's line and one for every arrowhead (geometry never changes)."""
        self._take_geometry()
        if self._plain_edges is not None:
            return
        self._plain_edges, self._plain_arrows = edge_paths(self._edges, scene=True)

    def _find_special_edges(self) -> None:
        self._special_edges = [e for e in self._edges if e.flow or e.transfer or e.width != PLAIN_EDGE_WIDTH]

    # -- painting ----------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never under the mouse: the detail items take the clicks

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.paints += 1
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self._paint_clusters(painter)
        self._paint_edges(painter, scale)
        self._paint_nodes(painter, scale)

    def paint_map(self, painter: QPainter, scale: float, homes: list[HomeShapes] | None = None) -> None:
        """Paint the whole graph once, as the minimap does after each new picture: each
        module's kept shapes (``homes``, from the scene) where its frame is now (the painter
        moved per frame), so nothing is moved into scene coordinates or asked of every item;
        without ``homes``, as :meth:`paint` does."""
        deque(self.paint_map_steps(painter, scale, homes), maxlen=0)  # every part, now

    def paint_map_steps(
        self, painter: QPainter, scale: float, homes: list[HomeShapes] | None = None
    ) -> Iterator[None]:
        """:meth:`paint_map` a part at a time: it pauses (yields) after the frames, and after
        the edges and after the nodes of every :data:`PAINT_STEP_HOMES` homes, so that a
        caller can paint the rest later (the painter left as it is meanwhile)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if self._cluster_groups is None:
            self._group_clusters()
            yield
        self._paint_clusters(painter)
        yield
        if homes is None:
            self._paint_edges(painter, scale)
            self._paint_nodes(painter, scale)
            return
        color = QColor(self.edge_color)
        color.setAlphaF(_coverage(PLAIN_EDGE_WIDTH * scale))
        line_pen, arrow_brush = _cosmetic(color, 1.0), QBrush(color)
        for done, (origin, _groups, _strong, _badged, lines, arrows) in enumerate(homes, 1):
            painter.translate(origin)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(line_pen)
            painter.drawPath(lines)
            if scale >= ARROWS_FROM:
                painter.setBrush(arrow_brush)
                painter.drawPath(arrows)
            painter.translate(-origin)
            if done % PAINT_STEP_HOMES == 0:
                yield
        if self._special_edges is None:
            self._find_special_edges()
        self._paint_special_edges(painter, scale)
        yield
        paints: dict[tuple[object, ...], tuple[QBrush, QPen]] = {}
        marked: list[tuple[NodeItem, QRectF]] = []
        badges: list[QPointF] = []
        for done, (origin, groups, strong, badged, _lines, _arrows) in enumerate(homes, 1):
            if done % PAINT_STEP_HOMES == 0:
                yield
            painter.translate(origin)
            for item, rects in groups:
                key = (group_key(item), rects[0].height() * scale < TINY_NODE_PX)
                paint = paints.get(key)
                if paint is None:
                    self._node_paint(painter, item, rects[0].height() * scale, scale)
                    paint = paints[key] = (painter.brush(), painter.pen())
                else:
                    painter.setBrush(paint[0])
                    painter.setPen(paint[1])
                painter.drawRects(rects)
            painter.translate(-origin)
            marked.extend((item, rect.translated(origin)) for item, rect in strong)
            for item, rect in badged:  # where the tag sits: its room beside the node, or its corner
                badges.append(
                    item.mapToScene(item.room.topLeft()) if item.room is not None else rect.topLeft() + origin
                )
        scene = self.scene()
        strong_ids = {id(item) for item, _ in marked}
        for chosen in scene.selectedItems() if scene is not None else ():
            if isinstance(chosen, NodeItem) and id(chosen) not in strong_ids:
                marked.append((chosen, chosen.scene_rect()))
        self._paint_badges_and_marks(painter, badges, marked, scale)

    def _paint_clusters(self, painter: QPainter) -> None:
        if self._cluster_groups is None:
            self._group_clusters()
        for fill, border, dashed, rects in self._cluster_groups or ():
            painter.setBrush(QBrush(fill))
            painter.setPen(_cosmetic(border, 1.0, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine))
            painter.drawRects(rects)

    def _paint_edges(self, painter: QPainter, scale: float) -> None:
        if self._plain_edges is None:
            self._build_plain_edges()
        if self._special_edges is None:
            self._find_special_edges()
        # a 1 px line stands for a thinner one: fade it as the detail items' antialiasing would
        color = QColor(self.edge_color)
        color.setAlphaF(_coverage(PLAIN_EDGE_WIDTH * scale))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(_cosmetic(color, 1.0))
        if self._plain_edges is not None:
            painter.drawPath(self._plain_edges)
        if scale >= ARROWS_FROM and self._plain_arrows is not None:
            painter.setBrush(QBrush(color))
            painter.drawPath(self._plain_arrows)
        self._paint_special_edges(painter, scale)

    def _paint_special_edges(self, painter: QPainter, scale: float) -> None:
        """The edges a style singles out (flows, transfers, wider ones), over the plain ones."""
        for edge in self._special_edges or ():
            style = Qt.PenStyle.DashLine if edge.transfer and not edge.flow else Qt.PenStyle.SolidLine
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(_cosmetic(edge.color, max(2.0, edge.width * scale), style))
            at = edge.scenePos()
            painter.drawPath(edge.path.translated(at))
            if scale >= ARROWS_FROM and not edge.arrow.isEmpty():
                painter.setPen(_cosmetic(edge.color, 1.0))
                painter.setBrush(QBrush(edge.color))
                painter.drawPolygon(edge.arrow.translated(at))

    def _paint_nodes(self, painter: QPainter, scale: float) -> None:
        if self._node_groups is None:
            self._group_nodes()
        for item, rects in self._node_groups or ():
            self._node_paint(painter, item, rects[0].height() * scale, scale)
            painter.drawRects(rects)
        self._paint_badges_and_marks(painter, self._badges, self._marked, scale)

    @staticmethod
    def _node_paint(painter: QPainter, item: NodeItem, height_px: float, scale: float) -> None:
        """Set the brush and pen of the nodes that look like ``item`` (``height_px`` tall)."""
        fill, pen = QColor(item.fill), QColor(item.pen_color)
        if item.ghost:
            fill.setAlphaF(0.55)
            pen.setAlphaF(0.55)
        if height_px < TINY_NODE_PX:
            # a dot: the outline's color when a style outlines it, else the fill
            solid = pen if item.highlighted else fill
            painter.setBrush(QBrush(solid))
            painter.setPen(_cosmetic(solid, 1.0))
        else:
            painter.setBrush(QBrush(fill))
            style = Qt.PenStyle.DotLine if item.dashed else Qt.PenStyle.SolidLine
            if not item.highlighted:
                pen.setAlphaF(pen.alphaF() * _coverage(item.pen_width * scale))
            painter.setPen(_cosmetic(pen, 2.0 if item.highlighted else 1.0, style))

    def _paint_badges_and_marks(
        self, painter: QPainter, badges: list[QPointF], marked: list[tuple[NodeItem, QRectF]], scale: float
    ) -> None:
        if badges:  # a tag beside the node (its text shows at readable zoom)
            badge_pen = _cosmetic(BADGE_COLOR, 4.0)
            badge_pen.setCapStyle(Qt.PenCapStyle.SquareCap)
            painter.setPen(badge_pen)
            painter.drawPoints(badges)
        for item, rect in marked:
            self._paint_mark(painter, item, rect, scale)

    def _paint_mark(self, painter: QPainter, item: NodeItem, rect: QRectF, scale: float) -> None:
        """A ring a few pixels wide around a selected or strongly outlined node, visible at any zoom."""
        px = 1.0 / max(scale, 1e-6)  # one pixel in scene units
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if item.highlighted and item.pen_width >= 3.0:
            glow = QColor(item.pen_color)
            glow.setAlpha(110)
            painter.setPen(_cosmetic(glow, 6.0))
            painter.drawRect(rect.adjusted(-4 * px, -4 * px, 4 * px, 4 * px))
            painter.setPen(_cosmetic(item.pen_color, 2.0))
            painter.drawRect(rect.adjusted(-px, -px, px, px))
        if item.isSelected():
            painter.setPen(_cosmetic(SELECTION_COLOR, 2.0))
            painter.drawRect(rect.adjusted(-3 * px, -3 * px, 3 * px, 3 * px))


def set_detail_painted(items: Iterable[QGraphicsItem], painted: bool) -> None:
    """Let ``items`` paint themselves, or not (they stay hit-testable and selectable)."""
    flag = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    for item in items:
        item.setFlag(flag, not painted)
