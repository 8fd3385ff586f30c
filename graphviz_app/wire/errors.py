"""The typed errors that cross the wire: the base of every user-facing error, the script's
failure the worker reports, and a setting that holds a value the app cannot use.

Each error holds its words as a :class:`~graphviz_app.wire.message.Message` (``.message``): the
CLI and logs print its English (``str(error)``), the window translates it where it is shown. The
app's other errors (:mod:`graphviz_app.errors`) build on :class:`GraphvizAppError`. Standard
library only: the worker raises these under the user's Python.
"""

from __future__ import annotations

from .message import Message

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
    ``user_traceback`` is the user's own traceback (app frames removed), or ``None``. The app
    rebuilds one the worker sent with :func:`graphviz_app.errors.script_error_from_dict`.
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
