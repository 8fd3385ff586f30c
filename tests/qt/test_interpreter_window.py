"""The window runs a script under its project's Python and says which (status bar, Inspector,
Messages, kept in a saved graph); Edit ▸ Preferences chooses the interpreter (a default and one
per script, with a file picker) and the working folder; odd names and arguments still run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from venvs import MYPROJ, make_project, make_venv

from graphviz_app.core.export import export_graph
from graphviz_app.message_reader import read_message
from graphviz_app.qt.settings import START_FOLDER, Settings
from graphviz_app.resources import example, examples_dir

from .conftest import LOAD_TIMEOUT_MS

pytestmark = pytest.mark.slow

TRAIN = """\
import os
import torch
try:
    import myproj
    print("myproj:", myproj.NAME)
except ImportError:
    print("myproj: none")
print("cwd:", os.getcwd())
w = torch.ones(2, requires_grad=True)
loss = (w * 3).sum()
"""
WHERE = (
    "import os\nimport sys\nimport torch\nprint('cwd:', os.getcwd())\nprint('argv:', sys.argv[1:])\n"
    "w = torch.ones(2, requires_grad=True)\nloss = (w * 3).sum()\n"
)


def fail(window, qtbot, path: Path):
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as blocker:
        window.open_path(path)
    return blocker.args[0]


def test_the_projects_venv_runs_the_script_and_the_window_says_so(window, load, qtbot, tmp_path):
    project = make_project(tmp_path / "proj", TRAIN)
    script = project / "train.py"
    load(script)
    graph = window.document.view_model.graph
    environment = graph.graph["environment"]
    assert environment["prefix"] == str(project / ".venv")
    assert str(read_message(environment["reason"])) == "found .venv beside the script"
    text = window.messages.plain_text()
    assert f"myproj: {MYPROJ}" in text and f"cwd: {project}" in text  # in the script's own folder
    version = ".".join(map(str, sys.version_info[:3]))
    assert f"Ran with Python {version} · torch {environment['torch']} · " in text
    assert window.status_python.text() == f"Python {version} · torch {environment['torch']}"
    assert "(found .venv beside the script)</p>" in window.status_python.toolTip()
    rows = window.inspector.values()  # nothing selected: the graph's own facts
    assert rows["Ran with/chosen"] == "found .venv beside the script"
    assert rows["Ran with/environment"].endswith("proj/.venv")
    saved = tmp_path / "train.json"
    export_graph(graph, saved)
    window.document.clear()
    load(saved)  # reopened, the saved graph still says which Python ran it
    assert window.document.view_model.graph.graph["environment"] == environment
    assert window.status_python.text() == f"Python {version} · torch {environment['torch']}"


def test_preferences_choose_the_python_per_script_and_by_default(window, load, qtbot, tmp_path):
    project = make_project(tmp_path / "proj", TRAIN)
    script = project / "train.py"
    bare = make_venv(tmp_path / "bare")
    window.controller.source = script  # the open script, as after opening it
    dialog = window.show_preferences()
    assert dialog.python_found.text().endswith("(found .venv beside the script).")
    dialog.python_script.setText(str(bare))
    assert dialog.python_found.text().endswith("(chosen in Preferences for this script).")
    dialog.accept()
    assert Settings().python(script) == str(bare) and Settings().python() == ""
    error = fail(window, qtbot, script)
    assert (
        error.kind == "interpreter"
        and f"{bare} (chosen in Preferences for this script) has no torch" in error.message.english()
    )
    told = window.messages.plain_text()
    assert "has no torch" in told
    # the window's own way to pick another, not the command line's
    assert "or pick another interpreter in Edit ▸ Preferences ▸ Python interpreter." in told
    assert "--python" not in told
    dialog = window.show_preferences()
    dialog.python_script.setText("")
    dialog.python_default.setText(sys.executable)  # the default wins over the .venv found
    dialog.accept()
    load(script)
    environment = window.document.view_model.graph.graph["environment"]
    assert (
        str(read_message(environment["reason"])) == "the default in Preferences"
        and environment["prefix"] == sys.prefix
    )
    assert "myproj: none" in window.messages.plain_text()


def test_the_file_picker_writes_the_interpreter_into_its_field(window, qtbot):
    dialog = window.show_preferences()
    picker = dialog.browse(dialog.python_default)
    assert picker.isVisible()
    picker.fileSelected.emit(sys.executable)  # what choosing a file in it does
    picker.close()
    assert dialog.python_default.text() == sys.executable
    assert dialog.python_found.text().endswith("(the default in Preferences).")
    dialog.reject()


def test_the_file_picker_starts_at_home_not_in_the_apps_folder(window, load, write_script, monkeypatch):
    monkeypatch.chdir(examples_dir())  # as when the app is started from its own folder
    dialog = window.show_preferences()  # nothing open
    picker = dialog.browse(dialog.python_default)
    assert Path(picker.directory().absolutePath()) == Path.home()
    picker.close()
    dialog.reject()
    load(example("basic_autograd.py"))  # a lesson: its folder is the app's
    dialog = window.show_preferences()
    picker = dialog.browse(dialog.python_default)
    assert Path(picker.directory().absolutePath()) == Path.home()
    picker.close()
    dialog.reject()
    script = write_script(WHERE, "where.py")  # the user's own script: its folder
    load(script)
    dialog = window.show_preferences()
    picker = dialog.browse(dialog.python_default)
    assert Path(picker.directory().absolutePath()) == script.parent.resolve()
    picker.close()
    dialog.reject()


def test_the_working_folder_is_the_scripts_unless_preferences_say_otherwise(
    window, load, write_script, tmp_path
):
    script = write_script(WHERE, "where.py")
    load(script)
    assert f"cwd: {script.parent}" in window.messages.plain_text()
    dialog = window.show_preferences()
    dialog.working_folder.setCurrentIndex(dialog.working_folder.findData("start"))
    assert not dialog.chosen_folder.isEnabled()
    dialog.accept()
    window.messages.clear()
    load(script)
    assert f"cwd: {START_FOLDER}" in window.messages.plain_text()
    chosen = tmp_path / "chosen"
    chosen.mkdir()
    dialog = window.show_preferences()
    dialog.working_folder.setCurrentIndex(dialog.working_folder.findData("chosen"))
    assert dialog.chosen_folder.isEnabled()
    dialog.chosen_folder.setText(str(chosen))
    dialog.accept()
    window.messages.clear()
    load(script)
    assert f"cwd: {chosen}" in window.messages.plain_text()


def test_arguments_ending_in_an_escaped_space_reach_the_script(window, load, write_script):
    script = write_script(WHERE, "args.py")
    window.controller.source = script
    dialog = window.show_preferences()
    dialog.arguments.setText("--name a\\ ")
    dialog.accept()
    assert Settings().arguments(script) == "--name a\\ "
    load(script)
    assert "argv: ['--name', 'a ']" in window.messages.plain_text()


def test_arguments_that_cannot_be_split_are_reported_not_ignored(window, qtbot, write_script):
    script = write_script(WHERE, "quote.py")
    Settings().set_arguments(script, "--name 'unclosed")  # as an older version could save them
    error = fail(window, qtbot, script)
    assert "Cannot run quote.py: The arguments cannot be split" in error.message.english()
    assert "close the quote" in window.messages.plain_text()


@pytest.mark.skipif(sys.platform != "linux", reason="file names are bytes on Linux only")
def test_a_script_whose_name_is_not_utf8_runs(window, load, tmp_path):
    name = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"caf\xe9.py"))
    Path(name).write_text(WHERE, encoding="utf-8")
    load(Path(name))
    assert (
        window.document.view_model.graph is not None
        and window.document.view_model.graph.number_of_nodes() == 3
    )


def test_a_failed_interpreter_keeps_the_last_graph_without_blaming_the_script(
    window, load, qtbot, write_script, tmp_path
):
    script = write_script(WHERE, "good.py")
    load(script)
    Settings().set_python(str(tmp_path / "gone" / "python"), script)
    error = fail(window, qtbot, script)
    assert error.kind == "interpreter"
    banner = window.view.banner_text()
    assert banner is not None and "The script is not at fault: see Messages for the fix" in banner
    assert "Fix the script" not in banner and window.document.view_model.graph is not None
