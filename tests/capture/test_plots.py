"""matplotlib in a captured script behaves as under plain python without a window: ``plt.show()``
returns at once (a blocking show closes its figures, as closing the windows would), and the
figures shown, saved or left open reach the trace as PNG images with the script line."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from graphviz_app.core.model.plots import plots_of, png_size
from graphviz_app.wire.plots import MAX_PLOTS, PNG_SIGNATURE

pytest.importorskip("matplotlib")

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "scripts"


def _image(entry: dict) -> bytes:
    data = base64.b64decode(entry["png"])
    assert data.startswith(PNG_SIGNATURE)
    return data


def test_plt_show_before_backward_returns_at_once_and_keeps_the_figure(write_script, runner):
    script = write_script("""
        import matplotlib.pyplot as plt
        import torch

        w = torch.randn(3, requires_grad=True)
        losses = [(w * k).pow(2).sum().item() for k in range(5)]
        plt.plot(losses)
        plt.title("Loss")
        plt.show()
        print("after show")
        loss = (w * 2).pow(2).sum()
        loss.backward()
    """)
    result = runner.run(script, timeout=60)  # a window waiting to be closed would end in a timeout
    graph = result.graph
    assert result.output == "after show\n"
    assert graph.graph["stopped_after_backward"]["line"] == 12
    (entry,) = graph.graph["plots"]
    assert {k: entry[k] for k in ("title", "line", "kind", "path")} == {
        "title": "Loss",
        "line": 9,
        "kind": "shown",
        "path": None,
    }
    assert png_size(_image(entry)) == (640, 480)  # matplotlib's default 6.4 x 4.8 in at 100 dpi


def test_savefig_keeps_the_path_and_the_figure_once(write_script, runner, tmp_path):
    script = write_script(f"""
        import matplotlib.pyplot as plt
        import torch

        x = torch.ones(3, requires_grad=True)
        fig, ax = plt.subplots(figsize=(4, 3))
        ax.imshow(torch.rand(8, 8).numpy())
        fig.suptitle("weights")
        fig.savefig(r"{tmp_path / "w.pdf"}")
        y = (x * 2).sum()
    """)
    graph = runner.run(script, timeout=60).graph
    assert (tmp_path / "w.pdf").read_bytes().startswith(b"%PDF")  # the script's own file, as it asked
    (entry,) = graph.graph["plots"]  # saved, and not kept a second time as still open at the end
    assert {k: entry[k] for k in ("title", "line", "kind", "path")} == {
        "title": "weights",
        "line": 9,
        "kind": "saved",
        "path": str(tmp_path / "w.pdf"),
    }
    assert png_size(_image(entry)) == (400, 300)


def test_figures_left_open_are_kept_with_the_line_that_made_them(write_script, runner):
    script = write_script("""
        import matplotlib.pyplot as plt
        import torch

        closed = plt.figure()
        plt.close(closed)
        kept = plt.figure()
        plt.plot([3, 1, 2])
        x = torch.ones(2, requires_grad=True)
        y = (x * 3).sum()
    """)
    graph = runner.run(script, timeout=60).graph
    (entry,) = graph.graph["plots"]
    assert (entry["kind"], entry["line"], entry["title"]) == ("open", 7, "")


def test_a_script_without_matplotlib_does_not_import_it(write_script, runner):
    script = write_script("""
        import os
        import sys
        import torch

        print("matplotlib" in sys.modules, os.environ["MPLBACKEND"])
        x = torch.ones(2, requires_grad=True)
        y = (x * 3).sum()
    """)
    result = runner.run(script, timeout=60)
    assert result.output == "False module://graphviz_app.worker.plots\n"
    assert "plots" not in result.graph.graph


@pytest.mark.parametrize("backend", ["TkAgg", "QtAgg"])
@pytest.mark.parametrize("before_pyplot", [True, False], ids=["use-then-pyplot", "pyplot-then-use"])
def test_a_window_backend_picked_by_the_script_does_not_wait(write_script, runner, backend, before_pyplot):
    """Without the swap, a display would open a window nobody closes (the run ends in a timeout)
    and no display would make matplotlib refuse the backend (the script fails): either fails here."""
    imports = (
        f'matplotlib.use("{backend}")\nimport matplotlib.pyplot as plt'
        if before_pyplot
        else f'import matplotlib.pyplot as plt\nmatplotlib.use("{backend}")'
    )
    script = write_script(
        f"import matplotlib\n{imports}\nimport torch\n"
        + (
            "plt.plot([1, 2])\n"
            "plt.show()\n"
            "print(matplotlib.get_backend())\n"
            "x = torch.ones(2, requires_grad=True)\n"
            "(x * 3).sum().backward()\n"
        )
    )
    result = runner.run(script, timeout=60)
    assert result.output == "module://graphviz_app.worker.plots\n"
    line = 2 if before_pyplot else 3
    assert (
        f"Line {line} picks matplotlib's {backend} backend, which opens windows that no one can close "
        "here: graphviz_app draws the figures without windows instead and keeps them with the graph "
        "(the Plots panel)."
    ) in map(str, result.notices)
    (entry,) = result.graph.graph["plots"]
    assert (entry["kind"], entry["line"]) == ("shown", 6)


def test_a_file_backend_picked_by_the_script_is_kept(write_script, runner):
    script = write_script("""
        import matplotlib
        matplotlib.use("svg")
        import matplotlib.pyplot as plt
        import torch

        print(matplotlib.get_backend())
        x = torch.ones(2, requires_grad=True)
        y = (x * 3).sum()
    """)
    result = runner.run(script, timeout=60)
    assert result.output == "svg\n"
    assert not any("backend" in notice for notice in map(str, result.notices))


def test_waiting_for_a_click_and_live_updates_do_not_wait(write_script, runner):
    script = write_script("""
        import matplotlib.pyplot as plt
        import torch

        plt.ion()
        fig, ax = plt.subplots()
        for step in range(3):
            ax.plot([step, step + 1])
            plt.pause(30)
        print(plt.waitforbuttonpress(), plt.ginput(2))
        ax.set_title("live")
        x = torch.ones(2, requires_grad=True)
        y = (x * 3).sum()
    """)
    result = runner.run(script, timeout=60)
    assert result.output == "None []\n"  # as after a timeout: no one can click
    (entry,) = result.graph.graph["plots"]  # one figure shown three times keeps one place
    # drawn as it ended, at the last line that showed it (waiting for clicks shows the figure)
    assert (entry["kind"], entry["line"], entry["title"]) == ("shown", 10, "live")


def test_figures_are_bounded_in_number_and_size(write_script, runner):
    script = write_script(f"""
        import matplotlib.pyplot as plt
        import torch

        plt.figure(figsize=(500, 1))  # a banner 500 inches wide: too big to keep
        plt.show()
        for k in range({MAX_PLOTS + 4}):
            plt.figure()
            plt.title(f"f{{k}}")
            plt.show()
        x = torch.ones(2, requires_grad=True)
        y = (x * 3).sum()
    """)
    result = runner.run(script, timeout=120)
    kept = result.graph.graph["plots"]
    assert [entry["title"] for entry in kept] == [f"f{k}" for k in range(MAX_PLOTS - 1)]
    assert (
        f"The script made {MAX_PLOTS + 5} figures; the first {MAX_PLOTS} are kept (close figures you "
        "no longer need, or save fewer)."
    ) in map(str, result.notices)
    assert (
        "Figures too big to keep, even drawn smaller, were left out: figure 1. Make them smaller "
        "(figsize, dpi) or save them to a file."
    ) in map(str, result.notices)


def test_a_tutorial_that_shows_its_images_before_training(runner):
    """The corpus's CIFAR10 tutorial: imshow() calls plt.show() before the first backward() and
    again after training; run to its end, both figures are kept at that plt.show() line."""
    script = CORPUS / "tutorials_cifar10_classifier.py"
    line = next(
        n for n, text in enumerate(script.read_text().splitlines(), 1) if text.strip() == "plt.show()"
    )
    result = runner.run(script, timeout=120, run_to_end=True)
    found = plots_of(result.graph)
    assert [(p.kind, p.line) for p in found] == [("shown", line), ("shown", line)]
    assert [png_size(p.png) for p in found] == [(640, 480)] * 2
    assert "Finished Training" in result.output


def _title_band(png: bytes):
    """The rows of a 640 × 480 figure where its axes title is drawn."""
    from io import BytesIO

    from matplotlib.image import imread

    return imread(BytesIO(png))[25:58, 150:490]


def test_korean_text_is_drawn_with_a_font_that_has_its_glyphs(write_script, runner, tmp_path):
    from matplotlib.figure import Figure

    from graphviz_app.worker import plots

    if plots.fallback_family() is None:
        pytest.skip("no font with Hangul glyphs is installed (fonts-noto-cjk on Debian)")
    script = write_script(f"""
        import matplotlib.pyplot as plt
        import torch

        fig, ax = plt.subplots()
        ax.plot([3, 2, 1])
        ax.set_title("손실 곡선")
        fig.savefig(r"{tmp_path / "own.png"}")
        print(plt.rcParams["font.family"], ax.title.get_fontfamily())
        w = torch.ones(2, requires_grad=True)
        (w * 2).sum().backward()
    """)
    result = runner.run(script, timeout=60)
    assert result.output.splitlines()[-1] == "['sans-serif'] ['sans-serif']"  # its own fonts, as plain python
    (entry,) = result.graph.graph["plots"]
    kept = _image(entry)

    def drawn(*, fallback: bool) -> bytes:
        figure = Figure()
        axes = figure.subplots()
        axes.plot([3, 2, 1])
        axes.set_title("손실 곡선")
        return plots._png(figure, 100) if fallback else _plain_png(figure)

    tofu, glyphs = _title_band(drawn(fallback=False)), _title_band(drawn(fallback=True))
    assert (tofu != glyphs).any()  # the check can tell boxes from letters
    assert (_title_band(kept) == glyphs).all()  # the app's copy: Korean letters
    assert (
        _title_band((tmp_path / "own.png").read_bytes()) == tofu
    ).all()  # the script's file: as plain python


def _plain_png(figure) -> bytes:
    """``figure`` drawn as plain matplotlib draws it (missing glyphs as boxes)."""
    import warnings
    from io import BytesIO

    buffer = BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        figure.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()
