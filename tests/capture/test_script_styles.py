"""The three ways users write scripts, and choices among outputs and backward calls."""

from __future__ import annotations

import pytest

from graphviz_app.wire.errors import ScriptError

TRAINING = """
import torch
w = torch.tensor([1.0, -2.0], requires_grad=True)
for step in range(4):
    loss = ((w * {scale}) ** 2).sum()
    print("step", step, "loss", float(loss))
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
"""


def names(graph):
    return {d["name"]: d for _, d in graph.nodes(data=True) if d["name"]}


def test_training_loop_captures_first_backward_by_default(write_script, runner):
    result = runner.run(write_script(TRAINING.format(scale=3.0)))
    graph = result.graph
    assert graph.graph["backward"] == {"ran": True, "by": "script", "call": 1, "error": None}
    # first step: w = [1, -2], loss = sum((3w)^2), dloss/dw = 18 w
    assert names(graph)["w"]["grad"]["values"] == [18.0, -36.0]
    assert names(graph)["loss"]["is_output"]
    # the script stops once the captured call returned: the loop's later steps never ran
    assert "step 0 loss 45.0" in result.output and "step 1" not in result.output
    assert "Stopped after backward() call 1 on line 7; the rest of the script did not run." in map(
        str, result.notices
    )
    assert graph.graph["stopped_after_backward"] == {"call": 1, "line": 7, "kind": "backward"}
    assert graph.graph["backward_calls"] == 1


def test_training_loop_run_to_end(write_script, runner):
    result = runner.run(write_script(TRAINING.format(scale=3.0)), run_to_end=True)
    graph = result.graph
    assert graph.graph["backward"] == {"ran": True, "by": "script", "call": 1, "error": None}
    assert names(graph)["w"]["grad"]["values"] == [18.0, -36.0]
    assert "step 0 loss 45.0" in result.output and "step 3" in result.output
    assert graph.graph["stopped_after_backward"] is None and graph.graph["backward_calls"] == 4
    assert not any(n.startswith("Stopped after") for n in map(str, result.notices))


def test_training_loop_other_iteration(write_script, runner):
    result = runner.run(write_script(TRAINING.format(scale=1.0)), backward_call=2)
    # after one SGD step with lr 0.1: w = [1, -2] - 0.1 * [2, -4] = [0.8, -1.6]; grad = 2w
    values = names(result.graph)["w"]["grad"]["values"]
    assert values == pytest.approx([1.6, -3.2])
    assert any("call number 2" in n for n in map(str, result.notices))


def test_asking_for_a_backward_call_that_never_happens(write_script, runner):
    with pytest.raises(ScriptError, match="called backward\\(\\) 4 time") as info:
        runner.run(write_script(TRAINING.format(scale=1.0)), backward_call=9)
    assert info.value.kind == "no_graph"


def test_module_script_with_build_function(write_script, runner):
    script = write_script(
        """
        import torch
        from torch import nn

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.linear1 = nn.Linear(3, 4)
                self.act = nn.Tanh()
            def forward(self, x):
                return self.act(self.linear1(x))

        def build():
            model = nn.Sequential(Block(), nn.Linear(4, 2))
            return {"model": model, "inputs": (torch.ones(5, 3),), "target": torch.zeros(5, 2),
                    "loss_fn": nn.MSELoss()}
        """
    )
    graph = runner.run(script, backward=True).graph
    nodes = names(graph)
    assert {"0.linear1.weight", "0.linear1.bias", "1.weight", "1.bias", "loss"} <= set(nodes)
    assert nodes["0.linear1.weight"]["module"] == "0.linear1"
    modules = {d["op"]: d["module"] for _, d in graph.nodes(data=True) if d["kind"] == "op"}
    assert modules["TanhBackward0"] == "0.act"
    assert modules["MseLossBackward0"] == "loss_fn"
    assert nodes["0.linear1.weight"]["grad"]["shape"] == [4, 3]


def test_module_script_without_loss_uses_model_outputs(write_script, runner):
    script = write_script(
        """
        import torch
        model = torch.nn.Linear(2, 2)
        inputs = (torch.ones(1, 2),)
        """
    )
    graph = runner.run(script).graph
    assert graph.graph["outputs"][0]["name"] == "output"


def test_several_outputs_backward_together(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor(2.0, requires_grad=True)
        a = w * 3
        b = w ** 2
        """
    )
    graph = runner.run(script, backward=True).graph
    assert sorted(o["name"] for o in graph.graph["outputs"]) == ["a", "b"]
    assert names(graph)["w"]["grad"]["values"] == 7.0  # 3 + 2w


def test_picking_one_output(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.tensor(2.0, requires_grad=True)
        a = w * 3
        b = w ** 2
        """
    )
    graph = runner.run(script, backward=True, output="b").graph
    assert [o["name"] for o in graph.graph["outputs"]] == ["b"]
    assert names(graph)["w"]["grad"]["values"] == 4.0
    with pytest.raises(ScriptError, match=r"'c'.*a, b"):
        runner.run(script, output="c")


def test_loss_variable_is_preferred(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.ones(3, requires_grad=True)
        loss = (w * 2).sum()
        extra = w.exp()
        """
    )
    assert [o["name"] for o in runner.run(script).graph.graph["outputs"]] == ["loss"]


def test_custom_function_and_shared_weight(write_script, runner):
    script = write_script(
        """
        import torch

        class MyReLU(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                return x.clamp(min=0)
            @staticmethod
            def backward(ctx, grad):
                x, = ctx.saved_tensors
                return grad * (x > 0)

        cell = torch.nn.Linear(4, 4)
        h = torch.zeros(1, 4)
        for t in range(10):
            h = MyReLU.apply(cell(h) + 1)
        loss = h.sum()
        """
    )
    graph = runner.run(script).graph
    ops = [d["op"] for _, d in graph.nodes(data=True)]
    assert ops.count("MyReLUBackward") == 10
    weight = next(n for n, d in graph.nodes(data=True) if d["name"] == "cell.weight")
    assert graph.out_degree(weight) == 10, "a shared weight is one leaf with an edge to every use"
    relu = next(d for _, d in graph.nodes(data=True) if d["op"] == "MyReLUBackward")
    assert relu["source"]["code"].startswith("h = MyReLU.apply")
    assert any(s.startswith("saved_tensors") for s in relu["saved"])


def test_output_and_sys_exit_zero(write_script, runner):
    script = write_script(
        """
        import sys, torch
        w = torch.ones(2, requires_grad=True)
        loss = (w * 2).sum()
        print("hello from the script")
        print("to stderr", file=sys.stderr)
        sys.exit(0)
        """
    )
    result = runner.run(script)
    assert "hello from the script" in result.output and "to stderr" in result.output
    assert any("sys.exit(0)" in n for n in map(str, result.notices))
    assert result.graph.number_of_nodes() == 3


def test_flooding_output_is_bounded(write_script, runner):
    script = write_script(
        """
        import torch
        for i in range(200000):
            print("line", i, "x" * 50)
        w = torch.ones(2, requires_grad=True)
        loss = (w * 2).sum()
        """
    )
    result = runner.run(script, timeout=120)
    assert len(result.output) < 400_000
    assert "line 0 " in result.output and "line 199999" in result.output
    assert "characters of output left out" in result.output


DEVICE_CHOICE = 'device = "cuda" if torch.cuda.is_available() else "meta"'


def test_meta_device_transfer(write_script, runner):
    """The lesson's path without a GPU, taken on every machine: its device choice set to meta."""
    from graphviz_app.resources import example

    lesson = example("devices.py").read_text(encoding="utf-8")
    assert DEVICE_CHOICE in lesson
    result = runner.run(write_script(lesson.replace(DEVICE_CHOICE, 'device = "meta"')), backward=True)
    graph = result.graph
    assert set(graph.graph["devices"]) == {"cpu", "meta"}
    copy = next(n for n, d in graph.nodes(data=True) if d["op"] == "ToCopyBackward0")
    assert graph.nodes[copy]["device"] == "meta"
    assert {graph.nodes[p]["device"] for p in graph.predecessors(copy)} == {"cpu"}
    assert "Cannot copy out of meta tensor" in graph.graph["backward"]["error"]
    assert any("Backward stopped" in n for n in map(str, result.notices))


def test_devices_lesson_on_this_machine(runner, worker_has_cuda):
    """The lesson as shipped: the copy goes to cuda:0 where the worker's torch sees a GPU (and
    backward then runs through it), else to meta (where backward stops)."""
    from graphviz_app.resources import example

    result = runner.run(example("devices.py"), backward=True)
    graph = result.graph
    second = "cuda:0" if worker_has_cuda else "meta"
    assert set(graph.graph["devices"]) == {"cpu", second}
    copy = next(n for n, d in graph.nodes(data=True) if d["op"] == "ToCopyBackward0")
    assert graph.nodes[copy]["device"] == second
    assert {graph.nodes[p]["device"] for p in graph.predecessors(copy)} == {"cpu"}
    if worker_has_cuda:
        assert graph.graph["backward"]["ran"] and graph.graph["backward"]["error"] is None
        w = next(d for _, d in graph.nodes(data=True) if d["name"] == "w")
        assert w["grad"]["shape"] == [4, 3] and w["grad"]["nan"] == 0
    else:
        assert "Cannot copy out of meta tensor" in graph.graph["backward"]["error"]


def test_ops_made_inside_linear_belong_to_its_module(runner):
    """TBackward0 is made inside F.linear's C++ code, out of sight of Python hooks."""
    from graphviz_app.resources import example

    graph = runner.run(example("sequential_branches.py")).graph
    transposes = [d for _, d in graph.nodes(data=True) if d["op"] == "TBackward0"]
    assert transposes and all(d["module"] for d in transposes)
    for node, data in graph.nodes(data=True):
        if data["op"] == "TBackward0":
            consumer = next(iter(graph.successors(node)))
            assert data["module"] == graph.nodes[consumer]["module"]


def test_module_types_are_recorded(runner):
    from graphviz_app.resources import example

    types = runner.run(example("transformer_layer.py")).graph.graph["module_types"]
    assert types["self_attn"] == "MultiheadAttention" and types["linear1"] == "Linear"
    assert types["loss_fn"] == "MSELoss"


def test_detach_cut_is_recorded_where_it_happened(runner):
    from graphviz_app.resources import example

    graph = runner.run(example("detach.py")).graph
    cut_nodes = [d for _, d in graph.nodes(data=True) if d["cuts"]]
    assert len(cut_nodes) == 1
    cut = cut_nodes[0]["cuts"][0]
    assert cut["code"].startswith("scale = (a * 2).detach()") and cut["op"] == "MulBackward0"
    assert cut["shape"] == [3]
    assert "a" not in {d["name"] for _, d in graph.nodes(data=True)}, "the cut-off leaf is not in the graph"


def test_reading_grad_of_an_intermediate_is_explained(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.ones(2, requires_grad=True)
        h = w * 3
        loss = h.sum()
        loss.backward()
        print(h.grad)
        """
    )
    result = runner.run(script, run_to_end=True)  # the read comes after backward()
    assert any("Line 7 reads .grad" in n and "retain_grad()" in n for n in map(str, result.notices))
    assert "None" in result.output


def test_warnings_point_at_the_users_line_not_the_app(write_script, runner):
    script = write_script(
        """
        import torch
        w = torch.ones(2, requires_grad=True)
        loss = (w * 3).sum()
        loss.backward()
        print((w * 3).grad)
        """
    )
    output = runner.run(script, run_to_end=True).output  # the warning comes after backward()
    assert f"{script}:6: UserWarning" in output and "graphviz_app" not in output
