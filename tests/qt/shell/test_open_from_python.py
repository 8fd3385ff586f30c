"""``graphviz_app.open`` from another Python process: a real window receives the graph over its
local socket, a pdb prompt sends the frame it is stopped in, and with no window open one is
started (a real ``python -m graphviz_app`` subprocess)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from graphviz_app.core import instance
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.qt.shell.instance import serve
from graphviz_app.remote import send_graph

pytestmark = pytest.mark.slow

GOLDEN = Path(__file__).parent.parent.parent / "core" / "golden"
RUN_TIMEOUT_MS = 180_000
"""A sending process imports torch on a busy 2-core machine: generous."""
SENDER = """\
import time
import torch
import graphviz_app
w = torch.tensor([[1., 2.], [3., 2.]], requires_grad=True)
x = w**3
y = x + 3
z = y.mean()
z.backward()
sent = graphviz_app.open(z)
print(repr(sent))
print("returned", time.time())
"""
OPEN_LINE = 9


@pytest.fixture
def channel(tmp_path, monkeypatch) -> Path:
    """A private socket path and cache folder for this test (the sender inherits them)."""
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    path = folder / "w.sock"
    monkeypatch.setenv(instance.SOCKET_ENV, str(path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return path


def run_sender(qtbot, script: Path, stdin: str | None = None) -> str:
    """Run ``script`` in a new Python while the window keeps handling events; return its output."""
    process = subprocess.Popen(
        [sys.executable, str(script)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if stdin is not None:
        process.stdin.write(stdin)
    process.stdin.close()
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=RUN_TIMEOUT_MS)
    output = process.stdout.read()
    process.stdout.close()
    assert process.returncode == 0, output
    return output


def test_open_sends_the_graph_to_the_running_window(window, load, qtbot, tmp_path, channel):
    load(GOLDEN / "basic_autograd.json")  # what the user was looking at
    before = window.settings.recent_files()[0]
    server = serve(window)
    assert server.server.isListening() and server.path == channel
    script = tmp_path / "train.py"
    script.write_text(SENDER)
    shown: list[float] = []
    window.controller.graphShown.connect(lambda: shown.append(time.time()))
    output = run_sender(qtbot, script)
    returned = float(output.split("returned ")[1])
    # The window answers once the graph is in its document: it is there when open() returns.
    graph = window.document.view_model.graph
    assert {graph.nodes[n]["name"] for n in graph} == {"w", "x", "y", "z"}
    sent = window.document.path
    assert sent.name == f"train.py-{OPEN_LINE}.json" and f"saved as {sent}" in output
    assert f"Sent 'train.py:{OPEN_LINE}' (4 nodes) to the graphviz_app window" in output
    w = next(n for n in graph if graph.nodes[n]["name"] == "w")
    assert graph.nodes[w]["grad"]["values"] == [[0.75, 3.0], [6.75, 3.0]]
    assert window.settings.recent_files()[:2] == [str(sent), before]  # the earlier graph: one click away
    text = window.messages.plain_text()
    assert f"Graph sent from train.py:{OPEN_LINE}" in text and "File ▸ Recent" in text
    assert window.windowTitle() == f"train.py:{OPEN_LINE} — graphviz_app"  # where it was sent from
    assert graph.graph["script"] == str(script)  # the Source panel offers the script it came from
    assert window.source.graph_script() == str(script) and "No script" not in window.source.title.text()
    # It holds the gradients of the script's own backward, whose order was not recorded: said so,
    # with no Run backward offered.
    window.timeline.backward_button.click()
    caption = window.timeline.caption.text()
    assert "come from the script's own backward, run before the graph was captured" in caption
    assert "did not run backward" not in caption and not window.timeline.run_backward_button.isVisible()
    window.actions_.run_backward.trigger()  # Ctrl+B: says why it cannot, and the caption stays true
    assert (
        "this graph holds the gradients of a backward run before it was captured"
        in window.messages.plain_text()
    )
    assert "come from the script's own backward" in window.timeline.caption.text()
    qtbot.waitUntil(lambda: len(window.scene.node_items) == 4 and bool(shown))
    print(f"drawn {shown[-1] - returned:+.2f} s after open() returned")
    server.close()


def test_open_from_a_pdb_prompt_names_the_stopped_line(window, qtbot, tmp_path, channel):
    server = serve(window)
    script = tmp_path / "debugged.py"
    script.write_text(
        textwrap.dedent("""\
        import torch
        import graphviz_app
        w = torch.ones(3, requires_grad=True)
        loss = (w * 2).sum()
        breakpoint()
        print("after")
    """)
    )
    output = run_sender(qtbot, script, stdin="print(repr(graphviz_app.open(loss)))\ncontinue\n")
    # pdb stops on the line after breakpoint(): the line it shows, and the one sent
    assert '-> print("after")' in output and "Sent 'debugged.py:6' (3 nodes)" in output
    graph = window.document.view_model.graph
    assert {graph.nodes[n]["name"] for n in graph if graph.nodes[n]["kind"] == "leaf"} == {"w"}
    assert window.document.path.name == "debugged.py-6.json" and window.windowTitle().startswith(
        "debugged.py:6 "
    )
    assert graph.graph["script"] == str(script)
    server.close()


def test_a_second_window_leaves_the_socket_to_the_first(window, qtbot, channel):
    first = serve(window)
    second = serve(window)
    assert first.server.isListening() and not second.server.isListening()
    first.close()


def test_the_window_refuses_what_is_not_a_saved_graph(window, qtbot, tmp_path, channel):
    server = serve(window)
    script = tmp_path / "evil.py"
    script.write_text("raise SystemExit('must never run')\n")
    import socket

    with socket.socket(socket.AF_UNIX) as client:
        client.connect(str(channel))
        client.sendall(instance.encode_request(script, "evil"))
        client.setblocking(False)
        reply = b""

        def answered() -> bool:
            nonlocal reply
            try:
                reply += client.recv(4096)
            except BlockingIOError:
                pass
            return reply.endswith(b"\n")

        qtbot.waitUntil(answered)
    assert b'"ok": false' in reply and b"Only saved graphs (.json)" in reply
    assert window.document.view_model.graph is None
    server.close()


def test_open_starts_a_window_when_none_is_open(tmp_path, channel, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # the started app's settings
    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    started = send_graph(graph, "first")
    assert started.how == "started" and started.pid
    try:
        # A second send waits for the window the first one started, then hands it over.
        again = send_graph(load_graph_json(GOLDEN / "devices.json"), "second")
        assert again.how == "window" and again.confirmed, again
        assert again.path.name == "second.json" and started.path.name == "first.json"
    finally:
        os.killpg(started.pid, signal.SIGTERM)  # the window and its capture worker
    log = (started.path.parent / "window.log").read_text()
    assert "Traceback" not in log, log
