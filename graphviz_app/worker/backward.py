"""Record a backward pass: the order the autograd engine ran the nodes and the gradients it made.

Hooks on every node of a walk: a pre-hook (the node is about to run: its position in the engine's
order and the gradient w.r.t. its output) and, where a producer sums the gradients of several
consumers, a post-hook (the gradient each consumer sends back along its edge). Only bounded
summaries are kept, never the gradient tensors.

The hooks are cheap: they note the node and hold the gradient; the held gradients are summarized
together (:func:`summarize_many`) once they take more than PENDING_BYTES, and when the backward
pass ends. Holding is safe: the engine never changes a gradient in place while another tensor
shares its storage. A gradient bigger than HOLD_BYTES is summarized as it arrives, and so is the
one that reaches a custom ``autograd.Function`` (its Python ``backward`` might change it in
place). A leaf's own gradient is read from its ``.grad`` afterwards, so the hook of a leaf holds
nothing (holding would stop the engine from handing the incoming tensor to ``.grad`` without a
copy), except for a leaf that already had a ``.grad``: then what arrives differs from the sum, and
is kept for its edge. Python's cyclic garbage collector is paused while the hooks are in place
and during :meth:`apply`. What the hooks and :meth:`apply` read and compute is
:func:`~.recorder.unrecorded`: no mode or tensor subclass of the script's sees it.

Each node's backward time (``backward_ns``) runs from the end of its pre-hook to the start of its
post-hook: the node's own computation (for a leaf, accumulating into ``.grad``), the engine's
work between the two (checking and routing its gradients) and any hook the script put on the node
after the recorder's; the recorder's own work on the gradients (holding or summarizing them) falls
outside it. On a CUDA device the time is read from CUDA events (see :mod:`.stopwatch`). Timing is
always on: the post-hook on every node (registered, called, removed) and two reads of the clock
cost about 8 µs per node (``bench.node_time``: 30 to 38 µs per node under the recorder, against
9 µs plain), a few ms on a model of a few hundred nodes.

The hooks never raise into the engine: a failure in them is kept in ``failures`` (reported as
graphviz_app's own) and the backward pass runs on as it would without the app.
"""

from __future__ import annotations

import threading
import traceback
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch.autograd.function import BackwardCFunction

from ..wire.gc_pause import gc_paused, without_gc
from ..wire.message import QT_TRANSLATE_NOOP, Message
from ..wire.schema import Summary
from . import stopwatch, torch_support
from .recorder import RETAINS_KEY, unrecorded
from .summary import BATCH_NUMEL, summarize, summarize_many
from .walker import Walk

NOT_SCALAR = QT_TRANSLATE_NOOP(
    "Explanation",
    "An output of shape {shape} is not a scalar: backward was seeded with "
    "ones, as torch.autograd.backward(out, torch.ones_like(out)) would.",
)

PENDING_BYTES = 64 << 20
"""Held gradients are summarized once they take more than this (memory held by the recorder)."""

HOLD_BYTES = 16 << 20
"""A gradient bigger than this is summarized as it arrives, never held."""

_STRIDED = torch.strided


class BackwardRecorder:
    """Context manager that hooks every node of ``walk`` while a backward pass runs in it."""

    def __init__(self, result: Walk) -> None:
        self.walk = result
        self.order: list[int] = []
        self.node_grads: dict[int, Summary | None] = {}
        self.edge_grads: dict[tuple[int, int], Summary | None] = {}
        self._handles: list[Any] = []
        self._pending: list[tuple[Any, Any]] = []
        self._held = [0]  # bytes of the tensors in _pending
        self._lock = threading.Lock()
        self._leaf = result.leaf
        consumers = [0] * len(result.nodes)
        for (producer, _), slots in result.edges.items():
            consumers[producer] += len(slots)
        # An edge needs its own summary only when the producer sums several gradients.
        self._shared = [count > 1 for count in consumers]
        # For each consumer: (slot, producer) for the first slot fed by each shared producer.
        self._edge_slots: dict[int, list[tuple[int, int]]] = {}
        # For each producer with one consumer (one slot): that consumer.
        self._consumer: dict[int, int] = {}
        shared = self._shared
        for (producer, consumer), slots in result.edges.items():
            if shared[producer]:
                self._edge_slots.setdefault(consumer, []).append((min(slots), producer))
            else:
                self._consumer[producer] = consumer
        # Big gradients summarized as they reached a node: consumer -> (storage, elements, summary).
        self._big: dict[int, tuple[Any, Any, Summary]] = {}
        self.failures: list[str] = []
        """Tracebacks of failures in the hooks (the backward pass itself ran on)."""
        count = len(result.nodes)
        self._began: list[int | None] = [None] * count
        self._ended: list[int | None] = [None] * count
        """Each node's host clock at the end of its pre-hook and the start of its post-hook."""
        self._events: tuple[list[Any], list[Any]] | None = None
        """The same as CUDA events, where the script had initialised CUDA (see :mod:`.stopwatch`)."""

    def __enter__(self) -> BackwardRecorder:
        # The cyclic collector is paused first thing (an allocation could start a collection):
        # the hooks keep many small objects alive, and each full collection they would set off
        # scans the whole heap (model, graph, trace) for cycles that are not there.
        self._gc = gc_paused()
        self._gc.__enter__()
        nodes = self.walk.nodes
        leaf, shared = self._leaf, self._shared
        handles = self._handles
        if stopwatch.cuda_started():
            self._events = ([None] * len(nodes), [None] * len(nodes))
        with unrecorded():
            for k, node in enumerate(nodes):
                if leaf[k] and (shared[k] or node.variable.grad is None):
                    hook = self._order_hook(k)
                else:
                    hook = self._pre_hook(k, now=isinstance(node, BackwardCFunction))
                handles.append(node.register_prehook(hook))
                handles.append(node.register_hook(self._post_hook(k, self._edge_slots.get(k, []))))
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            for handle in self._handles:
                handle.remove()
            self._handles = []
            self.flush()
        finally:
            self._gc.__exit__(None, None, None)

    # -- hooks: run by the autograd engine, once per node ----------------------------------------
    def _order_hook(self, k: int) -> Callable[..., None]:
        note = self.order.append
        began, now, events = self._began, stopwatch.now, self._events

        def hook(_grad_outputs: Sequence[torch.Tensor | None]) -> None:
            note(k)
            if events is not None:
                events[0][k] = stopwatch.event()
            began[k] = now()

        return hook

    def _pre_hook(self, k: int, now: bool = False) -> Callable[..., None]:
        note = self.order.append
        hold = self._hold if not now else self._summarize_now
        began, clock, events = self._began, stopwatch.now, self._events

        def hook(grad_outputs: Sequence[torch.Tensor | None]) -> None:
            note(k)
            try:
                with unrecorded():
                    grad = next((g for g in grad_outputs if g is not None), None)
                    hold(k, grad)
            except Exception:
                self._failed()
            if events is not None:
                events[0][k] = stopwatch.event()
            began[k] = clock()

        return hook

    def _failed(self) -> None:
        if len(self.failures) < 3:
            self.failures.append(traceback.format_exc())

    def _post_hook(self, k: int, slots: list[tuple[int, int]]) -> Callable[..., None]:
        """The hook after node ``k`` ran: its backward time, and the gradient it sent along each
        edge in ``slots`` (``(slot, producer)``)."""
        hold = self._hold
        ended, now, events = self._ended, stopwatch.now, self._events
        if not slots and events is None:  # (the common hook: as little as can be)

            def stop(_grad_inputs: Any, _grad_outputs: Any) -> None:
                ended[k] = now()

            return stop

        def hook(grad_inputs: Sequence[torch.Tensor | None], _grad_outputs: Any) -> None:
            ended[k] = now()
            if events is not None:
                events[1][k] = stopwatch.event()
            if not slots:
                return
            count = len(grad_inputs)
            try:
                with unrecorded():
                    for slot, producer in slots:
                        hold((producer, k), grad_inputs[slot] if slot < count else None)
            except Exception:
                self._failed()

        return hook

    def _hold(self, key: Any, grad: torch.Tensor | None) -> None:
        """Keep ``grad`` for ``key`` (a node, or a (producer, consumer) edge) until the next flush."""
        if grad is None:
            self._pending.append((key, None))
            return
        if grad.layout is not _STRIDED or grad.is_nested:  # sparse: no nbytes; shape only
            self._pending.append((key, summarize(grad)))
            return
        size = grad.nbytes
        if size > HOLD_BYTES:
            summary = self._seen(key, grad)
            if summary is None:
                summary = summarize(grad)
                identity = _identity(grad) if type(key) is int else None
                if identity is not None and summary is not None:
                    self._big[key] = (*identity, summary)
            self._pending.append((key, summary))
            return
        self._pending.append((key, grad))
        self._held[0] += size
        if self._held[0] > PENDING_BYTES:
            self.flush()

    def _seen(self, key: Any, grad: torch.Tensor) -> Summary | None:
        """Return the summary of ``grad`` if its consumer just summarized the very same elements.

        The gradient a node sends back is often a view of the one it received (``TBackward0``
        sends ``grad.t()``: the weight's gradient, which reached the node transposed). Its
        statistics are those of the same elements (a big tensor is reduced in the order of its
        storage, whatever the order of its dimensions), when nothing can have changed them in
        between: ``key`` is that node's post-hook edge, or a producer with that node as its only
        consumer (its gradient is what the node sent, never summed into: the engine only adds in
        place into a tensor whose storage nothing else shares), and the storage is the same
        live object (so no other tensor has taken its memory since).
        """
        if grad.numel() <= BATCH_NUMEL:  # reduced in the order of its own shape: not shared
            return None
        consumer = key[1] if type(key) is tuple else self._consumer.get(key)
        seen = self._big.get(consumer) if consumer is not None else None
        if seen is None:
            return None
        identity = _identity(grad)
        if identity is None or seen[0]() is not identity[0]() or seen[1] != identity[1]:
            return None
        return {**seen[2], "shape": list(grad.shape)}

    def _summarize_now(self, key: Any, grad: torch.Tensor | None) -> None:
        self._pending.append((key, summarize(grad)))

    def flush(self) -> None:
        """Summarize the held gradients and let them go."""
        with self._lock:
            count = len(self._pending)
            if not count:
                return
            items = self._pending[:count]
            del self._pending[:count]
            self._held[0] = 0
        with unrecorded():
            summaries = summarize_many([v if isinstance(v, torch.Tensor) else None for _, v in items])
        node_grads, edge_grads = self.node_grads, self.edge_grads
        for (key, value), summary in zip(items, summaries):
            if isinstance(value, dict):
                summary = value  # type: ignore[assignment]
            if type(key) is int:
                node_grads[key] = summary
            else:
                edge_grads.setdefault(key, summary)

    @without_gc  # many summaries and no cycles: see __enter__
    def apply(self, trace: dict[str, Any], results: dict[int, torch.Tensor | None] | None = None) -> None:
        """Write ``backward_index`` and ``grad`` into the trace's nodes and edges.

        ``results`` (node index -> gradient) replaces what a leaf's ``.grad`` would say, for a
        ``torch.autograd.grad`` call (it returns gradients instead of accumulating them).
        """
        with unrecorded():
            self.flush()
            nodes = trace["nodes"]
            for position, k in enumerate(self.order):
                if nodes[k]["backward_index"] is None:
                    nodes[k]["backward_index"] = position
            leaves = [k for k, is_leaf in enumerate(self._leaf) if is_leaf]
            found: dict[int, Summary | None] = {}
            tensors = []
            for k in leaves:
                variable = self.walk.nodes[k].variable
                if results is not None:
                    tensors.append(results.get(k))
                    continue
                grad = variable.grad
                # A .grad taken over from the incoming gradient (no copy) holds the elements the
                # leaf's consumer saw, unchanged unless a post-accumulate hook touched it.
                if (
                    grad is not None
                    and grad.layout is _STRIDED
                    and grad.nbytes > HOLD_BYTES
                    and k in self._consumer
                    and not getattr(variable, "_post_accumulate_grad_hooks", None)
                ):
                    found[k] = self._seen(k, grad)
                tensors.append(None if found.get(k) is not None else grad)
            leaf_grads = [found.get(k) or summary for k, summary in zip(leaves, summarize_many(tensors))]
            node_grads = self.node_grads
            for k in range(len(self.walk.nodes)):
                nodes[k]["grad"] = node_grads.get(k)
            self._apply_times(trace)
            for k, grad in zip(leaves, leaf_grads):
                nodes[k]["grad"] = grad
            retained = [k for k, node in enumerate(nodes) if node.get("retains_grad")]
            if retained:
                grads = [_retained_grad(self.walk.nodes[k]) for k in retained]
                for k, summary in zip(retained, summarize_many(grads)):
                    nodes[k]["retained_grad"] = summary
            if results:
                ops = [k for k in results if not self._leaf[k]]
                for k, grad in zip(ops, summarize_many([results[k] for k in ops])):
                    nodes[k]["grad"] = grad
            if not torch_support.NODE_OUTPUT_METADATA:
                # torch before 2.2 does not tell every op's output shape and dtype; the gradient
                # w.r.t. that output, which the engine checks against them, has the same
                for node in nodes:
                    grad = node["grad"]
                    if node["shape"] is None and grad is not None:
                        node["shape"], node["dtype"] = list(grad["shape"]), grad["dtype"]
                torch_support.note_missing_metadata(trace)
            shared = self._shared
            for edge in trace["edges"]:
                producer = int(edge["source"][1:])
                consumer = int(edge["target"][1:])
                if shared[producer]:
                    edge["grad"] = self.edge_grads.get((producer, consumer))
                elif consumer in node_grads or producer in node_grads:
                    edge["grad"] = node_grads.get(producer) or nodes[producer]["grad"]

    def _apply_times(self, trace: dict[str, Any]) -> None:
        """Write each node's ``backward_ns``, the graph's ``backward_ns_total`` and which clock
        the times came from (``time_clock``)."""
        nodes, graph = trace["nodes"], trace["graph"]
        events = self._events or ([None] * len(nodes), [None] * len(nodes))
        measured: list[tuple[stopwatch.Timing | None, bool]] = [
            (
                (end - began, start, stop) if began is not None and end is not None else None,
                (node["device"] or "").startswith("cuda"),
            )
            for node, began, end, start, stop in zip(nodes, self._began, self._ended, *events)
        ]
        total = 0
        for node, (timing, on_cuda) in zip(nodes, measured):
            took = node["backward_ns"] = stopwatch.nanoseconds(timing, on_cuda)
            total += took or 0
        graph["backward_ns_total"] = total
        if graph.get("time_clock") != "cuda_events":
            graph["time_clock"] = stopwatch.clock(measured)


def _retained_grad(node: Any) -> torch.Tensor | None:
    """Return the ``.grad`` kept by the tensor that called ``retain_grad()`` on ``node``."""
    ref = node.metadata.get(RETAINS_KEY)
    tensor = ref() if ref is not None else None
    return tensor.grad if tensor is not None else None


def _identity(tensor: torch.Tensor) -> tuple[Any, tuple[Any, ...]] | None:
    """Return a weak reference to the storage of ``tensor`` and which of its elements it covers
    (in any dimension order), or None for a tensor without a plain storage (or where storages
    have no lasting Python object to refer to: each gradient is then summarized by itself)."""
    if not torch_support.STORAGE_REFS:
        return None
    try:
        storage = weakref.ref(tensor.untyped_storage())
        dims = sorted((size, stride) for size, stride in zip(tensor.shape, tensor.stride()) if size != 1)
        return storage, (tensor.data_ptr(), tensor.dtype, tensor.numel(), tuple(dims))
    except (RuntimeError, NotImplementedError, TypeError):
        return None


def run_backward(
    outputs: Sequence[torch.Tensor], backward: Callable[..., Any] = torch.autograd.backward
) -> list[Message]:
    """Run backward from all ``outputs`` together, seeding each with ones; return notices."""
    notices = [
        Message.of(NOT_SCALAR, shape=str(list(t.shape))) for t in outputs if t.dim() != 0 or t.numel() != 1
    ]
    backward(list(outputs), grad_tensors=[torch.ones_like(t) for t in outputs])
    return notices
