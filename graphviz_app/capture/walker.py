"""Walk an autograd graph from its outputs into a plain trace (see core/schema.py).

The walk is iterative (breadth-first, explicit queue) so deep graphs never hit Python's recursion
limit, and node ids follow the walk order, so the same script gives the same ids.
"""
from __future__ import annotations

import heapq
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Sequence

import torch

from ..core.schema import SCHEMA_VERSION
from .naming import Names, module_path
from .recorder import CUTS_KEY, MODULES_KEY, SOURCE_KEY, VALUE_KEY
from .summary import describe, device_name, dtype_name, summarize

Node = Any  # torch.autograd.graph.Node (C++ nodes have no common Python base class)
MAX_SAVED_TEXT = 60


@dataclass
class Walk:
    """The autograd nodes reached from the roots; node ``k`` gets the id ``f"n{k}"``."""

    nodes: list[Node] = field(default_factory=list)
    index: dict[int, int] = field(default_factory=dict)
    edges: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    """(producer, consumer) -> the consumer's next_functions slots fed by the producer."""
    inputs: list[list[int | None]] = field(default_factory=list)
    """For each node, the producer index of each next_functions slot (None for no input)."""
    roots: list[int] = field(default_factory=list)


def walk(root_nodes: Sequence[Node]) -> Walk:
    """Return every node reachable from ``root_nodes`` through ``next_functions``."""
    result = Walk()
    queue: deque[int] = deque()

    def visit(node: Node) -> int:
        key = id(node)
        k = result.index.get(key)
        if k is None:
            k = len(result.nodes)
            result.index[key] = k
            result.nodes.append(node)
            result.inputs.append([])
            queue.append(k)
        return k

    for node in root_nodes:
        k = visit(node)
        if k not in result.roots:
            result.roots.append(k)
    while queue:
        consumer = queue.popleft()
        slots = result.inputs[consumer]
        for slot, (producer_node, _) in enumerate(result.nodes[consumer].next_functions):
            if producer_node is None:
                slots.append(None)
                continue
            producer = visit(producer_node)
            slots.append(producer)
            result.edges.setdefault((producer, consumer), []).append(slot)
    return result


def op_name(node: Node) -> str:
    """Return the autograd node's name without C++ namespaces (``AccumulateGrad``)."""
    return node.name().rpartition("::")[2]


def is_leaf_node(node: Node) -> bool:
    """Return True for an AccumulateGrad node (a leaf tensor that requires grad)."""
    return hasattr(node, "variable")


def forward_order(result: Walk) -> list[int]:
    """Return node indices in creation order, producers always before their consumers.

    Ops are ordered by ``_sequence_nr()``; a leaf comes just before its first consumer.
    """
    count = len(result.nodes)
    consumers: list[list[int]] = [[] for _ in range(count)]
    pending = [0] * count
    for producer, consumer in result.edges:
        consumers[producer].append(consumer)
        pending[consumer] += 1
    sequence = [0] * count
    for k, node in enumerate(result.nodes):
        if not is_leaf_node(node):
            sequence[k] = node._sequence_nr()
    for k, node in enumerate(result.nodes):
        if is_leaf_node(node):
            sequence[k] = min((sequence[c] for c in consumers[k]), default=0)
    # Priority: (sequence number, leaves first, walk index) — a deterministic tie-break.
    heap = [(sequence[k], 0 if is_leaf_node(n) else 1, k) for k, n in enumerate(result.nodes) if not pending[k]]
    heapq.heapify(heap)
    order: list[int] = []
    while heap:
        *_, k = heapq.heappop(heap)
        order.append(k)
        for consumer in consumers[k]:
            pending[consumer] -= 1
            if not pending[consumer]:
                node = result.nodes[consumer]
                heapq.heappush(heap, (sequence[consumer], 0 if is_leaf_node(node) else 1, consumer))
    return order


_SAVED_NAMES: dict[type, list[str]] = {}


def saved_summary(node: Node) -> list[str]:
    """Return short strings for the node's saved tensors and attributes (``exponent=3``)."""
    kind = type(node)
    names = _SAVED_NAMES.get(kind)
    if names is None:
        names = [a for a in dir(node) if a.startswith("_saved_")]
        if isinstance(node, torch.autograd.function.BackwardCFunction):
            names.append("saved_tensors")
        _SAVED_NAMES[kind] = names
    out: list[str] = []
    for attr in names:
        label = attr.removeprefix("_saved_")
        try:
            value = getattr(node, attr)
        except RuntimeError:
            out.append(f"{label}: (freed by backward)")
            continue
        except Exception:  # an attribute torch cannot convert to Python
            continue
        out.append(_format_saved(label, value))
    return out


def _format_saved(label: str, value: Any) -> str:
    if isinstance(value, torch.Tensor):
        return f"{label}: {describe(value)}"
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, torch.Tensor) for v in value):
        shown = ", ".join(describe(v) for v in value[:3])
        more = f", +{len(value) - 3}" if len(value) > 3 else ""
        return f"{label}: [{shown}{more}]"
    text = f"{label}={value!r}"
    return text if len(text) <= MAX_SAVED_TEXT else text[: MAX_SAVED_TEXT - 1] + "…"


def node_record(node: Node, names: Names, *, values: bool = True) -> dict[str, Any]:
    """Return the schema attributes of one autograd node that need no backward.

    ``values=False`` skips the leaves' value summaries (a pass over every parameter).
    """
    record: dict[str, Any] = {
        "op": op_name(node), "name": None, "module": None, "source": None, "value": None, "cuts": [],
    }
    if is_leaf_node(node):
        variable = node.variable
        record.update(
            kind="leaf",
            name=names.leaves.get(id(variable)),
            module=names.leaf_modules.get(id(variable)),
            shape=list(variable.shape),
            dtype=dtype_name(variable.dtype),
            device=device_name(variable.device),
            saved=[],
            value=summarize(variable) if values else None,
        )
        return record
    record["kind"] = "op"
    record["name"] = names.nodes.get(id(node))
    try:
        meta = node._input_metadata[0]
        record.update(shape=list(meta.shape), dtype=dtype_name(meta.dtype), device=device_name(meta.device))
    except (AttributeError, IndexError, RuntimeError):
        record.update(shape=None, dtype=None, device="cpu")
    record["saved"] = saved_summary(node)
    metadata = node.metadata
    if SOURCE_KEY in metadata:
        record["source"] = metadata[SOURCE_KEY]
        record["module"] = module_path(metadata[MODULES_KEY], names)
        record["value"] = metadata.get(VALUE_KEY)
        record["cuts"] = list(metadata.get(CUTS_KEY, ()))
    return record


def _inherit_from_consumers(result: Walk, records: list[dict[str, Any]], order: list[int]) -> None:
    """Give ops made inside another op (``TBackward0`` inside ``F.linear``), which no Python
    hook sees, the module and source line of the op that consumes them."""
    consumers: dict[int, list[int]] = {}
    for producer, consumer in result.edges:
        consumers.setdefault(producer, []).append(consumer)
    for k in reversed(order):
        record = records[k]
        if record["kind"] != "op" or SOURCE_KEY in result.nodes[k].metadata:
            continue
        for consumer in sorted(consumers.get(k, ())):
            if records[consumer]["module"] or records[consumer]["source"]:
                record["module"] = records[consumer]["module"]
                record["source"] = records[consumer]["source"]
                break


def _module_types(records: list[dict[str, Any]], names: Names) -> dict[str, str]:
    """Return the class name of every module path the graph uses, and of their ancestors."""
    used: set[str] = set()
    for record in records:
        path = record["module"]
        while path:
            used.add(path)
            path = path.rpartition(".")[0]
    return {path: names.module_types[path] for path in sorted(used) if path in names.module_types}


def build_trace(
    result: Walk,
    names: Names,
    outputs: Sequence[tuple[str | None, torch.Tensor]],
    *,
    script: str | None = None,
    notices: Sequence[str] = (),
    values: bool = True,
) -> dict[str, Any]:
    """Return the node-link trace of a walk (backward fields empty; see backward.py)."""
    records = [node_record(node, names, values=values) for node in result.nodes]
    order = forward_order(result)
    for position, k in enumerate(order):
        records[k]["forward_index"] = position
    _inherit_from_consumers(result, records, order)
    output_info = []
    root_ids = [f"n{k}" for k in result.roots]
    for name, tensor in outputs:
        k = result.index.get(id(tensor.grad_fn))
        if k is None:
            continue
        if name and records[k]["name"] is None:
            records[k]["name"] = name
        output_info.append(
            {"node": f"n{k}", "name": name, "shape": list(tensor.shape), "scalar": tensor.dim() == 0}
        )
    nodes = []
    for k, record in enumerate(records):
        record.update(id=f"n{k}", is_output=k in result.roots, backward_index=None, grad=None)
        nodes.append(record)
    edges = [
        {"source": f"n{p}", "target": f"n{c}", "slots": slots, "grad": None}
        for (p, c), slots in sorted(result.edges.items(), key=lambda item: (item[0][1], item[1][0]))
    ]
    graph = {
        "schema_version": SCHEMA_VERSION,
        "roots": root_ids,
        "outputs": output_info,
        "devices": dict(Counter(r["device"] for r in records)),
        "module_types": _module_types(records, names),
        "script": script,
        "backward": {"ran": False, "by": None, "call": None, "error": None},
        "notices": list(notices),
    }
    return {"directed": True, "multigraph": False, "graph": graph, "nodes": nodes, "edges": edges}
