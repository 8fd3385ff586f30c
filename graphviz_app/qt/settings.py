"""What the app remembers between sessions (QSettings): recent files, window layout, preferences."""

from __future__ import annotations

import hashlib
import math
import os
import shlex
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Literal, TypeVar

from PySide6.QtCore import QByteArray, QSettings

from ..capture.interpreter import IN_PREFERENCES, Interpreter, find_interpreter
from ..core.graphviz.cost import WINDOW_BUDGET
from ..core.graphviz.engine import CHOICES
from ..core.view.colors import COLOR_MODES
from ..core.view.display import LABEL_DETAILS, RANKDIRS
from ..wire.message import QT_TRANSLATE_NOOP, Message
from ..wire.run_options import MAX_HEALTH_STEPS, RunOptions
from .i18n import LANGUAGES
from .theme import THEMES

T = TypeVar("T", bound=str)
V = TypeVar("V")
MAX_RECENT = 10
DEFAULT_TIMEOUT = 120.0
DEFAULT_LAYOUT_BUDGET = WINDOW_BUDGET
WorkingFolder = Literal["script", "start", "chosen"]
WORKING_FOLDERS: tuple[WorkingFolder, ...] = ("script", "start", "chosen")
"""Where a script runs: its own folder (the default), the folder the app started in, a chosen one."""
SCRIPT_PYTHON_REASON = Message.of(QT_TRANSLATE_NOOP("Explanation", "chosen in Preferences for this script"))
DEFAULT_PYTHON_REASON = Message.of(QT_TRANSLATE_NOOP("Explanation", "the default in Preferences"))


def _start_folder() -> Path:
    try:
        return Path.cwd()
    except OSError:  # started in a folder that was removed since
        return Path.home()


START_FOLDER = _start_folder()
"""The folder the app started in."""


def _preference(
    key: str, default: V, choices: tuple[V, ...] = (), doc: str | None = None
) -> tuple[Callable[[Settings], V], Callable[[Settings, V], None]]:
    """The getter and setter of one stored preference: an on/off switch (a ``bool`` default) or
    one of ``choices``; a stored value that is neither reads as ``default``."""

    def get(self: Settings) -> V:
        if isinstance(default, bool):
            return self._bool(key, default)  # type: ignore[return-value]  # V is bool here
        return self._choice(key, choices, default)  # type: ignore[type-var]  # V is a str type here

    def put(self: Settings, value: V) -> None:
        self._s.setValue(key, value)

    get.__doc__ = doc
    return get, put


class Settings:
    """Typed accessors over ``QSettings``; every value has a default and survives bad stored data.

    The organization/application names set on the QCoreApplication pick the storage, so tests
    isolate it by setting ``QSettings.setPath`` and a fresh organization name.
    """

    def __init__(self, settings: QSettings | None = None) -> None:
        self._s = settings if settings is not None else QSettings()

    # -- recent files -------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        """Return remembered paths, newest first, without duplicates."""
        value = self._s.value("recent/files", [])
        if isinstance(value, str):
            value = [value] if value else []
        if not isinstance(value, (list, tuple)):
            return []
        return [_read_path(str(v)) for v in value if v][:MAX_RECENT]

    def add_recent(self, path: str | Path) -> list[str]:
        """Put ``path`` first in the recent list; return the new list."""
        text = str(Path(path).resolve())
        files = [text] + [f for f in self.recent_files() if f != text]
        self._set_recent(files[:MAX_RECENT])
        return files[:MAX_RECENT]

    def remove_recent(self, path: str) -> None:
        """Forget one recent path (e.g. a file that no longer exists)."""
        self._set_recent([f for f in self.recent_files() if f != path])

    def _set_recent(self, files: list[str]) -> None:
        self._s.setValue("recent/files", [_stored_path(f) for f in files])

    def clear_recent(self) -> None:
        self._s.setValue("recent/files", [])

    # -- window ---------------------------------------------------------------------------------
    def geometry(self) -> QByteArray | None:
        value = self._s.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def window_state(self) -> QByteArray | None:
        value = self._s.value("window/state")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def save_window(self, geometry: QByteArray, state: QByteArray) -> None:
        self._s.setValue("window/geometry", geometry)
        self._s.setValue("window/state", state)

    # -- preferences ----------------------------------------------------------------------------
    def _text(self, key: str, default: str) -> str:
        value = self._s.value(key, default)
        return str(value) if value not in (None, "") else default

    def _bool(self, key: str, default: bool) -> bool:
        value = self._s.value(key, default)
        return value.lower() in ("1", "true", "yes") if isinstance(value, str) else bool(value)

    def _choice(self, key: str, choices: tuple[T, ...], default: T) -> T:
        """The stored value of ``key`` when it is one of ``choices``, else ``default``."""
        value = self._text(key, str(default))
        return next((choice for choice in choices if choice == value), default)

    def _set_or_remove(self, key: str, value: object, keep: bool) -> None:
        """Store ``value`` under ``key`` when ``keep``, else forget the key (its default holds)."""
        if keep:
            self._s.setValue(key, value)
        else:
            self._s.remove(key)

    def _float(self, key: str, default: float) -> float:
        value = self._s.value(key, default)
        try:
            return float(value)  # type: ignore[arg-type]  # QSettings may hand back any type
        except (TypeError, ValueError):
            return default

    color_mode, set_color_mode = _preference("view/color_mode", "device", COLOR_MODES)
    theme, set_theme = _preference("view/theme", "system", THEMES)
    label_detail, set_label_detail = _preference(
        "view/label_detail",
        "shapes",
        LABEL_DETAILS,
        'What node labels say: "names", "shapes" or "everything".',
    )
    rankdir, set_rankdir = _preference(
        "view/rankdir", "TB", RANKDIRS, 'View ▸ Left to Right: "LR", or "TB" (top to bottom).'
    )
    legend_shown, set_legend_shown = _preference(
        "view/legend", True, doc="View ▸ Show Legend: the strip under the graph."
    )
    minimap_shown, set_minimap_shown = _preference(
        "view/minimap", True, doc="View ▸ Show Minimap (it still hides while the whole graph is in sight)."
    )
    live_reload, set_live_reload = _preference("run/live_reload", True)
    run_backward, set_run_backward = _preference("run/backward", False)
    split_hubs, set_split_hubs = _preference("view/split_hubs", True)
    run_to_end, set_run_to_end = _preference(
        "run/run_to_end",
        False,
        doc="Let a script run on after its captured backward() (False: stop right after it).",
    )
    readable_first_view, set_readable_first_view = _preference(
        "view/readable_first_view",
        True,
        doc="Open a graph of more than a few hundred nodes collapsed to the depth readable at the window's size "
        "(core.view.first_view); off: at the detail the cost model allows.",
    )
    working_folder_mode, set_working_folder_mode = _preference(
        "run/working_folder", "script", WORKING_FOLDERS
    )
    engine, set_engine = _preference(
        "layout/engine",
        "auto",
        CHOICES,
        'The Graphviz engine (core.graphviz.engine): "auto", "system" or "packaged".',
    )
    language, set_language = _preference(
        "view/language", "system", LANGUAGES, '"system" (follow the locale), "en" or "ko".'
    )

    def timeout(self) -> float:
        """Seconds a script may run before it is stopped."""
        value = self._float("run/timeout", DEFAULT_TIMEOUT)
        return value if math.isfinite(value) and value > 0 else DEFAULT_TIMEOUT

    def set_timeout(self, seconds: float) -> None:
        self._s.setValue("run/timeout", float(seconds))

    def last_dir(self) -> str:
        return self._text("files/last_dir", str(Path.home()))

    def set_last_dir(self, folder: str | Path) -> None:
        self._s.setValue("files/last_dir", str(folder))

    def export_dir(self) -> Path | None:
        """The folder of the last export (None before the first)."""
        value = self._text("export/dir", "")
        return Path(value) if value else None

    def set_export_dir(self, folder: str | Path) -> None:
        self._s.setValue("export/dir", str(folder))

    def png_scale(self) -> float:
        value = self._float("export/png_scale", 2.0)
        return value if 0.1 <= value <= 10 else 2.0

    def set_png_scale(self, scale: float) -> None:
        self._s.setValue("export/png_scale", float(scale))

    def health(self) -> int:
        """Over how many backward() calls a run records gradient health (0: off)."""
        value = int(self._float("run/health", 0))
        return value if 0 <= value <= MAX_HEALTH_STEPS else 0

    def set_health(self, steps: int) -> None:
        self._set_or_remove("run/health", int(steps), steps > 0)

    def backward_call(self, script: str | Path) -> int:
        """Which backward()/autograd.grad() call of ``script`` to capture (1: the first)."""
        value = self._float(f"backward_call/{_key(script)}", 1)
        return max(1, int(value))

    def set_backward_call(self, script: str | Path, call: int) -> None:
        self._set_or_remove(f"backward_call/{_key(script)}", int(call), call > 1)

    def grad_graphs(self, script: str | Path) -> bool:
        """Whether ``script``'s torch.autograd.grad(create_graph=True) calls are counted among
        its backward calls, the one captured drawn as the graph of the gradients it returned."""
        return self._bool(f"grad_graphs/{_key(script)}", False)

    def set_grad_graphs(self, script: str | Path, on: bool) -> None:
        self._set_or_remove(f"grad_graphs/{_key(script)}", True, on)

    def arguments(self, script: str | Path) -> str:
        """The command-line arguments ``script`` is run with (its ``sys.argv[1:]``), as typed:
        shell words, split by :func:`split_arguments`."""
        return self._text(f"arguments/{_key(script)}", "")

    def set_arguments(self, script: str | Path, text: str) -> None:
        # as typed: a trailing escaped space (`a\ `) is a word's
        self._set_or_remove(f"arguments/{_key(script)}", text, bool(text.strip()))

    def run_options(self, script: str | Path, *, backward: bool = False) -> RunOptions:
        """The options of a run of ``script`` (``backward``: run backward on its outputs); raises
        ValueError when its arguments cannot be split. The interpreter is the runner's choice:
        :meth:`interpreter`."""
        return RunOptions(
            timeout=self.timeout(),
            backward=backward,
            backward_call=self.backward_call(script),
            grad_graphs=self.grad_graphs(script),
            run_to_end=self.run_to_end(),
            argv=tuple(split_arguments(self.arguments(script))),
            health=self.health(),
            cwd=str(self.working_folder(script)),
        )

    # -- the interpreter and the working folder --------------------------------------------------
    def python(self, script: str | Path | None = None) -> str:
        """The interpreter chosen for ``script`` in Preferences ("" for none); without a script,
        the default for every script."""
        key = f"python/{_key(script)}" if script is not None else "run/python"
        return self._text(key, "")

    def set_python(self, path: str, script: str | Path | None = None) -> None:
        """Choose the interpreter of ``script`` (without a script: the default); "" forgets it."""
        key = f"python/{_key(script)}" if script is not None else "run/python"
        self._set_or_remove(key, path.strip(), bool(path.strip()))

    def interpreter(self, script: str | Path | None) -> Interpreter:
        """The interpreter ``script`` runs under: its own choice, else the default one, else the
        one found beside it (``capture.interpreter.find_interpreter``)."""
        own = self.python(script) if script is not None else ""
        if own:
            return find_interpreter(script, own, reason=SCRIPT_PYTHON_REASON, where=IN_PREFERENCES)
        return find_interpreter(script, self.python(), reason=DEFAULT_PYTHON_REASON, where=IN_PREFERENCES)

    def chosen_folder(self) -> str:
        """The folder scripts run in when the mode is ``"chosen"`` ("" before one was chosen)."""
        return self._text("run/chosen_folder", "")

    def set_chosen_folder(self, folder: str) -> None:
        self._s.setValue("run/chosen_folder", folder.strip())

    def working_folder(self, script: str | Path) -> Path:
        """The folder ``script`` runs in (its ``os.getcwd()``)."""
        mode = self.working_folder_mode()
        if mode == "start":
            return START_FOLDER
        if mode == "chosen" and self.chosen_folder():
            return Path(self.chosen_folder()).expanduser()
        return Path(os.path.abspath(script)).parent

    def layout_budget(self) -> float:
        """Seconds a layout may take before a big graph opens collapsed (the collapse threshold)."""
        value = self._float("view/layout_budget", DEFAULT_LAYOUT_BUDGET)
        return value if 0.01 <= value <= 600 else DEFAULT_LAYOUT_BUDGET

    def set_layout_budget(self, seconds: float) -> None:
        self._s.setValue("view/layout_budget", float(seconds))

    # -- exercises (predict the gradient at each backward step) -----------------------------------
    def exercises_on(self, lesson: bool) -> bool:
        """Whether backward steps ask for the gradient first: on by default for the bundled
        lessons (``lesson``), off for the user's own scripts and saved graphs, which a learner
        opens to watch their own code rather than to practise."""
        return self._bool("exercise/lessons" if lesson else "exercise/scripts", lesson)

    def set_exercises_on(self, lesson: bool, on: bool) -> None:
        self._s.setValue("exercise/lessons" if lesson else "exercise/scripts", bool(on))

    def tally(self, script: str | Path, lesson: bool) -> tuple[int, int]:
        """``(right, answered)`` of the exercises answered in ``script`` (a bundled ``lesson``:
        keyed by its name, so a moved install keeps it), kept between sessions."""
        key = _tally_key(script, lesson)
        right = max(0, int(self._float(f"exercise_tally/{key}/right", 0)))
        answered = max(right, int(self._float(f"exercise_tally/{key}/answered", 0)))
        return right, answered

    def add_to_tally(self, script: str | Path, lesson: bool, right: bool) -> tuple[int, int]:
        """Count one more answer in ``script``'s tally; return the new ``(right, answered)``."""
        key = _tally_key(script, lesson)
        done, answered = self.tally(script, lesson)
        done, answered = done + int(right), answered + 1
        self._s.setValue(f"exercise_tally/{key}/right", done)
        self._s.setValue(f"exercise_tally/{key}/answered", answered)
        return done, answered

    def clear_tally(self, script: str | Path, lesson: bool) -> None:
        self._s.remove(f"exercise_tally/{_tally_key(script, lesson)}")

    def sync(self) -> None:
        self._s.sync()


def split_arguments(text: str) -> list[str]:
    """Split ``text`` into arguments as a POSIX shell would (quotes group words); raise
    ValueError naming the problem when a quote is not closed."""
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise ValueError(f"The arguments cannot be split ({exc}): close the quote.") from None


BYTES_PREFIX = "bytes:"
"""Starts a stored path that is not valid Unicode (its bytes follow, percent-encoded): no
absolute path starts so."""


def _stored_path(text: str) -> str:
    """``text`` as QSettings can keep it: as it is, or, for a name that is not UTF-8 (``caf\xe9.py``
    on Linux, which Python holds with a lone surrogate that a QString drops), its bytes."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return BYTES_PREFIX + urllib.parse.quote_from_bytes(os.fsencode(text))
    return text


def _read_path(text: str) -> str:
    """The path :func:`_stored_path` stored."""
    if text.startswith(BYTES_PREFIX):
        return os.fsdecode(urllib.parse.unquote_to_bytes(text[len(BYTES_PREFIX) :]))
    return text


def _tally_key(script: str | Path, lesson: bool) -> str:
    return f"lesson_{Path(script).stem}" if lesson else _key(script)


def _key(script: str | Path) -> str:
    """A settings key for a script path (QSettings keys may not hold slashes); a name that is not
    UTF-8 (``caf\xe9.py`` on Linux) is keyed by its bytes."""
    return hashlib.sha1(os.fsencode(Path(script).resolve())).hexdigest()[:16]
