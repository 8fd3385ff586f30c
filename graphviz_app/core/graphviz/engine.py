"""Which Graphviz lays graphs out: the system's ``dot`` or the packaged one, and how to start it.

Two engines run the same DOT: ``system`` is Graphviz's ``dot`` found on PATH, ``packaged`` is
``graphviz-pure`` (a port of Graphviz 16.1 as one program, installed with the app on Windows x64,
macOS and Linux x86-64/aarch64; it has no ``-Tpdf`` and measures text from built-in font tables).
The choice is ``auto`` (the system's ``dot`` when found, else the packaged one), ``system`` or
``packaged``: set by :func:`set_choice` (the CLI's ``--engine``, the window's Preferences) or
``$GRAPHVIZ_APP_ENGINE``.  :func:`engine` resolves it to an :class:`Engine`, whose
:meth:`~Engine.command` is the one argv prefix every Graphviz run starts with (``-Kdot``,
``-Kneato``: one program runs every layout engine, as Graphviz's ``dot -K`` does).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from typing import Literal

from ...errors import GraphvizNotFoundError
from ...wire.errors import SettingError
from ...wire.message import QT_TRANSLATE_NOOP, Message

ENGINE_ENV = "GRAPHVIZ_APP_ENGINE"
"""Environment variable holding the engine choice (``auto``, ``system`` or ``packaged``)."""
CHOICES = ("auto", "system", "packaged")
PACKAGE = "graphviz-pure"
"""The distribution of the packaged engine; its wheel installs one program of the same name."""

Kind = Literal["system", "packaged"]

BAD_CHOICE = QT_TRANSLATE_NOOP(
    "Explanation",
    "{variable}={value} is not an engine. Use auto (the system's Graphviz when installed, else "
    "the packaged one), system or packaged.",
)

_choice: str | None = None


@dataclass(frozen=True)
class Engine:
    """A resolved engine: its kind and the program that runs it."""

    kind: Kind
    path: str

    def command(self, layout: str = "dot") -> list[str]:
        """The argv prefix that runs Graphviz's layout engine ``layout`` (``dot``, ``neato``)."""
        return [self.path, f"-K{layout}"]

    @property
    def renders_pdf(self) -> bool:
        """Whether the program writes PDF itself (graphviz-pure has no ``-Tpdf``)."""
        return self.kind == "system"

    @property
    def name(self) -> str:
        """The engine's name as shown: ``Graphviz`` (the system's) or ``graphviz-pure``."""
        return "Graphviz" if self.kind == "system" else PACKAGE

    def version(self) -> str:
        """The program's ``-V`` text (asked once per installed binary, which can take seconds on a
        cold disk: off the GUI thread, see :meth:`known_version`), or ``"unknown"``."""
        key = self._version_key()
        with _VERSIONS_LOCK:
            known = _VERSIONS.get(key)
        if known is None:
            known = _ask_version(self.path)
            with _VERSIONS_LOCK:
                _VERSIONS[key] = known
        return known

    def known_version(self) -> str | None:
        """:meth:`version` when it was asked already, else None (never runs the program)."""
        with _VERSIONS_LOCK:
            return _VERSIONS.get(self._version_key())

    def _version_key(self) -> tuple[str, float]:
        try:
            return self.path, os.stat(self.path).st_mtime
        except OSError:
            return self.path, 0.0

    def version_number(self) -> str:
        """The version number in :meth:`version` (``"2.43.0"``, ``"0.2.2"``), or ``"unknown"``."""
        match = re.search(r"version\s+([\w.~-]+)", self.version())
        return match.group(1) if match else "unknown"

    def describe(self) -> str:
        """One line naming the engine and its version: ``"graphviz-pure 0.2.2 (packaged)"``."""
        return f"{self.name} {self.version_number()} ({self.kind})"


_VERSIONS: dict[tuple[str, float], str] = {}
"""Each program's ``-V`` text by (path, modification time): asked again after an upgrade."""
_VERSIONS_LOCK = threading.Lock()


def _ask_version(program: str) -> str:
    try:
        done = subprocess.run([program, "-V"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return (done.stderr or done.stdout).decode("utf-8", "replace").strip() or "unknown"


def check_choice(value: str, variable: str = ENGINE_ENV) -> str:
    """Return ``value`` when it names a choice; raise SettingError naming ``variable`` otherwise."""
    if value not in CHOICES:
        raise SettingError(variable, value, Message.of(BAD_CHOICE, variable=variable, value=value))
    return value


def set_choice(value: str) -> None:
    """Choose the engine for this process and the processes it starts (``$GRAPHVIZ_APP_ENGINE``)."""
    global _choice
    _choice = check_choice(value, "engine")
    os.environ[ENGINE_ENV] = value


def choice() -> str:
    """The engine choice: the one set here, else ``$GRAPHVIZ_APP_ENGINE``, else ``auto``."""
    if _choice is not None:
        return _choice
    return check_choice(os.environ.get(ENGINE_ENV) or "auto")


def system_program() -> str | None:
    """The path of Graphviz's ``dot`` on PATH, or None."""
    return shutil.which("dot")


def packaged_program() -> str | None:
    """The path of the program the ``graphviz-pure`` distribution installed (read from its
    record of installed files, so it is found whether or not its folder is on PATH), or None."""
    path = _recorded_program()
    return path if path is not None and os.access(path, os.X_OK) else None


@functools.lru_cache(maxsize=1)
def _recorded_program() -> str | None:
    from importlib import metadata  # (16 ms to import: not before the CLI starts its worker)

    try:
        dist = metadata.distribution(PACKAGE)
    except metadata.PackageNotFoundError:
        return None
    names = (PACKAGE, f"{PACKAGE}.exe")
    for entry in dist.files or ():
        if entry.name in names:
            return os.path.normpath(str(dist.locate_file(entry)))
    return None


def engine(wanted: str | None = None) -> Engine:
    """Resolve ``wanted`` (default: :func:`choice`) to an installed engine; raise
    GraphvizNotFoundError naming what was tried and how to install it."""
    wanted = choice() if wanted is None else check_choice(wanted, "engine")
    if wanted in ("auto", "system") and (path := system_program()) is not None:
        return Engine("system", path)
    if wanted in ("auto", "packaged") and (path := packaged_program()) is not None:
        return Engine("packaged", path)
    raise GraphvizNotFoundError(wanted, sys.executable)


def warm_version() -> None:
    """Ask the chosen engine's version now (its ``-V`` can take seconds on a cold disk): called on
    a thread of its own when the window starts, so the GUI thread never waits for it. A missing
    engine is said when a layout needs it, not here."""
    with contextlib.suppress(GraphvizNotFoundError, SettingError):
        engine().version()


_NO_BUILT_IN_GLYPHS = re.compile(
    "[\u1100-\u11ff\u2e80-\ua4cf\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]"
)


def needs_system_fonts(text: str) -> bool:
    """True when ``text`` holds characters the packaged engine's built-in fonts (Latin, Greek,
    Cyrillic) have no glyphs for: Hangul, CJK and full-width forms, which its PNG would draw as
    empty boxes."""
    return not text.isascii() and _NO_BUILT_IN_GLYPHS.search(text) is not None


def available() -> dict[Kind, Engine]:
    """The engines installed here, by kind."""
    found: dict[Kind, Engine] = {}
    if (path := system_program()) is not None:
        found["system"] = Engine("system", path)
    if (path := packaged_program()) is not None:
        found["packaged"] = Engine("packaged", path)
    return found
