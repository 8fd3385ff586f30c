"""What a file given to the app is, and so what opening it does: run it, read it, or refuse it.

Only a ``.py`` file is ever run; a ``.json`` file is read as a saved graph (no code runs); a
``.dot``/``.gv`` file (Graphviz text, one of the app's own export formats) and anything else
are refused with a message ("not a Python script or a saved graph"), so a received ``graph.dot`` or a suffix-less file never runs with
the user's rights.  The user may still choose to run a file of another name as Python
(``run_anyway``, e.g. the CLI's ``--run-as-python``): the decision then says so.  The CLI, the
window's File ▸ Open, Recent files, drag and drop and the command line all ask
:func:`classify_path`.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ...wire.message import QT_TRANSLATE_NOOP, Message, Template, Value
from . import limits

SCRIPT_SUFFIXES = (".py",)
GRAPH_SUFFIXES = (".json",)
GRAPHVIZ_SUFFIXES = (".dot", ".gv")

Kind = Literal["script", "graph", "refused"]

NO_SUCH_FILE = QT_TRANSLATE_NOOP("Explanation", "No such file: {path}.")
A_FOLDER = QT_TRANSLATE_NOOP(
    "Explanation", "{path} is a folder: choose a .py script or a .json graph saved by graphviz_app."
)
UNREADABLE = QT_TRANSLATE_NOOP("Explanation", "{path}: cannot be read ({reason}).")
SPECIAL = QT_TRANSLATE_NOOP(
    "Explanation",
    "{path} is {special}, not a regular file: it was not read or run. Choose "
    "a .py script or a .json graph saved by graphviz_app.",
)
TOO_BIG = QT_TRANSLATE_NOOP(
    "Explanation",
    "{path} holds {size} bytes, more than the {limit} bytes of a script graphviz_app runs: it was not run.",
)
A_GRAPH = QT_TRANSLATE_NOOP("Explanation", "{name} is a saved graph: it is read, no code runs.")
A_SCRIPT = QT_TRANSLATE_NOOP(
    "Explanation", "{name} is a Python script: it runs in a separate worker process."
)
RUN_ANYWAY = QT_TRANSLATE_NOOP(
    "Explanation", "{name} runs as a Python script, as you asked, although its name does not end in .py."
)
GRAPHVIZ_TEXT = QT_TRANSLATE_NOOP(
    "Explanation",
    "{path}: graphviz_app reads graphs it saved as .json; a {suffix} file is "
    "Graphviz text, not a script; it was not run. Open the .py script the "
    "graph came from, or its .json export.",
)
UNKNOWN = QT_TRANSLATE_NOOP(
    "Explanation",
    "{path}: {shown} is not a Python script or a saved graph; it was not "
    "run. graphviz_app runs .py scripts and reads .json graphs it saved. "
    "To run it as Python anyway, rename it to .py (or pass "
    "--run-as-python to the command line).",
)
SUFFIX = QT_TRANSLATE_NOOP("Explanation", "a '{suffix}' file")
NO_SUFFIX = QT_TRANSLATE_NOOP("Explanation", "a file without a suffix")
FIFO = QT_TRANSLATE_NOOP("Explanation", "a FIFO (named pipe)")
DEVICE = QT_TRANSLATE_NOOP("Explanation", "a device")
SOCKET = QT_TRANSLATE_NOOP("Explanation", "a socket")
NOT_REGULAR = QT_TRANSLATE_NOOP("Explanation", "not a regular file")


@dataclass(frozen=True)
class FileKind:
    """The decision for one path: ``kind`` is ``"script"`` (run it), ``"graph"`` (read it as a
    saved graph) or ``"refused"``; ``message`` says what will happen, or why nothing will."""

    kind: Kind
    path: Path
    message: Message

    @property
    def refused(self) -> bool:
        return self.kind == "refused"


def special_kind(mode: int) -> Message:
    """Return what a file that is not regular is, in words (``"a FIFO (named pipe)"``)."""
    if stat.S_ISFIFO(mode):
        return Message.of(FIFO)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Message.of(DEVICE)
    if stat.S_ISSOCK(mode):
        return Message.of(SOCKET)
    return Message.of(NOT_REGULAR)


def classify_path(path: str | Path, *, run_anyway: bool = False) -> FileKind:
    """Return what opening ``path`` does (nothing is read or run here; the file's existence,
    type and, for a script, size are checked: a FIFO or device is never opened).

    ``run_anyway`` is the user's explicit choice to run a file whose name does not end in
    ``.py`` as a Python script; a ``.json`` file is read as a graph even then.
    """
    path = Path(path)
    suffix = path.suffix.lower()

    def refused(template: Template, **values: Value) -> FileKind:
        return FileKind("refused", path, Message.of(template, path=str(path), **values))

    if not path.exists():
        return refused(NO_SUCH_FILE)
    if path.is_dir():
        return refused(A_FOLDER)
    try:
        info = path.stat()
    except OSError as exc:
        return refused(UNREADABLE, reason=str(exc.strerror or exc))
    if not stat.S_ISREG(info.st_mode):
        return refused(SPECIAL, special=special_kind(info.st_mode))
    if suffix not in GRAPH_SUFFIXES and info.st_size > limits.MAX_SOURCE_BYTES:
        return refused(TOO_BIG, size=f"{info.st_size:,}", limit=f"{limits.MAX_SOURCE_BYTES:,}")
    if suffix in GRAPH_SUFFIXES:
        return FileKind("graph", path, Message.of(A_GRAPH, name=path.name))
    if suffix in SCRIPT_SUFFIXES:
        return FileKind("script", path, Message.of(A_SCRIPT, name=path.name))
    if run_anyway:
        return FileKind("script", path, Message.of(RUN_ANYWAY, name=path.name))
    if suffix in GRAPHVIZ_SUFFIXES:
        return refused(GRAPHVIZ_TEXT, suffix=suffix)
    return refused(
        UNKNOWN, shown=Message.of(SUFFIX, suffix=path.suffix) if path.suffix else Message.of(NO_SUFFIX)
    )
