"""Run a user's script and capture the autograd graph it builds (in the current process).

Three kinds of scripts are understood:
1. plain tensor scripts that never call backward: the outputs are found in the script's namespace;
2. scripts that call ``backward()`` themselves (once or in a training loop): the graph is walked at
   the chosen call (the first by default), before the engine frees its buffers, and that backward
   is recorded;
3. module scripts: a top-level ``model`` and ``inputs`` (optionally ``target`` and ``loss_fn``), or a
   ``build()`` returning them as a dict: the forward pass (and loss) is run here, only when the
   script built no graph itself (or, with top-level variables, never called ``model``): what the
   script built is the truth, and the forward never runs twice.

Scripts that call ``backward()`` or ``torch.autograd.grad()`` are stopped once the captured call
returns (unless ``run_to_end``): the graph exists then, and a training loop's remaining steps would
only keep the user waiting. Only the script's own calls count: calls torch makes while a backward
pass runs (reentrant checkpointing) or from inside its own functions (``autograd.functional``)
pass through unseen, and so does ``autograd.grad(create_graph=True)`` (a gradient penalty: a step
in building the graph of a later ``backward()``, which draws its double-backward nodes), unless
the run option ``grad_graphs`` counts it: captured, such a call gives the graph of the gradients
it returned (torchviz's double-backward graph), with no backward recorded on it. A captured call
that raises keeps the graph, with the failing node marked.

This module runs user code: the worker calls it in a throw-away child process.
"""

from __future__ import annotations

import builtins
import functools
import importlib.machinery
import os
import random
import sys
import traceback
import types
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch

from ..wire.errors import ScriptError, exception_text
from ..wire.message import QT_TRANSLATE_NOOP, Message
from ..wire.run_options import RunOptions
from . import figures
from .backward import BackwardRecorder, run_backward
from .diagnose import RECORDING_BACKWARD, WALKING, CaptureBug, diagnose
from .figures import LINE, THE_SCRIPT, script_line
from .health import HealthRecorder
from .import_watch import ImportWatch
from .naming import Names, collect_names
from .outputs import OutputFinder
from .recorder import ForwardRecorder, unrecorded
from .walker import Walk, build_trace, walk

_APP_DIR = str(Path(__file__).resolve().parents[1])
_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep
_DYNAMO_DIR = os.path.join(_TORCH_DIR, "_dynamo") + os.sep
_TENSOR_FILE = os.path.join(_TORCH_DIR, "_tensor.py")
"""``Tensor.backward`` calls ``torch.autograd.backward`` for the script: a call from there counts."""
_CALL_TEXT = {"backward": "backward()", "grad": "torch.autograd.grad()"}
_GLOBAL_HOOKS_WARNING = "Using `torch.compile(module)` when there are global hooks on modules"
"""torch warns so when a compiled module runs while global module hooks (the recorder's) exist."""
SEED = 0
"""Every run starts from this seed, so reloading a script with random weights gives the same graph."""

NO_SUCH_FILE = QT_TRANSLATE_NOOP("Explanation", "No such file: {path}. Check the path.")
CANNOT_READ = QT_TRANSLATE_NOOP("Explanation", "Cannot read {path}: {reason}.")
NOT_TEXT = QT_TRANSLATE_NOOP(
    "Explanation",
    "{name} is not a Python script (it is not text). Open a .py file, or a .json graph saved by graphviz_app.",
)
NOT_PYTHON = QT_TRANSLATE_NOOP(
    "Explanation",
    "{name} is not a Python script (line {line}: {message}). Open a .py "
    "file, or a .json graph saved by graphviz_app.",
)
EXITED = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script called sys.exit({status}) before it finished. Remove the "
    "sys.exit() call (or make it exit with 0) to see its graph.",
)
EXITED_0 = QT_TRANSLATE_NOOP(
    "Explanation", "The script called sys.exit(0); its graph is shown as it stood then."
)
INPLACE_CHANGES = QT_TRANSLATE_NOOP(
    "Explanation", " In-place changes of tensors that require grad: {changes}."
)
CHANGE = QT_TRANSLATE_NOOP("Explanation", "line {line}: `{code}`")
NON_LEAF_GRAD = QT_TRANSLATE_NOOP(
    "Explanation",
    "{where} reads .grad of an intermediate (non-leaf) tensor, which is "
    "None: autograd keeps .grad only for leaf tensors. Call .retain_grad() "
    "on that tensor before backward() to keep its gradient.",
)
RECORDING_FAILED = QT_TRANSLATE_NOOP(
    "Explanation",
    "graphviz_app failed to record part of this graph ({error}): a bug in "
    "graphviz_app, not in the script, which ran unchanged. Some values or "
    "gradients may be missing; please report it with the traceback in the "
    "graph's 'internal_errors'.",
)
SHOWING_CALL = QT_TRANSLATE_NOOP(
    "Explanation", "Showing the graph of the script's {function} call number {call}."
)
SHOWING_GRADIENT = QT_TRANSLATE_NOOP(
    "Explanation",
    "Showing the graph of the gradients the script's torch.autograd.grad(create_graph=True) call "
    "number {call} returned: the graph a backward of those gradients runs through.",
)
NO_GRADIENT_GRAPH = QT_TRANSLATE_NOOP(
    "Explanation",
    "The gradients that torch.autograd.grad() call number {call} returned have no graph: they "
    "depend on no tensor that requires grad (the gradient of 3 * x is the constant 3). Pick "
    "another call to capture.",
)
BACKWARD_FAILED_AT = QT_TRANSLATE_NOOP("Explanation", "backward() failed at {op}: ")
BACKWARD_FAILED = QT_TRANSLATE_NOOP("Explanation", "backward() failed: ")
SHOWN_AS_IT_STOOD = QT_TRANSLATE_NOOP(
    "Explanation",
    " The graph is shown as it stood, with the gradients the engine computed before it stopped.",
)
STOPPED_ON_LINE = QT_TRANSLATE_NOOP(
    "Explanation", "Stopped after {function} call {call} on line {line}; the rest of the script did not run."
)
STOPPED = QT_TRANSLATE_NOOP(
    "Explanation", "Stopped after {function} call {call}; the rest of the script did not run."
)
NO_SUCH_CALL = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script called backward() {count} time(s); there is no call number "
    "{call} to show. Pick a call from 1 to {last}.",
)
NO_OUTPUT_VARIABLE = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script kept no variable holding its output; the graph shown ends at "
    "the last result it computed (bind it to a variable, e.g. `loss = ...`, "
    "to choose another).",
)
BACKWARD_STOPPED_META = QT_TRANSLATE_NOOP(
    "Explanation",
    "Backward stopped: {error}. The meta device holds no data, so no "
    "gradient can flow back through a copy to it. Gradients are shown for "
    "the nodes the engine reached before that.",
)
HEALTH_SHORT = QT_TRANSLATE_NOOP(
    "Explanation",
    "Gradient health was asked for {wanted} backward() calls; the script made {count}, so it covers those.",
)
NO_HEALTH = QT_TRANSLATE_NOOP(
    "Explanation",
    "No gradient health was recorded: the script made no backward() call of its own. Gradient "
    "health follows a training loop's loss.backward() calls.",
)
BACKWARD_STOPPED = QT_TRANSLATE_NOOP(
    "Explanation",
    "Backward stopped: {error}. Gradients are shown for the nodes the engine reached before that.",
)


class _Stopped(BaseException):
    """Ends the script after the captured backward call, when no ``on_result`` ended the process."""


def read_script(path: Path) -> Any:
    """Return the compiled code of ``path``; raise ScriptError when it is missing or not Python."""
    try:
        source = path.read_bytes()
    except FileNotFoundError:
        raise ScriptError("missing_file", Message.of(NO_SUCH_FILE, path=str(path))) from None
    except OSError as exc:
        raise ScriptError(
            "missing_file", Message.of(CANNOT_READ, path=str(path), reason=str(exc.strerror))
        ) from None
    try:
        text: str | None = source.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is None or "\x00" in text:
        raise ScriptError("not_python", Message.of(NOT_TEXT, name=path.name))
    try:
        return compile(text, str(path), "exec", dont_inherit=True)
    except SyntaxError as exc:
        error = diagnose(exc, str(path))
        if path.suffix != ".py":
            error.kind = "not_python"
            error.message = Message.of(NOT_PYTHON, name=path.name, line=exc.lineno, message=exc.msg)
        raise error from None


def seed_everything(seed: int = SEED) -> None:
    """Seed Python's, torch's and (if present) NumPy's random generators."""
    random.seed(seed)
    torch.manual_seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed(seed)


class ScriptCapture:
    """One run of one script; :meth:`run` returns the trace or raises ScriptError.

    ``on_result``, when given, receives the finished trace at the moment the script is stopped
    after its captured backward call, and is expected not to return (the worker writes the result
    and ends the process, so no ``finally`` block of the script runs); without it the script is
    unwound by an exception and :meth:`run` returns the trace.
    """

    def __init__(
        self,
        path: str | Path,
        options: RunOptions | None = None,
        on_result: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.path = Path(path).resolve()
        self.file = str(self.path)
        self.options = options or RunOptions()
        self.on_result = on_result
        self.namespace: dict[str, Any] = {}
        """The globals of the script: the ``__dict__`` of its module ``__main__``."""
        self.notices: list[Message] = []
        self.backward_calls = 0
        """The script's own backward()/autograd.grad() calls so far."""
        self.captured: dict[str, Any] | None = None
        self.recorder = ForwardRecorder(
            self.file, values=self.options.values, values_up_to=self.options.values_up_to
        )
        self._depth = 0
        """Backward passes running now (a call made while one runs is torch's, not the script's)."""
        self._failed_backward: BaseException | None = None
        self._internal_failures: list[str] = []
        self._stopped: dict[str, Any] | None = None
        self.health = HealthRecorder(self.options.health) if self.options.health else None
        """Gradient health over the first ``health`` backward() calls (run option), or None."""
        self._original_backward: Callable[..., Any] = torch.autograd.backward
        """torch's own backward, which the app runs (the script's is intercepted while it runs)."""
        self._pid = os.getpid()

    # -- running ----------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        """Run the script and return its trace (node-link form, see wire/schema.py)."""
        code = read_script(self.path)
        main = self._main_module()
        self.namespace = main.__dict__
        self._pid = os.getpid()
        sys.argv = [self.file, *map(str, self.options.argv)]
        saved_main, saved_path = sys.modules.get("__main__"), list(sys.path)
        # As `python script.py`: the script is the module __main__ (what it defines pickles by
        # reference, and a spawned process re-imports it from __file__), and its folder, not
        # this process's working directory, is first on sys.path.
        sys.modules["__main__"] = main
        sys.path[:1] = [str(self.path.parent)]
        try:
            return self._run_main(code)
        finally:
            sys.path[:] = saved_path
            if saved_main is not None:
                sys.modules["__main__"] = saved_main

    def _main_module(self) -> types.ModuleType:
        """A fresh module ``__main__`` for the script, with what python gives a script's module."""
        main = types.ModuleType("__main__")
        main.__dict__.update(
            {
                "__file__": self.file,
                "__builtins__": builtins,
                "__cached__": None,
                "__spec__": None,
                "__package__": None,
                "__loader__": importlib.machinery.SourceFileLoader("__main__", self.file),
            }
        )
        return main

    def _run_main(self, code: Any) -> dict[str, Any]:
        seed_everything()
        autograd = torch.autograd
        original_backward, original_grad = autograd.backward, autograd.grad
        self._original_backward = original_backward
        autograd.backward = self._intercept(original_backward, "backward")
        autograd.grad = self._intercept(original_grad, "grad")
        dynamo = ImportWatch.call_after("torch._dynamo", self._with_dynamo)
        warnings.showwarning = self._watch_warnings(warnings.showwarning)
        figures.install(self.file, self.notices)  # matplotlib draws without windows: figures kept
        try:
            with self.recorder:
                try:
                    self._exec(code)
                except _Stopped:
                    return self._stopped  # type: ignore[return-value]
                if self.captured is None:
                    return self._capture_after_run(original_backward)
        finally:
            dynamo.cancel()
            autograd.backward = original_backward
            autograd.grad = original_grad
        return self._finish(self.captured)

    def _exec(self, code: Any) -> None:
        try:
            exec(code, self.namespace)
        except (_Stopped, ScriptError):
            raise
        except CaptureBug as bug:
            raise bug.error from None
        except SystemExit as exc:
            if exc.code not in (None, 0):
                raise ScriptError("exit", Message.of(EXITED, status=repr(exc.code)), file=self.file) from None
            self.notices.append(Message.of(EXITED_0))
        except BaseException as exc:
            if exc is self._failed_backward and self.captured is not None:
                return  # the captured backward failed and the script did not recover: show its graph
            # the user's error, reported with the user's traceback
            error = diagnose(exc, self.file)
            if error.kind == "inplace" and self.recorder.inplace:
                error.message = Message.joined(error.message, self._inplace_changes())
            raise error from None

    def _inplace_changes(self) -> Message:
        """The script's in-place changes of tensors that require grad, line by line."""
        changes = [Message.of(CHANGE, line=n["line"], code=n["code"]) for n in self.recorder.inplace]
        return Message.of(INPLACE_CHANGES, changes=Message.joined(*changes, sep="; "))

    def _watch_warnings(self, show: Callable[..., Any]) -> Callable[..., Any]:
        """Return a warnings.showwarning that still shows every warning, and explains the ones
        learners meet: reading ``.grad`` of a non-leaf tensor."""

        def showwarning(message: Any, category: Any, filename: str, lineno: int, *rest: Any) -> None:
            try:
                if str(message).startswith(_GLOBAL_HOOKS_WARNING) and self.recorder.owns_global_hooks():
                    return  # about the recorder's module hooks, not the script's: python shows none
                if filename.startswith(_APP_DIR):
                    # Raised by torch inside our recorder: point at the user's line instead.
                    filename, lineno = self._script_location(filename, lineno)
                    rest = ()
                if "is not a leaf Tensor is being accessed" in str(message):
                    where = Message.of(LINE, line=lineno) if filename == self.file else Message.of(THE_SCRIPT)
                    self.notices.append(Message.of(NON_LEAF_GRAD, where=where))
            except Exception:  # ours: noted, and the warning shown as Python would
                self._internal_failures.append(traceback.format_exc())
            show(message, category, filename, lineno, *rest)

        return showwarning

    def _script_location(self, filename: str, lineno: int) -> tuple[str, int]:
        """Where the warning would point under plain python.

        A torch function dispatched through the recorder runs twice nested (the call, torch's
        ``handle_torch_function``, the recorder, the call again), so the frame a ``stacklevel``
        names is ours. Without the recorder it would be the caller of the outer call; failing
        that, the script's innermost line.
        """
        frame: Any = sys._getframe(2)
        callee = None  # the code the recorder called (the inner call of a Python function)
        while frame is not None and not (
            frame.f_code.co_filename.startswith(_APP_DIR) and frame.f_code.co_name == "__torch_function__"
        ):
            callee = frame.f_code
            frame = frame.f_back
        if frame is not None:
            frame = frame.f_back
            while (
                frame is not None
                and frame.f_code.co_filename.startswith(_TORCH_DIR)
                and frame.f_code.co_name == "handle_torch_function"
            ):
                frame = frame.f_back
            if frame is not None and frame.f_code is callee:  # the outer call: its caller
                frame = frame.f_back
            if frame is not None and not frame.f_code.co_filename.startswith(_APP_DIR):
                return frame.f_code.co_filename, frame.f_lineno
        line = script_line(self.file, sys._getframe(2))
        return (self.file, line) if line is not None else (filename, lineno)

    def _finish(self, trace: dict[str, Any]) -> dict[str, Any]:
        graph = trace["graph"]
        if plots := figures.collected():
            graph["plots"] = plots
        if self.health is not None:
            if self.health.calls:
                graph["health"] = self.health.to_wire()
            if not self.health.done:
                short = Message.of(HEALTH_SHORT, wanted=self.health.steps, count=len(self.health.calls))
                self.notices.append(short if self.health.calls else Message.of(NO_HEALTH))
        graph["notices"] = [notice.to_wire() for notice in self.notices] + graph["notices"]
        graph["backward_calls"] = self.backward_calls
        graph.setdefault("stopped_after_backward", None)
        graph["environment"] = {  # which Python and torch ran the script
            "python": ".".join(map(str, sys.version_info[:3])),
            "torch": str(torch.__version__),
            "executable": sys.executable,
            "prefix": sys.prefix,
        }
        failures = self.recorder.failures + self._internal_failures
        if failures:
            last = failures[0].strip().splitlines()[-1]
            graph["notices"].append(Message.of(RECORDING_FAILED, error=last).to_wire())
            graph["internal_errors"] = failures
        return trace

    # -- the script's own backward() and torch.autograd.grad() -------------------------------
    def _intercept(self, original: Callable[..., Any], kind: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            frame: Any = sys._getframe(1)
            while frame.f_code.co_filename.startswith(_DYNAMO_DIR):  # Dynamo's disable wrapper
                frame = frame.f_back
            caller = frame.f_code.co_filename
            if (
                self._depth
                or caller.startswith(_APP_DIR)
                or os.getpid() != self._pid
                or (caller.startswith(_TORCH_DIR) and caller != _TENSOR_FILE)
            ):
                # torch's own call (from inside a running backward, as reentrant checkpointing
                # makes, or from one of its functions, as autograd.functional), ours (the app's
                # backward, torch's dispatch to the recorder), or one made in a process the
                # script forked (multiprocessing workers): not the script's
                return original(*args, **kwargs)
            gradient = kind == "grad" and _creates_graph(args, kwargs)
            if gradient and not self.options.grad_graphs:
                # a gradient penalty, a Hessian-vector product: a step in building the graph a
                # later backward() runs through (drawn there), not a backward of its own
                with self._torch_running():
                    return original(*args, **kwargs)
            self.backward_calls += 1
            if self.captured is None and self.backward_calls < self.options.backward_call and not gradient:
                self.recorder.restart_values()  # (that pass's graph is not the one captured)
            if self.captured is None and self.backward_calls == self.options.backward_call:
                captured = (
                    self._capture_gradient(original, args, kwargs, frame)
                    if gradient
                    else self._capture_call(original, kind, args, kwargs, frame)
                )
                if captured is not None:
                    return captured[0]
            with self._torch_running():
                value = original(*args, **kwargs)
            self._after_call(kind, frame)
            return value

        functools.update_wrapper(call, original)  # its name, as a mode of the script sees it
        call._graphviz_app_intercepts = kind  # type: ignore[attr-defined]
        return call

    @contextmanager
    def _torch_running(self) -> Iterator[None]:
        """While torch runs a backward pass, a backward()/autograd.grad() call is torch's own."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def _with_dynamo(self, dynamo: types.ModuleType) -> None:
        """torch.compile is at hand (torch._dynamo is imported): what the app does stays out of
        what it compiles. The recorder's hooks step aside, and the script's backward() and
        autograd.grad() calls pass through the app as Dynamo's ``disable`` runs a function.

        Dynamo compiles every Python frame that a compiled function runs: a call made where a
        compiled function gave back to Python (``loss.backward()`` after its graph break) would
        have the interceptor, and the capture it makes, compiled. torch's own functions are not.
        """
        self.recorder.with_dynamo(dynamo)
        disable = getattr(dynamo, "disable", None)
        if not callable(disable):
            return
        autograd = torch.autograd
        for name in ("backward", "grad"):
            current = getattr(autograd, name)
            if getattr(current, "_graphviz_app_intercepts", None) == name:  # not the script's own
                setattr(autograd, name, disable(current))

    def _capture_call(
        self,
        original: Callable[..., Any],
        kind: str,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        frame: Any,
    ) -> tuple[Any] | None:
        """Run the captured call with the backward recorder; return ``(its value,)``, or None
        when its tensors have no graph (the caller runs it plainly). Stops the script after it
        unless ``run_to_end``; re-raises its exception then."""
        tensors = args[0] if args else kwargs.get("tensors" if kind == "backward" else "outputs")
        if not isinstance(tensors, (torch.Tensor, list, tuple)):
            return None  # an iterator (reading it would empty it for torch) or a bad argument
        outputs = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
        with unrecorded():
            roots = [t for t in outputs if isinstance(t, torch.Tensor) and t.grad_fn is not None]
        if not roots:
            return None
        try:
            with unrecorded():
                names = collect_names(self._frame_namespaces(frame))
                result, trace = self._trace(names, [(names.nodes.get(id(t.grad_fn)), t) for t in roots])
            recorder = BackwardRecorder(result)
        except Exception as exc:
            raise CaptureBug(exc, Message.of(WALKING)) from None
        value: Any = None
        error: BaseException | None = None
        try:
            with self._torch_running(), recorder:
                value = original(*args, **kwargs)
        except Exception as exc:  # the script's backward failed: keep the graph, mark the node
            error = exc
        call = self.backward_calls
        try:
            with unrecorded():
                results = (
                    self._grad_results(result, args, kwargs, value)
                    if kind == "grad" and error is None
                    else None
                )
            recorder.apply(trace, results)
        except Exception as exc:
            raise CaptureBug(exc, Message.of(RECORDING_BACKWARD)) from None
        self._internal_failures.extend(recorder.failures)
        graph = trace["graph"]
        graph["backward"] = {"ran": True, "by": "script", "call": call, "error": None}
        if kind == "grad":
            graph["backward"]["kind"] = "grad"
        if call > 1 or self.options.backward_call > 1:
            self.notices.append(Message.of(SHOWING_CALL, function=_CALL_TEXT[kind], call=call))
        self.captured = trace
        if error is not None:
            self._mark_backward_error(trace, recorder, error, frame)
            if self.options.run_to_end:
                self._failed_backward = error
                raise error
        self._after_call(kind, frame, error is None)
        return (value,)

    def _after_call(self, kind: str, frame: Any, healthy: bool = True) -> None:
        """After one of the script's counted calls: record gradient health (``backward()`` only:
        ``autograd.grad`` fills no ``.grad``), and stop the script when the captured call has
        returned and gradient health is complete (``healthy`` false: the call failed, so it
        stops now) unless it runs to its end."""
        health = self.health
        if health is not None and kind == "backward" and not health.done and healthy:
            try:
                health.record(self.backward_calls, lambda: self._frame_namespaces(frame))
            except Exception:  # ours: noted, and the script runs on without gradient health
                self._internal_failures.append(traceback.format_exc())
                self.health = health = None
        if self.captured is None or self.options.run_to_end:
            return
        if health is not None and not health.done and healthy:
            return  # it stops after the call that completes gradient health
        self._stop(self.captured, kind, self.backward_calls, script_line(self.file, frame))

    def _capture_gradient(
        self, original: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], frame: Any
    ) -> tuple[Any]:
        """Run the captured ``torch.autograd.grad(create_graph=True)`` call and capture the graph
        of the gradients it returned: the walk of their ``grad_fn``, as torch made it (the graph a
        later backward of them runs through). Stops the script after it unless ``run_to_end``."""
        args, kwargs, inputs = _inputs_kept(args, kwargs)
        with self._torch_running():
            value = original(*args, **kwargs)
        call = self.backward_calls
        line = script_line(self.file, frame)
        outputs = _as_list(args[0] if args else kwargs.get("outputs"))
        if len(inputs) != len(value):
            inputs = [None] * len(value)
        with unrecorded():
            pairs = [
                (tensor, grad)
                for tensor, grad in zip(inputs, value)
                if isinstance(grad, torch.Tensor) and grad.grad_fn is not None
            ]
        if not pairs:
            raise ScriptError(
                "no_graph",
                Message.of(NO_GRADIENT_GRAPH, call=call),
                file=self.file,
                line=line,
            )
        try:
            with unrecorded():
                names = collect_names(self._frame_namespaces(frame))
                of = _tensor_name(names, outputs[0]) if len(outputs) == 1 else None
                roots = [(_gradient_name(of, _tensor_name(names, tensor)), grad) for tensor, grad in pairs]
                result, trace = self._trace(names, roots)
        except Exception as exc:
            raise CaptureBug(exc, Message.of(WALKING)) from None
        self.notices.append(Message.of(SHOWING_GRADIENT, call=call))
        if self.options.backward and not self.options.run_to_end:
            # backward from the gradients (double backward), as `g.sum().backward()` would run
            # it: only where the script stops here, as the leaves' .grad it fills is not the script's
            with self._torch_running():
                self._app_backward(result, trace, [grad for _, grad in roots], self._original_backward)
        else:
            trace["graph"]["backward"]["by"] = "script"
        trace["graph"]["backward"].update(call=call, kind="grad_graph")
        self.captured = trace
        self._after_call("grad", frame)
        return (value,)

    def _grad_results(
        self, result: Any, args: tuple[Any, ...], kwargs: dict[str, Any], value: Any
    ) -> dict[int, Any]:
        """Map the nodes of ``torch.autograd.grad``'s inputs to the gradients it returned."""
        inputs = _as_list(args[1] if len(args) > 1 else kwargs.get("inputs"))
        leaves = {id(node.variable): k for k, node in enumerate(result.nodes) if result.leaf[k]}
        found: dict[int, Any] = {}
        for tensor, grad in zip(inputs, value or ()):
            node = tensor.grad_fn
            k = result.index.get(id(node)) if node is not None else leaves.get(id(tensor))
            if k is not None:
                found[k] = grad
        return found

    def _mark_backward_error(
        self, trace: dict[str, Any], recorder: BackwardRecorder, error: BaseException, frame: Any
    ) -> None:
        """Attach the failed backward's error to the graph, and to the node the engine ran last."""
        explained = diagnose(error, self.file, frame)
        if explained.kind == "inplace" and self.recorder.inplace:
            explained.message = Message.joined(explained.message, self._inplace_changes())
        text = exception_text(error)
        node, failed = None, Message.of(BACKWARD_FAILED)
        if recorder.order:
            last = trace["nodes"][recorder.order[-1]]
            last["backward_error"] = text
            node, failed = f"n{recorder.order[-1]}", Message.of(BACKWARD_FAILED_AT, op=last["op"])
        graph = trace["graph"]
        graph["backward"]["error"] = text
        graph["backward_error"] = {
            "kind": explained.kind,
            "message": explained.message.to_wire(),
            "node": node,
            "line": explained.line,
            "traceback": explained.user_traceback,
        }
        self.notices.append(Message.joined(failed, explained.message, Message.of(SHOWN_AS_IT_STOOD)))

    def _stop(self, trace: dict[str, Any], kind: str, call: int, line: int | None) -> None:
        """End the script now: hand the finished trace to ``on_result`` (or unwind)."""
        self.notices.append(
            Message.of(STOPPED_ON_LINE, function=_CALL_TEXT[kind], call=call, line=line)
            if line is not None
            else Message.of(STOPPED, function=_CALL_TEXT[kind], call=call)
        )
        trace["graph"]["stopped_after_backward"] = {"call": call, "line": line, "kind": kind}
        finished = self._stopped = self._finish(trace)
        if self.on_result is not None:
            self.on_result(finished)
        raise _Stopped

    def _frame_namespaces(self, frame: Any) -> list[Mapping[str, Any]]:
        scopes: list[Mapping[str, Any]] = []
        while frame is not None:
            if frame.f_code.co_filename == self.file and frame.f_locals is not self.namespace:
                scopes.append(dict(frame.f_locals))
            frame = frame.f_back
        scopes.append(self.namespace)
        return scopes

    def _trace(
        self, names: Names, outputs: Sequence[tuple[str | None, torch.Tensor]]
    ) -> tuple[Walk, dict[str, Any]]:
        """Walk the graph reaching ``outputs`` and return the walk and its trace (with values and
        saved tensors unless the recorder dropped them)."""
        kept = not self.recorder.values_dropped
        with unrecorded():
            result = walk([t.grad_fn for _, t in outputs])
            return result, build_trace(result, names, outputs, script=self.file, values=kept, saved=kept)

    # -- after the script ran ----------------------------------------------------------------
    def _capture_after_run(self, original_backward: Callable[..., Any]) -> dict[str, Any]:
        calls, wanted = self.backward_calls, self.options.backward_call
        if calls and wanted > calls:
            words = Message.of(NO_SUCH_CALL, count=calls, call=wanted, last=calls)
            raise ScriptError("no_graph", words, file=self.file)
        names = collect_names([self.namespace])
        finder = OutputFinder(self.namespace, self.file, self.recorder, self.options.output)
        outputs = finder.namespace_outputs()
        unbound = not outputs
        if unbound:
            outputs = finder.recorded_outputs()
        if not outputs or finder.model_never_called():
            # module-script conventions: only when the script itself built no graph
            module = finder.module_outputs()
            if module:
                outputs, unbound = module, False
                names = collect_names([self.namespace])  # with what build() returned
        if not outputs:
            raise finder.no_graph_error()
        if (
            unbound
            and isinstance(self.namespace.get("model"), torch.nn.Module)
            and "inputs" in self.namespace
        ):
            # a module script that ran its own model (as `python script.py` would show it): the
            # graph the conventions describe, named as they name it
            name = "loss" if self.namespace.get("loss_fn") is not None else "output"
            outputs = [(name if k == len(outputs) - 1 else None, t) for k, (_, t) in enumerate(outputs)]
        elif unbound:
            self.notices.append(Message.of(NO_OUTPUT_VARIABLE))
        for output_name, tensor in outputs:
            if output_name:
                names.add_tensor(output_name, tensor)
        result, trace = self._trace(names, outputs)
        if self.options.backward:
            self._app_backward(result, trace, [t for _, t in outputs], original_backward)
        return self._finish(trace)

    def _app_backward(
        self,
        result: Any,
        trace: dict[str, Any],
        outputs: Sequence[torch.Tensor],
        original: Callable[..., Any],
    ) -> None:
        recorder = BackwardRecorder(result)
        error = None
        try:
            with recorder:
                self.notices.extend(run_backward(outputs, original))
        except Exception as exc:  # keep the graph; say why backward stopped
            error = exception_text(exc)
            self.notices.append(
                Message.of(BACKWARD_STOPPED_META if "meta" in error else BACKWARD_STOPPED, error=error)
            )
            if recorder.order:
                trace["nodes"][recorder.order[-1]]["backward_error"] = error
        recorder.apply(trace)
        self._internal_failures.extend(recorder.failures)
        trace["graph"]["backward"] = {"ran": True, "by": "app", "call": None, "error": error}


def _as_list(tensors: Any) -> list[Any]:
    """A ``torch.autograd.grad`` argument (a tensor or a sequence of them) as a list."""
    if isinstance(tensors, torch.Tensor):
        return [tensors]
    return list(tensors) if isinstance(tensors, (list, tuple)) else []


def _inputs_kept(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[tuple[Any, ...], dict[str, Any], list[Any]]:
    """A ``torch.autograd.grad`` call's arguments with its ``inputs`` as a list the capture can
    read after torch has, and that list: an iterator (``model.parameters()``) is read once here
    and handed on as a tuple, as torch reads it (``tuple(inputs)``)."""
    inputs = args[1] if len(args) > 1 else kwargs.get("inputs")
    if isinstance(inputs, torch.Tensor):
        return args, kwargs, [inputs]
    if not isinstance(inputs, (list, tuple)):
        if inputs is None or not hasattr(inputs, "__iter__"):
            return args, kwargs, []  # torch refuses it: its error is the script's
        inputs = tuple(inputs)
        if len(args) > 1:
            args = (args[0], inputs, *args[2:])
        else:
            kwargs = {**kwargs, "inputs": inputs}
    return args, kwargs, list(inputs)


def _tensor_name(names: Names, tensor: Any) -> str | None:
    """The script's name of ``tensor`` (a variable, a parameter), or None."""
    if not isinstance(tensor, torch.Tensor):
        return None
    node = tensor.grad_fn
    return names.nodes.get(id(node)) if node is not None else names.leaves.get(id(tensor))


def _gradient_name(of: str | None, wrt: str | None) -> str | None:
    """A gradient's name in the leibniz notation, ``dy/dx``, when both tensors are named."""
    return f"d{of}/d{wrt}" if of and wrt else None


def _creates_graph(args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    """Whether a ``torch.autograd.grad`` call passes ``create_graph=True`` (its fifth parameter)."""
    return bool(kwargs.get("create_graph", args[4] if len(args) > 4 else False))
