"""Command line: ``graphviz-app [SCRIPT]`` opens the app; ``graphviz-app export ...`` runs headless."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import os
import signal
import sys
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .core import export_formats
from .core.model.values import AUTO_NODES, auto_values
from .language import CHOICES, language_of
from .logs import LEVELS, configure
from .message_reader import read_message
from .wire.errors import GraphvizAppError, ScriptError, SettingError
from .wire.message import QT_TRANSLATE_NOOP, Message
from .wire.run_options import RunOptionError, RunOptions

if TYPE_CHECKING:  # imported where used: the command line starts fast
    import networkx as nx

    from .capture.client import Runner
    from .capture.interpreter import Interpreter
    from .core.view.stepping import Stepper

EXPORT_SUFFIXES = export_formats.suffixes()
DEFAULT_LAYOUT_TIMEOUT = 120.0
"""Seconds Graphviz may spend on one drawing before the export stops (``--layout-timeout``)."""
CANNOT_WRITE_KIND = QT_TRANSLATE_NOOP("Explanation", "cannot write '{suffix}' files: use one of {suffixes}.")
NO_FOLDER = QT_TRANSLATE_NOOP(
    "Explanation", "the folder {folder} does not exist: create it or choose another output path."
)
NOT_WRITABLE = QT_TRANSLATE_NOOP(
    "Explanation", "the folder {folder} is not writable: choose another output path."
)
A_FOLDER = QT_TRANSLATE_NOOP("Explanation", "{path} is a folder: give a file name such as {example}.")
BAD_LAYOUT_TIMEOUT = QT_TRANSLATE_NOOP(
    "Explanation", "--layout-timeout must be a positive number of seconds, not {value}."
)
RAISE_TIMEOUT = QT_TRANSLATE_NOOP("Explanation", "The run time limit is raised with --timeout SECONDS.")
"""Where the command line raises the limit a run ran out (the window: Edit ▸ Preferences)."""
NO_BACKWARD_STEPS = QT_TRANSLATE_NOOP(
    "Explanation", "This graph has no backward steps: backward did not run. Add --backward to run it."
)
NO_GRADIENT_STEPS = QT_TRANSLATE_NOOP(
    "Explanation",
    "This graph has no backward steps: it is the graph of the gradients torch.autograd.grad() call "
    "{call} returned, and no backward has run through it yet. Add --backward (without --run-to-end) "
    "to run backward from those gradients, or capture the script's later call that runs backward "
    "through them (a higher --backward-call N).",
)
NO_SUCH_STEP = QT_TRANSLATE_NOOP(
    "Explanation", "There is no {mode} step {step}: this graph has {mode} steps 1 to {count}."
)


def export_parser() -> argparse.ArgumentParser:
    """Return the parser of the ``export`` subcommand."""
    from .core.view.colors import COLOR_MODES

    parser = argparse.ArgumentParser(
        prog="graphviz-app export",
        description="Run a PyTorch script (or read a saved .json graph) and write its autograd graph.",
        epilog="Arguments after -- go to the script as its sys.argv: "
        "graphviz-app export train.py -o g.json -- --epochs 1. A script whose name starts with - "
        "comes first after -- when it is not given before: graphviz-app export -o g.json -- -x.py --epochs 1",
    )
    parser.add_argument("script", nargs="?", help="a Python script, or a .json graph saved by graphviz_app")
    kinds = "; ".join(f"{' '.join(f.suffixes)} {f.name.source}" for f in export_formats.FORMATS)
    parser.add_argument("-o", "--out", help=f"output file, its format by suffix: {kinds}".replace("%", "%%"))
    parser.add_argument("--backward", action="store_true", help="run and record the backward pass")
    parser.add_argument(
        "--color", choices=COLOR_MODES, default="device", help="node colors (default: device)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="stop the script after S seconds (default 60)",
    )
    parser.add_argument(
        "--backward-call",
        type=int,
        default=1,
        metavar="N",
        help="for scripts that call backward() in a loop: capture call N (default 1)",
    )
    parser.add_argument(
        "--grad-graphs",
        action="store_true",
        help="count torch.autograd.grad(create_graph=True) calls among the backward calls too; "
        "the one --backward-call N picks is drawn as the graph of the gradients it returned",
    )
    parser.add_argument(
        "--run-to-end",
        action="store_true",
        help="let the script run on after the captured backward() call (by default it stops there)",
    )
    parser.add_argument(
        "--health",
        type=int,
        default=0,
        metavar="N",
        help="for scripts that call backward() in a loop: record each parameter's gradient norm "
        "and NaN/Inf counts over the first N calls (the script runs on until call N), then print "
        "each module's course and the vanishing or exploding gradients found (default 0: off)",
    )
    parser.add_argument("--output", metavar="NAME", help="use only the output tensor with this variable name")
    parser.add_argument(
        "--collapse-depth", type=int, metavar="D", help="collapse modules deeper than D levels"
    )
    parser.add_argument(
        "--rankdir",
        choices=("TB", "LR"),
        default="TB",
        help="layout direction: TB top to bottom (default), LR left to right",
    )
    parser.add_argument("--scale", type=float, default=1.0, help="PNG scale factor (default 1.0)")
    parser.add_argument(
        "--step",
        type=int,
        metavar="K",
        help="draw the graph at step K (1 = first): a backward step with --backward, else a forward step",
    )
    parser.add_argument(
        "--steps-dir",
        metavar="DIR",
        help="write one image per step into DIR (step-001.png ...; the format of -o if given)",
    )
    parser.add_argument(
        "--step-mode",
        choices=("forward", "backward"),
        help="step forward or backward (default: backward with --backward, else forward)",
    )
    parser.add_argument(
        "--values",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"draw each node's value and gradient beside it, as the window's View > Values does (default: on for graphs of at most {AUTO_NODES} nodes)",
    )
    parser.add_argument(
        "--memory",
        action="store_true",
        help="print what the graph keeps in memory for backward: its total and the 10 nodes "
        "that keep the most (op, module, bytes)",
    )
    parser.add_argument(
        "--time",
        action="store_true",
        help="print how long the graph's ops took, forward and backward: the totals and the 10 "
        "slowest nodes (time, forward, backward, op, module)",
    )
    parser.add_argument(
        "--layout-timeout",
        type=float,
        default=DEFAULT_LAYOUT_TIMEOUT,
        metavar="S",
        help=f"stop Graphviz after S seconds per drawing (default {DEFAULT_LAYOUT_TIMEOUT:g})",
    )
    parser.add_argument(
        "--run-as-python",
        action="store_true",
        help="run SCRIPT as Python although its name does not end in .py (only .py files run otherwise)",
    )
    parser.add_argument("--python", metavar="PATH", help=PYTHON_HELP)
    parser.add_argument("--engine", choices=ENGINES, help=ENGINE_HELP)
    parser.add_argument(
        "--language",
        choices=CHOICES,
        default="system",
        help="the language of the legend, a step's caption and a page's words (default: the "
        "locale's, from $LC_ALL, $LC_MESSAGES or $LANG, when translated; else English)",
    )
    parser.add_argument(
        "--log-level",
        choices=LEVELS,
        help="write what the app does to stderr from this level on (default: $GRAPHVIZ_APP_LOG, else warnings)",
    )
    return parser


PYTHON_HELP = (
    "the Python interpreter (or virtual environment folder) to run the script with; by default "
    "the nearest .venv or venv beside the script or above it, else $VIRTUAL_ENV, then "
    "$CONDA_PREFIX, else the one running graphviz-app"
)


ENGINES = ("auto", "system", "packaged")
ENGINE_HELP = (
    "the Graphviz that lays graphs out: system (Graphviz's dot on PATH), packaged (graphviz-pure, "
    "installed with graphviz_app) or auto, the system's when installed, else the packaged one "
    "(default: $GRAPHVIZ_APP_ENGINE, else the window's Preferences, else auto)"
)


def engine_argument(args: Sequence[str]) -> tuple[str | None, list[str], str | None]:
    """Take ``--engine NAME`` (before any ``--``) out of the window's command line: return the
    engine named (None: not given), the other arguments and a usage error (None when fine)."""
    items, rest, chosen = list(args), [], None
    while items:
        item = items.pop(0)
        if item == "--":
            rest += [item, *items]
            break
        if item == "--engine" or item.startswith("--engine="):
            value = item.partition("=")[2] if "=" in item else (items.pop(0) if items else "")
            if value not in ENGINES:
                return None, rest, f"--engine needs one of {', '.join(ENGINES)}, not {value or 'nothing'}"
            chosen = value
        else:
            rest.append(item)
    return chosen, rest, None


def window_arguments(args: Sequence[str]) -> tuple[str | None, str | None, str | None]:
    """Split the window's command line ``[--python PATH] [--] [SCRIPT]`` into the target, the
    interpreter and a usage error (None when it is fine). After ``--`` (or when it exists as a
    file), a name starting with ``-`` is the target."""
    target = python = None
    items = list(args)
    while items:
        item = items.pop(0)
        if item == "--":
            if items and target is None:
                target = items.pop(0)
            break
        if item == "--python" or item.startswith("--python="):
            value = item.partition("=")[2] if "=" in item else (items.pop(0) if items else "")
            if not value:
                return None, None, "--python needs a PATH: --python /path/to/venv/bin/python"
            python = value
        elif target is None and (not item.startswith("-") or os.path.exists(item)):
            target = item
    return target, python, None


def main(argv: Sequence[str] | None = None, *, runner: Runner | None = None) -> int:
    """Run the command line; return the exit status.

    ``runner``: a warm runner to run scripts with (a caller that exports many, such as the tests),
    kept open; by default each export starts a worker of its own and closes it.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "export":
        return interruptible(functools.partial(run_export, runner=runner), args[1:])
    if args and args[0] == "doctor":
        return interruptible(run_doctor, args[1:])
    if args and args[0] in ("-h", "--help"):
        print(
            "usage: graphviz-app [--python PATH] [--engine auto|system|packaged] [--] [SCRIPT | GRAPH.json]\n"
            "       graphviz-app export SCRIPT -o OUT [--backward] [--color MODE] [--timeout S] [--python PATH]\n"
            "                           [--engine auto|system|packaged]\n"
            "       graphviz-app doctor [SCRIPT] [--python PATH]\n\n"
            "Opens the graphviz_app window on SCRIPT (default: the bundled basic example).\n"
            "'graphviz-app export --help' describes headless export; 'graphviz-app doctor' checks\n"
            "what the app needs (Python, torch, Qt, Graphviz) and prints the fix for what is missing."
        )
        return 0
    engine, args, problem = engine_argument(args)
    if problem:
        return _fail(problem)
    target, python, problem = window_arguments(args)
    if problem:
        return _fail(problem)
    if target is not None and Path(target).exists():
        from .core.model.file_kind import classify_path

        decision = classify_path(target)
        if decision.refused:  # decided before the window opens, so nothing can run it
            return _fail(decision.message)
    from .qt.app import main as gui_main

    # An absolute path: a name starting with - is not taken for an option.
    return gui_main([os.path.abspath(target)] if target is not None else [], python=python, engine=engine)


def doctor_parser() -> argparse.ArgumentParser:
    """Return the parser of the ``doctor`` subcommand."""
    parser = argparse.ArgumentParser(
        prog="graphviz-app doctor",
        description="Check what graphviz_app needs on this computer (Python, torch, Qt, Graphviz) and "
        "print the fix for each item that is missing or broken. Exit status 1 when a needed item is.",
    )
    parser.add_argument(
        "script", nargs="?", help="check the Python this script would run under (its .venv, if any)"
    )
    parser.add_argument("--python", metavar="PATH", help=PYTHON_HELP)
    return parser


def run_doctor(argv: Sequence[str]) -> int:
    """``graphviz-app doctor``: print every finding, each fix under its item, then a summary;
    return 1 when a needed item is missing or broken. It speaks the window's language."""
    from . import doctor

    args = doctor_parser().parse_args(argv)
    report = doctor.examine(args.script, args.python)
    show = _speaker(report.language)
    rows = [(show(f.label), show(doctor.STATES[f.state]), f) for f in report.findings]
    width = max(_columns(label) for label, _, _ in rows)
    state_width = max(_columns(state) for _, state, _ in rows)
    for label, state, finding in rows:
        _say(f"{_pad(state, state_width)}  {_pad(label, width)}  {show(finding.detail)}")
        if finding.fix is not None:
            _say(" " * (state_width + width + 4) + show(Message.of(doctor.FIX, fix=finding.fix)))
    _say(show(doctor.summary(report.findings)))
    return 1 if doctor.problems(report.findings) else 0


def _say(line: str) -> None:
    """Print ``line`` in what stdout can encode (a Windows console's code page may lack Korean or
    ▸): a character it cannot show becomes ``?`` instead of failing the print."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    print(_safe(line).encode(encoding, "replace").decode(encoding, "replace"))


def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, columns: int) -> str:
    return text + " " * (columns - _columns(text))


def _speaker(language: str) -> Callable[[Message], str]:
    """Render messages in ``language`` from the catalogue, without Qt (doctor must speak when Qt
    is what is broken); English where the catalogue cannot be read."""
    from .language import words

    try:
        return words(language)
    except (OSError, SyntaxError):  # (ElementTree's ParseError is a SyntaxError)
        return Message.english


def _safe(text: str) -> str:
    """Return ``text`` printable on any stream: lone surrogates (odd names, odd file names)
    shown as ``\\udc80`` escapes instead of failing the print."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _fail(message: Message | str, status: int = 1) -> int:
    """Print ``message`` as the command's error; return ``status`` (2: a usage error)."""
    print(f"graphviz-app: error: {_safe(str(message))}", file=sys.stderr)
    return status


class Stopped(KeyboardInterrupt):
    """SIGTERM arrived: raised in the main thread so every ``finally`` cleans up, as for Ctrl+C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def interruptible(command: Callable[[Sequence[str]], int], argv: Sequence[str]) -> int:
    """Run ``command(argv)``; Ctrl+C or SIGTERM end it with one line and status 130 or 143.

    The interrupt unwinds through the command, so the worker and ``dot`` are killed, and temp
    files and ``.part`` files removed, before the line is printed; no traceback is shown.
    """

    def on_signal(signum: int, _frame: object) -> None:
        raise Stopped(signum)

    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, on_signal) if main_thread else None
    previous_int = signal.getsignal(signal.SIGINT)
    try:
        return command(argv)
    except KeyboardInterrupt as exc:
        if main_thread:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl+C must not cut this line
        signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
        how = "Ctrl+C" if signum == signal.SIGINT else signal.Signals(signum).name
        print(f"\ngraphviz-app: stopped by {how}; nothing was written.", file=sys.stderr)
        return 128 + signum
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)
            if previous_int is not None:
                signal.signal(signal.SIGINT, previous_int)


@contextmanager
def progress(label: str, limit: float) -> Iterator[None]:
    """While the block runs, show ``label: N s (limit S s)`` on stderr once a second, when stderr
    is a terminal (never in a pipe or a log); the line is erased at the end."""
    if not sys.stderr.isatty():
        yield
        return
    done = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        while not done.wait(1.0):
            sys.stderr.write(f"\r{label}: {time.monotonic() - start:.0f} s (limit {limit:g} s)\x1b[K")
            sys.stderr.flush()

    thread = threading.Thread(target=tick, name="progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def _check_output_path(out: Path) -> Message | None:
    if out.suffix.lower() not in EXPORT_SUFFIXES:
        return Message.of(
            CANNOT_WRITE_KIND, suffix=out.suffix or out.name, suffixes=", ".join(EXPORT_SUFFIXES)
        )
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        return Message.of(NO_FOLDER, folder=str(folder))
    if not os.access(folder, os.W_OK):
        return Message.of(NOT_WRITABLE, folder=str(folder))
    if out.is_dir():
        return Message.of(A_FOLDER, path=str(out), example=str(out / "graph.svg"))
    return None


def _step_range_error(graph: nx.DiGraph, mode: str, step: int) -> GraphvizAppError:
    from .core.view.stepping import step_order

    count = len(step_order(graph, mode))
    if count == 0:
        backward = graph.graph.get("backward") or {}
        if backward.get("kind") == "grad_graph":
            return GraphvizAppError(Message.of(NO_GRADIENT_STEPS, call=backward.get("call")))
        return GraphvizAppError(Message.of(NO_BACKWARD_STEPS))
    return GraphvizAppError(Message.of(NO_SUCH_STEP, mode=mode, step=step, count=count))


def export_step(
    draw: functools.partial[list[Message]], stepper: Stepper, out: Path, mode: str, step: int
) -> list[Message]:
    """Write the graph as it looks at ``step`` (1-based) of ``mode`` to ``out``; return notices.
    ``draw``: :func:`~.core.export.export_graph` given all but the path and the step."""
    view = stepper.view(mode, step - 1)
    if not 1 <= step <= view.count:
        raise _step_range_error(stepper.graph, mode, step)
    return draw(out, step=view)


def export_steps(
    draw: functools.partial[list[Message]], stepper: Stepper, folder: Path, suffix: str, mode: str
) -> tuple[int, list[Message]]:
    """Write one file per step of ``mode`` into ``folder`` (``step-001.png``...); return the count and notices."""
    count = stepper.count(mode)
    if count == 0:
        raise _step_range_error(stepper.graph, mode, 1)
    notices: list[Message] = []
    for step in range(1, count + 1):
        for notice in export_step(draw, stepper, folder / f"step-{step:03d}{suffix}", mode, step):
            if notice not in notices:
                notices.append(notice)
    return count, notices


def run_options(args: argparse.Namespace, script_args: Sequence[str]) -> RunOptions:
    """The options of the run ``export``'s arguments ask for (``script_args``: after ``--``);
    raises RunOptionError for a value no run can use. The script runs in the current folder."""
    return RunOptions(
        timeout=args.timeout,
        backward=args.backward,
        backward_call=args.backward_call,
        grad_graphs=args.grad_graphs,
        run_to_end=args.run_to_end,
        output=args.output,
        argv=tuple(script_args),
        health=args.health,
    )


VALUES_UP_TO = 1000
"""Ops a run records values for when its export draws them only on graphs of at most
AUTO_NODES nodes: room for what a script computes beside the graph drawn."""


def values_needed(options: RunOptions, args: argparse.Namespace, out: Path) -> RunOptions:
    """Return ``options`` asking for no values of a big graph when the export to ``out`` draws
    them only with Values on, and Values is left to the graph's size (an image, DOT: on for at
    most AUTO_NODES nodes); a JSON file or a page keeps every value (its node details)."""
    written = export_formats.BY_SUFFIX.get(out.suffix.lower())
    if args.values is None and written is not None and written.writer in ("graphviz", "dot"):
        return dataclasses.replace(options, values_up_to=VALUES_UP_TO)
    return options


def run_export(argv: Sequence[str], runner: Runner | None = None) -> int:
    """The ``export`` subcommand: run (or load), then write the graph; return the exit status.
    ``runner``: see :func:`main`."""
    parser = export_parser()
    argv = list(argv)
    script_args = argv[argv.index("--") + 1 :] if "--" in argv else []
    args, unknown = parser.parse_known_args(argv[: len(argv) - len(script_args) - (1 if "--" in argv else 0)])
    try:
        configure(args.log_level)
    except SettingError as exc:  # GRAPHVIZ_APP_LOG names no level: usage's status
        return _fail(str(exc), 2)
    if args.script is None and len(unknown) == 1 and os.path.exists(unknown[0]):
        args.script, unknown = unknown[0], []  # a file whose name starts with -
    if unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.script is None:
        if not script_args:
            parser.error(
                "the script is required: graphviz-app export SCRIPT -o OUT (after -- if its name starts with -)"
            )
        args.script = script_args.pop(0)
    if args.out is None and args.steps_dir is None:
        parser.error("the output file (-o OUT) is required, unless --steps-dir is given")
    if args.steps_dir is not None:
        Path(args.steps_dir).mkdir(parents=True, exist_ok=True)
        suffix = Path(args.out).suffix if args.out else ".png"
        out = Path(args.steps_dir) / f"step-001{suffix}"
    else:
        out = Path(args.out)
    problem = _check_output_path(out)
    if problem:
        return _fail(problem)
    if not args.layout_timeout > 0:
        return _fail(Message.of(BAD_LAYOUT_TIMEOUT, value=f"{args.layout_timeout:g}"))
    from .core.graphviz import engine

    try:
        if args.engine is not None:
            engine.set_choice(args.engine)
        engine.choice()  # $GRAPHVIZ_APP_ENGINE names an engine
    except SettingError as exc:  # a bad setting: usage's status
        return _fail(exc.message, 2)
    try:
        run_with = run_options(args, script_args)
    except RunOptionError as exc:  # a bad option: usage's status
        return _fail(str(exc), 2)
    # the bytes kept for backward come with the ops' saved values, which big drawings leave out
    if not args.memory and args.color != "memory":
        run_with = values_needed(run_with, args, out)
    from .core.model.file_kind import classify_path

    source = Path(args.script)
    kind = classify_path(source, run_anyway=args.run_as_python)
    if kind.refused:
        return _fail(kind.message)
    if kind.kind == "script" and source.suffix.lower() != ".py":
        print(f"note: {kind.message}", file=sys.stderr)
    from .wire.gc_pause import gc_paused

    own: Runner | None = None
    try:
        # One export builds big acyclic structures (the graph, its display, its drawing) and
        # lets them go: the cyclic collector would only scan them again (0.2 s at 20,000 nodes).
        with gc_paused():
            if kind.kind == "graph":
                return _export(args, source, out, run_with, None, None)
            from .capture.client import Runner
            from .capture.interpreter import WITH_FLAG, find_interpreter

            # the worker starts now: it imports torch while this process imports its drawing code
            interpreter = find_interpreter(source, args.python, where=WITH_FLAG)
            active = runner if runner is not None else Runner(warm=False, python=interpreter)
            own = active if runner is None else None
            active.start(interpreter)
            return _export(args, source, out, run_with, active, interpreter, one_shot=own is not None)
    except ScriptError as exc:  # the script's Python cannot be started
        return _script_failed(exc, None)
    except SettingError as exc:
        return _fail(exc.message, 2)
    finally:
        if own is not None:
            own.close()


def _script_failed(exc: ScriptError, interpreter: Interpreter | None) -> int:
    """Print a failed run's output, traceback and Python, and its message; return status 1."""
    if exc.output:
        print("--- the script's output ---", file=sys.stderr)
        print(_safe(exc.output.rstrip()), file=sys.stderr)
        print("---", file=sys.stderr)
    if exc.user_traceback:
        print(_safe(exc.user_traceback.rstrip()), file=sys.stderr)
    if interpreter is not None and exc.kind != "interpreter":  # that error names it already
        print(_safe(f"Ran with {interpreter.path} ({interpreter.reason})"), file=sys.stderr)
    status = _fail(str(exc))
    if exc.kind == "timeout":
        print(f"graphviz-app: {Message.of(RAISE_TIMEOUT)}", file=sys.stderr)
    return status


def _export(
    args: argparse.Namespace,
    source: Path,
    out: Path,
    run_with: RunOptions,
    runner: Runner | None,
    interpreter: Interpreter | None,
    *,
    one_shot: bool = False,
) -> int:
    """Run the script ``source`` with ``runner`` under ``interpreter`` (None: load the graph
    ``source``), then write ``out``; return the exit status. ``one_shot``: the runner serves
    this run only (its worker ends, on a thread, while the graph is drawn)."""
    from .core.export import check_target, export_graph, remove_stale_parts, remove_stale_temp_folders
    from .core.model.graph import load_graph_json
    from .core.model.topology import collapse_to_depth
    from .core.view.display import ViewOptions
    from .core.view.stepping import Stepper

    remove_stale_temp_folders()
    remove_stale_parts(out.parent if str(out.parent) else Path("."))
    protect = [source]
    try:
        if args.steps_dir is None:
            check_target(out, protect)
        if runner is None:
            graph = load_graph_json(source)
            output = ""
        else:
            result = runner.run(source, run_with, python=interpreter)
            if one_shot:  # (closed again by the caller: that waits for this)
                threading.Thread(target=runner.close, name="worker-stop", daemon=True).start()
            graph, output = result.graph, result.output
        depth = args.collapse_depth
        collapsed = collapse_to_depth(graph, depth) if depth is not None else frozenset()
        options = ViewOptions(collapsed=collapsed, rankdir=args.rankdir)
        notices: list[Message | str] = [read_message(n) for n in graph.graph.get("notices", [])]
        mode = args.step_mode or ("backward" if args.backward else "forward")
        values = auto_values(graph.number_of_nodes()) if args.values is None else args.values
        language = language_of(args.language)
        draw = functools.partial(
            export_graph,
            graph,
            mode=args.color,
            options=options,
            scale=args.scale,
            timeout=args.layout_timeout,
            protect=protect,
            values=values,
            language=language,
        )
        with progress(f"graphviz-app: drawing {graph.number_of_nodes():,} nodes", args.layout_timeout):
            if args.steps_dir is not None:
                count, step_notices = export_steps(
                    draw, Stepper(graph, values=values), Path(args.steps_dir), out.suffix, mode
                )
                notices += step_notices
                written = f"{count} {mode} step images to {args.steps_dir}"
            elif args.step is not None:
                notices += export_step(draw, Stepper(graph, values=values), out, mode, args.step)
                written = f"{out} at {mode} step {args.step}"
            else:
                notices += draw(out)
                written = str(out)
        from .core.model.plots import write_plots  # the script's matplotlib figures, beside the output

        notices += write_plots(
            graph, out if args.steps_dir is None else out.with_name(source.stem + out.suffix)
        )
    except ScriptError as exc:
        return _script_failed(exc, interpreter)
    except SettingError as exc:  # the environment is wrong, as a bad option: usage's status
        return _fail(exc.message, 2)
    except GraphvizAppError as exc:
        return _fail(exc.message)
    if output:
        sys.stderr.write(_safe(output if output.endswith("\n") else output + "\n"))
    if interpreter is not None:
        from .capture.interpreter import environment_note

        environment = graph.graph.get("environment")
        ran = (
            environment_note(environment)
            if isinstance(environment, dict)
            else f"Ran with {interpreter.path} ({interpreter.reason})"
        )
        print(_safe(ran), file=sys.stderr)
    for notice in notices:
        print(f"note: {_safe(str(notice))}", file=sys.stderr)
    print(_safe(f"wrote {written} ({graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges)"))
    if args.memory:
        print_kept_memory(graph, _speaker(language))
    if args.time:
        print_times(graph, _speaker(language))
    if args.health or "health" in graph.graph:
        print_health(graph, _speaker(language))
    return 0


MEMORY_TOTAL = QT_TRANSLATE_NOOP(
    "Memory", "Kept for backward: {bytes} (each storage counted once, however many nodes save it)"
)
MEMORY_UNKNOWN = QT_TRANSLATE_NOOP(
    "Memory",
    "Kept for backward: not recorded in this graph (saved before graphviz_app measured it, or "
    "drawn without the ops' saved values). Export it again from its script with --memory.",
)
MEMORY_UNMEASURED = QT_TRANSLATE_NOOP(
    "Memory",
    "{count} nodes keep tensors that were not measured (read only by saved-tensor hooks, freed by "
    "backward, or without a plain storage): the total leaves them out.",
)
MEMORY_HEADER = (
    QT_TRANSLATE_NOOP("Memory", "bytes"),
    QT_TRANSLATE_NOOP("Memory", "op"),
    QT_TRANSLATE_NOOP("Memory", "module"),
)
MEMORY_HOLDERS = 10
"""How many nodes ``--memory`` (and ``--time``) lists, those keeping (taking) the most first."""


def print_kept_memory(graph: nx.DiGraph, show: Callable[[Message], str]) -> None:
    """Print the graph's memory kept for backward and the nodes keeping the most, as a table
    (``show`` renders the words in the chosen language)."""
    from .core.model.kept_memory import format_bytes, graph_total, largest_holders, node_kept

    total = graph_total(graph)
    if total is None:
        _say(show(Message.of(MEMORY_UNKNOWN)))
        return
    _say(show(Message.of(MEMORY_TOTAL, bytes=format_bytes(total))))
    unknown = sum(node_kept(graph, node).unknown for node in graph)
    if unknown:
        _say(show(Message.of(MEMORY_UNMEASURED, count=unknown)))
    rows = [tuple(show(Message.of(word)) for word in MEMORY_HEADER)]
    for node in largest_holders(graph, MEMORY_HOLDERS):
        data = graph.nodes[node]
        rows.append(
            (format_bytes(data["saved_bytes"]), str(data.get("op") or "?"), str(data.get("module") or "—"))
        )
    _table(rows, 1)


TIME_TOTAL = QT_TRANSLATE_NOOP("Time", "Time: {forward} forward, {backward} backward ({clock})")
TIME_HOST = QT_TRANSLATE_NOOP("Time", "each op's call and each node's backward on the host's clock")
TIME_CUDA = QT_TRANSLATE_NOOP(
    "Time", "each op's call and each node's backward; CUDA events for the nodes on a GPU"
)
TIME_NO_BACKWARD = QT_TRANSLATE_NOOP("Time", "no backward pass")
TIME_UNKNOWN = QT_TRANSLATE_NOOP(
    "Time",
    "Time: not recorded in this graph (saved before graphviz_app measured it). Export it again "
    "from its script with --time.",
)
TIME_HEADER = (  # the window's Slowest list's words
    QT_TRANSLATE_NOOP("Slowest", "time"),
    QT_TRANSLATE_NOOP("Slowest", "forward"),
    QT_TRANSLATE_NOOP("Slowest", "backward"),
    QT_TRANSLATE_NOOP("Memory", "op"),
    QT_TRANSLATE_NOOP("Memory", "module"),
)


def print_times(graph: nx.DiGraph, show: Callable[[Message], str]) -> None:
    """Print the graph's forward and backward time and its slowest nodes (forward and backward
    together), as a table (``show`` renders the words in the chosen language)."""
    from .core.model.durations import BACKWARD, FORWARD, TIME, format_duration, graph_times
    from .core.model.kept_memory import largest_holders

    forward, backward = graph_times(graph)
    if forward is None:
        _say(show(Message.of(TIME_UNKNOWN)))
        return
    clock = TIME_CUDA if graph.graph.get("time_clock") == "cuda_events" else TIME_HOST
    spent = format_duration(backward) if backward is not None else Message.of(TIME_NO_BACKWARD)
    words = Message.of(TIME_TOTAL, forward=format_duration(forward), backward=spent, clock=Message.of(clock))
    _say(show(words))
    rows = [tuple(show(Message.of(word)) for word in TIME_HEADER)]
    for node in largest_holders(graph, MEMORY_HOLDERS, TIME):
        data = graph.nodes[node]
        amounts = (measure.of(data) for measure in (TIME, FORWARD, BACKWARD))
        shown = tuple(format_duration(amount) if amount is not None else "—" for amount in amounts)
        rows.append((*shown, str(data.get("op") or "?"), str(data.get("module") or "—")))
    _table(rows, 3)


def _table(rows: list[tuple[str, ...]], numbers: int) -> None:
    """Print a header and rows, indented, the first ``numbers`` columns right-aligned (amounts)
    and the others left-aligned; nothing when there are no rows under the header."""
    if len(rows) == 1:
        return
    widths = [max(_columns(row[k]) for row in rows) for k in range(len(rows[0]))]
    for row in rows:
        cells = [" " * (widths[k] - _columns(cell)) + cell for k, cell in enumerate(row[:numbers])]
        cells += [_pad(cell, widths[k]) for k, cell in enumerate(row[numbers:-1], numbers)]
        _say(("  " + "  ".join([*cells, row[-1]])).rstrip())


HEALTH_TITLE = QT_TRANSLATE_NOOP(
    "Health", "Gradient health over {count} backward() calls (steps {first} to {last}):"
)
HEALTH_NONE = QT_TRANSLATE_NOOP(
    "Health",
    "Gradient health: not recorded in this graph. Export it from its script with --health N "
    "(the script must call backward() itself).",
)
HEALTH_FINE = QT_TRANSLATE_NOOP("Health", "No vanishing or exploding gradient found.")
HEALTH_HEADER = (
    QT_TRANSLATE_NOOP("Health", "module"),
    QT_TRANSLATE_NOOP("Health", "first norm"),
    QT_TRANSLATE_NOOP("Health", "last norm"),
    QT_TRANSLATE_NOOP("Health", "trend"),
)


def print_health(graph: nx.DiGraph, show: Callable[[Message], str]) -> None:
    """Print gradient health: one row per module (its first and last norm and its trend), then
    the findings' sentences (``show`` renders the words in the chosen language)."""
    from .core.model.health import TREND_WORDS, health
    from .core.model.values import format_number

    found = health(graph)
    if found is None or not found.courses:
        _say(show(Message.of(HEALTH_NONE)))
        return
    steps = found.steps
    _say(show(Message.of(HEALTH_TITLE, count=len(steps), first=steps[0], last=steps[-1])))
    rows = [tuple(show(Message.of(word)) for word in HEALTH_HEADER)]
    for course in found.courses:
        first, last = (format_number(n) if n is not None else "—" for n in (course.first, course.last))
        rows.append((course.module, first, last, show(TREND_WORDS[course.trend])))
    widths = [max(_columns(row[k]) for row in rows) for k in range(3)]
    for module, first, last, trend in rows:
        _say(
            f"  {_pad(module, widths[0])}  {' ' * (widths[1] - _columns(first))}{first}  "
            f"{' ' * (widths[2] - _columns(last))}{last}  {trend}".rstrip()
        )
    findings = found.findings
    for finding in findings:
        _say(show(finding.message))
    if not findings:
        _say(show(Message.of(HEALTH_FINE)))
