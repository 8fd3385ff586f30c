"""Loading for the window: open/reload/cancel, live reload, and graph -> layout -> scene.

Scripts run in the worker process through :class:`ScriptJobs`; saved ``.json`` graphs are read
directly and run nothing. Every new graph or display change asks :class:`LayoutJobs` for a layout
(newest wins) and, when it arrives, rebuilds the scene; style changes only recolor the scene.
All failures reach the user in the Messages panel (and the view's placeholder when nothing is
shown), and the window stays ready for the next load.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox

from ...core.cost import LIMIT_ATTRS, WINDOW_BUDGET, estimate, recommend
from ...core.dot import to_dot
from ...core.graph import load_graph_json
from ...core.layout import LayoutCancelled
from ...core.layout_cache import CachedLayoutJob, LayoutCache
from ...errors import GraphvizAppError, GraphvizNotFoundError, ScriptError
from .about import missing_graphviz_text
from ..theme import is_dark
from ..jobs import LayoutJobs, RunRequest, ScriptJobs, is_cancelled

if TYPE_CHECKING:
    from .main_window import MainWindow

LAYOUT_TIMEOUT = 300.0
LIVE_RELOAD_DELAY_MS = 400


class Loader(QObject):
    """Owns the background jobs and the file watcher of one window."""

    graphShown = Signal()  # the scene now shows the document's current display graph
    loadFailed = Signal(object)  # GraphvizAppError: a run, a file or a layout failed
    runFinished = Signal()  # a script run ended (either way)

    def __init__(self, window: "MainWindow", runner: Any | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.jobs = ScriptJobs(runner, self)
        self.layouts = LayoutJobs(self)
        self.timeout = window.settings.timeout()
        self.source: Path | None = None  # the last file the user opened (even if it failed)
        self.reveal_after_layout: str | None = None
        self.backward_for: Path | None = None  # the script the user ran backward on (reloads keep it)
        self._fit_next = True
        self._pending: dict[int, tuple[Any, Any]] = {}
        self.layout_cache = LayoutCache()
        self._warned_graphviz = False
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(LIVE_RELOAD_DELAY_MS)
        self._reload_timer.timeout.connect(self._live_reload)
        self.jobs.started.connect(self._run_started)
        self.jobs.finished.connect(self._run_finished)
        self.jobs.failed.connect(self._run_failed)
        self.jobs.busyChanged.connect(self._busy)
        self.layouts.finished.connect(self._layout_finished)
        self.layouts.failed.connect(self._layout_failed)
        self.document.graphChanged.connect(self._graph_changed)
        self.document.displayChanged.connect(self.request_layout)
        self.document.stylesChanged.connect(self.restyle)
        self.jobs.prestart()

    # -- opening ---------------------------------------------------------------------------------
    def open(self, path: Path) -> None:
        """Open a script (run it) or a ``.json`` graph (load it, run nothing)."""
        path = Path(path).expanduser()
        self.source = path.resolve() if path.exists() else path
        if not path.exists():
            error = GraphvizAppError(f"Cannot open {path}: no such file.")
            self._fail(error)
            return
        self.window.settings.add_recent(path)
        self.window.update_recent_menu()
        if path.suffix.lower() == ".json":
            self.jobs.cancel()
            self.window.messages.heading(f"Opening {path.name} (saved graph, no code runs)")
            try:
                graph = load_graph_json(path)
            except GraphvizAppError as exc:
                self._fail(exc)
                return
            self.watch(None)
            self._fit_next = True
            self.document.set_graph(graph, path, "json")
            self.window.messages.info(f"Loaded {graph.number_of_nodes()} nodes from {path.name}.", ok=True)
        else:
            self.run(path)

    def run(self, path: Path, *, backward: bool | None = None) -> RunRequest:
        """Run a script in the worker; the result arrives through the job signals.

        ``backward``: run backward on the output (None: the setting, or True when the user asked
        for backward on this file before, so reloads keep the gradients).
        """
        resolved = path.resolve()
        if self.document.path != resolved:
            self._fit_next = True
        if backward:
            self.backward_for = resolved
        elif backward is None:
            backward = self.window.settings.run_backward() or self.backward_for == resolved
        if self.document.graph is None:
            self.window.view.placeholder = f"Loading {path.name}…"
            self.window.view.viewport().update()
        return self.jobs.run(path, backward=backward, timeout=self.timeout)

    def reload(self) -> None:
        """Open the last opened file again (a script runs again)."""
        if self.source is None:
            self.window.messages.info("Nothing to reload: open a script first (Ctrl+O).")
            return
        self.open(self.source)

    def cancel(self) -> None:
        """Stop the running script, or the layout in progress."""
        self.jobs.cancel()
        self.layouts.cancel()

    # -- script runs -----------------------------------------------------------------------------
    def _run_started(self, request: RunRequest) -> None:
        extra = " and backward" if request.backward else ""
        self.window.messages.heading(f"Running {request.path.name}{extra}…")
        self.window.view.busy.show_message(f"Running {request.path.name}{extra}…")
        self.window.statusBar().showMessage(f"Running {request.path}…")

    def _busy(self, busy: bool) -> None:
        self.window.actions_.cancel.setEnabled(busy)
        if not busy:
            self.window.view.busy.hide()
            self.window.statusBar().clearMessage()

    def _run_finished(self, result: Any, request: RunRequest) -> None:
        msgs = self.window.messages
        msgs.output(result.output)
        for notice in result.notices:
            msgs.warning(notice)
        self.document.set_graph(result.graph, request.path, "script")
        graph = result.graph
        took = f"{result.seconds:.1f} s" if result.seconds >= 0.1 else "under 0.1 s"
        msgs.info(
            f"Captured {graph.number_of_nodes()} nodes and {graph.number_of_edges()} edges in {took}.",
            ok=True,
        )
        self._watch_source(request.path)
        self.runFinished.emit()

    def _run_failed(self, error: Any, request: RunRequest) -> None:
        msgs = self.window.messages
        msgs.output(getattr(error, "output", ""))
        if is_cancelled(error):
            msgs.info(f"Stopped {request.path.name}: the run was cancelled.")
        else:
            self._fail(error)
        self._watch_source(request.path)  # saving a fix reloads it
        self.runFinished.emit()

    def _fail(self, error: GraphvizAppError) -> None:
        msgs = self.window.messages
        if isinstance(error, ScriptError):
            msgs.script_error(error)
        else:
            msgs.error(error.message, getattr(error, "details", None))
        if self.document.graph is None:
            self.window.view.placeholder = f"{error.message}\n\nSee the Messages panel for details."
            self.window.view.viewport().update()
        self.window.statusBar().showMessage(error.message.split("\n")[0], 10000)
        self.loadFailed.emit(error)

    # -- live reload -----------------------------------------------------------------------------
    def _watch_source(self, path: Path) -> None:
        self.watch(path if self.window.settings.live_reload() else None)

    def watch(self, path: Path | None) -> None:
        """Watch ``path`` for saves (None: watch nothing)."""
        files = self.watcher.files()
        if files:
            self.watcher.removePaths(files)
        if path is not None and Path(path).exists():
            self.watcher.addPath(str(path))

    def _file_changed(self, path: str) -> None:
        # Editors often save by replacing the file, which drops it from the watcher: re-add.
        if Path(path).exists() and path not in self.watcher.files():
            self.watcher.addPath(path)
        self._reload_timer.start()

    def _live_reload(self) -> None:
        files = self.watcher.files()
        if not files:
            path = self.source
            if path is not None and path.exists() and self.window.settings.live_reload():
                self.watcher.addPath(str(path))  # the file came back after a replace
            else:
                return
        if self.source is not None and self.source.exists() and self.source.suffix != ".json":
            self.window.messages.info(f"{self.source.name} changed on disk: reloading.")
            self.run(self.source)

    # -- layout ----------------------------------------------------------------------------------
    def _graph_changed(self) -> None:
        doc = self.document
        if doc.graph is None:
            self.window.scene.clear_graph()
            return
        if self._fit_next and doc.display is not None:
            # A new graph: estimate what dot will cost before calling it, and open big graphs
            # collapsed to module level (hubs split, iteration limits) instead of hanging.
            plan = recommend(doc.graph, doc.options, display=doc.display)
            if plan.changed:
                self.window.messages.info(plan.message())
                if plan.options != doc.options:
                    doc.set_view_options(plan.options)  # lays out through displayChanged
                    return
        self.request_layout()

    def request_layout(self) -> None:
        """Lay out the document's display graph in the background (newest request wins).

        An unchanged graph comes from the layout cache at once; a view predicted to be slow gets
        Graphviz's iteration limits and a progress message with the estimate and Cancel.
        """
        doc = self.document
        if doc.graph is None or doc.display is None:
            return
        display, graph = doc.display, doc.graph
        cost = estimate(display)
        attrs = dict(LIMIT_ATTRS) if cost.seconds > WINDOW_BUDGET else {}
        dot_text = to_dot(display, graph, mode=doc.color_mode, graph_attrs=attrs)
        job = CachedLayoutJob(dot_text, self.layout_cache, LAYOUT_TIMEOUT)
        token = self.layouts.request(job.result, job.cancel)
        self._pending = {token: (display, graph)}
        text = f"Laying out {len(display.nodes)} nodes…"
        if cost.seconds > 1.0 and not self.layout_cache.path_for(dot_text).exists():
            text = f"Laying out {len(display.nodes)} nodes (about {cost.seconds:.0f} s)…"
            self.window.view.busy.show_message(text)
            self.window.actions_.cancel.setEnabled(True)
        if not self.window.scene.node_items:
            self.window.view.placeholder = text
            self.window.view.viewport().update()

    def _layout_idle(self) -> None:
        if not self.jobs.is_busy():
            self.window.view.busy.hide()
            self.window.actions_.cancel.setEnabled(False)

    def _layout_finished(self, layout: Any, token: int) -> None:
        self._layout_idle()
        display, graph = self._pending.pop(token, (None, None))
        doc = self.document
        if display is not doc.display or graph is not doc.graph:
            return  # the document moved on while this layout ran
        view, scene = self.window.view, self.window.scene
        old_zoom = view.zoom()
        scene.build(display, layout, graph)
        self.restyle()
        scene.select(doc.selection)
        if self._fit_next:
            view.show_initial()
            self._fit_next = False
        else:
            target = self.reveal_after_layout or doc.selection
            item = scene.node_items.get(target) if target else None
            if item is not None:  # keep the zoom, keep the node the user works on in view
                view.set_zoom(old_zoom)
                view.centerOn(item)
            else:
                view.show_initial()
        self.reveal_after_layout = None
        for warning in getattr(layout, "warnings", ()):
            if "warning" in warning.lower():
                self.window.messages.warning(f"Graphviz: {warning}")
        self.window.legend.place()
        self.graphShown.emit()

    def _layout_failed(self, error: Any, token: int) -> None:
        self._pending.pop(token, None)
        self._layout_idle()
        if isinstance(error, LayoutCancelled):
            if token == self.layouts.latest():
                self.window.messages.info(
                    "Layout cancelled. Collapse modules (Graph menu, Modules panel) to lay out "
                    "a smaller view."
                )
                if not self.window.scene.node_items:
                    self.window.view.placeholder = "Layout cancelled: collapse modules to see a smaller view."
                    self.window.view.viewport().update()
            return
        if isinstance(error, GraphvizNotFoundError):
            text = missing_graphviz_text()
            self.window.messages.error(error.message, text)
            self.window.scene.clear_graph()
            self.window.view.placeholder = text
            self.window.view.viewport().update()
            if not self._warned_graphviz:
                self._warned_graphviz = True
                box = QMessageBox(QMessageBox.Icon.Warning, "Graphviz is missing", text,
                                  QMessageBox.StandardButton.Ok, self.window)
                box.setObjectName("graphvizMissingBox")
                box.open()
                self.graphviz_box = box
            self.loadFailed.emit(error)
            return
        self._fail(error)

    def restyle(self) -> None:
        """Recolor the scene from the document's color mode and style layers (no relayout).

        After a step only the nodes whose style changed are touched (``Document.last_changed``).
        """
        doc, scene = self.document, self.window.scene
        if scene.display is None or scene.display is not doc.display:
            return
        scene.apply_styles(doc.fills(), doc.styles(), dark=is_dark(), selected=doc.selection,
                           only=doc.last_changed, marked=doc.marked_edges(),
                           flow_backward=doc.stepping_backward())

    def report_export(self, path: str, notices: list[str]) -> None:
        self.window.messages.info(f"Exported {path}.", ok=True)
        for notice in notices:
            self.window.messages.warning(notice)
        self.window.statusBar().showMessage(f"Exported {path}", 6000)

    def shutdown(self) -> None:
        """Stop every background job (the window is closing)."""
        self._reload_timer.stop()
        self.layouts.shutdown()
        self.jobs.shutdown()
