"""Write a graph to a file: PNG, SVG, PDF (rendered by Graphviz; drawn from its SVG by Qt where the
engine writes no PDF: :func:`picture_from_svg`), DOT, JSON or an interactive
HTML page (the SVG with pan, zoom, search and node details: :mod:`.html_page`).

:func:`export_graph` picks the format from the file suffix, draws images with a legend as
:func:`~.arrange.picture` gives them (the picture the window shows: one ``dot`` run, or a
composed layout drawn where it is), keeps PNGs within what image libraries can write (cairo
stops at 32,767 px a side) and writes atomically: a temporary file in the same folder is
renamed over the target only once complete, so a failure never leaves a partial file behind.
"""

from __future__ import annotations

import codecs
import contextlib
import html
import html.entities
import logging
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.parsers import expat

import networkx as nx

from ..errors import ColorModeError, ExportError, GraphvizNotFoundError, LayoutError
from ..language import words
from ..wire.message import QT_TRANSLATE_NOOP, Message, Template, Value
from .export_formats import BY_SUFFIX, ExportFormat, suffix_list
from .graphviz.arrange import Picture, picture
from .graphviz.compose import should_compose
from .graphviz.dot import Paint, dot_graph
from .graphviz.engine import engine, needs_system_fonts
from .graphviz.layout import (
    STOPPED_PLACING,
    STOPPED_POSITIONING,
    STOPPED_ROUTING,
    Layout,
    LayoutJob,
    check_complete,
    decode_id,
    dot_bytes,
    drawn_outline,
)
from .graphviz.svg_drawing import PAD
from .model.durations import has_times
from .model.graph import trace_from_graph
from .model.health import has_health
from .model.plots import CANNOT_WRITE
from .model.saved_graph import dumps_trace
from .model.values import values_badges
from .view import colors
from .view.display import ViewOptions, build_display
from .view.look import NodeStyle

if TYPE_CHECKING:
    from .view.stepping import StepView

log = logging.getLogger(__name__)

NO_GRADIENTS = QT_TRANSLATE_NOOP(
    "Explanation",
    "Coloring by gradient needs gradients, but this graph has none (backward "
    "did not run), so every node is drawn gray. Run the script with "
    "backward to see gradient norms.",
)
NO_SAVED_BYTES = QT_TRANSLATE_NOOP(
    "Explanation",
    "Coloring by memory kept for backward needs the bytes the capture measures, but this graph has "
    "none (it was saved before they were measured, or its saved values were left out), so every node "
    "is drawn as not measured. Export the script itself, not a saved graph, to see them.",
)
NO_TIMES = QT_TRANSLATE_NOOP(
    "Explanation",
    "Coloring by time needs the times the capture measures, but this graph has none (it was saved "
    "before they were measured), so every node is drawn as not measured. Export the script itself, "
    "not a saved graph, to see them.",
)
NO_HEALTH = QT_TRANSLATE_NOOP(
    "Explanation",
    "Coloring by gradient health needs the gradient norms a training loop's run records, but this "
    "graph has none, so every node is drawn plain. Export the script with --health N.",
)
BAD_SCALE = QT_TRANSLATE_NOOP("Explanation", "The image scale must be a positive number, not {scale}.")
UNSUPPORTED = QT_TRANSLATE_NOOP(
    "Explanation", "Cannot export to {path}: {shown} is not a supported file type. Use one of: {suffixes}."
)
NO_SUFFIX = QT_TRANSLATE_NOOP("Explanation", "no suffix")
A_FOLDER = QT_TRANSLATE_NOOP(
    "Explanation", "Cannot export to {path}: it is a folder. Give a file name, e.g. {example}."
)
OWN_INPUT = QT_TRANSLATE_NOOP(
    "Explanation",
    "Cannot export to {path}: it is the graph's own input file ({kept}), "
    "which the export would overwrite. Choose another output name.",
)
NO_FOLDER = QT_TRANSLATE_NOOP(
    "Explanation",
    "Cannot export to {path}: the folder {folder} does not exist. Create it first or choose another folder.",
)
FOLDER_IS_FILE = QT_TRANSLATE_NOOP(
    "Explanation", "Cannot export to {path}: {folder} is a file, not a folder. Choose another folder."
)
NOT_REGULAR = QT_TRANSLATE_NOOP(
    "Explanation",
    "Cannot export to {path}: it exists and is not a regular file (a FIFO, "
    "device or socket), so it is not replaced. Choose another output "
    "name.",
)
READ_ONLY = QT_TRANSLATE_NOOP(
    "Explanation",
    "Cannot export to {path}: the file exists and is read-only, so it is "
    "not replaced. Make it writable, or choose another name.",
)
NOT_WRITABLE = QT_TRANSLATE_NOOP(
    "Explanation",
    "Cannot write {path}: the folder {folder} is not writable ({reason}). "
    "Choose a folder you can write to, or fix its permissions.",
)
CANNOT_EXPORT = QT_TRANSLATE_NOOP("Explanation", "Cannot export to {path}: {reason}.")
LAYOUT_FAILED = QT_TRANSLATE_NOOP("Explanation", "Cannot export {path}: {error}")
EMPTY = QT_TRANSLATE_NOOP("Explanation", "Graphviz wrote an empty {format} file.")
NO_PICTURE = QT_TRANSLATE_NOOP(
    "Explanation",
    "Could not draw the {format} from the SVG with Qt ({error}). Export SVG, or choose the "
    "system engine with Graphviz installed (it draws {format} itself).",
)
PICTURE_TOO_SLOW = QT_TRANSLATE_NOOP(
    "Explanation", "Drawing the {format} took longer than {seconds} s and was stopped. Export SVG instead."
)
INCOMPLETE_PDF = QT_TRANSLATE_NOOP(
    "Explanation", "Graphviz wrote an incomplete PDF file (it was stopped or failed)."
)
BAD_SVG = QT_TRANSLATE_NOOP(
    "Explanation", "Graphviz wrote an SVG file that is not well-formed XML ({error}); it was not saved."
)
NOT_SVG = QT_TRANSLATE_NOOP(
    "Explanation", "Graphviz wrote a file that is not an SVG document; it was not saved."
)
BAD_PNG = QT_TRANSLATE_NOOP("Explanation", "Graphviz did not write a valid PNG file ({name}).")
SCALED_DOWN = QT_TRANSLATE_NOOP(
    "Explanation",
    "The PNG would be {full} px at {dpi} dpi, more than image libraries can "
    "write (32,767 px a side), so it was scaled down to {size} px ({effective} dpi).",
)
TOO_SMALL = QT_TRANSLATE_NOOP("Explanation", " Its labels are too small to read.")
SHARPER = QT_TRANSLATE_NOOP(
    "Explanation",
    " Export SVG or PDF for a sharp full-size image, or collapse modules to make the graph smaller.",
)

FORMATS = BY_SUFFIX
"""Supported suffixes and the format each writes (the table is :mod:`.export_formats`)."""
BASE_DPI = 96.0
"""PNG resolution at ``scale=1``: one point of layout is 1.33 px, labels stay readable."""
PNG_MAX_SIDE = 32000
"""Largest PNG side written (cairo's limit is 32,767 px; leave room for rounding)."""


def supported_suffixes() -> str:
    """Return the supported suffixes as text: ``".png, .svg, .pdf, .dot, .json, .html"``."""
    return suffix_list()


def export_graph(
    graph: nx.DiGraph,
    path: str | Path,
    *,
    protect: Iterable[str | Path] = (),
    mode: str = "device",
    options: ViewOptions = ViewOptions(),
    styles: dict[str, NodeStyle] | None = None,
    scale: float = 1.0,
    timeout: float | None = None,
    step: StepView | None = None,
    view: dict[str, Any] | None = None,
    values: bool = False,
    started: LayoutJob | None = None,
    language: str = "en",
    title: str | None = None,
) -> list[Message]:
    """Write ``graph`` to ``path`` (format from the suffix) and return notices for the user.

    Images and DOT are drawn as the view ``options`` and color ``mode`` say, with a legend and
    the ``styles`` (search highlights...); at a ``step`` (forward or backward), as it looks then:
    its styles (unless ``styles`` are given), its marked edges (pointing back to their producers
    on a backward step: the gradient's way) and its sentence as a caption above.  JSON stores
    ``view`` (how the graph was viewed) as the graph attribute ``view``, with the ``step`` shown
    (1-based, as the window shows it and the CLI's ``--step`` reads it); ``values`` draws the
    Values badges laid out with the graph, as the window does (the final ones unless ``styles``
    carry a step's); ``scale`` multiplies the PNG resolution (96 dpi at 1.0); ``started``: a
    ``dot -Tsvg`` the caller started (:func:`start_svg_job`) to draw an SVG with, else one
    starts here (the caller cancels it when it is not used); ``language`` (:data:`graphviz_app.language.LANGUAGES`) writes the legend, the
    caption and a page's words in it; ``title`` names the graph in a page's header (default:
    its script).  JSON is the graph itself (:func:`graphviz_app.core.model.graph.dumps_graph`).  Raises ExportError (unsupported suffix,
    folder missing or not writable, Graphviz failed or stopped, ``path`` is the graph's own
    script, one of ``protect`` (e.g. the input file), read-only, a folder or not a regular file)
    and GraphvizNotFoundError (no ``dot``, for images); nothing is left at ``path`` on failure
    and what was there before is kept.
    """
    began = time.monotonic()
    path = Path(path)
    script = graph.graph.get("script")
    check_target(path, [*protect, *([script] if isinstance(script, str) and script else [])])
    fmt = _format_of(path)
    try:
        spec = colors.color_mode(mode)
    except ColorModeError as exc:
        raise ExportError(exc.message) from None
    if not scale > 0:
        raise ExportError(Message.of(BAD_SCALE, scale=repr(scale)))
    notices: list[Message] = []
    missing: dict[Callable[[nx.DiGraph], bool], Template] = {
        colors.has_grads: NO_GRADIENTS,
        colors.has_saved_bytes: NO_SAVED_BYTES,
        has_times: NO_TIMES,
        has_health: NO_HEALTH,
    }
    if spec.needs is not None and fmt.writer != "graph" and not spec.needs(graph):
        notices.append(Message.of(missing[spec.needs]))
    if step is not None:
        shown = {"mode": step.mode, "index": step.index + 1, "count": step.count, "node": step.node}
        view = {**(view or {}), "step": shown}
        styles = step.styles if styles is None else styles
    if fmt.writer == "graph":
        if view:
            graph = graph.copy(as_view=False)
            graph.graph["view"] = dict(view)
        data = dumps_trace(_with_engine(trace_from_graph(graph))).encode("utf-8")
        _write_atomic(path, lambda tmp: tmp.write_bytes(data))
        _log_export(fmt, path, graph, began)
        return notices

    early = None
    if fmt.writer == "graphviz" and fmt.graphviz == "svg":
        # ``dot`` starts now and loads while the drawing is written (it writes to its stdout)
        early = started or LayoutJob("", timeout, args=["-Tsvg"])
        if early is not started:
            early.start()
        early.timeout = timeout
    try:
        display = build_display(graph, replace(options, language=language))  # labels' words too
        room = values_badges(graph.nodes(data=True), words(language)) if values else None
        if room and styles is None:
            styles = {node: NodeStyle(extra_label=badge) for node, badge in room.items()}
        elif styles and language != "en":  # a badge's words in the language (its numbers as they are)
            write = words(language)
            styles = {
                node: style if style.badge is None else replace(style, extra_label=write(style.badge))
                for node, style in styles.items()
            }
        paint = Paint(
            mode=mode,
            styles=styles,
            legend=True,
            marked_edges=None if step is None else step.edges,
            caption=None if step is None else words(language)(step.message),
            language=language,
            flow_backward=step is not None and step.mode == "backward",
            room=room,
        )
        if fmt.writer == "dot":
            data = dot_bytes(dot_graph(display, graph, paint).text())
            _write_atomic(path, lambda tmp: tmp.write_bytes(data))
            _log_export(fmt, path, graph, began)
            return notices
        if early is not None and should_compose(display):  # (another program draws it)
            early.cancel()
            early = None
        drawn = picture(display, graph, paint, timeout=timeout)  # what the window shows
    except BaseException:
        if early is not None:
            early.cancel()
        raise
    if early is not None and (drawn.program != ("dot",) or not drawn.names or drawn.edges < 0):
        early.cancel()
        early = None
    if early is not None:
        job = early
        job.dot_text, job.fallback = drawn.text, drawn.fallback
        try:
            _write_atomic(path, lambda tmp: tmp.write_bytes(_checked_svg(job, drawn)))
        finally:
            job.cancel()  # (ends a dot never fed, when no temporary file could be made)
        _log_export(fmt, path, graph, began)
        return notices
    if fmt.writer == "page":  # the SVG in an interactive page (core/html_page.py)
        from .html_page import html_page

        def write_page(tmp: Path) -> None:
            _render(drawn, fmt.graphviz, tmp, timeout)
            page = html_page(graph, display, tmp.read_text("utf-8"), title=title, language=language)
            tmp.write_text(page, encoding="utf-8")

        _write_atomic(path, write_page)
    elif fmt.scale:  # PNG at 96 dpi × scale
        written = _write_atomic(path, lambda tmp: _render_png(drawn, tmp, scale, timeout))
        notices.extend(written if isinstance(written, list) else [])
    else:
        _write_atomic(path, lambda tmp: _render(drawn, fmt.graphviz, tmp, timeout))
    _log_export(fmt, path, graph, began)
    return notices


def _with_engine(trace: dict[str, Any]) -> dict[str, Any]:
    """``trace`` with the graph attribute ``layout_engine``: the Graphviz engine that lays it
    out here (``kind``, ``name``, ``version``), left out when none is installed."""
    try:
        chosen = engine()
    except GraphvizNotFoundError:
        return trace
    attrs = {
        **trace.get("graph", {}),
        "layout_engine": {"kind": chosen.kind, "name": chosen.name, "version": chosen.version_number()},
    }
    return {**trace, "graph": attrs}


def start_svg_job() -> LayoutJob | None:
    """Start the ``dot -Tsvg`` of an SVG export (:func:`export_graph`'s ``started``) before its
    graph is made, so that it loads meanwhile; None when it cannot start (the export says why)."""
    job = LayoutJob("", None, args=["-Tsvg"])
    try:
        job.start()
    except (LayoutError, GraphvizNotFoundError):
        return None
    return job


def _log_export(fmt: ExportFormat, path: Path, graph: nx.DiGraph, began: float) -> None:
    log.info(
        "exported %s (%d nodes) to %s in %.2f s",
        fmt.key,
        graph.number_of_nodes(),
        path,
        time.monotonic() - began,
    )


def _format_of(path: Path) -> ExportFormat:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        shown = f"'{path.suffix}'" if path.suffix else Message.of(NO_SUFFIX)
        raise ExportError(Message.of(UNSUPPORTED, path=str(path), shown=shown, suffixes=supported_suffixes()))
    return FORMATS[suffix]


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def check_target(path: Path, protect: Iterable[str | Path] = ()) -> None:
    """Raise ExportError unless writing ``path`` loses nothing the user had."""

    def refused(template: Template, **values: Value) -> ExportError:
        return ExportError(Message.of(template, path=str(path), **values))

    if path.is_dir():
        raise refused(A_FOLDER, example=str(path / ("graph" + (path.suffix or ".png"))))
    for kept in protect:
        if _same_file(path, Path(kept)):
            raise refused(OWN_INPUT, kept=str(kept))
    folder = path.parent
    if not folder.exists():
        raise refused(NO_FOLDER, folder=str(folder))
    if not folder.is_dir():
        raise refused(FOLDER_IS_FILE, folder=str(folder))
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise refused(CANNOT_EXPORT, reason=str(exc.strerror or exc)) from None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise refused(NOT_REGULAR)
        if not info.st_mode & 0o222 or not os.access(path, os.W_OK):
            raise refused(READ_ONLY)


def _current_umask() -> int:
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_atomic(path: Path, write: Callable[[Path], object]) -> object:
    """Call ``write(tmp)`` for a temp file beside ``path``, then rename it onto ``path``.

    Returns what ``write`` returned; removes the temp file and raises ExportError on failure.
    """
    remove_stale_parts(path.parent)
    try:
        fd, name = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.{os.getpid()}-", suffix=PART_SUFFIX
        )
    except OSError as exc:
        raise ExportError(
            Message.of(NOT_WRITABLE, path=str(path), folder=str(path.parent), reason=str(exc.strerror or exc))
        ) from None
    os.close(fd)
    tmp = Path(name)
    try:
        result = write(tmp)
        os.chmod(tmp, 0o666 & ~_current_umask())
        os.replace(tmp, path)
    except BaseException as exc:
        _remove(tmp)
        if isinstance(exc, LayoutError):
            raise ExportError(Message.of(LAYOUT_FAILED, path=str(path), error=exc.message)) from exc
        if isinstance(exc, OSError):
            raise ExportError(
                Message.of(CANNOT_WRITE, path=str(path), reason=str(exc.strerror or exc))
            ) from None
        raise
    return result


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


_PART_NAME = re.compile(r"^\..+\.(\d+)-[^.]+" + re.escape(".part") + "$")
PART_SUFFIX = ".part"
"""Suffix of the temporary file an export writes before renaming it onto the target."""


def remove_stale_parts(folder: Path) -> int:
    """Remove the ``.part`` files a killed export left in ``folder`` (their process is gone);
    return how many."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        match = _PART_NAME.match(entry.name) if entry.name.endswith(PART_SUFFIX) else None
        if match and int(match.group(1)) != os.getpid() and not _pid_alive(int(match.group(1))):
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed += 1
    return removed


def _remove(tmp: Path) -> None:
    with contextlib.suppress(OSError):
        tmp.unlink()


def _render(drawn: Picture, fmt: str, tmp: Path, timeout: float | None) -> None:
    """Render ``fmt`` into ``tmp`` and check it is complete (an interrupted ``dot`` exits 0 with
    a partial drawing): an SVG is read once, as well-formed XML that draws every node, placed,
    and every edge (:func:`_check_svg`); for other formats ``dot`` also writes the layout
    (``-Tjson0``), which must place every node; a PDF must be whole.  A composed picture's
    SVG is written from its layout (:attr:`~.arrange.Picture.svg`): no program runs."""
    if fmt == "svg" and drawn.svg is not None:
        tmp.write_bytes(drawn.svg())
        return
    if fmt == "pdf" and not engine().renders_pdf:
        with tempfile.TemporaryDirectory(prefix=f"{TEMP_PREFIX}{os.getpid()}_") as workdir:
            svg = Path(workdir) / "picture.svg"
            _render(drawn, "svg", svg, timeout)
            picture_from_svg(svg, tmp, timeout)
        _check_pdf(tmp)
        return
    program = drawn.program
    if fmt == "svg" and drawn.names and drawn.edges >= 0:
        job = LayoutJob(
            drawn.text,
            timeout,
            args=[*program[1:], "-Tsvg", "-o", str(tmp)],
            program=program[0],
            fallback=drawn.fallback,
        )
        job.run()
        raw = tmp.read_bytes()
        data = _checked_svg(job, drawn, raw)
        if data != raw:
            tmp.write_bytes(data)
        return
    _render_checked(drawn, fmt, [], tmp, timeout)
    if tmp.stat().st_size == 0:
        raise ExportError(Message.of(EMPTY, format=fmt.upper()))
    if fmt == "svg":
        raw = tmp.read_bytes()
        data = well_formed_svg(raw)
        if data != raw:
            tmp.write_bytes(data)
    elif fmt == "pdf":
        _check_pdf(tmp)


def _render_checked(drawn: Picture, fmt: str, options: list[str], tmp: Path, timeout: float | None) -> Layout:
    """Render ``fmt`` into ``tmp`` with ``options``, ``dot`` writing the layout too (``-Tjson0``);
    return that layout (its box, nodes and routed edges) once it places every node."""
    with tempfile.TemporaryDirectory(prefix=f"{TEMP_PREFIX}{os.getpid()}_") as workdir:
        layout_file = Path(workdir) / "layout.json"
        args = [*drawn.program[1:], *options, "-Tjson0", "-o", str(layout_file), f"-T{fmt}", "-o", str(tmp)]
        job = LayoutJob(drawn.text, timeout, args=args, program=drawn.program[0], fallback=drawn.fallback)
        job.run()
        drawing = drawn_outline(layout_file.read_bytes(), warnings=job.warnings())
    check_complete(drawing, drawn.text)
    return drawing


def _check_pdf(path: Path) -> None:
    """Raise ExportError unless ``path`` is a whole PDF (its header and its end marker)."""
    with open(path, "rb") as f:
        head = f.read(5)
        f.seek(max(0, path.stat().st_size - 1024))
        tail = f.read()
    if head != b"%PDF-" or b"%%EOF" not in tail:
        raise ExportError(Message.of(INCOMPLETE_PDF))


def picture_from_svg(
    svg: Path, out: Path, timeout: float | None, png: tuple[float, int] | None = None
) -> tuple[int, int] | None:
    """Draw the SVG file ``svg`` into ``out`` with Qt, in a process of its own
    (:mod:`graphviz_app.qt.svg_picture`: the core imports no Qt): a PDF, or with ``png``
    (its dpi and most pixels a side) a PNG, whose size it returns.  For what the engine cannot
    draw itself.  Raises ExportError when it fails or runs past ``timeout`` seconds."""
    package_parent = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
    command = [sys.executable, "-m", "graphviz_app.qt.svg_picture", str(svg), str(out)]
    if png is not None:
        command += ["--png", "--dpi", f"{png[0]:g}", "--max-side", str(png[1])]
    kind = "PDF" if png is None else "PNG"
    try:
        done = subprocess.run(
            command, capture_output=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired:
        raise ExportError(Message.of(PICTURE_TOO_SLOW, format=kind, seconds=f"{timeout:g}")) from None
    except OSError as exc:
        raise ExportError(Message.of(NO_PICTURE, format=kind, error=str(exc))) from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip()[-2000:] or f"exit status {done.returncode}"
        raise ExportError(Message.of(NO_PICTURE, format=kind, error=said))
    if png is None:
        return None
    width, height = (int(v) for v in done.stdout.split()[:2])
    return width, height


def _checked_svg(job: LayoutJob, drawn: Picture, raw: bytes | None = None) -> bytes:
    """Return the SVG of ``drawn`` that ``job`` (``dot -Tsvg``) wrote (``raw``; None: run
    ``job`` now, its stdout, checked while ``dot`` writes it) once :func:`_check_svg` found it
    finished."""
    reading = None
    if raw is None:
        reading = SvgReading()
        raw = job.run(reading.feed)
    if not raw:
        raise ExportError(Message.of(EMPTY, format="SVG"))
    return _check_svg(raw, drawn, job.warnings(), reading)


_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_NOT_CONTROL = bytes(c for c in range(256) if c in (0x9, 0xA, 0xD) or c >= 0x20)
"""The bytes that are no control character XML refuses (deleted, what is left is refused)."""
_REFERENCE = re.compile(r"&(?:#([0-9]{1,10})|#[xX]([0-9a-fA-F]{1,8})|([A-Za-z][A-Za-z0-9]{0,31}))?;?")
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}
_UNUSUAL_REFERENCE = re.compile(r"&(?!(?:amp|lt|gt|quot|apos|#39|#45|#160);)")
"""A reference :func:`_fix_reference` may change: any but those Graphviz writes everywhere."""


def _xml_char_ok(code: int) -> bool:
    return (
        code in (0x9, 0xA, 0xD)
        or 0x20 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )


def _fix_reference(match: re.Match[str]) -> str:
    text = match.group(0)
    if not text.endswith(";") or text == "&;":
        return "&amp;" + text[1:]
    decimal, hexadecimal, name = match.groups()
    if decimal or hexadecimal:
        code = int(decimal) if decimal else int(hexadecimal, 16)
        return text if _xml_char_ok(code) else "\ufffd"
    if name in _XML_ENTITIES:
        return text
    char = html.entities.html5.get(f"{name};")
    return html.escape(char) if char is not None else "&amp;" + text[1:]


def well_formed_svg(data: bytes) -> bytes:
    """Return Graphviz's SVG as well-formed XML whatever the names in it.

    Graphviz passes through what looks like an entity (``&nbsp;``, ``&#0;``) and control
    characters; this replaces HTML entities by their characters, invalid references and
    characters by U+FFFD and lone ``&`` by ``&amp;``.  Raises ExportError if the result still
    does not parse (or Graphviz stopped before the end of the document).
    """
    return _well_formed(data)[0]


def _well_formed(data: bytes, reading: SvgReading | None = None) -> tuple[bytes, str]:
    """:func:`well_formed_svg`, returning the checked document also as text (``reading``: the
    check already run on ``data`` as it arrived, when it found nothing to change)."""
    done = reading.finish(data) if reading is not None else None
    if done is not None:
        return data, done
    try:  # (strict UTF-8 holds no surrogate: what else XML refuses is found in the bytes, faster)
        text, changed = data.decode("utf-8"), False
        invalid = bool(data.translate(None, _NOT_CONTROL)) or b"\xef\xbf" in data  # (U+FFFE, U+FFFF)
    except UnicodeDecodeError:
        text, changed = data.decode("utf-8", "replace"), True
        invalid = True
    if invalid and _XML_INVALID.search(text):
        text, changed = _XML_INVALID.sub("\ufffd", text), True
    if _UNUSUAL_REFERENCE.search(text):  # (else every reference stays as it is)
        text, changed = _REFERENCE.sub(_fix_reference, text), True
    fixed = text.encode("utf-8") if changed else data  # (most drawings need no change)
    # checked by expat, as ElementTree parses, without building the tree
    parser = expat.ParserCreate()
    root: list[str] = []

    def first(name: str, _attrs: object) -> None:
        root.append(name)
        parser.StartElementHandler = None

    parser.StartElementHandler = first
    parser.SkippedEntityHandler = _undefined_entity
    try:
        parser.Parse(fixed, True)
    except expat.ExpatError as exc:
        raise ExportError(Message.of(BAD_SVG, error=str(exc))) from None
    if not root or not root[0].endswith("svg"):
        raise ExportError(Message.of(NOT_SVG))
    return fixed, text


def _undefined_entity(name: str, _is_parameter: int) -> None:  # as ElementTree refuses it
    raise expat.ExpatError(f"undefined entity &{name};")


_UNUSUAL_REFERENCE_BYTES = re.compile(_UNUSUAL_REFERENCE.pattern.encode("ascii"))
_REFERENCE_LENGTH = len("&#160")
"""The most bytes after which :data:`_UNUSUAL_REFERENCE` knows whether a ``&`` is unusual."""


class SvgReading:
    """The check of :func:`_well_formed`, run on an SVG while it arrives piece by piece
    (:meth:`feed`, e.g. from ``dot``'s stdout as it writes it): most of it is done once the
    last piece is in.  Whatever :func:`_well_formed` would change or refuse leaves the whole
    document to it (:meth:`finish` returns None).  Meanwhile the drawn nodes and routed edges
    :func:`_check_svg` counts are found in each run of whole groups (``</g>`` ends each; none
    of its patterns spans one)."""

    def __init__(self) -> None:
        self.size = 0
        self.clean = True
        self.nodes: list[tuple[str, str]] = []
        """(title, first shape's attributes) of each node group read (:data:`_SVG_NODE`)."""
        self.routed = 0
        """How many edge groups with a path were read (:data:`_SVG_ROUTED_EDGE`)."""
        self._unscanned = ""
        self._root = ""
        self._last = b""  # the last byte so far (U+FFFE starts b"\xef\xbf")
        self._open = b""  # a "&" so near the end that what follows decides it
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._text: list[str] = []
        self._parser = expat.ParserCreate()
        self._parser.StartElementHandler = self._first
        self._parser.SkippedEntityHandler = _undefined_entity

    def _first(self, name: str, _attrs: object) -> None:
        self._root = name
        self._parser.StartElementHandler = None

    def feed(self, piece: bytes) -> None:
        """Check the next ``piece`` of the document (never raises)."""
        self.size += len(piece)
        if not self.clean:
            return
        edge, self._last = self._last + piece[:1], piece[-1:]
        scan = self._open + piece
        amp = scan.rfind(b"&", max(0, len(scan) - _REFERENCE_LENGTH))
        scan, self._open = (scan[:amp], scan[amp:]) if amp >= 0 else (scan, b"")
        if (
            piece.translate(None, _NOT_CONTROL)
            or b"\xef\xbf" in piece
            or edge == b"\xef\xbf"
            or _UNUSUAL_REFERENCE_BYTES.search(scan)
        ):
            self.clean = False
            return
        try:
            text = self._decoder.decode(piece)
            self._parser.Parse(piece, False)
        except (UnicodeDecodeError, expat.ExpatError):
            self.clean = False
            return
        self._text.append(text)
        text = self._unscanned + text
        end = text.rfind(_GROUP_END) + len(_GROUP_END)
        if end >= len(_GROUP_END):
            self._scan(text[:end])
            text = text[end:]
        self._unscanned = text

    def _scan(self, text: str) -> None:
        self.nodes.extend(_SVG_NODE.findall(text))
        self.routed += len(_SVG_ROUTED_EDGE.findall(text))

    def finish(self, data: bytes) -> str | None:
        """Return ``data`` as text when the pieces were ``data`` and it is a well-formed SVG that
        needs no change; None when :func:`_well_formed` must look at it whole."""
        if not self.clean or self.size != len(data) or _UNUSUAL_REFERENCE_BYTES.search(self._open):
            return None
        try:
            self._text.append(self._decoder.decode(b"", True))
            self._parser.Parse(b"", True)
        except (UnicodeDecodeError, expat.ExpatError):
            return None
        finally:
            self.clean = False  # (used once)
        if not self._root.endswith("svg"):
            return None
        self._scan(self._unscanned)
        self.complete = True
        return "".join(self._text)

    complete = False
    """True once :meth:`finish` returned the text: :attr:`nodes` and :attr:`routed` are its."""


_SVG_NODE = re.compile(r'<g id="[^"]*" class="node(?: [^"]*)?">\n<title>([^<]*)</title>\n<\w+ ([^>]*)>')
"""A node's group as Graphviz writes it: its name (the title) and its first shape's attributes."""
_SVG_ROUTED_EDGE = re.compile(r'<g id="[^"]*" class="edge(?: [^"]*)?">\n<title>[^<]*</title>\n<path ')
"""An edge's group with its spline (an edge ``dot`` did not route is not drawn at all)."""
_GROUP_END = "</g>\n"
_SVG_VIEWBOX = re.compile(r'<svg [^>]*?viewBox="[-0-9.]+ [-0-9.]+ ([-0-9.]+) ([-0-9.]+)"')


def _check_svg(
    data: bytes, drawn: Picture, warnings: tuple[str, ...], reading: SvgReading | None = None
) -> bytes:
    """Return ``dot``'s SVG of ``drawn`` as well-formed XML (:func:`well_formed_svg`) once it
    is known to be the finished drawing: every node of the text drawn once (no other), placed
    (the drawing has a size, its nodes are not all in one place), and every visible edge routed
    unless ``dot`` said it gave one up (its ``warnings``).  ``reading``: the well-formedness
    checked while ``data`` arrived.  Raises ExportError or LayoutError."""
    fixed, text = _well_formed(data, reading)
    scanned = reading is not None and reading.complete
    nodes = reading.nodes if reading is not None and scanned else _SVG_NODE.findall(text)
    names = {decode_id(html.unescape(title) if "&" in title else title) for title, _ in nodes}
    if len(names) != len(nodes) or names != drawn.names:
        spaced = {name.replace("\xa0", " ") for name in names}  # Graphviz writes "  " as " &#160;"
        if len(spaced) != len(nodes) or spaced != {name.replace("\xa0", " ") for name in drawn.names}:
            raise LayoutError(Message.of(STOPPED_PLACING))
    box = _SVG_VIEWBOX.search(text)
    if len(nodes) > 1 and (
        box is None
        or float(box.group(1)) <= 2 * PAD
        or float(box.group(2)) <= 2 * PAD
        or len({shape for _, shape in nodes}) == 1
    ):
        raise LayoutError(Message.of(STOPPED_POSITIONING))
    routed = reading.routed if reading is not None and scanned else len(_SVG_ROUTED_EDGE.findall(text))
    if not warnings and routed < drawn.edges:
        # (dot warns when it gives up routing an edge; silence means it was stopped)
        raise LayoutError(Message.of(STOPPED_ROUTING))
    return fixed


TEMP_PREFIX = "graphviz_app_"
"""Temporary folders of an export are ``graphviz_app_<pid>_*`` in the system's temp folder."""


def remove_stale_temp_folders(base: str | Path | None = None) -> int:
    """Remove the temporary folders killed exports left (``graphviz_app_<pid>_*`` whose process
    is gone) from ``base`` (default: the system's temp folder); return how many."""
    base = Path(base or tempfile.gettempdir())
    removed = 0
    pattern = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)_")
    try:
        entries = list(os.scandir(base))
    except OSError:
        return 0
    for entry in entries:
        match = pattern.match(entry.name)
        if not match or int(match.group(1)) == os.getpid() or _pid_alive(int(match.group(1))):
            continue
        try:  # another export may remove its own folder between the listing and here
            if not entry.is_dir(follow_symlinks=False) or (
                hasattr(os, "getuid") and entry.stat(follow_symlinks=False).st_uid != os.getuid()
            ):
                continue
        except FileNotFoundError:
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        removed += 1
    return removed


def png_size(path: Path) -> tuple[int, int]:
    """Return ``(width, height)`` of a PNG file from its header."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or not head.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ExportError(Message.of(BAD_PNG, name=path.name))
    return struct.unpack(">II", head[16:24])


def _render_png(drawn: Picture, tmp: Path, scale: float, timeout: float | None) -> list[Message]:
    """Render a PNG at ``96 * scale`` dpi in one ``dot`` run, capped at PNG_MAX_SIDE px a side.

    ``dot`` also writes the layout (``-Tjson0``), whose bounding box tells whether the cap (a
    ``size`` attribute: Graphviz scales the drawing down to fit) shrank the image.
    """
    dpi = BASE_DPI * scale
    cap_inches = PNG_MAX_SIDE / dpi
    if not engine().renders_pdf and needs_system_fonts(drawn.text):
        # the packaged engine's fonts have no such glyphs: Qt draws its SVG with the system's
        with tempfile.TemporaryDirectory(prefix=f"{TEMP_PREFIX}{os.getpid()}_") as workdir:
            svg = Path(workdir) / "picture.svg"
            _render(drawn, "svg", svg, timeout)
            head = svg.read_bytes()[:4096].decode("utf-8", "replace")
            drawn_size = picture_from_svg(svg, tmp, timeout, png=(dpi, PNG_MAX_SIDE))
        assert drawn_size is not None
        box = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', head)
        points = (float(box.group(1)), float(box.group(2))) if box else (0.0, 0.0)
        return _scaled_notice(drawn_size, (round(points[0] * dpi / 72), round(points[1] * dpi / 72)), dpi)
    options = [f"-Gdpi={dpi:g}", f"-Gsize={cap_inches:.4f},{cap_inches:.4f}"]
    drawing = _render_checked(drawn, "png", options, tmp, timeout)
    full = (
        round((drawing.width + 2 * PAD) * dpi / 72),
        round((drawing.height + 2 * PAD) * dpi / 72),
    )
    return _scaled_notice(png_size(tmp), full, dpi)


def _scaled_notice(size: tuple[int, int], full: tuple[int, int], dpi: float) -> list[Message]:
    """The notice for a PNG of ``size`` px that would be ``full`` px at ``dpi`` (none when it fits)."""
    (width, height), (full_w, full_h) = size, full
    if max(full_w, full_h) <= PNG_MAX_SIDE:
        return []
    effective = dpi * max(width, height) / max(full_w, full_h)
    scaled = Message.of(
        SCALED_DOWN,
        full=f"{full_w:,}×{full_h:,}",
        dpi=f"{dpi:g}",
        size=f"{width:,}×{height:,}",
        effective=f"{effective:.3g}",
    )
    small = Message.of(TOO_SMALL) if effective < 48 else ""
    return [Message.joined(scaled, small, Message.of(SHARPER))]
