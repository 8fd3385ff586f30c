"""summarize_many: the same summaries as summarize, one tensor at a time, in every case."""

from __future__ import annotations

import math

import pytest
import torch

from graphviz_app.wire.schema import MAX_VALUES
from graphviz_app.worker import summary
from graphviz_app.worker.summary import BATCH_NUMEL, summarize, summarize_many


def same(a, b) -> bool:
    """Equal summaries (NaN statistics equal NaN; values compared by their text: NaN, -0.0)."""
    if a is None or b is None:
        return a is b
    if a.keys() != b.keys():
        return False
    for key in a:
        x, y = a[key], b[key]
        if isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y):
            continue
        if key == "values" and repr(x) != repr(y):
            return False
        if key != "values" and (x != y or type(x) is not type(y)):
            return False
    return True


def reference(tensor: torch.Tensor) -> dict:
    """What torch's own reductions of the whole tensor give (the definition of the statistics)."""
    data = tensor.detach()
    if data.is_complex():
        data = data.abs()
    if not data.is_floating_point():
        data = data.double()
    elif data.dtype in (torch.float16, torch.bfloat16):
        data = data.float()
    low, high = torch.aminmax(data)
    norm = float(torch.linalg.vector_norm(data))
    return {
        "shape": list(tensor.shape),
        "dtype": str(tensor.dtype).removeprefix("torch."),
        "norm": norm,
        "min": float(low),
        "max": float(high),
        "mean": float(data.mean()),
        "nan": 0 if math.isfinite(norm) else int(torch.isnan(data).sum()),
        "inf": 0 if math.isfinite(norm) else int(torch.isinf(data).sum()),
        "values": tensor.detach().tolist() if tensor.numel() <= MAX_VALUES else None,
    }


def cases() -> list:
    torch.manual_seed(0)
    nan, inf = float("nan"), float("inf")
    return [
        None,
        torch.tensor(3.0),
        torch.tensor([[1.0, 2.0], [3.0, 2.0]]),
        torch.randn(2, 3, 4),
        torch.randn(1, 1, 1, 8),
        torch.randn(MAX_VALUES),
        torch.randn(MAX_VALUES + 1),
        torch.randn(100, 3),
        torch.randn(BATCH_NUMEL),
        torch.randn(BATCH_NUMEL + 1),
        torch.randn(300, 400),
        torch.randn(6, 5).t(),  # not contiguous
        torch.randn(64, 256)[::2],  # a strided view
        torch.randn(5, dtype=torch.float64),
        torch.randn(20000, dtype=torch.float64),
        torch.randn(7).half(),
        torch.randn(7).bfloat16(),
        torch.randn(50000).half(),
        torch.arange(10),
        torch.arange(40000, dtype=torch.int32),
        torch.tensor([True, False, True]),
        torch.tensor([1, 2, 3], dtype=torch.uint8),
        torch.randn(3, dtype=torch.complex64),
        torch.randn(2, 3, dtype=torch.complex64).conj(),
        torch.randn(30000, dtype=torch.complex128),
        torch.tensor([nan, 1.0, inf, -inf]),
        torch.tensor([nan, nan]),
        torch.full((BATCH_NUMEL,), nan),
        torch.tensor([1e30, 1e30]),  # the float32 norm overflows; no NaN or Inf element
        torch.tensor([-0.0, 0.0]),
        torch.randn(100000),
        torch.nn.Parameter(torch.randn(4)),
        torch.randn(3, requires_grad=True) * 2,  # has a grad_fn
        torch.empty(0),
        torch.empty(3, 0, 2),
        torch.ones(2, 3, device="meta"),
        torch.randn(4, 4).to_sparse(),
        "not a tensor",
    ]


def test_summarize_many_equals_summarize_one_by_one():
    tensors = cases()
    batched = summarize_many(tensors)
    assert len(batched) == len(tensors)
    for tensor, got in zip(tensors, batched):
        assert same(got, summarize(tensor)), tensor


def test_statistics_are_torchs_reductions_of_each_tensor():
    for tensor in cases():
        if (
            isinstance(tensor, torch.Tensor)
            and tensor.numel()
            and tensor.layout == torch.strided
            and tensor.device.type != "meta"
        ):
            assert same(summarize(tensor), reference(tensor.contiguous())), tensor


def test_golden_values():
    got = summarize(torch.tensor([[0.75, 3.0], [6.75, 3.0]]))
    assert got == {
        "shape": [2, 2],
        "dtype": "float32",
        "norm": pytest.approx(math.sqrt(0.5625 + 9 + 45.5625 + 9)),
        "min": 0.75,
        "max": 6.75,
        "mean": 3.375,
        "nan": 0,
        "inf": 0,
        "values": [[0.75, 3.0], [6.75, 3.0]],
    }
    counted = summarize(torch.tensor([float("nan"), 1.0, float("inf"), float("-inf")]))
    assert (counted["nan"], counted["inf"]) == (1, 2) and math.isnan(counted["norm"])
    assert summarize(torch.ones(2, device="meta")) == {
        "shape": [2],
        "dtype": "float32",
        "norm": None,
        "min": None,
        "max": None,
        "mean": None,
        "nan": 0,
        "inf": 0,
        "values": None,
    }
    assert summarize(torch.tensor(2, dtype=torch.int64))["values"] == 2
    assert summarize(torch.tensor([1 + 1j]))["values"] == [1 + 1j]


def test_a_tensors_summary_does_not_depend_on_its_company():
    torch.manual_seed(1)
    tensors = [torch.randn(n) * 10 ** (k % 7) for k, n in enumerate([8, 8, 8, 100, 100, 4096, 16384, 8, 3])]
    alone = [summarize(t) for t in tensors]
    for start in range(len(tensors)):
        rotated = tensors[start:] + tensors[:start]
        expected = alone[start:] + alone[:start]
        assert all(same(a, b) for a, b in zip(summarize_many(rotated), expected))


def test_small_tensors_are_reduced_in_few_calls(monkeypatch):
    calls = []
    original = torch._C._nn.flatten_dense_tensors

    def counting(tensors):
        calls.append(len(tensors))
        return original(tensors)

    monkeypatch.setattr(torch._C._nn, "flatten_dense_tensors", counting)
    tensors = [torch.randn(8) for _ in range(500)] + [torch.randn(2, 3) for _ in range(300)]
    assert len(summarize_many(tensors)) == 800
    assert sorted(calls) == [300, 500]  # one group per dtype, device and size


def test_groups_are_reduced_in_bounded_chunks(monkeypatch):
    monkeypatch.setattr(summary, "BATCH_CHUNK", 64)
    tensors = [torch.randn(16) * k for k in range(50)]
    assert all(same(a, summarize(t)) for a, t in zip(summarize_many(tensors), tensors))


def test_summaries_hold_no_tensor():
    tensor = torch.randn(8)
    got = summarize_many([tensor, torch.randn(100000)])
    assert not any(isinstance(v, torch.Tensor) for s in got for v in s.values())


def test_one_small_tensor_alone_matches_its_row_in_a_batch():
    torch.manual_seed(2)
    tensors = [torch.randn(n) * 1e3 for n in (1, 7, 64, 1000, BATCH_NUMEL)] + [torch.randn(40, 30).t()]
    company = [torch.randn(t.shape) for t in tensors]
    batched = summarize_many(tensors + company)
    assert all(same(summarize(t), got) for t, got in zip(tensors, batched))
