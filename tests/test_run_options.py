"""RunOptions: one typed value from the CLI to the worker; its wire form and its checks."""

from __future__ import annotations

import json

import pytest

from graphviz_app import cli
from graphviz_app.wire.run_options import RunOptionError, RunOptions


def test_the_wire_form_round_trips_every_field():
    options = RunOptions(
        timeout=7.5,
        backward=True,
        backward_call=3,
        grad_graphs=True,
        run_to_end=True,
        output="loss",
        values=False,
        argv=("--epochs", "1"),
        cwd="/tmp/here",
    )
    wire = json.loads(json.dumps(options.to_wire()))
    assert wire["argv"] == ["--epochs", "1"] and wire["timeout"] == 7.5
    assert RunOptions.from_wire(wire) == options
    assert RunOptions.from_wire({}) == RunOptions()  # a missing field takes its default


def test_plain_forms_are_stored_frozen():
    options = RunOptions(timeout=5, argv=["a", "b"])
    assert options.timeout == 5.0 and isinstance(options.timeout, float)
    assert options.argv == ("a", "b")
    with pytest.raises(AttributeError):
        options.timeout = 1.0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("fields", "option", "phrase"),
    [
        ({"timeout": 0}, "timeout", "The run time limit is 0, not a number of seconds above 0. Give a limit"),
        ({"timeout": -5.0}, "timeout", "(--timeout S, or Edit ▸ Preferences ▸ Run time limit)"),
        ({"timeout": float("nan")}, "timeout", "The run time limit is nan"),
        ({"timeout": "60"}, "timeout", "The run time limit is '60'"),
        ({"backward_call": 0}, "backward_call", "The backward call to capture is 0, not a call number"),
        ({"backward_call": 1.5}, "backward_call", "Give 1 or more (--backward-call N"),
        ({"backward_call": True}, "backward_call", "is True, not a call number"),
        ({"backward": "yes"}, "backward", "The run option backward is 'yes', not true or false."),
        ({"grad_graphs": 1}, "grad_graphs", "The run option grad_graphs is 1, not true or false."),
        ({"output": 3}, "output", "not a variable name or nothing"),
        ({"argv": ("a", 1)}, "argv", "not a list of texts"),
        ({"cwd": 1}, "cwd", "not a folder or nothing"),
        ({"health": -1}, "health", "The gradient health steps are -1, not a number of backward() calls"),
        ({"health": 10_001}, "health", "from 0 (off) to 10000. Give such a number (--health N"),
        ({"health": True}, "health", "are True, not a number"),
    ],
)
def test_unusable_values_are_refused_naming_the_cause_and_the_fix(fields, option, phrase):
    with pytest.raises(RunOptionError) as caught:
        RunOptions(**fields)
    assert caught.value.option == option
    assert phrase in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_the_wire_refuses_what_this_version_does_not_know():
    with pytest.raises(RunOptionError, match="name seed, which this graphviz_app does not know"):
        RunOptions.from_wire({"seed": 1})
    with pytest.raises(RunOptionError, match=r"are \[1\], not a JSON object"):
        RunOptions.from_wire([1])
    with pytest.raises(RunOptionError, match="time limit"):
        RunOptions.from_wire({"timeout": None})


def test_the_cli_builds_its_options_from_its_arguments():
    args = cli.export_parser().parse_args(
        ["s.py", "-o", "g.json", "--backward", "--timeout", "7", "--backward-call", "2", "--run-to-end"]
    )
    assert cli.run_options(args, ["--epochs", "1"]) == RunOptions(
        timeout=7.0, backward=True, backward_call=2, run_to_end=True, argv=("--epochs", "1")
    )
    counted = cli.export_parser().parse_args(["s.py", "-o", "g.json", "--grad-graphs"])
    assert cli.run_options(counted, []) == RunOptions(grad_graphs=True)
    health = cli.export_parser().parse_args(["s.py", "-o", "g.json", "--health", "20"])
    assert cli.run_options(health, []) == RunOptions(health=20)


@pytest.mark.parametrize(
    ("flags", "phrase"),
    [
        (["--timeout", "0"], "The run time limit is 0, not a number of seconds above 0."),
        (["--backward-call", "0"], "The backward call to capture is 0, not a call number"),
    ],
)
def test_the_cli_refuses_an_unusable_option_before_running(tmp_path, capsys, flags, phrase):
    script = tmp_path / "never.py"
    script.write_text("open('ran', 'w')\n")
    assert cli.main(["export", str(script), "-o", str(tmp_path / "g.json"), *flags]) == 2
    assert phrase in capsys.readouterr().err
    assert not (tmp_path / "ran").exists() and not (tmp_path / "g.json").exists()
