"""Gradient health over a training loop (run option ``health``): real torch through the real
worker, scripts written as tutorials write them; the graph captured stays the one of
``backward_call``, and the script behaves as under plain python."""

from __future__ import annotations

import subprocess
import sys

from graphviz_app.core.model.health import health, node_trends
from graphviz_app.wire.run_options import RunOptions

DEEP_SIGMOID = """
import torch
from torch import nn

torch.manual_seed(0)
layers = []
for _ in range(10):
    layers += [nn.Linear(32, 32), nn.Sigmoid()]
model = nn.Sequential(*layers, nn.Linear(32, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(64, 32)
y = torch.randn(64, 1)
for step in range(20):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
print(f"final loss {loss.item():.9f}")
"""

HUGE_LEARNING_RATE = """
import torch
from torch import nn

torch.manual_seed(0)
x = torch.rand(100, 3) * 1000  # raw feature values in the hundreds, not normalised
y = x @ torch.tensor([[2.0], [-1.0], [0.5]]) + 3.0
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(20):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    print("grad", step + 1, torch.cat([p.grad.flatten() for p in model.parameters()]).double().norm().item())
    optimizer.step()
print(f"final loss {loss.item()}")
"""

SMALL_MLP = """
import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(128, 8)
y = (x[:, :1] - 0.5 * x[:, 1:2]).tanh()
model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
for step in range(20):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
print(f"final loss {loss.item():.9f}")
"""


def plain(script) -> str:
    """What ``python SCRIPT`` prints (the suite's interpreter, as the worker's)."""
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True)
    return done.stdout


def test_a_deep_sigmoid_network_vanishes_at_its_first_layers(runner, write_script):
    result = runner.run(write_script(DEEP_SIGMOID, "deep_sigmoid.py"), RunOptions(health=20))
    found = health(result.graph)
    assert found is not None and found.steps == tuple(range(1, 21))
    trends = {course.module: course.trend for course in found.courses}
    assert list(trends) == [str(2 * k) for k in range(11)]  # the Linear layers, first to last
    assert trends["0"] == trends["2"] == trends["4"] == "vanishing"
    assert trends["20"] == trends["18"] == "steady"  # the last layers' gradients are healthy
    first = next(f for f in found.findings if f.module == "0")
    assert first.step == 1
    assert "0: at step 1 the gradient norm is" in first.message.english()
    assert "saturating sigmoid or tanh" in first.message.english()
    # the graph captured is still call 1's, and the script stopped after call 20
    graph = result.graph.graph
    assert graph["backward"]["call"] == 1
    assert graph["stopped_after_backward"]["call"] == 20
    leaves = node_trends(result.graph)
    named = {result.graph.nodes[n]["name"]: t for n, t in leaves.items()}
    assert named["0.weight"] == named["0.bias"] == "vanishing" and named["20.weight"] == "steady"


def test_a_huge_learning_rate_explodes_at_the_step_it_happens(runner, write_script):
    script = write_script(HUGE_LEARNING_RATE, "huge_lr.py")
    result = runner.run(script, RunOptions(health=20, run_to_end=True))
    # the norms the script printed itself (as under plain python: the test below), the step
    # where it happens from them: 1000 times the first step's norm, or not finite
    norms = [float(line.split()[2]) for line in result.output.splitlines() if line.startswith("grad ")]
    assert len(norms) == 20
    expected = next(k + 1 for k, n in enumerate(norms) if not n < 1e3 * norms[0])
    found = health(result.graph)
    assert found is not None
    (course,) = found.courses
    assert course.module == "model"  # the root module's own parameters
    assert course.trend == "nan"  # it ends in NaN
    sign, broken = course.findings
    assert (sign.trend, sign.step) == ("exploding", expected)
    assert "learning rate too high" in sign.message.english()
    first_nan = next(k + 1 for k, n in enumerate(norms) if n != n or n == float("inf"))
    assert broken.trend == "nan" and broken.step <= first_nan


def test_a_well_behaved_mlp_is_not_flagged(runner, write_script):
    result = runner.run(write_script(SMALL_MLP, "small_mlp.py"), RunOptions(health=20))
    found = health(result.graph)
    assert found is not None and [c.module for c in found.courses] == ["0", "2", "4"]
    assert found.findings == []
    assert {c.trend for c in found.courses} == {"steady"}


def test_the_script_behaves_as_under_plain_python(runner, write_script):
    """The printed loss after 20 steps: to the last digit (gradients read, never changed)."""
    script = write_script(DEEP_SIGMOID, "loop.py")
    with_health = runner.run(script, RunOptions(health=20, run_to_end=True))
    assert with_health.output == plain(script)
    assert "health" in with_health.graph.graph


def test_a_script_making_fewer_calls_says_so(runner, write_script):
    short = SMALL_MLP.replace("range(20)", "range(3)")
    result = runner.run(write_script(short, "short.py"), RunOptions(health=20))
    found = health(result.graph)
    assert found is not None and found.steps == (1, 2, 3) and found.requested == 20
    notices = [n["template"] for n in result.graph.graph["notices"] if isinstance(n, dict)]
    assert any("the script made {count}, so it covers those" in t for t in notices)
    assert result.graph.graph["stopped_after_backward"] is None  # it ran to its end


def test_a_later_captured_call_waits_for_nothing(runner, write_script):
    result = runner.run(write_script(SMALL_MLP, "later.py"), RunOptions(health=3, backward_call=5))
    graph = result.graph.graph
    assert graph["health"]["calls"] == [1, 2, 3]
    assert graph["backward"]["call"] == 5 and graph["stopped_after_backward"]["call"] == 5


FROM_SCRATCH = """
import torch

torch.manual_seed(0)
x = torch.randn(50, 2)
y = x @ torch.tensor([[1.5], [-2.0]]) + 0.5
w = torch.zeros(2, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(5):
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
"""


def test_tensors_outside_modules_are_rows_of_their_own(runner, write_script):
    result = runner.run(write_script(FROM_SCRATCH, "from_scratch.py"), RunOptions(health=5))
    found = health(result.graph)
    assert found is not None and [c.module for c in found.courses] == ["w", "b"]
    assert all(len(c.norms) == 5 and all(n is not None and n > 0 for n in c.norms) for c in found.courses)
    # read before the script zeroes them: the gradient backward() left, not the zeroed one
    assert found.courses[0].norms[0] > 1.0
