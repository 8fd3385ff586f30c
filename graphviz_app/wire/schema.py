"""The trace contract: what a captured autograd graph holds.

Everything downstream (graph model, DOT, layout, Qt view, exporters) reads only this.
A trace is the ``networkx.node_link_data`` form of a ``DiGraph`` (``edges="edges"``), so it is plain
JSON and ``networkx.node_link_graph`` rebuilds the graph.

Node ids are strings ``"n0"``, ``"n1"``... assigned in a breadth-first walk from the roots, in root
order and then ``next_functions`` order, so the same script gives the same ids.
Edges point forward: producer -> consumer (the reverse of ``next_functions``).

Node attributes
---------------
op             autograd node name: ``"PowBackward0"``, ``"AccumulateGrad"``, ``"MyReLUBackward"``.
kind           ``"op"`` or ``"leaf"`` (an ``AccumulateGrad``: a tensor that requires grad).
name           script variable or parameter name (``"w"``, ``"0.linear1.weight"``), else ``None``.
is_output      ``True`` for the nodes listed in the graph attribute ``roots``.
shape          list of ints of the tensor the node produces (for leaves, the variable), or ``None``.
dtype          ``"float32"``...; device ``"cpu"``, ``"cuda:0"``, ``"meta"``...
module         dotted module path the op ran in (leaves: the module owning the parameter), or ``None``.
saved          list of short strings: ``["exponent=3", "self: float32[2, 2]"]``.
saved_bytes    bytes of the tensor storages the node keeps for backward (its ``_saved_*`` tensors, a
               custom Function's ``saved_tensors``), each storage counted once and whole (a saved
               view keeps its base's storage alive; meta tensors hold none); ``0`` for leaves and
               ops that save no tensor; ``None`` when unknown: a saved tensor not read (reading it
               would run a saved-tensor hook), freed by backward, or without a storage to measure
               (sparse, nested), or when the ops' saved values were left out. Absent in graphs
               saved before (read as unknown).
forward_ns     nanoseconds the op's forward call took (the call that made the node, timed in the
               worker around it: see worker/stopwatch.py; a custom Function's ``apply`` with its
               ``forward``), or ``None``: leaves, and nodes made inside another op's call
               (``TBackward0`` in ``F.linear``: their time is that op's). Absent in graphs saved
               before (read as not measured).
backward_ns    nanoseconds from the end of the node's pre-hook to the start of its post-hook in the
               captured backward pass (its computation, the engine's routing of its gradients;
               see worker/backward.py), or ``None`` when it did not run there. Absent in graphs
               saved before.
forward_index  0-based position in creation order; a producer always precedes its consumer.
backward_index 0-based position in the order the autograd engine ran the node, or ``None``
               (no recorded backward, or the engine did not reach the node).
grad           Summary of the gradient w.r.t. the node's output: what arrives at the node in
               backward; for leaves the final ``.grad``.  ``None`` without backward.
value          Summary of the forward value of the node's output where it was observed, or ``None``.
source         ``{"file", "line", "code"}``: the innermost frame of the user's script that created
               the op, or ``None``.
cuts           where the graph was cut before this op: one ``{"line", "code", "op", "shape"}`` per
               input made by ``.detach()`` of a tensor that required grad (``op`` made that tensor).
constant_inputs  only on ops that read small tensors not requiring grad (autograd draws no node for
               them: ``x`` in ``w * x``): one ``{"position", "name", "value"}`` per such positional
               argument of at most 36 elements; ``name`` the script's variable bound to it or
               ``None``, ``value`` its Summary when the op ran.
retains_grad   only on ops whose tensor called ``.retain_grad()``: ``True``; with it
               ``retained_grad``, the Summary of that tensor's ``.grad`` after backward (or ``None``).
backward_error only on the node the engine was running when backward raised: the error's first line.
custom_backward  only on the node of a custom ``torch.autograd.Function`` written outside torch
               (``MyReLUBackward``): ``{"name", "file", "line"}``, the backward autograd runs for it
               (``"MyReLU.backward"``, or ``.vjp`` where the class defines that), the file it is
               written in and the line of its ``def`` (file and line ``None`` when Python cannot tell).

Edge attributes
---------------
slots          list of ints: the consumer's ``next_functions`` positions fed by the producer.
grad           Summary of the gradient the consumer sent back along this edge (first slot), or None.

Summary (``grad``, ``value``, edge ``grad``)
-------------------------------------------
``{"shape", "dtype", "norm", "min", "max", "mean", "nan", "inf", "values"}``: ``nan``/``inf`` are
element counts; ``values`` is the nested list for at most ``MAX_VALUES`` elements, else ``None``.
Statistics are ``None`` where they cannot be computed (meta tensors, empty tensors).

Graph attributes
----------------
schema_version  ``SCHEMA_VERSION``: 2 since notices, ``backward_error.message`` and
                ``environment.reason`` became messages' wire forms (1: plain text, still read).
roots           output node ids, in output order.
outputs         ``[{"node", "name", "shape", "scalar"}]`` one per output tensor.
devices         ``{device: node count}``.
module_types    ``{module path: class name}`` (``{"encoder.0": "Linear"}``) for the modules in the graph.
script          path of the script that produced the graph, or ``None``.
sent_from       where ``graphviz_app.open`` was called (``"train.py:88"``, ``"notebook cell 12"``): the
                window's title for the graph; absent in other graphs.
backward        ``{"ran": bool, "by": "script" | "app" | None, "call": int | None,
                  "error": str | None}``, plus ``"kind": "grad"`` when the captured call was
                ``torch.autograd.grad`` (leaf ``grad`` is then what it returned), or
                ``"kind": "grad_graph"`` when the graph is that of the gradients a
                ``torch.autograd.grad(create_graph=True)`` call returned (run option
                ``grad_graphs``; ``by`` is ``"script"`` and ``ran`` false, or, with the run option
                ``backward``, ``"app"`` and true: the app ran backward from those gradients).
backward_calls  how many backward()/autograd.grad() calls the script made (before it was stopped,
                or in all when it ran to the end); absent in graphs saved before.
stopped_after_backward  ``{"call", "line", "kind": "backward" | "grad"}`` when the script was stopped
                after its captured call (the rest did not run; run it to the end to see all), or None.
backward_error  when the captured backward raised: ``{"kind", "message", "node", "line",
                "traceback"}`` (``node``: the id marked with ``backward_error``, or None;
                ``message``: a message's wire form, plain text in graphs saved before).
internal_errors tracebacks of failures in graphviz_app's own recording (the script ran unchanged),
                only when there were some.
environment     ``{"python", "torch", "executable", "prefix"}``: the interpreter (version, path,
                environment folder) and the torch release that ran the script; absent in graphs
                saved before, and in graphs traced in the caller's own process. The runner adds
                ``"reason"``: why that interpreter was chosen (``"found .venv beside the script"``),
                as a message's wire form (plain text in graphs saved before).
saved_bytes_total  bytes of every storage the graph's nodes keep for backward, each counted once
                however many nodes save it (nodes whose ``saved_bytes`` is ``None`` add the storages
                they could measure), or ``None`` when the ops' saved values were left out; absent
                in graphs saved before.
saved_bytes_by_module  ``{module path: bytes}``: the same for the nodes that ran in each module or
                its submodules (``encoder`` includes ``encoder.0``), a storage counted once per
                module; modules whose nodes keep nothing are absent; ``None`` when the ops' saved
                values were left out; absent in graphs saved before.
forward_ns_total  the sum of the nodes' ``forward_ns``, or ``None`` when none was timed (a graph
                traced in the caller's own process: no forward recorder ran); absent in graphs
                saved before.
backward_ns_total the sum of the nodes' ``backward_ns``, or ``None`` when no backward pass was
                recorded; absent in graphs saved before.
time_clock      ``"host"`` (every time read from the host's clock) or ``"cuda_events"`` (the
                times of nodes on a CUDA device read from CUDA events; the others from the host's
                clock); absent in graphs saved before.
health          gradient health (run option ``health``): ``{"requested", "calls", "parameters"}``,
                ``requested`` the steps asked for, ``calls`` the script's backward() call number of
                each step recorded (fewer than asked when the script made fewer calls), and per
                parameter that had a gradient at some step ``{"module", "name", "norm", "nan",
                "inf"}``: the module path owning it (``""``: the root module ``model``; None: a
                leaf tensor outside any module, ``name`` its variable), its name as its leaf
                node's, and one item per step: its gradient's norm (None: no gradient then, or
                not finite), NaN and Inf element counts (None: no gradient then); absent when it
                was not asked for, or the script made no backward() call.
notices         list of plain-language remarks (non-scalar output seeded with ones...), each a
                message's wire form (``graphviz_app.wire.message.Message.to_wire``; plain text in
                graphs saved before).
plots           the figures the script drew with matplotlib, in the order it made them; absent when
                it drew none: ``[{"title", "line", "kind", "path", "png"}]``, ``kind`` ``"shown"``
                (``plt.show()``, ``fig.show()``), ``"saved"`` (``savefig`` to ``path``) or ``"open"``
                (still open when the script ended or was stopped), ``line`` the script's line of
                that call (``"open"``: where the figure was made) or None, ``png`` the image as
                base64 text; at most ``plots.MAX_PLOTS`` of them, each a PNG of at most
                ``plots.MAX_PLOT_BYTES`` bytes (see :mod:`.plots`).

Saved graphs (``.json``)
------------------------
A saved graph is this trace as standard JSON: a non-finite float in a summary is spelled
``"NaN"``, ``"Infinity"`` or ``"-Infinity"`` and read back as a float (older files with bare
``NaN`` tokens still load).  Files are untrusted input: :mod:`graphviz_app.core.model.saved_graph`
checks every field above against its type and the bounds in :mod:`graphviz_app.core.model.limits`
(nodes, edges, characters per text, nesting, integer size, file size) before a graph is built,
and a ``script`` path in a file is never opened by reading it.

The worker writes traces and the app reads them, so this module is part of the wire: standard
library only.
"""

from __future__ import annotations

from typing import Any, TypedDict

SCHEMA_VERSION = 2
MAX_VALUES = 64
"""Tensors with at most this many elements keep their full values in a summary."""

NODE_KINDS = ("op", "leaf")


class Summary(TypedDict):
    shape: list[int]
    dtype: str
    norm: float | None
    min: float | None
    max: float | None
    mean: float | None
    nan: int
    inf: int
    values: Any
