"""A run set up in Preferences and the same run asked for on the command line reach the real
worker as one identical RunOptions, and the script runs with it."""

from __future__ import annotations

from graphviz_app import cli
from graphviz_app.qt.settings import Settings
from graphviz_app.qt.shell.preferences import PreferencesDialog

LOOP = """\
import os, sys
import torch
print(sys.argv[1:], os.getcwd())
w = torch.ones(2, requires_grad=True)
for step in range(3):
    (w * (step + 1)).sum().backward()
"""


def test_preferences_and_the_cli_reach_the_worker_identical(qtbot, qt_runner, tmp_path, monkeypatch):
    script = tmp_path / "loop.py"
    script.write_text(LOOP)
    folder = tmp_path / "runs here"
    folder.mkdir()
    dialog = PreferencesDialog(Settings(), script)
    qtbot.addWidget(dialog)
    dialog.timeout.setValue(7)
    dialog.stop_after.setChecked(False)
    dialog.backward_call.setValue(2)
    dialog.arguments.setText("--epochs 1")
    dialog.working_folder.setCurrentIndex(dialog.working_folder.findData("chosen"))
    dialog.chosen_folder.setText(str(folder))
    dialog.accept()
    from_preferences = Settings().run_options(script, backward=True)  # what the window's run sends

    args = cli.export_parser().parse_args(
        [str(script), "-o", "g.json", "--backward", "--timeout", "7", "--backward-call", "2", "--run-to-end"]
    )
    from_cli = cli.run_options(args, ["--epochs", "1"])
    monkeypatch.chdir(folder)  # the CLI's script runs in its current folder
    assert from_cli.cwd is None and from_preferences.cwd == str(folder)

    results = [qt_runner.run(script, options) for options in (from_preferences, from_cli)]
    ran_with = [result.options for result in results]  # the worker's echo of what it read
    assert ran_with[0] == ran_with[1] == from_preferences
    assert ran_with[0].timeout == 7.0 and ran_with[0].argv == ("--epochs", "1")
    for result in results:  # and the script ran with it
        assert result.output.startswith(f"['--epochs', '1'] {folder}\n")
        graph = result.graph
        assert graph.graph["backward"]["call"] == 2
        assert graph.graph["stopped_after_backward"] is None and graph.graph["backward_calls"] == 3
