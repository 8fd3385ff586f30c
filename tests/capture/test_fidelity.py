"""The capture observes only: scripts behave as under plain python, whatever tensors they hold."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
import torch

from graphviz_app.wire.errors import ScriptError
from graphviz_app.worker.diagnose import CaptureBug
from graphviz_app.worker.summary import summarize, summarize_many

from .test_semantics import SQUARE

# Three things torch allows that the forward recorder used to break ("A view was created in no_grad
# mode and its base ... has been modified inplace"), and sparse gradients the backward recorder
# could not hold ("nbytes is not defined for sparse tensors"). Every value is printed, so the run
# in the app can be compared with the plain run line by line.
FIDELITY = """
import torch
from torch import nn

torch.manual_seed(0)
emb = nn.Embedding(10, 3, padding_idx=0)            # zeroes row 0 under no_grad: a view, in place
ids = torch.tensor([[0, 2, 3], [4, 0, 1]])
out = emb(ids).sum()
print("embedding", round(float(out), 5), emb.weight[0].tolist())

w = torch.randn(3, 2, requires_grad=True)
with torch.no_grad():
    w[0].zero_()                                    # a parameter changed in place under no_grad
print("w", w[0].tolist(), w.requires_grad, w.grad_fn)

p = torch.tensor([1 + 1j, 2 - 1j, -0.5j], requires_grad=True)
opt = torch.optim.Adam([p], lr=0.1)                 # steps complex parameters through views
for step in range(3):
    loss = (p * p.conj()).real.sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
print("complex", [complex(round(z.real, 5), round(z.imag, 5)) for z in p.tolist()])

bag = nn.EmbeddingBag(10, 3, mode="sum", sparse=True)
sparse_loss = bag(torch.tensor([1, 2, 4, 5]), torch.tensor([0, 2])).sum() + out
sparse_loss.backward()
print("sparse", bag.weight.grad.layout, bag.weight.grad.coalesce().indices().tolist())
print("padding row grad", emb.weight.grad[0].tolist())
"""


def test_script_prints_the_same_as_under_plain_python(write_script, runner):
    script = write_script(FIDELITY)
    plain = subprocess.run(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
    )
    assert plain.returncode == 0, plain.stdout
    result = runner.run(script, run_to_end=True, backward_call=4)  # the sparse backward
    assert result.output.splitlines() == plain.stdout.splitlines()  # values, prints and warnings
    assert "padding row grad [0.0, 0.0, 0.0]" in result.output
    graph = result.graph
    ops = {d["op"] for _, d in graph.nodes(data=True)}
    assert {"EmbeddingBagBackward0", "EmbeddingBackward0", "AddBackward0"} <= ops
    # the sparse gradient of the bag's weight: ones in the rows of ids 1, 2, 4, 5 (mode "sum")
    bag_weight = next(d for _, d in graph.nodes(data=True) if d["name"] == "bag.weight")
    assert bag_weight["grad"]["shape"] == [10, 3] and bag_weight["grad"]["norm"] == pytest.approx(
        math.sqrt(12)
    )
    assert (
        bag_weight["grad"]["min"] == 0.0
        and bag_weight["grad"]["max"] == 1.0
        and bag_weight["grad"]["mean"] == 0.4
    )
    # the embedding's dense gradient: row 0 (padding) is zero, 2 rows of ones for ids 2, 3, 4, 1
    emb_weight = next(d for _, d in graph.nodes(data=True) if d["name"] == "emb.weight")
    assert emb_weight["grad"]["values"][0] == [0.0, 0.0, 0.0] and emb_weight["grad"]["values"][2] == [1.0] * 3
    assert not any("graphviz_app failed" in n for n in map(str, result.notices))


def test_complex_parameters_values_survive_json(write_script, runner):
    script = write_script(
        """
        import torch
        p = torch.tensor([1 + 2j, -1j], requires_grad=True)
        loss = (p * p.conj()).real.sum()
        loss.backward()
        """
    )
    graph = runner.run(script).graph
    leaf = next(d for _, d in graph.nodes(data=True) if d["name"] == "p")
    # |1+2j|^2 + |-1j|^2; d/dp of p p* (the conjugate Wirtinger gradient torch uses) is 2p
    assert leaf["value"]["values"] == ["1+2j", "-0-1j"] and leaf["value"]["dtype"] == "complex64"
    assert leaf["grad"]["values"] == ["2+4j", "-2j"]  # Python writes a complex as repr() does
    assert leaf["grad"]["norm"] == pytest.approx(math.sqrt(4 + 16 + 4))


def _every_kind() -> dict[str, torch.Tensor]:
    dense = torch.tensor([[1.0, 0.0], [0.0, -3.0]])
    return {
        "sparse_coo": dense.to_sparse(),
        "sparse_csr": dense.to_sparse_csr(),
        "complex": torch.tensor([3 + 4j, 0j]),
        "bool": torch.tensor([True, False, True]),
        "int": torch.tensor([1, -2, 3]),
        "nested": torch.nested.nested_tensor([torch.ones(2), torch.ones(3)]),
        "quantized": torch.quantize_per_tensor(torch.tensor([0.5, -1.0]), 0.5, 0, torch.qint8),
        "zero_dim": torch.tensor(2.5),
        "empty": torch.empty(0, 4),
        "meta": torch.empty(2, 3, device="meta"),
        "big_complex": torch.ones(40000, dtype=torch.complex64),
        "big_quantized": torch.quantize_per_tensor(torch.ones(40000), 0.5, 0, torch.quint8),
    }


def test_every_layout_and_dtype_is_summarized_or_has_no_summary():
    tensors = _every_kind()
    got = {name: summarize(t) for name, t in tensors.items()}
    assert summarize_many(list(tensors.values())) == list(got.values())
    for name in ("empty", "meta"):
        assert got[name]["norm"] is None and got[name]["values"] is None, name
    for name in ("sparse_coo", "sparse_csr"):  # [[1, 0], [0, -3]]: two stored values, two zeros
        assert got[name]["shape"] == [2, 2] and got[name]["values"] == [[1.0, 0.0], [0.0, -3.0]], name
        assert (got[name]["norm"], got[name]["min"], got[name]["max"], got[name]["mean"]) == (
            pytest.approx(math.sqrt(10)),
            -3.0,
            1.0,
            -0.5,
        ), name
    assert summarize(torch.ones(3, 3).to_sparse())["min"] == 1.0  # no zero left out: min is 1
    assert got["meta"]["shape"] == [2, 3]
    assert got["nested"] is None
    assert got["complex"]["norm"] == 5.0 and got["complex"]["max"] == 5.0  # of the magnitudes
    assert got["bool"]["values"] == [True, False, True] and got["bool"]["mean"] == pytest.approx(2 / 3)
    assert got["int"]["min"] == -2.0 and got["int"]["max"] == 3.0
    assert got["quantized"]["values"] == [0.5, -1.0] and got["quantized"]["dtype"] == "qint8"
    assert got["zero_dim"]["values"] == 2.5 and got["zero_dim"]["shape"] == []
    assert got["big_complex"]["norm"] == pytest.approx(200.0)
    assert got["big_quantized"]["mean"] == 1.0 and got["big_quantized"]["norm"] == pytest.approx(
        200.0
    )  # dequantized ones


def test_our_failure_is_reported_as_ours(write_script):
    """A failure inside graphviz_app while the script runs is kind "internal", with our traceback."""
    try:
        {}["missing"]
    except KeyError as exc:
        bug = CaptureBug(exc, "walking the graph")
    error = bug.error
    assert isinstance(error, ScriptError) and error.kind == "internal"
    assert "graphviz_app failed while walking the graph (KeyError: 'missing')" in error.message.english()
    assert "not in the script" in error.message.english() and "test_fidelity.py" in error.user_traceback
    assert not isinstance(bug, Exception)  # the script's `except Exception` cannot swallow it


def test_no_cuda_is_explained(write_script, runner):
    if torch.cuda.is_available():
        pytest.skip("this machine has a CUDA GPU")
    script = write_script(
        "import torch\nw = torch.ones(2, requires_grad=True)\nx = torch.ones(2, device='cuda')\n"
    )
    with pytest.raises(ScriptError) as info:
        runner.run(script)
    error = info.value
    assert error.kind == "no_cuda" and error.line == 3
    assert error.message.english().startswith(
        "This machine has no CUDA GPU (line 3: x = torch.ones(2, device='cuda'))."
    )
    assert 'torch.device("cuda" if torch.cuda.is_available() else "cpu")' in error.message.english()
    assert "'meta'" in error.message.english()


def test_recorder_failure_is_ours_and_the_script_runs_on(write_script, runner):
    # A tensor subclass that refuses the first read of its grad_fn: plain python never reads it
    # before backward(); the recorder does, fails, notes the failure as graphviz_app's own and
    # lets the script go on unchanged.
    script = write_script(
        """
        import torch

        class Shy(torch.Tensor):
            reads = 0

            @property
            def grad_fn(self):
                Shy.reads += 1
                if Shy.reads == 1:
                    raise RuntimeError("first read refused")
                return torch.Tensor.grad_fn.__get__(self)

        w = torch.ones(2, requires_grad=True)
        h = (w * 2).as_subclass(Shy)
        loss = (h * 3).sum()
        print("loss", float(loss))
        loss.backward()
        """
    )
    result = runner.run(script)
    assert "loss 12.0" in result.output and "Traceback" not in result.output
    notice = next(n for n in map(str, result.notices) if n.startswith("graphviz_app failed to record part"))
    assert "RuntimeError: first read refused" in notice and "not in the script" in notice
    assert "graphviz_app/worker/recorder.py" in result.graph.graph["internal_errors"][0]
    w = next(d for _, d in result.graph.nodes(data=True) if d["name"] == "w")
    assert w["grad"]["values"] == [6.0, 6.0]


def test_warnings_raised_inside_torch_point_where_plain_python_points(write_script, runner):
    # nn.Dropout2d warns (stacklevel 2) from torch/nn/functional.py: plain python names
    # torch/nn/modules/dropout.py; the recorder's dispatch frames must not shift it to the script
    script = write_script(
        """
        import torch
        from torch import nn
        x = torch.randn(3, 4, requires_grad=True)
        y = nn.Dropout2d(0.5)(x).sum()
        def inner():
            return (x * 3).grad
        print(inner())
        """
    )
    plain = subprocess.run(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
    )
    result = runner.run(script)
    assert result.output.splitlines() == plain.stdout.splitlines()
    # the dropout warning points into torch (which file depends on the release), not at the script
    dropout = next(line for line in result.output.splitlines() if "UserWarning: dropout2d" in line)
    assert "/torch/nn/" in dropout and f"{script}:7: UserWarning" in result.output


OWN_MODE = """
import torch
from torch.overrides import TorchFunctionMode


class Count(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.seen = []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.seen.append(getattr(func, "__name__", repr(func)))
        return func(*args, **(kwargs or {}))


w = torch.ones(3, requires_grad=True)
with Count() as count:
    loss = (w * 2).tanh().sum()
    torch.autograd.backward(loss)  # (not loss.backward(): no mode sees inside a method it handles)
print(len(count.seen), sorted(set(count.seen)))
print([round(g, 4) for g in w.grad.tolist()])
"""


def test_the_scripts_own_torch_function_mode_sees_what_it_sees_under_python(write_script, runner):
    """The app reads the graph at the script's backward call, inside the script's mode: its
    reads (each tensor's shape, dtype, device) are not the script's, so the mode never sees them."""
    script = write_script(OWN_MODE)
    plain = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert plain.returncode == 0, plain.stderr
    result = runner.run(script, run_to_end=True)
    assert result.output.splitlines() == plain.stdout.splitlines()
    assert plain.stdout.splitlines()[1] == "[0.1413, 0.1413, 0.1413]"  # 2 · (1 - tanh(2)²)
    assert {d["op"] for _, d in result.graph.nodes(data=True)} == {
        "AccumulateGrad",
        "MulBackward0",
        "TanhBackward0",
        "SumBackward0",
    }


FAKE = (
    SQUARE
    + """
from torch._subclasses.fake_tensor import FakeTensorMode

with FakeTensorMode():  # shapes without memory, as torch.compile finds its outputs' shapes
    big = torch.ones(100000, 3, requires_grad=True)
    y = Square.apply(big).sum(dim=0)
    print(type(y).__name__, tuple(y.shape), y.requires_grad)

w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = Square.apply(w).sum()
loss.backward()
print(w.grad.tolist())
"""
)


def test_the_recorder_stands_aside_while_a_fake_tensor_mode_is_active(write_script, runner):
    """Fake tensors have no values to summarize (Dynamo on torch 2.11 failed a ``fullgraph``
    compile of an ``autograd.Function`` on the summary's ``item()``); the real graph after them
    is captured as usual."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    from graphviz_app.worker.recorder import standing_aside

    assert not standing_aside()
    with FakeTensorMode():
        assert standing_aside() == hasattr(torch._C, "_TorchDispatchModeKey")  # (torch 2.2 on)
    assert not standing_aside()
    script = write_script(FAKE)
    plain = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert plain.returncode == 0, plain.stderr
    result = runner.run(script, run_to_end=True)
    assert result.output.splitlines() == plain.stdout.splitlines() == ["FakeTensor (3,) True", "[2.0, 4.0]"]
    ops = sorted(d["op"] for _, d in result.graph.nodes(data=True))
    assert ops == ["AccumulateGrad", "SquareBackward", "SumBackward0"]  # the real graph, of w
    assert not result.graph.graph.get("internal_errors")
