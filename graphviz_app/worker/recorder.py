"""Forward recording: where each autograd node was created, in which module, with what value.

Each op's call is timed too (:data:`TIME_KEY`, see :mod:`.stopwatch`): two reads of the host
clock, always on (they add well under a microsecond to the recorder's own few per op).

Values are summarized as the forward pass makes them: each op's output, and each leaf tensor
(parameter) at its first use, so a capture afterwards only reads the tags.

While a user's script runs, a ``TorchFunctionMode`` (plus a wrapper around custom
``autograd.Function.apply``, which modes do not see) tags every new autograd node through its
``Node.metadata`` dict, so the information lives and dies with the graph itself.

The recorder only observes: it never changes grad mode, makes no views of and no in-place changes
to the script's tensors, and reads nothing autograd-related of an op's result while grad is
disabled (reading ``grad_fn`` of a view made under ``no_grad`` whose base changed in place raises
in torch). It stands aside (:func:`standing_aside`) while torch traces or transforms the
script's code: while ``torch.compile`` (Dynamo, AOT autograd) or ``torch.export`` traces, while
``torch.jit.trace`` records, and inside ``torch.func`` transforms (``grad``, ``vmap``...), where
an op of its own would end up in the traced program or act on functorch's wrapped tensors. A
compiled region is recorded as torch runs it: one node (``CompiledFunctionBackward``) tagged
when the compiled code runs. A failure in its own code is kept in :attr:`ForwardRecorder.failures` (reported as
graphviz_app's), never raised into the script. It also keeps the latest roots of the graphs it saw
(:meth:`ForwardRecorder.graph_roots`), so outputs the script never bound to a variable are found.
"""

from __future__ import annotations

import contextlib
import functools
import linecache
import sys
import traceback
import types
import weakref
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import torch
from torch.overrides import TorchFunctionMode
from torch.utils.hooks import RemovableHandle

from . import stopwatch, torch_support
from .summary import summarize

SOURCE_KEY = "graphviz_app.source"
MODULES_KEY = "graphviz_app.modules"
VALUE_KEY = "graphviz_app.value"
CUTS_KEY = "graphviz_app.cuts"
RETAINS_KEY = "graphviz_app.retains_grad"
"""On the node of a tensor that called ``retain_grad()``: a weak reference to that tensor."""
CONSTANTS_KEY = "graphviz_app.constant_inputs"
"""On an op's node: the small tensor arguments that did not require grad (``x`` in ``w * x``)."""
CONSTANT_LIMIT = 36
"""Tensor arguments with at most this many elements are recorded as an op's constant inputs."""
OUTPUT_KEY = "graphviz_app.output"
"""On an op's node, where torch's nodes do not tell it: the ``(shape, dtype, device)`` it made."""
HOOKS_KEY = "graphviz_app.saved_tensor_hooks"
"""On an op's node, on torch whose saved tensors do not tell their unpack hook: whether the script
had saved-tensor hooks in place when the op ran (its saved tensors are then not read)."""
TIME_KEY = "graphviz_app.forward_time"
"""On an op's node: the :data:`.stopwatch.Timing` of the call that made it (the op alone; for a
custom ``autograd.Function``, its ``apply``, with the ops its ``forward`` runs and the recorder's
look at each of them)."""
VALUE_VERSION_KEY = "graphviz_app.value_version"
"""On a leaf's AccumulateGrad node: the tensor's ``_version`` when its VALUE_KEY summary was taken."""
_DETACH = {torch.Tensor.detach, torch.detach}
_INPLACE_DUNDERS = {"__iadd__", "__isub__", "__imul__", "__itruediv__", "__ipow__", "__setitem__"}
MAX_INPLACE_NOTES = 5
MAX_ROOTS = 8
"""Graph roots (op results no later op consumed) kept alive, newest first out."""
MAX_FAILURES = 3
_RETAIN_GRAD = torch.Tensor.retain_grad
_TRACERS = ("trace", "trace_module", "_get_trace_graph")
"""torch.jit's tracers (``_get_trace_graph``: TensorBoard's ``add_graph``, the ONNX exporter)."""


_COUNT_SAVED_HOOKS = not hasattr(getattr(torch._C._autograd, "SavedTensor", None), "unpack_hook")
"""Torch whose saved tensors do not tell their unpack hook (before 2.5 or so): the recorder counts
the saved-tensor hooks the script enters instead (see HOOKS_KEY)."""
_SAVED_HOOKS_STACK = ("_push_saved_tensors_default_hooks", "_pop_saved_tensors_default_hooks")


def _compiling_probe() -> Callable[[], bool]:
    """torch's own "is torch.compile / export tracing now" function, which Dynamo evaluates to
    True while it traces (so its caller's other branch is never traced): ``torch.compiler`` from
    torch 2.3, ``torch._utils`` before; a constant False where neither exists."""
    compiler = getattr(torch, "compiler", None)
    probe = getattr(compiler, "is_compiling", None) or getattr(torch._utils, "is_compiling", None)
    return probe if callable(probe) else (lambda: False)


def _fake_mode_probe() -> Callable[[], bool]:
    """torch's "is a fake-tensor mode active now" (torch 2.2 on); a constant False before."""
    key = getattr(getattr(torch._C, "_TorchDispatchModeKey", None), "FAKE", None)
    get = getattr(torch._C, "_get_dispatch_mode", None)
    if key is None or not callable(get):
        return lambda: False
    return lambda: get(key) is not None


_COMPILING = _compiling_probe()
_TRACING_STATE: Callable[[], Any] = getattr(torch._C, "_get_tracing_state", lambda: None)
_FUNCTORCH_TOP: Callable[[], Any] = getattr(
    getattr(torch._C, "_functorch", None), "peek_interpreter_stack", lambda: None
)
_FAKE_MODE = _fake_mode_probe()


def standing_aside() -> bool:
    """Whether the recorder must do nothing now: torch is compiling or exporting (Dynamo or AOT
    autograd traces the code), ``torch.jit.trace`` is recording, a ``torch.func`` transform
    runs, or a fake-tensor mode is active. Any tensor op of ours would then be traced into the
    user's program (``jit.trace`` checks fail, Dynamo breaks or fails), act on functorch's
    wrapped tensors, or ask fake tensors for values they do not have (Dynamo runs an
    ``autograd.Function`` on fake tensors to learn its outputs: torch 2.11 fails a
    ``fullgraph`` compile on a summary's ``item()`` there).

    The compile check comes first, and alone: Dynamo evaluates it to True while tracing, and so
    never traces the calls after it (C functions it would break its graph on).
    """
    if _COMPILING():
        return True
    return _TRACING_STATE() is not None or _FUNCTORCH_TOP() is not None or _FAKE_MODE()


def unrecorded() -> contextlib.AbstractContextManager[None]:
    """A block of the app's own reads of a graph (walking it, describing its tensors) that no
    torch-function handler sees: not the recorder, nor a mode or tensor subclass of the script's.
    Inside the recorder's ``with`` block, each ``tensor.shape`` or ``tensor.dtype`` read would
    otherwise pass through its Python ``__torch_function__`` (about 5 µs, several per node)."""
    manager: contextlib.AbstractContextManager[None] = torch._C.DisableTorchFunction()
    return manager


def node_metadata(node: Any) -> dict[str, Any]:
    """Return an autograd node's ``metadata`` dict (torch's stubs declare it a method)."""
    metadata: dict[str, Any] = node.metadata
    return metadata


def _is_inplace(func: Callable[..., Any]) -> bool:
    """Return True for tensor methods that change their tensor in place (``mul_``, ``+=``, ``x[i] =``)."""
    name = getattr(func, "__name__", "")
    return (name.endswith("_") and not name.startswith("_")) or name in _INPLACE_DUNDERS


class ForwardRecorder(TorchFunctionMode):  # type: ignore[misc]  # untyped to mypy
    """Tags autograd nodes created inside it with their source line, module stack and value."""

    def __init__(self, script_file: str, *, values: bool = True, values_up_to: int | None = None) -> None:
        super().__init__()
        self.script_file = script_file
        self.values = values
        self.values_up_to = values_up_to
        """Values are recorded for at most this many ops (None: all); past it, for none."""
        self.values_dropped = False
        """True once more ops than ``values_up_to`` were made: no node keeps a value."""
        self._valued: list[dict[str, Any]] = []
        """The metadata given a value so far, while ``values_up_to`` may still drop them."""
        self.module_stack: tuple[torch.nn.Module, ...] = ()
        self.no_grad_line: int | None = None
        """First script line where an op on a requires-grad tensor ran with grad disabled."""
        self._handles: list[RemovableHandle] = []
        self._original_apply: Any = None
        self._tracers: list[tuple[Any, str, Callable[..., Any]]] = []
        """(namespace, name, original) of each torch.jit tracer the recorder wrapped."""
        self._active = False
        self._saved_hooks = 0
        """Older torch: saved-tensor hooks the script entered and has not left (see HOOKS_KEY)."""
        self._saved_hooks_stack: tuple[Callable[..., Any], Callable[..., Any]] | None = None
        self._compile_callbacks: Any = None
        """Dynamo's compile callback handler, once the recorder's callbacks are registered."""
        self.inplace: list[dict[str, Any]] = []
        """The first few in-place changes of tensors that require grad: ``{"line", "code"}``."""
        self._tagged_sequence = -1
        """The highest autograd sequence number tagged so far (nodes above it are new)."""
        self._detached: dict[int, tuple[weakref.ref[torch.Tensor], dict[str, Any]]] = {}
        """id(tensor) -> (weak reference, where and from what it was detached)."""
        self.roots: dict[int, weakref.ref[torch.Tensor]] = {}
        """Sequence number of a node -> weak reference to the op result it made, for results no
        later op has consumed (the newest MAX_ROOTS); the newest one is also held in ``_last``."""
        self._last: torch.Tensor | None = None
        self.called: set[int] = set()
        """ids of the modules the script called at top level (outside any other module)."""
        self.failures: list[str] = []
        """Tracebacks of failures in the recorder's own code (the script ran on unchanged)."""

    # -- activation -------------------------------------------------------------------------
    def __enter__(self) -> ForwardRecorder:
        self._active = True
        self._add_module_hooks()
        if _COUNT_SAVED_HOOKS:
            self._count_saved_hooks()
        function = torch.autograd.Function
        # A Python classmethod up to torch 2.13, a C classmethod_descriptor from 2.14 on: both
        # bind to the subclass the script calls ``apply`` on through the descriptor protocol.
        self._original_apply = function.__dict__["apply"]
        original = self._original_apply
        recorder = self

        def apply(cls: type, *args: Any, **kwargs: Any) -> Any:
            if standing_aside():
                return original.__get__(None, cls)(*args, **kwargs)
            start = stopwatch.event() if torch.is_grad_enabled() and stopwatch.cuda_started() else None
            began = stopwatch.now()
            result = original.__get__(None, cls)(*args, **kwargs)
            timing = (stopwatch.now() - began, start, None if start is None else stopwatch.event())
            if torch.is_grad_enabled():
                try:
                    recorder.tag(result, timing=timing)
                except Exception:
                    recorder.failed()
            return result

        function.apply = classmethod(apply)
        self._tracers = []
        for namespace in (torch.jit, getattr(torch.jit, "_trace", None)):
            for name in _TRACERS:
                traced = getattr(namespace, name, None)
                if callable(traced):
                    self._tracers.append((namespace, name, traced))
                    setattr(namespace, name, self._outside(traced))
        super().__enter__()
        return self

    def _outside(self, tracer: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap one of torch.jit's tracers to run with the recorder off torch's mode stack: the
        tracer writes the innermost Python frame of each op into the traced graph (printed with
        it), which is the script's line under plain python but would be the recorder's."""

        @functools.wraps(tracer)
        def trace(*args: Any, **kwargs: Any) -> Any:
            with self._off_mode_stack():
                return tracer(*args, **kwargs)

        return trace

    @contextlib.contextmanager
    def _off_mode_stack(self) -> Iterator[None]:
        """Take the recorder off torch's stack of function modes for a while (the modes the
        script entered since stay, in their order)."""
        torch_c = torch._C
        stack = [torch_c._get_function_stack_at(i) for i in range(torch_c._len_torch_function_stack())]
        if not any(mode is self for mode in stack):  # already off (a tracer calling another)
            yield
            return
        above = stack[next(k for k, mode in enumerate(stack) if mode is self) + 1 :]
        for _ in range(len(above) + 1):
            torch_c._pop_torch_function_stack()
        for mode in above:
            torch_c._push_on_torch_function_stack(mode)
        try:
            yield
        finally:
            for _ in above:
                torch_c._pop_torch_function_stack()
            torch_c._push_on_torch_function_stack(self)
            for mode in above:
                torch_c._push_on_torch_function_stack(mode)

    def owns_global_hooks(self) -> bool:
        """Whether every global module hook in place is the recorder's: torch's warning that
        a compiled module runs while global hooks exist is then about the recorder alone (plain
        python would not show it)."""
        modules = torch.nn.modules.module
        ours = {handle.id for handle in self._handles}
        hooks = (
            modules._global_forward_pre_hooks,
            modules._global_forward_hooks,
            modules._global_backward_pre_hooks,
            modules._global_backward_hooks,
        )
        return bool(ours) and all(set(hook) <= ours for hook in hooks)

    def __exit__(self, *exc: object) -> None:
        super().__exit__(*exc)
        self._active = False
        self._remove_module_hooks()
        if self._saved_hooks_stack is not None:
            for name, original in zip(_SAVED_HOOKS_STACK, self._saved_hooks_stack):
                setattr(torch._C._autograd, name, original)
            self._saved_hooks_stack = None
        handler = self._compile_callbacks
        if handler is not None:
            handler.remove_start_callback(self._compiling)
            handler.remove_end_callback(self._compiled)
            self._compile_callbacks = None
        if self._original_apply is not None:
            torch.autograd.Function.apply = self._original_apply
            self._original_apply = None
        for namespace, name, tracer in self._tracers:
            setattr(namespace, name, tracer)
        self._tracers = []

    def _count_saved_hooks(self) -> None:
        """Count the saved-tensor hooks in place as the script enters and leaves them (what
        ``saved_tensors_hooks``, ``save_on_cpu`` and checkpointing call to push and pop them)."""
        autograd_c = torch._C._autograd
        push, pop = (getattr(autograd_c, name, None) for name in _SAVED_HOOKS_STACK)
        if push is None or pop is None:
            return
        recorder = self

        def pushed(*args: Any) -> Any:
            result = push(*args)
            recorder._saved_hooks += 1
            return result

        def popped(*args: Any) -> Any:
            result = pop(*args)
            recorder._saved_hooks = max(0, recorder._saved_hooks - 1)
            return result

        self._saved_hooks_stack = (push, pop)
        setattr(autograd_c, _SAVED_HOOKS_STACK[0], pushed)
        setattr(autograd_c, _SAVED_HOOKS_STACK[1], popped)

    def _add_module_hooks(self) -> None:
        modules = torch.nn.modules.module
        recorder = self

        # Plain functions (Dynamo traces a module's global hooks with its forward where it
        # compiles with them in place): they do nothing, and touch nothing of the recorder,
        # while torch compiles.
        def push_module(module: torch.nn.Module, inputs: Any) -> None:
            if not standing_aside():
                if not recorder.module_stack:
                    recorder.called.add(id(module))
                recorder.module_stack = recorder.module_stack + (module,)

        def pop_module(module: torch.nn.Module, inputs: Any, output: Any) -> None:
            if standing_aside():
                return
            stack = recorder.module_stack
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth] is module:
                    recorder.module_stack = stack[:depth]
                    return

        self._handles = [
            modules.register_module_forward_pre_hook(push_module),
            modules.register_module_forward_hook(pop_module, always_call=True),
        ]

    def _remove_module_hooks(self) -> None:
        for handle in self._handles:
            handle.remove()
        self._handles = []

    def with_dynamo(self, dynamo: types.ModuleType) -> None:
        """Take the module hooks away while Dynamo (torch.compile) compiles.

        Global module hooks change how Dynamo traces a module (its ``__call__`` with the hooks
        instead of its ``forward``), and so the compiled program: its inputs come in another
        order than under plain python. Compiled without them, the program is torch's own; the
        compiled code never calls them, so nothing is lost while it runs. Where torch has no
        compile callbacks (before 2.2), the hooks stay and do nothing while it compiles.
        """
        handler = getattr(getattr(dynamo, "callback", None), "callback_handler", None)
        if handler is None or self._compile_callbacks is not None:
            return
        handler.register_start_callback(self._compiling)
        handler.register_end_callback(self._compiled)
        self._compile_callbacks = handler

    def _compiling(self, *_: Any) -> None:
        self._remove_module_hooks()

    def _compiled(self, *_: Any) -> None:
        if self._active and not self._handles:
            self._add_module_hooks()

    # -- recording --------------------------------------------------------------------------
    def __torch_function__(
        self,
        func: Callable[..., Any],
        types: Any,
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        if standing_aside():  # first, and alone: see standing_aside
            return func(*args, **(kwargs or {}))
        start = stopwatch.event() if torch.is_grad_enabled() and stopwatch.cuda_started() else None
        began = stopwatch.now()
        result = func(*args, **(kwargs or {}))
        timing = (stopwatch.now() - began, start, None if start is None else stopwatch.event())
        try:
            if not torch.is_grad_enabled():
                # Nothing autograd-related is read here: results made under no_grad have no
                # graph, and reading grad_fn of some of them raises (see the module docstring).
                if self.no_grad_line is None:
                    self._note_no_grad(args)
                if len(self.inplace) < MAX_INPLACE_NOTES and _is_inplace(func) and args:
                    self._note_inplace(args[0])
                return result
            if func in _DETACH:
                self._note_detach(args[0], result)
            elif func is _RETAIN_GRAD:
                self._note_retain_grad(args[0])
            elif len(self.inplace) < MAX_INPLACE_NOTES and _is_inplace(func) and args:
                self._note_inplace(args[0])
            elif self._detached and isinstance(result, torch.Tensor) and result.grad_fn is not None:
                self._note_cut_inputs(args, result)
            self.tag(result, args, timing)
        except Exception:  # our failure: noted, never raised into the script
            self.failed()
        return result

    def failed(self) -> None:
        """Keep the traceback of the exception being handled (a failure in our own code)."""
        if len(self.failures) < MAX_FAILURES:
            self.failures.append(traceback.format_exc())

    def _note_retain_grad(self, tensor: Any) -> None:
        if isinstance(tensor, torch.Tensor) and tensor.grad_fn is not None:
            node_metadata(tensor.grad_fn)[RETAINS_KEY] = weakref.ref(tensor)

    def graph_roots(self) -> list[torch.Tensor]:
        """Return the op results no later op consumed that are still alive, oldest first.

        Only the newest is kept alive by the recorder (a script's last result, passed to a
        function or printed and then dropped, is found; older graphs are not kept in memory).
        """
        found: list[torch.Tensor] = []
        for sequence, ref in self.roots.items():
            tensor = ref()
            if tensor is None:
                continue
            try:
                node = tensor.grad_fn
                if node is not None and node._sequence_nr() == sequence:
                    found.append(tensor)
            except RuntimeError:  # its grad_fn can no longer be read (changed in place since)
                continue
        return found

    def _note_inplace(self, target: Any) -> None:
        if isinstance(target, torch.Tensor) and target.requires_grad:
            where = self._source()
            if where is not None and all(n["line"] != where["line"] for n in self.inplace):
                self.inplace.append({"line": where["line"], "code": where["code"]})

    def _note_detach(self, source: Any, result: Any) -> None:
        if not isinstance(source, torch.Tensor) or not source.requires_grad:
            return
        where = self._source() or {}
        node = source.grad_fn
        info = {
            "line": where.get("line"),
            "code": where.get("code"),
            "op": node.name().rpartition("::")[2] if node is not None else "AccumulateGrad",
            "shape": list(source.shape),
        }
        key = id(result)
        self._detached[key] = (weakref.ref(result, lambda _ref: self._detached.pop(key, None)), info)

    def _note_cut_inputs(self, args: tuple[Any, ...], result: torch.Tensor) -> None:
        cuts = []
        for arg in args:
            items = arg if isinstance(arg, (list, tuple)) else (arg,)
            for item in items:
                entry = self._detached.get(id(item)) if isinstance(item, torch.Tensor) else None
                if entry is not None and entry[0]() is item:
                    cuts.append(entry[1])
        if cuts:
            node_metadata(result.grad_fn).setdefault(CUTS_KEY, []).extend(cuts)

    def tag(self, result: Any, args: tuple[Any, ...] = (), timing: stopwatch.Timing | None = None) -> None:
        """Tag the autograd nodes of the tensors in ``result`` that carry no tag yet (``args``:
        the op's positional arguments, for its constant inputs; ``timing``: the op's call)."""
        if isinstance(result, torch.Tensor):
            self._tag_tensor(result, args, timing)
        elif isinstance(result, (tuple, list)):
            for item in result:
                if isinstance(item, torch.Tensor):
                    self._tag_tensor(item, args, timing)

    def _tag_tensor(
        self, tensor: torch.Tensor, args: tuple[Any, ...] = (), timing: stopwatch.Timing | None = None
    ) -> None:
        node = tensor.grad_fn
        if node is None:
            return
        metadata = node_metadata(node)
        if SOURCE_KEY in metadata:
            return
        metadata[SOURCE_KEY] = self._source()
        metadata[MODULES_KEY] = self.module_stack
        metadata[TIME_KEY] = timing
        if not torch_support.NODE_OUTPUT_METADATA:  # torch before 2.2: the node cannot say it
            metadata[OUTPUT_KEY] = (list(tensor.shape), tensor.dtype, tensor.device)
        if _COUNT_SAVED_HOOKS:
            metadata[HOOKS_KEY] = self._saved_hooks > 0
        roots = self.roots
        if roots:
            for child, _ in node.next_functions:
                if child is not None:
                    roots.pop(child._sequence_nr(), None)
        roots[node._sequence_nr()] = weakref.ref(tensor)
        self._last = tensor
        if len(roots) > MAX_ROOTS:
            del roots[next(iter(roots))]
        if self.values:
            if self.values_up_to is not None:
                if len(self._valued) >= self.values_up_to:
                    self._drop_values()
                    return
                self._valued.append(metadata)
            metadata[VALUE_KEY] = summarize(tensor)
            self._tag_leaves(node)
            constants = self._constant_inputs(args)
            if constants:
                metadata[CONSTANTS_KEY] = constants

    def restart_values(self) -> None:
        """Count the ops given a value from here on (a backward pass ended the graph before)."""
        if self.values_up_to is not None:
            self.values = self.values or self.values_dropped
            self.values_dropped = False
            self._valued = []

    def _drop_values(self) -> None:
        """Record no more values, and forget those recorded (past ``values_up_to`` ops)."""
        self.values = False
        self.values_dropped = True
        for metadata in self._valued:
            for key in (VALUE_KEY, VALUE_VERSION_KEY, CONSTANTS_KEY):
                metadata.pop(key, None)
        self._valued = []

    def _constant_inputs(self, args: tuple[Any, ...]) -> list[dict[str, Any]]:
        """Return ``{"position", "name", "value"}`` for each small tensor argument that does not
        require grad: the inputs autograd draws no node for (``x`` in ``w * x``).  ``name`` is the
        script's variable bound to that very tensor, if any."""
        found: list[dict[str, Any]] = []
        for position, arg in enumerate(args):
            if (
                isinstance(arg, torch.Tensor)
                and not arg.requires_grad
                and arg.layout == torch.strided
                and not arg.is_nested
                and arg.numel() <= CONSTANT_LIMIT
            ):
                found.append({"position": position, "name": None, "value": summarize(arg)})
        if found:
            names = self._script_names()
            for entry in found:
                entry["name"] = names.get(id(args[entry["position"]]))
        return found

    def _script_names(self) -> dict[int, str]:
        """id of each tensor bound to a variable in the innermost frame of the user's script."""
        frame: FrameType | None = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename != self.script_file:
            frame = frame.f_back
        if frame is None:
            return {}
        names: dict[int, str] = {}
        for name, value in list(frame.f_locals.items()):
            if isinstance(value, torch.Tensor) and not name.startswith("_"):
                names.setdefault(id(value), name)
        return names

    def _tag_leaves(self, node: Any) -> None:
        """Summarize the leaf tensors (parameters) ``node`` reads, at their first use.

        Looks through the nodes the same op made inside it (``TBackward0`` between ``F.linear``
        and its weight: created after the previous tagged op). The summary is the value the
        forward pass used; it is taken again only when the tensor changed in place since (its
        ``_version``), e.g. by an optimizer step between two passes.
        """
        floor = self._tagged_sequence
        self._tagged_sequence = max(floor, node._sequence_nr())
        stack = [node]
        seen = {node}  # each node once: an op's inner graph can share nodes (a GRU cell's hidden state)
        while stack:
            for child, _ in stack.pop().next_functions:
                if child is None or child in seen:
                    continue
                seen.add(child)
                if hasattr(child, "variable"):
                    metadata = child.metadata
                    variable = child.variable
                    if metadata.get(VALUE_VERSION_KEY) != variable._version:
                        metadata[VALUE_KEY] = summarize(variable)
                        metadata[VALUE_VERSION_KEY] = variable._version
                        if self.values_up_to is not None:
                            self._valued.append(metadata)
                elif child._sequence_nr() > floor and SOURCE_KEY not in child.metadata:
                    stack.append(child)

    def _source(self) -> dict[str, Any] | None:
        frame: FrameType | None = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename == self.script_file:
                line = frame.f_lineno
                code = linecache.getline(self.script_file, line).strip()
                return {"file": self.script_file, "line": line, "code": code}
            frame = frame.f_back
        return None

    def _note_no_grad(self, args: tuple[Any, ...]) -> None:
        if any(isinstance(a, torch.Tensor) and a.requires_grad for a in args):
            source = self._source()
            if source is not None:
                self.no_grad_line = source["line"]
