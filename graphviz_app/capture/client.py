"""The blocking runner: runs a user's script in the warm capture worker and returns its graph.

The worker (``graphviz_app.worker.server``) is a separate process that imports torch once and
forks a child per script, so a reload does not pay torch's import time again, and nothing a script
does (crash, hang, exit, flood of output) can take the caller down. Used by the CLI directly and by
the GUI from a background thread.
"""

from __future__ import annotations

import codecs
import dataclasses
import itertools
import logging
import math
import os
import queue
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

from ..errors import script_error_from_dict
from ..message_reader import read_message
from ..wire import protocol
from ..wire.errors import ScriptError, SettingError
from ..wire.message import QT_TRANSLATE_NOOP, Message
from ..wire.protocol import Done, Limits, Reply, Request
from ..wire.run_options import RunOptions
from .interpreter import (
    CALLER_REASON,
    Interpreter,
    app_interpreter,
    check_interpreter,
    explicit_interpreter,
    launch_error,
    signal_name,
    startup_error,
    startup_timeout_error,
    stopped_error,
    worker_command,
    worker_path,
)
from .marker import end_marked

if TYPE_CHECKING:  # imported where a result is read: a worker starts before networkx is loaded
    import networkx as nx

log = logging.getLogger(__name__)
STARTUP_TIMEOUT = 120.0
"""Seconds the worker may take to import torch."""
POLL_SECONDS = 0.05
"""How often a run waiting for the worker (or for another run) looks at its stop event."""
OUTPUT_LIMIT = 1024 * 1024
OUTPUT_POLL_SECONDS = 0.25
"""How often a run given ``on_output`` reads what the script printed since the last look."""
PARTIAL_LINE_LIMIT = 4096
"""A line without its end yet is handed on once it is this long (a progress bar, a flood)."""
MEMORY_ENV = "GRAPHVIZ_APP_MEMORY_LIMIT_GB"
"""Overrides the default memory limit of a run, in GiB (``0``: no limit)."""
MEMORY_SHARE = 0.75
"""The default memory limit of a run: this share of the machine's memory."""
SCRIPT_SIZE_LIMIT = 16 * 1024 * 1024
"""A larger "script" is refused before it is read (a data file or a device opened by mistake)."""
THREAD_ENV = {"OMP_WAIT_POLICY": "PASSIVE"}
"""Set for the worker unless the user set them: OpenMP threads sleep at a barrier instead of
spinning. With every core busy (the window, ``dot``, other programs), a spinning thread holds a
core the thread it waits for needs, and one run took 5-25x longer; the thread count, and so
every result, stays what plain ``python`` gives."""

NO_SUCH_FILE = QT_TRANSLATE_NOOP("Explanation", "No such file: {path}. Check the path and try again.")
A_FOLDER = QT_TRANSLATE_NOOP("Explanation", "{path} is a folder, not a Python script. Open a .py file.")
NOT_REGULAR = QT_TRANSLATE_NOOP(
    "Explanation", "{path} is not a regular file (a device or a pipe), not a Python script. Open a .py file."
)
TOO_BIG = QT_TRANSLATE_NOOP(
    "Explanation",
    "{path} holds {size} MiB, too much for a Python script (at most {limit} MiB). Open the script, not a data file.",
)
BAD_MEMORY_LIMIT = QT_TRANSLATE_NOOP(
    "Explanation",
    "The environment variable GRAPHVIZ_APP_MEMORY_LIMIT_GB is {value}, not a "
    "number of GiB. Set it to the most memory one run may use, in GiB (such "
    "as 8), or to 0 for no limit, or unset it for the default (75% of this "
    "machine's memory), and start graphviz_app again.",
)
NO_WORKING_FOLDER = QT_TRANSLATE_NOOP(
    "Explanation",
    "The working folder {folder} does not exist, so the script cannot run "
    "there. Create it, or choose another in Edit ▸ Preferences ▸ Working "
    "folder.",
)
CANCELLED = QT_TRANSLATE_NOOP("Explanation", "The run was cancelled.")
TIMED_OUT = QT_TRANSLATE_NOOP("Explanation", "The script did not finish within {seconds} s and was stopped.")
STUCK = QT_TRANSLATE_NOOP("Explanation", " It was stuck on line {line}: `{code}`.")
LONGER = QT_TRANSLATE_NOOP(
    "Explanation",
    " If it needs longer, raise the run time limit; if it loops forever or waits for input, fix the script.",
)
CRASHED = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script crashed ({signal}) and its process ended; the app is fine. "
    "The output below shows where (a crash in native code, such as a "
    "segfault in an extension or ctypes call). Fix the crash and run the script again.",
)
SETUP_FAILED = QT_TRANSLATE_NOOP("Explanation", "its set-up failed (the output below shows where)")
NOT_STARTED = QT_TRANSLATE_NOOP(
    "Explanation",
    "graphviz_app could not start the script: {why}. This is a problem of "
    "graphviz_app or of this machine (a full or read-only temporary "
    "folder), not of the script: free some space in the temporary folder "
    "and reload, or report it with the output below.",
)
OS_EXIT = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script ended its process with os._exit({status}) before a graph was "
    "captured. Remove the os._exit() call to see its graph.",
)
OVER_MEMORY = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script used more than {gib} GiB of memory, the limit of one run, and "
    "was stopped. If it really needs more, raise the limit (the "
    "GRAPHVIZ_APP_MEMORY_LIMIT_GB environment variable, in GiB; 0 for "
    "none); otherwise make the tensors or the batch smaller.",
)
LEFT_ONE = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script left a process running (started with fork or subprocess "
    "and not waited for); they were ended with the run.",
)
LEFT_MANY = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script left {count} processes running (started with fork or "
    "subprocess and not waited for); they were ended with the run.",
)


@dataclass
class RunResult:
    """What a script run produced: its graph, its output and remarks for the user."""

    graph: nx.DiGraph
    output: str
    """Everything the script printed, stdout and stderr interleaved as a terminal shows them."""
    notices: list[Message] = field(default_factory=list)
    seconds: float = 0.0
    interpreter: Interpreter | None = None
    """The Python that ran the script, and why it was chosen."""
    options: RunOptions = field(default_factory=RunOptions)
    """The options the script ran with, as the worker read them (its echo in the result file)."""


def check_script_path(script: str | Path) -> Path:
    """Return the resolved path; raise ScriptError when it is missing or not a Python file."""
    path = Path(script).expanduser()
    if not path.exists():
        raise ScriptError("missing_file", Message.of(NO_SUCH_FILE, path=str(path)))
    if path.is_dir():
        raise ScriptError("not_python", Message.of(A_FOLDER, path=str(path)))
    if not path.is_file():
        raise ScriptError("not_python", Message.of(NOT_REGULAR, path=str(path)))
    size = path.stat().st_size
    if size > SCRIPT_SIZE_LIMIT:
        raise ScriptError(
            "not_python",
            Message.of(TOO_BIG, path=str(path), size=f"{size / 2**20:.0f}", limit=SCRIPT_SIZE_LIMIT // 2**20),
        )
    return path.resolve()


def default_memory_limit() -> int | None:
    """Return the memory limit of a run in bytes: ``GRAPHVIZ_APP_MEMORY_LIMIT_GB``, else a share of RAM.

    None means no limit (the variable set to 0, or the machine's memory unknown). Raises
    SettingError when the variable holds anything but a finite number of GiB, 0 or more.
    """
    value = os.environ.get(MEMORY_ENV, "")
    if value.strip():
        try:
            gib = float(value)
        except ValueError:
            gib = math.nan
        if not (math.isfinite(gib) and gib >= 0):
            raise SettingError(
                MEMORY_ENV,
                value,
                Message.of(BAD_MEMORY_LIMIT, value=repr(value)),
            )
        return min(max(int(gib * 2**30), 1), 2**62) if gib else None
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemTotal:"):
                    return int(int(line.split()[1]) * 1024 * MEMORY_SHARE)
    except (OSError, ValueError, IndexError):
        pass
    return None


def _interpreter(python: Interpreter | str | os.PathLike[str] | None) -> Interpreter | None:
    """``python`` as an Interpreter (a bare path: "chosen by the caller"), or None."""
    if python is None or isinstance(python, Interpreter):
        return python
    return explicit_interpreter(python, CALLER_REASON)


def _working_folder(cwd: str | os.PathLike[str] | None) -> str | None:
    """The folder a run is asked to run in: ``cwd``, else the caller's current folder (None when
    even that is gone: the worker's own); raise ScriptError("cwd") when ``cwd`` is no folder."""
    if cwd is None:
        try:
            return os.getcwd()
        except OSError:  # the current folder was removed
            return None
    folder = os.path.abspath(os.path.expanduser(os.fspath(cwd)))
    if not os.path.isdir(folder):
        raise ScriptError(
            "cwd",
            Message.of(NO_WORKING_FOLDER, folder=folder),
        )
    return folder


class _Worker:
    """One warm worker process under one interpreter, and the thread reading its replies."""

    def __init__(self, warm: bool, interpreter: Interpreter) -> None:
        self.interpreter = interpreter
        check_interpreter(interpreter)
        folder = worker_path()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115  (open as long as the worker runs)
        env = dict(THREAD_ENV)
        env.update(os.environ, PYTHONUNBUFFERED="1")
        env[protocol.WARM_ENV] = "1" if warm else "0"
        protocol.run_mode(env)  # a bad GRAPHVIZ_APP_RUN_MODE is the user's to fix: say so before starting
        self.marker = env[protocol.MARKER_ENV] = secrets.token_hex(8)  # what a run leaves is found by it
        self.token = env[protocol.TOKEN_ENV] = secrets.token_hex(16)
        # Only our package is added to the interpreter's path (first): a fresh interpreter a run
        # starts finds it too, and the app's own site-packages never shadow the user's torch.
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(folder), env.get("PYTHONPATH")) if p)
        if not interpreter.same_as(sys.executable):
            env.pop("PYTHONHOME", None)  # the app's own Python's home, if it was set
        try:
            self.process = subprocess.Popen(
                worker_command(interpreter.path, folder),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.log,
                env=env,
                text=True,
                bufsize=1,
            )
        except OSError as exc:
            self.log.close()
            raise launch_error(interpreter, exc) from None
        log.info("capture worker %d starting under %s", self.process.pid, interpreter.path)
        self.replies: queue.Queue[Reply | None] = queue.Queue()
        self.ready = False
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        """Hand on each reply of this worker's; a line anything else printed on its stdout (a
        sitecustomize, a library at import, before the worker took the pipe over) is logged and
        skipped, whatever it holds."""
        try:
            for line in stream:
                try:
                    self.replies.put(protocol.decode_reply(line, self.token))
                except protocol.ProtocolError as exc:
                    log.info("capture worker %d: not a reply, skipped: %s", self.process.pid, exc)
        finally:
            self.replies.put(None)

    def _log_text(self) -> str:
        """What the worker wrote to its stderr so far."""
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def next_reply(self, timeout: float | None) -> Reply:
        """Return the worker's next reply; raise ScriptError if it died."""
        try:
            reply = self.replies.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError from None
        if reply is None:
            try:
                self.process.wait(timeout=5)  # its last words are in the log once it has ended
            except subprocess.TimeoutExpired:
                pass
            end_marked(self.marker)  # a run's processes outside the worker (killed, it ended none)
            if self.ready:
                raise stopped_error(self.interpreter, self._log_text())
            raise startup_error(self.interpreter, self._log_text(), self.process.poll())
        return reply

    def wait_ready(self, stop: threading.Event | None = None) -> bool:
        """Wait until the worker has imported torch; return False if ``stop`` was set meanwhile."""
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not self.ready:
            if stop is not None and stop.is_set():
                return False
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                text = self._log_text()
                self.close()
                raise startup_timeout_error(self.interpreter, text, STARTUP_TIMEOUT)
            try:
                reply = self.next_reply(min(POLL_SECONDS, remaining) if stop is not None else remaining)
            except TimeoutError:
                continue
            self.ready = reply["event"] == protocol.READY
            if self.ready:
                log.info("capture worker %d ready", self.process.pid)
        return True

    def close(self) -> None:
        log.info("capture worker %d stopping", self.process.pid)
        if self.alive():
            try:
                self.process.stdin.close()  # type: ignore[union-attr]
            except OSError:
                pass
            try:
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        end_marked(self.marker)
        self.log.close()


class Runner:
    """Runs scripts in a warm worker process. ``run`` blocks; ``cancel`` works from any thread.

    With ``warm=True`` (for a long-lived runner, as the app's) the worker also pre-imports what
    scripts load lazily (about 1.5 s once, instead of in every run); a one-shot caller such as the
    CLI passes ``warm=False``.

    ``memory_limit``: the most data memory (bytes) one run's process may use; by default
    :func:`default_memory_limit` (``GRAPHVIZ_APP_MEMORY_LIMIT_GB``, else 75% of the machine's RAM);
    None for no limit. A script past it is stopped with ScriptError("memory").

    ``python``: the interpreter scripts run under (a path, or an :class:`Interpreter` saying why
    it was chosen); None: the app's own. One run may name another (``run(python=...)``). The
    worker is warm for one interpreter at a time: a run under another one restarts it.
    """

    def __init__(
        self,
        *,
        warm: bool = True,
        memory_limit: int | Literal["default"] | None = "default",
        python: Interpreter | str | os.PathLike[str] | None = None,
    ) -> None:
        self._warm = warm
        self.python = _interpreter(python) or app_interpreter()
        self._memory_limit = memory_limit
        self._worker: _Worker | None = None
        self._lock = threading.Lock()
        self._run_lock = threading.Lock()
        self._child: int | None = None
        self._stop_reason: str | None = None
        self._active_stop: threading.Event | None = None

    @property
    def memory_limit(self) -> int | None:
        """The limit in bytes; the default one is read when first needed, so that a bad
        ``GRAPHVIZ_APP_MEMORY_LIMIT_GB`` fails a run with its SettingError, not the app's start."""
        if self._memory_limit == "default":
            self._memory_limit = default_memory_limit()
        return self._memory_limit

    @memory_limit.setter
    def memory_limit(self, value: int | None) -> None:
        self._memory_limit = value

    def start(self, python: Interpreter | str | os.PathLike[str] | None = None) -> None:
        """Start the worker now (it imports torch in the background) so the first run is fast.

        ``python``: the interpreter (None: the runner's); a worker of another one is stopped.
        Raises ScriptError("interpreter") when that interpreter cannot be started.
        """
        interpreter = _interpreter(python) or self.python
        with self._lock:
            worker = self._worker
            if worker is not None and (not worker.alive() or not worker.interpreter.same_as(interpreter)):
                worker.close()
                self._worker = worker = None
            if worker is None:
                self._worker = _Worker(self._warm, interpreter)
            else:
                worker.interpreter = interpreter  # the same Python, found for this reason now

    def cancel(self) -> None:
        """Stop the script that is running, if any; ``run`` then raises ScriptError("cancelled")."""
        with self._lock:
            if self._active_stop is not None:
                self._active_stop.set()
        self._kill("cancelled")

    def close(self) -> None:
        """Stop the running script and the worker."""
        self.cancel()
        with self._lock:
            if self._worker is not None:
                self._worker.close()
                self._worker = None

    def _kill(self, reason: str) -> None:
        """Stop the running script for ``reason``: ask it for its stack (it writes it to its
        output), and kill its process group :data:`protocol.STACK_WAIT` seconds later, on a timer
        so a cancel from the window's thread does not wait."""
        with self._lock:
            child = self._child
            if child is None or child <= 0 or self._stop_reason is not None:
                return
            self._stop_reason = reason
            log.info("stopping run %d: %s", child, reason)
            try:
                os.kill(child, protocol.STACK_SIGNAL)
            except OSError:  # it has ended already (Windows says so with other errors)
                return
        timer = threading.Timer(protocol.STACK_WAIT, self._kill_now, args=(child,))
        timer.daemon = True
        timer.start()

    def _kill_now(self, child: int) -> None:
        """SIGKILL ``child``'s process group, unless that run has ended meanwhile (Windows,
        which has neither: end the child, as its STACK_SIGNAL, SIGTERM, has already done)."""
        with self._lock:
            if self._child != child:
                return
            if not hasattr(os, "killpg"):
                try:
                    os.kill(child, signal.SIGTERM)  # TerminateProcess
                except OSError:  # it has ended already
                    pass
                return
            try:
                os.killpg(child, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):  # no such group: the child alone
                try:
                    os.kill(child, signal.SIGKILL)
                except ProcessLookupError:  # it has ended already
                    pass

    def run(
        self,
        script: str | Path,
        options: RunOptions | None = None,
        *,
        stop: threading.Event | None = None,
        python: Interpreter | str | os.PathLike[str] | None = None,
        on_output: Callable[[str], None] | None = None,
        **fields: Any,
    ) -> RunResult:
        """Run ``script`` with ``options`` and return its graph; raise ScriptError naming the
        cause and the fix (RunOptionError for an unusable option).

        ``fields`` replace some of the options (``run(path, backward=True)``); the options are
        sent to the worker as they are, except an unset working folder (``cwd``), which becomes
        the caller's current folder. ``stop``, set from any thread (even before this call
        begins), cancels this run as :meth:`cancel` does; it closes the gap between asking for a
        run and its start. ``python``: the interpreter of this run (None: the runner's,
        :attr:`python`).
        ``on_output``: called on this thread, while the script runs, with the whole lines it
        printed since the last call (at most every :data:`OUTPUT_POLL_SECONDS`; only the
        output's bounded head, :class:`OutputTail`; a long line may come in pieces, each
        continuing the last); the result still holds all of it.
        """
        path = check_script_path(script)
        options = dataclasses.replace(options or RunOptions(), **fields)
        interpreter = _interpreter(python) or self.python
        folder = _working_folder(options.cwd)
        if folder != options.cwd:
            options = dataclasses.replace(options, cwd=folder)
        while not self._run_lock.acquire(timeout=POLL_SECONDS):  # the run before this one ends
            if stop is not None and stop.is_set():
                raise ScriptError("cancelled", Message.of(CANCELLED), file=str(path))
        stop = stop if stop is not None else threading.Event()
        with self._lock:
            self._active_stop = stop  # what cancel() sets, even while the worker starts
        try:
            return self._run_locked(path, options, stop, interpreter, on_output)
        finally:
            with self._lock:
                self._active_stop = None
            self._run_lock.release()

    def _run_locked(
        self,
        path: Path,
        options: RunOptions,
        stop: threading.Event | None,
        interpreter: Interpreter,
        on_output: Callable[[str], None] | None = None,
    ) -> RunResult:
        with tempfile.TemporaryDirectory(prefix=f"graphviz_app_{os.getpid()}_") as folder:
            started = time.perf_counter()
            request = Request(
                script=str(path),
                options=options.to_wire(),
                limits=Limits(memory_bytes=self.memory_limit),
                result=os.path.join(folder, "result.json"),
                output=os.path.join(folder, "output.txt"),
            )
            log.debug("running %s under %s with %s", path, interpreter.path, options)
            tail = OutputTail(request["output"], on_output) if on_output is not None else None
            try:
                ending = self._submit(request, options.timeout, stop, interpreter, tail)
            finally:
                if tail is not None:
                    tail.close()
            seconds = time.perf_counter() - started
            log.info(
                "ran %s in %.2f s (exit %s, signal %s)", path, seconds, ending["exitcode"], ending["signal"]
            )
            output_text = _read_text(request["output"])
            result = self._result(path, request["result"], ending, output_text, seconds, options.timeout)
            result.interpreter = interpreter
            environment = result.graph.graph.get("environment")
            if isinstance(environment, dict):
                environment["reason"] = interpreter.reason.to_wire()
            return result

    def _submit(
        self,
        request: Request,
        timeout: float,
        stop: threading.Event | None,
        interpreter: Interpreter,
        tail: OutputTail | None = None,
    ) -> Done:
        self.start(interpreter)
        worker = self._worker
        assert worker is not None
        ready = worker.wait_ready(stop)
        with self._lock:
            self._stop_reason = None
        if not ready or (stop is not None and stop.is_set()):
            self._stop_reason = "cancelled"
            return Done(event=protocol.DONE, exitcode=None, signal=None, peak_rss=0, leftovers=0)
        worker.process.stdin.write(protocol.encode(request))  # type: ignore[union-attr]
        worker.process.stdin.flush()  # type: ignore[union-attr]
        started = worker.next_reply(STARTUP_TIMEOUT)  # a portable run's interpreter imports torch first
        if started["event"] == protocol.DONE:  # the worker refused the request: no child ran
            return started
        with self._lock:
            self._child = started["pid"]
        if stop is not None and stop.is_set():
            self._kill("cancelled")
        deadline = time.monotonic() + timeout
        try:
            while True:
                wait = max(0.05, deadline - time.monotonic())
                try:
                    reply = worker.next_reply(min(wait, OUTPUT_POLL_SECONDS) if tail is not None else wait)
                except TimeoutError:
                    if tail is not None and self._stop_reason is None:
                        tail.poll()
                    if time.monotonic() < deadline:
                        continue
                    self._kill("timeout")
                    deadline = time.monotonic() + 30.0
                    continue
                if reply["event"] == protocol.DONE:
                    return reply
        finally:
            with self._lock:
                self._child = None

    def _result(
        self, path: Path, result_file: str, ending: Done, output: str, seconds: float, timeout: float
    ) -> RunResult:
        reason = self._stop_reason
        file = str(path)
        if reason in ("timeout", "cancelled"):
            output, stack = split_stack(output)
            line = stuck_line(stack, path)
            where = Message.of(STUCK, line=line, code=source_line(path, line)) if line else ""
            words = (
                Message.joined(Message.of(TIMED_OUT, seconds=f"{timeout:g}"), where, Message.of(LONGER))
                if reason == "timeout"
                else Message.joined(Message.of(CANCELLED), where)
            )
            error = ScriptError(reason, words, file=file, line=line)
        elif ending.get("over_memory") and self.memory_limit:
            error = self._memory_error(path, None)
        elif os.path.exists(result_file):
            result = protocol.read_result(result_file)
            if result["ok"]:
                from ..core.model.graph import graph_from_trace

                graph = graph_from_trace(result["trace"])
                notices = [read_message(notice) for notice in graph.graph.get("notices", [])]
                if count := ending["leftovers"]:
                    notices.append(Message.of(LEFT_ONE) if count == 1 else Message.of(LEFT_MANY, count=count))
                ran_with = RunOptions.from_wire(result["options"])
                return RunResult(graph, output, notices, seconds, options=ran_with)
            error = script_error_from_dict(result["error"])
            if _out_of_memory(str(error.message) + (error.user_traceback or "")) and self.memory_limit:
                error = self._memory_error(path, error)
        elif ending["signal"] and self.memory_limit and _out_of_memory(output):
            error = self._memory_error(path, None)
        elif ending["signal"]:
            crashed = Message.of(CRASHED, signal=signal_name(ending["signal"]))
            error = ScriptError("crash", crashed, file=file, user_traceback=_crash_trace(output))
        elif ending.get("refused") or protocol.SETUP_FAILED in output:
            why = ending.get("refused") or Message.of(SETUP_FAILED)
            error = ScriptError("internal", Message.of(NOT_STARTED, why=why), file=file)
        else:
            error = ScriptError("exit", Message.of(OS_EXIT, status=ending["exitcode"]), file=file)
        error.output = output
        raise error

    def _memory_error(self, path: Path, cause: ScriptError | None) -> ScriptError:
        """Return the error for a script stopped by the memory limit (``cause``: what it raised)."""
        gib = (self.memory_limit or 0) / 2**30
        return ScriptError(
            "memory",
            Message.of(OVER_MEMORY, gib=f"{gib:.1f}"),
            file=cause.file if cause else str(path),
            line=cause.line if cause else None,
            user_traceback=cause.user_traceback if cause else None,
        )


MEMORY_FAILURES = ("MemoryError", "can't allocate memory", "Cannot allocate memory", "std::bad_alloc")
"""How running out of memory shows: Python's MemoryError, torch's allocator, C++'s new."""


class OutputTail:
    """What a running script has printed so far, read from its output file as the worker writes
    it (the first :data:`protocol.OUTPUT_HEAD` bytes arrive there live; the rest only at the
    end), handed on as whole lines (a long line in pieces: see :meth:`poll`); a stack written
    for a stopped run is not handed on."""

    def __init__(self, path: str, sink: Callable[[str], None]) -> None:
        self.path = path
        self.sink = sink
        self._handle: IO[bytes] | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""
        self._done = False

    def poll(self) -> None:
        """Hand on the whole lines printed since the last poll (a long partial line too)."""
        if self._done:
            return
        try:
            if self._handle is None:
                self._handle = open(self.path, "rb")  # noqa: SIM115  (closed by close())
            data = self._handle.read(OUTPUT_LIMIT)
        except OSError:  # not made yet by the worker
            return
        if not data:
            return
        text = self._pending + self._decoder.decode(data)
        cut = text.rfind("\n") + 1
        if cut == 0 and len(text) >= PARTIAL_LINE_LIMIT:
            cut = len(text)
        text, self._pending = text[:cut], text[cut:]
        stack = _STACK_START.search(text)
        if stack is not None:  # the run is being stopped: its stack is read at the end
            text, self._done = text[: stack.start()], True
        if text:
            self.sink(text)

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _out_of_memory(text: str) -> bool:
    return any(marker in text for marker in MEMORY_FAILURES)


def _read_text(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            data = handle.read(OUTPUT_LIMIT)
    except OSError:
        return ""
    return data.decode("utf-8", "replace")


_STACK_START = re.compile(
    r"^(?:Stack|(?:Current thread|Thread) 0x[0-9a-f]+[^\n]*) \(most recent call first\):\n", re.MULTILINE
)
_FRAME = re.compile(r'^  File "(.*)", line (\d+) in ', re.MULTILINE)


def split_stack(output: str) -> tuple[str, str]:
    """Split the stack a stopped run wrote on request (``faulthandler``'s dump, the last one in
    its output) from what the script printed; return (output, stack)."""
    starts = list(_STACK_START.finditer(output))
    if not starts:
        return output, ""
    start = starts[-1].start()
    return output[:start], output[start:]


def stuck_line(stack: str, script: Path) -> int | None:
    """Return the line of ``script`` its deepest frame in ``stack`` was running (the stack lists
    the most recent call first), or None."""
    return next((int(line) for file, line in _FRAME.findall(stack) if file == str(script)), None)


def source_line(path: Path, line: int) -> str:
    """Return line ``line`` of the script, stripped (empty when it cannot be read)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return next(itertools.islice(handle, line - 1, None), "").strip()[:200]
    except OSError:
        return ""


def _crash_trace(output: str) -> str | None:
    marker = output.find("Fatal Python error")
    return output[marker:] if marker >= 0 else None
