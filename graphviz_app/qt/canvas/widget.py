"""The graph widget: a :class:`GraphScene` in a :class:`GraphView` with a small public face.

Like xdot.py's ``DotWidget``: show a layout, restyle it, reveal a node, say what is happening
(a placeholder while nothing is drawn, a busy bar while something runs). It knows display
graphs, layouts and looks, never the document, the panels or the shell.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

from ...core.graphviz.layout import Layout
from ...core.view.display import DisplayGraph
from ...core.view.look import ViewState
from .scene import GraphScene, Prepared, Relayout
from .view import GraphView


class GraphWidget(GraphView):
    """Shows one layout of a display graph; ``graph_scene`` holds its items."""

    def __init__(self, parent: QWidget | None = None) -> None:
        scene = GraphScene()
        super().__init__(scene, parent)
        scene.setParent(self)
        self.graph_scene = scene
        self._refit = False
        self.banner = StaleBanner(self)
        self.banner.hide()

    def show_layout(
        self,
        display: DisplayGraph,
        layout: Layout,
        graph: nx.DiGraph,
        *,
        fit: bool,
        keep: str | None = None,
        prepared: Prepared | None = None,
    ) -> None:
        """Draw ``layout`` of ``display`` (``prepared``: what the scene's ``prepare`` made of
        them); ``fit``: show it whole (a new graph), else keep the zoom and centre the node
        ``keep`` (a display id), falling back to fitting. A graph that was in sight whole
        (before a re-run that added gradients, say) is shown whole again."""
        old_zoom = self.zoom()
        sight = self.mapToScene(self.viewport().rect()).boundingRect()
        whole = not self.is_empty() and sight.contains(self.graph_scene.graph_rect)
        self.rankdir = layout.rankdir
        self.graph_scene.build(display, layout, graph, prepared)
        item = self.graph_scene.node_item(keep) if keep and not fit and not whole else None
        self._refit = item is None
        if item is None:
            self.show_initial()
            return
        self.set_zoom(old_zoom)
        self.centerOn(item)

    def relayout(self, display: DisplayGraph, layout: Layout, graph: nx.DiGraph) -> Relayout:
        """Draw a new ``layout`` of the graph on screen by moving the items that survive and
        making only the new ones (:meth:`GraphScene.relayout`); the view stays where it is
        (the caller places it: an expand keeps its module in place)."""
        self._refit = False
        return self.graph_scene.relayout(display, layout, graph)

    def module_corner(self, module: str) -> QPointF | None:
        """Where the top-left corner of ``module`` (its frame, or its node while collapsed) is
        drawn, in viewport pixels (fractions kept); None when it is not drawn."""
        scene = self.graph_scene
        item = scene.cluster_item(module) or scene.node_item("m:" + module)
        return None if item is None else self.viewportTransform().map(item.scene_rect().topLeft())

    def hold_module(self, module: str, corner: QPointF) -> None:
        """Scroll so the top-left corner of ``module`` is drawn at ``corner`` (viewport pixels)
        again: after an expand or collapse the module and its label stay where they were."""
        for _ in range(2):  # a second pass when the first reshaped the scroll area
            now = self.module_corner(module)
            if now is None:
                return
            dx, dy = round(now.x() - corner.x()), round(now.y() - corner.y())
            if not dx and not dy:
                return
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def restyle(self, state: ViewState, *, dark: bool, only: Iterable[str] | None = None) -> None:
        """Give every item (or only the items of graph nodes ``only``) the look of ``state``.

        New badges may reach past the graph's edge: when the whole graph was in sight, fit again
        so they are too.  A graph just shown gets its first view again: its badges, drawn now,
        decide which nodes the view shows whole (not while its items are being made: the view
        was placed on the layout's boxes, which a look does not change)."""
        before = QRectF(self.graph_scene.graph_rect)
        whole = self.mapToScene(self.viewport().rect()).boundingRect().contains(before)
        self.graph_scene.apply_look(state, dark=dark, only=only)
        refit = self._refit and not self.graph_scene.building()
        if refit or (whole and self.graph_scene.graph_rect != before):
            self.show_initial()  # the whole graph was in sight: keep its new badges in sight too
        self._refit = False

    def reveal_node(self, display_id: str | None) -> bool:
        """Scroll to a drawn node; False when it is not drawn (yet)."""
        item = self.graph_scene.node_item(display_id) if display_id else None
        if item is None:
            return False
        self.reveal(item)
        return True

    def is_empty(self) -> bool:
        """True while no graph is drawn."""
        return self.graph_scene.is_empty()

    def clear(self) -> None:
        """Drop the drawn graph (and the banner that spoke about it)."""
        self.graph_scene.clear_graph()
        self.set_banner(None)

    def set_banner(self, text: str | None) -> None:
        """Show ``text`` in a banner across the top of the view (None hides it): the graph drawn
        is not the result of the last load (a failed re-run keeps the last good graph)."""
        if text:
            self.banner.setText(text)
            self.banner.show()
            self.banner.place()
        else:
            self.banner.hide()
            self.banner.setText("")

    def banner_text(self) -> str | None:
        """The banner's text while it shows, else None."""
        return self.banner.text() if self.banner.isVisibleTo(self) else None

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.banner.place()

    def set_placeholder(self, text: str) -> None:
        """Show ``text`` in the middle of the view while no graph is drawn."""
        self.placeholder = text
        self.viewport().update()

    def show_busy(self, text: str) -> None:
        """Show the floating busy bar (with its Cancel button) with ``text``."""
        self.busy.show_message(text)

    def hide_busy(self) -> None:
        self.busy.hide()


class StaleBanner(QLabel):
    """A wrapped warning strip across the top of the view, over the graph it qualifies."""

    def __init__(self, view: GraphView) -> None:
        super().__init__(view)
        self.view = view
        self.setObjectName("staleBanner")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setMargin(8)
        self.setStyleSheet(
            "QLabel#staleBanner { background: #fff4ce; color: #3b2f00;"
            " border: 1px solid #c9a400; border-radius: 4px; }"
        )

    def place(self) -> None:
        width = max(200, self.view.viewport().width() - 24)
        self.setFixedWidth(width)
        self.adjustSize()
        self.move(12, 8)
        self.raise_()
