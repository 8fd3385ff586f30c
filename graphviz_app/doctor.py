"""``graphviz-app doctor``: what the app finds on this computer, and the fix for what is missing.

Each check returns a :class:`Finding`: what was found, in words, and for what is missing or broken
the one command (or step) that fixes it. torch is asked about in a subprocess of the interpreter
that would run scripts (the app never imports torch), and Qt in a subprocess of the app's own
Python (a platform plugin that cannot load aborts the process that tries).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .capture.interpreter import Interpreter, check_interpreter, find_interpreter, short_path
from .errors import GraphvizNotFoundError
from .wire.errors import GraphvizAppError, SettingError
from .wire.message import QT_TRANSLATE_NOOP, Message
from .wire.protocol import RUN_MODE_ENV, run_mode

State = Literal["ok", "missing", "broken"]
PROBE_SECONDS = 120.0
"""How long one probe subprocess (torch's import, Qt's start) may take."""

STATES = {
    "ok": Message.of(QT_TRANSLATE_NOOP("Doctor", "ok")),
    "missing": Message.of(QT_TRANSLATE_NOOP("Doctor", "missing")),
    "broken": Message.of(QT_TRANSLATE_NOOP("Doctor", "broken")),
}
PYTHON = Message.of(QT_TRANSLATE_NOOP("Doctor", "Python"))
APP = Message.of(QT_TRANSLATE_NOOP("Doctor", "graphviz_app"))
SCRIPTS_PYTHON = Message.of(QT_TRANSLATE_NOOP("Doctor", "Python for scripts"))
TORCH = Message.of(QT_TRANSLATE_NOOP("Doctor", "torch"))
QT = Message.of(QT_TRANSLATE_NOOP("Doctor", "Qt (window)"))
GRAPHVIZ = Message.of(QT_TRANSLATE_NOOP("Doctor", "Graphviz (layout)"))
PACKAGED_GRAPHVIZ = Message.of(QT_TRANSLATE_NOOP("Doctor", "Graphviz, packaged (layout)"))
RUN_MODE = Message.of(QT_TRANSLATE_NOOP("Doctor", "run mode"))
LANGUAGE = Message.of(QT_TRANSLATE_NOOP("Doctor", "language"))

AT = QT_TRANSLATE_NOOP("Doctor", "{version} at {path}")
CHOSEN = QT_TRANSLATE_NOOP("Doctor", "{path} ({why})")
TORCH_FOUND = QT_TRANSLATE_NOOP("Doctor", "{version} under Python {python}; CUDA: {cuda}; MPS: {mps}")
CUDA_YES = QT_TRANSLATE_NOOP("Doctor", "yes ({devices})")
NO = Message.of(QT_TRANSLATE_NOOP("Doctor", "no"))
YES = Message.of(QT_TRANSLATE_NOOP("Doctor", "yes"))
NO_TORCH = QT_TRANSLATE_NOOP("Doctor", "not installed in {python}")
TORCH_BROKEN = QT_TRANSLATE_NOOP("Doctor", "{python} cannot import torch: {error}")
INSTALL_TORCH = QT_TRANSLATE_NOOP(
    "Doctor", "{python} -m pip install torch   (or name another Python: graphviz-app doctor --python PATH)"
)
REPAIR_TORCH = QT_TRANSLATE_NOOP("Doctor", "{python} -m pip install --force-reinstall torch")
NOT_RUNNABLE = QT_TRANSLATE_NOOP("Doctor", "{python} did not run Python code: {error}")
PICK_PYTHON = QT_TRANSLATE_NOOP(
    "Doctor",
    "name a Python that has torch: graphviz-app --python PATH (and graphviz-app doctor --python PATH)",
)
TOO_OLD = QT_TRANSLATE_NOOP("Doctor", "{python} is Python {version}; scripts need Python 3.10 or newer")
QT_FOUND = QT_TRANSLATE_NOOP("Doctor", "PySide6 {version}, platform '{platform}'")
NO_PYSIDE = QT_TRANSLATE_NOOP("Doctor", "PySide6 is not installed in {python}")
INSTALL_PYSIDE = QT_TRANSLATE_NOOP("Doctor", "{python} -m pip install PySide6-Essentials")
NO_PLATFORM = QT_TRANSLATE_NOOP(
    "Doctor", "PySide6 {version} is installed, but Qt could not open a window: {error}"
)
FIX_NO_DISPLAY = Message.of(
    QT_TRANSLATE_NOOP(
        "Doctor",
        "there is no display: open the app on a desktop, or on a virtual one (xvfb-run -a graphviz-app); "
        "graphviz-app export needs no window",
    )
)
FIX_XCB = Message.of(
    QT_TRANSLATE_NOOP(
        "Doctor",
        "install the libraries Qt's xcb plugin needs: sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0 "
        "libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0",
    )
)
FIX_PLATFORM = QT_TRANSLATE_NOOP(
    "Doctor", "reinstall Qt: {python} -m pip install --force-reinstall PySide6-Essentials"
)
NOT_FOUND_ON_PATH = QT_TRANSLATE_NOOP("Doctor", "'{program}' was not found on PATH")
DOT_FAILED = QT_TRANSLATE_NOOP("Doctor", "{path} did not run: {error}")
INSTALL_GRAPHVIZ = {
    "conda": "conda install -c conda-forge graphviz",
    "darwin": "brew install graphviz",
    "linux": "sudo apt-get install graphviz",
    "win32": "conda install -c conda-forge graphviz",
}
"""The command that installs Graphviz: in a conda environment conda's, else the system's."""
INSTALL_GRAPHVIZ_THEN = QT_TRANSLATE_NOOP("Doctor", "{command}   (then open a new terminal)")
NOT_INSTALLED = QT_TRANSLATE_NOOP("Doctor", "{package} is not installed in {python}")
INSTALL_PACKAGE = QT_TRANSLATE_NOOP("Doctor", "{python} -m pip install {package}")
AT_CHOSEN = QT_TRANSLATE_NOOP("Doctor", "{version} at {path}; the layouts use it")
MODE_FORK = Message.of(
    QT_TRANSLATE_NOOP("Doctor", "fork (each run is a fork of a worker that has torch loaded)")
)
MODE_PORTABLE = Message.of(QT_TRANSLATE_NOOP("Doctor", "portable (a fresh Python for each run)"))
MODE_CHOSEN = QT_TRANSLATE_NOOP("Doctor", "{mode}, set by ${variable}")
MODE_DEFAULT = QT_TRANSLATE_NOOP("Doctor", "{mode}, this system's default")
FIX_RUN_MODE = QT_TRANSLATE_NOOP("Doctor", "unset {variable} (or set it to 'portable')")
LANGUAGE_FOUND = QT_TRANSLATE_NOOP("Doctor", "{language} (Preferences: {choice}; system locale: {locale})")
LANGUAGE_UNKNOWN = Message.of(QT_TRANSLATE_NOOP("Doctor", "English (Qt is needed to read Preferences)"))
LANGUAGE_NAMES = {
    "en": Message.of(QT_TRANSLATE_NOOP("Doctor", "English")),
    "ko": Message.of(QT_TRANSLATE_NOOP("Doctor", "Korean")),
}
ALL_FOUND = Message.of(QT_TRANSLATE_NOOP("Doctor", "Everything graphviz_app needs was found."))
PROBLEMS = QT_TRANSLATE_NOOP(
    "Doctor",
    "{count} needed item(s) missing or broken: run the fix under each, then graphviz-app doctor again.",
)
FIX = QT_TRANSLATE_NOOP("Doctor", "fix: {fix}")


@dataclass(frozen=True)
class Finding:
    """One item checked: its name, what was found, and the fix when it is not ``ok``."""

    label: Message
    state: State
    detail: Message
    fix: Message | None = None
    needed: bool = True
    """Whether the app cannot work without it (a missing needed item makes doctor fail)."""


def _probe(command: list[str], environ: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a probe and return what it did; OSError when it could not start at all."""
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=PROBE_SECONDS,
        stdin=subprocess.DEVNULL,
        env=dict(environ) if environ is not None else None,
    )


def shell_word(path: str, platform: str = sys.platform) -> str:
    """``path`` as typed in a fix's command: quoted when it holds spaces (``"C:\\Program Files\\..."``
    in a Windows prompt, POSIX shell quoting elsewhere)."""
    if platform == "win32":
        return f'"{path}"' if " " in path else path
    return shlex.quote(path)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "?"


# -- Python and the app ---------------------------------------------------------------------------


def python_finding() -> Finding:
    """The Python running graphviz_app."""
    version = sys.version.split()[0]
    return Finding(PYTHON, "ok", Message.of(AT, version=version, path=sys.executable))


def app_finding() -> Finding:
    """The graphviz_app package: its version and folder."""
    # The package is imported before any of its modules; read from it rather than imported by
    # name, which the import contracts would take for an import of every module it may load.
    version = str(sys.modules[__name__.rpartition(".")[0]].__version__)
    return Finding(
        APP, "ok", Message.of(AT, version=version, path=short_path(Path(__file__).resolve().parent))
    )


# -- the user's Python and its torch --------------------------------------------------------------

TORCH_PROBE = """\
import json, sys
found = {"python": sys.version.split()[0], "old": sys.version_info < (3, 10), "torch": None, "error": None}
if not found["old"]:
    try:
        import torch
    except BaseException as exc:
        if not (isinstance(exc, ImportError) and getattr(exc, "name", None) == "torch"):
            found["error"] = "%s: %s" % (type(exc).__name__, exc)
    else:
        found["torch"] = torch.__version__
        found["cuda"] = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())] if torch.cuda.is_available() else []
        mps = getattr(torch.backends, "mps", None)
        found["mps"] = bool(mps is not None and mps.is_available())
sys.stdout.write(json.dumps(found))
"""
"""Asks an interpreter for its Python version and its torch's; reads as Python 2 too, to say a
Python is too old."""


def torch_findings(interpreter: Interpreter) -> list[Finding]:
    """The interpreter scripts run under and its torch (asked in a subprocess of it)."""
    python = str(interpreter.path)
    chosen = Finding(SCRIPTS_PYTHON, "ok", Message.of(CHOSEN, path=python, why=interpreter.reason))
    pick = Message.of(PICK_PYTHON)
    try:
        check_interpreter(interpreter)
        done = _probe([python, "-c", TORCH_PROBE])
    except GraphvizAppError as exc:
        return [Finding(SCRIPTS_PYTHON, "missing", exc.message, pick)]
    except (OSError, subprocess.SubprocessError) as exc:
        error = Message.verbatim(str(exc))
        return [Finding(SCRIPTS_PYTHON, "broken", Message.of(NOT_RUNNABLE, python=python, error=error), pick)]
    try:
        found = json.loads(done.stdout)
    except ValueError:
        error = Message.verbatim(_last_line(done.stderr or done.stdout))
        return [Finding(SCRIPTS_PYTHON, "broken", Message.of(NOT_RUNNABLE, python=python, error=error), pick)]
    if found.get("old"):
        too_old = Message.of(TOO_OLD, python=python, version=found["python"])
        return [Finding(SCRIPTS_PYTHON, "broken", too_old, pick)]
    if found.get("error"):
        error = Message.verbatim(str(found["error"]))
        detail = Message.of(TORCH_BROKEN, python=python, error=error)
        return [chosen, Finding(TORCH, "broken", detail, Message.of(REPAIR_TORCH, python=shell_word(python)))]
    if found.get("torch") is None:
        install = Message.of(INSTALL_TORCH, python=shell_word(python))
        return [chosen, Finding(TORCH, "missing", Message.of(NO_TORCH, python=python), install)]
    devices = found.get("cuda") or []
    cuda = Message.of(CUDA_YES, devices=", ".join(devices)) if devices else NO
    detail = Message.of(
        TORCH_FOUND,
        version=found["torch"],
        python=found["python"],
        cuda=cuda,
        mps=YES if found.get("mps") else NO,
    )
    return [chosen, Finding(TORCH, "ok", detail)]


# -- Qt -------------------------------------------------------------------------------------------

QT_PROBE = """\
import json, sys
found = {"pyside": None}
try:
    import PySide6
except ImportError:
    sys.stdout.write(json.dumps(found))
    sys.exit(0)
found["pyside"] = PySide6.__version__
from PySide6.QtCore import QCoreApplication, QLocale, QSettings
found["locale"] = QLocale.system().name()
found["language"] = QSettings(%(org)r, %(app)r).value("view/language", "system")
sys.stdout.write(json.dumps(found))
sys.stdout.flush()
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(["graphviz-app"])
sys.stdout.write("\\n" + json.dumps({"platform": app.platformName()}))
"""
"""Asks the app's Python for PySide6's version, the language settings, then opens a
QGuiApplication: a platform plugin that cannot load aborts the probe, not doctor."""
ORG_NAME = APP_NAME = "graphviz_app"
"""Where the window keeps its settings (``qt.app``'s names)."""


def qt_findings() -> tuple[Finding, Finding, str]:
    """PySide6's version and whether Qt can open a window; the window's language, as a finding
    and as a code (``"en"``, ``"ko"``)."""
    python = sys.executable
    try:
        done = _probe([python, "-c", QT_PROBE % {"org": ORG_NAME, "app": APP_NAME}])
    except (OSError, subprocess.SubprocessError) as exc:
        detail = Message.of(NO_PLATFORM, version="?", error=Message.verbatim(str(exc)))
        fix = Message.of(FIX_PLATFORM, python=shell_word(python))
        return (Finding(QT, "broken", detail, fix), *_language({}))
    parts = [line for line in done.stdout.splitlines() if line.strip()]
    try:
        found = json.loads(parts[0]) if parts else {}
        shown = json.loads(parts[1]) if len(parts) > 1 else {}
    except ValueError:
        found, shown = {}, {}
    version = str(found.get("pyside") or "")
    if not version:
        install = Message.of(INSTALL_PYSIDE, python=shell_word(python))
        qt = Finding(QT, "missing", Message.of(NO_PYSIDE, python=python), install)
    elif done.returncode == 0 and shown.get("platform"):
        qt = Finding(QT, "ok", Message.of(QT_FOUND, version=version, platform=str(shown["platform"])))
    else:
        detail = Message.of(NO_PLATFORM, version=version, error=Message.verbatim(_qt_error(done.stderr)))
        qt = Finding(QT, "broken", detail, _qt_fix(done.stderr))
    return (qt, *_language(found))


QT_CAUSES = ("could not connect to display", "Could not load the Qt platform plugin")
"""Qt's own lines naming why no window could open, the first that appears is shown."""


def _qt_error(stderr: str) -> str:
    for cause in QT_CAUSES:
        line = next((line.strip() for line in stderr.splitlines() if cause in line), None)
        if line:
            return line
    return _last_line(stderr)


def _qt_fix(stderr: str) -> Message:
    no_display = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if "could not connect to display" in stderr or (sys.platform.startswith("linux") and no_display):
        return FIX_NO_DISPLAY
    if "xcb-cursor" in stderr:
        return FIX_XCB
    return Message.of(FIX_PLATFORM, python=shell_word(sys.executable))


def _language(found: Mapping[str, object]) -> tuple[Finding, str]:
    """The window's language, as ``qt.i18n.ui_language`` chooses it from Preferences and the locale."""
    if "locale" not in found:
        return Finding(LANGUAGE, "ok", LANGUAGE_UNKNOWN, needed=False), "en"
    choice = str(found.get("language") or "system")
    locale = str(found["locale"])
    language = window_language(choice, locale)
    detail = Message.of(LANGUAGE_FOUND, language=LANGUAGE_NAMES[language], choice=choice, locale=locale)
    return Finding(LANGUAGE, "ok", detail, needed=False), language


def window_language(choice: str, locale: str) -> str:
    """``"en"`` or ``"ko"``: the Preferences ``choice`` when it names one, else the locale's
    language when there is a translation for it (``qt.i18n.ui_language``)."""
    if choice in LANGUAGE_NAMES:
        return choice
    name = locale.split("_")[0]
    return name if name in LANGUAGE_NAMES else "en"


# -- layout programs ------------------------------------------------------------------------------


def graphviz_install_command(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """The one command that installs Graphviz here."""
    if environ.get("CONDA_PREFIX"):
        return INSTALL_GRAPHVIZ["conda"]
    for prefix in ("linux", "darwin", "win32"):
        if platform.startswith(prefix):
            return INSTALL_GRAPHVIZ[prefix]
    return INSTALL_GRAPHVIZ["linux"]


def _engine_finding(label: Message, path: str | None, missing: Message, fix: Message) -> Finding:
    """A layout program's finding: missing, broken (``-V`` fails), or its version and path (and
    whether the layouts use it: the engine choice, ``core.graphviz.engine``)."""
    from .core.graphviz.engine import engine

    if path is None:
        return Finding(label, "missing", missing, fix)
    try:
        done = _probe([path, "-V"])
    except (OSError, subprocess.SubprocessError) as exc:
        return Finding(
            label, "broken", Message.of(DOT_FAILED, path=path, error=Message.verbatim(str(exc))), fix
        )
    said = _last_line(done.stderr or done.stdout)
    if done.returncode != 0:
        return Finding(label, "broken", Message.of(DOT_FAILED, path=path, error=Message.verbatim(said)), fix)
    try:
        chosen = engine().path == path
    except (GraphvizNotFoundError, SettingError):
        chosen = False
    return Finding(label, "ok", Message.of(AT_CHOSEN if chosen else AT, version=said, path=path))


def graphviz_dot_finding() -> Finding:
    """Graphviz's own ``dot`` on PATH (the ``system`` engine) and what ``dot -V`` says."""
    from .core.graphviz.engine import system_program

    fix = Message.of(INSTALL_GRAPHVIZ_THEN, command=graphviz_install_command())
    missing = Message.of(NOT_FOUND_ON_PATH, program="dot")
    return _engine_finding(GRAPHVIZ, system_program(), missing, fix)


def packaged_graphviz_finding() -> Finding:
    """The packaged engine (``graphviz-pure``, installed with the app where it has a wheel)."""
    from .core.graphviz.engine import PACKAGE, packaged_program

    python = sys.executable
    fix = Message.of(INSTALL_PACKAGE, python=python, package=PACKAGE)
    missing = Message.of(NOT_INSTALLED, package=PACKAGE, python=python)
    return _engine_finding(PACKAGED_GRAPHVIZ, packaged_program(), missing, fix)


def layout_findings() -> list[Finding]:
    """Every layout program's finding; each is needed only when none is ``ok`` (the layout
    works with either)."""
    found = [graphviz_dot_finding(), packaged_graphviz_finding()]
    usable = any(f.state == "ok" for f in found)
    return [Finding(f.label, f.state, f.detail, f.fix, needed=not usable) for f in found]


# -- run mode -------------------------------------------------------------------------------------


def run_mode_finding(environ: Mapping[str, str] = os.environ) -> Finding:
    """How the worker runs each script (``wire.protocol.run_mode``)."""
    try:
        mode = run_mode(environ)
    except GraphvizAppError as exc:
        return Finding(RUN_MODE, "broken", exc.message, Message.of(FIX_RUN_MODE, variable=RUN_MODE_ENV))
    words = MODE_FORK if mode == "fork" else MODE_PORTABLE
    if environ.get(RUN_MODE_ENV):
        return Finding(RUN_MODE, "ok", Message.of(MODE_CHOSEN, mode=words, variable=RUN_MODE_ENV))
    return Finding(RUN_MODE, "ok", Message.of(MODE_DEFAULT, mode=words))


# -- all of it ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    """Every finding, in the order doctor prints them, and the window's language (``"en"``,
    ``"ko"``), which doctor speaks too."""

    findings: list[Finding]
    language: str


def examine(script: str | None = None, python: str | None = None) -> Report:
    """Check everything. ``script`` and ``python`` choose the interpreter scripts run under as
    the app would (``capture.interpreter.find_interpreter``)."""
    interpreter = find_interpreter(script, python)  # its fix names both ways: the app has both
    qt, language, code = qt_findings()
    findings = [
        python_finding(),
        app_finding(),
        *torch_findings(interpreter),
        qt,
        *layout_findings(),
        run_mode_finding(),
        language,
    ]
    return Report(findings, code)


def problems(findings: list[Finding]) -> list[Finding]:
    """The needed findings that are not ``ok``."""
    return [f for f in findings if f.needed and f.state != "ok"]


def summary(findings: list[Finding]) -> Message:
    """The closing line: all found, or how many needed items to fix."""
    count = len(problems(findings))
    return ALL_FOUND if count == 0 else Message.of(PROBLEMS, count=count)
