"""Record a backward pass: the order the autograd engine ran the nodes and the gradients it made.

Hooks on every node of a walk: a pre-hook (the node is about to run: its position in the engine's
order and the gradient w.r.t. its output) and a post-hook (the gradients it sends to its inputs).
Only bounded summaries are kept, never the gradient tensors.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import torch

from ..core.schema import Summary
from .summary import summarize
from .walker import Walk, is_leaf_node


def _first_tensor(tensors: Sequence[torch.Tensor | None]) -> torch.Tensor | None:
    return next((t for t in tensors if t is not None), None)


class BackwardRecorder:
    """Context manager that hooks every node of ``walk`` while a backward pass runs in it."""

    def __init__(self, result: Walk) -> None:
        self.walk = result
        self.order: list[int] = []
        self.node_grads: dict[int, Summary | None] = {}
        self.edge_grads: dict[tuple[int, int], Summary | None] = {}
        self._handles: list[Any] = []
        consumers = [0] * len(result.nodes)
        for (producer, _), slots in result.edges.items():
            consumers[producer] += len(slots)
        # An edge needs its own summary only when the producer sums several gradients.
        self._shared = [count > 1 for count in consumers]

    def __enter__(self) -> "BackwardRecorder":
        for k, node in enumerate(self.walk.nodes):
            self._handles.append(node.register_prehook(self._pre_hook(k)))
            if any(p is not None and self._shared[p] for p in self.walk.inputs[k]):
                self._handles.append(node.register_hook(self._post_hook(k)))
        return self

    def __exit__(self, *exc: object) -> None:
        for handle in self._handles:
            handle.remove()
        self._handles = []

    def _pre_hook(self, k: int) -> Callable[..., None]:
        def hook(grad_outputs: Sequence[torch.Tensor | None]) -> None:
            self.order.append(k)
            self.node_grads[k] = summarize(_first_tensor(grad_outputs))

        return hook

    def _post_hook(self, k: int) -> Callable[..., None]:
        inputs = self.walk.inputs[k]

        def hook(grad_inputs: Sequence[torch.Tensor | None], _grad_outputs: Any) -> None:
            for slot, grad in enumerate(grad_inputs):
                producer = inputs[slot] if slot < len(inputs) else None
                if producer is not None and self._shared[producer]:
                    self.edge_grads.setdefault((producer, k), summarize(grad))

        return hook

    def apply(self, trace: dict[str, Any]) -> None:
        """Write ``backward_index`` and ``grad`` into the trace's nodes and edges."""
        nodes = trace["nodes"]
        for position, k in enumerate(self.order):
            if nodes[k]["backward_index"] is None:
                nodes[k]["backward_index"] = position
        for k, node in enumerate(self.walk.nodes):
            if is_leaf_node(node):
                nodes[k]["grad"] = summarize(node.variable.grad)
            else:
                nodes[k]["grad"] = self.node_grads.get(k)
        for edge in trace["edges"]:
            producer = int(edge["source"][1:])
            consumer = int(edge["target"][1:])
            if self._shared[producer]:
                edge["grad"] = self.edge_grads.get((producer, consumer))
            elif consumer in self.node_grads or producer in self.node_grads:
                edge["grad"] = self.node_grads.get(producer) or nodes[producer]["grad"]


def run_backward(
    outputs: Sequence[torch.Tensor], backward: Callable[..., Any] = torch.autograd.backward
) -> list[str]:
    """Run backward from all ``outputs`` together, seeding each with ones; return notices."""
    notices = []
    seeds = []
    for tensor in outputs:
        if tensor.dim() != 0 or tensor.numel() != 1:
            notices.append(
                f"An output of shape {list(tensor.shape)} is not a scalar: backward was seeded with "
                "ones, as torch.autograd.backward(out, torch.ones_like(out)) would."
            )
        seeds.append(torch.ones_like(tensor))
    backward(list(outputs), grad_tensors=seeds)
    return notices
