"""Typed, user-facing errors: each names the cause and the fix in the user's terms."""

from __future__ import annotations


class GraphvizAppError(Exception):
    """Base class of every error the app reports to a user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ScriptError(GraphvizAppError):
    """The user's script could not be captured.

    ``kind`` is a short machine-readable cause (``"exception"``, ``"syntax"``, ``"no_graph"``,
    ``"timeout"``, ``"crash"``...), ``file``/``line`` point into the user's script where known and
    ``user_traceback`` is the user's own traceback (app frames removed), or ``None``.
    """

    def __init__(
        self,
        kind: str,
        message: str,
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
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "traceback": self.user_traceback,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> ScriptError:
        """Rebuild an error from :meth:`to_dict`'s output."""
        return cls(
            str(data.get("kind") or "exception"),
            str(data.get("message") or "The script failed."),
            file=data.get("file"),  # type: ignore[arg-type]
            line=data.get("line"),  # type: ignore[arg-type]
            user_traceback=data.get("traceback"),  # type: ignore[arg-type]
        )

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else ""
        return f"{where}{self.message}"


class SettingError(GraphvizAppError):
    """An environment variable the app reads holds a value it cannot use.

    ``variable`` is its name and ``value`` what it holds; the message names both and the fix.
    """

    def __init__(self, variable: str, value: str, message: str) -> None:
        super().__init__(message)
        self.variable = variable
        self.value = value


class GraphvizNotFoundError(GraphvizAppError):
    """Graphviz's ``dot`` program is not installed."""

    def __init__(self) -> None:
        super().__init__(
            "Graphviz's 'dot' program was not found on PATH. Install Graphviz: "
            "'sudo apt-get install graphviz' (Debian/Ubuntu), 'brew install graphviz' (macOS)."
        )


class LayoutError(GraphvizAppError):
    """Graphviz failed or was stopped while laying out a graph."""


class ExportError(GraphvizAppError):
    """A graph could not be written to the requested file."""


class ColorModeError(GraphvizAppError, ValueError):
    """A colour mode was asked for by a key that names none (``core.view.colors.COLOR_MODE_SPECS``)."""


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
        headline: str = "cannot open this saved graph",
    ) -> None:
        seen = f", found {found}" if found else ""
        super().__init__(
            f"{path}: {headline}: {field} must be {expected}{seen}. "
            "The file is damaged or was not written by graphviz_app; nothing was run. "
            "Export the graph again from its script, or open the script itself."
        )
        self.path = path
        self.field = field
        self.expected = expected
