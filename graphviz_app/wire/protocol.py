"""The protocol between the runner (``capture/client.py``) and the capture worker (``worker/server.py``).

Both ends import this module; it imports neither torch nor anything that does, so ``core`` may use
it. Messages are JSON objects, one per line: the runner writes :class:`Request` lines to the
worker's stdin; the worker answers on its stdout with one :class:`Ready` when torch is loaded, then
for each request a :class:`Started` (the child's pid, also its process group) and a :class:`Done`
(how the child ended, and the peak memory of the run). The script's result and output travel in
files named by the request, never through the pipes.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Mapping
from typing import Any, Final, Literal, TypedDict

from .errors import SettingError
from .message import QT_TRANSLATE_NOOP, Message
from .run_options import RunOptionError, RunOptions, WireOptions

READY: Final = "ready"
STARTED: Final = "started"
DONE: Final = "done"
SETUP_FAILED: Final = "graphviz_app could not start the script:"
"""What the worker's child writes to its output when its own set-up fails before the script runs."""

OUTPUT_HEAD: Final = 256 * 1024
"""Bytes of a run's output (stdout and stderr, ``print`` or raw writes) kept from its start."""
OUTPUT_TAIL: Final = 64 * 1024
"""Bytes kept from the end of the output once the head is full; what lies between is left out."""

STACK_SIGNAL: Final[int] = getattr(signal, "SIGUSR1", signal.SIGTERM)  # no SIGUSR1 on Windows
"""Sent to a run's process before it is stopped (time limit, cancel): it writes its current stack
to its output (``faulthandler``), where the runner finds the line it was on."""
STACK_WAIT: Final = 0.3
"""Seconds the runner waits for that stack before it kills the run."""

WARM_ENV: Final = "GRAPHVIZ_APP_WORKER_WARM"
"""Set to "1" to make the worker pre-import what scripts import lazily (a long-lived worker)."""

RUN_MODE_ENV: Final = "GRAPHVIZ_APP_RUN_MODE"
"""How the worker runs each script: "fork" (a forked child of the warm worker, which has torch
loaded: Linux) or "portable" (a fresh interpreter per run, no fork: any system); unset, the
worker picks fork on Linux and portable elsewhere."""
RunMode = Literal["fork", "portable"]
BAD_RUN_MODE = QT_TRANSLATE_NOOP(
    "Explanation",
    "The environment variable GRAPHVIZ_APP_RUN_MODE is {value}, not "
    "'portable' or 'fork'. Set it to 'portable' (a fresh Python for each run, "
    "on any system) or to 'fork' (Linux), or unset it to let graphviz_app "
    "choose, and start graphviz_app again.",
)
CANNOT_FORK = QT_TRANSLATE_NOOP(
    "Explanation",
    "The environment variable GRAPHVIZ_APP_RUN_MODE is {value}, but this "
    "system cannot fork. Set it to 'portable', or unset it to let "
    "graphviz_app choose, and start graphviz_app again.",
)
TOKEN_ENV: Final = "GRAPHVIZ_APP_REPLY_TOKEN"
"""A random token the runner gives the worker (which takes it out of its environment, so a run
never sees it): every reply carries it, so a line something else printed on the worker's stdout
before the worker took the pipe over (a sitecustomize, a library at import) is never taken for
one, whatever it holds."""

MARKER_ENV: Final = "GRAPHVIZ_APP_RUN_MARKER"
"""Set by the runner for the worker: every process of a run inherits it, so the runner can find
and end what a run left even when the worker itself was killed."""


def run_mode(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> RunMode:
    """Return the run mode :data:`RUN_MODE_ENV` asks for, else the one this system supports.

    Raises SettingError for a value other than "fork" or "portable", and for "fork" where there
    is no fork.
    """
    value = environ.get(RUN_MODE_ENV, "")
    mode = value.strip().lower()
    if mode == "portable" or (mode == "fork" and hasattr(os, "fork")):
        return mode  # type: ignore[return-value]
    if mode:
        template = CANNOT_FORK if mode == "fork" else BAD_RUN_MODE
        raise SettingError(RUN_MODE_ENV, value, Message.of(template, value=repr(value)))
    return "fork" if platform.startswith("linux") and hasattr(os, "fork") else "portable"


class Limits(TypedDict):
    """Limits of one run, applied in the child before the script starts."""

    memory_bytes: int | None
    """Most data memory (``RLIMIT_DATA``) the script's process may map; None: no limit."""


class Request(TypedDict):
    """One script to run: where it is, how to run it, its limits and the files to write."""

    script: str
    options: WireOptions
    """:meth:`RunOptions.to_wire` (what to capture, the folder it runs in...), checked by
    :func:`decode_request`."""
    limits: Limits
    result: str
    """Path of the JSON result file the child writes (a :data:`Result`)."""
    output: str
    """Path of the file that receives the script's output, bounded to head + tail."""


class ResultOk(TypedDict):
    """The result file of a run that captured a graph."""

    ok: Literal[True]
    trace: dict[str, Any]
    """The trace (``wire/schema.py``)."""
    options: WireOptions
    """The options the run ran with, as the worker read them."""


class ResultFailed(TypedDict):
    """The result file of a run that failed: the error (``ScriptError.to_dict``)."""

    ok: Literal[False]
    error: dict[str, Any]
    options: WireOptions


Result = ResultOk | ResultFailed
"""What the child writes to the request's result file (JSON), read by :func:`read_result`."""


class Ready(TypedDict):
    event: Literal["ready"]
    pid: int


class Started(TypedDict):
    event: Literal["started"]
    pid: int


class _Ending(TypedDict):
    event: Literal["done"]
    exitcode: int | None
    """The child's exit status, or None when a signal ended it."""
    signal: int | None
    peak_rss: int
    """Largest resident set of the child in bytes (``ru_maxrss``)."""
    leftovers: int
    """Processes the script left behind (its descendants), killed when the run ended."""


class Done(_Ending, total=False):
    """How a run ended (the worker's last reply to a request)."""

    refused: str
    """Why the worker ran no child for the request (a malformed request, no room for its
    files); absent when a child ran."""
    over_memory: int
    """Bytes the run's processes used together when the worker stopped them for going over the
    run's memory limit; absent when it did not."""


Reply = Ready | Started | Done


class ProtocolError(ValueError):
    """A line on the worker's pipes that is not a message of this protocol."""


def encode(message: Request | Reply) -> str:
    """Return ``message`` as one protocol line (JSON, ending in a newline)."""
    return json.dumps(message, allow_nan=False) + "\n"


def _fields(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not JSON: {line[:200]!r}") from exc
    if not isinstance(data, dict):
        raise ProtocolError(f"not a JSON object: {line[:200]!r}")
    return data


def decode_request(line: str) -> Request:
    """Return the request on ``line``; raise ProtocolError when it is malformed."""
    data = _fields(line)
    for key in ("script", "result", "output"):
        if not isinstance(data.get(key), str):
            raise ProtocolError(f"request without a {key!r} path: {line[:200]!r}")
    limits = data.get("limits") or {}
    if not isinstance(limits, dict):
        raise ProtocolError(f"request with malformed limits: {line[:200]!r}")
    try:
        options = RunOptions.from_wire(data.get("options") or {})
    except RunOptionError as exc:
        raise ProtocolError(f"request with unusable options: {exc}") from None
    memory = limits.get("memory_bytes")
    return Request(
        script=data["script"],
        options=options.to_wire(),
        limits=Limits(memory_bytes=int(memory) if memory else None),
        result=data["result"],
        output=data["output"],
    )


def read_result(path: str) -> Result:
    """Return the result file at ``path``; raise ProtocolError when it is not a :data:`Result`
    (OSError when it cannot be read)."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    data = _fields(text)
    if not isinstance(data.get("options"), dict):
        raise ProtocolError(f"result without the options it ran with: {text[:200]!r}")
    if data.get("ok") is True and isinstance(data.get("trace"), dict):
        return ResultOk(ok=True, trace=data["trace"], options=data["options"])
    if data.get("ok") is False and isinstance(data.get("error"), dict):
        return ResultFailed(ok=False, error=data["error"], options=data["options"])
    raise ProtocolError(f"result with neither a trace nor an error: {text[:200]!r}")


def encode_reply(reply: Reply, token: str) -> str:
    """Return ``reply`` as one protocol line carrying the worker's ``token`` (:data:`TOKEN_ENV`)."""
    return json.dumps({**reply, "token": token}, allow_nan=False) + "\n"


def decode_reply(line: str, token: str | None = None) -> Reply:
    """Return the reply on ``line``; raise ProtocolError when it is not one (of the worker
    holding ``token``, when given)."""
    data = _fields(line)
    if token is not None and data.get("token") != token:
        raise ProtocolError(f"not a reply of this worker: {line[:200]!r}")
    try:
        return _reply(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError(f"malformed reply ({type(exc).__name__}: {exc}): {line[:200]!r}") from None


def _reply(data: dict[str, Any]) -> Reply:
    event = data.get("event")
    if event == READY:
        return Ready(event=READY, pid=int(data["pid"]))
    if event == STARTED:
        return Started(event=STARTED, pid=int(data["pid"]))
    if event == DONE:
        done = Done(
            event=DONE,
            exitcode=None if data.get("exitcode") is None else int(data["exitcode"]),
            signal=None if data.get("signal") is None else int(data["signal"]),
            peak_rss=int(data.get("peak_rss") or 0),
            leftovers=int(data.get("leftovers") or 0),
        )
        if data.get("refused"):
            done["refused"] = str(data["refused"])
        if data.get("over_memory"):
            done["over_memory"] = int(data["over_memory"])
        return done
    raise ProtocolError(f"unknown event {event!r}")
