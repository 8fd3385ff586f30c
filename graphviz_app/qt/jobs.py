"""Background work for the GUI: script runs and layouts, each on its own QThread.

* :class:`ScriptJobs` runs the core :class:`~graphviz_app.capture.client.Runner` (which runs the script
  in a separate worker process) from a thread, so the window never blocks; ``cancel`` kills the
  script; a new run while one is going cancels it and starts after it (the newest request wins).
* :class:`LayoutJobs` turns a display graph into a Layout off the GUI thread; a new request
  cancels the one in flight and results of stale requests are dropped.
* :class:`ReadJobs` reads and validates a saved graph off the GUI thread, with its progress;
  ``cancel`` stops the read, a newer read or :meth:`ReadJobs.drop` drops it unreported.

Every failure reaches the window through one signal per job type, as a ``GraphvizAppError``.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal
from shiboken6 import isValid

from ..capture.client import Runner, RunResult
from ..capture.interpreter import Interpreter
from ..core.model.saved_graph import ReadProgress, read_saved_graph
from ..wire.errors import GraphvizAppError, ScriptError
from ..wire.message import QT_TRANSLATE_NOOP, Message
from ..wire.run_options import RunOptions

log = logging.getLogger(__name__)
_tasks: weakref.WeakSet[Task] = weakref.WeakSet()
"""Every task made in this process (while it is referenced), for :func:`running_tasks`."""

INTERNAL_ERROR = QT_TRANSLATE_NOOP("Explanation", "Internal error: {error}")


def running_tasks() -> list[Task]:
    """Return the tasks whose thread is still running (a closed window leaves none)."""
    return [task for task in list(_tasks) if isValid(task) and task.isRunning()]


class Task(QThread):
    """Runs ``fn()`` on a thread; ``done(task, result, error)`` arrives on the GUI thread.

    Connect ``done`` to a bound method of a QObject living on the GUI thread, so the call is queued
    there; ``tag`` carries the caller's context (a request, a token).
    """

    done = Signal(object, object, object)

    def __init__(self, fn: Callable[[], Any], tag: Any = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        _tasks.add(self)
        self._fn = fn
        self.tag = tag

    def run(self) -> None:  # runs on the thread
        try:
            result = self._fn()
        except GraphvizAppError as exc:
            self.done.emit(self, None, exc)
        except Exception as exc:  # an app bug: report it rather than lose it in a thread
            error = GraphvizAppError(Message.of(INTERNAL_ERROR, error=repr(exc)))
            error.details = traceback.format_exc()  # type: ignore[attr-defined]
            self.done.emit(self, None, error)
        else:
            self.done.emit(self, result, None)


@dataclass
class RunRequest:
    """One script run asked for by the user."""

    path: Path
    options: RunOptions = field(default_factory=RunOptions)
    number: int = 0
    stop: threading.Event = field(default_factory=threading.Event, compare=False)
    """Set to cancel this run, even before its thread has reached the worker."""
    script: Path | None = None
    """The file that runs in ``path``'s place (a copy holding unsaved edits of it); None: ``path``."""
    python: Interpreter | None = None
    """The interpreter it runs under (None: the runner's)."""


class ScriptJobs(QObject):
    """Runs scripts through a Runner on a background thread, one at a time, newest request wins."""

    started = Signal(RunRequest)
    finished = Signal(RunResult, RunRequest)
    failed = Signal(GraphvizAppError, RunRequest)  # usually a ScriptError
    busyChanged = Signal(bool)
    output = Signal(str, RunRequest)
    """What the running script printed, a few times a second at most (the runner's
    ``on_output``): whole lines, or a piece of a long line that the next piece continues;
    ``finished``'s or ``failed``'s output still holds all of it."""

    def __init__(self, runner: Runner | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._owns_runner = runner is None
        self.runner = runner if runner is not None else Runner()
        self._task: Task | None = None
        self._current: RunRequest | None = None
        self._pending: RunRequest | None = None
        self._count = 0

    def prestart(self, python: Interpreter | None = None) -> None:
        """Start the warm worker process now (under ``python``; None: the runner's), so the first
        run does not wait for torch's import."""
        try:
            self.runner.start(python)
        except Exception:  # a failing start is reported by the first run instead
            log.warning("the worker did not start ahead of the first run", exc_info=True)

    def is_busy(self) -> bool:
        return self._task is not None

    def current(self) -> RunRequest | None:
        return self._current

    def run(
        self,
        path: str | Path,
        options: RunOptions,
        *,
        script: Path | None = None,
        python: Interpreter | None = None,
    ) -> RunRequest:
        """Ask for a run of ``path`` (of ``script`` in its place, when given) with ``options``,
        under ``python`` (None: the runner's); a run in progress is cancelled and this one
        follows it."""
        self._count += 1
        request = RunRequest(Path(path), options, self._count, script=script, python=python)
        if self._task is not None:
            self._pending = request
            self._stop_current()
        else:
            self._launch(request)
        return request

    def cancel(self) -> None:
        """Stop the running script (and forget a queued one); ``failed`` reports "cancelled"."""
        self._pending = None
        if self._task is not None:
            self._stop_current()

    def _stop_current(self) -> None:
        # The event also stops a run whose thread has not reached the worker yet.
        if self._current is not None:
            self._current.stop.set()
        self.runner.cancel()

    def _launch(self, request: RunRequest) -> None:
        self._current = request
        runner = self.runner

        def printed(text: str) -> None:  # on the run's thread: the signal is queued
            self.output.emit(text, request)

        def work() -> Any:
            return runner.run(
                request.script or request.path,
                request.options,
                stop=request.stop,
                python=request.python,
                on_output=printed,
            )

        task = Task(work, request, self)
        task.done.connect(self._done)
        self._task = task
        self.busyChanged.emit(True)
        self.started.emit(request)
        task.start()

    def _done(self, task: Task, result: Any, error: Any) -> None:
        request = task.tag
        task.wait()
        task.deleteLater()
        self._task = None
        self._current = None
        pending, self._pending = self._pending, None
        if pending is not None:
            # The user asked for another run meanwhile: this one's result is stale.
            self._launch(pending)
            return
        self.busyChanged.emit(False)
        if error is not None:
            self.failed.emit(error, request)
        else:
            self.finished.emit(result, request)

    def shutdown(self) -> None:
        """Cancel any run, wait for its thread, and stop the worker process if this object made it."""
        self._pending = None
        task = self._task
        if task is not None:
            self._stop_current()
            # A cancelled run ends within a poll interval; closing our own worker ends a run
            # that still waits on it.
            if not task.wait(SHUTDOWN_WAIT_MS) and self._owns_runner:
                self.runner.close()
            task.done.disconnect(self._done)
            let_finish(task)
            self._task = self._current = None
            self.busyChanged.emit(False)
        if self._owns_runner:
            self.runner.close()


class LayoutJobs(QObject):
    """Computes layouts off the GUI thread; only the newest request's result is delivered."""

    finished = Signal(object, int)  # the layout (or what the job returned), token
    failed = Signal(GraphvizAppError, int)  # token
    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._latest = 0
        self._tasks: dict[int, Task] = {}
        self._cancels: dict[int, Callable[[], None]] = {}
        self._closed = False

    def request(self, fn: Callable[[], Any], cancel: Callable[[], None] | None = None) -> int:
        """Run ``fn`` (returns the layout) on a thread; cancel older requests; return a token.
        After :meth:`shutdown` (the window closed) nothing runs: a signal arriving late must
        not start a thread that outlives the window."""
        self.cancel()
        self._cancels.clear()
        self._latest += 1
        token = self._latest
        if self._closed:
            return token
        task = Task(fn, token, self)
        task.done.connect(self._done)
        self._tasks[token] = task
        if cancel is not None:
            self._cancels[token] = cancel
        if len(self._tasks) == 1:
            self.busyChanged.emit(True)
        task.start()
        return token

    def latest(self) -> int:
        return self._latest

    def cancel(self) -> None:
        """Stop the layout in flight (its request then fails with LayoutCancelled)."""
        for stop in list(self._cancels.values()):
            try:
                stop()
            except Exception:  # stopping is best effort: the job ends or is dropped anyway
                log.warning("cancelling a layout failed", exc_info=True)

    def is_busy(self) -> bool:
        return bool(self._tasks)

    def _done(self, task: Task, result: Any, error: Any) -> None:
        token = task.tag
        self._tasks.pop(token, None)
        self._cancels.pop(token, None)
        task.wait()
        task.deleteLater()
        if not self._tasks:
            self.busyChanged.emit(False)
        if token != self._latest:
            return  # stale: a newer request superseded it
        if error is not None:
            self.failed.emit(error, token)
        else:
            self.finished.emit(result, token)

    def shutdown(self) -> None:
        """Cancel everything in flight, wait for the threads, and start none after."""
        self._closed = True
        self._latest += 1
        self.cancel()
        for task in list(self._tasks.values()):
            task.done.disconnect(self._done)
            let_finish(task)
        self._tasks.clear()
        self._cancels.clear()


@dataclass
class ReadRequest:
    """One saved graph the user opened."""

    path: Path
    number: int = 0
    stop: threading.Event = field(default_factory=threading.Event, compare=False)
    """Set to stop this read at its next progress report."""
    prepare: Callable[[Any], Any] | None = field(default=None, compare=False)
    """Run on the reading thread with the graph read, before it is handed over (the view's
    plan, the panels' rows: what would stall the GUI thread); its answer is ``prepared``."""
    prepared: Any = field(default=None, compare=False)
    """What ``prepare`` returned (None: no ``prepare``, or it failed and the GUI computes)."""


PROGRESS_INTERVAL_S = 0.1
"""Least time between two progress signals of one read."""


class ReadJobs(QObject):
    """Reads saved graphs (:func:`~graphviz_app.core.model.saved_graph.read_saved_graph`) on a
    background thread; only the newest read's result, failure or progress is delivered."""

    started = Signal(ReadRequest)
    progress = Signal(ReadProgress, ReadRequest)  # at most every PROGRESS_INTERVAL_S
    finished = Signal(object, ReadRequest)  # the graph
    failed = Signal(GraphvizAppError, ReadRequest)  # ReadCancelled after cancel()
    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks: dict[int, Task] = {}
        self._current: ReadRequest | None = None
        self._count = 0

    def read(self, path: Path, prepare: Callable[[Any], Any] | None = None) -> ReadRequest:
        """Read ``path``, then ``prepare(graph)`` on the same thread (``request.prepared``); a
        read in progress is dropped (stopped, and never reported)."""
        was_busy = self._forget()
        self._count += 1
        request = ReadRequest(Path(path), self._count, prepare=prepare)
        self._current = request
        last = [0.0]

        def report(step: ReadProgress) -> None:  # on the thread; the signal is queued
            now = time.monotonic()
            if now - last[0] >= PROGRESS_INTERVAL_S:
                last[0] = now
                self.progress.emit(step, request)

        def work() -> Any:
            graph = read_saved_graph(request.path, progress=report, stop=request.stop)
            if request.prepare is not None and not request.stop.is_set():
                try:
                    request.prepared = request.prepare(graph)
                except Exception:  # the GUI thread computes what is missing
                    log.warning("preparing the graph's view failed", exc_info=True)
            return graph

        task = Task(work, request, self)
        task.done.connect(self._done)
        self._tasks[request.number] = task
        if not was_busy:
            self.busyChanged.emit(True)
        self.started.emit(request)
        task.start()
        return request

    def cancel(self) -> None:
        """Stop the read in progress; ``failed`` then reports ReadCancelled."""
        if self._current is not None:
            self._current.stop.set()

    def drop(self) -> None:
        """Stop the read in progress and forget it: nothing of it is reported."""
        if self._forget():
            self.busyChanged.emit(False)

    def _forget(self) -> bool:
        current, self._current = self._current, None
        if current is not None:
            current.stop.set()
        return current is not None

    def is_busy(self) -> bool:
        return self._current is not None

    def current(self) -> ReadRequest | None:
        return self._current

    def _done(self, task: Task, result: Any, error: Any) -> None:
        request = task.tag
        self._tasks.pop(request.number, None)
        task.wait()
        task.deleteLater()
        if request is not self._current:
            return  # dropped: a newer read, a script run or the window's closing replaced it
        self._current = None
        self.busyChanged.emit(False)
        if error is not None:
            self.failed.emit(error, request)
        else:
            self.finished.emit(result, request)

    def shutdown(self) -> None:
        """Stop every read and wait for the threads."""
        self._forget()
        for task in list(self._tasks.values()):
            task.done.disconnect(self._done)
            let_finish(task)
        self._tasks.clear()


SHUTDOWN_WAIT_MS = 5_000
"""How long shutdown waits for a cancelled job's thread before it stops waiting on it."""
_stranded: list[QThread] = []


def let_finish(task: QThread, wait_ms: int = 30_000) -> None:
    """Wait for ``task``'s thread; if it is still running, keep it alive until it ends.

    Destroying a QThread while it runs aborts the whole process, so a thread that ignored its
    cancellation (a ``dot`` or worker that would not die) is detached from its parent and kept
    referenced here for the rest of the session (a rare case; the thread ends on its own).
    """
    if task.wait(wait_ms):
        return
    task.setParent(None)
    _stranded.append(task)


def is_cancelled(error: object) -> bool:
    return isinstance(error, ScriptError) and error.kind == "cancelled"
