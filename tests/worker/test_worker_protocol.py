"""The worker protocol: typed messages both ends share, checked on decode; the real worker refuses
a malformed request with a reply and goes on serving."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphviz_app.wire import protocol
from graphviz_app.wire.protocol import Done, Limits, ProtocolError, Ready, Request, Started
from graphviz_app.wire.run_options import RunOptions

ROOT = Path(__file__).resolve().parents[2]


def test_messages_survive_encoding():
    request = Request(
        script="/tmp/s.py",
        options=RunOptions(backward=True, backward_call=2, output=None).to_wire(),
        limits=Limits(memory_bytes=2**30),
        result="/tmp/r.json",
        output="/tmp/o.txt",
    )
    line = protocol.encode(request)
    assert line.endswith("\n") and line.count("\n") == 1
    assert protocol.decode_request(line) == request
    for reply in (
        Ready(event="ready", pid=12),
        Started(event="started", pid=34),
        Done(event="done", exitcode=None, signal=9, peak_rss=1 << 20, leftovers=2),
    ):
        assert protocol.decode_reply(protocol.encode(reply)) == reply


def test_a_request_without_limits_gets_none():
    line = '{"script": "s.py", "result": "r.json", "output": "o.txt"}'
    assert protocol.decode_request(line) == Request(
        script="s.py",
        options=RunOptions().to_wire(),
        limits=Limits(memory_bytes=None),
        result="r.json",
        output="o.txt",
    )


@pytest.mark.parametrize(
    ("line", "phrase"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"script": "s.py", "result": "r.json"}', "without a 'output' path"),
        ('{"script": 3, "result": "r.json", "output": "o"}', "without a 'script' path"),
        (
            '{"script": "s", "result": "r", "output": "o", "options": [1]}',
            "unusable options.*not a JSON object",
        ),
        ('{"script": "s", "result": "r", "output": "o", "limits": [1]}', "malformed limits"),
        (
            '{"script": "s", "result": "r", "output": "o", "options": {"timeout": 0}}',
            "unusable options.*time limit",
        ),
        ('{"script": "s", "result": "r", "output": "o", "options": {"seed": 1}}', "unusable options.*seed"),
    ],
)
def test_malformed_requests_are_refused(line, phrase):
    with pytest.raises(ProtocolError, match=phrase):
        protocol.decode_request(line)


def test_unknown_replies_are_refused():
    with pytest.raises(ProtocolError, match="unknown event 'hello'"):
        protocol.decode_reply('{"event": "hello"}')
    with pytest.raises(ProtocolError, match="not JSON"):
        protocol.decode_reply("Traceback (most recent call last):")


def test_the_protocol_module_loads_no_torch():
    code = "import sys, graphviz_app.wire.protocol; print('torch' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "False"


def test_the_worker_answers_a_bad_request_and_serves_the_next(tmp_path):
    script = tmp_path / "script.py"
    script.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\nloss = (w * 2).sum()\nprint('hi')\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    worker = subprocess.Popen(
        [sys.executable, "-m", "graphviz_app.worker.server"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert worker.stdin is not None and worker.stdout is not None
    try:
        ready = protocol.decode_reply(worker.stdout.readline())
        assert ready == Ready(event="ready", pid=worker.pid)
        worker.stdin.write("{not a request}\n")
        worker.stdin.flush()
        refused = protocol.decode_reply(worker.stdout.readline())
        assert refused == Done(
            event="done",
            exitcode=70,
            signal=None,
            peak_rss=0,
            leftovers=0,
            refused=refused.get("refused", ""),
        )
        assert refused.get("refused", "").startswith("ProtocolError: ")
        request = Request(
            script=str(script),
            options=RunOptions().to_wire(),
            limits=Limits(memory_bytes=None),
            result=str(tmp_path / "result.json"),
            output=str(tmp_path / "output.txt"),
        )
        worker.stdin.write(protocol.encode(request))
        worker.stdin.flush()
        started = protocol.decode_reply(worker.stdout.readline())
        assert started["event"] == "started" and started["pid"] not in (0, worker.pid)
        done = protocol.decode_reply(worker.stdout.readline())
        assert done["event"] == "done" and (done["exitcode"], done["signal"], done["leftovers"]) == (
            0,
            None,
            0,
        )
        assert done["peak_rss"] > 10 * 2**20  # a process holding torch: tens of MiB at least
        assert (tmp_path / "output.txt").read_text() == "hi\n"
        assert json.loads((tmp_path / "result.json").read_text())["ok"] is True
    finally:
        worker.stdin.close()
        assert worker.wait(timeout=30) == 0
        worker.stdout.close()


def test_a_refused_request_is_reported_as_the_apps_problem_not_an_exit_of_the_script(tmp_path):
    from graphviz_app.capture.client import Runner
    from graphviz_app.wire.errors import ScriptError

    script = tmp_path / "script.py"
    script.write_text("print('never ran')\n")
    ending = Done(
        event="done",
        exitcode=70,
        signal=None,
        peak_rss=0,
        leftovers=0,
        refused="OSError: [Errno 28] No space left on device",
    )
    runner = Runner()
    try:
        with pytest.raises(ScriptError) as caught:
            runner._result(script, str(tmp_path / "missing.json"), ending, "", 0.1, 10.0)
    finally:
        runner.close()
    assert caught.value.kind == "internal"
    assert (
        "could not start the script: OSError: [Errno 28] No space left on device"
        in caught.value.message.english()
    )
    assert "os._exit" not in caught.value.message.english()


def test_a_refusal_survives_the_protocol():
    line = protocol.encode(
        Done(event="done", exitcode=70, signal=None, peak_rss=0, leftovers=0, refused="ProtocolError: bad")
    )
    assert protocol.decode_reply(line).get("refused") == "ProtocolError: bad"
    plain = protocol.decode_reply(
        protocol.encode(Done(event="done", exitcode=0, signal=None, peak_rss=0, leftovers=0))
    )
    assert "refused" not in plain and "over_memory" not in plain


def test_a_run_stopped_for_its_memory_says_so_through_the_protocol():
    stopped = Done(event="done", exitcode=None, signal=9, peak_rss=0, leftovers=3, over_memory=3 * 2**30)
    assert protocol.decode_reply(protocol.encode(stopped)) == stopped
