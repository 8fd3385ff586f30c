"""Outputs are found wherever the script left them; the script's own graph wins over conventions."""

from __future__ import annotations

from collections import Counter

import pytest

from graphviz_app.resources import example
from graphviz_app.wire.errors import ScriptError

MODEL = """
import torch
from torch import nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
x = torch.randn(5, 3)
"""


@pytest.mark.parametrize(
    "tail",
    [
        "def make_dot(t):\n    return t.shape\nprint(make_dot(model(x)))\n",
        "print(model(x))\n",
        "def main():\n    return model(x).sum()\nif __name__ == '__main__':\n    main()\n",
    ],
    ids=["passed_to_a_function", "printed", "returned_by_main"],
)
def test_output_never_bound_to_a_variable_is_found(write_script, runner, tail):
    result = runner.run(write_script(MODEL + tail), backward=True)
    graph = result.graph
    names = {d["name"] for _, d in graph.nodes(data=True)}
    assert {"0.weight", "0.bias", "2.weight", "2.bias"} <= names
    assert Counter(op for _, op in graph.nodes(data="op"))["AddmmBackward0"] == 2
    assert len(graph.graph["roots"]) == 1
    assert any("kept no variable holding its output" in n for n in map(str, result.notices))
    weight = next(d for _, d in graph.nodes(data=True) if d["name"] == "2.weight")
    assert weight["grad"]["shape"] == [2, 4]


def test_model_run_under_no_grad_is_explained(write_script, runner):
    script = write_script(MODEL + "with torch.no_grad():\n    print(model(x))\n")
    with pytest.raises(ScriptError, match=r"torch\.no_grad") as info:
        runner.run(script)
    assert info.value.kind == "no_graph"


def test_parameters_count_as_requiring_grad(write_script, runner):
    # a model defined and never called: its parameters require grad, so the advice is not
    # "create tensors with requires_grad=True"
    script = write_script("import torch\nmodel = torch.nn.Linear(3, 2)\nx = torch.ones(3)\n")
    with pytest.raises(ScriptError) as info:
        runner.run(script)
    assert info.value.kind == "no_graph" and "module parameters" in info.value.message.english()
    assert "none of its tensors requires grad" not in info.value.message.english()


def test_nothing_requires_grad_when_true(write_script, runner):
    with pytest.raises(ScriptError, match="none of its tensors requires grad") as info:
        runner.run(write_script("import torch\nx = torch.ones(3)\nprint(x * 2)\n"))
    assert info.value.kind == "no_graph"


MODULE_WITH_OWN_LOSS = """
import torch
import torch.nn.functional as F
from torch import nn

calls = []

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
    def forward(self, x):
        calls.append(1)
        print("forward call", len(calls))
        return self.fc(x)

torch.manual_seed(0)
model = Net()
inputs = (torch.randn(4, 3),)
target = torch.zeros(4, 2)
loss = F.mse_loss(model(*inputs), target)
"""


def test_module_script_with_its_own_loss_runs_the_forward_once(write_script, runner):
    result = runner.run(write_script(MODULE_WITH_OWN_LOSS), backward=True)
    graph = result.graph
    assert Counter(op for _, op in graph.nodes(data="op")) == Counter(
        {"MseLossBackward0": 1, "AddmmBackward0": 1, "TBackward0": 1, "AccumulateGrad": 2}
    )
    assert result.output.splitlines() == ["forward call 1"]
    names = {d["name"] for _, d in graph.nodes(data=True)}
    assert {"fc.weight", "fc.bias", "loss"} <= names


def test_module_script_that_never_calls_its_model_still_works(write_script, runner):
    script = write_script(MODULE_WITH_OWN_LOSS.replace("loss = F.mse_loss(model(*inputs), target)\n", ""))
    result = runner.run(script)
    assert result.output.splitlines() == ["forward call 1"]  # run by the app, once
    assert Counter(op for _, op in result.graph.nodes(data="op"))["AddmmBackward0"] == 1


def test_retain_grad_values_of_the_lesson(runner):
    """retain_grad.py: loss = y**2, y = sum(w * x) + b, so dloss/dy = 2y and dloss/dh = 2y for each
    element of h; the trace marks h and y and keeps those gradients."""
    graph = runner.run(example("retain_grad.py")).graph
    nodes = {d["name"]: d for _, d in graph.nodes(data=True) if d["name"]}
    y, h = nodes["y"], nodes["h"]
    assert y["retains_grad"] is True and h["retains_grad"] is True
    assert sum(1 for _, d in graph.nodes(data=True) if d.get("retains_grad")) == 2
    y_value = y["value"]["values"]
    assert y["retained_grad"]["values"] == pytest.approx(2 * y_value)
    assert h["retained_grad"]["values"] == pytest.approx([2 * y_value] * 3)
    # the leaves' own gradients: dloss/db = 2y, dloss/dw = 2y * x
    assert nodes["b"]["grad"]["values"] == pytest.approx(2 * y_value)
    assert "retains_grad" not in nodes["w"] and "retains_grad" not in nodes["loss"]


ARGPARSE = """
import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--width", type=int, default=2)
args = parser.parse_args()
w = torch.ones(args.width, requires_grad=True)
for epoch in range(args.epochs):
    loss = (w * (epoch + 1)).sum()
print("epochs", args.epochs, "width", args.width)
"""


def test_argv_reaches_the_script(write_script, runner):
    script = write_script(ARGPARSE)
    result = runner.run(script, argv=["--epochs", "1", "--width", "4"])
    assert result.output.strip() == "epochs 1 width 4"
    leaf = next(d for _, d in result.graph.nodes(data=True) if d["name"] == "w")
    assert leaf["shape"] == [4]
    assert runner.run(script).output.strip() == "epochs 3 width 2"


def test_unbound_output_of_composite_ops_is_one_root(write_script, runner):
    """Regression: attention weights and states saved inside composite ops stay alive and were
    taken for outputs of their own ("An output of shape [2, 4, 5, 5] is not a scalar")."""
    script = write_script(
        """
        import torch
        from torch import nn
        torch.manual_seed(0)
        layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, batch_first=True, dropout=0.0)
        cell = nn.LSTMCell(8, 8)
        x = torch.randn(2, 5, 8)
        def run():
            h = c = torch.zeros(2, 8)
            for t in range(5):
                h, c = cell(layer(x)[:, t], (h, c))
            return h.pow(2).mean()
        print("loss", round(float(run()), 4))
        """
    )
    result = runner.run(script, backward=True)
    graph = result.graph
    assert len(graph.graph["roots"]) == 1 and graph.graph["outputs"][0]["scalar"]
    assert graph.nodes[graph.graph["roots"][0]]["op"] == "MeanBackward0"
    assert not any("is not a scalar" in n for n in map(str, result.notices))
