"""BackwardRecorder: engine order and gradient summaries, however the gradients are batched."""

from __future__ import annotations

import pytest
import torch

from graphviz_app.worker import backward, torch_support
from graphviz_app.worker.backward import BackwardRecorder, run_backward
from graphviz_app.worker.naming import collect_names
from graphviz_app.worker.summary import summarize
from graphviz_app.worker.walker import build_trace, walk


def record(outputs, namespace):
    names = collect_names([namespace])
    result = walk([t.grad_fn for t in outputs])
    trace = build_trace(result, names, [(names.nodes.get(id(t.grad_fn)), t) for t in outputs])
    recorder = BackwardRecorder(result)
    with recorder:
        run_backward(outputs)
    recorder.apply(trace)
    return recorder, trace


def by_name(trace):
    return {n["name"]: n for n in trace["nodes"] if n["name"]}


def test_golden_gradients_and_engine_order():
    w = torch.tensor([[1.0, 2.0], [3.0, 2.0]], requires_grad=True)
    x = w**3
    y = x + 3
    z = y.mean()
    recorder, trace = record([z], locals())
    nodes = by_name(trace)
    assert nodes["w"]["grad"]["values"] == [[0.75, 3.0], [6.75, 3.0]]  # 3 w^2 / 4
    assert nodes["x"]["grad"]["values"] == [[0.25, 0.25], [0.25, 0.25]]
    assert nodes["y"]["grad"]["values"] == [[0.25, 0.25], [0.25, 0.25]]
    assert nodes["z"]["grad"]["values"] == 1.0
    assert nodes["w"]["grad"]["mean"] == 3.375 and nodes["w"]["grad"]["max"] == 6.75
    order = sorted(nodes, key=lambda name: nodes[name]["backward_index"])
    assert order == ["z", "y", "x", "w"]
    assert w.grad.tolist() == [[0.75, 3.0], [6.75, 3.0]]
    assert not recorder._pending and not recorder._handles


def shared_weight_graph():
    """A weight used by three consumers (its edges carry their own gradients), and a chain."""
    torch.manual_seed(0)
    w = torch.randn(4, 3, requires_grad=True)
    b = torch.randn(3, requires_grad=True)
    h = torch.randn(2, 4)
    for _ in range(3):
        h = torch.tanh(h @ w + b) @ w.t()
    big = torch.randn(300, 300, requires_grad=True)
    loss = h.pow(2).mean() + (big * 2).sum() / 1e4
    return [loss], {"w": w, "b": b, "big": big, "loss": loss}


def grads(trace):
    return (
        [(n["id"], n["backward_index"], n["grad"]) for n in trace["nodes"]],
        [(e["source"], e["target"], e["grad"]) for e in trace["edges"]],
    )


def reference_grads(outputs, namespace):
    """What summarizing every gradient as it arrives gives (the recorder before batching)."""
    result = walk([t.grad_fn for t in outputs])
    order, node_grads, edge_grads = [], {}, {}
    handles = []
    for k, node in enumerate(result.nodes):

        def pre(grad_outputs, k=k):
            order.append(k)
            node_grads[k] = summarize(next((g for g in grad_outputs if g is not None), None))

        def post(grad_inputs, _outputs, k=k):
            for slot, producer in enumerate(result.inputs[k]):
                if producer is not None:
                    edge_grads.setdefault((producer, k), summarize(grad_inputs[slot]))

        handles += [node.register_prehook(pre), node.register_hook(post)]
    run_backward(outputs)
    for handle in handles:
        handle.remove()
    return order, node_grads, edge_grads


@pytest.mark.parametrize(
    "pending, hold", [(64 << 20, 16 << 20), (1, 16 << 20), (200, 16 << 20), (64 << 20, 0)]
)
def test_batching_and_flushing_give_the_same_summaries(monkeypatch, pending, hold):
    outputs, namespace = shared_weight_graph()
    order, node_grads, edge_grads = reference_grads(outputs, namespace)
    for p in namespace.values():
        p.grad = None
    outputs, namespace = shared_weight_graph()
    monkeypatch.setattr(backward, "PENDING_BYTES", pending)
    monkeypatch.setattr(backward, "HOLD_BYTES", hold)
    recorder, trace = record(outputs, namespace)
    assert recorder.order == order
    for k, node in enumerate(trace["nodes"]):
        if node["kind"] == "op":
            assert node["grad"] == node_grads[k], node["op"]
    shared = {
        e["source"] for e in trace["edges"] if sum(x["source"] == e["source"] for x in trace["edges"]) > 1
    }
    assert f"n{next(k for k, n in enumerate(trace['nodes']) if n['name'] == 'w')}" in shared
    for edge in trace["edges"]:
        producer, consumer = int(edge["source"][1:]), int(edge["target"][1:])
        if edge["source"] in shared:
            assert edge["grad"] == edge_grads[(producer, consumer)]
    names = by_name(trace)
    assert names["w"]["grad"] == summarize(namespace["w"].grad)
    assert names["big"]["grad"]["mean"] == pytest.approx(2e-4)
    assert not recorder._pending


def test_flushes_when_the_held_gradients_pass_the_budget(monkeypatch):
    flushed = []
    original = BackwardRecorder.flush

    def counting(self):
        flushed.append(len(self._pending))
        original(self)

    monkeypatch.setattr(BackwardRecorder, "flush", counting)
    monkeypatch.setattr(backward, "PENDING_BYTES", 4 * 8 * 10)  # about ten gradients of 8 floats
    x = torch.randn(8, requires_grad=True)
    h = x
    for _ in range(60):
        h = torch.tanh(h * 1.5)
    recorder, trace = record([h.sum()], {"x": x, "h": h})
    assert len(flushed) >= 6 and max(flushed) <= 12
    assert all(n["grad"] is not None for n in trace["nodes"])
    assert len(recorder.order) == len(trace["nodes"])


def test_a_leaf_with_an_earlier_grad_keeps_what_arrived_on_its_edge():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    w.grad = torch.tensor([10.0, 10.0])
    y = (w * 3).sum()
    _, trace = record([y], {"w": w, "y": y})
    names = by_name(trace)
    assert names["w"]["grad"]["values"] == [13.0, 13.0]  # the accumulated .grad
    leaf = next(n["id"] for n in trace["nodes"] if n["name"] == "w")
    edge = next(e for e in trace["edges"] if e["source"] == leaf)
    assert edge["grad"]["values"] == [3.0, 3.0]  # what backward sent


def test_a_failed_backward_keeps_what_was_reached():
    w = torch.tensor([1.0, 2.0], requires_grad=True)

    class Boom(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, grad):
            raise RuntimeError("boom")

    y = Boom.apply(w * 2).sum()
    result = walk([y.grad_fn])
    recorder = BackwardRecorder(result)
    with pytest.raises(RuntimeError, match="boom"), recorder:
        run_backward([y])
    assert recorder.order and not recorder._pending and not recorder._handles
    assert recorder.node_grads[recorder.order[0]]["values"] == 1.0


def test_a_custom_function_that_changes_its_gradient_in_place_is_seen_before_it_does():
    class Doubling(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, grad):
            return grad.mul_(2)

    w = torch.tensor([1.0, 2.0], requires_grad=True)
    y = Doubling.apply(w * 1) * torch.tensor([3.0, 4.0])
    loss = y.sum()
    _, trace = record([loss], {"w": w, "y": y, "loss": loss})
    doubling = next(n for n in trace["nodes"] if n["op"] == "DoublingBackward")
    assert doubling["grad"]["values"] == [3.0, 4.0]
    assert by_name(trace)["w"]["grad"]["values"] == [6.0, 8.0]


def test_the_garbage_collector_is_paused_only_while_recording():
    import gc

    w = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (w * 2).sum()
    result = walk([y.grad_fn])
    recorder = BackwardRecorder(result)
    assert gc.isenabled()
    with recorder:
        assert not gc.isenabled()
        run_backward([y])
    assert gc.isenabled()
    gc.disable()
    try:
        with BackwardRecorder(walk([(w * 3).sum().grad_fn])):
            pass
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()


@pytest.mark.parametrize("earlier_grad", [False, True])
def test_a_weights_gradient_seen_transposed_is_summarized_once(monkeypatch, earlier_grad):
    torch.manual_seed(0)
    w = torch.randn(200, 150, requires_grad=True)  # 30000 elements: a "big" tensor here
    if earlier_grad:
        w.grad = torch.ones(200, 150)
    x = torch.randn(4, 150)
    y = x @ w.t()  # TBackward0 receives the weight's gradient transposed
    loss = y.pow(2).sum()
    monkeypatch.setattr(backward, "HOLD_BYTES", 1000)
    counted = []
    original = backward.summarize
    monkeypatch.setattr(backward, "summarize", lambda t: counted.append(t.shape) or original(t))
    _, trace = record([loss], {"w": w, "x": x, "y": y, "loss": loss})
    incoming = (2 * y.detach()).t() @ x  # d loss / d w, computed by hand
    t_node = next(n for n in trace["nodes"] if n["op"] == "TBackward0")
    leaf = by_name(trace)["w"]
    edge = next(e for e in trace["edges"] if e["source"] == leaf["id"])
    assert torch.allclose(w.grad, incoming + (1 if earlier_grad else 0), rtol=1e-5)
    assert leaf["grad"] == summarize(w.grad)
    assert t_node["grad"]["shape"] == [150, 200]
    if not earlier_grad:  # w.grad holds exactly what reached TBackward0
        assert t_node["grad"] == {**summarize(w.grad), "shape": [150, 200]}
    assert edge["grad"]["shape"] == [200, 150]
    assert edge["grad"]["norm"] == t_node["grad"]["norm"] and edge["grad"]["mean"] == t_node["grad"]["mean"]
    assert torch.Size([150, 200]) in counted
    if torch_support.STORAGE_REFS:  # else (torch 2.1) each gradient is summarized by itself
        assert torch.Size([200, 150]) not in counted  # the leaf's incoming gradient: the same elements


def test_a_transposed_view_has_the_statistics_of_its_matrix():
    torch.manual_seed(0)
    matrix = torch.randn(300, 200) * torch.rand(300, 200)
    assert summarize(matrix.t()) == {**summarize(matrix), "shape": [200, 300]}
