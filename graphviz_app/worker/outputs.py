"""Where a script's outputs are: its top-level variables, the graphs it left unbound, or (for a
module script that built no graph itself) the model's forward pass run here; and why there are
none when there are none."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import torch

from ..wire.errors import ScriptError
from ..wire.message import QT_TRANSLATE_NOOP, Message
from .diagnose import diagnose
from .recorder import ForwardRecorder
from .script_source import asks_for_grad, detach_calls
from .walker import walk

BAD_BUILD = QT_TRANSLATE_NOOP(
    "Explanation",
    "build() must return a dict with 'model' (an nn.Module) and 'inputs' (a "
    "tuple), optionally 'target' and 'loss_fn'; or a tuple (model, "
    "inputs[, target, loss_fn]).",
)
NO_SUCH_OUTPUT = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script has no tensor named {name} with an autograd graph. Outputs to choose from: {choices}.",
)
NONE = QT_TRANSLATE_NOOP("Explanation", "none")
UNDER_NO_GRAD = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script built no autograd graph: its operations on line {line} ran "
    "under torch.no_grad() (or with grad disabled), so autograd recorded "
    "nothing. Compute the output outside the torch.no_grad() block to see "
    "its graph.",
)
NOT_KEPT = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script built no autograd graph that it kept: tensors (or module "
    "parameters) require grad, but no result computed from them is still "
    "alive when the script ends (results dropped inside functions, or "
    "detached, are gone). Assign the output to a top-level variable (for "
    "example `loss = ...`), or return it from the function that computes "
    "it.",
)
NOTHING_REQUIRES_GRAD = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script built no autograd graph: none of its tensors requires grad. "
    "Create inputs or weights with requires_grad=True (torch.tensor(..., "
    "requires_grad=True)), or define a `model` (nn.Module) and `inputs` so "
    "its parameters are used.",
)
DETACHED = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script built no autograd graph that it kept: line {line} cuts {name} "
    "out of the graph with .detach() (`{code}`), and after the cut only "
    "detached tensors (and numpy arrays made from them) are left, which carry "
    "no graph. That is what .detach() is for. To see the graph up to the cut, "
    "keep the result of an operation in a variable of its own before "
    "detaching it: y = w * 3, then y_np = y.detach().cpu().numpy().",
)


class OutputFinder:
    """Finds the outputs of a script that has run in ``namespace`` under ``recorder``."""

    def __init__(
        self, namespace: dict[str, Any], file: str, recorder: ForwardRecorder, wanted: str | None
    ) -> None:
        self.namespace = namespace
        self.file = file
        self.recorder = recorder
        self.wanted = wanted
        """The one output asked for by name, or None for all."""

    def model_never_called(self) -> bool:
        """Whether the module conventions apply although the script built a graph: it defines a
        top-level ``model`` and ``inputs`` but never ran the model (``build()`` applies only when
        the script built no graph: its own graph is the truth, and the forward never runs twice)."""
        model = self.namespace.get("model")
        return (
            isinstance(model, torch.nn.Module)
            and "inputs" in self.namespace
            and id(model) not in self.recorder.called
        )

    def recorded_outputs(self) -> list[tuple[str | None, torch.Tensor]]:
        """The newest graph the script built and left unbound (passed to a function, printed,
        returned by ``main()``): the newest root the recorder kept that no other kept root's
        graph holds, with the other such roots that share an op with its graph (a model's
        several outputs). Roots inside a graph (results still alive as saved tensors of ops the
        recorder never saw, inside composite ops) are not outputs."""
        if self.wanted is not None:
            return []
        roots = self.recorder.graph_roots()
        held = [t.grad_fn for t in roots]  # alive while ids are compared (see _fed_nodes)
        fed = _fed_nodes(held)
        top = [t for t in roots if id(t.grad_fn) not in fed]
        if not top:
            return []
        newest = top[-1]
        seen = walk([newest.grad_fn])
        ops = {id(node) for k, node in enumerate(seen.nodes) if not seen.leaf[k]}
        found = [t for t in top[:-1] if any(id(n) in ops for n in walk([t.grad_fn]).nodes)]
        return [(None, t) for t in found + [newest]]

    def module_outputs(self) -> list[tuple[str | None, torch.Tensor]] | None:
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
        found: list[tuple[str | None, torch.Tensor]] = [(n, t) for n, t in tensors if t.grad_fn is not None]
        if not found:
            raise self.no_graph_error()
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
            if (
                not isinstance(spec, Mapping)
                or not isinstance(spec.get("model"), torch.nn.Module)
                or "inputs" not in spec
            ):
                raise ScriptError("bad_module_script", Message.of(BAD_BUILD), file=self.file)
            for key in ("model", "loss_fn"):
                if spec.get(key) is not None:
                    self.namespace.setdefault(key, spec[key])
            return dict(spec)
        model = self.namespace.get("model")
        if isinstance(model, torch.nn.Module) and "inputs" in self.namespace:
            return {k: self.namespace.get(k) for k in ("model", "inputs", "target", "loss_fn")}
        return None

    def namespace_outputs(self) -> list[tuple[str | None, torch.Tensor]]:
        """The script's top-level tensors with a graph: the one asked for by name, else ``loss``,
        else every one no other one's graph holds."""
        candidates: dict[int, tuple[str, torch.Tensor]] = {}
        held: list[Any] = []  # the nodes keyed by id, alive while they are compared (see _fed_nodes)
        for key, value in self.namespace.items():
            if key.startswith("__"):
                continue
            for name, tensor in _tensors_in(value, key):
                node = tensor.grad_fn
                if node is not None:
                    held.append(node)
                    candidates.setdefault(id(node), (name, tensor))
        wanted = self.wanted
        if wanted is not None:
            for name, tensor in candidates.values():
                if name == wanted:
                    return [(name, tensor)]
            choices = ", ".join(sorted(name for name, _ in candidates.values())) or Message.of(NONE)
            words = Message.of(NO_SUCH_OUTPUT, name=repr(wanted), choices=choices)
            raise ScriptError("no_output", words, file=self.file)
        for name, tensor in candidates.values():
            if name == "loss":
                return [(name, tensor)]
        fed = _fed_nodes([t.grad_fn for _, t in candidates.values()])
        return [(n, t) for key, (n, t) in candidates.items() if key not in fed]

    def no_graph_error(self) -> ScriptError:
        line = self.recorder.no_grad_line
        if line is not None:
            return ScriptError("no_graph", Message.of(UNDER_NO_GRAD, line=line), file=self.file, line=line)
        cut = self.detach_error()
        if cut is not None:
            return cut
        requires = any(
            t.requires_grad for v in self.namespace.values() for _, t in _tensors_in(v, "")
        ) or any(
            p.requires_grad
            for v in self.namespace.values()
            if isinstance(v, torch.nn.Module)
            for p in v.parameters()
        )
        return ScriptError(
            "no_graph", Message.of(NOT_KEPT if requires else NOTHING_REQUIRES_GRAD), file=self.file
        )

    def detach_error(self) -> ScriptError | None:
        """The graph was cut by the script's ``.detach()`` (the tensor moved to numpy or the cpu
        for logging): name that line, not "nothing requires grad"."""
        calls = detach_calls(self.file)
        if not calls or not asks_for_grad(self.file):
            return None
        call = calls[-1]
        words = Message.of(DETACHED, line=call.line, name=call.what, code=call.code)
        return ScriptError("no_graph", words, file=self.file, line=call.line)


def _tensors_in(value: Any, name: str) -> list[tuple[str, torch.Tensor]]:
    """Return the tensors in ``value`` (a tensor, or a list/tuple/dict/model output of them)."""
    if isinstance(value, torch.Tensor):
        return [(name, value)]
    if isinstance(value, (list, tuple)) and len(value) <= 256:
        return [(f"{name}[{i}]", v) for i, v in enumerate(value) if isinstance(v, torch.Tensor)]
    if isinstance(value, Mapping) and len(value) <= 256:
        return [(f"{name}[{k!r}]", v) for k, v in value.items() if isinstance(v, torch.Tensor)]
    return []


def _fed_nodes(roots: Sequence[Any]) -> dict[int, Any]:
    """Return every node reachable from ``roots`` through at least one edge, by id.

    The nodes are held, so their ids stay theirs while the caller compares them (before torch
    2.2, a node's Python object is made anew on each read once nothing holds it).
    """
    fed: dict[int, Any] = {}
    stack = [nxt for root in roots for nxt, _ in root.next_functions if nxt is not None]
    while stack:
        node = stack.pop()
        if id(node) in fed:
            continue
        fed[id(node)] = node
        stack.extend(nxt for nxt, _ in node.next_functions if nxt is not None)
    return fed
