"""Every way the CLI export ends, with real signals sent to a real CLI process drawing a big
generated graph: one line and the right status, no traceback, and nothing left behind (no
``dot``, no ``.part`` file, no temporary folder, no output)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile import big_graph, hostile_notices, marker_script, special_files, trace, write_malformed
from processes import children_named, stat_fields, stuck

from graphviz_app.cli import main
from graphviz_app.core.model.file_kind import A_FOLDER
from graphviz_app.message_reader import WIRE_TEXT
from graphviz_app.wire.message import Message

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
BIG_NODES = 3000
"""Enough nodes that dot works on the graph for minutes (a few seconds is all the tests need)."""


LAYING_OUT = 0.5
"""CPU seconds after which the export's ``dot`` has read its text and lays it out: its start and
the warm-up drawing take under 0.1 s, reading the big graph's text 0.05 s, laying it out minutes."""


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user and system) ``pid`` has used, 0 when it is gone."""
    fields = stat_fields(pid)
    if fields is None:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def alive(pid: int) -> bool:
    fields = stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def gone_soon(pid: int, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def as_from_a_terminal() -> None:
    """In the child before it runs: Ctrl+C and SIGTERM act as in a terminal's foreground job, even
    when the tests themselves run where they are ignored (a background job of a shell)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.fixture(autouse=True)
def ctrl_c_is_heard() -> Iterator[None]:
    """The in-process tests send themselves Ctrl+C: Python's own handler must be installed, as in
    a terminal, not the ``SIG_IGN`` a background job of a shell inherits."""
    before = signal.getsignal(signal.SIGINT)
    if before == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


class Cli:
    """A real ``graphviz-app export`` process in its own process group (as a shell starts it),
    with its own temp folder."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.temp = tmp_path / "tmp"
        self.temp.mkdir(exist_ok=True)
        env = dict(os.environ, TMPDIR=str(self.temp), PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "export", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
            start_new_session=True,
            preexec_fn=as_from_a_terminal,
        )

    def wait_for_dot(self, timeout: float = 120.0) -> int:
        """Return the pid of the export's ``dot`` once it is laying out the graph: it has used
        :data:`LAYING_OUT` of CPU time. Until then it may be loading its fonts (a SIGINT kills it
        before it installs its handler) or waiting for the text (interrupted, it draws the
        warm-up again); on a loaded machine that lasts longer than any fixed wait."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for pid in children_named(self.proc.pid, "dot"):
                if cpu_seconds(pid) >= LAYING_OUT:
                    return pid
            assert self.proc.poll() is None, self.proc.communicate()
            time.sleep(0.05)
        raise AssertionError("dot never started laying out")

    def finish(self, timeout: float = 60.0) -> tuple[int, str, str]:
        out, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, out, err


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    return big_graph(tmp_path_factory.mktemp("big") / "big.json", BIG_NODES)


def leftovers(folder: Path, *keep: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p not in keep)


@pytest.mark.parametrize(
    "how, status, line",
    [
        (signal.SIGINT, 130, "graphviz-app: stopped by Ctrl+C; nothing was written."),
        (signal.SIGTERM, 143, "graphviz-app: stopped by SIGTERM; nothing was written."),
    ],
)
@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_interrupt_during_layout_ends_cleanly(tmp_path, big, how, status, line, suffix):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    cli = Cli(tmp_path, str(big), "-o", str(out_dir / f"g{suffix}"))
    dot = cli.wait_for_dot()
    assert leftovers(out_dir)  # the .part file being written
    os.killpg(cli.proc.pid, how)  # what a terminal does on Ctrl+C: the whole foreground group
    code, out, err = cli.finish()
    assert code == status, err
    assert err.strip() == line and "Traceback" not in err and out == ""
    assert gone_soon(dot, 2)
    assert leftovers(out_dir) == [] and leftovers(cli.temp) == []


def test_sigkill_leaves_no_dot_and_the_next_run_removes_what_was_left(tmp_path, big):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    cli = Cli(tmp_path, str(big), "-o", str(out_dir / "g.png"))
    dot = cli.wait_for_dot()
    os.killpg(cli.proc.pid, signal.SIGKILL)
    cli.finish()
    assert gone_soon(dot, 5)  # dot dies with its parent (parent-death signal)
    parts = leftovers(out_dir)
    temps = leftovers(cli.temp)
    assert len(parts) == 1 and parts[0].startswith(".g.png.") and parts[0].endswith(".part")
    assert len(temps) == 1 and temps[0].startswith(f"graphviz_app_{cli.proc.pid}_")

    small = tmp_path / "small.json"
    small.write_text(json.dumps(trace()))
    again = Cli(tmp_path, str(small), "-o", str(out_dir / "small.svg"))
    code, _, err = again.finish()
    assert code == 0, err
    assert leftovers(out_dir) == ["small.svg"] and leftovers(again.temp) == []


def test_layout_time_limit(tmp_path, big):
    """dot would lay the big graph out for minutes: a limit of 1 s ends it as surely as a longer
    one, for a second of dot's CPU time."""
    out = tmp_path / "g.svg"
    cli = Cli(tmp_path, str(big), "-o", str(out), "--layout-timeout", "1")
    code, _, err = cli.finish(120)
    assert code == 1 and "Traceback" not in err
    assert "took longer than 1 s to lay out this graph" in err
    assert "raise the time limit" in err
    assert not out.exists() and leftovers(tmp_path, cli.temp, big) == [] and leftovers(cli.temp) == []


def dot_again_or_end(cli: Cli, dot: int, seconds: float = 30.0) -> bool:
    """Wait until the export ends or starts another ``dot`` (its retry after a crash); return
    whether it started another."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and cli.proc.poll() is None:
        if [pid for pid in children_named(cli.proc.pid, "dot") if pid != dot]:
            return True
        time.sleep(0.05)
    return False


def test_dot_interrupted_alone_is_a_failure_not_a_partial_result(tmp_path, big):
    """Interrupted, dot writes what it has and exits 0: that must never become the output.

    dot renders and exits from inside its SIGINT handler, which is not async-signal-safe: about
    one interrupt in a hundred lands while dot holds malloc's lock, and dot waits for it forever
    (asleep, using no CPU); a few in a thousand abort, and the export retries dot as after any
    crash. Such a run says nothing about a partial result, so it is ended and tried again."""
    for attempt in range(3):
        folder = tmp_path / f"try{attempt}"
        folder.mkdir()
        out = folder / "g.svg"
        cli = Cli(folder, str(big), "-o", str(out))
        dot = cli.wait_for_dot()
        os.kill(dot, signal.SIGINT)
        if not gone_soon(dot, 20):
            assert stuck(dot), "dot neither ended nor waits in its signal handler"
        elif not dot_again_or_end(cli, dot):
            code, _, err = cli.finish()
            assert code == 1, err
            assert "it was interrupted" in err and "Traceback" not in err
            assert not out.exists() and leftovers(folder, cli.temp) == [] and leftovers(cli.temp) == []
            return
        os.killpg(cli.proc.pid, signal.SIGKILL)
        cli.finish()
    pytest.fail("dot's own SIGINT handler failed three times in a row")


def test_dot_killed_is_a_failure(tmp_path, big):
    out = tmp_path / "g.pdf"
    cli = Cli(tmp_path, str(big), "-o", str(out))
    killed = 0
    while cli.proc.poll() is None and killed < 5:  # dot is retried once without nslimit
        try:
            dot = cli.wait_for_dot(30)
        except AssertionError:
            break
        os.kill(dot, signal.SIGKILL)
        killed += 1
        gone_soon(dot)
    code, _, err = cli.finish()
    assert code == 1 and "dot crashed (SIGKILL)" in err and "Traceback" not in err
    assert not out.exists() and leftovers(tmp_path, cli.temp) == [] and leftovers(cli.temp) == []


@pytest.mark.parametrize("name", ["x.dot", "x.gv", "x.txt", "x.svg", "no_suffix"])
def test_files_that_are_not_scripts_never_run(tmp_path, name):
    marker = tmp_path / "MARKER"
    target = tmp_path / name
    target.write_text(marker_script(marker))
    out = tmp_path / "o.svg"
    cli = Cli(tmp_path, str(target), "-o", str(out))
    code, _, err = cli.finish()
    assert code == 1 and "Traceback" not in err
    assert not marker.exists() and not out.exists()
    if name.endswith((".dot", ".gv")):
        assert "graphviz_app reads graphs it saved as .json" in err
        assert "is Graphviz text, not a script; it was not run" in err
    else:
        assert "is not a Python script or a saved graph; it was not run" in err


def test_run_as_python_runs_another_name_and_says_so(tmp_path):
    marker = tmp_path / "MARKER"
    target = tmp_path / "notes.txt"
    target.write_text(marker_script(marker))
    cli = Cli(tmp_path, str(target), "-o", str(tmp_path / "o.svg"), "--run-as-python")
    code, _, err = cli.finish(180)
    assert marker.read_text() == "ran"
    assert "notes.txt runs as a Python script, as you asked" in err
    assert code == 1  # it builds no tensor: no graph


def cli_in_process(capsys, *args: str) -> tuple[int, str]:
    code = main(["export", *args])
    captured = capsys.readouterr()
    return code, captured.err


def test_crafted_inputs_through_the_cli(tmp_path, capsys):
    """The whole catalogue: clear message naming the file, exit 1, no traceback, no output."""
    cases = [(case.phrase, path) for case, path in write_malformed(tmp_path)]
    cases += [(special.phrase, special.path) for special in special_files(tmp_path)]
    out = tmp_path / "out.svg"
    passed = 0
    for phrase, path in cases:
        code, err = cli_in_process(capsys, str(path), "-o", str(out))
        assert code == 1, path
        assert err.startswith("graphviz-app: error: ") and err.count("\n") == 1, err
        assert str(path) in err and phrase in err, err
        assert not out.exists()
        passed += 1
    assert passed == len(cases) >= 50
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_crafted_inputs_in_a_real_process_print_no_traceback(tmp_path):
    chosen = {"int_5000_digits", "nesting_100000", "version_string", "nodes_dict", "not_utf8"}
    cases = [path for case, path in write_malformed(tmp_path) if case.name in chosen]
    cases += [s.path for s in special_files(tmp_path) if s.name in ("fifo_json", "link_to_dev_zero")]
    for path in cases:
        cli = Cli(tmp_path, str(path), "-o", str(tmp_path / "o.svg"))
        code, out, err = cli.finish()
        assert (code, out) == (1, ""), err
        assert err.startswith(f"graphviz-app: error: {path}") and "Traceback" not in err


def test_notices_a_file_crafted_are_printed_as_written_and_bounded(tmp_path):
    """A saved graph's notices name templates and values; none is formatted beyond the app's own
    words, so the CLI prints every one, bounded, then the file's real notice, and exits 0."""
    real = Message.of(A_FOLDER, path="/data/real")
    notices = [*hostile_notices(), real.to_wire()]
    path = tmp_path / "notices.json"
    path.write_text(json.dumps(trace(notices=notices)))
    cli = Cli(tmp_path, str(path), "-o", str(tmp_path / "o.svg"))
    code, out, err = cli.finish()
    assert code == 0, err[-2000:]
    assert "Traceback" not in err and "<class" not in err and "__builtins__" not in err
    printed = [line for line in err.splitlines() if line.startswith("note: ")]
    assert len(printed) == len(notices)
    assert printed[-1] == f"note: {real.english()}"
    assert "note: {x:>1000000000} [x = secret]" in printed
    assert len(err) < 12 * WIRE_TEXT, len(err)
    assert out.startswith(f"wrote {tmp_path / 'o.svg'}")


def test_export_never_overwrites_its_input_or_a_read_only_file(tmp_path, capsys):
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps(trace()))
    before = graph.read_bytes()
    code, err = cli_in_process(capsys, str(graph), "-o", str(graph))
    assert code == 1 and "it is the graph's own input file" in err
    assert graph.read_bytes() == before

    locked = tmp_path / "locked.svg"
    locked.write_text("keep me")
    locked.chmod(0o444)
    code, err = cli_in_process(capsys, str(graph), "-o", str(locked))
    assert code == 1 and "read-only, so it is not replaced" in err
    assert locked.read_text() == "keep me"

    pipe = tmp_path / "pipe.svg"
    os.mkfifo(pipe)
    code, err = cli_in_process(capsys, str(graph), "-o", str(pipe))
    assert code == 1 and "not a regular file" in err

    code, err = cli_in_process(capsys, str(graph), "-o", str(tmp_path / "fine.svg"))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fine.svg", "g.json", "locked.svg", "pipe.svg"]


def test_progress_line_on_a_terminal_only(tmp_path, big):
    """The line ticks each second: a limit of 2 s shows its first tick ("1 s") before dot is
    stopped, and in a pipe the same 2 s would show one if the line were written there."""
    import pty

    controller, terminal = pty.openpty()
    out = tmp_path / "g.svg"
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "export", str(big), "-o", str(out), "--layout-timeout", "2"],
        stdout=subprocess.PIPE,
        stderr=terminal,
        preexec_fn=as_from_a_terminal,
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(terminal)
    seen = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed: the process ended
            break
        if not chunk:
            break
        seen += chunk
    proc.wait(60)
    os.close(controller)
    text = seen.decode("utf-8", "replace")
    assert proc.returncode == 1
    assert f"\rgraphviz-app: drawing {BIG_NODES:,} nodes: 1 s (limit 2 s)" in text
    assert "took longer than 2 s" in text and not out.exists()

    piped = Cli(tmp_path, str(big), "-o", str(out), "--layout-timeout", "2")
    code, _, err = piped.finish()
    assert code == 1 and "drawing" not in err and "\r" not in err


def test_ctrl_c_while_the_script_runs_leaves_no_worker(tmp_path):
    script = tmp_path / "slow.py"
    script.write_text(
        "import time\nimport torch\nx = torch.ones(2, requires_grad=True)\n"
        "print('started', flush=True)\ntime.sleep(120)\n"
    )
    cli = Cli(tmp_path, str(script), "-o", str(tmp_path / "o.svg"))
    deadline = time.monotonic() + 120
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:  # the worker and the run's child
        workers = _descendants(cli.proc.pid)
        time.sleep(0.2)
    time.sleep(2)
    workers = _descendants(cli.proc.pid)
    assert len(workers) >= 2
    os.killpg(cli.proc.pid, signal.SIGINT)
    code, _, err = cli.finish()
    assert code == 130 and err.strip() == "graphviz-app: stopped by Ctrl+C; nothing was written."
    assert all(gone_soon(pid, 5) for pid in workers)
    assert leftovers(tmp_path, script, cli.temp) == []


def _descendants(pid: int) -> list[int]:
    found = []
    stack = [pid]
    while stack:
        parent = stack.pop()
        for entry in os.listdir("/proc"):
            fields = stat_fields(entry) if entry.isdigit() else None
            if fields is not None and int(fields[1]) == parent:
                found.append(int(entry))
                stack.append(int(entry))
    return found


@pytest.mark.parametrize("suffix", [".svg", ".dot", ".json", ".png", ".pdf"])
def test_hostile_names_export_as_valid_documents(tmp_path, capsys, suffix):
    import xml.etree.ElementTree as ET

    from hostile import HOSTILE_NAMES, hostile_trace

    source = tmp_path / "hostile.json"
    source.write_text(json.dumps(hostile_trace()))
    out = tmp_path / f"out{suffix}"
    code, err = cli_in_process(capsys, str(source), "-o", str(out), "--color", "module")
    assert code == 0, err
    if suffix == ".svg":
        root = ET.parse(out).getroot()
        nodes = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "node"]
        assert len(nodes) == len(HOSTILE_NAMES) + 1  # and the legend
    elif suffix == ".json":
        assert json.loads(out.read_text())["nodes"][8]["name"] == '<img src="/dev/zero">'
    else:
        assert out.stat().st_size > 0


def test_script_output_and_errors_are_shown_as_plain_text(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    script = tmp_path / "loud.py"
    script.write_text(
        "import torch\nprint('<b>bold</b> &nbsp;')\nprint('x' * 300_000)\n"
        f"raise ValueError('<img src=\"{fifo}\">')\n"
    )
    cli = Cli(tmp_path, str(script), "-o", str(tmp_path / "o.svg"))
    code, out, err = cli.finish(180)
    assert (code, out) == (1, "")
    lines = err.splitlines()
    assert lines[0] == "--- the script's output ---" and lines[1] == "<b>bold</b> &nbsp;"
    assert lines[2] == "x" * 300_000
    assert lines[-1] == (
        f'graphviz-app: error: {script}:4: The script raised ValueError on line 4: <img src="{fifo}">'
    )
    assert "graphviz_app/" not in err  # only the user's own traceback
    assert not (tmp_path / "o.svg").exists()


def test_sigkill_while_the_script_runs_leaves_no_worker_and_the_next_run_tidies(tmp_path):
    script = tmp_path / "slow.py"
    script.write_text("import time\nimport torch\nx = torch.ones(2, requires_grad=True)\ntime.sleep(120)\n")
    cli = Cli(tmp_path, str(script), "-o", str(tmp_path / "o.svg"))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not leftovers(cli.temp):
        time.sleep(0.2)  # the run's folder exists once the worker has the request
    time.sleep(1)
    workers = _descendants(cli.proc.pid)
    assert workers and leftovers(cli.temp)[0].startswith(f"graphviz_app_{cli.proc.pid}_")
    os.kill(cli.proc.pid, signal.SIGKILL)
    cli.finish()
    assert all(gone_soon(pid, 10) for pid in workers)
    small = tmp_path / "small.json"
    small.write_text(json.dumps(trace()))
    code, _, err = Cli(tmp_path, str(small), "-o", str(tmp_path / "small.svg")).finish()
    assert code == 0, err
    assert leftovers(cli.temp) == []


def test_interruptible_unwinds_the_command_and_restores_the_handlers(capsys):
    from graphviz_app.cli import interruptible

    before = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM))
    cleaned = []

    def command(argv):
        try:
            os.kill(os.getpid(), argv[0])
            time.sleep(5)  # the handler raises before this ends
            return 0
        finally:
            cleaned.append(argv[0])

    assert interruptible(command, [signal.SIGTERM]) == 143
    assert interruptible(command, [signal.SIGINT]) == 130
    assert cleaned == [signal.SIGTERM, signal.SIGINT]
    assert capsys.readouterr().err.split() == [
        "graphviz-app:",
        "stopped",
        "by",
        "SIGTERM;",
        "nothing",
        "was",
        "written.",
        "graphviz-app:",
        "stopped",
        "by",
        "Ctrl+C;",
        "nothing",
        "was",
        "written.",
    ]
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before


@pytest.mark.parametrize("name", ["x.dot", "notes.txt", "no_suffix"])
def test_the_window_is_not_opened_on_a_file_that_is_not_a_script(tmp_path, capsys, name):
    marker = tmp_path / "MARKER"
    target = tmp_path / name
    target.write_text(marker_script(marker))
    assert main([str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"graphviz-app: error: {target}") and "it was not run" in err
    assert not marker.exists()
