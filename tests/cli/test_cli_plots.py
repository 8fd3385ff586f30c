"""The export command writes the script's matplotlib figures beside its output and says so."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from graphviz_app.cli import main
from graphviz_app.core.model.plots import png_size
from graphviz_app.wire.plots import PNG_SIGNATURE

pytest.importorskip("matplotlib")

PLOTTING = textwrap.dedent(
    """
    import matplotlib.pyplot as plt
    import torch

    plt.plot([3, 2, 1])
    plt.title("Loss")
    plt.show()
    plt.figure(figsize=(3, 2))
    plt.imshow(torch.rand(4, 4).numpy())
    w = torch.ones(2, requires_grad=True)
    (w * 3).sum().backward()
    """
)


def test_export_writes_each_figure_beside_the_output(tmp_path: Path, capsys, runner) -> None:
    script = tmp_path / "train.py"
    script.write_text(PLOTTING)
    out = tmp_path / "g.svg"
    status = main(["export", str(script), "-o", str(out)], runner=runner)
    captured = capsys.readouterr()
    assert status == 0, captured.err
    first, second = tmp_path / "g.plot-1.png", tmp_path / "g.plot-2.png"
    assert f'note: the script\'s figure 1 "Loss" (shown on line 7) was written to {first}' in captured.err
    assert (
        f"note: the script's figure 2 (still open when the script ended, made on line 8) was written "
        f"to {second}"
    ) in captured.err
    assert first.read_bytes().startswith(PNG_SIGNATURE) and png_size(first.read_bytes()) == (640, 480)
    assert png_size(second.read_bytes()) == (300, 200)
    assert not (tmp_path / "g.plot-3.png").exists()


def test_a_saved_graph_keeps_its_figures_for_the_next_export(tmp_path: Path, capsys, runner) -> None:
    script = tmp_path / "train.py"
    script.write_text(PLOTTING)
    saved = tmp_path / "g.json"
    assert main(["export", str(script), "-o", str(saved)], runner=runner) == 0
    assert [p["kind"] for p in json.loads(saved.read_text())["graph"]["plots"]] == ["shown", "open"]
    capsys.readouterr()
    again = tmp_path / "again.png"
    assert main(["export", str(saved), "-o", str(again)], runner=runner) == 0
    assert "again.plot-2.png" in capsys.readouterr().err
    assert (tmp_path / "again.plot-2.png").read_bytes() == (tmp_path / "g.plot-2.png").read_bytes()


def test_a_script_without_figures_writes_none(tmp_path: Path, capsys, runner) -> None:
    script = tmp_path / "plain.py"
    script.write_text("import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum()\n")
    assert main(["export", str(script), "-o", str(tmp_path / "g.dot")], runner=runner) == 0
    assert "figure" not in capsys.readouterr().err
    assert list(tmp_path.glob("*.plot-*.png")) == []
