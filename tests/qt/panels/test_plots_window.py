"""The Plots dock shows the figures a script drew with matplotlib: the selected one scaled to fit
with its title and line, thumbnails to pick another, Save As PNG; and a plain word when the
script drew none. It comes to the front the first time a script shows figures."""

from __future__ import annotations

import textwrap

import pytest
from PySide6.QtGui import QImage

from graphviz_app.wire.plots import PNG_SIGNATURE

pytest.importorskip("matplotlib")

PLOTTING = textwrap.dedent(
    """
    import matplotlib.pyplot as plt
    import torch

    w = torch.ones(3, requires_grad=True)
    plt.plot([3, 2, 1])
    plt.title("Loss")
    plt.show()
    plt.figure(figsize=(4, 3))
    plt.imshow(torch.rand(6, 6).numpy())
    plt.title("Weights")
    plt.show()
    (w * 2).sum().backward()
    """
)


def test_the_figures_of_a_script_show_in_the_plots_dock(window, load, tmp_path, qtbot):
    script = tmp_path / "train.py"
    script.write_text(PLOTTING)
    dock, panel = window.docks["plots"], window.plots
    assert window.docks["messages"].visibleRegion().isEmpty() is False  # Messages in front at first
    load(script)
    assert dock.isVisible() and not dock.visibleRegion().isEmpty()  # it came to the front
    assert panel.strip.count() == 2 and panel.strip.isVisible()
    assert panel.hint.text() == "Figure 1 of 2 · Loss · shown on line 8"
    shown = panel.view.pixmap()
    assert not shown.isNull()
    room = panel.view.contentsRect()
    assert shown.width() <= room.width() and shown.height() <= room.height()  # scaled to fit
    panel.strip.setCurrentRow(1)
    assert panel.hint.text() == "Figure 2 of 2 · Weights · shown on line 12"
    assert panel.images[1].width() == 400 and panel.images[1].height() == 300
    target = tmp_path / "weights.png"
    panel.save_png(1, target)
    image = QImage(str(target))
    assert target.read_bytes().startswith(PNG_SIGNATURE) and (image.width(), image.height()) == (400, 300)


def test_a_script_without_figures_says_so(window, load, tmp_path):
    script = tmp_path / "plain.py"
    script.write_text("import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum()\n")
    load(script)
    panel = window.plots
    assert panel.strip.count() == 0 and panel.view.pixmap().isNull()
    assert panel.hint.text().startswith("The script showed no figures.")
    assert window.docks["messages"].visibleRegion().isEmpty() is False  # nothing took the front


def test_reloading_the_same_script_does_not_take_the_front_again(window, load, tmp_path, qtbot):
    script = tmp_path / "train.py"
    script.write_text(PLOTTING)
    load(script)
    window.docks["messages"].raise_()
    qtbot.waitUntil(lambda: window.docks["plots"].visibleRegion().isEmpty())
    with qtbot.waitSignal(window.controller.graphShown, timeout=90_000):
        window.reload()
    assert window.plots.strip.count() == 2  # updated
    assert window.docks["plots"].visibleRegion().isEmpty()  # Messages kept the front
