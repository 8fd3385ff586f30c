"""The blocking runner: runs a user's script in the warm capture worker and returns its graph.

The worker (``graphviz_app.capture.worker``) is a separate process that imports torch once and
forks a child per script, so a reload does not pay torch's import time again, and nothing a script
does (crash, hang, exit, flood of output) can take the caller down. Used by the CLI directly and by
the GUI from a background thread.
"""
from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import networkx as nx

from ..errors import ScriptError
from .graph import graph_from_trace

STARTUP_TIMEOUT = 120.0
POLL_SECONDS = 0.05
"""How often a run waiting for the worker (or for another run) looks at its stop event."""
"""Seconds the worker may take to import torch."""
OUTPUT_LIMIT = 1024 * 1024


@dataclass
class RunResult:
    """What a script run produced: its graph, its output and remarks for the user."""

    graph: nx.DiGraph
    output: str
    """Everything the script printed, stdout and stderr interleaved as a terminal shows them."""
    notices: list[str] = field(default_factory=list)
    seconds: float = 0.0


def check_script_path(script: str | Path) -> Path:
    """Return the resolved path; raise ScriptError when it is missing or not a Python file."""
    path = Path(script).expanduser()
    if not path.exists():
        raise ScriptError("missing_file", f"No such file: {path}. Check the path and try again.")
    if path.is_dir():
        raise ScriptError("not_python", f"{path} is a folder, not a Python script. Open a .py file.")
    return path.resolve()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


class _Worker:
    """One warm worker process and the thread reading its replies."""

    def __init__(self, warm: bool) -> None:
        self.log = tempfile.TemporaryFile()
        env = dict(os.environ, PYTHONUNBUFFERED="1", GRAPHVIZ_APP_WORKER_WARM="1" if warm else "0")
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "graphviz_app.capture.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            env=env,
            text=True,
            bufsize=1,
        )
        self.replies: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.ready = False
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            try:
                self.replies.put(json.loads(line))
            except json.JSONDecodeError:
                continue
        self.replies.put(None)

    def alive(self) -> bool:
        return self.process.poll() is None

    def next_reply(self, timeout: float | None) -> dict[str, Any]:
        """Return the worker's next reply; raise ScriptError if it died."""
        try:
            reply = self.replies.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError from None
        if reply is None:
            self.log.seek(0)
            detail = self.log.read().decode("utf-8", "replace").strip()[-2000:]
            raise ScriptError(
                "worker",
                "The capture worker stopped unexpectedly. Is torch installed in this Python "
                f"({sys.executable})? Its last output:\n{detail}",
            )
        return reply

    def wait_ready(self, stop: threading.Event | None = None) -> bool:
        """Wait until the worker has imported torch; return False if ``stop`` was set meanwhile."""
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not self.ready:
            if stop is not None and stop.is_set():
                return False
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.close()
                raise ScriptError("worker", "The capture worker did not start (importing torch timed out).")
            try:
                reply = self.next_reply(min(POLL_SECONDS, remaining) if stop is not None else remaining)
            except TimeoutError:
                continue
            self.ready = reply.get("event") == "ready"
        return True

    def close(self) -> None:
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
        self.log.close()


class Runner:
    """Runs scripts in a warm worker process. ``run`` blocks; ``cancel`` works from any thread.

    With ``warm=True`` (for a long-lived runner, as the app's) the worker also pre-imports what
    scripts load lazily (about 1.5 s once, instead of in every run); a one-shot caller such as the
    CLI passes ``warm=False``.
    """

    def __init__(self, *, warm: bool = True) -> None:
        self._warm = warm
        self._worker: _Worker | None = None
        self._lock = threading.Lock()
        self._run_lock = threading.Lock()
        self._child: int | None = None
        self._stop_reason: str | None = None
        self._active_stop: threading.Event | None = None

    def start(self) -> None:
        """Start the worker now (it imports torch in the background) so the first run is fast."""
        with self._lock:
            if self._worker is None or not self._worker.alive():
                self._worker = _Worker(self._warm)

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
        with self._lock:
            child = self._child
            if child is not None and self._stop_reason is None:
                self._stop_reason = reason
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
        *,
        backward: bool = False,
        backward_call: int = 1,
        output: str | None = None,
        timeout: float = 60.0,
        stop: threading.Event | None = None,
    ) -> RunResult:
        """Run ``script`` and return its graph; raise ScriptError naming the cause and the fix.

        ``stop``, set from any thread (even before this call begins), cancels this run as
        :meth:`cancel` does; it closes the gap between asking for a run and its start.
        """
        path = check_script_path(script)
        options = {"backward": backward, "backward_call": backward_call, "output": output}
        if not self._acquire_run_lock(stop):
            raise ScriptError("cancelled", "The run was cancelled.", file=str(path))
        stop = stop if stop is not None else threading.Event()
        with self._lock:
            self._active_stop = stop  # what cancel() sets, even while the worker starts
        try:
            return self._run_locked(path, options, timeout, stop)
        finally:
            with self._lock:
                self._active_stop = None
            self._run_lock.release()

    def _acquire_run_lock(self, stop: threading.Event | None) -> bool:
        """Wait for the run before this one to end; give up (False) when ``stop`` is set."""
        if stop is None:
            return self._run_lock.acquire()
        while not self._run_lock.acquire(timeout=POLL_SECONDS):
            if stop.is_set():
                return False
        return True

    def _run_locked(
        self, path: Path, options: dict[str, Any], timeout: float, stop: threading.Event | None
    ) -> RunResult:
        with tempfile.TemporaryDirectory(prefix="graphviz_app-") as folder:
            started = time.perf_counter()
            request = {
                "script": str(path),
                "options": options,
                "result": os.path.join(folder, "result.json"),
                "output": os.path.join(folder, "output.txt"),
            }
            ending = self._submit(request, timeout, stop)
            seconds = time.perf_counter() - started
            output_text = _read_text(request["output"])
            return self._result(path, request["result"], ending, output_text, seconds, timeout)

    def _submit(self, request: dict[str, Any], timeout: float, stop: threading.Event | None) -> dict[str, Any]:
        self.start()
        worker = self._worker
        assert worker is not None
        ready = worker.wait_ready(stop)
        with self._lock:
            self._stop_reason = None
        if not ready or (stop is not None and stop.is_set()):
            self._stop_reason = "cancelled"
            return {"event": "done", "exitcode": None, "signal": None}
        worker.process.stdin.write(json.dumps(request) + "\n")  # type: ignore[union-attr]
        worker.process.stdin.flush()  # type: ignore[union-attr]
        started = worker.next_reply(30.0)
        with self._lock:
            self._child = started["pid"]
        if stop is not None and stop.is_set():
            self._kill("cancelled")
        deadline = time.monotonic() + timeout
        try:
            while True:
                try:
                    return worker.next_reply(max(0.05, deadline - time.monotonic()))
                except TimeoutError:
                    self._kill("timeout")
                    deadline = time.monotonic() + 30.0
        finally:
            with self._lock:
                self._child = None

    def _result(
        self, path: Path, result_file: str, ending: dict[str, Any], output: str, seconds: float, timeout: float
    ) -> RunResult:
        reason = self._stop_reason
        if reason == "timeout":
            error = ScriptError(
                "timeout",
                f"The script did not finish within {timeout:g} s and was stopped. If it needs "
                "longer, raise the time limit (--timeout); if it loops forever or waits for "
                "input, fix the script.",
                file=str(path),
            )
        elif reason == "cancelled":
            error = ScriptError("cancelled", "The run was cancelled.", file=str(path))
        elif os.path.exists(result_file):
            with open(result_file, encoding="utf-8") as handle:
                result = json.load(handle)
            if result["ok"]:
                graph = graph_from_trace(result["trace"])
                return RunResult(graph, output, list(graph.graph.get("notices", [])), seconds)
            error = ScriptError.from_dict(result["error"])
        elif ending.get("signal"):
            name = _signal_name(ending["signal"])
            error = ScriptError(
                "crash",
                f"The script crashed ({name}) and its process ended; the app is fine. The "
                "output below shows where (a crash in native code, such as a segfault in an "
                "extension or ctypes call). Fix the crash and reload.",
                file=str(path),
                user_traceback=_crash_trace(output),
            )
        else:
            code = ending.get("exitcode")
            error = ScriptError(
                "exit",
                f"The script ended its process with os._exit({code}) before a graph was captured. "
                "Remove the os._exit() call to see its graph.",
                file=str(path),
            )
        error.output = output
        raise error


def _read_text(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            data = handle.read(OUTPUT_LIMIT)
    except OSError:
        return ""
    return data.decode("utf-8", "replace")


def _crash_trace(output: str) -> str | None:
    marker = output.find("Fatal Python error")
    return output[marker:] if marker >= 0 else None
