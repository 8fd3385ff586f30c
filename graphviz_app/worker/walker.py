"""Walk an autograd graph from its outputs into a plain trace (see wire/schema.py).

The walk is iterative (breadth-first, explicit queue) so deep graphs never hit Python's recursion
limit, and node ids follow the walk order, so the same script gives the same ids.
"""

from __future__ import annotations

import heapq
import inspect
import os
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from ..wire.gc_pause import without_gc
from ..wire.schema import SCHEMA_VERSION
from . import stopwatch, torch_support
from .naming import Names, module_path
from .recorder import (
    CONSTANTS_KEY,
    CUTS_KEY,
    HOOKS_KEY,
    MODULES_KEY,
    OUTPUT_KEY,
    RETAINS_KEY,
    SOURCE_KEY,
    TIME_KEY,
    VALUE_KEY,
    VALUE_VERSION_KEY,
)
from .summary import device_name, dtype_name, summarize_many

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
    leaf: list[bool] = field(default_factory=list)
    """For each node, whether it is an AccumulateGrad (a leaf tensor that requires grad)."""


@without_gc
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
            result.leaf.append(hasattr(node, "variable"))  # an AccumulateGrad node
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


def forward_order(result: Walk) -> list[int]:
    """Return node indices in creation order, producers always before their consumers.

    Ops are ordered by ``_sequence_nr()``; a leaf comes just before its first consumer. The
    least-priority-first topological sort: producers still come first when ops were made on
    several threads (each numbers its own).
    """
    return _topological(result, _priorities(result))


def _priorities(result: Walk) -> list[tuple[int, int, int]]:
    """Each node's (sequence number, leaves first, walk index): a deterministic order."""
    leaf = result.leaf
    sequence = [0 if is_leaf else node._sequence_nr() for node, is_leaf in zip(result.nodes, leaf)]
    first_use: dict[int, int] = {}
    for producer, consumer in result.edges:
        if leaf[producer]:
            seen = first_use.get(producer)
            if seen is None or sequence[consumer] < seen:
                first_use[producer] = sequence[consumer]
    return [(first_use.get(k, 0), 0, k) if leaf[k] else (sequence[k], 1, k) for k in range(len(leaf))]


def _topological(result: Walk, priority: list[tuple[int, int, int]]) -> list[int]:
    """Kahn's topological sort taking the least ``priority`` among the ready nodes."""
    count = len(priority)
    consumers: list[list[int]] = [[] for _ in range(count)]
    pending = [0] * count
    for producer, consumer in result.edges:
        consumers[producer].append(consumer)
        pending[consumer] += 1
    heap = [priority[k] for k in range(count) if not pending[k]]
    heapq.heapify(heap)
    order: list[int] = []
    while heap:
        *_, k = heapq.heappop(heap)
        order.append(k)
        for consumer in consumers[k]:
            pending[consumer] -= 1
            if not pending[consumer]:
                heapq.heappush(heap, priority[consumer])
    return order


_SAVED_NAMES: dict[type, list[tuple[str, str | None]]] = {}
_KNOWS_UNPACK_HOOK = hasattr(getattr(torch._C._autograd, "SavedTensor", None), "unpack_hook")
"""Whether a saved tensor tells its unpack hook (``SavedTensor.unpack_hook``, recent torch)."""
HOOKED_TEXT = "not read (saved-tensor hooks)"


def signed(value: Any) -> Any:
    """``value`` with each int that torch handed over as an unsigned 64-bit number made signed
    again: a saved ``dim=-1`` reads back as 18446744073709551615 from some nodes."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and 2**63 <= value < 2**64:
        return value - 2**64
    if isinstance(value, tuple):
        return tuple(signed(v) for v in value)
    if isinstance(value, list):
        return [signed(v) for v in value]
    return value


def _saved_names(node: Node) -> list[tuple[str, str | None]]:
    """Return the ``_saved_*`` attribute names of the node's class, each with the name of its raw
    ``SavedTensor`` attribute (None for a saved non-tensor), looked up once per class."""
    kind = type(node)
    names = _SAVED_NAMES.get(kind)
    if names is None:
        attributes = set(dir(node))
        names = [
            (a, raw if (raw := "_raw" + a) in attributes else None)
            for a in sorted(attributes)
            if a.startswith("_saved_")
        ]
        if isinstance(node, torch.autograd.function.BackwardCFunction):
            names.append(("saved_tensors", "_raw_saved_tensors"))
        _SAVED_NAMES[kind] = names
    return names


def unpack_runs_hook(node: Node, raw_name: str) -> bool:
    """Whether reading a saved tensor of ``node`` would run a saved-tensor unpack hook (the
    script's ``saved_tensors_hooks``, ``save_on_cpu``, non-reentrant checkpointing): torch runs
    it during backward only, so it is never read before.

    Recent torch says so on the raw ``SavedTensor``; older torch, through the recorder's note of
    whether default hooks were active when the node was made (unknown: False).
    """
    try:
        raw = getattr(node, raw_name)
    except Exception:  # freed by backward (reading it raises, and runs no hook), or unreadable
        return False
    if not _KNOWS_UNPACK_HOOK:
        return bool(node.metadata.get(HOOKS_KEY, False))
    saved = raw if isinstance(raw, (list, tuple)) else (raw,)
    return any(getattr(item, "unpack_hook", None) is not None for item in saved)


_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep


def custom_backward(cls: type) -> dict[str, Any] | None:
    """Where a custom ``torch.autograd.Function``'s backward is written: ``{"name", "file",
    "line"}`` (``MyReLU.backward``, its file, the line of its ``def``; file and line None when
    Python cannot tell), or None for a Function of torch's own (``torch.compile``'s, checkpoint's).

    The function is the one autograd calls: ``vjp`` where the class defines it, else ``backward``.
    """
    base = torch.autograd.Function
    vjp = getattr(cls, "vjp", None)
    attr = "vjp" if vjp is not None and vjp is not getattr(base, "vjp", None) else "backward"
    file: str | None = None
    line: int | None = None
    try:
        function = inspect.unwrap(getattr(cls, attr))  # through @once_differentiable
        code = getattr(function, "__code__", None)
        if code is not None:
            file, line = code.co_filename, code.co_firstlineno
        lines, start = inspect.getsourcelines(function)
        file = inspect.getsourcefile(function) or file
        line = start + next(
            (k for k, text in enumerate(lines) if text.lstrip().startswith(("def ", "async def "))), 0
        )
    except Exception:  # no source (compiled from a string, a C function): what the code says
        pass
    if file is not None and os.path.abspath(file).startswith(_TORCH_DIR):
        return None
    return {"name": f"{getattr(cls, '__qualname__', cls.__name__)}.{attr}", "file": file, "line": line}


class Describer:
    """Turns autograd nodes into schema records, memoizing what many nodes share.

    Device names, module paths (one per module stack the recorder tagged) and the
    saved-attribute names of each node class are computed once per capture, not once per node.
    """

    def __init__(self, names: Names, *, saved: bool = True) -> None:
        self.names = names
        self.with_saved = saved
        """False: ops' ``saved`` stay empty (a drawing never shows them)."""
        self._devices: dict[torch.device, str] = {}
        self._paths: dict[int, str | None] = {}
        self._tensors: dict[tuple[torch.dtype, torch.Size], str] = {}
        self._custom: dict[type, dict[str, Any] | None] = {}
        self.storages: dict[tuple[torch.device, int], int] = {}
        """Every storage a described node saved for backward: (device, address) -> bytes."""
        self.module_storages: dict[str, dict[tuple[torch.device, int], int]] = {}
        """The same per module path, for the nodes that ran in the module or its submodules."""
        self.timings: list[tuple[stopwatch.Timing | None, bool]] = []
        """Each tagged op's forward timing and whether it ran on a CUDA device."""

    def device(self, device: torch.device) -> str:
        text = self._devices.get(device)
        if text is None:
            text = self._devices[device] = device_name(device)
        return text

    def tensor(self, tensor: torch.Tensor) -> str:
        """``"float32[2, 2]"``, plus the device when not cpu."""
        if tensor.is_cpu:
            key = (tensor.dtype, tensor.shape)
            text = self._tensors.get(key)
            if text is None:
                text = self._tensors[key] = f"{dtype_name(tensor.dtype)}{list(tensor.shape)}"
            return text
        return f"{dtype_name(tensor.dtype)}{list(tensor.shape)} {self.device(tensor.device)}"

    def module(self, stack: tuple[Any, ...]) -> str | None:
        key = id(stack)  # the recorder shares one tuple between all ops of a module call
        if key not in self._paths:
            self._paths[key] = module_path(stack, self.names)
        return self._paths[key]

    def saved(self, node: Node, module: str | None = None) -> tuple[list[str], int | None]:
        """Short strings for the node's saved tensors and attributes (``exponent=3``), and the
        bytes of the storages those tensors keep alive (:meth:`held`); a saved tensor whose
        reading would run a saved-tensor hook is not read (:data:`HOOKED_TEXT`): its bytes, and
        so the node's, are unknown (None), as are those of a tensor backward already freed.
        The storages count toward ``module`` and every module above it."""
        out: list[str] = []
        held: dict[tuple[torch.device, int], int] = {}
        known = True
        for attr, raw in _saved_names(node):
            label = attr[7:] if attr.startswith("_saved_") else attr
            if raw is not None and unpack_runs_hook(node, raw):
                out.append(f"{label}: {HOOKED_TEXT}")
                known = False
                continue
            try:
                value = getattr(node, attr)
            except RuntimeError:
                out.append(f"{label}: (freed by backward)")
                known = False
                continue
            except Exception:  # an attribute torch cannot convert to Python
                continue
            out.append(self._format_saved(label, value))
            if not self._hold(held, value):
                known = False
        self.storages.update(held)
        while held and module:
            self.module_storages.setdefault(module, {}).update(held)
            module = module.rpartition(".")[0]
        return out, sum(held.values()) if known else None

    def _hold(self, held: dict[tuple[torch.device, int], int], value: Any) -> bool:
        """Add the storages of the saved tensor(s) ``value`` to ``held`` (storage key -> bytes);
        False where a tensor has no storage to measure (sparse, nested, a wrapper subclass)."""
        if isinstance(value, torch.Tensor):
            return self._storage(held, value)
        if isinstance(value, (list, tuple)):
            found = [self._storage(held, v) for v in value if isinstance(v, torch.Tensor)]
            return all(found)
        return True

    @staticmethod
    def _storage(held: dict[tuple[torch.device, int], int], tensor: torch.Tensor) -> bool:
        """Add ``tensor``'s whole storage (a view keeps all of it alive) to ``held``, keyed by
        its device and address so a storage two saved tensors share counts once; a meta tensor
        holds no memory."""
        if tensor.is_meta:
            return True
        try:
            storage = tensor.untyped_storage()
        except Exception:  # no strided storage (sparse, nested, a wrapper subclass)
            return False
        size = storage.nbytes()
        if size:
            held[(tensor.device, storage.data_ptr())] = size
        return True

    def _format_saved(self, label: str, value: Any) -> str:
        if isinstance(value, torch.Tensor):
            return f"{label}: {self.tensor(value)}"
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, torch.Tensor) for v in value):
            shown = ", ".join(self.tensor(v) for v in value[:3])
            more = f", +{len(value) - 3}" if len(value) > 3 else ""
            return f"{label}: [{shown}{more}]"
        text = f"{label}={signed(value)!r}"
        return text if len(text) <= MAX_SAVED_TEXT else text[: MAX_SAVED_TEXT - 1] + "…"

    def leaf(self, node: Node) -> dict[str, Any]:
        """The record of an AccumulateGrad node (its ``value`` is filled in by ``build_trace``)."""
        variable = node.variable
        key = id(variable)
        return {
            "op": "AccumulateGrad",
            "kind": "leaf",
            "name": self.names.leaves.get(key),
            "module": self.names.leaf_modules.get(key),
            "source": None,
            "value": None,
            "cuts": [],
            "shape": list(variable.shape),
            "dtype": dtype_name(variable.dtype),
            "device": self.device(variable.device),
            "saved": [],
            "saved_bytes": 0 if self.with_saved else None,
            "forward_ns": None,
        }

    def op(self, node: Node) -> dict[str, Any]:
        """The record of an op node: output metadata, saved values, and the recorder's tags."""
        try:
            meta = node._input_metadata[0]
            shape: list[int] | None = list(meta.shape)
            dtype: str | None = dtype_name(meta.dtype)
            device = self.device(meta.device)
        except (AttributeError, IndexError, RuntimeError):
            # torch before 2.2: what the forward recorder noted, if it saw the op; else the
            # device is its consumer's (see _inherit_from_consumers)
            shape, dtype, device = None, None, None
            noted = node.metadata.get(OUTPUT_KEY)
            if noted is not None:
                shape, dtype, device = noted[0], dtype_name(noted[1]), self.device(noted[2])
        metadata = node.metadata
        tagged = SOURCE_KEY in metadata
        cuts = metadata.get(CUTS_KEY) if tagged else None
        module = self.module(metadata[MODULES_KEY]) if tagged else None
        saved, saved_bytes = self.saved(node, module) if self.with_saved else ([], None)
        record = {
            "op": node.name().rpartition("::")[2],  # without C++ namespaces
            "kind": "op",
            "name": self.names.nodes.get(id(node)),
            "module": module,
            "source": metadata[SOURCE_KEY] if tagged else None,
            "value": metadata.get(VALUE_KEY) if tagged else None,
            "cuts": list(cuts) if cuts else [],
            "shape": shape,
            "dtype": dtype,
            "device": device,
            "saved": saved,
            "saved_bytes": saved_bytes,
            "forward_ns": None,
        }
        if tagged:
            timing = metadata.get(TIME_KEY)
            on_cuda = device is not None and device.startswith("cuda")
            record["forward_ns"] = stopwatch.nanoseconds(timing, on_cuda)
            self.timings.append((timing, on_cuda))
        if isinstance(node, torch.autograd.function.BackwardCFunction):
            kind = type(node)
            if kind not in self._custom:
                forward_cls = getattr(node, "_forward_cls", None)
                self._custom[kind] = custom_backward(forward_cls) if forward_cls is not None else None
            found = self._custom[kind]
            if found is not None:
                record["custom_backward"] = dict(found)
        if tagged and CONSTANTS_KEY in metadata:
            record["constant_inputs"] = list(metadata[CONSTANTS_KEY])
        if tagged and RETAINS_KEY in metadata:
            tensor = metadata[RETAINS_KEY]()
            if tensor is not None and tensor.retains_grad:
                record["retains_grad"] = True
                record["retained_grad"] = None
        return record


def _leaf_values(result: Walk, records: list[dict[str, Any]]) -> None:
    """Fill in the leaves' value summaries: the recorder's (taken at first use in the forward
    pass) where the tensor has not changed since, else summarized now."""
    missing: list[int] = []
    for k, leaf in enumerate(result.leaf):
        if leaf:
            node = result.nodes[k]
            metadata = node.metadata
            if VALUE_KEY in metadata and metadata.get(VALUE_VERSION_KEY) == node.variable._version:
                records[k]["value"] = metadata[VALUE_KEY]
            else:
                missing.append(k)
    for k, summary in zip(missing, summarize_many([result.nodes[k].variable for k in missing])):
        records[k]["value"] = summary


def _inherit_from_consumers(result: Walk, records: list[dict[str, Any]], order: list[int]) -> None:
    """Give ops made inside another op (``TBackward0`` inside ``F.linear``), which no Python
    hook sees, the module and source line of the op that consumes them (and, where torch does
    not tell an op's device, its consumer's)."""
    consumers: dict[int, list[int]] = {}
    for producer, consumer in result.edges:
        consumers.setdefault(producer, []).append(consumer)
    for k in reversed(order):
        record = records[k]
        if record["device"] is None:
            record["device"] = next(
                (records[c]["device"] for c in sorted(consumers.get(k, ())) if records[c]["device"]), "cpu"
            )
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
    for path in {record["module"] for record in records}:
        while path and path not in used:
            used.add(path)
            path = path.rpartition(".")[0]
    return {path: names.module_types[path] for path in sorted(used) if path in names.module_types}


@without_gc
def build_trace(
    result: Walk,
    names: Names,
    outputs: Sequence[tuple[str | None, torch.Tensor]],
    *,
    script: str | None = None,
    notices: Sequence[dict[str, object]] = (),
    values: bool = True,
    saved: bool = True,
) -> dict[str, Any]:
    """Return the node-link trace of a walk (backward fields empty; see backward.py);
    ``saved=False`` leaves the ops' saved tensors and attributes out."""
    describer = Describer(names, saved=saved)
    records = [
        describer.leaf(node) if leaf else describer.op(node) for node, leaf in zip(result.nodes, result.leaf)
    ]
    if values:
        _leaf_values(result, records)
    order = forward_order(result)
    for position, k in enumerate(order):
        records[k]["forward_index"] = position
    _inherit_from_consumers(result, records, order)
    output_info = []
    for name, tensor in outputs:
        found = result.index.get(id(tensor.grad_fn))
        if found is None:
            continue
        if name and records[found]["name"] is None:
            records[found]["name"] = name
        output_info.append(
            {"node": f"n{found}", "name": name, "shape": list(tensor.shape), "scalar": tensor.dim() == 0}
        )
    roots = set(result.roots)
    nodes = [
        {
            "id": f"n{k}",
            **record,
            "is_output": k in roots,
            "backward_index": None,
            "grad": None,
            "backward_ns": None,
        }
        for k, record in enumerate(records)
    ]
    edges = [
        {"source": f"n{p}", "target": f"n{c}", "slots": slots, "grad": None}
        for (p, c), slots in sorted(result.edges.items(), key=lambda item: (item[0][1], item[1][0]))
    ]
    timed = [r["forward_ns"] for r in records if r["forward_ns"] is not None]
    graph = {
        "schema_version": SCHEMA_VERSION,
        "roots": [f"n{k}" for k in result.roots],
        "outputs": output_info,
        "devices": dict(Counter(r["device"] for r in records)),
        "module_types": _module_types(records, names),
        "script": script,
        "backward": {"ran": False, "by": None, "call": None, "error": None},
        "notices": list(notices),
        "saved_bytes_total": sum(describer.storages.values()) if saved else None,
        "saved_bytes_by_module": (
            {path: sum(held.values()) for path, held in sorted(describer.module_storages.items())}
            if saved
            else None
        ),
        "forward_ns_total": sum(timed) if timed else None,
        "backward_ns_total": None,
        "time_clock": stopwatch.clock(describer.timings),
    }
    trace = {"directed": True, "multigraph": False, "graph": graph, "nodes": nodes, "edges": edges}
    torch_support.note_missing_metadata(trace)
    return trace
