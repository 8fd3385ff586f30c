"""The script stops once its captured backward() (or autograd.grad()) call returned."""

from __future__ import annotations

LONG_LOOP = """
import pathlib
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.01)
data, target = torch.randn(32, 8), torch.randn(32, 1)
try:
    for step in range(10_000):
        loss = torch.nn.functional.mse_loss(model(data), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print("step", step)
finally:
    pathlib.Path(r"{marker}").with_suffix(".finally").write_text("the finally block ran")
pathlib.Path(r"{marker}").write_text("the loop ended")
"""


def test_ten_thousand_step_loop_stops_after_the_first_step(write_script, runner, tmp_path):
    marker = tmp_path / "after_loop.txt"
    script = write_script(LONG_LOOP.format(marker=marker))
    result = runner.run(script, timeout=60)
    graph = result.graph
    assert "Stopped after backward() call 1 on line 13; the rest of the script did not run." in map(
        str, result.notices
    )
    assert graph.graph["stopped_after_backward"] == {"call": 1, "line": 13, "kind": "backward"}
    assert graph.graph["backward_calls"] == 1
    assert result.output == ""  # not even the first step's print after backward()
    assert not marker.exists() and not marker.with_suffix(".finally").exists()  # no unwinding
    ops = {d["op"] for _, d in graph.nodes(data=True)}
    assert {"MseLossBackward0", "AddmmBackward0", "ReluBackward0"} <= ops
    assert all(d["grad"] is not None for _, d in graph.nodes(data=True) if d["kind"] == "leaf")


def test_chosen_call_stops_after_that_call(write_script, runner, tmp_path):
    marker = tmp_path / "after_loop.txt"
    result = runner.run(write_script(LONG_LOOP.format(marker=marker)), backward_call=3)
    assert result.output.split() == ["step", "0", "step", "1"]
    assert result.graph.graph["stopped_after_backward"] == {"call": 3, "line": 13, "kind": "backward"}
    assert result.graph.graph["backward"]["call"] == 3 and not marker.exists()


def test_run_to_end_keeps_running(write_script, runner, tmp_path):
    marker = tmp_path / "after_loop.txt"
    script = write_script(LONG_LOOP.format(marker=marker).replace("10_000", "5"))
    result = runner.run(script, run_to_end=True)
    assert marker.read_text() == "the loop ended" and marker.with_suffix(".finally").exists()
    assert result.graph.graph["stopped_after_backward"] is None
    assert result.graph.graph["backward_calls"] == 5 and result.graph.graph["backward"]["call"] == 1
    assert "step 4" in result.output


def test_script_without_backward_runs_to_the_end(write_script, runner, tmp_path):
    marker = tmp_path / "end.txt"
    script = write_script(
        f"""
        import pathlib, torch
        w = torch.ones(2, requires_grad=True)
        y = (w * 2).sum()
        pathlib.Path(r"{marker}").write_text("done")
        """
    )
    graph = runner.run(script, backward=True).graph
    assert marker.read_text() == "done"
    assert graph.graph["stopped_after_backward"] is None and graph.graph["backward_calls"] == 0
    assert graph.graph["backward"]["by"] == "app"


def test_autograd_grad_is_captured_like_backward(write_script, runner):
    script = write_script(
        """
        import torch
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = (x ** 3).sum()
        (g,) = torch.autograd.grad(y, x)
        print("never printed", g)
        """
    )
    result = runner.run(script)
    graph = result.graph
    assert "Stopped after torch.autograd.grad() call 1 on line 5; the rest of the script did not run." in map(
        str, result.notices
    )
    assert graph.graph["stopped_after_backward"] == {"call": 1, "line": 5, "kind": "grad"}
    assert graph.graph["backward"]["by"] == "script" and graph.graph["backward"]["kind"] == "grad"
    x = next(d for _, d in graph.nodes(data=True) if d["name"] == "x")
    assert x["grad"]["values"] == [3.0, 12.0]  # d(sum x^3)/dx = 3 x^2: what grad() returned
    assert "never printed" not in result.output


def test_backward_in_a_forked_worker_process_is_not_the_scripts(write_script, runner):
    # Hogwild-style training: workers forked by the script call backward(); only the script's own
    # process counts (a worker must not end the run or write the result)
    script = write_script(
        """
        import torch
        import torch.multiprocessing as mp

        def train(w):
            loss = (w * 2).sum()
            loss.backward()
            print("worker went on after backward", flush=True)

        if __name__ == "__main__":
            w = torch.ones(3, requires_grad=True)
            ctx = mp.get_context("fork")
            worker = ctx.Process(target=train, args=(w,))
            worker.start()
            worker.join()
            print("worker exit code", worker.exitcode)
            loss = (w ** 2).sum()
            loss.backward()
        """
    )
    result = runner.run(script)
    assert "worker went on after backward" in result.output and "worker exit code 0" in result.output
    graph = result.graph
    assert graph.graph["stopped_after_backward"]["line"] == 18 and graph.graph["backward_calls"] == 1
    assert {d["op"] for _, d in graph.nodes(data=True)} == {"SumBackward0", "PowBackward0", "AccumulateGrad"}
