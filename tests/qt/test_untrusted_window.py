"""The window treats files, labels and script output as untrusted data.

Every crafted input of the catalogue (``tests/hostile.py``) goes through the real window: files
that are not scripts never run, malformed graphs and tampered cache entries are reported, FIFOs and
devices are never opened, text from data is never rendered as HTML (Qt would load an
``<img src=...>`` it names: a FIFO is used as the probe, so a read is seen, and answered, instead
of freezing the test), and a huge line of output does not stall the event loop.
"""

from __future__ import annotations

import atexit
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostile import (
    HOSTILE_NAMES,
    Special,
    hostile_notices,
    hostile_trace,
    marker_script,
    node,
    special_files,
    trace,
    write_malformed,
)
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QLabel, QTableWidget, QToolTip

from graphviz_app.core.graphviz.layout_cache import FORMAT_VERSION, LayoutCache
from graphviz_app.core.model import limits
from graphviz_app.core.model.file_kind import A_FOLDER
from graphviz_app.message_reader import WIRE_TEXT
from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.panels.messages import (
    CHUNK_CHARS,
    LINE_SHOWN,
    STATUS_CHARS,
    MessagesPanel,
    output_pieces,
)
from graphviz_app.qt.plain_text import plain_tooltip
from graphviz_app.qt.words import error_text
from graphviz_app.wire.message import Message

from .conftest import LOAD_TIMEOUT_MS

pytestmark = pytest.mark.slow

QUICK_MS = 15_000
"""Generous bound for what must not wait on a file (a FIFO read would wait forever)."""


PROBE = """
import os, sys, time
path, log = sys.argv[1], sys.argv[2]
while True:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:  # ENXIO: nobody is reading
        time.sleep(0.005)
        continue
    os.close(fd)
    with open(log, "a") as out:
        out.write("read\\n")
"""


class FifoProbe:
    """A FIFO that reports every open for reading: a separate process keeps trying to open it
    for writing without blocking, which succeeds only while a reader waits in ``open()``; it
    then closes at once, so the reader sees an empty file instead of blocking for good. (A
    process, not a thread: a reader blocked inside Qt may hold Python's GIL.)"""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.log = path.with_name(path.name + ".reads")
        os.mkfifo(path)
        self.log.write_text("")
        self._process = subprocess.Popen([sys.executable, "-c", PROBE, str(path), str(self.log)])
        atexit.register(self._end)

    @property
    def reads(self) -> int:
        return self.log.read_text().count("read")

    def _end(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()

    def stop(self) -> None:
        """Stop answering, unless the FIFO was read: then whatever read it may read it again
        (a repaint while the window closes) and is answered until the tests end."""
        if self.reads == 0:
            self._end()


@pytest.fixture
def fifo(tmp_path) -> Iterator[FifoProbe]:
    probe = FifoProbe(tmp_path / "probe-fifo")
    yield probe
    probe.stop()


def save(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def open_graph(window, qtbot, path: Path) -> None:
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)


def refused(window, qtbot, opener, path: Path) -> str:
    """Open ``path`` with ``opener`` and return the message of the failure it must give."""
    with qtbot.waitSignal(window.controller.loadFailed, timeout=QUICK_MS) as blocker:
        opener(path)
    return blocker.args[0].message.english()


def assert_responsive(window, qtbot, tmp_path: Path) -> None:
    """A timer still fires and a second valid graph loads and is drawn."""
    fired: list[int] = []
    QTimer.singleShot(1, lambda: fired.append(1))
    qtbot.waitUntil(lambda: fired == [1], timeout=QUICK_MS)
    good = save(tmp_path / "after.json", trace())
    open_graph(window, qtbot, good)
    assert window.document.path == good and set(window.scene.node_items) == {"n0", "n1"}


def drop(window, path: Path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)


def from_recent(window, path: Path) -> None:
    window.settings.add_recent(path)
    window.update_recent_menu()
    action = next(a for a in window.actions_.recent_menu.actions() if a.toolTip() == str(path.resolve()))
    action.trigger()


OPENERS = {
    "open": lambda window: window.open_path,  # File > Open and the command line call open_path
    "drop": lambda window: lambda path: drop(window, path),
    "recent": lambda window: lambda path: from_recent(window, path),
}


# -- files that are not scripts never run ---------------------------------------------------------
@pytest.mark.parametrize("name", ["graph.dot", "graph.gv", "notes.txt", "no_suffix", "page.svg"])
def test_a_file_that_is_not_a_script_never_runs(window, qtbot, tmp_path, name):
    """Each way in (File > Open, a drop, the recent menu) refuses it in turn, on one window: a
    refusal changes nothing there, so each one starts where a fresh window would."""
    shown = save(tmp_path / "shown.json", trace())
    open_graph(window, qtbot, shown)
    graph = window.document.view_model.graph
    marker = tmp_path / "marker"
    target = tmp_path / name
    target.write_text(marker_script(marker), encoding="utf-8")
    runs: list[object] = []
    window.controller.jobs.started.connect(runs.append)
    for how in sorted(OPENERS):
        window.messages.clear()  # each refusal must say so itself
        message = refused(window, qtbot, OPENERS[how](window), target)
        assert "it was not run" in message and str(target) in message, how
        assert message in window.messages.plain_text(), how
        qtbot.wait(300)  # a run would have started by now
        assert runs == [] and not window.controller.jobs.is_busy() and not marker.exists(), how
        # The document shown is kept as it was, unmarked.
        assert window.document.view_model.graph is graph and window.document.path == shown, how
        assert window.view.banner_text() is None and window.windowTitle().startswith("shown.json"), how
        assert str(target.resolve()) not in window.settings.recent_files(), how


def test_a_file_chosen_to_run_as_python_runs_after_all(window, qtbot, tmp_path):
    target = tmp_path / "lesson.txt"
    target.write_text(
        "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n", encoding="utf-8"
    )
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.controller.open(target, run_anyway=True)
    assert window.document.kind == "script" and window.document.view_model.graph.number_of_nodes() == 3


# -- the crafted-input catalogue ------------------------------------------------------------------
def test_every_malformed_graph_is_reported_and_the_window_goes_on(window, qtbot, tmp_path):
    folder = tmp_path / "malformed"
    folder.mkdir()
    cases = write_malformed(folder)
    assert len(cases) >= 40
    for case, path in cases:
        message = refused(window, qtbot, window.open_path, path)
        assert case.phrase in message, (case.name, message)
        assert str(path) in message, case.name
        assert window.messages.status.text().rstrip("…") == message.split("\n")[0][:STATUS_CHARS]
        assert window.document.view_model.graph is None, case.name  # nothing of a bad file is shown
    assert_responsive(window, qtbot, tmp_path)


def test_special_files_are_refused_unread_and_the_document_kept(window, qtbot, tmp_path, fifo):
    shown = save(tmp_path / "shown.json", trace())
    open_graph(window, qtbot, shown)
    graph = window.document.view_model.graph
    folder = tmp_path / "specials"
    folder.mkdir()
    specials = special_files(folder) + [Special("probe_fifo", fifo.path, "FIFO")]
    for special in specials:
        message = refused(window, qtbot, window.open_path, special.path)
        assert special.phrase.lower() in message.lower(), (special.name, message)
        assert window.document.view_model.graph is graph and window.document.path == shown, special.name
        assert window.view.banner_text() is None
    assert fifo.reads == 0
    assert_responsive(window, qtbot, tmp_path)


def test_a_fifo_named_like_a_script_is_refused_unread(window, qtbot, tmp_path):
    probe = FifoProbe(tmp_path / "lesson.py")
    try:
        message = refused(window, qtbot, window.open_path, probe.path)
        assert "FIFO" in message and "not a regular file" in message
        qtbot.wait(100)
        assert probe.reads == 0
    finally:
        probe.stop()
    assert not window.controller.jobs.is_busy()


TAMPERED = [
    "no_nodes",
    "ten_times_the_points_an_edge_may_hold",
    "phantom_node",
    "string_coordinate",
    "deep_nesting",
    "link_to_dev_zero",
    "fifo",
    "folder",
]


def tamper(path: Path, kind: str) -> None:
    """Replace the cache entry ``path`` with a tampered one of ``kind``."""
    genuine = json.loads(path.read_text(encoding="utf-8"))
    path.unlink()
    layout = genuine["layout"]
    if kind == "no_nodes":
        layout["nodes"], layout["edges"] = [], []
    elif kind == "ten_times_the_points_an_edge_may_hold":
        # far beyond the cap, as a crafted entry would be; the cap refuses the list by its length,
        # so ten times it shows the refusal as well as millions would
        layout["edges"][0]["points"] = [[1.0, 2.0]] * (10 * limits.MAX_POINTS_PER_EDGE)
    elif kind == "phantom_node":
        layout["nodes"].append(["ghost", 1, 1, 10, 10])
    elif kind == "string_coordinate":
        layout["nodes"][0][2] = "12"
    elif kind == "deep_nesting":
        path.write_text(f'{{"format": {FORMAT_VERSION}, "layout": ' + "[" * 100_000 + "]" * 100_000 + "}")
        return
    elif kind == "link_to_dev_zero":
        path.symlink_to("/dev/zero")
        return
    elif kind == "fifo":
        os.mkfifo(path)
        return
    elif kind == "folder":
        path.mkdir()
        return
    path.write_text(json.dumps(genuine), encoding="utf-8")


@pytest.mark.parametrize("kind", TAMPERED)
def test_a_tampered_cache_entry_is_laid_out_again(window, qtbot, tmp_path, kind):
    window.controller.layout_cache = LayoutCache(tmp_path / "cache")
    shown = save(tmp_path / "shown.json", trace())
    open_graph(window, qtbot, shown)
    entries = list((tmp_path / "cache").glob("*.json"))
    assert len(entries) == 1
    tamper(entries[0], kind)
    open_graph(window, qtbot, shown)
    assert set(window.scene.node_items) == {"n0", "n1"} and len(window.scene.edge_items) == 1
    assert entries[0].is_file() and not entries[0].is_symlink()  # a genuine entry again
    assert "Internal error" not in window.messages.plain_text()


# -- text from data is plain text -----------------------------------------------------------------
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def without_lone_surrogates(value: Any) -> Any:
    """Return ``value`` with every lone surrogate in its strings replaced by ``?``."""
    if isinstance(value, str):
        return LONE_SURROGATE.sub("?", value)
    if isinstance(value, list):
        return [without_lone_surrogates(v) for v in value]
    if isinstance(value, dict):
        return {without_lone_surrogates(k): without_lone_surrogates(v) for k, v in value.items()}
    return value


def hostile_with_probe(fifo: Path) -> dict:
    """The hostile saved graph, plus a node whose every text names the probe FIFO as an image
    (lone surrogates left out: see the test below). ``/dev/zero`` is replaced by the probe too:
    a regression is then seen as a read, not as the window eating memory until it aborts."""
    data = json.loads(json.dumps(without_lone_surrogates(hostile_trace())).replace("/dev/zero", str(fifo)))
    img = f'<img src="{fifo}">'
    last = data["nodes"][-1]["id"]
    data["nodes"].append(
        node(
            len(data["nodes"]),
            op=img,
            name=img,
            module=img,
            device=img,
            saved=[img],
            saved_bytes=4096,  # listed by the Largest Holders panel
            source={"file": img, "line": 1, "code": img},
        )
    )
    data["edges"].append({"source": last, "target": data["nodes"][-1]["id"], "slots": [0], "grad": None})
    data["graph"]["devices"][img] = 1
    data["graph"]["roots"] = [data["nodes"][-1]["id"]]
    data["graph"]["module_types"][img] = img
    data["graph"]["notices"].append(img)
    return data


def test_hostile_labels_are_shown_as_plain_text_and_name_no_file_qt_reads(window, qtbot, tmp_path, fifo):
    path = save(tmp_path / "hostile.json", hostile_with_probe(fifo.path))
    open_graph(window, qtbot, path)
    graph = window.document.view_model.graph
    img = f'<img src="{fifo.path}">'
    probe = "n20"
    assert graph.nodes[probe]["name"] == img and probe in window.scene.node_items
    window.document.view_model.set_color_mode("device")  # the legend lists the devices, the probe's too
    tips = [item.toolTip() for item in window.scene.node_items.values()]
    assert probe in window.holders.row_nodes()
    for table in window.findChildren(QTableWidget):  # the panels' rows: Leaves, Largest Holders
        cells = (table.item(r, c) for r in range(table.rowCount()) for c in range(table.columnCount()))
        tips += [cell.toolTip() for cell in cells if cell is not None and cell.toolTip()]
    for tip in tips:
        QToolTip.showText(window.view.mapToGlobal(QPoint(20, 20)), tip, window.view)
        QApplication.processEvents()
    QToolTip.hideText()
    for nid in graph.nodes:
        window.document.view_model.select_graph_node(nid)
        QApplication.processEvents()
    window.grab()  # paint everything once more
    assert fifo.reads == 0, "Qt opened the FIFO named by a label"
    assert all("<img" not in tip for tip in tips) and any("&lt;img" in tip for tip in tips)
    window.document.view_model.select_graph_node(probe)
    assert window.inspector.title.text().startswith(img)
    assert img in window.status_devices.text()
    for label in window.findChildren(QLabel):
        if "<img" in label.text():
            assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName() or label.text()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_notices_a_file_crafted_are_listed_as_written_with_the_real_ones(
    window, qtbot, qapp, tmp_path, language
):
    """Notice templates the app does not know are listed as plain text, never formatted; the
    file's real notice is listed after them, translated; the window goes on."""
    real = Message.of(A_FOLDER, path="/data/real")
    hostile = hostile_notices()
    reason = {"context": "Interpreter", "template": "{x.__init__.__globals__}", "values": {"x": "y"}}
    data = trace(notices=[*hostile, real.to_wire()], environment={"python": "3.11", "reason": reason})
    path = save(tmp_path / "notices.json", data)
    assert install_translators(qapp, language) == language
    try:
        open_graph(window, qtbot, path)
        listed = [window.problems.list.item(i).text() for i in range(window.problems.list.count())]
        inspector = window.inspector.values()
        shown_real = error_text(real)
    finally:
        install_translators(qapp, "en")
    assert len(listed) == len(hostile) + 1
    assert listed[-1] == shown_real and ("/data/real" in shown_real)
    assert (shown_real != real.english()) == (language == "ko")
    assert "{x:>1000000000} [x = secret]" in listed
    assert all(len(text) < 2 * WIRE_TEXT for text in listed)
    assert not any("<class" in text or "__builtins__" in text for text in listed)
    assert "{x.__init__.__globals__} [x = y]" in inspector.values()  # the interpreter's reason
    assert_responsive(window, qtbot, tmp_path)


def test_a_graph_with_lone_surrogates_in_its_names_is_drawn(window, qtbot, tmp_path):
    path = save(tmp_path / "surrogates.json", hostile_trace())
    failures: list[str] = []
    window.controller.loadFailed.connect(lambda error: failures.append(error.message.english()))
    window.open_path(path)
    qtbot.waitUntil(lambda: bool(failures) or bool(window.scene.node_items), timeout=LOAD_TIMEOUT_MS)
    assert not failures, failures[0][:200]
    assert len(window.scene.node_items) == len(window.document.view_model.display.nodes)


def test_a_plain_tooltip_reads_back_as_the_text_itself():
    from PySide6.QtGui import QTextDocument

    for text in HOSTILE_NAMES + ['<img src="/dev/zero">\nshape: [2]   dtype: x']:
        doc = QTextDocument()
        doc.setHtml(plain_tooltip(text))
        # Qt reads U+2028 as a line break and shows a lone surrogate as U+FFFD.
        expected = LONE_SURROGATE.sub("\ufffd", text.replace("\u2028", "\n"))
        assert doc.toPlainText() == expected, repr(text)
    assert plain_tooltip("") == ""


def test_a_script_raising_markup_is_shown_literally(window, qtbot, write_script, fifo):
    img = f'<img src="{fifo.path}">'
    script = write_script(f"print({img!r})\nraise ValueError({img!r})\n", "markup.py")
    message = refused(window, qtbot, window.open_path, script)
    assert img in message and img in window.messages.status.text()
    window.docks["messages"].raise_()  # the Problems tab may have been raised over it
    QApplication.processEvents()
    window.grab()
    window.messages.status.grab()
    QToolTip.showText(QPoint(20, 20), window.messages.status.toolTip(), window.messages.status)
    QApplication.processEvents()
    QToolTip.hideText()
    text = window.messages.browser.toPlainText()
    assert text.count(img) >= 2  # the output line and the error, shown as typed
    assert window.messages.status.textFormat() == Qt.TextFormat.PlainText
    assert fifo.reads == 0, "Qt opened the FIFO named in the script's exception"


# -- long output ----------------------------------------------------------------------------------
def test_output_pieces_are_bounded_and_say_what_was_left_out():
    pieces = output_pieces("a" * 300_000)
    assert len(pieces) == 1 and pieces[0].count("\n") == LINE_SHOWN // 1_000 - 1
    assert pieces[0].endswith("a … (290,000 more characters on this line not shown)")
    many = output_pieces("\n".join(["x" * 99] * 10_000))  # 1,000,000 characters
    assert all(len(p) <= CHUNK_CHARS for p in many)
    assert sum(p.count("\n") + 1 for p in many) == 10_000 and len(many) == 63
    assert output_pieces("one\n\ntwo") == ["one\n\ntwo"]


def test_a_huge_output_is_shown_in_chunks_while_timers_fire(qtbot):
    panel = MessagesPanel()
    qtbot.addWidget(panel)
    panel.show()
    ticks: list[int] = []
    timer = QTimer(panel)
    timer.setInterval(1)
    timer.timeout.connect(lambda: ticks.append(panel.pending()))
    timer.start()
    panel.output("\n".join(["x" * 99] * 10_000))
    panel.info("done")
    assert panel.pending() > 0  # the call returned before everything was drawn
    qtbot.waitUntil(lambda: panel.pending() == 0, timeout=120_000)
    timer.stop()
    assert any(p > 0 for p in ticks)  # the event loop ran while chunks were still waiting
    text = panel.browser.toPlainText()
    assert text.count("x" * 99) == 10_000 and text.rstrip().endswith("done")
    assert panel.plain_text().endswith("done")


def test_a_300000_character_line_from_a_script_does_not_stall_the_window(window, qtbot, write_script):
    script = write_script(
        "import torch\nprint('y' * 300_000)\nx = torch.ones(2, requires_grad=True)\nz = (x * 2).sum()\n",
        "loud.py",
    )
    fired: list[int] = []
    timer = QTimer(window)
    timer.setInterval(5)
    timer.timeout.connect(lambda: fired.append(window.messages.pending()))
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(script)
        timer.start()
    qtbot.waitUntil(lambda: window.messages.pending() == 0 and len(fired) > 3, timeout=QUICK_MS)
    timer.stop()
    assert "y" * 300_000 in window.messages.plain_text()  # kept whole for copying
    shown = window.messages.browser.toPlainText()
    assert "290,000 more characters on this line not shown" in shown
    assert "y" * 300_000 not in shown.replace("\n", "")


# -- a saved graph's script is read only on request ------------------------------------------------
def test_a_graph_script_is_read_only_when_asked(window, qtbot, tmp_path, fifo):
    script = tmp_path / "origin.py"
    script.write_text("import torch\nx = torch.ones(2)\n", encoding="utf-8")
    first = save(tmp_path / "first.json", trace(script=str(script)))
    open_graph(window, qtbot, first)
    source = window.source
    assert source.view.toPlainText() == "" and source.path is None
    assert source.open_script_button.isVisibleTo(source)
    assert source.open_script_button.text() == "Open the script this graph came from"
    qtbot.mouseClick(source.open_script_button, Qt.MouseButton.LeftButton)
    assert source.view.toPlainText().startswith("import torch") and source.path == script
    assert not source.open_script_button.isVisibleTo(source)

    for target, reason in [
        (fifo.path, "FIFO"),
        (Path("/dev/zero"), "a device"),
        (tmp_path / "gone.py", "No such file"),
    ]:
        other = save(tmp_path / "other.json", trace(script=str(target)))
        open_graph(window, qtbot, other)
        assert source.view.toPlainText() == "" and source.open_script_button.isVisibleTo(source)
        qtbot.mouseClick(source.open_script_button, Qt.MouseButton.LeftButton)
        assert source.path is None and source.view.toPlainText() == ""
        assert reason in source.title.text(), source.title.text()
    assert fifo.reads == 0


def test_every_node_and_module_is_drawn_whatever_its_id(window, qtbot, tmp_path):
    """Ids holding backslashes, line breaks, control characters, ``%`` or lone surrogates reach
    ``dot`` and come back under the same name, so no box goes missing: as nodes, as module frames,
    and as collapsed modules (whose ids are ``m:`` and the module's path)."""
    data = hostile_trace()
    rename = {n["id"]: f"{name}%{i}\\" for i, (n, name) in enumerate(zip(data["nodes"], HOSTILE_NAMES))}
    for n in data["nodes"]:
        n["id"] = rename[n["id"]]
    for e in data["edges"]:
        e["source"], e["target"] = rename[e["source"]], rename[e["target"]]
    for key in ("roots",):
        if key in data["graph"]:
            data["graph"][key] = [rename[r] for r in data["graph"][key]]
    path = save(tmp_path / "ids.json", data)
    failures: list[str] = []
    window.controller.loadFailed.connect(lambda error: failures.append(error.message.english()))
    window.open_path(path)
    qtbot.waitUntil(lambda: bool(failures) or bool(window.scene.node_items), timeout=LOAD_TIMEOUT_MS)
    assert not failures, failures[0][:200]
    doc, scene = window.document, window.scene
    assert set(scene.node_items) == set(doc.view_model.display.nodes) and len(scene.node_items) == len(
        HOSTILE_NAMES
    )
    assert set(scene.cluster_items) == set(doc.view_model.display.clusters)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        doc.view_model.collapse_to_depth(1)
    assert any(i.startswith("m:") for i in doc.view_model.display.nodes)
    assert set(scene.node_items) == set(doc.view_model.display.nodes)
