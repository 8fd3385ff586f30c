"""The forward order of a walk: creation order, producers first, whatever thread made the ops.

Torch numbers the ops each thread makes on its own (``_sequence_nr``), so ops made on a second
thread may carry numbers below those of ops that consume them. Real torch graphs.
"""

from __future__ import annotations

import threading

import torch

from graphviz_app.worker.walker import forward_order, walk


def _names(result, order):
    return [result.nodes[k].name() for k in order]


def test_one_threads_graph_is_in_creation_order_leaves_before_their_first_use():
    w = torch.ones(2, requires_grad=True)
    b = torch.ones(2, requires_grad=True)
    y = (w * 3).exp() + b
    result = walk([y.sum().grad_fn])
    names = _names(result, forward_order(result))
    assert names == [
        "torch::autograd::AccumulateGrad",  # w, before its first use
        "MulBackward0",
        "ExpBackward0",
        "torch::autograd::AccumulateGrad",  # b
        "AddBackward0",
        "SumBackward0",
    ]


def test_ops_made_on_another_thread_still_come_after_their_inputs():
    w = torch.ones(2, requires_grad=True)
    for _ in range(50):  # this thread's numbers run well ahead of the other's
        (w * 1.0).sum()
    h = w * 5
    made: list[torch.Tensor] = []

    def elsewhere() -> None:  # a fresh thread numbers its ops from 0
        made.append(h.tanh())

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    loss = (made[0] + w).sum()
    result = walk([loss.grad_fn])
    number = {result.nodes[k].name(): result.nodes[k]._sequence_nr() for k in range(len(result.nodes))}
    assert number["TanhBackward0"] < number["MulBackward0"]  # a consumer numbered before its input
    assert _names(result, forward_order(result)) == [
        "torch::autograd::AccumulateGrad",
        "MulBackward0",
        "TanhBackward0",
        "AddBackward0",
        "SumBackward0",
    ]
