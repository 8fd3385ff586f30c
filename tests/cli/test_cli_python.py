"""The command line and the interpreter: ``export`` runs a script under its project's Python
(or ``--python``) and says which ran it; scripts whose names look like options (``-x.py``) open,
with ``--`` or without it; ``--python`` reaches the window as it reaches ``export``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from venvs import MYPROJ, make_project, make_venv

from graphviz_app.capture.interpreter import short_path
from graphviz_app.cli import main, window_arguments
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.message_reader import read_message

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "import sys\nimport torch\nprint('argv', sys.argv[1:])\nw = torch.ones(2, requires_grad=True)\nloss = (w * 2).sum()\n"


PROJECT_SCRIPT = """\
import os
import myproj
import torch
print("myproj:", myproj.NAME)
print("cwd:", os.getcwd())
w = torch.ones(2, requires_grad=True)
loss = (w * 3).sum()
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project folder with its own .venv (torch and myproj) and train.py, which imports both."""
    return make_project(tmp_path_factory.mktemp("project"), PROJECT_SCRIPT)


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory) -> Path:
    """A virtual environment without torch."""
    return make_venv(tmp_path_factory.mktemp("bare") / "env")


@pytest.fixture
def dash_script(tmp_path, monkeypatch) -> Path:
    """``-x.py`` in the current folder, as a user names it on the command line."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-x.py").write_text(SCRIPT, encoding="utf-8")
    return tmp_path / "-x.py"


def test_export_takes_a_dash_script_after_double_dash_and_passes_the_rest_to_it(dash_script, capsys):
    assert main(["export", "-o", "g.json", "--", "-x.py", "--epochs", "1"]) == 0
    captured = capsys.readouterr()
    assert "argv ['--epochs', '1']" in captured.err and "wrote g.json" in captured.out
    graph = json.loads((dash_script.parent / "g.json").read_text(encoding="utf-8"))["graph"]
    assert graph["script"].endswith("-x.py")


def test_export_without_a_script_says_how_to_give_one(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as caught:
        main(["export", "-o", "g.json"])
    assert caught.value.code == 2
    assert "the script is required" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["export", "-y.py", "-o", "g.json"])  # no such file: still an unknown option
    assert "unrecognized arguments: -y.py" in capsys.readouterr().err


def test_main_py_exports_an_existing_dash_script_as_it_is_as_a_process(dash_script):
    """``-x.py`` given as it is (no ``--`` before it) through main.py, in a process of its own;
    the ``--`` form runs in process above (each export pays a worker start and a torch import)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export", "-x.py", "-o", "g.svg", "--", "--lr", "0.1"],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=dash_script.parent,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "argv ['--lr', '0.1']" in done.stderr and "wrote g.svg" in done.stdout
    assert "Ran with Python" in done.stderr and (dash_script.parent / "g.svg").is_file()


def test_the_window_command_line_reads_python_and_a_dash_target(dash_script):
    assert window_arguments(["-x.py"]) == ("-x.py", None, None)  # an existing file
    assert window_arguments(["--", "-y.py"]) == ("-y.py", None, None)
    assert window_arguments(["--python", "/p/bin/python", "train.py"]) == ("train.py", "/p/bin/python", None)
    assert window_arguments(["--python=/p", "--", "-z.py"]) == ("-z.py", "/p", None)
    assert window_arguments(["--python"])[2] == "--python needs a PATH: --python /path/to/venv/bin/python"
    assert window_arguments([]) == (None, None, None)


# -- the command line -----------------------------------------------------------------------------


def test_the_cli_runs_the_projects_venv_and_says_so(project, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir(tmp_path)  # the script runs in the caller's folder, as python does
    out = tmp_path / "g.json"
    assert main(["export", str(project / "train.py"), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"myproj: {MYPROJ}" in err and f"cwd: {tmp_path}" in err
    assert (
        f"Ran with Python 3.{sys.version_info[1]}.{sys.version_info[2]} · torch " in err
    ) and f"· {short_path(project / '.venv')} (found .venv beside the script)\n" in err
    saved = json.loads(out.read_text(encoding="utf-8"))["graph"]["environment"]
    assert (
        saved["prefix"] == str(project / ".venv")
        and str(read_message(saved["reason"])) == "found .venv beside the script"
    )
    assert load_graph_json(out).graph["environment"] == saved  # reopened, it is still there


def test_the_cli_python_option_wins_and_its_error_names_it(project, bare_python, capsys):
    code = main(
        ["export", str(project / "train.py"), "-o", str(project / "g.png"), "--python", str(bare_python)]
    )
    err = capsys.readouterr().err
    assert code == 1
    assert f"graphviz-app: error: {bare_python} (--python) has no torch. Install torch there" in err
    assert "or pick another interpreter with --python PATH." in err and "Preferences" not in err
