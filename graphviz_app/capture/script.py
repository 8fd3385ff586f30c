"""Run a user's script and capture the autograd graph it builds (in the current process).

Three kinds of scripts are understood:
1. plain tensor scripts that never call backward: the outputs are found in the script's namespace;
2. scripts that call ``backward()`` themselves (once or in a training loop): the graph is walked at
   the chosen call (the first by default), before the engine frees its buffers, and that backward
   is recorded;
3. module scripts: a top-level ``model`` and ``inputs`` (optionally ``target`` and ``loss_fn``), or a
   ``build()`` returning them as a dict: the forward pass (and loss) is run here.

This module runs user code: the worker calls it in a throw-away child process.
"""
from __future__ import annotations

import builtins
import random
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import torch

from ..errors import ScriptError
from .backward import BackwardRecorder, run_backward
from .diagnose import diagnose
from .naming import Names, collect_names
from .recorder import ForwardRecorder
from .walker import build_trace, walk

_APP_DIR = str(Path(__file__).resolve().parents[1])
SEED = 0
"""Every run starts from this seed, so reloading a script with random weights gives the same graph."""


@dataclass
class CaptureOptions:
    """What to capture: see :func:`capture_script`."""

    backward: bool = False
    """Run backward from the outputs when the script does not call it itself."""
    backward_call: int = 1
    """Which of the script's own backward() calls to capture (1 = the first)."""
    output: str | None = None
    """Name of the one output to use, instead of all of them."""
    values: bool = True
    """Record a summary of every op's forward value."""


def read_script(path: Path) -> Any:
    """Return the compiled code of ``path``; raise ScriptError when it is missing or not Python."""
    try:
        source = path.read_bytes()
    except FileNotFoundError:
        raise ScriptError("missing_file", f"No such file: {path}. Check the path.") from None
    except OSError as exc:
        raise ScriptError("missing_file", f"Cannot read {path}: {exc.strerror}.") from None
    try:
        text = source.decode("utf-8")
        if "\x00" in text:
            raise ValueError
    except (UnicodeDecodeError, ValueError):
        raise ScriptError(
            "not_python",
            f"{path.name} is not a Python script (it is not text). Open a .py file, or a .json "
            "graph saved by graphviz_app.",
        ) from None
    try:
        return compile(text, str(path), "exec", dont_inherit=True)
    except SyntaxError as exc:
        error = diagnose(exc, str(path))
        if path.suffix != ".py":
            error.kind = "not_python"
            error.message = (
                f"{path.name} is not a Python script (line {exc.lineno}: {exc.msg}). Open a .py "
                "file, or a .json graph saved by graphviz_app."
            )
        raise error from None


def seed_everything(seed: int = SEED) -> None:
    """Seed Python's, torch's and (if present) NumPy's random generators."""
    random.seed(seed)
    torch.manual_seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed(seed)


class ScriptCapture:
    """One run of one script; :meth:`run` returns the trace or raises ScriptError."""

    def __init__(self, path: str | Path, options: CaptureOptions | None = None) -> None:
        self.path = Path(path).resolve()
        self.file = str(self.path)
        self.options = options or CaptureOptions()
        self.namespace: dict[str, Any] = {}
        self.notices: list[str] = []
        self.backward_calls = 0
        self.captured: dict[str, Any] | None = None
        self.recorder = ForwardRecorder(self.file, values=self.options.values)

    # -- running ----------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        """Run the script and return its trace (node-link form, see core/schema.py)."""
        code = read_script(self.path)
        self.namespace = {"__name__": "__main__", "__file__": self.file, "__builtins__": builtins}
        sys.argv = [self.file]
        sys.path.insert(0, str(self.path.parent))
        seed_everything()
        original_backward = torch.autograd.backward
        torch.autograd.backward = self._intercept(original_backward)  # type: ignore[assignment]
        warnings.showwarning = self._watch_warnings(warnings.showwarning)
        try:
            with self.recorder:
                self._exec(code)
                if self.captured is None:
                    return self._capture_after_run(original_backward)
        finally:
            torch.autograd.backward = original_backward  # type: ignore[assignment]
        return self._finish(self.captured)

    def _exec(self, code: Any) -> None:
        try:
            exec(code, self.namespace)
        except SystemExit as exc:
            status = exc.code
            if status not in (None, 0):
                raise ScriptError(
                    "exit",
                    f"The script called sys.exit({status!r}) before it finished. Remove the "
                    "sys.exit() call (or make it exit with 0) to see its graph.",
                    file=self.file,
                ) from None
            self.notices.append("The script called sys.exit(0); its graph is shown as it stood then.")
        except ScriptError:
            raise
        except BaseException as exc:  # the user's error, reported with the user's traceback
            error = diagnose(exc, self.file)
            if error.kind == "inplace" and self.recorder.inplace:
                changes = "; ".join(f"line {n['line']}: `{n['code']}`" for n in self.recorder.inplace)
                error.message += f" In-place changes of tensors that require grad: {changes}."
            raise error from None

    def _watch_warnings(self, show: Callable[..., Any]) -> Callable[..., Any]:
        """Return a warnings.showwarning that still shows every warning, and explains the ones
        learners meet: reading ``.grad`` of a non-leaf tensor."""

        def showwarning(message: Any, category: Any, filename: str, lineno: int, *rest: Any) -> None:
            if filename.startswith(_APP_DIR):
                # Raised by torch inside our recorder: point at the user's line instead.
                filename, lineno = self._script_location(filename, lineno)
                rest = ()
            if "is not a leaf Tensor is being accessed" in str(message):
                where = f"Line {lineno}" if filename == self.file else "The script"
                self.notices.append(
                    f"{where} reads .grad of an intermediate (non-leaf) tensor, which is None: "
                    "autograd keeps .grad only for leaf tensors. Call .retain_grad() on that "
                    "tensor before backward() to keep its gradient."
                )
            show(message, category, filename, lineno, *rest)

        return showwarning

    def _script_location(self, filename: str, lineno: int) -> tuple[str, int]:
        frame = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename == self.file:
                return self.file, frame.f_lineno
            frame = frame.f_back
        return filename, lineno

    def _finish(self, trace: dict[str, Any]) -> dict[str, Any]:
        trace["graph"]["notices"] = self.notices + trace["graph"]["notices"]
        return trace

    # -- the script's own backward() --------------------------------------------------------
    def _intercept(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def backward(tensors: Any, *args: Any, **kwargs: Any) -> Any:
            self.backward_calls += 1
            if self.captured is not None or self.backward_calls != self.options.backward_call:
                return original(tensors, *args, **kwargs)
            outputs = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
            roots = [t for t in outputs if t.grad_fn is not None]
            if not roots:
                return original(tensors, *args, **kwargs)
            names = collect_names(self._frame_namespaces(sys._getframe(1)))
            result = walk([t.grad_fn for t in roots])
            trace = build_trace(
                result, names, [(names.nodes.get(id(t.grad_fn)), t) for t in roots], script=self.file
            )
            recorder = BackwardRecorder(result)
            with recorder:
                value = original(tensors, *args, **kwargs)
            recorder.apply(trace)
            call = self.backward_calls
            trace["graph"]["backward"] = {"ran": True, "by": "script", "call": call, "error": None}
            if call > 1 or self.options.backward_call > 1:
                self.notices.append(f"Showing the graph of the script's backward() call number {call}.")
            self.captured = trace
            return value

        return backward

    def _frame_namespaces(self, frame: Any) -> list[Mapping[str, Any]]:
        scopes: list[Mapping[str, Any]] = []
        while frame is not None:
            if frame.f_code.co_filename == self.file and frame.f_locals is not self.namespace:
                scopes.append(dict(frame.f_locals))
            frame = frame.f_back
        scopes.append(self.namespace)
        return scopes

    # -- after the script ran ----------------------------------------------------------------
    def _capture_after_run(self, original_backward: Callable[..., Any]) -> dict[str, Any]:
        if self.backward_calls and self.options.backward_call > self.backward_calls:
            raise ScriptError(
                "no_graph",
                f"The script called backward() {self.backward_calls} time(s); there is no call "
                f"number {self.options.backward_call} to show. Pick a call from 1 to "
                f"{self.backward_calls}.",
                file=self.file,
            )
        outputs = self._module_outputs()
        names = collect_names([self.namespace])
        if outputs is None:
            outputs = self._namespace_outputs(names)
        for name, tensor in outputs:
            if name:
                names.add_tensor(name, tensor)
        result = walk([t.grad_fn for _, t in outputs])
        trace = build_trace(result, names, outputs, script=self.file)
        if self.options.backward:
            self._app_backward(result, trace, [t for _, t in outputs], original_backward)
        return self._finish(trace)

    def _app_backward(
        self, result: Any, trace: dict[str, Any], outputs: Sequence[torch.Tensor], original: Callable[..., Any]
    ) -> None:
        recorder = BackwardRecorder(result)
        error = None
        try:
            with recorder:
                self.notices.extend(run_backward(outputs, original))
        except Exception as exc:  # keep the graph; say why backward stopped
            error = str(exc).strip().splitlines()[0]
            hint = ""
            if "meta" in error:
                hint = " The meta device holds no data, so no gradient can flow back through a copy to it."
            self.notices.append(
                f"Backward stopped: {error}.{hint} Gradients are shown for the nodes the engine "
                "reached before that."
            )
        recorder.apply(trace)
        trace["graph"]["backward"] = {"ran": True, "by": "app", "call": None, "error": error}

    def _module_outputs(self) -> list[tuple[str | None, torch.Tensor]] | None:
        spec = self._module_spec()
        if spec is None:
            return None
        model, inputs = spec["model"], spec["inputs"]
        try:
            if isinstance(inputs, Mapping):
                output = model(**inputs)
            else:
                output = model(*(inputs if isinstance(inputs, (tuple, list)) else (inputs,)))
            loss_fn = spec.get("loss_fn")
            if loss_fn is not None:
                target = spec.get("target")
                loss = loss_fn(output, target) if target is not None else loss_fn(output)
                self.namespace.setdefault("output", output)
                return [("loss", loss)]
        except ScriptError:
            raise
        except Exception as exc:
            raise diagnose(exc, self.file) from None
        tensors = _tensors_in(output, "output")
        found = [(name, t) for name, t in tensors if t.grad_fn is not None]
        if not found:
            raise self._no_graph_error()
        return found

    def _module_spec(self) -> dict[str, Any] | None:
        build = self.namespace.get("build")
        if callable(build) and not isinstance(build, type):
            try:
                spec = build()
            except Exception as exc:
                raise diagnose(exc, self.file) from None
            if isinstance(spec, (tuple, list)):
                spec = dict(zip(("model", "inputs", "target", "loss_fn"), spec))
            if not isinstance(spec, Mapping) or not isinstance(spec.get("model"), torch.nn.Module) or "inputs" not in spec:
                raise ScriptError(
                    "bad_module_script",
                    "build() must return a dict with 'model' (an nn.Module) and 'inputs' (a tuple), "
                    "optionally 'target' and 'loss_fn'; or a tuple (model, inputs[, target, loss_fn]).",
                    file=self.file,
                )
            for key in ("model", "loss_fn"):
                if spec.get(key) is not None:
                    self.namespace.setdefault(key, spec[key])
            return dict(spec)
        model = self.namespace.get("model")
        if isinstance(model, torch.nn.Module) and "inputs" in self.namespace:
            return {k: self.namespace.get(k) for k in ("model", "inputs", "target", "loss_fn")}
        return None

    def _namespace_outputs(self, names: Names) -> list[tuple[str | None, torch.Tensor]]:
        candidates: dict[int, tuple[str, torch.Tensor]] = {}
        for key, value in self.namespace.items():
            if key.startswith("__"):
                continue
            for name, tensor in _tensors_in(value, key):
                if tensor.grad_fn is not None:
                    candidates.setdefault(id(tensor.grad_fn), (name, tensor))
        wanted = self.options.output
        if wanted is not None:
            for name, tensor in candidates.values():
                if name == wanted:
                    return [(name, tensor)]
            choices = ", ".join(sorted(name for name, _ in candidates.values())) or "none"
            raise ScriptError(
                "no_output",
                f"The script has no tensor named {wanted!r} with an autograd graph. Outputs to "
                f"choose from: {choices}.",
                file=self.file,
            )
        for name, tensor in candidates.values():
            if name == "loss":
                return [(name, tensor)]
        fed = _fed_nodes([t.grad_fn for _, t in candidates.values()])
        outputs = [(n, t) for key, (n, t) in candidates.items() if key not in fed]
        if not outputs:
            raise self._no_graph_error()
        return outputs

    def _no_graph_error(self) -> ScriptError:
        line = self.recorder.no_grad_line
        if line is not None:
            return ScriptError(
                "no_graph",
                f"The script built no autograd graph: its operations on line {line} ran under "
                "torch.no_grad() (or with grad disabled), so autograd recorded nothing. Compute "
                "the output outside the torch.no_grad() block to see its graph.",
                file=self.file,
                line=line,
            )
        requires = any(
            t.requires_grad for v in self.namespace.values() for _, t in _tensors_in(v, "")
        )
        if requires:
            return ScriptError(
                "no_graph",
                "The script built no autograd graph that it kept: no tensor in its top-level "
                "variables was computed from a tensor that requires grad (results kept only "
                "inside functions, or detached, are not found). Assign the output to a top-level "
                "variable (for example `loss = ...`).",
                file=self.file,
            )
        return ScriptError(
            "no_graph",
            "The script built no autograd graph: none of its tensors requires grad. Create "
            "inputs or weights with requires_grad=True (torch.tensor(..., requires_grad=True)), "
            "or define a `model` (nn.Module) and `inputs` so its parameters are used.",
            file=self.file,
        )


def _tensors_in(value: Any, name: str) -> list[tuple[str, torch.Tensor]]:
    """Return the tensors in ``value`` (a tensor, or a list/tuple/dict/model output of them)."""
    if isinstance(value, torch.Tensor):
        return [(name, value)]
    if isinstance(value, (list, tuple)) and len(value) <= 256:
        return [(f"{name}[{i}]", v) for i, v in enumerate(value) if isinstance(v, torch.Tensor)]
    if isinstance(value, Mapping) and len(value) <= 256:
        return [(f"{name}[{k!r}]", v) for k, v in value.items() if isinstance(v, torch.Tensor)]
    return []


def _fed_nodes(roots: Sequence[Any]) -> set[int]:
    """Return ids of every node reachable from ``roots`` through at least one edge."""
    fed: set[int] = set()
    stack = [nxt for root in roots for nxt, _ in root.next_functions if nxt is not None]
    while stack:
        node = stack.pop()
        if id(node) in fed:
            continue
        fed.add(id(node))
        stack.extend(nxt for nxt, _ in node.next_functions if nxt is not None)
    return fed
