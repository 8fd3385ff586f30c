"""An independent reference for the corpus: run scripts as plain Python and walk torch's own graph.

``python reference.py OUT_DIR SPEC.json`` imports torch once, then runs each script of the spec
(``[{"key", "script", "call", "argv"}]``) in a forked child, as ``python SCRIPT ARGS`` would: as
``__main__``, with ``sys.argv == [SCRIPT, *ARGS]`` and the script's folder first on ``sys.path``,
from seed 0 (Python's, torch's and NumPy's generators, as the app promises). The only thing added is an observer on
``torch.autograd.backward``: at the script's ``call``-th own backward call (calls torch makes from
inside the engine, as reentrant checkpointing does, are not counted) it walks
``grad_fn.next_functions`` from the tensors passed in, notes each node's first incoming gradient
with a pre-hook and the gradients it sends back with a post-hook, and after the call each leaf's
``.grad``. The script then runs to its end.

Each child writes ``OUT_DIR/<key>.json`` (atomically) with ``ok``, ``error``, ``calls`` and
``graph``: ``ops`` (op name per node), ``edges`` ([producer, consumer, slots] by node index),
``edge_grads`` (norm of what the consumer sent back through its first slot of each edge),
``leaves`` ({node, shape, names, grad}), ``grads`` (norm arriving at each node), ``outputs``
([shape, dtype] of each node's first output, read from the gradient it received), ``order`` (the
nodes in the order the engine ran them) and ``roots``
(node index and scalar value of each tensor backward started from).

This file shares no code with graphviz_app: it is the yardstick the app is measured against.
"""

from __future__ import annotations

import json
import os
import random
import runpy
import sys
import traceback
from typing import Any

import numpy
import torch

MAX_CONTAINER = 256


def norm(tensor: torch.Tensor | None) -> float | None:
    """Return the 2-norm of ``tensor`` (dense, sparse or complex) as a float, or None."""
    if tensor is None:
        return None
    if tensor.layout != torch.strided:
        tensor = tensor.to_dense()
    return float(
        torch.linalg.vector_norm(tensor.detach().double() if not tensor.is_complex() else tensor.detach())
    )


def walk(roots: list[Any]) -> tuple[list[Any], dict[tuple[int, int], list[int]]]:
    """Return the nodes reachable from ``roots`` (breadth first) and the edges between them."""
    nodes: list[Any] = []
    index: dict[int, int] = {}
    edges: dict[tuple[int, int], list[int]] = {}
    for root in roots:
        if id(root) not in index:
            index[id(root)] = len(nodes)
            nodes.append(root)
    position = 0
    while position < len(nodes):
        consumer = nodes[position]
        for slot, (producer, _) in enumerate(consumer.next_functions):
            if producer is None:
                continue
            if id(producer) not in index:
                index[id(producer)] = len(nodes)
                nodes.append(producer)
            edges.setdefault((index[id(producer)], position), []).append(slot)
        position += 1
    return nodes, edges


def candidate_names(frames: list[dict[str, Any]]) -> dict[int, list[str]]:
    """Return, per id of a leaf tensor, the names the script gives it in ``frames``.

    A tensor is named by its variable (``w``, ``params[0]``); a parameter by its
    ``named_parameters()`` name, under the variable holding its module (``netD.main.0.weight``),
    bare for a module held in a variable called ``model``.
    """
    names: dict[int, list[str]] = {}

    def add(tensor: Any, name: str) -> None:
        if isinstance(tensor, torch.Tensor) and tensor.requires_grad and tensor.grad_fn is None:
            names.setdefault(id(tensor), [])
            if name not in names[id(tensor)]:
                names[id(tensor)].append(name)

    for scope in frames:
        for key, value in list(scope.items()):
            if key.startswith("__"):
                continue
            if isinstance(value, torch.nn.Module):
                for name, param in value.named_parameters(remove_duplicate=False):
                    add(param, name if key == "model" else f"{key}.{name}")
            elif isinstance(value, torch.Tensor):
                add(value, key)
            elif isinstance(value, (list, tuple)) and len(value) <= MAX_CONTAINER:
                for i, item in enumerate(value):
                    add(item, f"{key}[{i}]")
            elif isinstance(value, dict) and len(value) <= MAX_CONTAINER:
                for item_key, item in value.items():
                    add(item, f"{key}[{item_key!r}]")
    return names


def script_frames(script: str, frame: Any) -> list[dict[str, Any]]:
    """Return the local namespaces of the script's frames on the stack, innermost first."""
    scopes: list[dict[str, Any]] = []
    while frame is not None:
        if frame.f_code.co_filename == script:
            scopes.append(dict(frame.f_locals))
            if frame.f_globals is not frame.f_locals:
                scopes.append(frame.f_globals)
        frame = frame.f_back
    return scopes


class Observer:
    """Replaces ``torch.autograd.backward``; records the graph of the chosen call, changes nothing."""

    def __init__(self, script: str, call: int) -> None:
        self.script = script
        self.call = call
        self.calls = 0
        self.inside = False
        self.graph: dict[str, Any] | None = None
        self.original = torch.autograd.backward

    def __call__(self, tensors: Any, *args: Any, **kwargs: Any) -> Any:
        if self.inside:  # torch's own call from inside the engine (reentrant checkpoint)
            return self.original(tensors, *args, **kwargs)
        self.calls += 1
        self.inside = True
        try:
            if self.calls != self.call:
                return self.original(tensors, *args, **kwargs)
            return self._record(tensors, args, kwargs)
        finally:
            self.inside = False

    def _record(self, tensors: Any, args: Any, kwargs: Any) -> Any:
        outputs = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
        outputs = [t for t in outputs if t.grad_fn is not None]
        nodes, edges = walk([t.grad_fn for t in outputs])
        position = {id(node): k for k, node in enumerate(nodes)}
        names = candidate_names(script_frames(self.script, sys._getframe(2)))
        grads: dict[int, float | None] = {}
        sent: dict[int, list[float | None]] = {}
        order: list[int] = []
        shapes: dict[int, list[Any]] = {}
        handles = []
        for k, node in enumerate(nodes):

            def hook(grad_outputs: Any, k: int = k) -> None:
                first = next((g for g in grad_outputs if g is not None), None)
                if k not in grads:
                    order.append(k)
                    out = grad_outputs[0] if grad_outputs else None
                    if out is not None:  # the gradient has the shape and dtype of the output
                        shapes[k] = [list(out.shape), str(out.dtype).removeprefix("torch.")]
                grads.setdefault(k, norm(first))

            def post_hook(grad_inputs: Any, _grad_outputs: Any, k: int = k) -> None:
                sent.setdefault(k, [norm(g) for g in grad_inputs])

            handles.append(node.register_prehook(hook))
            handles.append(node.register_hook(post_hook))
        try:
            value = self.original(tensors, *args, **kwargs)
        finally:
            for handle in handles:
                handle.remove()
        leaves = []
        for k, node in enumerate(nodes):
            if hasattr(node, "variable"):
                variable = node.variable
                leaves.append(
                    {
                        "node": k,
                        "shape": list(variable.shape),
                        "names": names.get(id(variable), []),
                        "grad": norm(variable.grad),
                    }
                )
        self.graph = {
            "ops": [node.name().rpartition("::")[2] for node in nodes],
            "edges": [[p, c, slots] for (p, c), slots in edges.items()],
            "edge_grads": [
                sent[c][min(slots)] if c in sent and min(slots) < len(sent[c]) else None
                for (p, c), slots in edges.items()
            ],
            "leaves": leaves,
            "grads": [grads.get(k) for k in range(len(nodes))],
            "order": order,
            "outputs": [shapes.get(k) for k in range(len(nodes))],
            "roots": [
                {"node": position[id(t.grad_fn)], "value": float(t.detach()) if t.numel() == 1 else None}
                for t in outputs
            ],
        }
        return value


def run_one(spec: dict[str, Any], out_dir: str) -> None:
    """In a forked child: run one script under the observer and write its JSON; then exit."""
    key, script = spec["key"], os.path.realpath(spec["script"])
    out = os.open(os.path.join(out_dir, f"{key}.out"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(out, 1)
    os.dup2(out, 2)
    sys.stdin = open(os.devnull)  # noqa: SIM115  # the child's stdin for its whole life
    # As on a machine without a display: matplotlib draws with Agg and plt.show() returns at once.
    os.environ["MPLBACKEND"] = "Agg"
    os.environ.pop("DISPLAY", None)
    os.environ.pop("WAYLAND_DISPLAY", None)
    observer = Observer(script, spec.get("call", 1))
    result: dict[str, Any] = {"ok": True, "error": None}
    sys.argv = [script, *spec.get("argv", [])]
    sys.path.insert(0, os.path.dirname(script))
    random.seed(0)
    torch.manual_seed(0)
    numpy.random.seed(0)
    # Dynamo compiles every Python frame a compiled function runs (a backward() after its graph
    # break): the observer is not the script's, and runs uncompiled, as torch's own backward does.
    torch.autograd.backward = torch._dynamo.disable(observer)  # type: ignore[assignment]
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (None, 0):
            result = {"ok": False, "error": f"sys.exit({exc.code!r})"}
    except BaseException:  # the script's own failure: the test reports it
        result = {"ok": False, "error": traceback.format_exc()}
    finally:
        torch.autograd.backward = observer.original  # type: ignore[assignment]
    result.update(calls=observer.calls, graph=observer.graph)
    path = os.path.join(out_dir, f"{key}.json")
    with open(path + ".part", "w", encoding="utf-8") as handle:
        json.dump(result, handle)
    os.replace(path + ".part", path)


def main() -> None:
    out_dir, spec_path = sys.argv[1], sys.argv[2]
    import torch._dynamo  # noqa: F401  # once, before the scripts are forked (see run_one)

    with open(spec_path, encoding="utf-8") as handle:
        specs = json.load(handle)
    for spec in specs:
        pid = os.fork()
        if pid == 0:
            try:
                run_one(spec, out_dir)
            finally:
                sys.stdout.flush()
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        path = os.path.join(out_dir, f"{spec['key']}.json")
        if not os.path.exists(path):  # the child died without writing (a crash in torch)
            with open(path + ".part", "w", encoding="utf-8") as handle:
                json.dump(
                    {
                        "ok": False,
                        "error": f"the process ended with status {status}",
                        "calls": 0,
                        "graph": None,
                    },
                    handle,
                )
            os.replace(path + ".part", path)


if __name__ == "__main__":
    main()
