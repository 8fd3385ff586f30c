"""What one run of a script is asked to do: one frozen :class:`RunOptions` from the CLI or the
Preferences to the worker, and its wire form.

The CLI builds it from its arguments, the window's settings from ``QSettings``; the runner
(``capture/client.py``) sends it unchanged in the request, and the worker's child reads it back
and captures with it, echoing what it ran with in the result file. Which Python runs the script
is the runner's choice, not an option of the run (the worker already runs under it).

Worker side: this module needs only the standard library and the app's errors and messages.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeAlias

from .errors import GraphvizAppError
from .message import QT_TRANSLATE_NOOP, Message, Template

WireOptions: TypeAlias = dict[str, Any]
""":meth:`RunOptions.to_wire`'s JSON object: field name to plain value."""

DEFAULT_TIMEOUT = 60.0
"""Seconds a run may take when the caller names no limit."""
MAX_HEALTH_STEPS = 10_000
"""The most backward() calls a run records gradient health for (the saved graph's bound too)."""

NOT_POSITIVE = QT_TRANSLATE_NOOP(
    "RunOptions",
    "The run time limit is {value}, not a number of seconds above 0. Give a limit such as 60 "
    "(--timeout S, or Edit ▸ Preferences ▸ Run time limit).",
)
NOT_A_CALL = QT_TRANSLATE_NOOP(
    "RunOptions",
    "The backward call to capture is {value}, not a call number (1 is the first). Give 1 or more "
    "(--backward-call N, or Edit ▸ Preferences ▸ Backward call to capture).",
)
WRONG_TYPE = QT_TRANSLATE_NOOP(
    "RunOptions",
    "The run option {option} is {value}, not {expected}. Give it {expected}.",
)
A_SWITCH = QT_TRANSLATE_NOOP("RunOptions", "true or false")
A_NAME = QT_TRANSLATE_NOOP("RunOptions", "a variable name or nothing")
A_FOLDER = QT_TRANSLATE_NOOP("RunOptions", "a folder or nothing")
A_LIST = QT_TRANSLATE_NOOP("RunOptions", "a list of texts")
A_COUNT = QT_TRANSLATE_NOOP("RunOptions", "a number of nodes (0 or more) or nothing")
NOT_STEPS = QT_TRANSLATE_NOOP(
    "RunOptions",
    "The gradient health steps are {value}, not a number of backward() calls from 0 (off) to "
    "{most}. Give such a number (--health N, or Edit ▸ Preferences ▸ Gradient health).",
)
UNKNOWN_OPTION = QT_TRANSLATE_NOOP(
    "RunOptions",
    "The run options name {option}, which this graphviz_app does not know. The app and its "
    "capture worker come from different versions: start graphviz_app again.",
)
NOT_AN_OBJECT = QT_TRANSLATE_NOOP(
    "RunOptions",
    "The run options are {value}, not a JSON object. The app and its capture worker come from "
    "different versions: start graphviz_app again.",
)


class RunOptionError(GraphvizAppError, ValueError):
    """A run option holds a value no run can use; ``option`` names it (a :class:`RunOptions`
    field) and ``value`` is what it held; the message names the cause and the fix."""

    def __init__(self, option: str, value: object, message: Message) -> None:
        super().__init__(message)
        self.option = option
        self.value = value


@dataclass(frozen=True)
class RunOptions:
    """Every option of one run; invalid values raise :class:`RunOptionError`.

    Adding an option: a field here (with its check in :meth:`__post_init__` when its type is not
    enough), its use in ``worker/script.py``, and where users set it (the CLI's ``export``
    arguments, ``qt/settings.py`` and the Preferences dialog).
    """

    timeout: float = DEFAULT_TIMEOUT
    """Seconds the script may run before it is stopped (the runner stops it)."""
    backward: bool = False
    """Run backward from the outputs when the script does not call it itself."""
    backward_call: int = 1
    """Which of the script's own backward() calls to capture (1 = the first)."""
    grad_graphs: bool = False
    """Count the script's ``torch.autograd.grad(create_graph=True)`` calls among its backward
    calls too; when ``backward_call`` picks one, capture the graph of the gradients it returned
    (by default such a call is a step of the forward, neither counted nor captured)."""
    run_to_end: bool = False
    """Let the script run on after the captured backward() call (by default it stops there)."""
    output: str | None = None
    """Name of the one output to use, instead of all of them."""
    values: bool = True
    """Record a summary of every op's forward value."""
    values_up_to: int | None = None
    """Record them only while the graph has at most this many ops (None: however many); past
    it, no node has one, nor its saved tensors listed: an export that draws values on small
    graphs only, and never saved tensors, asks for none of a big graph's (capturing and reading
    them back is a third of its run)."""
    argv: tuple[str, ...] = ()
    """Arguments the script sees: ``sys.argv = [script, *argv]``."""
    cwd: str | None = None
    """The folder the script runs in (its ``os.getcwd()``); None: the caller's current folder
    (the runner fills it in before sending)."""
    health: int = 0
    """Record gradient health over this many of the script's backward() calls (0: off): after
    each call, every parameter's gradient norm and its NaN and Inf element counts; the script
    runs on until that many calls were made, even past the captured one."""

    def __post_init__(self) -> None:
        # Callers may hand a list of arguments or a Path: stored as the frozen, plain forms.
        if isinstance(self.argv, list):
            object.__setattr__(self, "argv", tuple(self.argv))
        if isinstance(self.cwd, os.PathLike):
            object.__setattr__(self, "cwd", os.fspath(self.cwd))
        if isinstance(self.timeout, int) and not isinstance(self.timeout, bool):
            object.__setattr__(self, "timeout", float(self.timeout))
        timeout = self.timeout
        if not isinstance(timeout, float) or not (math.isfinite(timeout) and timeout > 0):
            raise RunOptionError("timeout", timeout, Message.of(NOT_POSITIVE, value=_shown(timeout)))
        call = self.backward_call
        if isinstance(call, bool) or not isinstance(call, int) or call < 1:
            raise RunOptionError("backward_call", call, Message.of(NOT_A_CALL, value=_shown(call)))
        steps = self.health
        if isinstance(steps, bool) or not isinstance(steps, int) or not 0 <= steps <= MAX_HEALTH_STEPS:
            raise RunOptionError(
                "health", steps, Message.of(NOT_STEPS, value=_shown(steps), most=MAX_HEALTH_STEPS)
            )
        limit = self.values_up_to
        counts = limit is None or (isinstance(limit, int) and not isinstance(limit, bool) and limit >= 0)
        switches = ("backward", "grad_graphs", "run_to_end", "values")
        checks: list[tuple[str, bool, Template]] = [
            *((name, isinstance(getattr(self, name), bool), A_SWITCH) for name in switches),
            ("output", isinstance(self.output, str | None), A_NAME),
            ("values_up_to", counts, A_COUNT),
            ("cwd", isinstance(self.cwd, str | None), A_FOLDER),
            ("argv", isinstance(self.argv, tuple) and all(isinstance(a, str) for a in self.argv), A_LIST),
        ]
        for name, fits, expected in checks:
            if not fits:
                value = getattr(self, name)
                words = Message.of(
                    WRONG_TYPE, option=name, value=_shown(value), expected=Message.of(expected)
                )
                raise RunOptionError(name, value, words)

    def to_wire(self) -> WireOptions:
        """The plain JSON object sent to the worker (and echoed in the result file)."""
        wire = asdict(self)
        wire["argv"] = list(self.argv)
        return wire

    @classmethod
    def from_wire(cls, data: object) -> RunOptions:
        """Rebuild :meth:`to_wire`'s output; a missing field takes its default. Raises
        RunOptionError for a field this version does not know and for a value it cannot use."""
        if not isinstance(data, Mapping):
            raise RunOptionError("", data, Message.of(NOT_AN_OBJECT, value=_shown(data)))
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise RunOptionError(str(name), data[name], Message.of(UNKNOWN_OPTION, option=str(name)))
        values = dict(data)
        if isinstance(values.get("argv"), list):
            values["argv"] = tuple(values["argv"])
        return cls(**values)


def _shown(value: object) -> str:
    """A value as the message shows it (short, even for a long list)."""
    text = repr(value) if not isinstance(value, float | int) or isinstance(value, bool) else f"{value:g}"
    return text if len(text) <= 80 else text[:77] + "..."
