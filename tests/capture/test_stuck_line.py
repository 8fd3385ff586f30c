"""A run stopped by its time limit or cancelled reports the line it was stuck on: the runner asks
the script's process for its stack (faulthandler) before it kills it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from graphviz_app.capture.client import Runner, split_stack, stuck_line
from graphviz_app.wire.errors import ScriptError

LOOP = """\
import torch
print("before the loop")
total = 0
while True:
    total += 1
"""

NESTED = """\
import sys, time


def wait_forever(flag):
    while True:
        time.sleep(0.01)
        if flag:  # the test cancels once this file exists: the script is in the loop then
            open(flag, "w").close()
            flag = None


wait_forever(sys.argv[1])
"""
NESTED_BODY = {
    5: "while True:",
    6: "time.sleep(0.01)",
    7: "if flag:  # the test cancels once this file exists: the script is in the loop then",
    8: 'open(flag, "w").close()',
    9: "flag = None",
}
"""The lines inside ``wait_forever`` (the call is on line 12), by number."""


def test_a_timeout_names_the_line_of_the_endless_loop(runner, write_script):
    path = write_script(LOOP)
    with pytest.raises(ScriptError) as caught:
        runner.run(path, timeout=1.0)
    error = caught.value
    assert error.kind == "timeout" and error.file == str(path)
    assert error.line in (4, 5)  # the while test or its body: both are the loop
    code = {4: "while True:", 5: "total += 1"}[error.line]
    assert f"stuck on line {error.line}: `{code}`" in error.message.english()
    assert error.output.rstrip() == "before the loop"  # the stack is not shown as the script's output


def test_a_cancel_names_the_deepest_line_of_the_script(write_script, tmp_path):
    path = write_script(NESTED)
    waiting = tmp_path / "waiting"
    runner = Runner(warm=False)

    def cancel_when_waiting() -> None:
        while not waiting.exists() and time.monotonic() - started < 60:
            time.sleep(0.02)
        runner.cancel()

    started = time.monotonic()
    canceller = threading.Thread(target=cancel_when_waiting)
    canceller.start()
    try:
        with pytest.raises(ScriptError) as caught:
            runner.run(path, timeout=90.0, argv=[str(waiting)])
    finally:
        canceller.join()
        runner.close()
    error = caught.value
    # inside wait_forever (nearly always its sleep), not its call on line 12
    assert error.kind == "cancelled" and error.line in NESTED_BODY
    code = NESTED_BODY[error.line]
    assert error.message.english() == f"The run was cancelled. It was stuck on line {error.line}: `{code}`."
    assert time.monotonic() - started < 60


def test_the_stack_is_split_from_the_output():
    dump = (
        "Current thread 0x00007f0000000001 (most recent call first):\n"
        '  File "/s/lib.py", line 3 in helper\n'
        '  File "/s/script.py", line 9 in <module>\n'
    )
    output, stack = split_stack("hello\n" + dump)
    assert (
        stuck_line(
            split_stack("x\n" + dump.replace("Current thread 0x00007f0000000001", "Stack"))[1],
            Path("/s/script.py"),
        )
        == 9
    )  # one thread's dump
    assert output == "hello\n" and stack == dump
    assert stuck_line(stack, Path("/s/script.py")) == 9
    assert stuck_line(stack, Path("/s/other.py")) is None
    assert split_stack("no stack here\n") == ("no stack here\n", "")
