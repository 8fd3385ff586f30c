"""The window's local socket, where any Python process sends it a graph (``graphviz_app.open``).

One window per user listens (Qt's ``QLocalServer``, given the full path below, so a sender needs
no Qt: the standard library's ``AF_UNIX`` socket speaks to it).  A sender writes one line, a JSON
object ``{"version": 1, "open": "/abs/graph.json", "title": "notebook cell 12"}``, and the window
answers one line, ``{"ok": true}`` once the graph is open or ``{"ok": false, "error": "..."}``.
Only saved graphs (``.json``) are accepted: nothing sent this way runs code.

The socket lives in a folder only its user can enter: ``$XDG_RUNTIME_DIR`` when set, else
``<temp>/graphviz_app-<uid>`` (made with mode 0700); ``GRAPHVIZ_APP_SOCKET`` names another path.
Windows has no such socket for Qt to share: there, ``open`` starts a window on the file instead.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..wire.errors import GraphvizAppError

SOCKET_ENV = "GRAPHVIZ_APP_SOCKET"
"""Names the socket's path instead of the default (tests, or two separate app setups)."""
SOCKET_NAME = "graphviz_app-window.sock"
VERSION = 1
MAX_MESSAGE = 64 * 1024
"""Bytes a message may have (a path and a title); longer ones are refused unread."""
MAX_TITLE = 200


def supported() -> bool:
    """True where the window listens on a socket a plain Python process can reach (not Windows)."""
    return sys.platform != "win32" and hasattr(os, "getuid")


def socket_path(*, create: bool = False) -> Path:
    """Return the socket's path; ``create`` makes its private folder when needed.

    Raises GraphvizAppError when the folder exists but belongs to another user or others can
    enter it (another user could then pose as the window).
    """
    named = os.environ.get(SOCKET_ENV)
    if named:
        return Path(named)
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isdir(runtime) and _private(Path(runtime)):
        return Path(runtime) / SOCKET_NAME
    folder = Path(tempfile.gettempdir()) / f"graphviz_app-{os.getuid()}"
    if create:
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
        except OSError as exc:
            raise GraphvizAppError(
                f"Cannot make the folder {folder} for the window's socket ({exc.strerror or exc}). "
                f"Set {SOCKET_ENV} to a socket path in a folder you own."
            ) from None
    if folder.exists() and not _private(folder):
        raise GraphvizAppError(
            f"The folder {folder} for the window's socket belongs to another user or others can "
            f"enter it. Remove it, or set {SOCKET_ENV} to a socket path in a folder you own."
        )
    return folder / SOCKET_NAME


def _private(folder: Path) -> bool:
    try:
        info = folder.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077


@dataclass(frozen=True)
class Request:
    """A graph to open: the saved graph's absolute path and where it came from."""

    path: Path
    title: str


def encode_request(path: Path, title: str) -> bytes:
    """Return the line a sender writes for ``path`` (absolute) and ``title``."""
    message = {"version": VERSION, "open": str(Path(path).absolute()), "title": title[:MAX_TITLE]}
    return json.dumps(message, ensure_ascii=True).encode("ascii") + b"\n"


def decode_request(line: bytes) -> Request:
    """Return the request a line holds; raise GraphvizAppError naming what is wrong with it
    (not JSON, another version, not an existing ``.json`` file given by its absolute path)."""
    if len(line) > MAX_MESSAGE:
        raise GraphvizAppError(
            f"The message is longer than {MAX_MESSAGE} bytes; send a path and a title only."
        )
    try:
        data: Any = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise GraphvizAppError(
            'The message is not a JSON object; send {"version": 1, "open": PATH, "title": TEXT}.'
        ) from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise GraphvizAppError(
            f"The message is not a version {VERSION} request; update graphviz_app "
            "so the sender and the window match."
        )
    path, title = data.get("open"), data.get("title")
    if not isinstance(path, str) or not os.path.isabs(path) or "\x00" in path:
        raise GraphvizAppError("The message names no absolute path to open.")
    if not path.lower().endswith(".json"):
        raise GraphvizAppError(f"Only saved graphs (.json) can be sent to the window, not {path}.")
    if not os.path.isfile(path):
        raise GraphvizAppError(f"Cannot open {path}: no such file.")
    text = " ".join(str(title).split())[:MAX_TITLE] if isinstance(title, str) else ""
    return Request(Path(path), text or os.path.basename(path))


def encode_reply(error: str | None = None) -> bytes:
    """Return the window's answer: ok, or the error's message."""
    reply: dict[str, Any] = {"ok": True} if error is None else {"ok": False, "error": error}
    return json.dumps(reply, ensure_ascii=True).encode("ascii") + b"\n"
