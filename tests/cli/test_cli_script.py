"""The export command passes arguments to the script and can let it run to the end."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from graphviz_app.cli import main

TRAIN = textwrap.dedent(
    """
    import argparse
    import torch

    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=100)
    args = parser.parse_args()
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    for epoch in range(args.epochs):
        loss = (w ** 2).sum()
        loss.backward()
        print("epoch", epoch)
    print("trained", args.epochs)
    """
)


def test_arguments_after_double_dash_reach_the_script(tmp_path: Path, capsys, runner) -> None:
    script = tmp_path / "train.py"
    script.write_text(TRAIN)
    out = tmp_path / "g.json"
    status = main(
        ["export", str(script), "-o", str(out), "--run-to-end", "--", "--epochs", "2"], runner=runner
    )
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "epoch 1" in captured.err and "trained 2" in captured.err and "epoch 2" not in captured.err
    graph = json.loads(out.read_text())["graph"]
    assert graph["backward_calls"] == 2 and graph["stopped_after_backward"] is None


def test_export_stops_after_the_captured_backward_by_default(tmp_path: Path, capsys, runner) -> None:
    script = tmp_path / "train.py"
    script.write_text(TRAIN)
    out = tmp_path / "g.json"
    assert (
        main(
            ["export", str(script), "-o", str(out), "--backward-call", "2", "--", "--epochs", "5"],
            runner=runner,
        )
        == 0
    )
    captured = capsys.readouterr()
    assert (
        "note: Stopped after backward() call 2 on line 11; the rest of the script did not run."
        in captured.err
    )
    assert "epoch 0" in captured.err and "epoch 1" not in captured.err and "trained" not in captured.err
    data = json.loads(out.read_text())
    assert data["graph"]["stopped_after_backward"] == {"call": 2, "line": 11, "kind": "backward"}
    w = next(n for n in data["nodes"] if n["name"] == "w")
    assert w["grad"]["values"] == [4.0, -8.0]  # 2w, accumulated over two calls


DOUBLE_BACKWARD = textwrap.dedent(
    """
    import torch
    x = torch.randn(3, requires_grad=True)
    y = (x**3).sum()
    g, = torch.autograd.grad(y, x, create_graph=True)
    z = g.sum()
    z.backward()
    """
)


def test_grad_graphs_counts_the_gradient_call_and_draws_its_graph(tmp_path: Path, capsys, runner) -> None:
    script = tmp_path / "double.py"
    script.write_text(DOUBLE_BACKWARD)
    out = tmp_path / "g.json"
    assert main(["export", str(script), "-o", str(out), "--grad-graphs"], runner=runner) == 0
    err = capsys.readouterr().err
    assert "Showing the graph of the gradients the script's torch.autograd.grad(create_graph=True)" in err
    assert "Stopped after torch.autograd.grad() call 1 on line 5" in err
    data = json.loads(out.read_text())
    assert [n["op"] for n in data["nodes"]] == [
        "MulBackward0",
        "MulBackward1",
        "PowBackward0",
        "AccumulateGrad",
    ]
    assert data["graph"]["outputs"][0]["name"] == "dy/dx"
    assert data["graph"]["backward"]["kind"] == "grad_graph"
    # no backward has run through the gradient's graph: its steps are forward ones
    steps = ["--step-mode", "backward", "--step", "1"]
    assert (
        main(["export", str(script), "-o", str(tmp_path / "g.svg"), "--grad-graphs", *steps], runner=runner)
        == 1
    )
    assert (
        "no backward has run through it yet. Add --backward (without --run-to-end)" in capsys.readouterr().err
    )
    assert main(["export", str(script), "-o", str(out), "--grad-graphs", "--backward"], runner=runner) == 0
    backward = json.loads(out.read_text())["graph"]["backward"]
    assert backward["ran"] and backward["kind"] == "grad_graph"
    capsys.readouterr()
    # without the flag the gradient call is not counted: call 1 is z.backward(), the double backward
    assert main(["export", str(script), "-o", str(out)], runner=runner) == 0
    assert "Stopped after backward() call 1 on line 7" in capsys.readouterr().err
    plain = json.loads(out.read_text())["graph"]
    assert plain["backward"]["call"] == 1 and "kind" not in plain["backward"]
