"""The main window: graph widget in the middle, panels in docks, menus, toolbar and status bar.

The window is where things are wired: the canvas and the panels to the :class:`Document`, and to
the :class:`~graphviz_app.qt.shell.controller.Controller`, which holds loading and layout.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QMimeData, QPoint, QSignalBlocker, Qt
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QGuiApplication,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from ... import particles
from ...capture.client import Runner
from ...core.graphviz.engine import engine
from ...core.graphviz.opening import edge_count
from ...core.html_page import printable
from ...core.model.derived import derived
from ...core.model.file_kind import GRAPH_SUFFIXES
from ...core.model.health import has_health
from ...core.view import colors
from ...core.view.colors import ColorMode
from ...core.view.display import DisplayEdge
from ...core.view.stepping import StepView
from ...resources import DEFAULT_EXAMPLE, example
from ...wire.errors import GraphvizAppError, ScriptError
from ...wire.message import QT_TRANSLATE_NOOP
from .. import i18n
from ..canvas.items import ClusterItem, EdgeItem, NodeItem
from ..canvas.widget import GraphWidget
from ..document import Document
from ..i18n import current_language, file_dialog, fill
from ..panels.health import HealthPanel
from ..panels.holders import SLOWEST, HoldersPanel
from ..panels.inspector import InspectorPanel, environment_text
from ..panels.leaves import LeavesPanel
from ..panels.legend import LegendPanel
from ..panels.lesson import LessonCard, shown_lessons
from ..panels.messages import MessagesPanel
from ..panels.modules import ModulesPanel
from ..panels.plots import PlotsPanel
from ..panels.problems import Problem, ProblemsPanel
from ..panels.search import SearchBar
from ..panels.source import SourcePanel
from ..panels.timeline import TimelinePanel
from ..plain_text import plain_label, plain_tooltip
from ..settings import Settings
from ..theme import Theme, apply_theme, is_dark
from ..words import error_text
from .about import engine_text, show_about
from .actions import Actions
from .controller import Controller
from .export_dialog import ExportDialog, render_view_image
from .preferences import PreferencesDialog
from .restart import RestartOffer, reopened_file

translate = QCoreApplication.translate


class MainWindow(QMainWindow):
    """The application window. ``runner``: a core Runner to share (tests); one is made if None."""

    def __init__(self, runner: Runner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle("graphviz_app")
        self.settings = Settings()
        self.document = Document(self)
        self.document.view_model.color_mode = self.settings.color_mode()
        self.view = GraphWidget(self)
        self.scene = self.view.graph_scene
        canvas = QWidget(self)  # the graph, with the legend in a strip under it (never over it)
        canvas.setObjectName("canvas")
        column = QVBoxLayout(canvas)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.view, 1)
        self.legend = LegendPanel(self.document, canvas)
        column.addWidget(self.legend)
        self.setCentralWidget(canvas)
        self.search_bar = SearchBar(self.document, self)
        self.messages = MessagesPanel(self)
        self.inspector = InspectorPanel(self.document, self)
        self.modules = ModulesPanel(self.document, self)
        self.timeline = TimelinePanel(self.document, self)
        self.source = SourcePanel(self.document, self)
        self.leaves = LeavesPanel(self.document, self)
        self.holders = HoldersPanel(self.document, self)
        self.slowest = HoldersPanel(self.document, self, SLOWEST)
        self.health = HealthPanel(self.document, self)
        self.problems = ProblemsPanel(self.document, self)
        self.plots = PlotsPanel(self.document, self)
        self.controller = Controller(self.document, self.view, self.settings, self.messages, runner, self)
        self.graphviz_box: QMessageBox | None = None
        self._color_shown: tuple[ColorMode, tuple[ColorMode, ...]] | None = None
        self.restart_offer: RestartOffer | None = None
        """The last "Restart now?" offer (after Preferences changed the language)."""
        self._call_before: tuple[Path, int] | None = None
        """While a backward call chosen in the Timeline runs: the script and the call it had."""
        dark = is_dark()
        self.actions_ = Actions(self, self, dark)
        self.modules.set_dark(dark)
        self.timeline.set_dark(dark)
        self.actions_.build_menus()
        self.toolbar = self.actions_.build_toolbar(self.search_bar)
        self.docks: dict[str, QDockWidget] = {}
        self.lesson = LessonCard(self.document, self)
        area = Qt.DockWidgetArea
        left, right, bottom = area.LeftDockWidgetArea, area.RightDockWidgetArea, area.BottomDockWidgetArea
        for key, title, widget, side in (
            ("lesson", translate("MainWindow", "Lesson"), self.lesson, right),
            ("inspector", translate("MainWindow", "Inspector"), self.inspector, right),
            ("source", translate("MainWindow", "Source"), self.source, left),
            ("modules", translate("MainWindow", "Modules"), self.modules, left),
            ("leaves", translate("MainWindow", "Leaves"), self.leaves, left),
            ("holders", translate("MainWindow", "Memory"), self.holders, left),
            ("slowest", translate("MainWindow", "Time"), self.slowest, left),
            ("health", translate("MainWindow", "Gradient Health"), self.health, left),
            ("timeline", translate("MainWindow", "Timeline"), self.timeline, bottom),
            ("messages", translate("MainWindow", "Messages"), self.messages, right),
            ("problems", translate("MainWindow", "Problems"), self.problems, right),
            ("plots", translate("MainWindow", "Plots"), self.plots, right),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{key}Dock")
            dock.setWidget(widget)
            self.addDockWidget(side, dock)
            self.actions_.panels_menu.addAction(dock.toggleViewAction())
            self.docks[key] = dock
        self.docks["lesson"].hide()
        self.docks["health"].hide()  # until a graph records gradient health (_show_health)
        for first, second in (
            ("modules", "leaves"),
            ("leaves", "holders"),
            ("holders", "slowest"),
            ("holders", "health"),
            ("messages", "problems"),
            ("problems", "plots"),
        ):
            self.tabifyDockWidget(self.docks[first], self.docks[second])
        self.docks["modules"].raise_()
        # Messages and Problems sit under the Inspector, so the Timeline spans the bottom.
        self.setCorner(Qt.Corner.BottomRightCorner, right)
        self.plots.figuresArrived.connect(self.docks["plots"].show)  # a script's first figures: to the front
        self.plots.figuresArrived.connect(self.docks["plots"].raise_)
        self.docks["messages"].raise_()
        for action in self.timeline.actions_list():
            self.actions_.step_menu.addAction(action)
            self.addAction(action)
        self.actions_.step_menu.addSeparator()
        self.actions_.step_menu.addAction(
            translate("MainWindow", "Step &Forward Pass"), lambda: self.timeline.start("forward")
        )
        self.actions_.step_menu.addAction(self.actions_.run_backward)
        self.actions_.step_menu.addAction(
            translate("MainWindow", "&Show Whole Graph"), self.timeline.stop_stepping
        )
        self._build_lessons_menu()
        self._build_status_bar()
        self._connect()
        self._restore_settings()
        self.setAcceptDrops(True)
        self.update_recent_menu()
        self.update_status()

    # -- construction --------------------------------------------------------------------------
    def _build_lessons_menu(self) -> None:
        """Help ▸ Lessons: every bundled lesson with its one-line topic."""
        menu = self.actions_.lessons_menu
        for lesson in shown_lessons():
            action = menu.addAction(f"{lesson.path.stem}: {lesson.topic}")
            action.setData(str(lesson.path))
            action.setToolTip(str(lesson.path))
            action.triggered.connect(lambda _c=False, p=lesson.path: self.open_path(p))
        self.lesson.lessonChanged.connect(self._lesson_changed)

    def _lesson_changed(self, shown: bool) -> None:
        """A bundled lesson opened: its card shows beside the graph; another file hides it.
        A card that appears is given a good part of its column (it is prose, read whole; the
        Inspector keeps the rest)."""
        dock = self.docks["lesson"]
        appearing = shown and dock.isHidden()
        dock.setVisible(shown)
        if appearing and not dock.isFloating():
            height = self.height()
            self.resizeDocks(
                [dock, self.docks["inspector"]],
                [int(height * 0.42), int(height * 0.3)],
                Qt.Orientation.Vertical,
            )

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.status_counts = QLabel(self)
        self.status_counts.setObjectName("statusCounts")
        self.status_devices = plain_label(QLabel(self))  # device names come from the data
        self.status_devices.setObjectName("statusDevices")
        self.status_path = plain_label(QLabel(self))
        self.status_path.setObjectName("statusPath")
        self.status_path.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_zoom = QLabel(self)
        self.status_python = plain_label(QLabel(self))  # which Python and torch ran the script
        self.status_python.setObjectName("statusPython")
        self.status_engine = plain_label(QLabel(self))  # which Graphviz laid out the graph shown
        self.status_engine.setObjectName("statusEngine")
        bar.addWidget(self.status_counts)
        bar.addWidget(self.status_devices)
        bar.addWidget(self.status_path, 1)
        bar.addPermanentWidget(self.status_python)
        bar.addPermanentWidget(self.status_engine)
        bar.addPermanentWidget(self.status_zoom)

    def _connect(self) -> None:
        doc, a = self.document, self.actions_
        doc.graphChanged.connect(self.update_status)
        doc.displayChanged.connect(self.update_status)
        doc.sourceChanged.connect(self.update_status)
        doc.stylesChanged.connect(self._sync_color_mode)
        doc.graphChanged.connect(self._sync_color_mode)
        doc.graphChanged.connect(self._sync_values)
        doc.selectionChanged.connect(self._selection_changed)
        self.view.itemClicked.connect(self._item_clicked)
        self.view.itemDoubleClicked.connect(self._item_double_clicked)
        self.view.zoomChanged.connect(lambda z: self.status_zoom.setText(f"{z * 100:.0f}%"))
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.view.busy.cancel_button.clicked.connect(self.cancel_run)
        self.search_bar.matchActivated.connect(self.reveal)
        self.search_bar.closed.connect(lambda: self.view.setFocus())
        self.modules.moduleActivated.connect(self.reveal_module)
        self.modules.expandAllRequested.connect(self.expand_all)  # as Graph > Expand All does
        self.modules.depthRequested.connect(self.controller.collapse_to_depth)
        self.modules.show_view = self.controller.change_view  # a big module's view: on a thread
        self.controller.shown_values = lambda: [  # made with a new graph: the tabs in front
            fn
            for panel in (self.leaves, self.holders, self.slowest)
            if panel.gate.in_sight()
            for fn in panel.warmed
        ]
        self.messages.problemShown.connect(lambda: self.docks["messages"].show())
        self.messages.lineActivated.connect(self.show_source_line)
        self.timeline.runBackwardRequested.connect(self._run_backward_now)
        self.timeline.backwardCallRequested.connect(self.show_backward_call)
        doc.graphChanged.connect(self._backward_call_shown)
        doc.graphChanged.connect(self._show_health)
        doc.stepChanged.connect(self._step_changed)
        self.leaves.nodeActivated.connect(self._reveal_graph_node)
        self.holders.nodeActivated.connect(self.find_graph_node)
        self.slowest.nodeActivated.connect(self.find_graph_node)
        self.health.nodeActivated.connect(self.find_graph_node)
        self.problems.problemActivated.connect(self.show_problem)
        self.problems.countChanged.connect(self._problems_counted)
        c = self.controller
        self.source.use_actions(a.run_source, a.save_source, a.reset_source)
        self.source.editedChanged.connect(lambda _edited: self.update_status())
        self.source.noticed.connect(self.messages.info)
        c.edits = self.source  # a run of the script the Source panel edits runs the edited text
        c.runFinished.connect(self.source.remove_run_copy)
        c.opened.connect(lambda p: self.source.set_script(None if p.suffix.lower() in GRAPH_SUFFIXES else p))
        c.loadFailed.connect(self._load_failed)
        c.opened.connect(self.update_recent_menu)
        c.opened.connect(self.lesson.show_lesson_of)  # a lesson's card shows even if its run fails
        c.busyChanged.connect(a.cancel.setEnabled)
        c.statusMessage.connect(self._show_status)
        c.graphvizMissing.connect(self._graphviz_missing)
        c.graphShown.connect(self.view.minimap.invalidate)
        c.graphShown.connect(self._show_engine)
        doc.stylesChanged.connect(self.view.minimap.invalidate)  # after the restyle: it repaints later
        a.recent_menu.aboutToShow.connect(self.update_recent_menu)

    def _restore_settings(self) -> None:
        s, a = self.settings, self.actions_
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None and screen.width() > 0:
            self.resize(min(1400, int(screen.width() * 0.92)), min(900, int(screen.height() * 0.9)))
        else:
            self.resize(1400, 900)
        geometry, state = s.geometry(), s.window_state()
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        else:
            side = max(180, min(340, int(self.width() * 0.21)))  # the canvas keeps most of the width
            for keys, sizes, orientation in (
                (("inspector", "source"), [side, side], Qt.Orientation.Horizontal),
                (("source", "modules"), [420, 200], Qt.Orientation.Vertical),
                (("inspector", "messages"), [520, 260], Qt.Orientation.Vertical),
                (("timeline",), [104], Qt.Orientation.Vertical),  # two lines of chain rule
            ):
                self.resizeDocks([self.docks[key] for key in keys], sizes, orientation)
        for action, value in (
            (a.split_hubs, s.split_hubs()),
            (a.live_reload, s.live_reload()),
            (a.backward, s.run_backward()),
            (a.show_legend, s.legend_shown()),
            (a.show_minimap, s.minimap_shown()),
            (a.left_to_right, s.rankdir() == "LR"),
        ):
            with QSignalBlocker(action):
                action.setChecked(value)
        model = self.document.view_model
        model.set_split_hubs(s.split_hubs())
        model.set_label_detail(s.label_detail())
        # labels' words in the window's language (it changes only with a restart)
        model.set_view_options(replace(model.options, language=current_language()))
        model.set_rankdir(s.rankdir())
        self.legend.wanted = s.legend_shown()
        self.view.minimap.wanted = s.minimap_shown()
        a.theme_by[s.theme()].setChecked(True)
        self._sync_color_mode()

    # -- opening -------------------------------------------------------------------------------
    def open_path(self, path: str | Path) -> None:
        """Open a script (runs it in the worker) or a saved ``.json`` graph (runs nothing); unsaved
        edits of another script in the Source panel are saved or discarded first, as the user says."""
        if not self.source.may_leave(Path(path), self):
            return
        self.controller.open(Path(path))

    def open_default_example(self) -> None:
        self.open_path(example(DEFAULT_EXAMPLE))

    def open_file_dialog(self) -> QFileDialog:
        """The Open dialog (not shown yet), in the window's language (:func:`.i18n.file_dialog`)."""
        dialog = file_dialog(
            self,
            translate("MainWindow", "Open a PyTorch script or a saved graph"),
            self.settings.last_dir(),
            translate(
                "MainWindow",
                "PyTorch scripts and graphs (*.py *.json);;Python scripts (*.py);;Saved graphs (*.json);;All files (*)",
            ),
        )
        dialog.setObjectName("openFileDialog")
        return dialog

    def open_dialog(self) -> None:
        dialog = self.open_file_dialog()
        chosen = dialog.selectedFiles() if dialog.exec() == QFileDialog.DialogCode.Accepted else []
        dialog.deleteLater()
        if chosen:
            path = chosen[0]
            self.settings.set_last_dir(Path(path).parent)
            self.open_path(path)

    def reload(self) -> None:
        self.controller.reload()

    def run_source(self) -> None:
        """Run the script as the Source panel shows it: its edits run from a copy, never saved."""
        if self.source.path is not None and self.source.editable():
            self.controller.run(self.source.path)

    def save_source(self) -> None:
        """Save the Source panel's edits to the user's script (a bundled lesson is never saved),
        after asking when another program changed the file meanwhile."""
        if not self.source.confirm_save(self):
            return
        try:
            saved = self.source.save()
        except GraphvizAppError as exc:
            self.messages.error(exc.message)
            self.statusBar().showMessage(error_text(exc.message), 10000)
            return
        if saved:
            self.statusBar().showMessage(
                fill(translate("MainWindow", "Saved {path}."), path=self.source.path), 4000
            )

    def reset_source(self) -> None:
        """Show the script's own text again, and run it when the graph shown came from other text."""
        if self.source.reset():
            self.run_source()

    def cancel_run(self) -> None:
        self.controller.cancel()

    def expand_all(self) -> None:
        """Expand every module and show the bigger picture from its start."""
        self.controller.expand_all()

    def collapse_all(self) -> None:
        """Collapse every top-level module into one node."""
        self.controller.collapse_to_depth(1)

    def update_recent_menu(self) -> None:
        menu = self.actions_.recent_menu
        menu.clear()
        files = self.settings.recent_files()
        for i, path in enumerate(files):
            shown = printable(path)  # a name that is not UTF-8 shows its odd bytes as �
            action = menu.addAction(f"&{i + 1 if i < 9 else 0}  {Path(shown).name}")
            action.setToolTip(shown)
            action.setStatusTip(shown)
            action.triggered.connect(lambda _c=False, p=path: self._open_recent(p))
        if not files:
            empty = menu.addAction(translate("MainWindow", "No recent files"))
            empty.setEnabled(False)
        menu.addSeparator()
        menu.addAction(self.actions_.clear_recent)

    def _open_recent(self, path: str) -> None:
        if not Path(path).exists():
            self.settings.remove_recent(path)
            self.messages.error(
                i18n.said(
                    QT_TRANSLATE_NOOP(
                        "MainWindow", "{path} no longer exists; it was removed from the recent files."
                    ),
                    path=path,
                )
            )
            self.update_recent_menu()
            return
        self.open_path(path)

    def clear_recent(self) -> None:
        self.settings.clear_recent()
        self.update_recent_menu()

    # -- drag and drop -------------------------------------------------------------------------
    @staticmethod
    def _dropped_path(mime: QMimeData) -> Path | None:
        # Any local file is taken: opening it classifies it (a .dot or .txt is refused with a
        # message, never run), so the user learns why it was not opened.
        for url in mime.urls():
            if url.isLocalFile():
                return Path(url.toLocalFile())
        return None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._dropped_path(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self._dropped_path(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = self._dropped_path(event.mimeData())
        if path is not None:
            event.acceptProposedAction()
            self.open_path(path)

    # -- view interaction ----------------------------------------------------------------------
    def _item_clicked(self, item: Any) -> None:
        if isinstance(item, NodeItem):
            self.document.view_model.select(item.display_id)
        elif isinstance(item, EdgeItem):
            self.select_edge(item)
        elif item is None:
            self.document.view_model.select(None)

    def select_edge(self, edge: EdgeItem) -> None:
        """Select a drawn edge: the document's selection, so it is drawn in the selection color
        and described in the Inspector (what flows along it, and the gradient flowing back) until
        a node or the background is clicked."""
        self.document.view_model.select_edge(edge.source, edge.target)

    def selected_edge(self) -> EdgeItem | None:
        """The edge item drawn as the document's selected edge (None: none)."""
        edge = self.document.view_model.selected_edge
        if edge is None:
            return None
        items = self.scene.edge_items_of(edge.source)
        return next((e for e in items if (e.source, e.target) == (edge.source, edge.target)), None)

    def _item_double_clicked(self, item: Any) -> None:
        """A module's node expands it, its frame collapses it (through the controller: the view
        of a module of thousands of nodes is made on a thread)."""
        model = self.document.view_model
        if isinstance(item, NodeItem) and item.kind == "module":
            node = model.display.nodes.get(item.display_id) if model.display else None
            if node is not None and node.module:
                self.controller.change_view(model.expanding(node.module))
        elif isinstance(item, ClusterItem):
            self.controller.change_view(model.collapsing(item.name))
        elif item is None:
            self.view.fit()

    def _context_menu(self, pos: QPoint) -> None:
        item = self.view.item_at(pos, edges=False)
        menu = QMenu(self)
        model = self.document.view_model
        if isinstance(item, NodeItem) and model.display is not None:
            model.select(item.display_id)
            dnode = model.display.nodes[item.display_id]
            module = dnode.module
            if dnode.kind == "module" and module:
                menu.addAction(
                    translate("MainWindow", "Expand {module}").format(module=module),
                    partial(model.expand, module),
                )
            elif module:
                parts = module.split(".")
                for i in range(len(parts), 0, -1):
                    path = ".".join(parts[:i])
                    menu.addAction(
                        translate("MainWindow", "Collapse {module}").format(module=path),
                        partial(model.collapse, path),
                    )
            text = "\n".join(dnode.label)
            menu.addAction(
                translate("MainWindow", "Copy Label"), partial(QGuiApplication.clipboard().setText, text)
            )
            menu.addSeparator()
        elif isinstance(item, ClusterItem):
            menu.addAction(
                translate("MainWindow", "Collapse {module}").format(module=item.name),
                partial(model.collapse, item.name),
            )
            menu.addSeparator()
        for a in (self.actions_.fit, self.actions_.copy_image, self.actions_.export):
            menu.addAction(a)
        menu.exec(self.view.viewport().mapToGlobal(pos))

    def _selection_changed(self, node: str | None, edge: DisplayEdge | None) -> None:
        self.scene.select(node, (edge.source, edge.target) if edge is not None else None)
        if node is not None or edge is not None:
            self.docks["inspector"].show()

    def reveal(self, display_id: str | None) -> None:
        """Scroll the view to a drawn node (after a search, or from a panel)."""
        if not self.view.reveal_node(display_id):
            self.controller.reveal_after_layout = display_id

    def reveal_module(self, path: str) -> None:
        item = self.scene.cluster_item(path)
        if item is not None:
            self.view.fit_rect(item.scene_rect(), max_zoom=1.5)
        else:
            self.reveal("m:" + path)

    def find_graph_node(self, node: str) -> None:
        """Select graph node ``node`` and scroll to it, expanding the collapsed modules that hide
        it (a row of Memory or Time)."""
        model = self.document.view_model
        if model.display is None or model.graph is None or node not in model.graph:
            return
        ids = model.display.display_ids(node)
        drawn = model.display.nodes.get(ids[0]) if ids else None
        if drawn is not None and drawn.kind == "module" and drawn.module:
            model.expand(drawn.module)  # and any collapsed module around it
            ids = model.display.display_ids(node)
        model.select_graph_node(node)
        if ids:
            self.reveal(ids[0])

    def _reveal_graph_node(self, node: str) -> None:
        ids = self.document.view_model.display.display_ids(node) if self.document.view_model.display else []
        if ids:
            self.reveal(ids[0])

    def _step_changed(self, step: StepView | None) -> None:
        """Keep the step's node in sight (scrolls only when it left the view; never zooms)."""
        items = self.scene.items_for(step.node) if step is not None and step.node else []
        if not items:
            return
        item = items[0]
        visible = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        if not visible.contains(item.marked_rect(self.view.transform().m11())):  # glow included
            self.view.ensureVisible(item, 40, 40)  # the least move: the picture never jumps

    def show_source_line(self, file: str, line: int) -> None:
        """Show ``file``'s ``line`` in the Source panel (from a message or a problem)."""
        self.docks["source"].show()
        self.docks["source"].raise_()
        self.source.show_error(file, line)

    def show_problem(self, problem: Problem) -> None:
        """Jump to a problem: select its node and show its script line."""
        model = self.document.view_model
        if problem.node is not None and model.graph is not None and problem.node in model.graph:
            model.select_graph_node(problem.node)
            self._reveal_graph_node(problem.node)
            if problem.line:
                self.docks["source"].show()
                self.source.view.show_line(problem.line)
        elif problem.line:
            self.show_source_line(problem.file or str(self.source.path or ""), problem.line)

    def _problems_counted(self, count: int) -> None:
        self.docks["problems"].setWindowTitle(
            translate("MainWindow", "Problems ({count})").format(count=count)
            if count
            else translate("MainWindow", "Problems")
        )

    def _show_status(self, text: str, timeout_ms: int) -> None:
        if text:
            self.statusBar().showMessage(particles.resolve(text), timeout_ms)
        else:
            self.statusBar().clearMessage()

    def _graphviz_missing(self, text: str) -> None:
        """Say once per window, in a box, that Graphviz must be installed."""
        if self.graphviz_box is not None:
            return
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("MainWindow", "Graphviz is missing"),
            text,
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("graphvizMissingBox")
        box.open()
        self.graphviz_box = box

    def _load_failed(self, error: GraphvizAppError) -> None:
        if self._call_before is not None:  # the chosen call failed: keep the one that worked
            self.settings.set_backward_call(*self._call_before)
            self._call_before = None
        self.timeline.cancel_backward_request()
        if isinstance(error, ScriptError) and error.kind == "timeout":
            self.messages.info(
                translate(
                    "MainWindow", "The run time limit is {seconds:g} s: change it in Edit ▸ Preferences."
                ).format(seconds=self.controller.timeout)
            )
        self.problems.show_error(error)
        file, line = (error.file, error.line) if isinstance(error, ScriptError) else (None, None)
        if file and line:
            self.source.show_error(file, line)

    # -- view options --------------------------------------------------------------------------
    def _sync_color_mode(self) -> None:
        """Show the document's colour mode and the modes it offers in the menu and the combo;
        remember the mode. Steps restyle often: nothing is done (nor written) unless either
        changed."""
        combo, doc = self.actions_.color_combo, self.document
        available = doc.view_model.available_color_modes()
        shown = (doc.view_model.color_mode, tuple(available))
        if shown == self._color_shown:
            return
        self._color_shown = shown
        for i in range(combo.count()):
            mode = combo.itemData(i)
            model = combo.model()
            item = model.item(i) if isinstance(model, QStandardItemModel) else None
            # only Gradient, Kept for backward, Time and Gradient health are ever greyed out
            # (ViewModel.available_color_modes)
            needs = colors.color_mode(mode).needs
            why = (
                ""
                if mode in available
                else translate(
                    "MainWindow",
                    "Needs a backward pass: run with backward (Run Backward, Ctrl+B) to record the gradients",
                )
                if needs is colors.has_grads
                else translate(
                    "MainWindow",
                    "Needs gradient health, which this graph did not record: set Edit ▸ Preferences ▸ "
                    "Gradient health to a number of backward() calls and reload a training script",
                )
                if needs is has_health
                else translate(
                    "MainWindow",
                    "Needs the bytes each node keeps for backward, which this graph lacks (saved "
                    "before they were measured): open its script to measure them",
                )
                if needs is colors.has_saved_bytes
                else translate(
                    "MainWindow",
                    "Needs each node's time, which this graph lacks (saved before times were "
                    "measured): open its script to measure them",
                )
            )
            if item is not None:
                item.setEnabled(mode in available)
                item.setToolTip(why)
            action = self.actions_.color_by[mode]
            action.setEnabled(mode in available)
            action.setToolTip(why or action.text().replace("&", ""))  # greyed: say why
            action.setStatusTip(why)
        combo.setCurrentIndex(combo.findData(doc.view_model.color_mode))
        self.actions_.color_by[doc.view_model.color_mode].setChecked(True)
        self.settings.set_color_mode(doc.view_model.color_mode)

    def set_split_hubs(self, on: bool) -> None:
        self.settings.set_split_hubs(on)
        self.document.view_model.set_split_hubs(on)

    def set_values_visible(self, on: bool) -> None:
        """Draw values and gradients beside the nodes (the user's choice for this window)."""
        self.document.view_model.set_values(on)

    def _sync_values(self) -> None:
        """Show whether Values is on (a new graph picks the default for its size)."""
        action = self.actions_.values
        with QSignalBlocker(action):
            action.setChecked(self.document.view_model.values_shown())

    def set_legend_visible(self, on: bool) -> None:
        """Show or hide the legend strip under the graph (remembered)."""
        self.settings.set_legend_shown(on)
        self.legend.wanted = on
        self.legend.setVisible(on and self.document.view_model.graph is not None)

    def set_minimap_visible(self, on: bool) -> None:
        """Show the minimap while part of the graph is out of sight, or never (remembered)."""
        self.settings.set_minimap_shown(on)
        self.view.minimap.wanted = on
        self.view.minimap.sync()

    def set_run_backward(self, on: bool) -> None:
        self.settings.set_run_backward(on)
        if self.document.kind == "script":
            self.reload()

    def run_backward(self) -> None:
        """Step through backward: at once when the graph has gradients (the script's own backward
        or an earlier run), else run the script once more with backward (one click)."""
        self.docks["timeline"].show()
        self.timeline.request_backward()

    def show_backward_call(self, call: int) -> None:
        """Run the script again and capture its backward() call ``call``, remembered for the
        script as Edit ▸ Preferences ▸ Backward call remembers it (so reloads keep it)."""
        path = self.controller.source
        if path is None or self.document.kind != "script" or not path.exists():
            self.timeline.cancel_backward_request()
            return
        self._call_before = (path, self.settings.backward_call(path))
        self.settings.set_backward_call(path, call)
        self.controller.run(path)  # a run that cannot start says why through _load_failed

    def _backward_call_shown(self) -> None:
        self._call_before = None

    def _show_health(self) -> None:
        """Bring the Gradient Health panel forward with a graph that recorded it; otherwise it
        stays as the user left it (hidden at first: one tab fewer beside Modules)."""
        graph = self.document.view_model.graph
        if graph is not None and has_health(graph):
            self.docks["health"].show()
            self.docks["health"].raise_()

    def _run_backward_now(self) -> None:
        path = self.controller.source
        if path is None or path.suffix.lower() != ".py" or not path.exists():
            self.timeline.cancel_backward_request()
            graph = self.document.view_model.graph
            ran = graph is not None and bool((graph.graph.get("backward") or {}).get("ran"))
            if path is None:
                what = translate("MainWindow", "no script is open")
            elif ran:
                what = translate(
                    "MainWindow", "this graph holds the gradients of a backward run before it was captured"
                )
            else:
                what = translate("MainWindow", "this saved graph was recorded without backward")
            self.messages.info(
                translate(
                    "MainWindow", "Cannot run backward: {what}. Open the script (.py) to run it."
                ).format(what=what)
            )
            return
        self.controller.run(path, backward=True)

    def set_live_reload(self, on: bool) -> None:
        self.settings.set_live_reload(on)
        self.controller.watch(self.document.path if on and self.document.kind == "script" else None)

    def set_theme(self, theme: Theme) -> None:
        self.settings.set_theme(theme)
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        dark = apply_theme(app, theme)
        self.actions_.retint(dark)
        self.modules.set_dark(dark)
        self.timeline.set_dark(dark)
        self.controller.restyle()
        self.legend.refresh()
        self.view.minimap.invalidate()

    def show_preferences(self) -> PreferencesDialog:
        """Edit ▸ Preferences: the dialog for the open script; its choices apply at once where
        they can (time limit, theme), the rest at the next run or start."""
        script = self.document.path if self.document.kind == "script" else self.controller.source
        dialog = PreferencesDialog(self.settings, script if script and script.suffix == ".py" else None, self)
        dialog.applied.connect(self._preferences_applied)
        dialog.languageChanged.connect(self.offer_restart)
        dialog.engineChanged.connect(self._engine_changed)
        dialog.open()
        self._preferences = dialog
        return dialog

    def _preferences_applied(self) -> None:
        self.document.view_model.set_label_detail(self.settings.label_detail())
        theme = self.settings.theme()
        if not self.actions_.theme_by[theme].isChecked():
            self.actions_.theme_by[theme].setChecked(True)
            self.set_theme(theme)

    def _show_engine(self) -> None:
        """After a layout: name the Graphviz engine that made it in the status bar (a cached
        layout is keyed by the engine and its version, so it is the same engine's)."""
        try:
            chosen = engine()
        except GraphvizAppError:
            self.status_engine.setText("")
            return
        text = engine_text(chosen)
        self.status_engine.setText(f" · {text}")
        self.status_engine.setToolTip(
            plain_tooltip(
                fill(translate("MainWindow", "Laid out by {engine}: {path}"), engine=text, path=chosen.path)
            )
        )

    def _engine_changed(self, _choice: str) -> None:
        """Preferences chose another Graphviz engine: lay the graph shown out again with it."""
        if self.document.view_model.graph is not None:
            self.controller.request_layout()

    def offer_restart(self, language_name: str) -> RestartOffer:
        """Preferences changed the language: offer to start again, on the file open now."""
        path = reopened_file(self.controller.source, self.document.path)
        offer = RestartOffer(self, self.settings, path, language_name)
        offer.launchFailed.connect(self.messages.error)
        offer.open()
        self.restart_offer = offer
        return offer

    def show_about(self) -> None:
        self._about = show_about(self)

    # -- export --------------------------------------------------------------------------------
    def export_dialog(self) -> ExportDialog | None:
        if self.document.view_model.graph is None:
            self.messages.error(
                translate("MainWindow", "Nothing to export yet: open a script or a graph first.")
            )
            return None
        dialog = ExportDialog(self, self.document, self.settings)
        dialog.exported.connect(lambda path, notes: self.controller.report_export(path, notes))
        dialog.open()
        self._export = dialog
        return dialog

    def copy_image(self) -> None:
        """Put the visible part of the graph on the clipboard as an image."""
        image = render_view_image(self.view)
        QGuiApplication.clipboard().setImage(image)
        self.statusBar().showMessage(translate("MainWindow", "Copied the view to the clipboard."), 4000)

    # -- status ----------------------------------------------------------------------------------
    def update_status(self) -> None:
        doc = self.document
        model = doc.view_model
        if model.graph is None:
            self.status_counts.setText(translate("MainWindow", "No graph"))
            self.status_devices.setText("")
        else:
            shown = len(model.display.nodes) if model.display else 0
            nodes, edges = model.graph.number_of_nodes(), derived(model.graph, edge_count)
            extra = translate("MainWindow", " ({shown} drawn)").format(shown=shown) if shown != nodes else ""
            self.status_counts.setText(
                translate("MainWindow", "{nodes} nodes{extra} · {edges} edges").format(
                    nodes=nodes, extra=extra, edges=edges
                )
            )
            devices = model.graph.graph.get("devices") or {}
            if not devices:
                devices = Counter(d for _, d in model.graph.nodes(data="device") if d)
            self.status_devices.setText(" · " + ", ".join(f"{d} ({n})" for d, n in devices.items()))
        has_modules = bool(model.modules())
        self.actions_.collapse_all.setEnabled(has_modules)
        self.actions_.expand_all.setEnabled(has_modules and bool(model.options.collapsed))
        for action in (self.actions_.export, self.actions_.copy_image):
            action.setEnabled(model.graph is not None)
        short, note = environment_text(
            model.graph.graph.get("environment") if model.graph is not None else None
        )
        self.status_python.setText(short)
        self.status_python.setToolTip(plain_tooltip(note))
        path = doc.path
        self.status_path.setText(f" · {path}" if path else "")
        name = path.name if path else None
        sent_from = (
            model.graph.graph.get("sent_from") if model.graph is not None and doc.kind == "json" else None
        )
        if isinstance(sent_from, str) and sent_from.strip():
            name = sent_from[:120]  # a graph sent from Python: where it was sent from ("train.py:88")
        if name and self.source.is_edited():
            name = translate("MainWindow", "{name} (edited)").format(name=name)
        self.setWindowTitle(f"{name} — graphviz_app" if name else "graphviz_app")

    # -- lifetime ---------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.source.may_leave(None, self):  # the user chose to stay with unsaved edits
            event.ignore()
            return
        self.settings.save_window(self.saveGeometry(), self.saveState())
        self.settings.sync()
        self.timeline.stop()
        self.scene.stop_animation()
        self.controller.shutdown()
        self.source.remove_run_copy()
        super().closeEvent(event)
