"""Typed, user-facing errors: each names the cause and the fix in the user's terms.

Each error holds its words as a :class:`~graphviz_app.message.Message` (``.message``): the CLI
and logs print its English (``str(error)``), the window translates it where it is shown.
"""

from __future__ import annotations

from .message import QT_TRANSLATE_NOOP, Message

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


EXCEPTION_TEXT_LIMIT = 1000
"""Most characters of an exception's own words kept in a message (torch may print whole tensors)."""


def exception_text(exc: BaseException, *, with_type: bool = False) -> str:
    """The first line of ``exc``'s text (its type's name when it has none), shortened to
    :data:`EXCEPTION_TEXT_LIMIT` characters: the one place an exception's words are cut before
    they become a message's value. ``with_type``: ``"RuntimeError: ..."``."""
    text = str(exc).strip()
    line = text.splitlines()[0] if text else type(exc).__name__
    if len(line) > EXCEPTION_TEXT_LIMIT:
        line = f"{line[:EXCEPTION_TEXT_LIMIT]}… ({len(line) - EXCEPTION_TEXT_LIMIT:,} more characters)"
    return f"{type(exc).__name__}: {line}" if with_type and text else line


def as_message(message: Message | str) -> Message:
    """``message`` as a :class:`Message`: plain text (from an older sender) is kept verbatim."""
    return message if isinstance(message, Message) else Message.verbatim(message)


class GraphvizAppError(Exception):
    """Base class of every error the app reports to a user.

    ``message`` is a :class:`Message` (a plain ``str`` is kept verbatim); ``str(error)`` is its
    English text.
    """

    def __init__(self, message: Message | str) -> None:
        self.message: Message = as_message(message)
        super().__init__(str(self.message))

    def __str__(self) -> str:
        return self.message.english()


class ScriptError(GraphvizAppError):
    """The user's script could not be captured.

    ``kind`` is a short machine-readable cause (``"exception"``, ``"syntax"``, ``"no_graph"``,
    ``"timeout"``, ``"crash"``...), ``file``/``line`` point into the user's script where known and
    ``user_traceback`` is the user's own traceback (app frames removed), or ``None``.
    """

    def __init__(
        self,
        kind: str,
        message: Message | str,
        *,
        file: str | None = None,
        line: int | None = None,
        user_traceback: str | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.file = file
        self.line = line
        self.user_traceback = user_traceback
        self.output = ""
        """What the script printed before it failed (stdout and stderr interleaved)."""

    def to_dict(self) -> dict[str, object]:
        """Return the plain form sent between processes."""
        return {
            "kind": self.kind,
            "message": self.message.to_wire(),
            "file": self.file,
            "line": self.line,
            "traceback": self.user_traceback,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> ScriptError:
        """Rebuild an error from :meth:`to_dict`'s output."""
        return cls(
            str(data.get("kind") or "exception"),
            Message.from_wire(data.get("message") or Message.of(SCRIPT_FAILED).to_wire()),
            file=data.get("file"),  # type: ignore[arg-type]
            line=data.get("line"),  # type: ignore[arg-type]
            user_traceback=data.get("traceback"),  # type: ignore[arg-type]
        )

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else ""
        return f"{where}{self.message.english()}"


class SettingError(GraphvizAppError):
    """An environment variable the app reads holds a value it cannot use.

    ``variable`` is its name and ``value`` what it holds; the message names both and the fix.
    """

    def __init__(self, variable: str, value: str, message: Message | str) -> None:
        super().__init__(message)
        self.variable = variable
        self.value = value


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
