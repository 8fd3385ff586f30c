"""Memory kept for backward: each node's ``saved_bytes`` and the graph's ``saved_bytes_total``
equal a count made here from torch's own ``_saved_*`` attributes and their storages."""

from __future__ import annotations

from collections import deque
from typing import Any

import torch
from torch import nn
from torch.nn import functional

from graphviz_app.capture.api import trace_tensors


def storages(node: Any) -> dict[tuple[str, int], int]:
    """The storages ``node`` saved for backward, as torch hands them back: (device, address) -> bytes."""
    names = [a for a in dir(node) if a.startswith("_saved_")]
    values = [getattr(node, a) for a in names]
    if isinstance(node, torch.autograd.function.BackwardCFunction):
        values.append(node.saved_tensors)
    found: dict[tuple[str, int], int] = {}
    for value in values:
        for tensor in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(tensor, torch.Tensor):
                storage = tensor.untyped_storage()
                found[(str(tensor.device), storage.data_ptr())] = storage.nbytes()
    return found


def expected(*outputs: torch.Tensor) -> tuple[dict[str, int], int]:
    """Each node id's saved bytes (ids in breadth-first order from the outputs, as the schema
    numbers them) and the bytes of every distinct storage."""
    ids: dict[int, str] = {}
    per_node: dict[str, int] = {}
    everything: dict[tuple[str, int], int] = {}
    queue = deque(t.grad_fn for t in outputs)
    for node in queue:
        ids.setdefault(id(node), f"n{len(ids)}")
    while queue:
        node = queue.popleft()
        held = storages(node)
        per_node[ids[id(node)]] = sum(held.values())
        everything.update(held)
        for producer, _ in node.next_functions:
            if producer is not None and id(producer) not in ids:
                ids[id(producer)] = f"n{len(ids)}"
                queue.append(producer)
    return per_node, sum(everything.values())


def check(*outputs: torch.Tensor) -> Any:
    graph = trace_tensors(outputs)
    per_node, total = expected(*outputs)
    assert {node: data["saved_bytes"] for node, data in graph.nodes(data=True)} == per_node
    assert graph.graph["saved_bytes_total"] == total
    return graph


def test_an_mlp_keeps_its_inputs_weights_and_activations():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(28 * 28, 64), nn.ReLU(), nn.Linear(64, 10))
    images = torch.randn(16, 28 * 28)
    loss = functional.cross_entropy(model(images), torch.randint(0, 10, (16,)))
    graph = check(loss)
    relu = next(d for _, d in graph.nodes(data=True) if d["op"] == "ReluBackward0")
    assert relu["saved_bytes"] == 16 * 64 * 4  # its result, float32
    assert graph.graph["saved_bytes_total"] > 16 * 28 * 28 * 4  # the images, at least


def test_a_small_conv_net():
    torch.manual_seed(0)

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.conv1 = nn.Conv2d(3, 6, 5)
            self.pool = nn.MaxPool2d(2, 2)
            self.conv2 = nn.Conv2d(6, 16, 5)
            self.fc1 = nn.Linear(16 * 5 * 5, 32)
            self.fc2 = nn.Linear(32, 10)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            x = self.pool(functional.relu(self.conv1(x)))
            x = self.pool(functional.relu(self.conv2(x)))
            x = torch.flatten(x, 1)
            return self.fc2(functional.relu(self.fc1(x)))

    net = Net()
    loss = net(torch.randn(4, 3, 32, 32)).sum()
    check(loss)


def test_a_transformer_encoder_layer():
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, batch_first=True)
    out = layer(torch.randn(2, 7, 32)).sum()
    graph = check(out)
    linear1 = layer.linear1.weight.untyped_storage().nbytes()  # saved as its transpose, a view
    assert linear1 == 64 * 32 * 4
    assert any(d["saved_bytes"] >= linear1 for _, d in graph.nodes(data=True) if d["op"] == "AddmmBackward0")


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, input: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx: Any, grad_output: torch.Tensor) -> torch.Tensor:
        (input,) = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


def test_a_custom_function_keeps_its_saved_tensors():
    x = torch.randn(5, 8, requires_grad=True)
    w = torch.randn(8, 3, requires_grad=True)
    y = MyReLU.apply(x.mm(w)).sum()
    graph = check(y)
    custom = next(d for _, d in graph.nodes(data=True) if d["op"] == "MyReLUBackward")
    assert custom["saved_bytes"] == 5 * 3 * 4


def test_a_view_two_ops_save_counts_its_storage_once():
    a = torch.randn(32, requires_grad=True)  # one storage of 32 float32: 128 bytes
    x = a.view(4, 8)
    out = x.sin().sum() + x.cos().sum()  # both save x, a view of a
    graph = check(out)
    by_op = {d["op"]: d["saved_bytes"] for _, d in graph.nodes(data=True)}
    assert by_op["SinBackward0"] == by_op["CosBackward0"] == 128
    assert graph.graph["saved_bytes_total"] == 128


def test_a_view_of_part_of_a_tensor_counts_the_whole_storage():
    a = torch.randn(10, 10, requires_grad=True)
    h = a.exp()  # saves its result: 400 bytes
    out = h[:2].sin().sum()  # saves a 2 x 10 view, which keeps all 400 bytes alive
    graph = check(out)
    by_op = {d["op"]: d["saved_bytes"] for _, d in graph.nodes(data=True)}
    assert by_op["SinBackward0"] == by_op["ExpBackward0"] == 400
    assert graph.graph["saved_bytes_total"] == 400


def test_a_tensor_behind_a_saved_tensor_hook_is_unknown_and_not_unpacked():
    unpacked = []
    a = torch.randn(6, requires_grad=True)
    b = a.exp()  # saves its result, no hook: 24 bytes
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: unpacked.append(t) or t):
        out = b.sin().sum()
    graph = trace_tensors((out,))
    by_op = {d["op"]: d["saved_bytes"] for _, d in graph.nodes(data=True)}
    assert by_op["SinBackward0"] is None and by_op["ExpBackward0"] == 24
    assert graph.graph["saved_bytes_total"] == 24  # what could be measured
    assert unpacked == []


def test_without_saved_values_the_bytes_are_unknown():
    a = torch.randn(6, requires_grad=True)
    graph = trace_tensors((a.exp().sum(),), saved=False)
    assert all(d["saved_bytes"] is None for _, d in graph.nodes(data=True))
    assert graph.graph["saved_bytes_total"] is None


TWICE = """
import torch
from torch import nn


class Twice(nn.Module):
    def forward(self, x):
        y = x.view(-1)  # a view: the same storage as x
        return (y * y).sum() + x.sin().sum()


model = nn.Module()
model.body = Twice()
model.head = nn.Linear(16, 1, bias=False)
x = torch.randn(64, 16, requires_grad=True)  # 64 * 16 float32: 4 KiB
loss = model.body(x) + model.head(x).sum()
"""


def test_a_module_counts_a_storage_its_nodes_share_once(runner, write_script):
    """``x * x`` through a view and ``x.sin()`` each keep x (4 KiB) inside ``body``: 4 KiB for each
    node, and for the module 4 KiB, not 8; ``head``'s matmul keeps x and its weight (64 B)."""
    from graphviz_app.core.model.kept_memory import Kept, module_kept

    graph = runner.run(write_script(TWICE, "twice.py")).graph
    by_op = {data["op"]: data for _, data in graph.nodes(data=True)}
    assert by_op["MulBackward0"]["saved_bytes"] == by_op["SinBackward0"]["saved_bytes"] == 4096
    assert by_op["MulBackward0"]["module"] == by_op["SinBackward0"]["module"] == "body"
    assert graph.graph["saved_bytes_by_module"] == {"body": 4096, "head": 4096 + 64}
    assert graph.graph["saved_bytes_total"] == 4096 + 64  # x once, whoever saves it
    assert module_kept(graph) == {"body": Kept(4096, 0), "head": Kept(4096 + 64, 0)}
