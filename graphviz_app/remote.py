"""``graphviz_app.open``: send a graph from any Python process (REPL, notebook, pdb) to the window.

The graph is saved as a ``.json`` graph in the user's cache folder (one folder per send, the file
named after where it came from: ``notebook cell 12.json``, ``train.py-88.json``), then:

* a window is open (one per user listens on :mod:`.core.instance`'s socket): it is sent the path
  and opens it as it opens any saved graph, adding it to File ▸ Recent; the graph shown before
  stays one click away there;
* no window is open: one is started on the file (``python -m graphviz_app FILE.json``, detached)
  with this interpreter when it has PySide6, else the ``graphviz-app`` command; without either,
  GraphvizAppError says how to start the app.

This module needs no Qt: it speaks the window's socket with the standard library.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import FrameType
from typing import Any, Literal

import networkx as nx

from .core import instance
from .wire.errors import GraphvizAppError

KEEP_SENT = 30
"""Sent graphs kept in the cache folder (the oldest are removed): File ▸ Recent lists ten."""
CONNECT_TIMEOUT = 2.0
REPLY_TIMEOUT = 10.0
"""Seconds to wait for the window's answer (it answers once the graph is open)."""
STARTING_WAIT = 60.0
"""Seconds a send waits for a window another send started moments ago, rather than start a
second one."""
_DEBUGGER_MODULES = ("pdb", "bdb", "cmd", "code", "IPython.core.debugger", "ipdb")


@dataclass(frozen=True)
class Sent:
    """What :func:`send_graph` did: ``how`` is ``"window"`` (the open window took it) or
    ``"started"`` (a window was started on it, process ``pid``); ``path`` is the saved graph."""

    path: Path
    title: str
    how: Literal["window", "started"]
    nodes: int
    pid: int | None = None
    confirmed: bool = True
    """False when the window took the message but had not answered within REPLY_TIMEOUT."""

    def __repr__(self) -> str:
        if self.how == "started":
            return (
                f"Started a graphviz_app window on {self.title!r} ({self.nodes} nodes, "
                f"process {self.pid}); saved as {self.path}"
            )
        busy = "" if self.confirmed else " (the window is busy; it opens the graph when it can)"
        return (
            f"Sent {self.title!r} ({self.nodes} nodes) to the graphviz_app window{busy}; saved as {self.path}"
        )


def caller_title(frame: FrameType | None) -> str:
    """Return where a call came from: ``notebook cell 12`` (a Jupyter kernel), ``IPython cell 3``,
    ``train.py:88`` (a file, or the frame a pdb prompt is stopped in), ``Python prompt``."""
    shell = _ipython()
    if (
        frame is not None
        and shell is not None
        and frame.f_globals is getattr(shell, "user_ns", None)
        and frame.f_code.co_name == "<module>"
    ):
        kind = "notebook cell" if "ZMQ" in type(shell).__name__ else "IPython cell"
        cells = getattr(getattr(shell, "compile", None), "_filename_map", None) or {}
        number = cells.get(frame.f_code.co_filename)  # the cell's In [N]
        return f"{kind} {number if number is not None else getattr(shell, 'execution_count', '?')}"
    frame = _user_frame(frame)
    if frame is None:
        return "Python prompt"
    return f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_lineno}"


def caller_script(frame: FrameType | None) -> str | None:
    """Return the file a call came from (:func:`caller_title`'s), when it is a file on disk
    (not a notebook cell or a prompt): the script a sent graph names, for the Source panel."""
    frame = _user_frame(frame)
    if frame is None:
        return None
    path = os.path.abspath(frame.f_code.co_filename)
    return path if os.path.isfile(path) else None


def _user_frame(frame: FrameType | None) -> FrameType | None:
    """The first frame from ``frame`` outward that is the user's code: not ``<stdin>``-like
    compiled text, nor a debugger's own (pdb's prompt runs what is typed in the stopped frame)."""
    while frame is not None and (
        frame.f_code.co_filename.startswith("<")
        or str(frame.f_globals.get("__name__")).startswith(_DEBUGGER_MODULES)
    ):
        frame = frame.f_back
    return frame


def _ipython() -> Any:
    module = sys.modules.get("IPython")
    get = getattr(module, "get_ipython", None)
    return get() if callable(get) else None


def sent_folder() -> Path:
    """Return the cache folder sent graphs are saved in (made when needed)."""
    if sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    elif sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = base / "graphviz_app" / "sent"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_sent(graph: nx.DiGraph, title: str, script: str | None = None) -> Path:
    """Save ``graph`` as ``<cache>/sent/<time>/<title>.json``, naming where it was sent from
    (``sent_from``) and the ``script`` it came from unless it names one; remove all but the
    newest KEEP_SENT."""
    from .core.model.graph import trace_from_graph
    from .core.model.saved_graph import dumps_trace

    root = sent_folder()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    folder = root / f"{stamp}-{os.getpid()}"
    folder.mkdir()
    name = re.sub(r"[^\w .()\[\]-]+", "-", title, flags=re.UNICODE).strip(" .-")[:80] or "graph"
    path = folder / f"{name}.json"
    trace = trace_from_graph(graph)
    attributes = {**trace["graph"], "sent_from": title}  # (a copy: the caller's graph is left as it is)
    if script is not None and not attributes.get("script"):
        attributes["script"] = script
    path.write_text(dumps_trace({**trace, "graph": attributes}), encoding="utf-8")
    for old in sorted((p for p in root.iterdir() if p.is_dir()), reverse=True)[KEEP_SENT:]:
        shutil.rmtree(old, ignore_errors=True)
    return path


def send_graph(graph: nx.DiGraph, title: str, *, start: bool = True, script: str | None = None) -> Sent:
    """Save ``graph`` (:func:`save_sent`) and show it in the window (the open one, else a new one
    if ``start``)."""
    path = save_sent(graph, title, script)
    nodes = graph.number_of_nodes()
    if instance.supported():
        answer = deliver(path, title, wait=_window_starting())
        if answer is not None:
            return Sent(path, title, "window", nodes, confirmed=answer)
    if not start:
        raise GraphvizAppError(
            f"No graphviz_app window is open. Start it (graphviz-app), then "
            f"call open() again, or open the saved graph {path} in it."
        )
    return Sent(path, title, "started", nodes, pid=start_window(path))


def deliver(path: Path, title: str, *, wait: float = 0.0) -> bool | None:
    """Send ``path`` to the open window: True once it has opened it, False when it took the
    message but has not answered yet, None when no window listens (``wait``: seconds to keep
    trying, for a window that is starting). Raises GraphvizAppError when the window refuses it."""
    address = str(instance.socket_path())
    deadline = time.monotonic() + wait
    while True:
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.settimeout(CONNECT_TIMEOUT)
        try:
            client.connect(address)
            break
        except OSError:  # no socket file, or nobody listening on it
            client.close()
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.1)
    with client:
        client.sendall(instance.encode_request(path, title))
        client.settimeout(REPLY_TIMEOUT)
        reply = b""
        try:
            while not reply.endswith(b"\n"):
                chunk = client.recv(4096)
                if not chunk:
                    break
                reply += chunk
        except TimeoutError:
            return False
    try:
        answer = json.loads(reply.decode("utf-8"))
    except ValueError:
        return False
    if not answer.get("ok"):
        raise GraphvizAppError(f"The graphviz_app window did not open the graph: {answer.get('error')}")
    return True


_STARTED = "starting.pid"
_children: dict[int, subprocess.Popen[bytes]] = {}
"""Windows this process started (a child that ended is a zombie until reaped: ask it, not kill)."""


def _window_starting() -> float:
    """Return how long to wait for a window a send started moments ago (0: none is starting)."""
    marker = sent_folder() / _STARTED
    try:
        pid, started = marker.read_text().split()
        age = time.time() - float(started)
        child = _children.get(int(pid))
        if child is not None and child.poll() is not None:
            return 0.0
        os.kill(int(pid), 0)
    except (OSError, ValueError):
        return 0.0
    return max(0.0, STARTING_WAIT - age)


def start_window(path: Path) -> int:
    """Start a detached window on ``path``; return its process id.

    Uses this interpreter when it has PySide6, else the ``graphviz-app`` command; raises
    GraphvizAppError saying how to start the app when neither is there.
    """
    if importlib.util.find_spec("PySide6") is not None:
        command = [sys.executable, "-m", "graphviz_app", str(path)]
    elif (program := shutil.which("graphviz-app")) is not None:
        command = [program, str(path)]
    else:
        raise GraphvizAppError(
            f"No graphviz_app window is open, and this Python ({sys.executable}) cannot start one: "
            "PySide6 is not installed here and no graphviz-app command is on PATH. Start the app "
            f"(graphviz-app) and call open() again, or open the saved graph {path} in it."
        )
    with open(path.parent / "window.log", "wb") as log:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True, close_fds=True
        )
    _children[process.pid] = process
    (sent_folder() / _STARTED).write_text(f"{process.pid} {time.time()}")
    return process.pid
