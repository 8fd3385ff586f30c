"""After a failed, cancelled or timed-out load the window never shows an old graph as if it were
current: the canvas, title, status bar, Source panel and Inspector all speak of the same script."""

from __future__ import annotations

from PySide6.QtCore import Qt

from graphviz_app.core.export import export_graph
from graphviz_app.resources import example

from .conftest import LOAD_TIMEOUT_MS


def fail_with(window, qtbot, path, timeout: int = LOAD_TIMEOUT_MS):
    with qtbot.waitSignal(window.controller.loadFailed, timeout=timeout) as blocker:
        window.open_path(path)
    return blocker.args[0]


def assert_names_only(window, path) -> None:
    """Title, status bar and Source panel name ``path``; no graph, no Inspector node, the
    canvas shows the explanation instead of the previous graph."""
    assert window.document.view_model.graph is None
    assert window.view.is_empty() and not window.scene.node_items
    assert window.view.banner_text() is None
    assert window.windowTitle().startswith(path.name)
    assert str(path.resolve()) in window.status_path.text()
    assert window.source.path is not None and window.source.path.resolve() == path.resolve()
    assert window.document.view_model.selection is None


def test_a_failed_load_after_a_good_one_drops_the_old_graph(window, load, qtbot, write_script):
    load(example("basic_autograd.py"))
    window.document.view_model.select_graph_node(next(iter(window.document.view_model.graph.nodes)))
    bad = write_script("import torch\nx = torch.ones(2, 3)\ny = x @ x\n", "shapes.py")
    error = fail_with(window, qtbot, bad)
    assert error.line == 3
    assert_names_only(window, bad)
    assert "See the Messages panel" in window.view.placeholder
    assert window.source.view.toPlainText().startswith("import torch")
    assert window.source.error_line == 3  # the failing line is marked
    assert "basic_autograd" not in window.windowTitle() + window.status_path.text()


def test_a_syntax_error_after_a_good_load(window, load, qtbot, write_script):
    load(example("retain_grad.py"))
    bad = write_script("import torch\nx = torch.ones(2,\n", "typo.py")
    fail_with(window, qtbot, bad)
    assert_names_only(window, bad)


def test_a_failed_reload_of_the_same_script_keeps_its_graph_under_a_banner(window, load, qtbot, write_script):
    path = write_script(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum()\n", "lesson.py"
    )
    load(path)
    nodes = len(window.scene.node_items)
    path.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum(\n", encoding="utf-8"
    )
    fail_with(window, qtbot, path)
    assert len(window.scene.node_items) == nodes and window.document.view_model.graph is not None
    banner = window.view.banner_text()
    assert banner is not None and banner.count("lesson.py") == 2 and "failed" in banner
    assert window.view.banner.isVisible()
    path.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 4).sum()\n", encoding="utf-8"
    )
    load(path)
    assert window.view.banner_text() is None


def test_a_failed_reloads_banner_goes_with_its_graph_when_another_file_opens(
    window, load, qtbot, write_script, tmp_path
):
    """The banner speaks of the graph it stands over: a saved graph opened next (or any other
    graph shown) takes it away."""
    path = write_script(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum()\n", "train.py"
    )
    load(path)
    saved = tmp_path / "saved.json"
    export_graph(window.document.view_model.graph, saved)
    path.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum(\n", encoding="utf-8"
    )
    fail_with(window, qtbot, path)
    assert "train.py" in (window.view.banner_text() or "")
    load(saved)
    assert window.windowTitle().startswith("saved.json") and window.document.view_model.graph is not None
    assert window.view.banner_text() is None and not window.view.banner.isVisible()


def test_a_cancelled_run_of_another_script_clears_the_canvas(window, load, qtbot, write_script):
    load(example("basic_autograd.py"))
    slow = write_script("import time\ntime.sleep(600)\n", "slow.py")
    with qtbot.waitSignal(window.controller.jobs.started, timeout=LOAD_TIMEOUT_MS):
        window.open_path(slow)
    with qtbot.waitSignal(window.controller.runFinished, timeout=LOAD_TIMEOUT_MS):
        qtbot.mouseClick(window.view.busy.cancel_button, Qt.MouseButton.LeftButton)
    assert_names_only(window, slow)


def test_a_broken_saved_graph_after_a_script_leaves_no_stale_source(window, load, qtbot, tmp_path):
    load(example("basic_autograd.py"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    fail_with(window, qtbot, broken)
    assert window.document.view_model.graph is None and window.view.is_empty()
    assert window.windowTitle().startswith("broken.json")
    assert window.source.view.toPlainText() == ""  # not the previous script's text
