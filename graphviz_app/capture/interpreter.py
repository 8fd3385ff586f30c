"""Which Python runs a script, and how the capture worker starts under it.

A script runs under the interpreter of its project, as an IDE picks it (:func:`find_interpreter`):
an explicit choice (``--python``, Preferences), else the nearest ``.venv`` or ``venv`` folder in
the script's folder or its parents, else ``$VIRTUAL_ENV``, then ``$CONDA_PREFIX``, else the app's
own Python.

That interpreter has nothing of the app installed: only its own torch. The worker is started with
:func:`worker_command`, which puts a folder holding only a copy of the worker's side of the
``graphviz_app`` package (:func:`worker_path`: ``worker/``, ``wire/`` and the package's
``__init__.py``) first on the path, so the app's own site-packages (its torch, Qt, networkx)
never shadow the user's. When the worker dies before it is ready,
:func:`startup_error` says what is wrong with the interpreter and how to fix it.
"""

from __future__ import annotations

import atexit
import hashlib
import itertools
import logging
import os
import shutil
import signal
import stat
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from ..message_reader import read_message
from ..wire.errors import ScriptError, as_message
from ..wire.message import QT_TRANSLATE_NOOP, Message, Template, Value

log = logging.getLogger(__name__)

Source = Literal["explicit", "venv", "virtual_env", "conda", "app"]
VENV_NAMES = (".venv", "venv")
"""Folder names of a project's virtual environment, looked for beside a script and above it."""
MIN_PYTHON = (3, 10)
APP_REASON = Message.of(QT_TRANSLATE_NOOP("Explanation", "the app's own Python"))
CALLER_REASON = Message.of(QT_TRANSLATE_NOOP("Explanation", "chosen by the caller"))
FOUND_BESIDE = QT_TRANSLATE_NOOP("Explanation", "found {name} beside the script")
FOUND_IN = QT_TRANSLATE_NOOP("Explanation", "found {name} in {folder}")
WITH_FLAG = Message.of(QT_TRANSLATE_NOOP("Explanation", "with --python PATH"))
"""Where a command line picks another interpreter (``{where}`` of the messages below)."""
IN_PREFERENCES = Message.of(QT_TRANSLATE_NOOP("Explanation", "in Edit ▸ Preferences ▸ Python interpreter"))
"""Where the window picks another interpreter."""
AT_START = Message.of(
    QT_TRANSLATE_NOOP("Explanation", "with --python PATH when you start the app (it overrides Preferences)")
)
"""Where a window started with ``--python`` picks another interpreter."""
ANYWHERE = Message.of(
    QT_TRANSLATE_NOOP("Explanation", "with --python PATH or in Edit ▸ Preferences ▸ Python interpreter")
)
"""Where another interpreter is picked when the caller did not say (the Python API)."""
MISSING = QT_TRANSLATE_NOOP(
    "Explanation",
    "The Python interpreter {python} ({why}) does not exist. Pick another interpreter {where}.",
)
A_FOLDER = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is a folder with no bin/python in it, not a Python "
    "interpreter. Pick another interpreter {where}.",
)
NOT_EXECUTABLE = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is not executable. Make it executable (chmod +x), or pick another interpreter {where}.",
)
NOT_STARTED = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is not a Python interpreter: it could not be started "
    "({error}). Pick another interpreter {where}.",
)
NOT_PYTHON = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is not a Python interpreter: it did not run Python code "
    "(its output is below). Pick another interpreter {where}.",
)
TOO_OLD = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) is Python {version}; graphviz_app needs Python 3.10 or "
    "newer. Make the project's environment with a newer Python, or pick "
    "another interpreter {where}.",
)
NO_TORCH = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) has no torch. Install torch there (`{python} -m pip "
    "install torch`), or pick another interpreter {where}.",
)
TORCH_FAILED = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) cannot import torch ({error}). Repair torch there "
    "(`{python} -m pip install --force-reinstall torch`), or pick another "
    "interpreter {where}.",
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
TORCH_CRASHED = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) ended while importing torch ({ending}): that torch does "
    "not run here (a build for another processor, GPU driver or system, or a "
    'damaged install). See it fail with `{python} -c "import torch"`, then '
    "repair torch there (`{python} -m pip install --force-reinstall torch`), "
    "or pick another interpreter {where}.",
)
SIGNALLED = QT_TRANSLATE_NOOP("Explanation", "killed by {signal}")
EXITED = QT_TRANSLATE_NOOP("Explanation", "exit status {status}")
HUNG_IMPORTING = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) did not finish importing torch in {seconds} s. See where "
    'it waits with `{python} -X importtime -c "import torch"` (a network '
    "folder, a GPU driver that hangs, or a very slow disk are the usual "
    "causes), or pick another interpreter {where}.",
)
HUNG_STARTING = QT_TRANSLATE_NOOP(
    "Explanation",
    "{python} ({why}) did not start running Python code in {seconds} s: it is "
    "not a Python interpreter, or something it runs at start-up (a "
    "sitecustomize or .pth file) waits. Check it with `{python} -c "
    '"print(1)"`, or pick another interpreter {where}.',
)
HUNG_LOADING = QT_TRANSLATE_NOOP(
    "Explanation",
    "The capture worker ({python}, {why}) imported torch but did not become "
    "ready in {seconds} s. This is a problem of graphviz_app or of that "
    "Python, not of the script: reload to start it again, or report it with "
    "the output below.",
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
    where: Message = ANYWHERE
    """Where the user picks another one, in words that end the messages of a Python that cannot
    run a script: :data:`WITH_FLAG` (a command line), :data:`IN_PREFERENCES` (the window)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", as_message(self.reason))

    def same_as(self, other: Interpreter | str | Path) -> bool:
        """Whether ``other`` runs as the same Python (``bin/python`` and ``bin/python3`` of one
        environment are; an environment's Python and the base Python it links to are not)."""
        return same_python(self.path, other.path if isinstance(other, Interpreter) else Path(other))


def app_interpreter(where: Message = ANYWHERE) -> Interpreter:
    """The Python the app itself runs under (``where``: see :attr:`Interpreter.where`)."""
    return Interpreter(Path(sys.executable), "app", APP_REASON, where)


def same_python(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one interpreter: the same file in the same folder."""
    a, b = Path(a).absolute(), Path(b).absolute()
    return a == b or (a.parent == b.parent and os.path.realpath(a) == os.path.realpath(b))


def environment_python(folder: Path) -> Path | None:
    """Return the Python of the environment in ``folder`` (``bin/python``, ``Scripts/python.exe``
    or a conda root's ``python.exe``), or None when it has none."""
    for candidate in (folder / "bin" / "python", folder / "Scripts" / "python.exe", folder / "python.exe"):
        if candidate.is_file():
            return candidate
    return None


def explicit_interpreter(
    path: str | os.PathLike[str], reason: Message | str, where: Message = ANYWHERE
) -> Interpreter:
    """The interpreter a user named: a path to a Python, or an environment's folder (its Python);
    ``where`` another is picked (:attr:`Interpreter.where`)."""
    given = Path(os.path.expanduser(os.fspath(path))).absolute()
    if given.is_dir():
        given = environment_python(given) or given
    return Interpreter(given, "explicit", as_message(reason), where)


def find_interpreter(
    script: str | os.PathLike[str] | None,
    explicit: str | os.PathLike[str] | None = None,
    *,
    reason: Message | str = "--python",
    where: Message = ANYWHERE,
    environ: Mapping[str, str] | None = None,
) -> Interpreter:
    """Return the interpreter ``script`` runs under, as an IDE picks it.

    ``explicit`` (a path, with ``reason`` saying where it came from) wins; else the nearest
    ``.venv``/``venv`` in the script's folder or a parent; else ``$VIRTUAL_ENV``, then
    ``$CONDA_PREFIX``; else the app's own Python. ``where``: where the user picks another
    (:attr:`Interpreter.where`).
    """
    if explicit:
        return explicit_interpreter(explicit, reason, where)
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
                    return Interpreter(python, "venv", why, where)
    env = os.environ if environ is None else environ
    for variable, source in (("VIRTUAL_ENV", "virtual_env"), ("CONDA_PREFIX", "conda")):
        value = env.get(variable)
        python = environment_python(Path(value)) if value else None
        if python is not None:
            return Interpreter(python, source, Message.verbatim(f"${variable}"), where)  # type: ignore[arg-type]
    return app_interpreter(where)


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
    return "Ran with " + " · ".join(parts) + (f" ({read_message(why)})" if why else "")


# -- checks and start-up failures ---------------------------------------------------------------


def check_interpreter(interpreter: Interpreter) -> None:
    """Raise ScriptError("interpreter") when ``interpreter`` cannot even be started."""
    python = interpreter.path
    if not python.exists():
        raise ScriptError("interpreter", _about(interpreter, MISSING))
    if python.is_dir():
        raise ScriptError("interpreter", _about(interpreter, A_FOLDER))
    if not os.access(python, os.X_OK):
        raise ScriptError("interpreter", _about(interpreter, NOT_EXECUTABLE))


def _about(interpreter: Interpreter, template: Template, **values: Value) -> Message:
    """``template`` filled with the interpreter's path, why it was chosen, where another is
    picked, and ``values``."""
    python, why, where = str(interpreter.path), interpreter.reason, interpreter.where
    return Message.of(template, python=python, why=why, where=where, **values)


def launch_error(interpreter: Interpreter, exc: OSError) -> ScriptError:
    """The error for an interpreter the system could not start at all."""
    return ScriptError(
        "interpreter", _about(interpreter, NOT_STARTED, error=exc.strerror or type(exc).__name__)
    )


def _marks(log_text: str) -> list[str]:
    """What the worker's start-up code said about the interpreter (:data:`_BOOT`), in order."""
    return [line[len(MARK) :].strip() for line in log_text.splitlines() if line.startswith(MARK)]


def signal_name(number: int) -> str:
    """The name of signal ``number`` (``SIGKILL``), or ``signal N`` for one Python does not know."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _ending(returncode: int | None) -> Message:
    if returncode is not None and returncode < 0:
        return Message.of(SIGNALLED, signal=signal_name(-returncode))
    return Message.of(EXITED, status=returncode if returncode is not None else "?")


def startup_error(interpreter: Interpreter, log_text: str, returncode: int | None = None) -> ScriptError:
    """The error for a worker that ended before it was ready, from what it wrote (``log_text``)
    and how it ended (``returncode``, negative for a signal)."""
    marks = _marks(log_text)
    tail = log_text.strip()[-2000:] or None
    if not marks:
        return ScriptError("interpreter", _about(interpreter, NOT_PYTHON), user_traceback=tail)
    if "old" in marks:
        version = marks[0].removeprefix("python ").strip()
        return ScriptError("interpreter", _about(interpreter, TOO_OLD, version=version))
    if "no torch" in marks:
        return ScriptError("interpreter", _about(interpreter, NO_TORCH))
    if "torch failed" in marks:
        after = log_text.split(f"{MARK} torch failed", 1)[-1].strip()
        error = after.splitlines()[-1].strip() if after else Message.of(NO_MESSAGE)
        message = _about(interpreter, TORCH_FAILED, error=error)
        return ScriptError("interpreter", message, user_traceback=after[-4000:] or None)
    if "torch ok" not in marks:  # it ended inside torch's import, with no Python error to show
        message = _about(interpreter, TORCH_CRASHED, ending=_ending(returncode))
        return ScriptError("interpreter", message, user_traceback=tail)
    return stopped_error(interpreter, log_text, NOT_READY)


def startup_timeout_error(interpreter: Interpreter, log_text: str, seconds: float) -> ScriptError:
    """The error for a worker not ready after ``seconds``: what it was doing, from what it wrote."""
    marks = _marks(log_text)
    tail = log_text.strip()[-2000:] or None
    if "torch ok" in marks:  # the worker's fault, not the interpreter's
        message = Message.of(
            HUNG_LOADING, python=str(interpreter.path), why=interpreter.reason, seconds=round(seconds)
        )
        return ScriptError("worker", message, user_traceback=tail)
    template = HUNG_IMPORTING if marks else HUNG_STARTING
    return ScriptError(
        "interpreter", _about(interpreter, template, seconds=round(seconds)), user_traceback=tail
    )


def stopped_error(interpreter: Interpreter, log_text: str, template: Template = STOPPED) -> ScriptError:
    """The error for a worker that was ready and then ended unexpectedly (``template``: before
    it was ready)."""
    message = Message.of(template, python=str(interpreter.path), why=interpreter.reason)
    return ScriptError("worker", message, user_traceback=log_text.strip()[-2000:] or None)


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
sys.stderr.write("{mark} torch ok\\n")
sys.stderr.flush()
from graphviz_app.worker.server import main
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


WORKER_PARTS = ("worker", "wire")
"""The subpackages of ``graphviz_app`` the worker runs (import-linter's contracts keep them to the
standard library, torch and each other): the copy holds these and the package's ``__init__.py``."""


def _package_files(package: Path) -> list[Path]:
    """The package's modules that the worker imports: its ``__init__.py`` and the modules of
    :data:`WORKER_PARTS`."""
    files = [package / "__init__.py"]
    for part in WORKER_PARTS:
        for folder, dirs, names in os.walk(package / part):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            files.extend(Path(folder) / n for n in sorted(names) if n.endswith(".py"))
    return files


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


def _safe_above(folder: Path) -> bool:
    """Whether no other user can replace ``folder`` by renaming a folder above it: every folder
    from the root down to ``folder``'s parent belongs to this user or to root, and one that others
    may write is sticky (only an entry's owner can rename it) with the next folder down ours.
    (The check OpenSSH makes of a key's folders, ``safe_path`` in its ``misc.c``.) Where there are
    no user ids (Windows), a user's own profile folders are taken as safe."""
    if not hasattr(os, "getuid"):
        return True
    me = os.getuid()
    path = Path(os.path.realpath(folder))
    try:
        infos = [os.lstat(part) for part in [*reversed(path.parents), path]]
    except OSError:
        return False
    for above, below in itertools.pairwise(infos):
        if above.st_uid not in (0, me):
            return False
        if above.st_mode & 0o022 and not (above.st_mode & stat.S_ISVTX and below.st_uid == me):
            return False
    return True


def _copy_matches(target: Path, package: Path, files: list[Path]) -> bool:
    """Whether ``target`` holds exactly the package's ``files`` (:func:`_package_files`) as copied
    (sizes and times, which the copy keeps), besides the bytecode Python writes: else it was
    damaged, or made by a version that copied other parts, and is made anew."""
    try:
        for file in files:
            source, copy = file.stat(), (target / "graphviz_app" / file.relative_to(package)).stat()
            if (source.st_size, source.st_mtime_ns) != (copy.st_size, copy.st_mtime_ns):
                return False
        held = {
            Path(folder, name)
            for folder, dirs, names in os.walk(target)
            for name in names
            if "__pycache__" not in Path(folder).relative_to(target).parts
        }
    except OSError:
        return False
    return held == {target / "graphviz_app" / f.relative_to(package) for f in files}


def _temporary_base() -> Path:
    """A private temporary folder for this process's copy, removed when it exits (and, after a
    kill, by the next process that makes one: :func:`~..core.export.remove_stale_temp_folders`)."""
    from ..core.export import TEMP_PREFIX, remove_stale_temp_folders

    remove_stale_temp_folders()
    base = Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}_worker_"))
    atexit.register(shutil.rmtree, base, ignore_errors=True)
    return base


@lru_cache(maxsize=1)
def worker_path() -> Path:
    """Return a folder that holds only a copy of the worker's side of the ``graphviz_app``
    package (:func:`_package_files`: ``worker/``, ``wire/`` and ``__init__.py``, the modules the
    worker imports), to put first on the worker's path.

    It is kept in the user's cache (``~/.cache/graphviz_app/worker/<key>``), keyed by the
    package's path and its files' times and sizes, so it is made once per version; a copy, not a
    link, so the modules' own paths (which the capture compares with its frames' files) are the
    paths Python imported them from. A copy that no longer matches the package (a file removed
    or changed) is made anew. Where the cache is not private, or another user could replace it
    through a folder above it, a private temporary copy is used and removed at exit.
    """
    package = Path(__file__).resolve().parents[1]
    files = _package_files(package)
    digest = hashlib.sha256(os.fsencode(package))
    for file in files:
        info = file.stat()
        digest.update(
            os.fsencode(file.relative_to(package)) + f":{info.st_mtime_ns}:{info.st_size}\n".encode()
        )
    base = Path(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"))
    base = base / "graphviz_app" / "worker"
    if not (_private_folder(base) and _safe_above(base)):
        log.warning("worker: other users can change %s; using a temporary copy", base)
        base = _temporary_base()
    target = base / digest.hexdigest()[:20]
    target = Path(os.path.realpath(target))  # the modules' paths as the capture resolves them
    if _copy_matches(target, package, files):
        os.utime(target)
        return target
    if target.exists():  # damaged: set aside (one rename), then made anew
        log.warning("worker: the copy in %s does not match the package; making it anew", target)
        stale = Path(tempfile.mkdtemp(prefix=".stale-", dir=base))
        os.replace(target, stale / "copy")
        shutil.rmtree(stale, ignore_errors=True)
    temp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=base))
    try:
        for file in files:
            copy = temp / "graphviz_app" / file.relative_to(package)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, copy)
        try:
            os.rename(temp, target)
        except OSError:  # another process made it meanwhile
            if not _copy_matches(target, package, files):
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
