"""The app's log: what it does (the capture worker, runs, layouts, the layout cache, failures it
shows), written to standard error when ``GRAPHVIZ_APP_LOG`` or ``--log-level`` asks for it."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import Final

from .wire.errors import SettingError
from .wire.message import QT_TRANSLATE_NOOP, Message

LOG_ENV: Final = "GRAPHVIZ_APP_LOG"
"""The level of the app's log on standard error: ``debug``, ``info``, ``warning`` or ``error``."""
LEVELS: Final = ("debug", "info", "warning", "error")
FORMAT: Final = "%(asctime)s %(name)s %(levelname)s: %(message)s"
BAD_LEVEL = QT_TRANSLATE_NOOP(
    "Explanation",
    "The log level {value} ({source}) is none of debug, info, warning, error. Give one of them, or "
    "unset {source} for warnings and errors only.",
)
_handlers: list[logging.Handler] = []
"""The handler :func:`configure` added (one, however often it is called)."""


def configure(level: str | None = None, environ: Mapping[str, str] = os.environ) -> None:
    """Write the app's log records of ``level`` (else :data:`LOG_ENV`'s) and above to standard
    error; with neither, leave Python's default (warnings and errors). Raises SettingError for a
    level that is none of :data:`LEVELS`."""
    source = "--log-level" if level is not None else LOG_ENV
    value = level if level is not None else environ.get(LOG_ENV, "")
    name = value.strip().lower()
    if not name:
        return
    if name not in LEVELS:
        raise SettingError(source, value, Message.of(BAD_LEVEL, value=repr(value), source=source))
    logger = logging.getLogger("graphviz_app")
    logger.setLevel(name.upper())
    if not _handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(FORMAT))
        logger.addHandler(handler)
        _handlers.append(handler)
