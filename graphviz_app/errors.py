"""Typed, user-facing errors: each names the cause and the fix in the user's terms.

Each error holds its words as a :class:`~graphviz_app.wire.message.Message` (``.message``): the
CLI and logs print its English (``str(error)``), the window translates it where it is shown. The
base class and the errors that cross the wire from the worker (a script's failure, a bad
setting) are in :mod:`graphviz_app.wire.errors`; these are the app's own.
"""

from __future__ import annotations

from .message_reader import read_message
from .wire.errors import GraphvizAppError, ScriptError
from .wire.message import QT_TRANSLATE_NOOP, Message

NOT_FOUND = QT_TRANSLATE_NOOP(
    "Explanation",
    "No Graphviz engine was found: neither Graphviz's 'dot' on PATH nor the packaged engine "
    "(the Python package graphviz-pure, for {python}). Install the packaged one: 'pip install "
    "graphviz-pure' (Windows, macOS, Linux), or Graphviz: 'sudo apt-get install graphviz' "
    "(Debian/Ubuntu), 'brew install graphviz' (macOS), 'conda install -c conda-forge graphviz'.",
)
NO_SYSTEM_DOT = QT_TRANSLATE_NOOP(
    "Explanation",
    "Graphviz's 'dot' program was not found on PATH, and the engine setting is 'system'. Install "
    "Graphviz: 'sudo apt-get install graphviz' (Debian/Ubuntu), 'brew install graphviz' (macOS), "
    "'conda install -c conda-forge graphviz'; or choose the packaged engine (--engine packaged, "
    "or Preferences).",
)
NO_PACKAGED = QT_TRANSLATE_NOOP(
    "Explanation",
    "The packaged Graphviz engine (the Python package graphviz-pure) is not installed for "
    "{python}, and the engine setting is 'packaged'. Install it: 'pip install graphviz-pure' "
    "(Windows x64, macOS, Linux x86-64 and aarch64); or choose the system engine (--engine "
    "system, or Preferences) with Graphviz installed.",
)
FILE_ERROR = QT_TRANSLATE_NOOP(
    "Explanation",
    "{path}: {headline}: {field} must be {expected}{seen}. The file is "
    "damaged or was not written by graphviz_app; nothing was run. Export "
    "the graph again from its script, or open the script itself.",
)
CANNOT_OPEN = QT_TRANSLATE_NOOP("Explanation", "cannot open this saved graph")
FOUND = QT_TRANSLATE_NOOP("Explanation", ", found {found}")
SCRIPT_FAILED = QT_TRANSLATE_NOOP("Explanation", "The script failed.")


def script_error_from_dict(data: dict[str, object]) -> ScriptError:
    """Rebuild a :class:`~graphviz_app.wire.errors.ScriptError` from its ``to_dict()`` form, as
    the worker sends it: its message is read as :func:`~graphviz_app.message_reader.read_message`
    reads any message from another process."""
    return ScriptError(
        str(data.get("kind") or "exception"),
        read_message(data.get("message") or Message.of(SCRIPT_FAILED).to_wire()),
        file=data.get("file"),  # type: ignore[arg-type]
        line=data.get("line"),  # type: ignore[arg-type]
        user_traceback=data.get("traceback"),  # type: ignore[arg-type]
    )


class GraphvizNotFoundError(GraphvizAppError):
    """No Graphviz engine of the kind ``choice`` asks for (``auto``, ``system`` or ``packaged``)
    is installed; ``python`` is the interpreter whose packages were searched."""

    def __init__(self, choice: str = "auto", python: str = "") -> None:
        python = python or "this Python"
        if choice == "system":
            message = Message.of(NO_SYSTEM_DOT)
        else:
            message = Message.of(NO_PACKAGED if choice == "packaged" else NOT_FOUND, python=python)
        super().__init__(message)
        self.choice = choice


class LayoutError(GraphvizAppError):
    """Graphviz failed or was stopped while laying out a graph."""


class ExportError(GraphvizAppError):
    """A graph could not be written to the requested file."""


class ColorModeError(GraphvizAppError, ValueError):
    """A colour mode was asked for by a key that names none (``core.view.colors.COLOR_MODE_SPECS``)."""


class AnswerError(GraphvizAppError, ValueError):
    """A gradient typed as an answer (``core.view.exercise``) is not a number or a list of
    numbers; the message names what is wrong and how to write it."""


class GraphFileError(GraphvizAppError):
    """A saved graph (or another file the app reads as data) is malformed or too big.

    ``path`` is the file, ``field`` where in it the problem is (``"nodes[3].shape"``) and
    ``expected`` what that place must hold; the message says all three and the fix.
    """

    def __init__(
        self,
        path: str,
        field: str,
        expected: str,
        found: str | None = None,
        *,
        headline: Message | None = None,
    ) -> None:
        super().__init__(
            Message.of(
                FILE_ERROR,
                path=path,
                headline=headline or Message.of(CANNOT_OPEN),
                field=field,
                expected=expected,
                seen=Message.of(FOUND, found=found) if found else "",
            )
        )
        self.path = path
        self.field = field
        self.expected = expected
