"""A real GPU: runs wherever the worker's torch sees CUDA, and is skipped elsewhere.

Each script runs through the real worker (``runner``), so what is checked is what the window and
the CLI show: ``cuda:0`` leaves and ops, their colour and count in the legend, cpu→cuda and
cuda→cpu transfer edges, gradients that flowed back through the GPU, autocast, ``.cuda()``.
With ``GRAPHVIZ_APP_TEST_PYTHON`` set, the same runs under that interpreter's torch.
"""

from __future__ import annotations

import networkx as nx
import pytest

from graphviz_app.capture.client import Runner
from graphviz_app.core.view import colors


@pytest.fixture(scope="module")
def cuda_runner(runner: Runner, worker_has_cuda: bool) -> Runner:
    if not worker_has_cuda:
        pytest.skip("no CUDA device in the worker's torch")
    return runner


def _by_name(graph: nx.DiGraph) -> dict[str, dict]:
    return {data["name"]: data for _, data in graph.nodes(data=True) if data.get("name")}


def _ops(graph: nx.DiGraph, op: str) -> list[str]:
    return [n for n, data in graph.nodes(data=True) if data["op"] == op]


def test_cuda_leaves_ops_legend_and_both_transfers(cuda_runner, write_script):
    script = write_script("""
        import torch
        w = torch.tensor([[1.0, 2.0], [3.0, 2.0]], device="cuda", requires_grad=True)
        b = torch.ones(2, requires_grad=True)           # on the cpu
        h = (w ** 3).sum(0) + b.cuda()                  # cpu -> cuda; computed on cuda:0
        back = h.cpu()                                  # cuda -> cpu
        z = back.mean()                                 # on the cpu
        z.backward()
    """)
    graph = cuda_runner.run(script).graph
    nodes = _by_name(graph)
    assert nodes["w"]["device"] == "cuda:0" and nodes["b"]["device"] == "cpu"
    assert graph.nodes[_ops(graph, "PowBackward0")[0]]["device"] == "cuda:0"
    assert nodes["z"]["device"] == "cpu"
    # dz/dw = 3 w² / 2 (the mean over 2 elements), computed on the GPU; dz/db = 1/2
    assert nodes["w"]["grad"]["values"] == [[1.5, 6.0], [13.5, 6.0]]
    assert nodes["b"]["grad"]["values"] == [0.5, 0.5]
    legend = {row.label: row for row in colors.legend(graph, "device")}
    assert legend["cuda:0"].count == graph.graph["devices"]["cuda:0"] >= 3
    assert legend["cpu"].count == graph.graph["devices"]["cpu"] >= 3
    fills = colors.node_colors(graph, "device")
    assert fills[_ops(graph, "PowBackward0")[0]] != fills[_ops(graph, "MeanBackward0")[0]]
    moves = {(graph.nodes[u]["device"], graph.nodes[v]["device"]) for u, v in colors.transfer_edges(graph)}
    assert moves == {("cpu", "cuda:0"), ("cuda:0", "cpu")}


def test_cpu_to_cuda_with_dot_cuda_and_backward(cuda_runner, write_script):
    script = write_script("""
        import torch
        import torch.nn as nn
        model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1)).cuda()
        x = torch.randn(5, 3)
        loss = model(x.cuda()).pow(2).mean()
        loss.backward()
    """)
    graph = cuda_runner.run(script).graph
    devices = {graph.nodes[n]["device"] for n in graph}
    assert devices == {"cuda:0"} or devices == {"cuda:0", "cpu"}
    leaves = [d for _, d in graph.nodes(data=True) if d["kind"] == "leaf"]
    assert leaves and all(d["device"] == "cuda:0" and d["grad"] is not None for d in leaves)
    assert {d["module"] for d in leaves} >= {"0", "2"}


def test_autocast_on_cuda_records_half_precision_ops(cuda_runner, write_script):
    script = write_script("""
        import torch
        w = torch.randn(8, 8, device="cuda", requires_grad=True)
        x = torch.randn(4, 8, device="cuda")
        with torch.autocast("cuda", dtype=torch.float16):
            y = x @ w
        loss = y.float().sum()
        loss.backward()
    """)
    graph = cuda_runner.run(script).graph
    mm = [d for _, d in graph.nodes(data=True) if d["op"] in ("MmBackward0", "MatmulBackward0")]
    assert mm and mm[0]["dtype"] == "float16" and mm[0]["device"] == "cuda:0"
    assert _by_name(graph)["w"]["grad"]["dtype"] == "float32"


def test_cuda_work_is_timed_with_cuda_events(cuda_runner, write_script):
    script = write_script("""
        import torch
        w = torch.randn(64, 64, device="cuda", requires_grad=True)
        loss = (w @ w).relu().sum()
        loss.backward()
    """)
    graph = cuda_runner.run(script).graph
    assert graph.graph["time_clock"] == "cuda_events"
    for _, data in graph.nodes(data=True):
        assert isinstance(data["backward_ns"], int) and data["backward_ns"] >= 0, data
    matmul = graph.nodes[_ops(graph, "MmBackward0")[0]]
    assert isinstance(matmul["forward_ns"], int) and matmul["forward_ns"] >= 0
