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
