"""What the running torch offers beyond its public API, probed once at import.

Capture reads a few things torch exposes only as internals. Each is probed here on a tiny real
graph, never assumed from a version number, so a release that drops or changes one makes
capture fall back (and say so in the graph's notices, naming the torch release and what is
missing) instead of failing a script:

* ``Node._input_metadata``: the shape, dtype and device of the tensor an op produced (from torch
  2.2). Without it the forward recorder notes them as each op runs; ops it did not see (made
  inside another op's code) show no shape.
* a lasting Python object per storage (from torch 2.2): lets the backward recorder recognise a
  gradient it already summarized. Without it every gradient is summarized by itself.
"""

from __future__ import annotations

import weakref
from typing import Any

import torch

from ..wire.message import QT_TRANSLATE_NOOP, Message

VERSION = str(torch.__version__)


def _node_output_metadata() -> bool:
    node: Any = (torch.ones(1, requires_grad=True) * 2).grad_fn
    try:
        meta = node._input_metadata[0]
        return tuple(meta.shape) == (1,) and meta.dtype == torch.float32 and meta.device.type == "cpu"
    except (AttributeError, IndexError, RuntimeError, TypeError):
        return False


def _storage_refs_last() -> bool:
    # torch 2.1 makes a new storage object at each read, which dies at once; calling its dead
    # weak reference later crashes the process, so only a live reference is looked at here.
    probe = torch.zeros(1)
    try:
        ref = weakref.ref(probe.untyped_storage())
    except TypeError:
        return False
    return ref() is not None


NODE_OUTPUT_METADATA = _node_output_metadata()
"""Whether autograd nodes tell the shape, dtype and device of their output."""
STORAGE_REFS = _storage_refs_last()
"""Whether a weak reference to a tensor's storage lives as long as the tensor."""


MISSING_METADATA = QT_TRANSLATE_NOOP(
    "Explanation",
    "torch {version} does not tell an autograd node's output shape, dtype and device "
    "(Node._input_metadata, from torch 2.2 on): {missing} op(s) made inside other ops show "
    "none. Every other part of the graph is complete; a backward pass (which gives each op's "
    "gradient, of the same shape) or a newer torch shows them.",
)


def note_missing_metadata(trace: dict[str, Any]) -> None:
    """Say in ``trace``'s notices how many ops show no shape because torch does not tell it
    (replacing what an earlier call said); say nothing where torch tells every op's."""
    if NODE_OUTPUT_METADATA:
        return
    notices = trace["graph"]["notices"]
    notices[:] = [
        n for n in notices if not (isinstance(n, dict) and n.get("template") == MISSING_METADATA.source)
    ]
    missing = sum(1 for node in trace["nodes"] if node["kind"] == "op" and node["shape"] is None)
    if missing:
        notices.append(Message.of(MISSING_METADATA, version=VERSION, missing=missing).to_wire())
