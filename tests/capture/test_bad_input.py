"""Every bad input gets a typed error naming the cause and the fix; the worker survives all of them."""

from __future__ import annotations

import pytest

from graphviz_app.message_reader import read_message
from graphviz_app.resources import example
from graphviz_app.wire.errors import ScriptError

CASES = {
    "syntax": ("x = (\n", "syntax error on line 1"),
    "exception": (
        "import torch\nw = torch.ones(2, requires_grad=True)\n\ndef pick():\n    return w[5]\n\npick()\n",
        "IndexError on line 5",
    ),
    "no_graph": (
        "import torch\nw = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    y = (w * 2).sum()\n",
        "torch.no_grad()",
    ),
    "device_mismatch": (
        "import torch\nw = torch.ones(2, requires_grad=True)\nm = torch.ones(2, device='meta')\ny = (w + m).sum()\n",
        "different devices",
    ),
    "backward_twice": (
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * w).sum()\ny.backward()\ny.backward()\n",
        "retain_graph=True",
    ),
    "int_requires_grad": ("import torch\nw = torch.tensor([1, 2], requires_grad=True)\n", "integers"),
    "exit": ("import sys\nsys.exit(2)\n", "sys.exit(2)"),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_script_errors_name_the_cause(kind, write_script, runner):
    source, phrase = CASES[kind]
    script = write_script(source)
    with pytest.raises(ScriptError) as info:
        # run to the end: the second backward() of "backward_twice" comes after the captured one
        runner.run(script, timeout=30, run_to_end=True)
    error = info.value
    assert error.kind == kind
    assert phrase in error.message.english()
    if kind not in ("exit", "no_graph"):
        assert error.user_traceback and "graphviz_app" not in error.user_traceback
        assert (
            error.file == str(script)
            and error.line == source.count("\n", 0, _line_start(source, error.line)) + 1
        )


def _line_start(source: str, line: int) -> int:
    return sum(len(part) + 1 for part in source.split("\n")[: line - 1])


INPLACE = (
    "import torch\nw = torch.ones(2, requires_grad=True)\nx = w.sigmoid()\nx.mul_(2)\nx.sum().backward()\n"
)


@pytest.mark.parametrize("run_to_end", [False, True])
def test_inplace_error_keeps_the_graph_and_names_the_line_that_changed_the_tensor(
    write_script, runner, run_to_end
):
    # backward() fails in SigmoidBackward0: the sigmoid result it saved was doubled in place
    script = write_script(INPLACE)
    graph = runner.run(script, run_to_end=run_to_end).graph
    error = graph.graph["backward_error"]
    assert error["kind"] == "inplace" and "changed in place" in read_message(error["message"]).english()
    assert "line 4: `x.mul_(2)`" in read_message(error["message"]).english() and error["line"] == 5
    assert error["traceback"] and "graphviz_app" not in error["traceback"]
    failing = graph.nodes[error["node"]]
    assert (
        failing["op"] == "SigmoidBackward0"
        and "modified by an inplace operation" in failing["backward_error"]
    )
    assert [d.get("backward_error") for _, d in graph.nodes(data=True)].count(
        None
    ) == graph.number_of_nodes() - 1
    assert graph.graph["backward"]["error"].startswith("one of the variables needed for gradient computation")
    assert {d["op"] for _, d in graph.nodes(data=True)} == {
        "SumBackward0",
        "MulBackward0",
        "SigmoidBackward0",
        "AccumulateGrad",
    }


def test_user_traceback_shows_the_users_frames(write_script, runner):
    script = write_script("import torch\n\ndef inner():\n    raise ValueError('bad shape')\n\ninner()\n")
    with pytest.raises(ScriptError) as info:
        runner.run(script)
    text = info.value.user_traceback
    assert "line 6" in text and "line 4" in text and "inner" in text and "ValueError: bad shape" in text
    assert "capture" not in text and "runpy" not in text


def test_no_tensor_requires_grad(write_script, runner):
    with pytest.raises(ScriptError, match="requires_grad=True") as info:
        runner.run(write_script("import torch\nx = torch.ones(3)\ny = x * 2\n"))
    assert info.value.kind == "no_graph"


def test_bundled_no_grad_example_is_explained(runner):
    with pytest.raises(ScriptError, match=r"torch\.no_grad") as info:
        runner.run(example("no_grad.py"))
    assert info.value.kind == "no_graph" and info.value.line is not None


def test_missing_file_and_not_python(tmp_path, runner):
    with pytest.raises(ScriptError, match="No such file") as info:
        runner.run(tmp_path / "nope.py")
    assert info.value.kind == "missing_file"
    binary = tmp_path / "model.pt"
    binary.write_bytes(b"\x80\x02PK\x00\x00binary")
    with pytest.raises(ScriptError, match="not a Python script") as info:
        runner.run(binary)
    assert info.value.kind == "not_python"
    notes = tmp_path / "notes.txt"
    notes.write_text("this is just some text, not code\n")
    with pytest.raises(ScriptError, match="not a Python script"):
        runner.run(notes)


@pytest.mark.parametrize(
    "source, kind",
    [
        ("import os\nprint('bye')\nos._exit(3)\n", "exit"),
        ("import ctypes\nprint('about to crash')\nctypes.string_at(0)\n", "crash"),
        ("while True:\n    pass\n", "timeout"),
        ("import time\nwhile True:\n    print('flood' * 100)\n", "timeout"),
        ("x = input('name? ')\n", "exception"),
    ],
    ids=["os_exit", "segfault", "hang", "flood_hang", "waits_for_input"],
)
def test_worker_survives_crash_exit_hang(source, kind, write_script, runner):
    with pytest.raises(ScriptError) as info:
        runner.run(write_script(source), timeout=2)
    assert info.value.kind == kind
    if kind == "crash":
        assert "SIGSEGV" in info.value.message.english() and "about to crash" in info.value.output
        assert "line 3" in (info.value.user_traceback or "")
    if kind == "exit":
        assert "os._exit(3)" in info.value.message.english() and "bye" in info.value.output
    # the same warm worker is ready for the next script
    graph = runner.run(example("basic_autograd.py")).graph
    assert graph.number_of_nodes() == 4


def test_cancel_from_another_thread(write_script, runner):
    import threading

    script = write_script("while True:\n    pass\n")
    timer = threading.Timer(0.5, runner.cancel)
    timer.start()
    with pytest.raises(ScriptError) as info:
        runner.run(script, timeout=60)
    assert info.value.kind == "cancelled"
    assert runner.run(example("basic_autograd.py")).graph.number_of_nodes() == 4


def test_stop_set_before_the_run_starts_cancels_it(write_script, runner):
    import threading

    stop = threading.Event()
    stop.set()
    with pytest.raises(ScriptError) as info:
        runner.run(write_script("while True:\n    pass\n"), timeout=60, stop=stop)
    assert info.value.kind == "cancelled"
    assert runner.run(example("basic_autograd.py"), stop=threading.Event()).graph.number_of_nodes() == 4


def test_a_run_waiting_for_another_gives_up_when_stopped(write_script, runner, tmp_path):
    import threading
    import time

    flag = tmp_path / "running"
    slow = write_script(
        f"import pathlib, time\npathlib.Path({str(flag)!r}).touch()\ntime.sleep(600)\n", "slow.py"
    )
    busy = threading.Event()
    first: list[BaseException] = []

    def run_slow() -> None:
        try:
            runner.run(slow, timeout=600, stop=busy)
        except ScriptError as exc:
            first.append(exc)

    thread = threading.Thread(target=run_slow)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not flag.exists() and time.monotonic() < deadline:  # the first run holds the runner
            time.sleep(0.02)
        assert flag.exists()
        waiting = threading.Event()
        threading.Timer(0.3, waiting.set).start()
        with pytest.raises(ScriptError) as info:  # blocked on the first run, until its stop is set
            runner.run(example("basic_autograd.py"), stop=waiting)
        assert info.value.kind == "cancelled"
        assert thread.is_alive()  # the first run was not touched
    finally:
        busy.set()
        runner.cancel()
        thread.join(30)
    assert not thread.is_alive() and first and first[0].kind == "cancelled"


def test_a_run_stopped_while_the_worker_starts_does_not_wait_for_it():
    import threading

    from graphviz_app.capture.client import Runner

    fresh = Runner()  # its worker still has torch to import
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    try:
        with pytest.raises(ScriptError) as info:
            fresh.run(example("basic_autograd.py"), stop=stop)
        assert info.value.kind == "cancelled"
        assert fresh._worker is not None and not fresh._worker.ready
        assert fresh.run(example("basic_autograd.py")).graph.number_of_nodes() == 4
    finally:
        fresh.close()


def test_cancel_right_after_the_start_kills_the_script(write_script, runner):
    """The app cancels as soon as the worker says "started": the child's process group must
    exist by then (the worker sets it from both sides of the fork)."""
    import threading
    import time

    script = write_script("import time\ntime.sleep(600)\n", "sleepy.py")

    def run(errors: list[ScriptError]) -> None:
        try:
            runner.run(script, timeout=600)
        except ScriptError as exc:
            errors.append(exc)

    for _ in range(10):
        errors: list[ScriptError] = []
        thread = threading.Thread(target=run, args=(errors,))
        thread.start()
        deadline = time.monotonic() + 60
        while runner._child is None and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.0005)
        runner.cancel()
        thread.join(60)
        if thread.is_alive():  # not stopped: end it so the session's runner stays usable
            runner.close()
            thread.join(30)
        assert not thread.is_alive() and errors and errors[0].kind == "cancelled"


SHAPES = {
    "product": (
        "import torch\nx = torch.ones(2, 3, requires_grad=True)\ny = x @ x\n",
        "Line 3 (`y = x @ x`) multiplies a 2×3 tensor by a 2×3 one, and a matrix product needs the first "
        "one's last size (3) to equal the second one's size before its last (2). Transpose the second one "
        "(`.T`): 2×3 @ 3×2 works and gives 2×2.",
    ),
    "transpose_first": (
        "import torch\na = torch.ones(3, 2, requires_grad=True)\nb = torch.ones(3, 4)\nc = torch.mm(a, b)\n",
        "Transpose the first one (`.T`): 2×3 @ 3×4 works and gives 2×4.",
    ),
    "linear": (
        "import torch\nfrom torch import nn\nlayer = nn.Linear(4, 5)\nx = torch.ones(2, 3)\ny = layer(x)\n",
        "Line 5 (`y = layer(x)`) multiplies a 2×3 tensor by a 4×5 one, and a matrix product needs the first "
        "one's last size (3) to equal the second one's size before its last (4). Make the two sizes agree: "
        "give the first tensor 4 in its last dimension, or, when the second is an nn.Linear layer's weight, "
        "create the layer with in_features=3",
    ),
    "broadcast": (
        "import torch\na = torch.ones(2, 3, requires_grad=True)\nb = torch.ones(2, 2)\nc = a + b\n",
        "Line 4 (`c = a + b`) combines two tensors element by element whose sizes differ in dimension 1: "
        "3 and 2 (a is 2×3, b is 2×2). An element-wise operation needs equal sizes there, or a size of 1",
    ),
}


@pytest.mark.parametrize("case", sorted(SHAPES))
def test_a_shape_mismatch_names_the_line_both_shapes_and_the_fix(case, write_script, runner):
    source, phrase = SHAPES[case]
    script = write_script(source)
    with pytest.raises(ScriptError) as info:
        runner.run(script, timeout=30)
    error = info.value
    assert error.kind == "shape_mismatch" and error.line == source.count("\n")
    assert phrase in error.message.english()
    assert "cannot be multiplied" in (error.user_traceback or "") or "must match" in (
        error.user_traceback or ""
    )
