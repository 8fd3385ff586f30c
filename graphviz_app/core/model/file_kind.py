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

from . import limits

SCRIPT_SUFFIXES = (".py",)
GRAPH_SUFFIXES = (".json",)
GRAPHVIZ_SUFFIXES = (".dot", ".gv")

Kind = Literal["script", "graph", "refused"]


@dataclass(frozen=True)
class FileKind:
    """The decision for one path: ``kind`` is ``"script"`` (run it), ``"graph"`` (read it as a
    saved graph) or ``"refused"``; ``message`` says what will happen, or why nothing will."""

    kind: Kind
    path: Path
    message: str

    @property
    def refused(self) -> bool:
        return self.kind == "refused"


def special_kind(mode: int) -> str:
    """Return what a file that is not regular is, in words (``"a FIFO (named pipe)"``)."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def classify_path(path: str | Path, *, run_anyway: bool = False) -> FileKind:
    """Return what opening ``path`` does (nothing is read or run here; the file's existence,
    type and, for a script, size are checked: a FIFO or device is never opened).

    ``run_anyway`` is the user's explicit choice to run a file whose name does not end in
    ``.py`` as a Python script; a ``.json`` file is read as a graph even then.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if not path.exists():
        return FileKind("refused", path, f"No such file: {path}.")
    if path.is_dir():
        return FileKind(
            "refused",
            path,
            f"{path} is a folder: choose a .py script or a .json graph saved by graphviz_app.",
        )
    try:
        info = path.stat()
    except OSError as exc:
        return FileKind("refused", path, f"{path}: cannot be read ({exc.strerror or exc}).")
    if not stat.S_ISREG(info.st_mode):
        return FileKind(
            "refused",
            path,
            (
                f"{path} is {special_kind(info.st_mode)}, not a regular file: it was not read or "
                "run. Choose a .py script or a .json graph saved by graphviz_app."
            ),
        )
    if suffix not in GRAPH_SUFFIXES and info.st_size > limits.MAX_SOURCE_BYTES:
        return FileKind(
            "refused",
            path,
            (
                f"{path} holds {info.st_size:,} bytes, more than the {limits.MAX_SOURCE_BYTES:,} "
                "bytes of a script graphviz_app runs: it was not run."
            ),
        )
    if suffix in GRAPH_SUFFIXES:
        return FileKind("graph", path, f"{path.name} is a saved graph: it is read, no code runs.")
    if suffix in SCRIPT_SUFFIXES:
        return FileKind(
            "script", path, f"{path.name} is a Python script: it runs in a separate worker process."
        )
    if run_anyway:
        return FileKind(
            "script",
            path,
            f"{path.name} runs as a Python script, as you asked, although its name does not end in .py.",
        )
    if suffix in GRAPHVIZ_SUFFIXES:
        return FileKind(
            "refused",
            path,
            (
                f"{path}: graphviz_app reads graphs it saved as .json; a {suffix} file is Graphviz "
                "text, not a script; it was not run. Open the .py script the graph came from, or "
                "its .json export."
            ),
        )
    shown = f"a '{path.suffix}' file" if path.suffix else "a file without a suffix"
    return FileKind(
        "refused",
        path,
        (
            f"{path}: {shown} is not a Python script or a saved graph; it was not run. graphviz_app runs "
            ".py scripts and reads .json graphs it saved. To run it as Python anyway, rename it "
            "to .py (or pass --run-as-python to the command line)."
        ),
    )
