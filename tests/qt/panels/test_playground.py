"""The Source panel as a playground: edit the script, run the edit (Ctrl+Enter, Run), save it
(the user's own file only), reset it; a bundled lesson is never written."""

from __future__ import annotations

import resource
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QMessageBox, QToolButton

from graphviz_app.qt.panels import source as source_panel
from graphviz_app.qt.panels.source import hidden_copy
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS


def leaf_grad(window, name: str = "w") -> list:
    graph = window.document.view_model.graph
    leaf = next(n for n, data in graph.nodes(data=True) if data.get("name") == name)
    return graph.nodes[leaf]["grad"]["values"]


def type_at_end_of_line(qtbot, view, line: int, backspaces: int, text: str) -> None:
    """Put the cursor at the end of ``line`` (1-based), press Backspace, type ``text``: real keys."""
    cursor = QTextCursor(view.document().findBlockByNumber(line - 1))
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    view.setTextCursor(cursor)
    view.setFocus()
    for _ in range(backspaces):
        qtbot.keyClick(view, Qt.Key.Key_Backspace)
    qtbot.keyClicks(view, text)


def run_with_ctrl_enter(qtbot, window, signal=None) -> None:
    """Press Ctrl+Enter in the editor and wait until the run has ended (``signal``: shown graph)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    with qtbot.waitSignal(signal or window.controller.runFinished, timeout=LOAD_TIMEOUT_MS):
        qtbot.keyClick(window.source.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def answer_prompt(button: QMessageBox.StandardButton, seen: list[str]) -> None:
    """Answer the next modal box with ``button``, noting its text in ``seen``."""

    def click() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox), box
        seen.append(box.text())
        box.button(button).click()

    QTimer.singleShot(0, click)


@pytest.fixture
def playground(window, tmp_path) -> Path:
    """The window's per-user playground folder, in tmp_path."""
    window.source.playground = tmp_path / "playground"
    return window.source.playground


@contextmanager
def editing(window) -> Iterator[None]:
    """Discard what a test leaves edited, even when it fails, so closing its window asks nothing
    (pytest-qt closes the window before the fixtures end)."""
    try:
        yield
    finally:
        window.source.discard()


def test_an_edited_lesson_runs_from_a_copy_and_its_gradient_follows(window, load, qtbot, playground):
    with editing(window):
        lesson = example("basic_autograd.py")
        bundled = lesson.read_bytes()
        load(lesson)
        source, view = window.source, window.source.view
        with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            window.controller.run(lesson, backward=True)  # as Run Backward does: later runs keep backward
        assert leaf_grad(window) == [[0.75, 3.0], [6.75, 3.0]]  # 3 w**2 / 4
        assert not source.is_edited() and "edited" not in window.windowTitle()
        assert view.document().findBlockByNumber(8).text() == "x = w**3"

        type_at_end_of_line(qtbot, view, 9, 1, "2")
        assert view.document().findBlockByNumber(8).text() == "x = w**2"
        assert source.is_edited() and source.title.text() == "basic_autograd.py (edited)"
        assert window.windowTitle().startswith("basic_autograd.py (edited)")
        assert window.actions_.reset_source.isEnabled() and not window.actions_.save_source.isEnabled()
        run_with_ctrl_enter(qtbot, window, window.controller.graphShown)

        # z = mean(w**2 + 3): dz/dw = 2w / 4
        assert leaf_grad(window) == [[0.5, 1.0], [1.5, 1.0]]
        assert lesson.read_bytes() == bundled  # the lesson itself is never written
        copy = playground / "basic_autograd.py"
        assert "x = w**2" in copy.read_text(encoding="utf-8")
        assert window.document.path == lesson and source.is_edited()
        assert "x = w**2" in view.toPlainText()
        # The graph's lines are the copy's, which are the lines shown: a node still shows its line.
        graph = window.document.view_model.graph
        pow_node = next(n for n, op in graph.nodes(data="op") if op == "PowBackward0")
        assert Path(graph.nodes[pow_node]["source"]["file"]).resolve() == copy.resolve()
        window.document.view_model.select_graph_node(pow_node)
        assert source.selected_line() == 9 and 9 in view.marks

        # Reset (the panel's button) shows the lesson again and runs it; Ctrl+Z brings the edit back.
        reset = source.findChild(QToolButton, "resetSourceButton")
        assert reset is not None and reset.isVisible() and reset.isEnabled()
        with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            qtbot.mouseClick(reset, Qt.MouseButton.LeftButton)
        assert view.toPlainText() == lesson.read_text(encoding="utf-8")
        assert not source.is_edited() and source.title.text() == "basic_autograd.py"
        assert "edited" not in window.windowTitle()
        assert leaf_grad(window) == [[0.75, 3.0], [6.75, 3.0]]
        view.undo()
        assert source.is_edited() and view.document().findBlockByNumber(8).text() == "x = w**2"
        view.redo()
        assert not source.is_edited()
        assert lesson.read_bytes() == bundled


SCRIPT = """\
import torch
from helper import SCALE  # a module beside the script

factor = float(open("factor.txt").read())  # a data file in the working folder
w = torch.tensor([1.0, 2.0], requires_grad=True)
z = (w * SCALE * factor).sum()
"""


def test_an_edited_script_of_the_users_runs_unsaved_and_closing_asks(
    window, load, qtbot, tmp_path, playground
):
    with editing(window):
        folder = tmp_path / "project"
        folder.mkdir()
        (folder / "helper.py").write_text("SCALE = 2.0\n", encoding="utf-8")
        (folder / "factor.txt").write_text("3\n", encoding="utf-8")
        script = folder / "train.py"
        script.write_text(SCRIPT, encoding="utf-8")
        load(script)
        source, view = window.source, window.source.view
        assert "ExpBackward0" not in dict(window.document.view_model.graph.nodes(data="op")).values()

        type_at_end_of_line(qtbot, view, 6, len(".sum()"), ".exp().sum()")
        assert view.document().findBlockByNumber(5).text() == "z = (w * SCALE * factor).exp().sum()"
        assert source.is_edited() and window.actions_.save_source.isEnabled()
        run_with_ctrl_enter(qtbot, window, window.controller.graphShown)

        graph = window.document.view_model.graph
        ops = dict(graph.nodes(data="op"))
        assert "ExpBackward0" in ops.values()  # the edit ran, with its folder's module and data file
        assert script.read_text(encoding="utf-8") == SCRIPT  # and the file was not saved
        exp = next(n for n, op in ops.items() if op == "ExpBackward0")
        assert Path(graph.nodes[exp]["source"]["file"]).name == ".train.edited.py"
        assert not hidden_copy(script).exists()  # the hidden copy beside it is gone after the run
        assert window.document.path == script and window.windowTitle().startswith("train.py (edited)")
        window.document.view_model.select_graph_node(exp)
        assert source.selected_line() == 6

        # Opening another file, or closing, asks first; Cancel keeps everything as it is.
        seen: list[str] = []
        answer_prompt(QMessageBox.StandardButton.Cancel, seen)
        window.open_path(example("basic_autograd.py"))
        assert seen == ["train.py has changes you have not saved."]
        assert window.controller.source == script.resolve() and source.is_edited()
        answer_prompt(QMessageBox.StandardButton.Cancel, seen)
        assert not window.close()
        assert len(seen) == 2 and window.isVisible() and source.is_edited()
        assert script.read_text(encoding="utf-8") == SCRIPT
        # Discard closes without writing.
        answer_prompt(QMessageBox.StandardButton.Discard, seen)
        assert window.close()
        assert len(seen) == 3 and script.read_text(encoding="utf-8") == SCRIPT


def test_save_writes_the_users_script_and_live_reload_keeps_unsaved_edits(
    window, load, qtbot, write_script, playground
):
    with editing(window):
        script = write_script(
            "import torch\nw = torch.ones(2, requires_grad=True)\nz = (w * 2).sum()\n", "mine.py"
        )
        window.actions_.live_reload.setChecked(True)
        load(script)
        source, view = window.source, window.source.view
        type_at_end_of_line(qtbot, view, 3, len(".sum()"), ".mean()")
        # The file changes on disk while the edit is unsaved: the edit is kept, and the panel says so.
        script.write_text(
            "import torch\nw = torch.ones(3, requires_grad=True)\nz = (w * 5).sum()\n", encoding="utf-8"
        )
        qtbot.waitUntil(lambda: "changed on disk" in source.title.text(), timeout=LOAD_TIMEOUT_MS)
        assert view.document().findBlockByNumber(2).text() == "z = (w * 2).mean()"
        assert source.title.text() == "mine.py (edited; the file changed on disk)"
        # Ctrl+S asks first (the other program's change would be lost), then writes the edit over the file.
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        seen: list[str] = []
        with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):  # live reload runs it
            answer_prompt(QMessageBox.StandardButton.Save, seen)
            qtbot.keyClick(view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
            assert seen == ["mine.py was changed by another program after it was opened here."]
            assert (
                script.read_text(encoding="utf-8")
                == "import torch\nw = torch.ones(2, requires_grad=True)\nz = (w * 2).mean()\n"
            )
            assert not source.is_edited() and source.title.text() == "mine.py"
            assert not window.actions_.save_source.isEnabled()
        assert "MeanBackward0" in dict(window.document.view_model.graph.nodes(data="op")).values()
        assert view.toPlainText() == script.read_text(encoding="utf-8")


def test_an_edit_that_breaks_the_script_marks_its_line_and_is_kept(window, load, qtbot, playground):
    with editing(window):
        lesson = example("basic_autograd.py")
        load(lesson)
        source, view = window.source, window.source.view
        type_at_end_of_line(qtbot, view, 10, 2, "")  # "y = x + 3" -> "y = x +"
        assert view.document().findBlockByNumber(9).text() == "y = x +"
        with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as failed:
            run_with_ctrl_enter(qtbot, window)
        assert failed.args[0].kind == "syntax" and failed.args[0].line == 10
        told = window.messages.plain_text()  # a lesson runs again with Ctrl+Enter, never by a reload
        assert "Fix that line and run the script again." in told and "reload" not in told
        assert source.error_line == 10 and 10 in view.marks
        assert source.is_edited() and view.document().findBlockByNumber(9).text() == "y = x +"
        assert window.document.view_model.graph is not None  # the last good graph stays, under a banner
        banner = window.view.banner_text() or ""
        assert "Fix your edit in the Source panel and run it again (Ctrl+Enter)" in banner, banner
        assert "save" not in banner  # a bundled lesson is never saved
        # The fix runs: the mark goes.
        type_at_end_of_line(qtbot, view, 10, 0, " 3")
        # The window's step keys (Space, Left, Home...) are the editor's while it has the focus.
        for key in (Qt.Key.Key_Left, Qt.Key.Key_Home, Qt.Key.Key_End):
            qtbot.keyClick(view, key)
        assert view.document().findBlockByNumber(9).text() == "y = x + 3"
        assert (
            view.textCursor().positionInBlock() == len("y = x + 3")
            and window.document.view_model.step is None
        )
        run_with_ctrl_enter(qtbot, window, window.controller.graphShown)
        assert source.error_line is None and 10 not in view.marks


def test_a_lesson_that_fails_as_bundled_asks_no_fix_of_the_learner(
    window, load, qtbot, tmp_path, monkeypatch
):
    lessons = tmp_path / "examples"
    lessons.mkdir()
    monkeypatch.setattr(source_panel, "examples_dir", lambda: lessons)  # this folder holds the lessons
    lesson = lessons / "broken_lesson.py"
    lesson.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 2).sum()\n", encoding="utf-8"
    )
    load(lesson)
    lesson.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 2).sum(\n", encoding="utf-8"
    )
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as failed:
        window.controller.open(lesson)
    assert failed.args[0].kind == "syntax" and window.document.view_model.graph is not None
    banner = window.view.banner_text() or ""
    assert "The lesson is read-only: edit it in the Source panel to run your own copy" in banner, banner
    assert "save" not in banner


def test_save_keeps_the_files_line_endings_and_unedited_characters(window, load, qtbot, tmp_path, playground):
    with editing(window):
        script = tmp_path / "crlf.py"
        script.write_bytes(
            "import torch\r\nname = 'a\u00a0b'\r\nw = torch.ones(2, requires_grad=True)\r\nz = w.sum()\r\n".encode(
                "utf-8"
            )
        )
        load(script)
        assert not window.source.is_edited()  # \r\n shown as lines is no edit
        type_at_end_of_line(qtbot, window.source.view, 4, len("sum()"), "mean()")
        window.save_source()
        assert script.read_bytes() == (
            "import torch\r\nname = 'a\u00a0b'\r\nw = torch.ones(2, requires_grad=True)\r\nz = w.mean()\r\n"
        ).encode("utf-8")
        assert not window.source.is_edited()


def test_save_never_replaces_a_change_made_outside_without_asking(
    window, load, qtbot, write_script, playground
):
    with editing(window):
        script = write_script(
            "import torch\nw = torch.ones(2, requires_grad=True)\nz = (w * 2).sum()\n", "mine.py"
        )
        load(script)
        type_at_end_of_line(qtbot, window.source.view, 3, len(".sum()"), ".mean()")
        theirs = "import torch\nw = torch.ones(2, requires_grad=True)\nz = (w * 9).sum()  # git checkout\n"
        script.write_text(theirs, encoding="utf-8")
        seen: list[str] = []
        answer_prompt(QMessageBox.StandardButton.Cancel, seen)
        window.save_source()
        assert seen == ["mine.py was changed by another program after it was opened here."]
        assert script.read_text(encoding="utf-8") == theirs  # kept, and so are the edits
        assert (
            window.source.is_edited()
            and window.source.view.document().findBlockByNumber(2).text() == "z = (w * 2).mean()"
        )
        answer_prompt(QMessageBox.StandardButton.Save, seen)
        window.save_source()
        assert len(seen) == 2 and script.read_text(encoding="utf-8").endswith("z = (w * 2).mean()\n")
        assert not window.source.is_edited()
        type_at_end_of_line(qtbot, window.source.view, 3, len(".mean()"), ".sum()")
        window.save_source()  # nothing changed outside since: no question
        assert len(seen) == 2 and script.read_text(encoding="utf-8").endswith("z = (w * 2).sum()\n")


@contextmanager
def files_at_most(size: int) -> Iterator[None]:
    """Writes past ``size`` bytes fail in this process (EFBIG), as on a disk that is full."""
    old_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # (else the process is ended)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, old_limit[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_limit)
        signal.signal(signal.SIGXFSZ, old_handler)


@pytest.mark.skipif(sys.platform == "win32", reason="no RLIMIT_FSIZE")
def test_a_save_that_fails_half_way_leaves_the_file_as_it_was(window, load, qtbot, write_script, playground):
    with editing(window):
        body = "".join(f"a{i} = {i}  # a line of a long script\n" for i in range(3000))
        script = write_script(
            f"import torch\n{body}w = torch.ones(2, requires_grad=True)\nz = w.sum()\n", "big.py"
        )
        before = script.read_bytes()
        assert len(before) > 100_000
        load(script)
        last = window.source.view.document().blockCount() - 1
        type_at_end_of_line(qtbot, window.source.view, last, len("sum()"), "mean()")
        with files_at_most(len(before) // 2):
            window.save_source()
        assert script.read_bytes() == before  # not truncated, not half-written
        assert "Cannot save" in window.messages.plain_text()
        assert window.source.is_edited()
        assert [p.name for p in script.parent.iterdir() if p.name.startswith(".big.py")] == []
        script.chmod(0o640)
        window.save_source()  # room again: saved whole, its permissions kept
        assert script.read_bytes() == before.replace(b"z = w.sum()", b"z = w.mean()")
        assert script.stat().st_mode & 0o777 == 0o640 and not window.source.is_edited()


def test_the_panels_korean_sentences_choose_their_particles(window, load, qtbot, playground, qapp):
    """The Source panel's sentences are messages: a Korean one writes the particle its value
    needs (``basic_autograd.py를``), never both forms."""
    from graphviz_app.qt.i18n import install_translators

    with editing(window):
        load(example("basic_autograd.py"))
        type_at_end_of_line(qtbot, window.source.view, 10, 0, " ")
        install_translators(qapp, "ko")
        try:
            with qtbot.waitSignal(window.source.noticed) as noticed:
                assert window.source.may_leave(playground / "other.py", window)
        finally:
            install_translators(qapp, "en")
    told = noticed.args[0]
    assert told.startswith("수업 basic_autograd.py를 고친 내용은 ") and "을(를)" not in told, told
