"""A run is contained: what a script starts ends with it, it cannot reach the worker's pipes, its
memory and output are bounded, and its standard streams behave like plain Python's.

Real scripts through the real Runner and worker (real torch, real processes).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from graphviz_app.capture.client import Runner, default_memory_limit
from graphviz_app.wire.errors import ScriptError, SettingError

pytestmark = pytest.mark.slow

GRAPH = "import torch\nw = torch.ones(2, requires_grad=True)\nloss = (w * 2).sum()\n"
"""Three lines that build a two-node graph: what every script here ends with."""


@pytest.fixture(scope="module")
def runner() -> Iterator[Runner]:
    instance = Runner(warm=False)
    instance.start()
    yield instance
    instance.close()


@pytest.fixture(scope="module")
def limited() -> Iterator[Runner]:
    """One worker with a 1 GiB limit for the memory tests (each starts a worker, a torch import):
    every test ends with a run the limit stopped, and each then checks a fresh run, so a shared
    worker also shows that the limit leaves it fit for the next test's run."""
    instance = Runner(warm=False, memory_limit=1 * 2**30)
    instance.start()
    yield instance
    instance.close()


@pytest.fixture
def write_script(tmp_path: Path) -> Callable[[str], Path]:
    def write(source: str) -> Path:
        """Write ``source`` (dedented) followed by GRAPH."""
        path = tmp_path / "script.py"
        path.write_text(textwrap.dedent(source) + GRAPH, encoding="utf-8")
        return path

    return write


def names(result) -> set:
    """The variable names on the nodes of a run's graph."""
    return {data.get("name") for _, data in result.graph.nodes(data=True)}


def alive(pid: int) -> bool:
    """True while ``pid`` is a running (not zombie) process."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2 : stat.rfind(b")") + 3] != b"Z"


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (from /proc), zombies included."""
    parents: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as handle:
                    stat = handle.read()
            except OSError:
                continue
            ppid = int(stat[stat.rfind(b")") + 2 :].split()[1])
            parents.setdefault(ppid, []).append(int(name))
    found, stack = [], [pid]
    while stack:
        for child in parents.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def worker_pid(runner: Runner) -> int:
    worker = runner._worker
    assert worker is not None
    return worker.process.pid


def read_pids(path: Path) -> list[int]:
    return [int(p) for p in path.read_text().split()]


def test_processes_a_script_starts_end_with_its_run(write_script, runner, tmp_path):
    # A forked child, a setsid() grandchild and a double-forked daemon, all sleeping, then a graph.
    pids = tmp_path / "pids.txt"
    script = write_script(
        f"""
        import os, subprocess, time
        out = open({str(pids)!r}, "a")
        if os.fork() == 0:
            time.sleep(300); os._exit(0)
        p = subprocess.Popen(["sleep", "300"], start_new_session=True)
        out.write(f"{{p.pid}}\\n")
        r, w = os.pipe()
        middle = os.fork()
        if middle == 0:
            os.setsid()
            if os.fork() == 0:
                os.write(w, str(os.getpid()).encode()); time.sleep(300); os._exit(0)
            os._exit(0)
        os.waitpid(middle, 0)  # as a daemon is started: its grandchild is re-parented at once
        out.write(os.read(r, 20).decode() + "\\n")
        out.close()
        """
    )
    result = runner.run(script, timeout=30)
    assert names(result) >= {"w", "loss"}
    assert (
        "The script left 3 processes running (started with fork or subprocess and not waited for); they were ended with the run."
        in map(str, result.notices)
    )
    started = read_pids(pids)
    assert len(started) == 2
    assert not [p for p in started if alive(p)]
    assert descendants(worker_pid(runner)) == []


def test_a_setsid_grandchild_does_not_outlive_a_timeout(write_script, runner, tmp_path):
    pids = tmp_path / "pids.txt"
    script = write_script(
        f"""
        import subprocess, time
        p = subprocess.Popen(["sleep", "300"], start_new_session=True)
        open({str(pids)!r}, "w").write(str(p.pid))
        while True:
            time.sleep(0.1)
        """
    )
    with pytest.raises(ScriptError) as info:
        runner.run(script, timeout=2)
    assert info.value.kind == "timeout"
    (pid,) = read_pids(pids)
    assert not alive(pid)
    assert descendants(worker_pid(runner)) == []


def test_the_script_gets_none_of_the_workers_pipes(write_script, runner):
    # fd 0 is /dev/null (reading it gives b"" at once), fds 1 and 2 are the output pipe, and no
    # other pipe is open: the worker's request and reply pipes are closed in the child.
    script = write_script(
        """
        import json, os, sys
        fds = {}
        for name in os.listdir("/proc/self/fd"):
            try:
                fds[name] = os.readlink(f"/proc/self/fd/{name}")
            except OSError:  # the listing's own descriptor
                pass
        print(json.dumps({"fds": fds, "read": repr(os.read(0, 10)), "stdin": sys.stdin.read()}))
        """
    )
    seen = json.loads(runner.run(script).output)
    fds = seen["fds"]
    assert seen["read"] == "b''" and seen["stdin"] == ""
    assert fds["0"] == "/dev/null"
    assert fds["1"] == fds["2"] and fds["1"].startswith("pipe:")
    assert [fd for fd, target in fds.items() if target.startswith("pipe:") and fd not in ("1", "2")] == []


def test_a_leftover_reading_stdin_cannot_steal_the_next_request(write_script, runner, tmp_path):
    # The grandchild tries to read a request from fd 0 (and to write a forged reply to every fd);
    # it reads EOF, and it is killed when its run ends; the next run goes through at once.
    script = write_script(
        """
        import os, time
        if os.fork() == 0:
            os.setsid()
            for fd in range(3, 64):
                try:
                    os.write(fd, b'{"event": "done", "exitcode": 0, "signal": null}\\n')
                except OSError:
                    pass
            while True:
                if os.read(0, 4096) == b"":
                    time.sleep(0.01)
        time.sleep(0.2)
        """
    )
    assert names(runner.run(script, timeout=30)) >= {"w", "loss"}
    started = time.monotonic()
    nxt = write_script("print('second run')\n")
    assert runner.run(nxt, timeout=30).output == "second run\n"
    assert time.monotonic() - started < 20


def test_a_script_over_the_memory_limit_is_stopped_with_a_message(write_script, limited):
    script = write_script("import torch\nbig = torch.ones(1024, 1024, 1024)  # 4 GiB of float32\n")
    with pytest.raises(ScriptError) as info:
        limited.run(script, timeout=60)
    error = info.value
    assert error.kind == "memory"
    assert (
        "more than 1.0 GiB" in error.message.english()
        and "GRAPHVIZ_APP_MEMORY_LIMIT_GB" in error.message.english()
    )
    assert error.line == 2 and "can't allocate memory" in (error.user_traceback or "")
    python = write_script("blob = bytearray(3 * 2**30)\n")
    with pytest.raises(ScriptError) as info:
        limited.run(python, timeout=60)
    assert info.value.kind == "memory" and info.value.line == 1
    # Under the limit the same runner works.
    assert names(limited.run(write_script(""), timeout=60)) >= {"w", "loss"}


def test_processes_a_run_forks_share_its_memory_limit(write_script, tmp_path, limited):
    # Four forked children of 300 MiB each: every process stays under its own RLIMIT_DATA of
    # 1 GiB, their sum does not; the worker, which watches the whole tree, stops the run.
    pids = tmp_path / "pids.txt"
    script = write_script(
        f"""
        import os, time
        for _ in range(4):
            if os.fork() == 0:
                with open({str(pids)!r}, "a") as out:  # before its memory: the run may end any time after
                    out.write(f"{{os.getpid()}}\\n")
                block = b"x" * (300 * 2**20)
                time.sleep(300)
                os._exit(0)
        time.sleep(300)
        """
    )
    with pytest.raises(ScriptError) as info:
        limited.run(script, timeout=120)
    error = info.value
    assert error.kind == "memory" and "more than 1.0 GiB" in error.message.english()
    assert "GRAPHVIZ_APP_MEMORY_LIMIT_GB" in error.message.english()
    assert [p for p in read_pids(pids) if alive(p)] == []
    assert descendants(worker_pid(limited)) == []
    assert names(limited.run(write_script(""), timeout=60)) >= {"w", "loss"}  # the next run is fine


@pytest.mark.parametrize("how", ["mapped", "held"])
def test_shared_memory_counts_toward_the_limit(write_script, how, limited):
    # Shared memory is not data memory (RLIMIT_DATA misses it): 1.5 GiB of it, mapped, or in a
    # /dev/shm file the script keeps open (removed at once, so nothing is left if the test fails).
    fill = {
        "mapped": "import mmap\nblock = mmap.mmap(-1, 1536 * 2**20)\n",
        "held": "import os\nblock = open(f'/dev/shm/graphviz_app_test_{os.getpid()}', 'wb', buffering=0)\n"
        "os.unlink(block.name)\n",
    }[how]
    script = write_script(
        fill + "import time\nchunk = b'1' * 2**20\nfor _ in range(1536):\n"
        "    block.write(chunk)\ntime.sleep(300)\n"
    )
    with pytest.raises(ScriptError) as info:
        limited.run(script, timeout=120)
    assert info.value.kind == "memory" and "more than 1.0 GiB" in info.value.message.english()


def test_a_daemon_the_script_started_ends_when_the_worker_is_killed(write_script, tmp_path):
    # A daemon (double fork, setsid) is re-parented to the worker; the worker is then killed
    # (SIGKILL: it can end nothing). The runner finds the daemon by its marker and ends it.
    pids = tmp_path / "pids.txt"
    script = write_script(
        f"""
        import os, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                with open({str(pids)!r}, "w") as out:
                    out.write(str(os.getpid()))
                time.sleep(300)
            os._exit(0)
        while True:
            time.sleep(0.05)
        """
    )
    runner = Runner(warm=False)
    errors: list[ScriptError] = []

    def run() -> None:
        try:
            runner.run(script, timeout=300)
        except ScriptError as exc:
            errors.append(exc)

    thread = threading.Thread(target=run)
    try:
        thread.start()
        deadline = time.monotonic() + 120
        while not (pids.exists() and pids.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        (daemon,) = read_pids(pids)
        worker = worker_pid(runner)
        assert alive(daemon) and daemon in descendants(worker)
        os.kill(worker, signal.SIGKILL)
        thread.join(60)
        assert [e.kind for e in errors] == ["worker"]
        deadline = time.monotonic() + 15
        while alive(daemon) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(daemon)
    finally:
        runner.close()
        thread.join(60)


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "abc", "1e400"])
def test_a_bad_memory_limit_is_refused_naming_the_variable_and_the_fix(monkeypatch, write_script, value):
    monkeypatch.setenv("GRAPHVIZ_APP_MEMORY_LIMIT_GB", value)
    with pytest.raises(SettingError) as info:
        default_memory_limit()
    error = info.value
    assert (error.variable, error.value) == ("GRAPHVIZ_APP_MEMORY_LIMIT_GB", value)
    assert error.message.english() == (
        f"The environment variable GRAPHVIZ_APP_MEMORY_LIMIT_GB is {value!r}, not a number of GiB. Set it "
        "to the most memory one run may use, in GiB (such as 8), or to 0 for no limit, or unset it for the "
        "default (75% of this machine's memory), and start graphviz_app again."
    )
    runner = Runner(warm=False)  # made as the window makes it: a bad setting fails a run, not the app
    try:
        with pytest.raises(SettingError):
            runner.run(write_script(""))
        assert runner._worker is None
    finally:
        runner.close()


def test_a_bad_memory_limit_ends_the_cli_with_status_2(monkeypatch, write_script, tmp_path, capsys):
    from graphviz_app.cli import main

    monkeypatch.setenv("GRAPHVIZ_APP_MEMORY_LIMIT_GB", "inf")
    assert main(["export", str(write_script("")), "-o", str(tmp_path / "out.svg")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "graphviz-app: error: The environment variable GRAPHVIZ_APP_MEMORY_LIMIT_GB is 'inf'"
    )
    assert "Traceback" not in err and not (tmp_path / "out.svg").exists()


def test_the_default_memory_limit_is_a_share_of_the_machine(monkeypatch):
    with open("/proc/meminfo", encoding="ascii") as handle:
        total_kib = int(next(line for line in handle if line.startswith("MemTotal:")).split()[1])
    monkeypatch.delenv("GRAPHVIZ_APP_MEMORY_LIMIT_GB", raising=False)
    assert Runner(warm=False).memory_limit == int(total_kib * 1024 * 0.75)
    monkeypatch.setenv("GRAPHVIZ_APP_MEMORY_LIMIT_GB", "2.5")
    assert Runner(warm=False).memory_limit == int(2.5 * 2**30)
    monkeypatch.setenv("GRAPHVIZ_APP_MEMORY_LIMIT_GB", "0")
    assert Runner(warm=False).memory_limit is None
    monkeypatch.setenv("GRAPHVIZ_APP_MEMORY_LIMIT_GB", " ")
    assert Runner(warm=False).memory_limit == int(total_kib * 1024 * 0.75)


def test_raw_writes_to_fd_1_and_2_are_bounded_like_print(write_script, runner):
    # 40 MB written with os.write (as a C library would) keeps a 256 KiB head and a 64 KiB tail.
    script = write_script(
        """
        import os
        line = b"y" * 999 + b"\\n"
        os.write(1, b"first\\n")
        for i in range(20000):
            os.write(1 + i % 2, line)
        os.write(2, b"last\\n")
        """
    )
    output = runner.run(script, timeout=120).output
    assert output.startswith("first\n") and output.endswith("last\n")
    assert len(output) < 256 * 1024 + 64 * 1024 + 200
    left_out = 6 + 20000 * 1000 + 5 - (256 * 1024 + 64 * 1024)
    assert f"[… {left_out} characters of output left out …]" in output


def test_standard_streams_behave_like_real_text_streams(write_script, runner):
    script = write_script(
        """
        import sys
        out, err = sys.stdout, sys.stderr
        facts = [out.encoding, out.fileno(), err.fileno(), out.isatty(), sys.stdin.fileno(),
                 type(out.buffer).__name__, out.writable(), out.errors]
        print(facts)
        out.reconfigure(line_buffering=True)
        out.buffer.write("bytes through .buffer\\n".encode())
        out.flush()
        print("é to stderr", file=err)
        """
    )
    output = runner.run(script).output
    assert output == (
        "['utf-8', 1, 2, False, 0, 'BufferedWriter', True, 'strict']\nbytes through .buffer\né to stderr\n"
    )


def test_no_processes_zombies_or_descriptors_are_left_after_many_runs(write_script, runner):
    script = write_script("")
    loop = script.with_name("endless.py")
    loop.write_text(
        "import os, time\nif os.fork() == 0:\n    time.sleep(300)\nwhile True:\n    time.sleep(0.05)\n"
    )
    runner.run(script)  # warm: the worker and its reply thread exist before counting
    worker = worker_pid(runner)
    # What these runs leave is counted against what existed before them: processes, descriptors
    # and threads of earlier tests may end meanwhile, so only new ones are a leak.
    processes_before = set(descendants(os.getpid()))
    fds_before = set(os.listdir("/proc/self/fd"))
    worker_fds_before = set(os.listdir(f"/proc/{worker}/fd"))
    threads_before = set(threading.enumerate())
    for _ in range(10):
        runner.run(script)
    cancelled = 0
    for _ in range(10):
        errors: list[ScriptError] = []

        def run_endless(errors: list[ScriptError] = errors) -> None:
            try:
                runner.run(loop, timeout=60)
            except ScriptError as exc:
                errors.append(exc)

        thread = threading.Thread(target=run_endless)
        thread.start()
        deadline = time.monotonic() + 30
        while len(descendants(worker)) < 2 and time.monotonic() < deadline:  # the script and its child
            time.sleep(0.01)
        runner.cancel()
        thread.join(30)
        assert not thread.is_alive()
        cancelled += [e.kind for e in errors] == ["cancelled"]
    assert cancelled == 10
    assert descendants(worker) == []
    assert set(descendants(os.getpid())) <= processes_before
    assert set(os.listdir("/proc/self/fd")) <= fds_before
    assert set(os.listdir(f"/proc/{worker}/fd")) <= worker_fds_before
    assert set(threading.enumerate()) <= threads_before


def test_nothing_outlives_an_app_that_is_killed(tmp_path):
    # The "app" is a process holding a Runner; it is killed (SIGKILL) while its script runs. The
    # worker, the script and the process the script started in its own session all end.
    pids = tmp_path / "pids.txt"
    script = tmp_path / "script.py"
    script.write_text(
        textwrap.dedent(f"""
        import os, subprocess, time
        p = subprocess.Popen(["sleep", "300"], start_new_session=True)
        with open({str(pids)!r}, "w") as out:
            out.write(f"{{os.getppid()}} {{os.getpid()}} {{p.pid}}")
        while True:
            time.sleep(0.1)
        """),
        encoding="utf-8",
    )
    app = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"from graphviz_app.capture.client import Runner\n"
            f"Runner(warm=False).run({str(script)!r}, timeout=300)",
        ],
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        deadline = time.monotonic() + 120
        while not (pids.exists() and len(pids.read_text().split()) == 3) and time.monotonic() < deadline:
            time.sleep(0.05)
        worker, child, sleeper = read_pids(pids)
        assert all(alive(p) for p in (worker, child, sleeper))
    finally:
        app.kill()
        app.wait()
    deadline = time.monotonic() + 15
    while any(alive(p) for p in (worker, child, sleeper)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [p for p in (worker, child, sleeper) if alive(p)] == []


def test_a_worker_started_from_a_short_lived_thread_stays_warm(write_script):
    # The window's runs happen on threads; a worker (re)started from one must outlive that thread.
    runner = Runner(warm=False)
    try:
        starter = threading.Thread(target=runner.start)
        starter.start()
        starter.join()
        first = worker_pid(runner)
        assert runner._worker is not None and runner._worker.wait_ready()
        time.sleep(0.5)
        assert names(runner.run(write_script(""), timeout=60)) >= {"w", "loss"}
        assert worker_pid(runner) == first and alive(first)
    finally:
        runner.close()
