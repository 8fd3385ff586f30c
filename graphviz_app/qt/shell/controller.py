"""The controller: open/reload/cancel, live reload, and graph -> layout -> scene.

Scripts run in the worker process through :class:`ScriptJobs`; saved ``.json`` graphs are read
and validated on a thread through :class:`ReadJobs` (with progress and Cancel) and run nothing.
A new graph gets a view plan (``core.graphviz.cost.recommend``) before its display graph is built; every
new graph or display change asks :class:`LayoutJobs` for a layout (newest wins) and, when it
arrives, the :class:`GraphWidget` shows it; style changes only restyle it.
Failures reach the user through the reporter (the Messages panel) and the widget's
placeholder when nothing is shown. The controller needs a document, a graph widget, the settings
and a reporter, never the window: the window listens to its signals.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import networkx as nx
from PySide6.QtCore import QCoreApplication, QFileSystemWatcher, QObject, QTimer, Signal

from ...capture.client import Runner, RunResult
from ...capture.interpreter import Interpreter
from ...core.graphviz import arrange
from ...core.graphviz.compose import ComposedLayout, Composer, anchor_shift
from ...core.graphviz.cost import WINDOW_BUDGET, Recommendation
from ...core.graphviz.engine import warm_version
from ...core.graphviz.layout import Layout, LayoutCancelled
from ...core.graphviz.layout_cache import LayoutCache
from ...core.graphviz.opening import PlanSettings, PreparedView, plan_view, prepare_view
from ...core.model import derived as derived_values
from ...core.model.file_kind import classify_path
from ...core.model.saved_graph import ReadCancelled, ReadProgress
from ...core.model.topology import ancestors, collapse_to_depth
from ...core.view.display import DisplayGraph, ViewOptions
from ...core.view.first_view import FirstView
from ...core.view.saved_view import saved_view
from ...errors import GraphvizNotFoundError
from ...wire.errors import GraphvizAppError, ScriptError
from ...wire.message import QT_TRANSLATE_NOOP, Message
from .. import i18n
from ..canvas.scene import Prepared, badge_room
from ..canvas.stale import Fix, cancelled_banner, stale_banner
from ..canvas.widget import GraphWidget
from ..document import Document
from ..jobs import LayoutJobs, ReadJobs, ReadRequest, RunRequest, ScriptJobs, Task, is_cancelled, let_finish
from ..panels.inspector import environment_text
from ..panels.messages import MessagesPanel
from ..panels.source import SourcePanel, is_bundled
from ..settings import Settings
from ..theme import is_dark
from ..words import error_text
from .about import missing_graphviz_text

log = logging.getLogger(__name__)
WARM_LATER_MS = 500
"""How long after a new graph's first picture the values of the panels behind a tab are made:
a thread making them at once held the GIL the first paint needs (0.2 s more to a 20,000-node
graph's first picture)."""

LAYOUT_TIMEOUT = 300.0
LIVE_RELOAD_DELAY_MS = 400
NOT_THE_SCRIPTS = frozenset({"internal", "worker", "interpreter", "cwd"})
"""Kinds of ScriptError that are the app's or the interpreter's failure, not the script's."""
FALLBACK_VIEW_SIZE = (1000.0, 650.0)
"""The canvas size a first view is planned for while the window is not shown yet."""
RUN_CLOCK_MS = 1000
"""How often a running script's elapsed time is shown anew."""
LAYOUT_BUSY_DELAY_MS = 500
"""A layout still running after this long says what it lays out in the busy bar (with Cancel)."""
GUI_SWITCH_INTERVAL = 0.001
"""The longest a thread holds the GIL while the GUI thread asks for it (``sys.setswitchinterval``)."""
THREADED_DISPLAY_NODES = 4000
"""Graphs from this many nodes have a whole new display graph built on a thread (about 0.1 s at
this size, 0.3-0.6 s at 20,000 nodes on the GUI thread), and so has a toggle of a module of
more nodes than this (its patch costs as much)."""


@dataclass(frozen=True)
class _Laid:
    """What a layout job gives: the layout, and what the scene's build of a new big picture
    could work out beside it on the layout's thread (:meth:`GraphScene.prepare`)."""

    layout: Layout
    prepared: Prepared | None = None


translate = QCoreApplication.translate


def _runner_python(interpreter: Interpreter) -> Interpreter | None:
    """What a run passes to the runner: None for the app's own Python (the runner's default,
    which a shared runner may have set to another)."""
    return None if interpreter.source == "app" else interpreter


class Controller(QObject):
    """Owns the background jobs and the file watcher of one window, and drives its graph widget."""

    graphShown = Signal()  # the widget now shows the document's current display graph
    loadFailed = Signal(GraphvizAppError)  # a run, a file or a layout failed
    runFinished = Signal()  # a script run ended (either way)
    opened = Signal(Path)  # a file was opened (it is now first in the recent files)
    busyChanged = Signal(bool)  # something can be cancelled (a run, a slow layout)
    statusMessage = Signal(str, int)  # a status-bar line and how long it shows (ms; "" clears)
    graphvizMissing = Signal(str)  # `dot` is not installed: the text saying how to install it

    def __init__(
        self,
        document: Document,
        graph_widget: GraphWidget,
        settings: Settings,
        reporter: MessagesPanel,
        runner: Runner | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        # The jobs' threads compute in Python beside the GUI thread; each time the GUI thread
        # wants the GIL back it waits up to the switch interval (5 ms by default), for every
        # call into Qt that let it go: an event-loop turn then took 0.3-0.4 s while Expand All's
        # display graph was built. 1 ms keeps it to a tenth of a second.
        sys.setswitchinterval(min(sys.getswitchinterval(), GUI_SWITCH_INTERVAL))
        self.document = document
        document.waits_for_picture = True  # a selection moved by an expand waits for its picture
        self._drawn_modules: list[tuple[DisplayGraph, set[str]]] = []
        self._composed: list[tuple[DisplayGraph, ComposedLayout]] = []
        """The composed layouts shown last, with their display graphs: the document keeps the
        display graph of a view shown again (a module collapsed again), so its layout is too."""
        self.widget = graph_widget
        self.settings = settings
        self.reporter = reporter
        self.jobs = ScriptJobs(runner, self)
        self.layouts = LayoutJobs(self)
        self.reads = ReadJobs(self)
        self.source: Path | None = None  # the last file the user opened (even if it failed)
        self.run_anyway = False  # the user chose to run ``source`` although it is not a .py
        self.reveal_after_layout: str | None = None
        self.backward_for: Path | None = None  # the script the user ran backward on (reloads keep it)
        self.python_override: Interpreter | None = None  # --python: every script of this session
        self.edits: SourcePanel | None = None  # a run of an edited script runs its edited text
        self._fit_next = True
        self.first_view: FirstView | None = None  # what the last new graph's plan collapsed to read
        self._pending: dict[int, tuple[DisplayGraph, nx.DiGraph]] = {}
        self._preparing: dict[int, tuple[nx.DiGraph, ViewOptions]] = {}
        """The display graph :meth:`change_view` is making on a thread: its graph and options."""
        self.shown_values: Callable[[], list[Callable[[nx.DiGraph], object]]] = list
        """The values (:func:`~graphviz_app.core.model.derived.derived` functions) of the panels in
        sight, made with a new graph on its reading thread; the rest are made once it is drawn."""
        self._unwarmed: nx.DiGraph | None = None
        """A new graph whose later values (``derived.LATER``) are made once it is drawn."""
        self._warm_timer = QTimer(self, singleShot=True, interval=WARM_LATER_MS)
        self._warm_timer.timeout.connect(self._warm_later)
        self._warming: Task | None = None
        self.layout_cache = LayoutCache()
        # (the engine's version is part of the cache key: asked here, never on the GUI thread)
        threading.Thread(target=warm_version, name="engine-version", daemon=True).start()
        self.composer = Composer(self.layout_cache, timeout=LAYOUT_TIMEOUT)
        self._shown: tuple[DisplayGraph, Layout] | None = None  # the layout on screen, composed
        self._restyle_missed = False  # looks changed while the scene showed an older display
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self._reload_timer = QTimer(self, singleShot=True, interval=LIVE_RELOAD_DELAY_MS)
        self._reload_timer.timeout.connect(self._live_reload)
        self.jobs.started.connect(self._run_started)
        self.jobs.finished.connect(self._run_finished)
        self.jobs.failed.connect(self._run_failed)
        self.jobs.busyChanged.connect(self._busy)
        self.jobs.output.connect(self._run_output)
        self._streamed: tuple[int, str] = (0, "")
        """The running request's number and what it printed so far (shown in Messages live)."""
        self._run_text = ("", "")  # the busy bar's and the status bar's words for the run
        self._run_since = 0.0
        self._run_clock = QTimer(self, interval=RUN_CLOCK_MS)
        self._run_clock.timeout.connect(self._tick_run)
        self.reads.started.connect(self._read_started)
        self.reads.progress.connect(self._read_progress)
        self.reads.finished.connect(self._read_finished)
        self.reads.failed.connect(self._read_failed)
        self.reads.busyChanged.connect(self._busy)
        self.layout_busy = QTimer(self, singleShot=True, interval=LAYOUT_BUSY_DELAY_MS)
        """Shows the busy bar for a layout that runs longer than LAYOUT_BUSY_DELAY_MS."""
        self.layout_busy.timeout.connect(self._show_layout_busy)
        self._layout_words: Callable[[], str] = str
        """What the busy bar says of the layout under way, worded only if the bar shows."""
        self.layouts.finished.connect(self._layout_finished)
        self.layouts.failed.connect(self._layout_failed)
        self.document.graphChanged.connect(self._graph_changed)
        self.document.displayChanged.connect(self.request_layout)
        self.document.stylesChanged.connect(self.restyle)
        self.jobs.prestart(_runner_python(settings.interpreter(None)))

    # -- opening ---------------------------------------------------------------------------------
    def open(self, path: Path, *, run_anyway: bool = False) -> None:
        """Open ``path`` for what it is (:func:`~graphviz_app.core.model.file_kind.classify_path`):
        a ``.py`` script runs in the worker, a ``.json`` graph is read (no code runs), anything
        else is refused with a message and runs nothing; a refusal or a bad file keeps the
        document shown.

        ``run_anyway``: the user chose to run a file whose name does not end in ``.py``.
        """
        path = Path(path).expanduser()
        if not path.exists() and not path.is_symlink():
            self.source = path
            self._fail(
                GraphvizAppError(
                    i18n.said(QT_TRANSLATE_NOOP("Controller", "Cannot open {path}: no such file."), path=path)
                )
            )
            return
        decision = classify_path(path, run_anyway=run_anyway)
        if decision.refused:
            self.settings.remove_recent(str(path.absolute()))
            self.settings.remove_recent(str(path.resolve()))
            self.reporter.heading(
                i18n.said(QT_TRANSLATE_NOOP("Controller", "Not opening {name}"), name=path.name)
            )
            # Nothing was read or run: the document shown stays as it is, unmarked.
            self._fail(GraphvizAppError(decision.message), mark_stale=False)
            return
        self.source = path.resolve()
        self.run_anyway = run_anyway
        self.settings.add_recent(path)
        self.opened.emit(path)
        if decision.kind == "graph":
            self._open_graph(path)
        else:
            self.run(path)

    def _open_graph(self, path: Path) -> None:
        """Read a saved graph on a thread (validated; nothing runs), then show it; a bad file
        keeps the document shown. Progress and Cancel: :meth:`_read_progress`, :meth:`cancel`."""
        self.jobs.cancel()
        self.reporter.heading(
            translate("Controller", "Opening {name} (saved graph, no code runs)").format(name=path.name)
        )
        doc = self.document
        model = doc.view_model
        keep = doc.path is not None and path.resolve() == doc.path
        options, mode, values = model.options, model.color_mode, model.values_choice
        settings = self._plan_settings()
        extra = [derived_values.warmer(fn) for fn in self.shown_values()]

        def prepare(graph: nx.DiGraph) -> PreparedView:  # on the reading thread: no Qt here
            chosen = dataclasses.replace(settings, collapsed=saved_view(graph).collapsed)
            return prepare_view(graph, options, chosen, keep=keep, mode=mode, values=values, extra=extra)

        self.reads.read(path, prepare=prepare)

    def _read_started(self, request: ReadRequest) -> None:
        self.statusMessage.emit(translate("Controller", "Reading {path}…").format(path=request.path), 0)
        if self.document.view_model.graph is None:
            self.widget.set_placeholder(
                translate("Controller", "Loading {name}…").format(name=request.path.name)
            )

    def _read_progress(self, step: ReadProgress, request: ReadRequest) -> None:
        """A big file's read goes on: say how far in the busy bar (with Cancel) and the status bar.
        (A file read at once never shows the bar: its first report comes before any read.)"""
        if request is not self.reads.current() or step.done == 0:
            return
        name = request.path.name
        if step.stage == "reading":
            text = translate("Controller", "Reading {name}: {done} of {total} MB…").format(
                name=name, done=f"{step.done / 1e6:,.0f}", total=f"{step.total / 1e6:,.0f}"
            )
        elif step.stage == "checking":
            text = translate("Controller", "Checking {name}: {done} of {total} nodes…").format(
                name=name, done=f"{step.done:,}", total=f"{step.total:,}"
            )
        else:
            text = translate(
                "Controller", "Building the graph of {name}: {done} of {total} nodes and edges…"
            ).format(name=name, done=f"{step.done:,}", total=f"{step.total:,}")
        self.widget.show_busy(text)
        self.statusMessage.emit(text, 0)

    def _read_finished(self, graph: nx.DiGraph, request: ReadRequest) -> None:
        path = request.path
        self.watch(None)
        self._fit_next = True
        view = saved_view(graph)  # how it was viewed when exported: reopen it the same
        plan = partial(self._plan, collapsed=view.collapsed)
        prepared = request.prepared
        if isinstance(prepared, PreparedView):  # planned on the reading thread
            plan = partial(self._prepared_plan, prepared=prepared, otherwise=plan)
        doc = self.document
        model = doc.view_model
        doc.set_graph(graph, path, "json", plan=plan)
        if view.color is not None and view.color in model.available_color_modes():
            model.set_color_mode(view.color)
        if view.step_mode is not None and view.step_index is not None:
            model.set_step(view.step_mode, view.step_index - 1)
        self.reporter.info(
            translate("Controller", "Loaded {count} nodes from {name}.").format(
                count=graph.number_of_nodes(), name=path.name
            ),
            ok=True,
        )

    def _read_failed(self, error: GraphvizAppError, request: ReadRequest) -> None:
        """As after a script run: a cancelled read leaves the window speaking of this file (the
        same file's graph under a banner, another's dropped); a bad file is reported."""
        if isinstance(error, ReadCancelled):
            stopped = translate("Controller", "Stopped reading {name}: the read was cancelled.").format(
                name=request.path.name
            )
            self.reporter.info(stopped)
            self._keep_after_cancel(request.path, read=True)
            self.statusMessage.emit(stopped, 10000)
        else:
            self._fail(error, request.path)

    @property
    def timeout(self) -> float:
        """The run time limit in seconds (Preferences: the settings hold it)."""
        return self.settings.timeout()

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self.settings.set_timeout(seconds)

    def interpreter(self, script: Path | None) -> Interpreter:
        """The Python ``script`` runs under: ``--python``, else Preferences, else the one found
        beside it."""
        return self.python_override or self.settings.interpreter(script)

    def run(self, path: Path, *, backward: bool | None = None) -> RunRequest | None:
        """Run a script in the worker; the result arrives through the job signals.

        ``backward``: run backward on the output (None: the setting, or True when the user asked
        for backward on this file before, so reloads keep the gradients). Returns None, with the
        reason in Messages, when the script's arguments in Preferences cannot be split.
        """
        self.reads.drop()  # the newest request wins
        resolved = path.resolve()
        if self.document.path != resolved:
            self._fit_next = True
        if backward:
            self.backward_for = resolved
        elif backward is None:
            backward = self.settings.run_backward() or self.backward_for == resolved
        try:
            options = self.settings.run_options(resolved, backward=bool(backward))
        except ValueError as exc:  # arguments saved by an older version, or edited by hand
            self._fail(
                GraphvizAppError(
                    i18n.said(
                        QT_TRANSLATE_NOOP(
                            "Controller", "Cannot run {name}: {error} (Edit ▸ Preferences ▸ Arguments)"
                        ),
                        name=path.name,
                        error=exc,
                    )
                ),
                path,
            )
            return None
        try:
            script = self.edits.run_copy(resolved) if self.edits is not None else None
        except GraphvizAppError as exc:  # the edited text could not be written to its copy
            self._fail(exc, path)
            return None
        doc = self.document
        if doc.path != resolved or doc.kind != "script":
            # The window speaks of the script that runs from now on (title, Source, Problems):
            # another file's graph goes at once, as after a failed or cancelled run of this one.
            doc.set_graph(None, resolved, "script")
        if doc.view_model.graph is None:
            self.widget.set_placeholder(translate("Controller", "Loading {name}…").format(name=path.name))
        return self.jobs.run(path, options, script=script, python=_runner_python(self.interpreter(resolved)))

    def reload(self) -> None:
        """Open the last opened file again (a script runs again)."""
        if self.source is None:
            self.reporter.info(translate("Controller", "Nothing to reload: open a script first (Ctrl+O)."))
            return
        self.open(self.source)

    def cancel(self) -> None:
        """Stop the running script, the saved graph being read, or the layout in progress."""
        self.jobs.cancel()
        self.reads.cancel()
        self.layouts.cancel()

    # -- script runs -----------------------------------------------------------------------------
    def _run_started(self, request: RunRequest) -> None:
        running = (
            translate("Controller", "Running {name} and backward…")
            if request.options.backward
            else translate("Controller", "Running {name}…")
        ).format(name=request.path.name)
        self.reporter.heading(running)
        self.widget.show_busy(running)
        status = translate("Controller", "Running {path}…").format(path=request.path)
        self.statusMessage.emit(status, 0)
        self._streamed = (request.number, "")
        self._run_text = (running, status)
        self._run_since = time.monotonic()
        self._run_clock.start()

    def _tick_run(self) -> None:
        """Say how long the script has been running, in the busy bar and the status bar."""
        if not self.jobs.is_busy():
            self._run_clock.stop()
            return
        seconds = int(time.monotonic() - self._run_since)
        took = translate("Controller", "({seconds} s)").format(seconds=seconds)
        running, status = self._run_text
        self.widget.show_busy(f"{running} {took}")
        self.statusMessage.emit(f"{status} {took}", 0)

    def _run_output(self, text: str, request: RunRequest) -> None:
        """Show what the running script printed, as it prints it (a few times a second at most:
        the runner reads it on a timer); a long line may come in pieces, which Messages joins."""
        number, shown = self._streamed
        if number != request.number or request is not self.jobs.current():
            return  # a run replaced by a newer one
        self._streamed = (number, shown + text)
        self.reporter.output(text)

    def _output_left(self, output: str, request: RunRequest) -> str:
        """What of a run's whole ``output`` was not shown while it ran."""
        number, shown = self._streamed
        self._streamed = (0, "")
        self._run_clock.stop()
        if number != request.number or not shown:
            return output
        if output.startswith(shown):
            return output[len(shown) :]
        return "" if shown.startswith(output) else output

    def _busy(self, busy: bool) -> None:
        busy = self.jobs.is_busy() or self.reads.is_busy()  # a run's end may follow a read's start
        self.busyChanged.emit(busy)
        if not busy:
            self.widget.hide_busy()
            self.statusMessage.emit("", 0)

    def _run_finished(self, result: RunResult, request: RunRequest) -> None:
        msgs = self.reporter
        msgs.output(self._output_left(result.output, request))
        for notice in result.notices:
            msgs.warning(notice)
        self.document.set_graph(
            result.graph, request.path, "script", plan=self._plan if self._fit_next else None
        )
        graph = result.graph
        took = (
            translate("Controller", "{seconds:.1f} s").format(seconds=result.seconds)
            if result.seconds >= 0.1
            else translate("Controller", "under 0.1 s")
        )
        ran = environment_text(graph.graph.get("environment"))[1]
        if ran:
            msgs.info(ran)
        msgs.info(
            translate("Controller", "Captured {nodes} nodes and {edges} edges in {took}.").format(
                nodes=graph.number_of_nodes(), edges=graph.number_of_edges(), took=took
            ),
            ok=True,
        )
        self._watch_source(request.path)
        self.runFinished.emit()

    def _run_failed(self, error: GraphvizAppError, request: RunRequest) -> None:
        msgs = self.reporter
        msgs.output(self._output_left(error.output if isinstance(error, ScriptError) else "", request))
        if is_cancelled(error):
            stopped = translate("Controller", "Stopped {name}: the run was cancelled.").format(
                name=request.path.name
            )
            msgs.info(stopped)
            self._keep_after_cancel(request.path)
            if self.document.view_model.graph is None:  # the canvas says so too, not "Loading …" forever
                self.widget.set_placeholder(stopped)
            self.statusMessage.emit(stopped, 10000)
            self.loadFailed.emit(error)  # Problems and Source name it, as after a time-out
        else:
            self._fail(error, request.path, edited=request.script is not None)
        self._watch_source(request.path)  # saving a fix reloads it
        self.runFinished.emit()

    def _fail(
        self,
        error: GraphvizAppError,
        path: Path | None = None,
        *,
        mark_stale: bool = True,
        edited: bool = False,
    ) -> None:
        """Say what went wrong loading ``path`` (``edited``: the Source panel's edit of it ran)."""
        log.info("shown to the user (%s): %s", path or self.source, error.message.english())
        msgs = self.reporter
        if isinstance(error, ScriptError):
            msgs.script_error(error)
        else:
            msgs.error(error.message, getattr(error, "details", None))
        shown = error_text(error.message)  # in the window's language
        if mark_stale:
            failed = path or self.source
            if isinstance(error, ScriptError) and error.kind in NOT_THE_SCRIPTS:
                fix = Fix.APP
            elif edited:
                fix = Fix.RUN
            elif failed is not None and is_bundled(failed):
                fix = Fix.LESSON
            else:
                fix = Fix.SAVE
            self._mark_stale(failed, shown.split("\n")[0], fix)
        if self.document.view_model.graph is None:
            self.widget.set_placeholder(
                shown + "\n\n" + translate("Controller", "See the Messages panel for details.")
            )
        self.statusMessage.emit(shown.split("\n")[0], 10000)
        self.loadFailed.emit(error)

    def _mark_stale(self, path: Path | None, why: str, fix: Fix = Fix.SAVE) -> None:
        """After a failed load of ``path``, never leave the previous graph unmarked: another
        file's graph is dropped (the canvas, title, status, Source and Inspector then all speak
        of ``path``); the same file's last good graph stays under a banner naming both runs."""
        if self.document.view_model.graph is not None and path is not None:
            self._show_stale(path, stale_banner(self.document.path, path, why, fix))

    def _keep_after_cancel(self, path: Path, *, read: bool = False) -> None:
        """After a cancelled run (``read``: read) of ``path``: as :meth:`_mark_stale`, the banner
        saying what was stopped, not what to fix (nothing failed)."""
        if self.document.view_model.graph is not None:
            self._show_stale(path, cancelled_banner(self.document.path, path, read=read))

    def _show_stale(self, path: Path, banner: str | None) -> None:
        """Put ``banner`` over the graph shown, or drop the graph (``banner`` None: it is another
        file's)."""
        if banner is None:
            self.document.set_graph(None, path, "json" if path.suffix.lower() == ".json" else "script")
        else:
            self.widget.set_banner(banner)

    # -- live reload -----------------------------------------------------------------------------
    def _watch_source(self, path: Path) -> None:
        self.watch(path if self.settings.live_reload() else None)

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
            if path is not None and path.exists() and self.settings.live_reload():
                self.watcher.addPath(str(path))  # the file came back after a replace
            else:
                return
        source = self.source
        if source is not None and self.edits is not None and self.edits.keeps_edits(source):
            self.reporter.warning(
                i18n.said(
                    QT_TRANSLATE_NOOP(
                        "Controller",
                        "{name} changed on disk; your unsaved edits in the Source panel are kept. Save "
                        "writes them over the file; Reset shows the file as it is now.",
                    ),
                    name=source.name,
                )
            )
            return
        if source is not None and classify_path(source, run_anyway=self.run_anyway).kind == "script":
            self.reporter.info(
                i18n.said(
                    QT_TRANSLATE_NOOP("Controller", "{name} changed on disk: reloading."), name=source.name
                )
            )
            self.run(source)

    # -- layout ----------------------------------------------------------------------------------
    def _plan(
        self, graph: nx.DiGraph, options: ViewOptions, *, collapsed: frozenset[str] | None = None
    ) -> Recommendation:
        """A new graph: what can be afforded, then what can be read.

        The cost model estimates what ``dot`` will cost before calling it and collapses modules
        only when no layout (one run, or composed per module) fits the budget; then, unless the
        user turned it off, a graph of more than a few hundred nodes opens collapsed to the
        deepest depth readable at the view's size (:func:`~graphviz_app.core.view.first_view.first_view`).
        A saved graph reopens with the modules ``collapsed`` as they were when it was exported
        (the user's choice, so no readable-depth collapse; the cost model still has its say).
        """
        settings = dataclasses.replace(self._plan_settings(), collapsed=collapsed)
        plan, self.first_view = plan_view(graph, options, settings)
        return plan

    def _prepared_plan(
        self,
        graph: nx.DiGraph,
        options: ViewOptions,
        *,
        prepared: PreparedView,
        otherwise: Callable[[nx.DiGraph, ViewOptions], Recommendation],
    ) -> Recommendation:
        """The plan made on the reading thread, when planned for these options (else planned now)."""
        if options != prepared.options:
            return otherwise(graph, options)
        self.first_view = prepared.first
        return prepared.plan

    def _plan_settings(self) -> PlanSettings:
        """What a new view's plan depends on besides the graph, read now (on the GUI thread)."""
        return PlanSettings(
            budget=self.settings.layout_budget(),
            readable=self.settings.readable_first_view(),
            view_size=self._view_size(),
        )

    def _view_size(self) -> tuple[float, float]:
        """The canvas's size in pixels (a typical one while the window is not shown yet)."""
        size = self.widget.viewport().size()
        if not self.widget.isVisible() or size.width() < 200 or size.height() < 150:
            return FALLBACK_VIEW_SIZE
        return (float(size.width()), float(size.height()))

    def first_view_message(self) -> str:
        """What the first view collapsed for readability, in the window's language ("" if nothing)."""
        view, display = self.first_view, self.document.view_model.display
        if view is None or view.depth is None:
            return ""
        return translate(
            "Controller",
            "Opened with modules collapsed to depth {depth} ({drawn} of {full} nodes drawn) so its "
            "labels are readable at this window's size. Double-click a module to open it, or use "
            "Graph ▸ Expand All Modules (Ctrl+Shift+]) for every node.",
        ).format(
            depth=view.depth,
            full=f"{view.full:,}",
            drawn=f"{len(display.nodes) if display is not None else view.drawn:,}",
        )

    def _graph_changed(self) -> None:
        doc = self.document
        self._composed = []
        self._unwarmed = doc.view_model.graph
        self.widget.set_banner(None)  # a banner speaks of the graph it stood over, which is gone
        if doc.view_model.graph is None:
            self.widget.clear()
            return
        if doc.plan_made is not None and doc.plan_made.changed:
            self.reporter.info(i18n.text(doc.plan_made.message()))  # what the cost model changed
        if doc.plan_made is not None and self.first_view is not None:
            message = self.first_view_message()
            self.reporter.info(message)
            self.statusMessage.emit(message, 15000)
        self.request_layout()

    def request_layout(self) -> None:
        """Lay out the document's display graph in the background (newest request wins).

        An unchanged graph comes from the layout cache at once; a view predicted to be slow gets
        Graphviz's iteration limits and a progress message with the estimate and Cancel.
        """
        model = self.document.view_model
        self._preparing = {}  # a display graph being made is for a view no longer asked for
        if model.graph is None or model.display is None:
            return
        display, graph = model.display, model.graph
        kept = next((laid for shown, laid in self._composed if shown is display), None)
        toggled = self._toggled_modules(display)
        scene = self.widget.graph_scene
        whole = self._fit_next or len(toggled) != 1  # a new picture, not one module's relayout
        fills = model.fills() if whole else None  # the first look's, for the sketch
        if kept is not None:  # the same display graph: the same picture, without composing it
            # (a new picture's build still works out its items' places on the layout's thread:
            # Expand All again after Collapse All Modules did that on this one, 0.1 s)
            again = kept

            def shown_before() -> _Laid:  # on the layout's thread
                return _Laid(again, scene.prepare(display, again, fills) if whole else None)

            self._pending = {self.layouts.request(shown_before): (display, graph)}
            self.widget.minimap.postpone()
            return
        # composed (each module laid out once, reused), or one dot run through the layout cache
        run = arrange.layout_job(
            display,
            graph,
            composer=self.composer,
            cache=self.layout_cache,
            timeout=LAYOUT_TIMEOUT,
            mode=model.color_mode,
            budget=WINDOW_BUDGET,
            room=badge_room(model.style_layer("values")),
        )  # Values badges laid out too

        def laid() -> _Laid:  # on the layout's thread
            layout = run.result()
            return _Laid(layout, scene.prepare(display, layout, fills) if whole else None)

        token = self.layouts.request(laid, run.cancel)
        self._pending = {token: (display, graph)}
        self.widget.minimap.postpone()  # the overview of the picture on screen can wait
        text = translate("Controller", "Laying out {count} nodes…").format(count=len(display.nodes))
        seconds = run.estimate.seconds if run.estimate is not None else 0.0
        if seconds > 1.0 and not run.cached():
            text = translate("Controller", "Laying out {count} nodes (about {seconds:.0f} s)…").format(
                count=len(display.nodes), seconds=seconds
            )
            self.widget.show_busy(text)
            self.busyChanged.emit(True)
        elif not run.cached():  # said in the busy bar if it takes longer than half a second
            self._layout_words = partial(self._layout_text, display, toggled)
            self.layout_busy.start()
        if self.widget.is_empty():
            self.widget.set_placeholder(text)

    def _layout_text(self, display: DisplayGraph, toggled: list[str]) -> str:
        """What laying out ``display`` is for, in the busy bar's words: an expand or a collapse of
        one module (``toggled``), every module expanded, or a new picture."""
        count = len(display.nodes)
        if len(toggled) == 1 and "m:" + toggled[0] in display.nodes:
            text = translate("Controller", "Collapsing {module}: laying out {count} nodes…")
        elif len(toggled) == 1:
            text = translate("Controller", "Expanding {module}: laying out {count} nodes…")
        elif toggled and not any(node.kind == "module" for node in display.nodes.values()):
            text = translate("Controller", "Expanding every module: laying out {count} nodes…")
        else:
            text = translate("Controller", "Laying out {count} nodes…")
        return i18n.fill(text, module=toggled[0] if toggled else "", count=count)  # Korean particles

    def _show_layout_busy(self) -> None:
        """A layout is taking longer than half a second: say what it is doing (with Cancel)."""
        if (self._pending or self._preparing) and not self.jobs.is_busy() and not self.reads.is_busy():
            self.widget.show_busy(self._layout_words())
            self.busyChanged.emit(True)

    def expand_all(self) -> None:
        """Expand every module; the bigger picture is shown from its start (its top), not
        around the last module that was collapsed."""
        model = self.document.view_model
        if model.options.collapsed:
            self._fit_next = True
            self.change_view(dataclasses.replace(model.options, collapsed=frozenset()))

    def collapse_to_depth(self, depth: int) -> None:
        """Show modules down to ``depth`` levels (1: each top-level module is one node)."""
        model = self.document.view_model
        if model.graph is not None:
            self.change_view(
                dataclasses.replace(model.options, collapsed=collapse_to_depth(model.graph, depth))
            )

    def change_view(self, options: ViewOptions) -> None:
        """Show the graph under ``options``. A big graph's whole new display graph is built on a
        thread first (newest request wins, as layouts do), so the window keeps answering."""
        model = self.document.view_model
        options = model.view_options(options)
        graph = model.graph
        self._preparing = {}  # one being made is for a view asked for before this one
        if graph is None or options == model.options:
            return
        quick = model.quick_display(options, most=THREADED_DISPLAY_NODES)
        if quick is not None or graph.number_of_nodes() < THREADED_DISPLAY_NODES:
            model.set_view_options(options, made=quick)
            return
        token = self.layouts.request(model.display_maker(options))
        self._pending = {}
        self._preparing = {token: (graph, options)}
        words = translate("Controller", "Preparing a view of {count} nodes…")
        self._layout_words = partial(words.format, count=graph.number_of_nodes())
        self.layout_busy.start()  # said in the busy bar if it takes longer than half a second

    def _display_made(self, display: DisplayGraph, token: int) -> None:
        graph, options = self._preparing.pop(token, (None, None))
        model = self.document.view_model
        if options is not None and model.graph is graph:  # else a newer view or graph came
            model.set_view_options(options, made=display)

    def _layout_idle(self) -> None:
        self.layout_busy.stop()
        if not self.jobs.is_busy() and not self.reads.is_busy():
            self.widget.hide_busy()
            self.busyChanged.emit(False)

    def _layout_finished(self, done: _Laid | DisplayGraph, token: int) -> None:
        self._layout_idle()
        if isinstance(done, DisplayGraph):  # made by change_view
            self._display_made(done, token)
            return
        layout = done.layout
        display, graph = self._pending.pop(token, (None, None))
        doc = self.document
        model = doc.view_model
        if display is not model.display or graph is not model.graph or display is None:
            return  # the document moved on while this layout ran
        toggled = self._toggled_modules(display) if not self._fit_next else []
        if len(toggled) > 1:  # collapse to a depth, expand all: a new picture, shown whole
            self._fit_next = True
        keep = None if self._fit_next else (self.reveal_after_layout or model.selection)
        anchor = toggled[0] if len(toggled) == 1 else ""
        corner = self.widget.module_corner(anchor) if anchor and self._shown else None
        if corner is not None and self._shown and anchor_shift(self._shown[1], layout, anchor) is not None:
            # an expand or collapse of one module: its top-left corner (and its label) stays
            # where it was on screen, at the same zoom (the view moves with it)
            zoom, before = self.widget.zoom(), self._shown[0]
            self.widget.relayout(display, layout, graph)  # moves what survives, makes the rest
            self.widget.set_zoom(zoom)
            self.widget.hold_module(anchor, corner)
            if self.reveal_after_layout:  # a panel asked for a node the expand drew
                self.widget.reveal_node(self.reveal_after_layout)
            self._shown = (display, layout)
            self.restyle(only_new=not self._restyle_missed)  # the kept items have their look
            self._drop_unseen_selection(before)
        else:
            self.widget.show_layout(
                display, layout, graph, fit=self._fit_next, keep=keep, prepared=done.prepared
            )
            self._shown = (display, layout)
            self.restyle()
        if isinstance(layout, ComposedLayout):  # no badge nodes: its display graph says it all
            self._composed = [(display, layout), *(c for c in self._composed[:2] if c[0] is not display)][:2]
        edge = model.selected_edge
        self.widget.graph_scene.select(model.selection, (edge.source, edge.target) if edge else None)
        doc.display_shown()  # the panels now speak of the selection drawn
        self._fit_next = False
        self.reveal_after_layout = None
        for warning in layout.warnings:
            if "warning" in warning.lower():
                self.reporter.warning(f"Graphviz: {warning}")
        self.graphShown.emit()
        if self._unwarmed is graph:
            self._unwarmed = None
            self._warm_timer.start()

    def _warm_later(self) -> None:
        """Make the values of the panels behind a tab (``derived.LATER``) for the graph drawn a
        moment ago, on a thread: ready when such a panel is brought to the front."""
        graph = self.document.view_model.graph
        if self._warming is not None or graph is None or self._unwarmed is not None:
            return  # one at a time; a graph not drawn yet starts this once it is
        task = self._warming = Task(partial(derived_values.prepare, graph, later=True), graph, self)
        task.done.connect(self._warmed)
        task.start()

    def _warmed(self, task: Task, _result: object, error: GraphvizAppError | None) -> None:
        task.wait()
        task.deleteLater()
        self._warming = None
        if task.tag is not self.document.view_model.graph:  # replaced meanwhile, and released:
            derived_values.release(task.tag)  # what the thread hung on it since goes too
        if error is not None:  # a panel computes its values when shown instead
            log.warning("making a graph's later values failed: %s", error)

    def _drop_unseen_selection(self, before: DisplayGraph) -> None:
        """After an expand the selection follows its graph nodes to a node the old picture did
        not draw (the first of the module's); the view stays where it was, so when that node is
        out of sight the selection is cleared rather than the Inspector speaking of it."""
        selected = self.document.view_model.selection
        if selected is None or selected in before.nodes:
            return
        item = self.widget.graph_scene.node_item(selected)
        if item is None or not self.widget.visible_scene_rect().intersects(item.scene_rect()):
            self.document.view_model.select(None)

    def _toggled_modules(self, display: DisplayGraph) -> list[str]:
        """The modules whose expand or collapse made ``display`` from the one on screen, the
        outermost of each change only (one for a double-click, several for "collapse to depth")."""
        if self._shown is None:
            return []
        changed = self._modules_drawn(self._shown[0]) ^ self._modules_drawn(display)
        return sorted(
            (m for m in changed if not any(a in changed for a in ancestors(m)[:-1])),
            key=lambda p: (p.count("."), p),
        )

    def _modules_drawn(self, shown: DisplayGraph) -> set[str]:
        """The modules ``shown`` draws as one node each (kept for the last display graphs: each
        layout asks twice, about the picture on screen and the new one)."""
        for display, modules in self._drawn_modules:
            if display is shown:
                return modules
        modules = {n.module for n in shown.nodes.values() if n.kind == "module" and n.module}
        self._drawn_modules = [(shown, modules), *self._drawn_modules[:2]]
        return modules

    def _layout_failed(self, error: GraphvizAppError, token: int) -> None:
        self._pending.pop(token, None)
        self._preparing.pop(token, None)
        self._layout_idle()
        if token == self.layouts.latest():
            self.document.display_shown()  # no new picture: the panels follow the selection now
        if isinstance(error, LayoutCancelled):
            if token == self.layouts.latest():
                self.reporter.info(
                    translate(
                        "Controller",
                        "Layout cancelled. Collapse modules (Graph menu, Modules panel) to lay out "
                        "a smaller view.",
                    )
                )
                if self.widget.is_empty():
                    self.widget.set_placeholder(
                        translate("Controller", "Layout cancelled: collapse modules to see a smaller view.")
                    )
            return
        if isinstance(error, GraphvizNotFoundError):
            log.info("shown to the user: %s", error.message.english())
            text = missing_graphviz_text()
            self.reporter.error(error.message, text)
            self.widget.clear()
            self.widget.set_placeholder(text)
            self.graphvizMissing.emit(text)
            self.loadFailed.emit(error)
            return
        self._fail(error)

    def restyle(self, restyled: frozenset[str] | None = None, *, only_new: bool = False) -> None:
        """Restyle the widget from the document's color mode and style layers (no relayout).

        Only the items of the graph nodes ``restyled`` are touched (what ``stylesChanged`` names:
        after a step, the few whose style changed; None: every item); ``only_new``: only the
        items a relayout just made (the looks did not change meanwhile).
        """
        doc, scene = self.document, self.widget.graph_scene
        if scene.display is None or scene.display is not doc.view_model.display:
            self._restyle_missed = True  # a layout is on its way: it restyles everything
            return
        self._restyle_missed = False
        only = () if only_new else restyled
        self.widget.restyle(doc.view_model.look_state(), dark=is_dark(), only=only)

    def report_export(self, path: str, notices: list[Message]) -> None:
        self.reporter.info(i18n.said(QT_TRANSLATE_NOOP("Controller", "Exported {path}."), path=path), ok=True)
        for notice in notices:
            self.reporter.warning(notice)
        self.statusMessage.emit(
            i18n.said(QT_TRANSLATE_NOOP("Controller", "Exported {path}"), path=path), 6000
        )

    def shutdown(self) -> None:
        """Stop every background job (the window is closing)."""
        self._reload_timer.stop()
        self._warm_timer.stop()
        if self._warming is not None:
            self._warming.done.disconnect(self._warmed)
            let_finish(self._warming)
            self._warming = None
        self.layouts.shutdown()
        self.reads.shutdown()
        self.jobs.shutdown()
