"""Scene items drawn from a Graphviz layout: nodes, spline edges with arrowheads, module clusters.

Items know only geometry and looks; which graph node they stand for is kept in ``display_id`` /
``members`` so the scene can map both ways. Recoloring changes brushes and pens, never geometry.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import chain

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneHoverEvent, QStyleOptionGraphicsItem, QWidget

from ...core.view import look
from ..plain_text import plain_tooltip

LABEL_FONT_SIZE = 10.0
"""Label size in scene units (Graphviz points), the size the DOT asks for."""
LABEL_PADDING = 6.0
LABEL_V_PADDING = 2.0
"""Room (scene units) kept free above and below a label's lines, together."""
SELECTION_COLOR = QColor(look.SELECTION_COLOR)
HOVER_COLOR = QColor("#5f6368")


@lru_cache(maxsize=256)
def label_font(size: float = LABEL_FONT_SIZE, bold: bool = False) -> QFont:
    """Return the label font; its pixel size is in scene units, so it scales with the view.

    Cached: callers must not modify the returned font.
    """
    font = QFont("Helvetica")
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(max(1, round(size * 8)))  # 8x oversize, painted scaled by 1/8: exact metrics
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


FONT_SCALE = 8.0


@lru_cache(maxsize=4096)
def _metrics(size: float, bold: bool) -> QFontMetricsF:
    return QFontMetricsF(label_font(size, bold))


@lru_cache(maxsize=8192)
def _text_width(size: float, bold: bool, text: str) -> float:
    """Return the width of ``text`` in scene units at label size ``size``."""
    return _metrics(size, bold).horizontalAdvance(text) / FONT_SCALE


@lru_cache(maxsize=1024)
def shared_color(name: str) -> QColor:
    """Return the QColor named ``name`` ("#rrggbb" or "#aarrggbb"), one instance per name.

    Items share these instances: callers must copy (``QColor(c)``) before changing one.
    """
    return QColor(name)


@lru_cache(maxsize=4096)
def _look_key(*args: object) -> tuple[object, ...]:
    """Return ``args`` as a tuple, the same tuple for equal arguments.

    Thousands of nodes share a few looks: sharing their keys makes comparing them quick, and a
    restyle leaves no new long-lived objects for the garbage collector to scan.
    """
    return args


def _color_key(color: str | QColor) -> str:
    return color if color.__class__ is str else QColor(color).name(QColor.NameFormat.HexArgb)


BOX3D_DEPTH = 4.0
BADGE_SIZE = 8.0
BACKWARD_ARROW = 10.0
"""Length of a backward step's arrowhead (Graphviz's arrowsize 1)."""
LABEL_CLEARANCE = 6.0
"""Scene units around an edge's centre line an edge label keeps clear of: the widest pen an edge
is drawn with (a step's, 3) and a gap on each side."""
STRONG_HALO = 18.0
"""Largest glow (scene units) around the step's node, so it stands out when zoomed far out."""
OUTLINE_ROOM = 6.0
"""How far (scene units) a plain node may paint past its box (a hovered or selected outline)."""
LOD_SIMPLE = 0.22
"""Below this scale nodes are drawn as plain filled boxes (labels would be under 2 px)."""


def _glow_width(lod: float) -> float:
    """How far (scene units) the step's glow reaches past the node's box at zoom ``lod``: 12 px
    on screen, at most twice :data:`STRONG_HALO`."""
    return min(2 * STRONG_HALO, 12.0 / max(lod, 1e-3))


def _paint_tag(
    painter: QPainter,
    rect: QRectF,
    text: str,
    *,
    border: str,
    fill: str,
    ink: str,
    inset: float,
    bold: bool = False,
    muted: Sequence[bool] = (),
) -> None:
    """Draw a small rounded tag with lines of text (a node's badge, or its scissors mark); lines
    flagged in ``muted`` in ``look.BADGE_MUTED_INK``."""
    painter.setPen(QPen(QColor(border), 0.8))
    painter.setBrush(QColor(fill))
    painter.drawRoundedRect(rect, 3, 3)
    painter.save()
    painter.translate(rect.left() + inset, rect.top())
    painter.scale(1 / FONT_SCALE, 1 / FONT_SCALE)
    painter.setFont(label_font(BADGE_SIZE, bold))
    fm = _metrics(BADGE_SIZE, bold)
    lines = text.split("\n")
    row = rect.height() * FONT_SCALE / len(lines)
    for i, line in enumerate(lines):
        painter.setPen(QColor(look.BADGE_MUTED_INK if i < len(muted) and muted[i] else ink))
        painter.drawText(QPointF(0, i * row + (row + fm.ascent() - fm.descent()) / 2), line)
    painter.restore()


_SELECTABLE = QGraphicsItem.GraphicsItemFlag.ItemIsSelectable


class NodeItem(QGraphicsItem):
    """One drawn node: a shape with a fill, an outline and up to a few lines of text.

    What every new node shares (its first look, no badge, no room) is a class default, so
    making one of 20,000 sets only what is its own."""

    fill = shared_color("#ffffff")
    text_color = shared_color("#000000")
    pen_color = shared_color("#333333")
    pen_width = 1.0
    dashed = False
    ghost = False
    highlighted = False
    badge: str | None = None
    badge_muted: tuple[bool, ...] = ()
    """Per badge line: drawn greyed (an input that does not require grad)."""
    room: QRectF | None = None
    """The badge's box the layout made room for (item coordinates), or None: the badge
    then hangs off the node's top-left corner, as an exported ``xlabel`` does."""
    room_lines: tuple[str, ...] = ()
    """The lines the room was made for, one row each (a step shows some of them)."""
    look_key: tuple[object, ...] | None = None
    """The arguments of the last :meth:`set_look` (equal arguments change nothing); the
    overview groups nodes by it."""
    home: str | None = None
    """The module whose frame it is drawn in (the scene sets it; None: the top level)."""
    _hover = False
    _tip: Callable[[], str] | None = None
    """Makes the hover text when it is first asked for (:meth:`toolTip`): a picture of
    40,000 nodes need not write 40,000 of them."""
    _fitted: list[QFont] | None = None  # chosen when first drawn or measured

    def __init__(
        self,
        display_id: str,
        members: Sequence[str],
        kind: str,
        rect: QRectF,
        lines: Sequence[str],
        *,
        shape: str = "rounded",
        is_output: bool = False,
        tooltip: str | Callable[[], str] = "",
        cut: bool = False,
    ) -> None:
        super().__init__()
        self.display_id = display_id
        self.cut = cut  # it consumed a detached tensor: a scissors mark shows where the graph was cut
        self.members = tuple(members)
        self.kind = kind
        self.shape_name = shape
        self.is_output = is_output
        self.lines = tuple(lines)
        width, height = rect.width(), rect.height()
        self.setPos(rect.x() + width / 2, rect.y() + height / 2)
        self._local = QRectF(-width / 2, -height / 2, width, height)
        self._size = (width, height)
        self.setAcceptHoverEvents(True)
        self.setFlags(_SELECTABLE)
        if callable(tooltip):
            self._tip = tooltip
        else:
            self.setToolTip(plain_tooltip(tooltip))  # names come from the data: never HTML
        self.setZValue(2)

    @property
    def _fonts(self) -> list[QFont]:
        """A font per line (:meth:`_fit_fonts`), chosen on first use: of 40,000 nodes a view
        draws a few hundred."""
        fitted = self._fitted
        if fitted is None:
            fitted = self._fitted = self._fit_fonts()
        return fitted

    def toolTip(self) -> str:
        """The hover text, made on first use (the scene asks before Qt shows it:
        ``GraphScene.helpEvent``)."""
        if self._tip is not None:
            tip, self._tip = self._tip, None
            self.setToolTip(plain_tooltip(tip()))  # names come from the data: never HTML
        return super().toolTip()

    # -- geometry ---------------------------------------------------------------------------
    def scene_rect(self) -> QRectF:
        """The node's box in scene coordinates (its module's frame may have moved it)."""
        return self._local.translated(self.scenePos())

    def parent_rect(self) -> QRectF:
        """The node's box in its module frame's coordinates."""
        return self._local.translated(self.pos())

    def size(self) -> tuple[float, float]:
        """The node's width and height (scene units)."""
        return self._size

    def set_room(self, room: QRectF | None, lines: Sequence[str] = ()) -> None:
        """Give the badge the box ``room`` (scene coordinates) the layout made for ``lines``
        beside the node (None: no room, the badge hangs off the node's corner)."""
        local = room.translated(-self.scenePos()) if room is not None else None
        if local == self.room and tuple(lines) == self.room_lines:
            return
        self.prepareGeometryChange()
        self.room, self.room_lines = local, tuple(lines)
        self.update()

    def badge_scene_rect(self) -> QRectF | None:
        """The badge's tag in scene coordinates (None: no badge drawn)."""
        return self.mapRectToScene(self._badge_rect()) if self.badge else None

    def boundingRect(self) -> QRectF:
        extra = 2 * STRONG_HALO + 2 if self._strong() else 8.0 if self.cut else OUTLINE_ROOM
        rect = self._local.adjusted(-extra, -extra, extra, extra)
        return rect.united(self._badge_rect().adjusted(-1, -1, 1, 1)) if self.badge else rect

    def outline(self, rect: QRectF | None = None) -> QPainterPath:
        """Return the node's outline path in item coordinates."""
        r = rect if rect is not None else self._local
        path = QPainterPath()
        if self.shape_name == "ellipse":
            path.addEllipse(r)
        elif self.shape_name == "box":
            path.addRect(r)
        elif self.shape_name == "box3d":
            d = BOX3D_DEPTH
            path.addRect(QRectF(r.left(), r.top() + d, r.width() - d, r.height() - d))
        else:
            radius = min(6.0, r.height() / 3)
            path.addRoundedRect(r, radius, radius)
        return path.simplified()

    def shape(self) -> QPainterPath:
        return self.outline()

    def label_area(self) -> QRectF:
        """Where the label goes, in item coordinates: the node's box; for a collapsed module's
        3-D box (``box3d``) its front face, below the top face and left of the side face."""
        r = self._local
        if self.shape_name == "box3d":
            d = BOX3D_DEPTH
            return QRectF(r.left(), r.top() + d, r.width() - d, r.height() - d)
        return QRectF(r)

    def text_rect(self) -> QRectF:
        """The box the label's lines fill, in item coordinates (centred in :meth:`label_area`)."""
        area = self.label_area()
        if not self.lines:
            return QRectF(area.center(), area.center())
        heights = [_metrics(f.pixelSize() / FONT_SCALE, f.bold()).height() / FONT_SCALE for f in self._fonts]
        widths = [
            _text_width(f.pixelSize() / FONT_SCALE, f.bold(), line)
            for line, f in zip(self.lines, self._fonts)
        ]
        width, height = max(widths), sum(heights)
        centre = area.center()
        return QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)

    def _fit_fonts(self) -> list[QFont]:
        """Choose a font per line so each fits the label area's width (Graphviz sized the node for
        its font) and all lines its height (Qt's line spacing can be taller than Graphviz's)."""
        sizes: list[tuple[float, bool]] = []
        area = self.label_area()
        width = max(8.0, area.width() - LABEL_PADDING)
        if self.shape_name == "ellipse":
            width *= 0.85
        for i, line in enumerate(self.lines):
            size = LABEL_FONT_SIZE if i == 0 else LABEL_FONT_SIZE * 0.9
            bold = i == 0 and self.kind == "module"
            measured = _text_width(size, bold, line)
            if measured > width:
                size = round(size * width / measured, 2)
            sizes.append((size, bold))
        room = max(4.0, area.height() - LABEL_V_PADDING)
        total = sum(_metrics(size, bold).height() / FONT_SCALE for size, bold in sizes)
        if total > room:
            # round down, so the lines' heights (about proportional to the size) fit the room
            sizes = [(math.floor(size * room / total * 100) / 100, bold) for size, bold in sizes]
        return [label_font(size, bold) for size, bold in sizes]

    # -- looks -------------------------------------------------------------------------------
    def set_look(
        self,
        fill: str | QColor,
        text: str | QColor,
        *,
        pen: str | QColor | None = None,
        pen_width: float = 1.0,
        dashed: bool = False,
        ghost: bool = False,
        highlighted: bool = False,
        badge: str | None = None,
        badge_muted: tuple[bool, ...] = (),
    ) -> bool:
        """Change colors, outline and badge only (no change to the layout); True if any changed.

        ``ghost`` draws the node faded and dotted ("not created yet"); ``badge`` is a short text
        (``NodeStyle.extra_label``, e.g. a gradient norm while stepping) shown in a tag right of
        the node, so it needs no bigger box and no new layout.
        """
        key = _look_key(
            _color_key(fill),
            _color_key(text),
            _color_key(pen) if pen else None,
            pen_width,
            dashed,
            ghost,
            highlighted,
            badge,
        )
        if key == self.look_key:
            return False  # restyling thousands of unchanged nodes per step costs little
        if (highlighted and pen_width >= 3.0) != self._strong():
            self.prepareGeometryChange()  # the glow changes the bounds
        self.fill = shared_color(key[0])
        self.text_color = shared_color(key[1])
        self.pen_color = shared_color(key[2]) if pen else QColor(self.fill).darker(170)
        self.pen_width = pen_width
        self.dashed = dashed or ghost
        if ghost != self.ghost:
            self.setOpacity(0.55 if ghost else 1.0)
        self.ghost = ghost
        self.highlighted = highlighted
        self.badge_muted = badge_muted
        if badge != self.badge:
            self.prepareGeometryChange()
            self.badge = badge
        self.look_key = key
        self.update()
        return True

    def _strong(self) -> bool:
        """True for a node outlined by a step or the current search match (pen width >= 3)."""
        return self.highlighted and self.pen_width >= 3.0

    def marked_rect(self, lod: float) -> QRectF:
        """The node's box with a step's outline and glow, as drawn at zoom ``lod`` (scene
        coordinates): what must be on screen for the step's mark to show whole."""
        grow = _glow_width(lod) + max(self.pen_width, 3.0)
        return self.scene_rect().adjusted(-grow, -grow, grow, grow)

    def _paint_glow(self, painter: QPainter, lod: float) -> None:
        """A soft ring about 6 px wide on screen at any zoom, in the outline's color."""
        glow = QColor(self.pen_color)
        glow.setAlpha(80)
        width = _glow_width(lod)
        painter.setPen(QPen(glow, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        grow = width / 2
        painter.drawPath(self.outline(self._local.adjusted(-grow, -grow, grow, grow)))

    def _badge_rect(self) -> QRectF:
        """The badge's tag: the rows of its room it shows (as an export draws them), or, without
        room, off the node's top-left corner, where Graphviz puts an ``xlabel``, left of the
        scissors tag of a cut node."""
        if self.room is not None:
            rows = self._room_rows()
            shown = [i for i, (_, visible, _) in enumerate(rows) if visible]
            if not shown:
                return QRectF(self.room.topLeft(), self.room.topLeft())
            height = self.room.height() / len(rows)
            return QRectF(
                self.room.left(),
                self.room.top() + shown[0] * height,
                self.room.width(),
                (shown[-1] - shown[0] + 1) * height,
            )
        lines = (self.badge or "").split("\n")
        width = max(_text_width(BADGE_SIZE, False, line) for line in lines) + 6
        height = BADGE_SIZE * 1.5 * len(lines)
        right = self._local.left() - (7 if self.cut else 0)
        return QRectF(right - width, self._local.top() - height, width, height)

    def _room_rows(self) -> list[tuple[str, bool, bool]]:
        """The badge's rows in its room: (line, shown, greyed); the room's lines, then any line
        of the badge that has no row (as :func:`~graphviz_app.core.graphviz.dot.room_label` lays them)."""
        badge = (self.badge or "").split("\n") if self.badge else []
        muted = dict(zip(badge, chain(self.badge_muted, (False,) * len(badge))))
        rows = [*self.room_lines, *(line for line in badge if line not in self.room_lines)]
        return [(line, line in muted, muted.get(line, False)) for line in rows]

    def _paint_badge(self, painter: QPainter) -> None:
        if self.room is None:
            _paint_tag(
                painter,
                self._badge_rect(),
                self.badge or "",
                border=look.BADGE_BORDER,
                fill=look.BADGE_FILL,
                ink=look.BADGE_INK,
                inset=3,
                muted=self.badge_muted,
            )
            return
        rows = self._room_rows()
        room = self.room
        height = room.height() / len(rows)
        # Qt's font may run wider or taller than the one Graphviz measured: shrink to the room.
        widest = max(_text_width(BADGE_SIZE, False, line) for line, shown, _ in rows if shown)
        tall = _metrics(BADGE_SIZE, False).height() / FONT_SCALE
        scale = min(1.0, (room.width() - 4) / max(widest, 1.0), height / max(tall, 1.0))
        painter.setPen(QPen(QColor(look.BADGE_BORDER), 0.8))
        painter.setBrush(QColor(look.BADGE_FILL))
        start = None
        for i, (_, shown, _) in enumerate([*rows, ("", False, False)]):
            if shown and start is None:
                start = i
            elif not shown and start is not None:
                painter.drawRoundedRect(
                    QRectF(room.left(), room.top() + start * height, room.width(), (i - start) * height), 2, 2
                )
                start = None
        painter.save()
        painter.translate(room.left() + 2, room.top())
        painter.scale(scale / FONT_SCALE, scale / FONT_SCALE)
        painter.setFont(label_font(BADGE_SIZE))
        fm = _metrics(BADGE_SIZE, False)
        row = height * FONT_SCALE / scale
        for i, (line, shown, grey) in enumerate(rows):
            if shown:
                painter.setPen(QColor(look.BADGE_MUTED_INK if grey else look.BADGE_INK))
                painter.drawText(QPointF(0, i * row + (row + fm.ascent() - fm.descent()) / 2), line)
        painter.restore()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if self._strong() and lod < 1.0:
            self._paint_glow(painter, lod)
        if lod < LOD_SIMPLE:
            # Too small to read: a filled box is all that shows, and it draws fast.
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(
                QBrush(
                    SELECTION_COLOR
                    if self.isSelected()
                    else self.pen_color
                    if self.highlighted
                    else self.fill
                )
            )
            painter.drawRect(self._local)
            return
        pen = QPen(self.pen_color, self.pen_width)
        if self.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        if self._hover and not self.highlighted:
            pen = QPen(HOVER_COLOR if self.pen_width <= 1.5 else self.pen_color, max(2.0, self.pen_width))
        painter.setPen(pen)
        painter.setBrush(QBrush(self.fill))
        painter.drawPath(self.outline())
        if self.shape_name == "box3d":
            self._paint_box3d(painter)
        if self.is_output:
            inner = self._local.adjusted(3, 3, -3, -3)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(self.pen_color, 1.0))
            painter.drawPath(self.outline(inner))
        if self.isSelected() and not (self.highlighted and self.pen_width >= 3.0):
            # a node with a strong step/match outline is marked already: no second halo
            halo = QColor(SELECTION_COLOR)
            halo.setAlpha(70)
            painter.setPen(QPen(halo, 6.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self.outline(self._local.adjusted(-2.5, -2.5, 2.5, 2.5)))
            painter.setPen(QPen(SELECTION_COLOR, 2.0))
            painter.drawPath(self.outline(self._local.adjusted(-1, -1, 1, 1)))
        self._paint_text(painter)
        if self.cut:
            self._paint_cut(painter)
        if self.badge:
            if self.room is not None:
                self._paint_link(painter)
            self._paint_badge(painter)

    def _paint_link(self, painter: QPainter) -> None:
        """Draw the dotted line from the node to its badge (as exports draw the badge's tie)."""
        node, tag = self._local, self._badge_rect()
        pen = QPen(QColor(look.BADGE_BORDER), 0.8)
        pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        if tag.left() >= node.right():  # beside the node (top to bottom)
            y = max(node.top(), min(node.bottom(), tag.center().y()))
            painter.drawLine(QPointF(node.right(), y), QPointF(tag.left(), y))
        elif tag.top() >= node.bottom():  # below it (left to right)
            x = max(node.left(), min(node.right(), tag.center().x()))
            painter.drawLine(QPointF(x, node.bottom()), QPointF(x, tag.top()))
        elif tag.bottom() <= node.top():
            x = max(node.left(), min(node.right(), tag.center().x()))
            painter.drawLine(QPointF(x, tag.bottom()), QPointF(x, node.top()))

    def _paint_cut(self, painter: QPainter) -> None:
        """Draw a scissors tag on the node's top-left corner (a ``.detach()`` cut feeds it)."""
        r = self._local
        _paint_tag(
            painter,
            QRectF(r.left() - 6, r.top() - 7, 13, 12),
            "✂",
            border="#b00020",
            fill="#ffffff",
            ink="#b00020",
            inset=1.5,
            bold=True,
        )

    def _paint_box3d(self, painter: QPainter) -> None:
        """Draw the top and right faces of a Graphviz ``box3d`` (a collapsed module)."""
        r, d = self._local, BOX3D_DEPTH
        top = QPolygonF(
            [
                QPointF(r.left(), r.top() + d),
                QPointF(r.left() + d, r.top()),
                QPointF(r.right(), r.top()),
                QPointF(r.right() - d, r.top() + d),
            ]
        )
        side = QPolygonF(
            [
                QPointF(r.right() - d, r.top() + d),
                QPointF(r.right(), r.top()),
                QPointF(r.right(), r.bottom() - d),
                QPointF(r.right() - d, r.bottom()),
            ]
        )
        painter.setBrush(QBrush(self.fill.darker(112)))
        painter.drawPolygon(top)
        painter.setBrush(QBrush(self.fill.darker(125)))
        painter.drawPolygon(side)

    def _paint_text(self, painter: QPainter) -> None:
        if not self.lines:
            return
        metrics = [_metrics(f.pixelSize() / FONT_SCALE, f.bold()) for f in self._fonts]
        heights = [m.height() / FONT_SCALE for m in metrics]
        area = self.label_area()
        x = area.center().x()
        y = area.center().y() - sum(heights) / 2
        painter.setPen(self.text_color)
        for line, font, fm, h in zip(self.lines, self._fonts, metrics, heights):
            painter.save()
            painter.translate(x, y)
            painter.scale(1 / FONT_SCALE, 1 / FONT_SCALE)
            painter.setFont(font)
            w = fm.horizontalAdvance(line)
            painter.drawText(QPointF(-w / 2, fm.ascent()), line)
            painter.restore()
            y += h

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self.update()
        super().hoverLeaveEvent(event)


def _spline_path(points: Sequence[tuple[float, float]]) -> QPainterPath:
    """Return the path of Graphviz's spline points (a start, then cubic Bezier triples)."""
    path = QPainterPath()
    if points:
        path.moveTo(QPointF(*points[0]))
        count = len(points)
        i = 1
        while count - i >= 3:
            path.cubicTo(QPointF(*points[i]), QPointF(*points[i + 1]), QPointF(*points[i + 2]))
            i += 3
        for p in points[i:]:
            path.lineTo(QPointF(*p))
    return path


TRANSLATION_TOLERANCE = 1e-6
"""Points (scene units) a moved spline may differ from a translation of the old one by: the
composed layout adds each module's origin to the same piece coordinates, in floating point."""


def translations(
    pairs: Sequence[tuple[EdgeItem, tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]],
) -> list[tuple[float, float] | None]:
    """For each ``(edge item, new spline points, new arrow points)``, return ``(dx, dy)`` when
    the new spline and arrowhead are the item's moved by it (point for point, within
    TRANSLATION_TOLERANCE), else None.  All the edges of a 20,000-node relayout are compared
    at once (numpy): one Python loop over their points cost 0.25 s."""
    count = len(pairs)
    shifts: list[tuple[float, float] | None] = [None] * count
    same = [
        i
        for i, (edge, points, arrow) in enumerate(pairs)
        if points and len(points) == len(edge.points) and len(arrow) == len(edge.arrow_points)
    ]
    if not same:
        return shifts
    sizes = np.fromiter((len(pairs[i][1]) + len(pairs[i][2]) for i in same), dtype=np.intp, count=len(same))
    total = int(sizes.sum())
    new = np.fromiter(
        chain.from_iterable(chain.from_iterable(chain(pairs[i][1], pairs[i][2]) for i in same)),
        dtype=float,
        count=2 * total,
    ).reshape(total, 2)
    old = np.fromiter(
        chain.from_iterable(
            chain.from_iterable(chain(pairs[i][0].points, pairs[i][0].arrow_points) for i in same)
        ),
        dtype=float,
        count=2 * total,
    ).reshape(total, 2)
    diff = new - old
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    moved = diff[starts]
    exact = np.abs(diff - np.repeat(moved, sizes, axis=0)) <= TRANSLATION_TOLERANCE
    ok = np.logical_and.reduceat(exact.all(axis=1), starts)
    for i, good, (dx, dy) in zip(same, ok.tolist(), moved.tolist()):
        if good:
            shifts[i] = (dx, dy)
    return shifts


class EdgeItem(QGraphicsItem):
    """A spline edge (cubic Bezier control points from Graphviz) with its arrowhead.

    Its first look is a class default (one of 23,000 edges sets only its own geometry)."""

    home: str | None = None
    """The module whose frame it is drawn in (the scene sets it; None: the top level)."""
    color = shared_color("#555555")
    width = 1.2
    transfer = False
    flow = 0
    """1: dashes move along the arrow (forward), -1: against it (gradient), 0: still."""
    _dash_offset = 0.0
    _label_font: QFont
    """The label's font (set for an edge with a label only)."""

    def __init__(
        self,
        source: str,
        target: str,
        points: Sequence[tuple[float, float]],
        arrow: Sequence[tuple[float, float]] | None,
        graph_edges: Sequence[tuple[str, str]] = (),
        label: str | None = None,
        label_pos: tuple[float, float] | None = None,
    ) -> None:
        super().__init__()
        self.label = label.strip() if label else None
        self.label_pos = QPointF(*label_pos) if label_pos else None
        if self.label:
            self._label_font = label_font(9.0, bold=True)
        self.source = source
        self.target = target
        self.graph_edges = tuple(graph_edges)
        self._shape(points, arrow)
        self.setZValue(1)

    def _shape(
        self, points: Sequence[tuple[float, float]], arrow: Sequence[tuple[float, float]] | None
    ) -> None:
        """Build the path, the arrowhead and the bounds from Graphviz's points (scene units)."""
        self.points = tuple(points)
        """The spline's control points as laid out (a relayout compares them)."""
        self.arrow_points = tuple(arrow) if arrow else ()
        self.path = _spline_path(self.points)
        self.arrow = QPolygonF([QPointF(x, y) for x, y in arrow]) if arrow else QPolygonF()
        self._bounds = self.path.boundingRect().united(self.arrow.boundingRect()).adjusted(-4, -4, 4, 4)
        self._label_box = QRectF()
        if self.label:
            if self.label_pos is None:
                self.label_pos = self.path.pointAtPercent(0.5) + QPointF(30, 0)
            self._label_box = self._place_label()
            self._bounds = self._bounds.united(self._label_box.adjusted(-2, -2, 2, 2))

    def reshape(
        self,
        points: Sequence[tuple[float, float]],
        arrow: Sequence[tuple[float, float]] | None,
        shift: tuple[float, float] | None,
    ) -> None:
        """Take a new layout's spline: ``shift`` is how far it moved when it is the old one
        translated (the common case when a module elsewhere was toggled; :func:`translations`
        finds it), None when it changed shape (it is redrawn)."""
        points = tuple(points)
        arrow_points = tuple(arrow) if arrow else ()
        if shift is not None:
            dx, dy = shift
            if dx or dy:
                self.prepareGeometryChange()
                self.path.translate(dx, dy)
                self.arrow.translate(dx, dy)
                self._bounds.translate(dx, dy)
                if self.label_pos is not None:
                    self.label_pos += QPointF(dx, dy)
                    self._label_box.translate(dx, dy)
            self.points, self.arrow_points = points, arrow_points
            return
        self.prepareGeometryChange()
        if self.label:
            self.label_pos = None  # placed again along the new path
        self._shape(points, arrow)
        self.update()

    def _place_label(self) -> QRectF:
        """The label's box, centred where Graphviz put the label, then moved off the edge's own
        line: Qt's bold text is wider than the box Graphviz kept beside the edge, so centred it
        reaches back over the line, and a step's thick arrow was drawn through its first letter."""
        if self.label_pos is None:
            return QRectF()
        fm = QFontMetricsF(self._label_font)
        w = fm.horizontalAdvance(self.label or "") / FONT_SCALE + 6
        h = fm.height() / FONT_SCALE + 2
        rect = QRectF(self.label_pos.x() - w / 2, self.label_pos.y() - h / 2, w, h)
        stroker = QPainterPathStroker()
        stroker.setWidth(LABEL_CLEARANCE)  # the widest pen an edge is drawn with, and a gap
        line = stroker.createStroke(self.path)
        step = 1.0 if rect.center().x() >= self.path.pointAtPercent(0.5).x() else -1.0
        for _ in range(int(w)):  # the label stays on its side of the line, just clear of it
            if not line.intersects(rect):
                break
            rect.translate(step, 0.0)
        return rect

    def set_look(
        self, color: str | QColor, width: float = 1.2, *, transfer: bool = False, flow: int = 0
    ) -> bool:
        """Change color and width; ``flow`` draws moving dashes (a step's marked edge).

        Returns True if the look changed.
        """
        color = QColor(color)
        if (color, width, transfer, flow) == (self.color, self.width, self.transfer, self.flow):
            return False  # restyling thousands of unchanged edges per step costs nothing
        self.color, self.width, self.transfer, self.flow = color, width, transfer, flow
        self.setZValue(1.8 if flow else 1.5 if transfer else 1)
        self.update()
        return True

    def backward_arrow(self) -> QPolygonF:
        """The arrowhead of a gradient flowing from the consumer back to the producer: at the
        edge's start (the producer's side), pointing into the producer, as ``dir=back`` in DOT."""
        if self.path.isEmpty() or self.path.length() < 1:
            return QPolygonF()
        size = BACKWARD_ARROW
        tip = self.path.pointAtPercent(0.0)
        back = self.path.pointAtPercent(min(1.0, size / self.path.length()))
        line = QLineF(tip, back)
        if line.length() == 0:
            return QPolygonF()
        unit = QPointF(line.dx() / line.length(), line.dy() / line.length())
        normal = QPointF(-unit.y(), unit.x()) * (size * 0.35)
        base = tip + unit * size
        return QPolygonF([tip, base + normal, base - normal])

    def advance_flow(self) -> None:
        """Move the dashes one tick (called by the scene's timer for marked edges only)."""
        self._dash_offset = (self._dash_offset - 0.5 * self.flow) % 3.0  # one dash period
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        stroker = QPainterPathStroker()
        stroker.setWidth(max(6.0, self.width + 4))
        return stroker.createStroke(self.path)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(self.color, self.width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if self.flow:
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setDashPattern([2.0, 1.0])
            pen.setDashOffset(self._dash_offset)
        elif self.transfer:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.path)
        arrow = self.backward_arrow() if self.flow < 0 else self.arrow
        if not arrow.isEmpty():
            painter.setPen(QPen(self.color, 1.0))
            painter.setBrush(QBrush(self.color))
            painter.drawPolygon(arrow)
        if self.label and self.label_pos is not None:
            rect = QRectF(self._label_box)  # placed once per path
            back = widget.palette().base().color() if widget is not None else QColor("#ffffff")
            back.setAlpha(215)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(back)
            painter.drawRoundedRect(rect, 3, 3)
            painter.save()
            painter.translate(rect.left() + 3, rect.top() + 1)
            painter.scale(1 / FONT_SCALE, 1 / FONT_SCALE)
            painter.setFont(self._label_font)
            painter.setPen(self.color)
            painter.drawText(QPointF(0, QFontMetricsF(self._label_font).ascent()), self.label)
            painter.restore()


BODY_MARGIN = 60.0
"""Room (scene units) around a module's frame where what it holds may still paint (a node's
glow, a badge off a node's corner)."""


class FrameBody(QGraphicsItem):
    """What a module's drawing hangs from: its frame (:class:`ClusterItem`) and everything drawn
    inside the module are its children, placed relative to the frame's top-left corner, so
    moving the body moves the whole drawing.  It paints nothing and takes no events; it tells
    the scene that its children lie within its bounds (``ItemContainsChildrenInShape``), so a
    scene without an index looks inside only the bodies a repaint or a click reaches.

    It is not flagged ``ItemHasNoContents``: Qt skips the children of a body outside the
    repainted area only when the body itself counts as drawn (with the flag, a repaint
    measured all 43,000 items of a 20,000-node graph; without, the few hundred in view)."""

    def __init__(self, size: QSizeF) -> None:
        super().__init__()
        self.resize(size)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemContainsChildrenInShape, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def resize(self, size: QSizeF) -> None:
        self.prepareGeometryChange()
        self._bounds = QRectF(QPointF(0.0, 0.0), size).adjusted(
            -BODY_MARGIN, -BODY_MARGIN, BODY_MARGIN, BODY_MARGIN
        )

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        return


class ClusterItem(QGraphicsItem):
    """A module's frame: a rounded rectangle with the module's name in its top-left corner.

    It lies at the top-left corner of its :class:`FrameBody` (``body``), which the scene places
    (in its parent frame's body, or at the top level) and hangs the module's drawing from."""

    def __init__(self, name: str, rect: QRectF, label: str, depth: int) -> None:
        super().__init__()
        self.name = name
        self.label = label
        self.depth = depth
        self.body = FrameBody(rect.size())
        self.body.setPos(rect.topLeft())
        self.body.setZValue(-10 + depth)
        self.setParentItem(self.body)
        self._rect = QRectF(0.0, 0.0, rect.width(), rect.height())
        self.fill = QColor(0, 0, 0, 10)
        self.border = QColor("#9aa0a6")
        self.text_color = QColor("#3c4043")
        self.setZValue(-10 + depth)
        self.setToolTip(plain_tooltip(f"module {name}\nDouble-click to collapse it into one node"))
        self._font = label_font(9.0, bold=True)

    def set_look(self, fill: QColor, border: QColor, text: QColor) -> None:
        self.fill, self.border, self.text_color = QColor(fill), QColor(border), QColor(text)
        self.update()

    def place(self, rect: QRectF) -> bool:
        """Take the frame's place in a new layout (``rect`` in its parent's coordinates); True
        when only its position changed."""
        resized = rect.size() != self._rect.size()
        if resized:
            self.prepareGeometryChange()
            self._rect = QRectF(0.0, 0.0, rect.width(), rect.height())
            self.body.resize(rect.size())
        if rect.topLeft() != self.body.pos():
            self.body.setPos(rect.topLeft())
        return not resized

    def scene_rect(self) -> QRectF:
        return self._rect.translated(self.scenePos())

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        """Only the frame's header strip reacts to the mouse, so nodes inside stay clickable."""
        path = QPainterPath()
        path.addRect(QRectF(self._rect.left(), self._rect.top(), self._rect.width(), 16))
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(self.border, 1.0)
        pen.setStyle(Qt.PenStyle.DashLine if self.depth > 0 else Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        painter.setBrush(QBrush(self.fill))
        painter.drawRoundedRect(self._rect, 6, 6)
        painter.save()
        painter.translate(self._rect.left() + 6, self._rect.top() + 3)
        painter.scale(1 / FONT_SCALE, 1 / FONT_SCALE)
        painter.setFont(self._font)
        painter.setPen(self.text_color)
        fm = QFontMetricsF(self._font)
        text = "⊟ " + self.label
        elided = fm.elidedText(text, Qt.TextElideMode.ElideRight, (self._rect.width() - 12) * FONT_SCALE)
        painter.drawText(QPointF(0, fm.ascent()), elided)
        painter.restore()
