"""Scripts run under their project's interpreter, as an IDE picks it: real virtual environments
(tests/venvs.py), the real worker under each, and the errors a bad interpreter gives."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from venvs import MYPROJ, add_broken_torch, add_module, add_torch, make_project, make_venv, old_python

import graphviz_app
from graphviz_app.capture import client
from graphviz_app.capture.client import Runner
from graphviz_app.capture.interpreter import (
    AT_START,
    IN_PREFERENCES,
    WITH_FLAG,
    Interpreter,
    check_interpreter,
    environment_note,
    explicit_interpreter,
    find_interpreter,
    same_python,
    short_path,
    worker_path,
)
from graphviz_app.message_reader import read_message
from graphviz_app.wire.errors import ScriptError

pytestmark = pytest.mark.slow

TEST_PYTHON_ENV = "GRAPHVIZ_APP_TEST_PYTHON"
ROOT = Path(__file__).resolve().parents[2]

TRAIN = """\
import importlib.util
import os
import sys

import graphviz_app
import myproj
import torch

print("myproj:", myproj.NAME)
print("graphviz_app:", graphviz_app.__file__)
print("sys.path:", sys.path)
print("PySide6:", importlib.util.find_spec("PySide6") is not None)
print("networkx:", importlib.util.find_spec("networkx") is not None)
print("cwd:", os.getcwd())
w = torch.ones(2, requires_grad=True)
loss = (w * 3).sum()
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project folder with its own .venv (torch and myproj) and train.py, which imports both."""
    return make_project(tmp_path_factory.mktemp("project"), TRAIN)


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory) -> Path:
    """A virtual environment without torch."""
    return make_venv(tmp_path_factory.mktemp("bare") / "env")


def touch_python(folder: Path) -> Path:
    """An environment layout (``bin/python``) for discovery, which only looks at the files."""
    python = folder / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("", encoding="utf-8")
    return python


# -- discovery ----------------------------------------------------------------------------------


def test_a_venv_beside_the_script_wins_over_one_above_and_the_environment(tmp_path):
    script = tmp_path / "proj" / "sub" / "train.py"
    script.parent.mkdir(parents=True)
    above = touch_python(tmp_path / "proj" / "venv")
    env = {"VIRTUAL_ENV": str(tmp_path / "active"), "CONDA_PREFIX": str(tmp_path / "conda")}
    touch_python(tmp_path / "active")
    touch_python(tmp_path / "conda")
    found = find_interpreter(script, environ=env)
    assert (found.path, found.source, str(found.reason)) == (
        above,
        "venv",
        f"found venv in {short_path(tmp_path / 'proj')}",
    )
    beside = touch_python(script.parent / ".venv")
    found = find_interpreter(script, environ=env)
    assert (found.path, found.source, str(found.reason)) == (beside, "venv", "found .venv beside the script")


def test_an_explicit_choice_wins_and_a_folder_means_its_python(tmp_path):
    script = tmp_path / "train.py"
    touch_python(tmp_path / ".venv")
    chosen = touch_python(tmp_path / "other")
    assert find_interpreter(script, str(chosen)) == Interpreter(chosen, "explicit", "--python")
    assert find_interpreter(script, tmp_path / "other", reason="mine").path == chosen
    assert find_interpreter(script, "~/no/such/python").path == Path.home() / "no/such/python"


def test_without_a_venv_the_active_environment_then_conda_then_the_apps_own(tmp_path):
    script = tmp_path / "a" / "train.py"
    active, conda = touch_python(tmp_path / "active"), touch_python(tmp_path / "conda")
    env = {"VIRTUAL_ENV": str(tmp_path / "active"), "CONDA_PREFIX": str(tmp_path / "conda")}
    assert find_interpreter(script, environ=env) == Interpreter(active, "virtual_env", "$VIRTUAL_ENV")
    assert find_interpreter(script, environ={"CONDA_PREFIX": env["CONDA_PREFIX"]}) == Interpreter(
        conda, "conda", "$CONDA_PREFIX"
    )
    own = find_interpreter(script, environ={"VIRTUAL_ENV": str(tmp_path / "gone")})
    assert (
        own.source == "app" and str(own.reason) == "the app's own Python" and own.path == Path(sys.executable)
    )
    assert find_interpreter(None, environ={}).source == "app"


def test_one_environments_pythons_are_one_interpreter_and_its_base_another(project):
    python = project / ".venv" / "bin" / "python"
    assert same_python(python, project / ".venv" / "bin" / "python3")
    assert not same_python(python, os.path.realpath(python))  # the base Python, not the environment


def test_the_note_says_python_torch_the_environment_and_why():
    note = environment_note(
        {
            "python": "3.11.7",
            "torch": "2.15.0",
            "executable": "/p/bin/python",
            "prefix": os.path.expanduser("~/proj/.venv"),
            "reason": "found .venv beside the script",
        }
    )
    assert note == "Ran with Python 3.11.7 · torch 2.15.0 · ~/proj/.venv (found .venv beside the script)"


# -- the worker under the project's interpreter ---------------------------------------------------


def test_a_script_runs_under_its_projects_venv_with_only_our_package_added(
    project, monkeypatch, write_script
):
    monkeypatch.delenv("PYTHONPATH", raising=False)  # what a user's shell has
    script = project / "train.py"
    interpreter = find_interpreter(script)
    assert str(interpreter.reason) == "found .venv beside the script"
    plain = write_script("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n")
    runner = Runner(warm=False, python=interpreter)
    try:
        result = runner.run(script, cwd=project)
        first = runner._worker.process.pid  # type: ignore[union-attr]
        again = runner.run(script, cwd=project)  # the same interpreter: the same warm worker
        assert runner._worker.process.pid == first  # type: ignore[union-attr]
        own = runner.run(plain, python=sys.executable)  # another one: a new worker
        assert runner._worker.process.pid != first  # type: ignore[union-attr]
    finally:
        runner.close()
    environment = result.graph.graph["environment"]
    venv = project / ".venv"
    assert environment["prefix"] == str(venv) and same_python(
        environment["executable"], venv / "bin" / "python"
    )
    assert (
        str(read_message(environment["reason"])) == "found .venv beside the script"
        and result.interpreter == interpreter
    )
    lines = dict(line.split(": ", 1) for line in result.output.splitlines())
    assert lines["myproj"] == MYPROJ  # the project's own package, which the app's environment lacks
    assert lines["graphviz_app"].startswith(str(worker_path()))  # our copy, nothing else of the app
    assert lines["PySide6"] == "False" and lines["networkx"] == "False"
    path = ast.literal_eval(lines["sys.path"])
    assert not [p for p in path if p.startswith(sys.prefix) or p == str(Path(__file__).parents[2])]
    assert lines["cwd"] == str(project)
    assert again.graph.graph["environment"]["prefix"] == str(venv)
    assert own.graph.graph["environment"]["prefix"] == sys.prefix
    assert str(read_message(own.graph.graph["environment"]["reason"])) == "chosen by the caller"


def test_the_worker_imports_nothing_but_the_standard_library_and_torch():
    """What the worker, a run's capture and the warm imports load beyond torch's own imports."""
    code = f"""
import sys
sys.path.insert(0, {str(worker_path())!r})
import torch, torch.nn.functional, sympy, torch._dynamo, torch.optim
before = set(sys.modules)
import graphviz_app, graphviz_app.worker.server, graphviz_app.worker.script
assert graphviz_app.__file__.startswith({str(worker_path())!r}), graphviz_app.__file__
added = {{m.split(".")[0] for m in set(sys.modules) - before}}
print(sorted(added - set(sys.stdlib_module_names) - {{"graphviz_app"}}))
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": ""},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_worker_copy_holds_only_the_worker_and_the_wire():
    """The copy on the worker's path is ``graphviz_app/__init__.py``, ``worker/`` and ``wire/``,
    each module of those two as the package has it, and nothing else of the app (its window,
    core, the client)."""
    folder = worker_path()
    assert [p.name for p in folder.iterdir()] == ["graphviz_app"]
    package = folder / "graphviz_app"
    held = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    )
    source = Path(graphviz_app.__file__).parent
    wanted = sorted(
        ["__init__.py"]
        + [
            str(path.relative_to(source))
            for part in ("worker", "wire")
            for path in (source / part).rglob("*.py")
        ]
    )
    assert held == wanted
    assert {Path(name).parts[0] for name in held} == {"__init__.py", "worker", "wire"}
    assert "worker/server.py" in held and "wire/protocol.py" in held


# -- a bad interpreter: what is wrong, and the fix ------------------------------------------------


def run_under(python: str | Path, tmp_path: Path) -> ScriptError:
    script = tmp_path / "s.py"
    script.write_text("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n", encoding="utf-8")
    runner = Runner(warm=False, python=explicit_interpreter(python, "--python"))
    try:
        with pytest.raises(ScriptError) as caught:
            runner.run(script)
    finally:
        runner.close()
    return caught.value


def test_a_missing_interpreter_is_named_with_the_fix(tmp_path):
    error = run_under(tmp_path / "nope" / "bin" / "python", tmp_path)
    assert error.kind == "interpreter"
    assert error.message.english().startswith(
        f"The Python interpreter {tmp_path / 'nope' / 'bin' / 'python'} (--python) does not exist."
    )
    assert "--python PATH or in Edit ▸ Preferences ▸ Python interpreter" in error.message.english()


@pytest.mark.parametrize(
    ("where", "told", "absent"),
    [
        (WITH_FLAG, "Pick another interpreter with --python PATH.", "Preferences"),
        (
            IN_PREFERENCES,
            "Pick another interpreter in Edit ▸ Preferences ▸ Python interpreter.",
            "--python PATH",
        ),
        (AT_START, "Pick another interpreter with --python PATH when you start the app", "Edit ▸"),
    ],
)
def test_the_fix_names_where_its_caller_picks_another_interpreter(tmp_path, where, told, absent):
    """The command line names its option, the window its Preferences, and a window started
    with ``--python`` (which Preferences do not override) that option again."""
    found = find_interpreter(None, tmp_path / "nope", where=where)
    with pytest.raises(ScriptError) as caught:
        check_interpreter(found)
    assert told in caught.value.message.english() and absent not in caught.value.message.english()


def test_a_program_that_is_not_python(tmp_path):
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'I am not Python'\n", encoding="utf-8")
    fake.chmod(0o755)
    error = run_under(fake, tmp_path)
    assert (
        error.kind == "interpreter"
        and f"{fake} (--python) is not a Python interpreter" in error.message.english()
    )
    text = tmp_path / "notes.txt"
    text.write_text("hello\n", encoding="utf-8")
    error = run_under(text, tmp_path)
    assert (
        error.kind == "interpreter"
        and "is not executable. Make it executable (chmod +x)" in error.message.english()
    )
    text.chmod(0o755)  # executable, but neither a program nor a script with #!
    error = run_under(text, tmp_path)
    assert error.kind == "interpreter" and "is not a Python interpreter" in error.message.english()


def test_a_python_older_than_3_10(tmp_path):
    old = old_python()
    if old is None:
        pytest.skip("no Python older than 3.10 on this machine")
    error = run_under(old, tmp_path)
    assert error.kind == "interpreter"
    assert "graphviz_app needs Python 3.10 or newer" in error.message.english()
    assert f"{old} (--python) is Python 3." in error.message.english()


def test_an_interpreter_without_torch_says_how_to_install_it(bare_python, tmp_path):
    error = run_under(bare_python, tmp_path)
    assert error.kind == "interpreter"
    assert error.message.english().startswith(
        f"{bare_python} (--python) has no torch. Install torch there (`{bare_python} -m pip install torch`)"
    )


def test_a_torch_that_fails_to_import(tmp_path):
    python = make_venv(tmp_path / "env")
    add_broken_torch(tmp_path / "env", tmp_path / "broken")
    error = run_under(python, tmp_path)
    assert error.kind == "interpreter"
    assert (
        f"{python} (--python) cannot import torch (ImportError: libtorch_cpu.so: cannot open"
        in error.message.english()
    )
    assert "pip install --force-reinstall torch" in error.message.english()
    assert "libtorch_cpu.so" in (error.user_traceback or "")


def test_a_torch_that_crashes_on_import_is_named_with_the_fix(tmp_path):
    python = make_venv(tmp_path / "env")
    add_module(
        tmp_path / "env",
        tmp_path / "crash",
        "torch",
        "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
    )
    error = run_under(python, tmp_path)
    text = error.message.english()
    assert error.kind == "interpreter"
    assert text.startswith(f"{python} (--python) ended while importing torch (killed by SIGSEGV)")
    assert (
        f'`{python} -c "import torch"`' in text
        and f"`{python} -m pip install --force-reinstall torch`" in text
    )


def test_a_torch_whose_import_hangs_is_named_with_the_fix(tmp_path, monkeypatch):
    python = make_venv(tmp_path / "env")
    add_module(tmp_path / "env", tmp_path / "hang", "torch", "import time\ntime.sleep(600)\n")
    monkeypatch.setattr(client, "STARTUP_TIMEOUT", 3.0)
    error = run_under(python, tmp_path)
    text = error.message.english()
    assert error.kind == "interpreter"
    assert text.startswith(f"{python} (--python) did not finish importing torch in 3 s.")
    assert f'`{python} -X importtime -c "import torch"`' in text


def test_lines_others_print_on_the_workers_stdout_are_never_taken_for_replies(tmp_path, monkeypatch):
    """A sitecustomize prints reply-shaped lines before the worker takes its stdout over: they are
    skipped, and the worker's own replies are read."""
    python = make_venv(tmp_path / "env")
    add_torch(tmp_path / "env", tmp_path / "links")
    printed = [
        '{"event": "ready"}',
        '{"event": "ready", "pid": 1}',
        '{"event": "done", "exitcode": "x"}',
        '{"event": "started", "pid": [1]}',
        "[1, 2]",
        "{",
    ]
    add_module(
        tmp_path / "env", tmp_path / "site", "sitecustomize", "".join(f"print({p!r})\n" for p in printed)
    )
    monkeypatch.setattr(client, "STARTUP_TIMEOUT", 60.0)  # (a reader that stopped would wait this long)
    script = tmp_path / "s.py"
    script.write_text(
        "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n", encoding="utf-8"
    )
    runner = Runner(warm=False, python=explicit_interpreter(python, "--python"))
    try:
        result = runner.run(script)
        again = runner.run(script)
    finally:
        runner.close()
    assert result.graph.number_of_nodes() == again.graph.number_of_nodes() == 3


def worker_copy(monkeypatch, cache: Path, **env: str) -> Path:
    """:func:`worker_path` made anew with ``cache`` as the user's cache folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    worker_path.cache_clear()
    try:
        return worker_path()
    finally:
        worker_path.cache_clear()


def test_a_damaged_copy_is_made_anew_and_runs(tmp_path, monkeypatch, write_script):
    copy = worker_copy(monkeypatch, tmp_path / "cache")
    package = copy / "graphviz_app"
    walker = package / "worker" / "walker.py"
    original = walker.read_bytes()
    walker.unlink()  # a module deleted (a cleaner, a half-finished sync)
    (package / "wire" / "protocol.py").write_text("raise SystemExit('tampered')\n", encoding="utf-8")
    (copy / "sitecustomize.py").write_text("raise SystemExit('planted')\n", encoding="utf-8")
    again = worker_copy(monkeypatch, tmp_path / "cache")
    assert again == copy and walker.read_bytes() == original
    assert "tampered" not in (package / "wire" / "protocol.py").read_text(encoding="utf-8")
    assert not (copy / "sitecustomize.py").exists()
    assert worker_copy(monkeypatch, tmp_path / "cache") == copy  # whole: kept as it is
    script = write_script("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    runner = Runner(warm=False)
    try:
        assert runner.run(script).graph.number_of_nodes() == 2
    finally:
        runner.close()
        worker_path.cache_clear()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="gives a folder to another user")
def test_a_cache_another_user_could_change_is_not_used_and_the_copy_made_instead_is_removed(tmp_path):
    """Under a folder another user owns (a cache in a shared folder), that user could replace the
    copy between its check and the worker's import: a private temporary copy is used instead,
    removed when the process exits, or by the next one when it was killed."""
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    os.chown(shared, 4242, 4242)
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "XDG_CACHE_HOME": str(shared / "cache"), "TMPDIR": str(temp)}

    def copy_made(ending: str) -> Path:
        code = f"from graphviz_app.capture.interpreter import worker_path\nprint(worker_path())\n{ending}"
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=60,
            check=True,
        )
        return Path(done.stdout.strip())

    exited = copy_made("")
    assert exited.parent.parent == temp and exited.parent.name.startswith("graphviz_app_")
    assert not exited.parent.exists()  # removed at exit
    killed = copy_made("import os\nos._exit(0)")
    assert killed.parent.parent == temp and (killed / "graphviz_app" / "__init__.py").is_file()
    copy_made("")
    assert not killed.parent.exists()  # removed by the next process
    assert list(temp.iterdir()) == []
    assert not list((shared / "cache").rglob("*.py"))


# -- the working folder ---------------------------------------------------------------------------


def test_a_run_happens_in_the_callers_folder_unless_told(runner, write_script, tmp_path, monkeypatch):
    script = write_script(
        "import os\nimport torch\nprint(os.getcwd())\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert runner.run(script).output.strip() == str(elsewhere)
    assert runner.run(script, cwd=tmp_path).output.strip() == str(tmp_path)
    with pytest.raises(ScriptError) as caught:
        runner.run(script, cwd=tmp_path / "gone")
    assert caught.value.kind == "cwd"
    assert caught.value.message.english().startswith(f"The working folder {tmp_path / 'gone'} does not exist")


def test_the_session_runner_runs_under_the_test_python(runner, write_script):
    script = write_script(
        "import sys\nimport torch\nprint(sys.executable)\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n"
    )
    expected = os.environ.get(TEST_PYTHON_ENV) or sys.executable
    result = runner.run(script)
    assert same_python(result.output.strip(), expected)
    assert same_python(result.graph.graph["environment"]["executable"], expected)
