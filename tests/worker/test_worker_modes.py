"""Both run modes (a forked child of the warm worker, a fresh interpreter per run) answer the
same way: the same graph and output, the same errors for an exit, a crash, an exception, a time
limit and a cancel; and GRAPHVIZ_APP_RUN_MODE is checked before anything starts.

Real scripts through the real Runner and worker in each mode (real torch, real processes).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphviz_app.capture.client import Runner
from graphviz_app.wire import protocol
from graphviz_app.wire.errors import ScriptError, SettingError

pytestmark = pytest.mark.slow

GRAPH = "import torch\nw = torch.ones(2, requires_grad=True)\nloss = (w * 2).sum()\n"
MODES = ["fork", "portable"] if hasattr(os, "fork") else ["portable"]


@pytest.fixture(scope="module", params=MODES)
def mode_runner(request: pytest.FixtureRequest) -> Iterator[tuple[str, Runner]]:
    """A runner whose worker runs each script in the mode of the test's parameter."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(protocol.RUN_MODE_ENV, request.param)  # read when the worker starts
        runner = Runner(warm=False)
        runner.start()
    yield request.param, runner
    runner.close()


def run(runner: Runner, tmp_path: Path, source: str, **options) -> object:
    path = tmp_path / "script.py"
    path.write_text(source, encoding="utf-8")
    return runner.run(path, **options)


def failure(runner: Runner, tmp_path: Path, source: str, **options) -> ScriptError:
    with pytest.raises(ScriptError) as info:
        run(runner, tmp_path, source, **options)
    return info.value


def test_a_run_gives_the_same_graph_and_output_and_a_portable_run_is_a_fresh_interpreter(
    mode_runner, tmp_path
):
    """One run shows both: its output and graph, and the command line of the process it ran in
    (a portable run pays a fresh interpreter and torch import, so the two share it)."""
    mode, runner = mode_runner
    result = run(
        runner,
        tmp_path,
        "import os, sys\nprint('out')\nos.write(2, b'raw\\n')\n"
        "print(sys.argv[1:], file=sys.stderr)\n"
        "command = open('/proc/self/cmdline').read().split('\\0')[:3]\n" + GRAPH + "print(command)\n",
        argv=["a", "b"],
    )
    output, command = result.output.rsplit("\n", 2)[:2]
    assert output + "\n" == "out\nraw\n['a', 'b']\n"
    assert {data.get("name") for _, data in result.graph.nodes(data=True)} >= {"w", "loss"}
    assert result.notices == []
    if mode == "portable":
        assert "graphviz_app.worker.child" in command
    else:
        assert "graphviz_app.worker.child" not in command


def test_an_exit_a_crash_and_an_exception_are_reported_alike(mode_runner, tmp_path):
    _, runner = mode_runner
    exited = failure(runner, tmp_path, "import os\nprint('before')\nos._exit(3)\n")
    assert exited.kind == "exit" and "os._exit(3)" in exited.message.english() and exited.output == "before\n"
    crashed = failure(runner, tmp_path, "import ctypes\nctypes.string_at(0)\n")
    assert crashed.kind == "crash" and "(SIGSEGV)" in crashed.message.english()
    assert "Fatal Python error: Segmentation fault" in (crashed.user_traceback or "")
    raised = failure(runner, tmp_path, "import torch\nx = 1\nraise ValueError('no good')\n")
    assert raised.line == 3 and "no good" in raised.message.english()


def test_a_time_limit_and_a_cancel_name_the_line_the_script_was_on(mode_runner, tmp_path):
    _, runner = mode_runner
    loop = "import time\nprint('looping')\nwhile True:\n    time.sleep(0.05)\n"
    stopped = failure(runner, tmp_path, loop, timeout=3)
    assert stopped.kind == "timeout" and stopped.line == 4 and "stuck on line 4" in stopped.message.english()
    assert stopped.output == "looping\n"  # the stack it wrote is not the script's output
    errors: list[ScriptError] = []

    def run_loop() -> None:
        try:
            run(runner, tmp_path, loop.replace("looping", "cancel me"), timeout=120)
        except ScriptError as exc:
            errors.append(exc)

    thread = threading.Thread(target=run_loop)
    thread.start()
    deadline = time.monotonic() + 120
    while runner._child is None and time.monotonic() < deadline:  # started: torch is loaded
        time.sleep(0.02)
    time.sleep(0.5)
    runner.cancel()
    thread.join(60)
    assert [e.kind for e in errors] == ["cancelled"]
    assert errors[0].line == 4


@pytest.mark.parametrize("value", ["spawn", "FORKS", "1"])
def test_a_bad_run_mode_is_refused_naming_the_variable_and_the_fix(monkeypatch, tmp_path, value):
    monkeypatch.setenv("GRAPHVIZ_APP_RUN_MODE", value)
    with pytest.raises(SettingError) as info:
        protocol.run_mode()
    assert info.value.variable == "GRAPHVIZ_APP_RUN_MODE" and info.value.value == value
    assert info.value.message.english() == (
        f"The environment variable GRAPHVIZ_APP_RUN_MODE is {value!r}, not 'portable' or 'fork'. Set it to "
        "'portable' (a fresh Python for each run, on any system) or to 'fork' (Linux), or unset it to let "
        "graphviz_app choose, and start graphviz_app again."
    )
    runner = Runner(warm=False)
    try:
        script = tmp_path / "script.py"
        script.write_text(GRAPH, encoding="utf-8")
        with pytest.raises(SettingError):
            runner.run(script)
        assert runner._worker is None  # refused before a worker started
    finally:
        runner.close()


def test_the_run_mode_is_chosen_by_the_system_unless_set(monkeypatch):
    assert protocol.run_mode({}, "linux") == "fork"
    assert protocol.run_mode({}, "darwin") == "portable"
    assert protocol.run_mode({}, "win32") == "portable"
    assert protocol.run_mode({"GRAPHVIZ_APP_RUN_MODE": " Portable "}, "linux") == "portable"
    assert protocol.run_mode({"GRAPHVIZ_APP_RUN_MODE": "fork"}, "darwin") == "fork"  # the user's choice
    monkeypatch.delattr(os, "fork")  # a system without fork (Windows)
    assert protocol.run_mode({}, "linux") == "portable"
    with pytest.raises(SettingError) as info:
        protocol.run_mode({"GRAPHVIZ_APP_RUN_MODE": "fork"}, "win32")
    assert "is 'fork', but this system cannot fork. Set it to 'portable'" in info.value.message.english()


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_the_portable_containment_ends_the_runs_process_group():
    import subprocess

    from graphviz_app.worker.containment import PortableContainment

    leader = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import subprocess, time\nsubprocess.Popen(['sleep', '300'])\ntime.sleep(300)\n",
        ],
        start_new_session=True,  # its own process group (process_group=0 needs Python 3.11)
        stdout=subprocess.PIPE,
    )
    box = PortableContainment()
    box.stop_run(leader.pid)
    assert leader.wait(30) == -signal.SIGKILL
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(leader.pid, 0)  # a process of the group is still there
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the group's sleep outlived stop_run")
    assert box.memory_over(0) is None and box.end_run(leader.pid) == 0
    assert leader.stdout is not None and leader.stdout.read() == b""
    leader.stdout.close()
