"""Which Python runs a script, and how the capture worker starts under it.

A script runs under the interpreter of its project, as an IDE picks it (:func:`find_interpreter`):
an explicit choice (``--python``, Preferences), else the nearest ``.venv`` or ``venv`` folder in
the script's folder or its parents, else ``$VIRTUAL_ENV``, then ``$CONDA_PREFIX``, else the app's
own Python.

That interpreter has nothing of the app installed: only its own torch. The worker is started with
:func:`worker_command`, which puts a folder holding only a copy of the ``graphviz_app`` package
(:func:`worker_path`, its Qt part aside) first on the path, so the app's own site-packages (its
torch, Qt, networkx) never shadow the user's. When the worker dies before it is ready,
:func:`startup_error` says what is wrong with the interpreter and how to fix it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from ..errors import ScriptError, as_message
from ..message import QT_TRANSLATE_NOOP, Message

log = logging.getLogger(__name__)

Source = Literal["explicit", "venv", "virtual_env", "conda", "app"]
VENV_NAMES = (".venv", "venv")
"""Folder names of a project's virtual environment, looked for beside a script and above it."""
MIN_PYTHON = (3, 10)
APP_REASON = Message.of(QT_TRANSLATE_NOOP("Explanation", "the app's own Python"))
CALLER_REASON = Message.of(QT_TRANSLATE_NOOP("Explanation", "chosen by the caller"))
FOUND_BESIDE = QT_TRANSLATE_NOOP("Explanation", "found {name} beside the script")
FOUND_IN = QT_TRANSLATE_NOOP("Explanation", "found {name} in {folder}")
MISSING = QT_TRANSLATE_NOOP(
    "Explanation",
    "The Python interpreter {python} ({why}) does not exist. Pick another "
    "interpreter with --python PATH or in Edit ▸ Preferences ▸ Python "
    "interpreter.",
)
A_FOLDER = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is a folder with no bin/python in it, not a Python "
    "interpreter. Pick another interpreter with --python PATH or in Edit ▸ "
    "Preferences ▸ Python interpreter.",
)
NOT_EXECUTABLE = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is not executable. Make it executable (chmod +x), or "
    "pick another interpreter with --python PATH or in Edit ▸ Preferences ▸ "
    "Python interpreter.",
)
NOT_STARTED = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is not a Python interpreter: it could not be started "
    "({error}). Pick another interpreter with --python PATH or in Edit ▸ "
    "Preferences ▸ Python interpreter.",
)
NOT_PYTHON = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is not a Python interpreter: it did not run Python code "
    "(its output is below). Pick another interpreter with --python PATH or in "
    "Edit ▸ Preferences ▸ Python interpreter.",
)
TOO_OLD = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is Python {version}; graphviz_app needs Python 3.10 or "
    "newer. Make the project's environment with a newer Python, or pick "
    "another interpreter with --python PATH or in Edit ▸ Preferences ▸ "
    "Python interpreter.",
)
NO_TORCH = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) has no torch. Install torch there (`{python} -m pip "
    "install torch`), or pick another interpreter with --python PATH or in "
    "Edit ▸ Preferences ▸ Python interpreter.",
)
TORCH_FAILED = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) cannot import torch ({error}). Repair torch there "
    "(`{python} -m pip install --force-reinstall torch`), or pick another "
    "interpreter with --python PATH or in Edit ▸ Preferences ▸ Python "
    "interpreter.",
)
NO_MESSAGE = QT_TRANSLATE_NOOP("Explanation", "no message")
NOT_READY = QT_TRANSLATE_NOOP(
    "Explanation",
    "The capture worker ({python}, {why}) stopped before it was ready. This "
    "is a problem of graphviz_app or of that Python, not of the script: "
    "reload to start it again, or report it with the output below.",
)
STOPPED = QT_TRANSLATE_NOOP(
    "Explanation",
    "The capture worker ({python}, {why}) stopped unexpectedly. This is a "
    "problem of graphviz_app or of that Python, not of the script: reload to "
    "start it again, or report it with the output below.",
)
MARK = "graphviz_app worker:"
"""Starts each line the worker's start-up code writes about the interpreter (in its stderr)."""
PRUNE_SECONDS = 30 * 24 * 3600
"""A copy of the package unused for this long (an older version's) is removed."""


@dataclass(frozen=True)
class Interpreter:
    """A Python executable and why it was chosen."""

    path: Path
    """The executable as found (not resolved: a virtual environment's ``bin/python`` is a link to
    the base Python, and running it through the link is what makes it the environment's)."""
    source: Source
    reason: Message
    """Why this one, in words: ``"found .venv beside the script"``, ``"--python"`` (plain text
    is kept verbatim)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", as_message(self.reason))

    def same_as(self, other: Interpreter | str | Path) -> bool:
        """Whether ``other`` runs as the same Python (``bin/python`` and ``bin/python3`` of one
        environment are; an environment's Python and the base Python it links to are not)."""
        return same_python(self.path, other.path if isinstance(other, Interpreter) else Path(other))


def app_interpreter() -> Interpreter:
    """The Python the app itself runs under."""
    return Interpreter(Path(sys.executable), "app", APP_REASON)


def same_python(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one interpreter: the same file in the same folder."""
    a, b = Path(a).absolute(), Path(b).absolute()
    if a == b:
        return True
    return a.parent == b.parent and os.path.realpath(a) == os.path.realpath(b)


def environment_python(folder: Path) -> Path | None:
    """Return the Python of the environment in ``folder`` (``bin/python``, ``Scripts/python.exe``
    or a conda root's ``python.exe``), or None when it has none."""
    for candidate in (folder / "bin" / "python", folder / "Scripts" / "python.exe", folder / "python.exe"):
        if candidate.is_file():
            return candidate
    return None


def explicit_interpreter(path: str | os.PathLike[str], reason: Message | str) -> Interpreter:
    """The interpreter a user named: a path to a Python, or an environment's folder (its Python)."""
    given = Path(os.path.expanduser(os.fspath(path))).absolute()
    if given.is_dir():
        given = environment_python(given) or given
    return Interpreter(given, "explicit", as_message(reason))


def find_interpreter(
    script: str | os.PathLike[str] | None,
    explicit: str | os.PathLike[str] | None = None,
    *,
    reason: Message | str = "--python",
    environ: Mapping[str, str] | None = None,
) -> Interpreter:
    """Return the interpreter ``script`` runs under, as an IDE picks it.

    ``explicit`` (a path, with ``reason`` saying where it came from) wins; else the nearest
    ``.venv``/``venv`` in the script's folder or a parent; else ``$VIRTUAL_ENV``, then
    ``$CONDA_PREFIX``; else the app's own Python.
    """
    if explicit:
        return explicit_interpreter(explicit, reason)
    if script is not None:
        start = Path(os.path.abspath(Path(script).expanduser())).parent
        for folder in (start, *start.parents):
            for name in VENV_NAMES:
                python = environment_python(folder / name)
                if python is not None:
                    why = (
                        Message.of(FOUND_BESIDE, name=name)
                        if folder == start
                        else Message.of(FOUND_IN, name=name, folder=short_path(folder))
                    )
                    return Interpreter(python, "venv", why)
    env = os.environ if environ is None else environ
    for variable, source in (("VIRTUAL_ENV", "virtual_env"), ("CONDA_PREFIX", "conda")):
        value = env.get(variable)
        python = environment_python(Path(value)) if value else None
        if python is not None:
            return Interpreter(python, source, Message.verbatim(f"${variable}"))  # type: ignore[arg-type]
    return app_interpreter()


def short_path(path: str | Path) -> str:
    """``path`` with the home folder written ``~``."""
    text = str(path)
    home = os.path.expanduser("~")
    if home not in ("", "/", "~") and (text == home or text.startswith(home + os.sep)):
        return "~" + text[len(home) :]
    return text


def environment_note(environment: Mapping[str, object]) -> str:
    """One line saying which Python and torch ran a script, from a graph's ``environment``:
    ``Ran with Python 3.11.7 · torch 2.15.0 · ~/proj/.venv (found .venv beside the script)``."""
    parts = [f"Python {environment.get('python') or '?'}", f"torch {environment.get('torch') or '?'}"]
    if environment.get("prefix"):
        parts.append(short_path(str(environment["prefix"])))
    why = environment.get("reason")
    return "Ran with " + " · ".join(parts) + (f" ({Message.from_wire(why)})" if why else "")


# -- checks and start-up failures ---------------------------------------------------------------


def check_interpreter(interpreter: Interpreter) -> None:
    """Raise ScriptError("interpreter") when ``interpreter`` cannot even be started."""
    python, why = interpreter.path, interpreter.reason
    if not python.exists():
        raise ScriptError(
            "interpreter",
            Message.of(MISSING, python=str(python), why=why),
        )
    if python.is_dir():
        raise ScriptError(
            "interpreter",
            Message.of(A_FOLDER, python=str(python), why=why),
        )
    if not os.access(python, os.X_OK):
        raise ScriptError(
            "interpreter",
            Message.of(NOT_EXECUTABLE, python=str(python), why=why),
        )


def launch_error(interpreter: Interpreter, exc: OSError) -> ScriptError:
    """The error for an interpreter the system could not start at all."""
    python, why = interpreter.path, interpreter.reason
    detail = exc.strerror or type(exc).__name__
    return ScriptError(
        "interpreter",
        Message.of(NOT_STARTED, python=str(python), why=why, error=detail),
    )


def startup_error(interpreter: Interpreter, log_text: str) -> ScriptError:
    """The error for a worker that ended before it was ready, from what it wrote (``log_text``)."""
    python, why = interpreter.path, interpreter.reason
    marks = [line[len(MARK) :].strip() for line in log_text.splitlines() if line.startswith(MARK)]
    tail = log_text.strip()[-2000:] or None
    if not marks:
        return ScriptError(
            "interpreter",
            Message.of(NOT_PYTHON, python=str(python), why=why),
            user_traceback=tail,
        )
    version = marks[0].removeprefix("python ").strip()
    if "old" in marks:
        return ScriptError(
            "interpreter",
            Message.of(TOO_OLD, python=str(python), why=why, version=version),
        )
    if "no torch" in marks:
        return ScriptError(
            "interpreter",
            Message.of(NO_TORCH, python=str(python), why=why),
        )
    if "torch failed" in marks:
        after = log_text.split(f"{MARK} torch failed", 1)[-1].strip()
        error = after.splitlines()[-1].strip() if after else Message.of(NO_MESSAGE)
        return ScriptError(
            "interpreter",
            Message.of(TORCH_FAILED, python=str(python), why=why, error=error),
            user_traceback=after[-4000:] or None,
        )
    return ScriptError(
        "worker",
        Message.of(NOT_READY, python=str(python), why=why),
        user_traceback=tail,
    )


def stopped_error(interpreter: Interpreter, log_text: str) -> ScriptError:
    """The error for a worker that was ready and then ended unexpectedly."""
    python, why = interpreter.path, interpreter.reason
    return ScriptError(
        "worker",
        Message.of(STOPPED, python=str(python), why=why),
        user_traceback=log_text.strip()[-2000:] or None,
    )


# -- starting the worker --------------------------------------------------------------------------

_BOOT = """\
import sys
sys.stderr.write("{mark} python %s\\n" % sys.version.split()[0])
sys.stderr.flush()
if sys.version_info < {minimum!r}:
    sys.stderr.write("{mark} old\\n")
    sys.exit(3)
if sys.path and sys.path[0] == "":
    del sys.path[0]
sys.path.insert(0, {folder})
import warnings
warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
try:
    import torch
except BaseException as exc:
    import traceback
    missing = isinstance(exc, ImportError) and getattr(exc, "name", None) == "torch"
    sys.stderr.write("{mark} %s\\n" % ("no torch" if missing else "torch failed"))
    traceback.print_exc()
    sys.exit(4)
from graphviz_app.capture.worker import main
main()
"""
"""The worker's start-up code: check the Python, import the user's torch, then serve. It must
read as Python 2 too, to say that Python is too old."""


def worker_command(python: str | Path, folder: Path) -> list[str]:
    """The command line starting the capture worker under ``python`` with only our package (the
    copy in ``folder``, :func:`worker_path`) added to its path, first: ahead of the current
    folder and of the environment's own packages."""
    code = _BOOT.format(mark=MARK, minimum=MIN_PYTHON, folder=ascii(str(folder)))
    return [str(python), "-c", code]


def _package_files(package: Path) -> list[Path]:
    """The package's modules that the worker may import: all but the window's (``qt/``)."""
    files: list[Path] = []
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d not in ("qt", "__pycache__") and not d.startswith("."))
        files.extend(Path(folder) / n for n in sorted(names) if n.endswith(".py"))
    return files


def _cache_base() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "graphviz_app" / "worker"


def _private_folder(folder: Path) -> bool:
    """Create ``folder`` (mode 0700); whether it is a folder of this user's that others cannot write."""
    try:
        folder.mkdir(parents=True, mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
        return False
    return not info.st_mode & 0o022


@lru_cache(maxsize=1)
def worker_path() -> Path:
    """Return a folder that holds only a copy of the ``graphviz_app`` package (the modules the
    worker imports), to put first on the worker's path.

    It is kept in the user's cache (``~/.cache/graphviz_app/worker/<key>``), keyed by the
    package's path and its files' times and sizes, so it is made once per version; a copy, not a
    link, so the modules' own paths (which the capture compares with its frames' files) are the
    paths Python imported them from. Where the cache cannot be written, a private temporary
    folder is used.
    """
    package = Path(__file__).resolve().parents[1]
    files = _package_files(package)
    digest = hashlib.sha256(os.fsencode(package))
    for file in files:
        info = file.stat()
        digest.update(
            os.fsencode(file.relative_to(package)) + f":{info.st_mtime_ns}:{info.st_size}\n".encode()
        )
    base = _cache_base()
    if not _private_folder(base):
        log.warning("worker: %s is not a private folder of this user's; using a temporary copy", base)
        base = Path(tempfile.mkdtemp(prefix="graphviz_app_worker_"))
    target = base / digest.hexdigest()[:20]
    target = Path(os.path.realpath(target))  # the modules' paths as the capture resolves them
    if (target / "graphviz_app" / "__init__.py").is_file():
        os.utime(target)
        return target
    temp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=base))
    try:
        for file in files:
            copy = temp / "graphviz_app" / file.relative_to(package)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, copy)
        try:
            os.rename(temp, target)
        except OSError:  # another process made it meanwhile
            if not (target / "graphviz_app" / "__init__.py").is_file():
                raise
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    _prune(base, keep=target)
    return target


def _prune(base: Path, keep: Path) -> None:
    """Remove copies of older versions unused for :data:`PRUNE_SECONDS` (best effort)."""
    now = time.time()
    try:
        entries = list(os.scandir(base))
    except OSError:
        return
    for entry in entries:
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > PRUNE_SECONDS
        except OSError:
            continue
        if old and entry.path != str(keep):
            shutil.rmtree(entry.path, ignore_errors=True)
