"""In-process capture for people who want the graph from their own code (like ``make_dot(loss)``)."""

from __future__ import annotations

import sys
from typing import Any

import networkx as nx
import torch

from ..core.model.graph import graph_from_trace
from ..wire.errors import GraphvizAppError
from ..wire.message import QT_TRANSLATE_NOOP, Message
from ..worker.backward import BackwardRecorder, run_backward
from ..worker.naming import collect_names
from ..worker.summary import summarize_many
from ..worker.walker import Walk, build_trace, walk

NO_GRAPH = QT_TRANSLATE_NOOP(
    "Explanation",
    "None of the given tensors has an autograd graph: pass a tensor computed from tensors "
    "that require grad (not under torch.no_grad(), not detached).",
)


def trace_tensors(
    tensors: tuple[Any, ...],
    *,
    backward: bool = False,
    caller_depth: int = 1,
    values: bool = True,
    saved: bool = True,
) -> nx.DiGraph:
    """Return the autograd graph reaching ``tensors`` as a DiGraph (see wire/schema.py).

    Nodes are named after the caller's variables and the parameters of the ``nn.Module``s the
    caller holds. With ``backward=True`` backward runs from all tensors together (non-scalars
    seeded with ones) and is recorded, else the leaves' ``.grad`` left by the caller's own
    backward is; ``values=False`` skips the leaves' value summaries (an
    image never shows them), ``saved=False`` the ops' saved tensors and attributes (nor does
    an image draw them). Raises GraphvizAppError when no tensor has a graph.
    """
    roots = [t for t in _flatten(tensors) if isinstance(t, torch.Tensor) and t.grad_fn is not None]
    if not roots:
        raise GraphvizAppError(Message.of(NO_GRAPH))
    frame = sys._getframe(caller_depth + 1)
    names = collect_names([frame.f_locals, frame.f_globals])
    result = walk([t.grad_fn for t in roots])
    trace = build_trace(
        result, names, [(names.nodes.get(id(t.grad_fn)), t) for t in roots], values=values, saved=saved
    )
    if backward:
        recorder = BackwardRecorder(result)
        with recorder:
            trace["graph"]["notices"].extend(notice.to_wire() for notice in run_backward(roots))
        recorder.apply(trace)
        trace["graph"]["backward"] = {"ran": True, "by": "app", "call": None, "error": None}
    else:
        _caller_grads(result, trace)
    return graph_from_trace(trace)


def _caller_grads(result: Walk, trace: dict[str, Any]) -> None:
    """Record the leaves' ``.grad`` when the caller's own code ran backward (``z.backward()``
    before ``show(z)``): the gradients are there to draw, and backward counts as run."""
    leaves = [k for k, is_leaf in enumerate(result.leaf) if is_leaf]
    grads = [getattr(getattr(result.nodes[k], "variable", None), "grad", None) for k in leaves]
    if all(grad is None for grad in grads):
        return
    for k, summary in zip(leaves, summarize_many(grads)):
        trace["nodes"][k]["grad"] = summary
    trace["graph"]["backward"] = {"ran": True, "by": "script", "call": None, "error": None}


def _flatten(items: Any) -> list[Any]:
    out: list[Any] = []
    stack = [items]
    while stack:
        item = stack.pop()
        if isinstance(item, (tuple, list)):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        else:
            out.append(item)
    return out
