"""Run Graphviz's ``dot`` in a subprocess and read its layout back as plain geometry.

:class:`LayoutJob` (cancellable) runs ``dot -Tjson0`` and parses it into a :class:`Layout` in
points with the origin at the top left and y growing DOWN (Graphviz's y grows up); with other
``args`` it writes ``svg``/``png``/``pdf``... (``dot -T<fmt>``).  ``dot`` never runs
in-process, so a crash or a runaway layout cannot take the app down, and it can be killed; it
runs in its own session and dies with the app (see :func:`_launcher`), and any exit status but
0 (a signal included) is a failure.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import select as select_module
import selectors
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import LayoutError
from ...wire.message import QT_TRANSLATE_NOOP, Message
from .engine import engine

log = logging.getLogger(__name__)

STOPPED_PLACING = QT_TRANSLATE_NOOP(
    "Explanation",
    "Graphviz's dot stopped before placing every node (it was interrupted); nothing was drawn. Try again.",
)
STOPPED_POSITIONING = QT_TRANSLATE_NOOP(
    "Explanation",
    "Graphviz's dot stopped before positioning the nodes (it was interrupted); nothing was drawn. Try again.",
)
STOPPED_ROUTING = QT_TRANSLATE_NOOP(
    "Explanation",
    "Graphviz's dot stopped before routing every edge (it was interrupted); nothing was drawn. Try again.",
)
DOT_CRASHED = QT_TRANSLATE_NOOP(
    "Explanation", "Graphviz's dot failed (exit status {status}): dot crashed ({signal}). {stderr}"
)
DOT_FAILED = QT_TRANSLATE_NOOP("Explanation", "Graphviz's dot failed (exit status {status}): {stderr}")
NO_MESSAGE = QT_TRANSLATE_NOOP("Explanation", "no message")
CANNOT_START = QT_TRANSLATE_NOOP(
    "Explanation",
    "Could not start Graphviz ({program}): {error}. Reinstall it, or choose the other engine "
    "(--engine system or packaged, or Preferences).",
)
TOO_SLOW = QT_TRANSLATE_NOOP(
    "Explanation",
    "Graphviz took longer than {seconds} s to lay out this graph and was "
    "stopped. Collapse some modules, keep hub splitting on, or raise the "
    "time limit.",
)
UNREADABLE_OUTPUT = QT_TRANSLATE_NOOP("Explanation", "Could not read Graphviz's layout output: {error}")

_STDERR_LIMIT = 2000
WARM_UP = b'digraph{pagedir="TL";node[shape=box,fontname="Helvetica",fontsize=10];a[label=<x<B>x</B>>]}\n'
"""A one-node drawing a started ``dot -Tsvg`` is given first (:meth:`LayoutJob.start`): drawing it
loads the fonts (fontconfig, pango: most of ``dot``'s start) while the caller writes the text; its SVG
is left out of the output.  (``pagedir="TL"``: the page counter it leaves adds no prefix to the next
drawing's ids, which are then the bytes a ``dot`` of its own writes.)"""
_WARM_UP_END = b"</svg>\n"


class LayoutCancelled(LayoutError):  # noqa: N818  (a cancellation, not an error to report)
    """The layout was cancelled (:meth:`LayoutJob.cancel`); nothing to report to the user."""


@dataclass(frozen=True)
class NodeBox:
    """A node's box in points; ``x, y`` is its center."""

    id: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class EdgePath:
    """An edge's spline: cubic bezier control points (p0, then triples), y down.

    ``arrow`` is the arrowhead polygon (or None); ``label``/``label_pos`` the edge label, if any.
    """

    source: str
    target: str
    points: tuple[tuple[float, float], ...]
    arrow: tuple[tuple[float, float], ...] | None = None
    label: str | None = None
    label_pos: tuple[float, float] | None = None


@dataclass(frozen=True)
class ClusterBox:
    """A cluster's box; ``name`` is the module path (DOT's ``cluster_`` prefix removed),
    ``x, y`` its top-left corner."""

    name: str
    x: float
    y: float
    width: float
    height: float
    label: str


@dataclass(frozen=True)
class Layout:
    """The whole drawing: its size, the node boxes by id, the edges and the cluster boxes."""

    width: float
    height: float
    nodes: Mapping[str, NodeBox]
    edges: Sequence[EdgePath]
    clusters: Sequence[ClusterBox]
    warnings: tuple[str, ...] = field(default=())
    rankdir: str = "TB"
    """The direction it was laid out in: ``"TB"`` (ranks grow down) or ``"LR"`` (ranks grow right)."""
    badges: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Display id -> the lines its badge node (``dot.badge_id``) was given room for: the nodes
    whose Values badges are laid out with the graph (:func:`.arrange.layout_job`)."""


def dot_program(name: str = "dot") -> list[str]:
    """Return the argv prefix that runs Graphviz's layout engine ``name`` (``dot``, ``neato``)
    with the chosen engine (:func:`.engine.engine`); raise GraphvizNotFoundError when none is
    installed."""
    return engine().command(name)


_QUOTED = r'"((?:[^"\\]|\\.)*)"'
_NODE_STATEMENT = re.compile(r"(?:^|[;{])\s*" + _QUOTED + r"\s*\[", re.MULTILINE)
_QUOTED_ID = re.compile(_QUOTED)


_UNSAFE_IN_ID = re.compile("[~%&\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
_ENCODED_IN_ID = re.compile(r"~([0-9A-F]{4});")


def encode_id(text: str) -> str:
    """Return a node or module id as written into DOT so that Graphviz names it back unchanged:
    the characters it would rewrite (backslashes, ``&`` of HTML entities, line breaks and other
    control characters, lone surrogates), ``%`` (a name starting with it is anonymous to
    Graphviz) and ``~`` itself become ``~XXXX;`` (:func:`decode_id` inverts it)."""
    return _UNSAFE_IN_ID.sub(lambda m: f"~{ord(m.group(0)):04X};", text)


def decode_id(name: str) -> str:
    """Return the id :func:`encode_id` wrote as ``name`` (names without ``~`` are ids as they are)."""
    return _ENCODED_IN_ID.sub(lambda m: chr(int(m.group(1), 16)), name) if "~" in name else name


def _unquote(text: str) -> str:
    """Return a quoted DOT id as Graphviz names it: only ``\\"`` is unescaped (``\\\\`` stays)."""
    return text.replace('\\"', '"')


def holds_nodes_of(layout: Layout, dot_text: str) -> bool:
    """Return True when ``layout`` has a box for every node statement of ``dot_text`` (quoted
    ids, as :mod:`.dot` writes) and no node whose id is not a quoted string of the text.

    Ids are compared as Graphviz names them: the characters :func:`dot_bytes` replaces are
    replaced, and only ``\\"`` is unescaped.
    """
    dot_text = as_given_to_dot(dot_text)
    declared = {decode_id(_unquote(m)) for m in _NODE_STATEMENT.findall(dot_text)}
    if not declared <= layout.nodes.keys():
        return False
    return set(layout.nodes) <= {decode_id(_unquote(m)) for m in _QUOTED_ID.findall(dot_text)}


def check_complete(layout: Layout, dot_text: str) -> None:
    """Raise LayoutError unless ``layout`` is a finished drawing of ``dot_text``.

    Interrupted (SIGINT), ``dot`` writes what it has and exits 0: nodes without positions, a
    zero bounding box, edges without splines.  Such output is a failure, never a result.
    """
    if not holds_nodes_of(layout, dot_text):
        raise LayoutError(Message.of(STOPPED_PLACING))
    if len(layout.nodes) > 1 and (
        layout.width <= 0 or layout.height <= 0 or len({(b.x, b.y) for b in layout.nodes.values()}) == 1
    ):
        raise LayoutError(Message.of(STOPPED_POSITIONING))
    if not layout.warnings and any(not edge.points for edge in layout.edges):
        # (dot warns when it gives up routing an edge; silence means it was stopped)
        raise LayoutError(Message.of(STOPPED_ROUTING))


_NOT_IN_DOT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    if code < 0x20:
        return chr(0x2400 + code)  # its Unicode control picture: "\x01" -> "␁"
    return "\u2421" if code == 0x7F else "\ufffd"


def as_given_to_dot(text: str) -> str:
    """Return DOT text as Graphviz is given it (see :func:`dot_bytes`)."""
    return _NOT_IN_DOT.sub(_visible, text) if _NOT_IN_DOT.search(text) else text


def dot_bytes(text: str) -> bytes:
    """Return DOT text as the UTF-8 bytes handed to Graphviz.

    Control characters (never needed by DOT's syntax; Graphviz's HTML-label parser rejects
    them) become their Unicode control pictures (``␁``), shown and distinct; lone surrogates
    (not encodable) and the non-characters U+FFFE/U+FFFF become U+FFFD.  So any name can be
    drawn.
    """
    return as_given_to_dot(text).encode("utf-8")


_EXEC_FAILED = (126, 127)
"""Exit statuses of a program that could not be run: found but not executable, or not found."""


@functools.lru_cache(maxsize=1)
def _launcher() -> tuple[str, ...]:
    """Return the command that starts ``dot`` so that it dies with this process.

    ``dot`` runs in a session of its own (a Ctrl+C in the terminal reaches the app, which kills
    it: interrupted, ``dot`` would write a partial drawing and exit 0), and on Linux with
    ``setpriv --pdeathsig KILL``, so that even a SIGKILL of the app ends it.  ``setpriv`` execs
    ``dot`` (same pid); where it is missing ``dot`` starts directly.
    """
    setpriv = shutil.which("setpriv") if sys.platform.startswith("linux") else None
    return (setpriv, "--pdeathsig", "KILL", "--") if setpriv else ()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _trim(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _STDERR_LIMIT else text[:_STDERR_LIMIT] + " ..."


class LayoutJob:
    """One ``dot`` run that another thread can cancel.

    ``LayoutJob(dot_text, timeout).result()`` blocks and returns the Layout; ``cancel()`` (from
    any thread, any time) kills ``dot`` and makes ``result()`` raise :class:`LayoutCancelled`.
    ``args`` replaces the default ``["-Tjson0"]`` (then use :meth:`run` for the raw output).
    ``-Tjson0`` (positions without xdot drawing ops) is used because it is markedly faster than
    ``-Tjson`` on big graphs (3.6 s -> 2.5 s for 3,400 nodes) and 3-4x smaller to parse; the
    parser reads either.  ``program`` names another Graphviz layout engine (``neato``, which
    with ``-n2`` draws given positions without laying out again); the chosen engine
    (:mod:`.engine`) runs it.  ``fallback`` is the same
    graph without its ``nslimit`` budget (:meth:`~.dot.DotGraph.text`; or a function writing
    it), run once more if ``dot`` crashes on the text.
    """

    def __init__(
        self,
        dot_text: str,
        timeout: float | None = None,
        args: list[str] | None = None,
        program: str = "dot",
        fallback: str | Callable[[], str] | None = None,
    ) -> None:
        self.dot_text = dot_text
        self.fallback = fallback
        self.program = program
        self.timeout = timeout
        self.args = list(args) if args is not None else ["-Tjson0"]
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._early: subprocess.Popen[bytes] | None = None
        self._warmed = False
        self._cancelled = False
        self.stderr = ""
        self.started = threading.Event()
        """Set once ``dot`` runs (or the job ended before starting it)."""

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._cancelled

    def cancel(self) -> None:
        """Stop the layout: kill ``dot`` if it runs; ``result()`` then raises LayoutCancelled."""
        with self._lock:
            self._cancelled = True
            if self._proc is not None and self._proc.poll() is None:
                self._proc.kill()
            early, self._early = self._early, None
        if early is not None:  # started, never fed: nothing else reaps it
            early.communicate()

    def run(self, on_output: Callable[[bytes], None] | None = None) -> bytes:
        """Run ``dot`` and return its stdout; raise LayoutError (timeout, failure, cancel).

        ``on_output`` is handed each piece of the stdout as ``dot`` writes it (the pieces of a
        failed run, then of the fallback's; it must not raise).  Graphviz 2.43 can crash
        (SIGSEGV) on some graphs when its x-placement stops at the ``nslimit`` iteration
        budget; if ``dot`` dies from a signal and the job has a ``fallback`` (the text without
        ``nslimit``), that is run once more (within the same time limit).
        """
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        returncode, stdout, stderr = self._run_once(self.dot_text, deadline, on_output)
        if returncode < 0 and not self._cancelled and self.fallback is not None:
            fallback = self.fallback if isinstance(self.fallback, str) else self.fallback()
            returncode, stdout, stderr = self._run_once(fallback, deadline, on_output)
        if returncode != 0:
            said = _trim(stderr.decode("utf-8", "replace"))
            message: Message | str = said or Message.of(NO_MESSAGE)
            if returncode < 0:
                raise LayoutError(
                    Message.of(
                        DOT_CRASHED, status=returncode, signal=_signal_name(-returncode), stderr=message
                    )
                )
            if returncode in _EXEC_FAILED and _launcher() and not stdout:
                # setpriv could not exec the program (the statuses a shell gives, POSIX "Command
                # Search and Execution"): as an OSError from Popen without a launcher.
                program = dot_program(self.program)[0]
                raise LayoutError(Message.of(CANNOT_START, program=program, error=message))
            raise LayoutError(Message.of(DOT_FAILED, status=returncode, stderr=message))
        self.stderr = stderr.decode("utf-8", "replace")
        return stdout

    def start(self, warm_up: bytes | None = None) -> None:
        """Start ``dot`` now, before ``dot_text`` is final: it loads while the caller writes the
        text, and :meth:`run` then feeds it (set ``dot_text`` and ``fallback`` first). Raises
        as :meth:`run` does when ``dot`` cannot start; :meth:`cancel` ends it unused.  An SVG
        to stdout (``args == ["-Tsvg"]``) is drawn after :data:`WARM_UP`, whose SVG :meth:`run`
        leaves out; in another format, ``dot`` lays out ``warm_up`` first (a small graph: it
        loads the layout and output plugins and the fonts), whose output the caller leaves out."""
        self._spawn()
        proc = self._proc
        self._warmed = False
        svg = self.args == ["-Tsvg"]
        first = WARM_UP if svg else warm_up
        if first is not None and proc is not None and proc.stdin is not None:
            try:
                proc.stdin.write(first)
                proc.stdin.flush()
                self._warmed = svg
            except OSError:  # dot already ended: run() reports how
                pass
        self._early = proc

    def _spawn(self) -> None:
        try:
            command = dot_program(self.program)
            with self._lock:
                if self._cancelled:
                    raise LayoutCancelled("The layout was cancelled.")
                try:
                    self._proc = subprocess.Popen(
                        [*_launcher(), *command, *self.args],
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        start_new_session=True,
                    )
                except OSError as exc:
                    raise LayoutError(Message.of(CANNOT_START, program=command[0], error=str(exc))) from None
        finally:
            self.started.set()

    def _run_once(
        self, text: str, deadline: float | None, on_output: Callable[[bytes], None] | None = None
    ) -> tuple[int, bytes, bytes]:
        with self._lock:
            early, self._early = self._early, None  # started by start(): used once
        if early is None:
            self._spawn()
        proc = self._proc
        assert proc is not None
        output = _Output(early is not None and self._warmed, on_output)
        remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
        began = time.monotonic()
        try:
            if os.name == "posix":  # (selectors cannot wait on pipes elsewhere)
                stderr = _exchange(proc, dot_bytes(text), remaining, output.add)
            else:
                piped, stderr = proc.communicate(dot_bytes(text), timeout=remaining)
                output.add(piped)
            stdout = output.data()
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout, proc.stderr):
                if pipe is not None:
                    try:
                        pipe.close()
                    except OSError:  # (stdin: what was left unwritten)
                        pass
            log.info(
                "%s killed after %.2f s: over the %g s limit",
                self.program,
                time.monotonic() - began,
                self.timeout,
            )
            raise LayoutError(Message.of(TOO_SLOW, seconds=f"{self.timeout:g}")) from None
        except BaseException:  # Ctrl+C, SIGTERM turned into an exception: dot must not outlive us
            proc.kill()
            proc.wait()
            raise
        if log.isEnabledFor(logging.DEBUG):  # counting the nodes reads the whole text
            log.debug(
                "%s %s: %d nodes in %.2f s, exit %d%s",
                self.program,
                " ".join(self.args),
                len(_NODE_STATEMENT.findall(text)),
                time.monotonic() - began,
                proc.returncode,
                " (cancelled)" if self._cancelled else "",
            )
        if self._cancelled:
            raise LayoutCancelled("The layout was cancelled.")
        return proc.returncode, stdout, stderr

    def warnings(self) -> tuple[str, ...]:
        """Return the non-empty lines ``dot`` wrote to stderr in its last successful run."""
        return tuple(line.strip() for line in self.stderr.splitlines() if line.strip())

    def result(self) -> Layout:
        """Run ``dot`` and return the parsed Layout (blocking); raise LayoutError or
        LayoutCancelled, GraphvizNotFoundError when ``dot`` is missing."""
        stdout = self.run()
        drawing = parse_json_layout(stdout, warnings=self.warnings())
        check_complete(drawing, self.dot_text)
        return drawing


class _Output:
    """``dot``'s stdout as it arrives: after a warm-up (:data:`WARM_UP`) its SVG is left out; the
    rest is kept and each piece handed to ``sink``."""

    def __init__(self, warmed: bool, sink: Callable[[bytes], None] | None) -> None:
        self._head: bytes | None = b"" if warmed else None
        self._sink = sink
        self._parts: list[bytes] = []

    def add(self, piece: bytes) -> None:
        if self._head is not None:  # (still in the warm-up's SVG)
            head = self._head + piece
            end = head.find(_WARM_UP_END)
            if end < 0:
                self._head = head
                return
            self._head, piece = None, head[end + len(_WARM_UP_END) :]
        if piece:
            self._parts.append(piece)
            if self._sink is not None:
                self._sink(piece)

    def data(self) -> bytes:
        """All that was kept (a warm-up that never ended: what ``dot`` wrote)."""
        return self._head if self._head is not None else b"".join(self._parts)


def _exchange(
    proc: subprocess.Popen[bytes], data: bytes, timeout: float | None, on_stdout: Callable[[bytes], None]
) -> bytes:
    """``proc.communicate(data, timeout)`` that hands each piece of stdout to ``on_stdout`` as it
    arrives; returns the stderr. Raises subprocess.TimeoutExpired (``proc`` left running)."""
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    deadline = None if timeout is None else time.monotonic() + timeout
    errors: list[bytes] = []
    view, offset = memoryview(data), 0
    with selectors.DefaultSelector() as selector:
        if data:
            selector.register(proc.stdin, selectors.EVENT_WRITE)
        else:
            proc.stdin.close()
        selector.register(proc.stdout, selectors.EVENT_READ)
        selector.register(proc.stderr, selectors.EVENT_READ)
        while selector.get_map():
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise subprocess.TimeoutExpired(proc.args, timeout or 0.0)
            for key, _ in selector.select(left):
                if key.fileobj is proc.stdin:
                    try:
                        offset += os.write(key.fd, view[offset : offset + _PIPE_BUF])
                    except BrokenPipeError:  # dot ended early: its status tells why
                        offset = len(view)
                    if offset >= len(view):
                        selector.unregister(proc.stdin)
                        proc.stdin.close()
                    continue
                piece = os.read(key.fd, 1 << 16)
                if not piece:
                    selector.unregister(key.fileobj)
                    continue
                if key.fileobj is proc.stdout:
                    on_stdout(piece)
                else:
                    errors.append(piece)
    proc.stdout.close()
    proc.stderr.close()
    proc.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
    return b"".join(errors)


_PIPE_BUF = getattr(select_module, "PIPE_BUF", 512)


# --- parsing ---------------------------------------------------------------------------------


def _floats(text: str) -> list[float]:
    return [float(v) for v in str(text).split(",")]


def parse_json_layout(data: bytes | str | dict[str, Any], *, warnings: tuple[str, ...] = ()) -> Layout:
    """Parse ``dot -Tjson``/``-Tjson0`` (Graphviz 2.42+) output into a Layout (points, y down).

    Raises LayoutError when the text is not a Graphviz JSON layout.
    """
    try:
        doc = data if isinstance(data, dict) else json.loads(data)
        llx, lly, urx, ury = _exact_box(doc)
    except (ValueError, KeyError, TypeError) as exc:
        raise LayoutError(Message.of(UNREADABLE_OUTPUT, error=str(exc))) from None

    def pt(x: float, y: float) -> tuple[float, float]:
        return (x - llx, ury - y)

    nodes: dict[str, NodeBox] = {}
    clusters: list[ClusterBox] = []
    names: dict[int, str] = {}
    objects = doc.get("objects") or []
    n_subgraphs = int(doc.get("_subgraph_cnt", 0))
    for obj in objects[:n_subgraphs]:  # subgraphs come first, then nodes
        name = str(obj.get("name", ""))
        if name.startswith("cluster") and "bb" in obj:
            x0, y0, x1, y1 = _exact_box(obj)
            left, top = pt(x0, y1)
            clusters.append(
                ClusterBox(
                    name=decode_id(name[len("cluster_") :] if name.startswith("cluster_") else name),
                    x=left,
                    y=top,
                    width=x1 - x0,
                    height=y1 - y0,
                    label=str(obj.get("label", "")),
                )
            )
    for obj in objects[n_subgraphs:]:
        if "pos" not in obj:
            continue
        name = decode_id(str(obj.get("name", "")))
        names[obj.get("_gvid")] = name
        cx, cy = pt(*_exact_center(obj))
        nodes[name] = NodeBox(
            name, cx, cy, float(obj.get("width", 0)) * 72.0, float(obj.get("height", 0)) * 72.0
        )

    edges: list[EdgePath] = []
    for edge in doc.get("edges", ()):
        source, target = names.get(edge.get("tail")), names.get(edge.get("head"))
        if source is None or target is None:
            continue
        points, arrow = _edge_geometry(edge, pt)
        label = str(edge.get("label") or "").strip() or None
        lp = edge.get("lp")
        edges.append(EdgePath(source, target, points, arrow, label, pt(*_floats(lp)) if lp else None))
    rankdir = "LR" if str(doc.get("rankdir", "TB")).upper() == "LR" else "TB"
    return Layout(
        width=urx - llx,
        height=ury - lly,
        nodes=nodes,
        edges=edges,
        clusters=clusters,
        warnings=warnings,
        rankdir=rankdir,
    )


ROUTED = ((0.0, 0.0),)
"""The points :func:`drawn_outline` gives an edge ``dot`` routed (its route is not read)."""


def drawn_outline(data: bytes | str, *, warnings: tuple[str, ...] = ()) -> Layout:
    """What :func:`check_complete` reads of a ``-Tjson0`` layout, read cheaply: the bounding box,
    every node's name and centre (``pos``), and whether each edge was routed (its points are
    :data:`ROUTED` or empty; no route is read). For a drawing rendered in the same run, whose
    layout nobody uses."""
    try:
        doc = json.loads(data)
        llx, lly, urx, ury = _floats(doc["bb"])
    except (ValueError, KeyError, TypeError) as exc:
        raise LayoutError(f"Could not read Graphviz's layout output: {exc}") from None
    nodes: dict[str, NodeBox] = {}
    names: dict[int, str] = {}
    objects = doc.get("objects") or []
    for obj in objects[int(doc.get("_subgraph_cnt", 0)) :]:
        if "pos" not in obj:
            continue
        name = decode_id(str(obj.get("name", "")))
        names[obj.get("_gvid")] = name
        x, y = _floats(obj["pos"])
        nodes[name] = NodeBox(name, x - llx, ury - y, 0.0, 0.0)
    edges = [
        EdgePath(source, target, ROUTED if edge.get("pos") or edge.get("_draw_") else (), None)
        for edge in doc.get("edges", ())
        if (source := names.get(edge.get("tail"))) is not None
        and (target := names.get(edge.get("head"))) is not None
    ]
    return Layout(width=urx - llx, height=ury - lly, nodes=nodes, edges=edges, clusters=[], warnings=warnings)


def _drawn_points(obj: dict[str, Any]) -> tuple[list[float], list[float]]:
    """The x and y of every point ``obj``'s drawing ops (``_draw_``, ``-Tjson`` only) draw."""
    xs: list[float] = []
    ys: list[float] = []
    for op in obj.get("_draw_", ()):
        kind = op.get("op")
        if kind in ("p", "P", "L", "b", "B"):
            for x, y in op.get("points", ()):
                xs.append(float(x))
                ys.append(float(y))
        elif kind in ("e", "E"):
            x, y, rx, ry = (float(v) for v in op["rect"])
            xs += [x - rx, x + rx]
            ys += [y - ry, y + ry]
    return xs, ys


def _exact_box(obj: dict[str, Any]) -> list[float]:
    """Return the bounding box (``bb``: llx, lly, urx, ury) of the graph or cluster ``obj``.

    ``bb`` keeps 5 significant digits, as ``pos`` does (``1.0682e+06``: up to 50 points off in
    a drawing a million points tall, which moved every frame and node of a tall composed piece
    off its parent's); with ``-Tjson`` the box is drawn (the graph's background, the cluster's
    outline) with two decimals, so there it is that drawing's extent.
    """
    box = _floats(obj["bb"])
    if "e" not in str(obj["bb"]).lower():
        return box
    xs, ys = _drawn_points(obj)
    return [min(xs), min(ys), max(xs), max(ys)] if xs else box


def _exact_center(obj: dict[str, Any]) -> list[float]:
    """Return a node's center in Graphviz's coordinates.

    ``pos`` keeps 5 significant digits (``1.3183e+05``: 10 points off in a drawing 130,000
    points tall); with ``-Tjson`` the drawing ops keep two decimals, so there the center is that
    of the points the node's shape is drawn with.
    """
    pos = _floats(obj["pos"])
    if "e" not in str(obj["pos"]).lower():
        return pos
    xs, ys = _drawn_points(obj)
    return [(min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2] if xs else pos


def _edge_geometry(
    edge: dict[str, Any], pt: Callable[[float, float], tuple[float, float]]
) -> tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...] | None]:
    points: list[tuple[float, float]] = []
    for op in edge.get("_draw_", ()):
        if op.get("op") in ("b", "B") and not points:
            points = [pt(x, y) for x, y in op["points"]]
    arrow = None
    for op in edge.get("_hdraw_", ()):
        if op.get("op") in ("P", "p"):
            arrow = tuple(pt(x, y) for x, y in op["points"])
    if not points and edge.get("pos"):  # -Tjson0: "e,x,y x,y x,y ..."
        end = None
        for part in str(edge["pos"]).split(";")[0].split():
            if part.startswith(("e,", "s,")):
                if part.startswith("e,"):
                    end = pt(*_floats(part[2:]))
                continue
            points.append(pt(*_floats(part)))
        if end is not None and points and arrow is None:
            arrow = _arrowhead(points[-1], end)
    return tuple(points), arrow


def _arrowhead(base: tuple[float, float], tip: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """Return Graphviz's 'normal' arrowhead: a triangle from ``base`` to ``tip``, 0.7 as wide
    as it is long (what ``-Tjson`` draws in ``_hdraw_``)."""
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    nx_, ny_ = -dy * 0.35, dx * 0.35
    return ((base[0] + nx_, base[1] + ny_), tip, (base[0] - nx_, base[1] - ny_))
