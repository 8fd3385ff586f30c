"""``graphviz-app doctor`` run as a real process: what it finds here, and the one-line fix it
prints for a Python without torch, a PATH without Graphviz's dot, a missing display and a bad
run mode; it speaks the window's language."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from venvs import add_broken_torch, make_venv, old_python

from graphviz_app import __version__
from graphviz_app.doctor import graphviz_install_command, shell_word, window_language

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def environ(tmp_path: Path) -> dict[str, str]:
    """This process's environment, with settings of the test's own, English, no conda, and Qt
    offscreen (a display any machine has)."""
    env = dict(os.environ)
    for name in ("CONDA_PREFIX", "VIRTUAL_ENV", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "GRAPHVIZ_APP_RUN_MODE"):
        env.pop(name, None)
    env.update(
        LANG="C.UTF-8",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
    )
    return env


def doctor(env: dict[str, str], *args: str, cwd: Path) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-m", "graphviz_app", "doctor", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=300,
    )
    assert not done.stderr.strip(), done.stderr
    return done.returncode, done.stdout.splitlines()


def row(lines: list[str], label: str) -> tuple[str, str | None]:
    """The line of the item ``label`` and its fix line (None when it has none)."""
    for i, line in enumerate(lines):
        if line.split("  ", 1)[-1].lstrip().startswith(label):
            after = lines[i + 1].strip() if i + 1 < len(lines) else ""
            return line, after if after.startswith("fix:") else None
    raise AssertionError(f"no {label!r} line in:\n" + "\n".join(lines))


def test_doctor_finds_everything_on_this_machine(environ, tmp_path):
    code, lines = doctor(environ, cwd=tmp_path)
    assert code == 0, "\n".join(lines)
    assert lines[-1] == "Everything graphviz_app needs was found."
    for label in (
        "Python ",
        "graphviz_app",
        "Python for scripts",
        "torch",
        "Qt (window)",
        "Graphviz (layout)",
    ):
        line, fix = row(lines, label)
        assert line.startswith("ok ") and fix is None, line
    assert f"{sys.version.split()[0]} at {sys.executable}" in row(lines, "Python ")[0]
    assert f"{__version__} at " in row(lines, "graphviz_app")[0]
    assert "(the app's own Python)" in row(lines, "Python for scripts")[0]
    torch_line = row(lines, "torch")[0]
    assert "CUDA: " in torch_line and "MPS: " in torch_line
    if sys.platform != "darwin":  # Apple's GPU (MPS) is a macOS device
        assert "MPS: no" in torch_line
    assert "PySide6 6." in row(lines, "Qt (window)")[0] and "'offscreen'" in row(lines, "Qt (window)")[0]
    dot = shutil.which("dot")
    assert dot is not None
    assert row(lines, "Graphviz (layout)")[0].endswith(
        f"dot - graphviz version {dot_version(dot)} at {dot}; the layouts use it"
    )
    packaged = row(lines, "Graphviz, packaged (layout)")
    assert packaged[0].startswith("ok ") and "graphviz-pure version" in packaged[0] and packaged[1] is None
    mode = "fork" if sys.platform.startswith("linux") else "portable"
    assert row(lines, "run mode")[0].split("run mode", 1)[1].strip().startswith(mode)
    assert "English (Preferences: system" in row(lines, "language")[0]


def dot_version(dot: str) -> str:
    said = subprocess.run([dot, "-V"], capture_output=True, text=True, timeout=60).stderr
    return said.strip().removeprefix("dot - graphviz version ")


def test_doctor_names_a_python_without_torch_and_how_to_install_it(environ, tmp_path):
    python = make_venv(tmp_path / "bare")
    code, lines = doctor(environ, "--python", str(python), cwd=tmp_path)
    assert code == 1
    line, fix = row(lines, "Python for scripts")
    assert line.startswith("ok ") and f"{python} (--python)" in line
    line, fix = row(lines, "torch")
    assert line.startswith("missing ") and line.endswith(f"not installed in {python}")
    assert fix is not None and fix.startswith(f"fix: {shell_word(str(python))} -m pip install torch")
    assert lines[-1].startswith("1 needed item(s) missing or broken")


def test_doctor_checks_the_python_beside_a_script_and_names_its_broken_torch(environ, tmp_path):
    python = make_venv(tmp_path / "project" / ".venv")
    add_broken_torch(tmp_path / "project" / ".venv", tmp_path / "broken")
    script = tmp_path / "project" / "train.py"
    script.write_text("import torch\n", encoding="utf-8")
    code, lines = doctor(environ, str(script), cwd=tmp_path)
    assert code == 1
    assert row(lines, "Python for scripts")[0].endswith(f"{python} (found .venv beside the script)")
    line, fix = row(lines, "torch")
    assert (
        line.startswith("broken ") and f"{python} cannot import torch: ImportError: libtorch_cpu.so" in line
    )
    assert fix == f"fix: {shell_word(str(python))} -m pip install --force-reinstall torch"


def test_doctor_says_a_python_is_too_old_for_scripts(environ, tmp_path):
    old = old_python()
    if old is None:
        pytest.skip("no Python older than 3.10 on this machine")
    code, lines = doctor(environ, "--python", str(old), cwd=tmp_path)
    assert code == 1
    line, fix = row(lines, "Python for scripts")
    assert line.startswith("broken ") and "scripts need Python 3.10 or newer" in line
    assert fix is not None and "graphviz-app --python PATH" in fix
    assert not any(line.split("  ", 1)[-1].lstrip().startswith("torch") for line in lines)


def path_without_dot(folder: Path) -> str:
    """This PATH with each folder that holds ``dot`` replaced by a folder of links to all its
    other programs: everything else is still found."""
    parts = []
    for i, entry in enumerate(os.environ["PATH"].split(os.pathsep)):
        if not entry or not (Path(entry) / "dot").exists():
            parts.append(entry)
            continue
        mirror = folder / f"path-{i}"
        mirror.mkdir(parents=True)
        for program in Path(entry).iterdir():
            if program.name != "dot":
                (mirror / program.name).symlink_to(program)
        parts.append(str(mirror))
    return os.pathsep.join(parts)


def test_doctor_names_graphviz_missing_and_how_to_install_it(environ, tmp_path):
    """Without the system's dot the packaged engine lays graphs out: dot's line says how to install
    it, and nothing needed is missing."""
    environ["PATH"] = path_without_dot(tmp_path / "bin")
    assert shutil.which("dot", path=environ["PATH"]) is None
    assert shutil.which("python3", path=environ["PATH"]) == shutil.which("python3")  # only dot hidden
    code, lines = doctor(environ, cwd=tmp_path)
    assert code == 0, "\n".join(lines)
    line, fix = row(lines, "Graphviz (layout)")
    assert line.startswith("missing ") and line.endswith("'dot' was not found on PATH")
    assert fix == f"fix: {graphviz_install_command({})}   (then open a new terminal)"
    assert row(lines, "Graphviz, packaged (layout)")[0].endswith("; the layouts use it")
    assert row(lines, "torch")[0].startswith("ok ")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb plugin and $DISPLAY are Linux's")
def test_doctor_says_when_qt_has_no_display_and_what_to_do(environ, tmp_path):
    environ["QT_QPA_PLATFORM"] = "xcb"
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):
        environ.pop(name, None)
    environ["GRAPHVIZ_APP_RUN_MODE"] = "sideways"
    code, lines = doctor(environ, cwd=tmp_path)
    assert code == 1
    line, fix = row(lines, "Qt (window)")
    assert line.startswith("broken ") and "could not connect to display" in line
    assert (
        fix is not None and "xvfb-run -a graphviz-app" in fix and "graphviz-app export needs no window" in fix
    )
    line, fix = row(lines, "run mode")
    assert line.startswith("broken ") and "'sideways'" in line
    assert fix == "fix: unset GRAPHVIZ_APP_RUN_MODE (or set it to 'portable')"
    assert lines[-1].startswith("2 needed item(s) missing or broken")


def test_doctor_speaks_korean_where_the_window_would(environ, tmp_path):
    environ["LANG"] = "ko_KR.UTF-8"
    code, lines = doctor(environ, cwd=tmp_path)
    assert code == 0
    assert lines[-1] == "graphviz_app에 필요한 것을 모두 찾았습니다."
    assert "한국어 (환경설정: system; 시스템 로캘: ko_KR)" in lines[-2]


def test_the_install_command_and_quoting_follow_the_system():
    assert graphviz_install_command({}, "linux") == "sudo apt-get install graphviz"
    assert graphviz_install_command({}, "darwin") == "brew install graphviz"
    assert graphviz_install_command({}, "win32") == "conda install -c conda-forge graphviz"
    assert graphviz_install_command({"CONDA_PREFIX": "/opt/conda"}, "linux").startswith("conda install")
    assert (
        shell_word(r"C:\Program Files\Python\python.exe", "win32") == r'"C:\Program Files\Python\python.exe"'
    )
    assert shell_word("/home/a b/python", "linux") == "'/home/a b/python'"
    assert window_language("system", "ko_KR") == "ko" and window_language("system", "de_DE") == "en"
    assert window_language("en", "ko_KR") == "en"


def test_doctor_prints_where_the_console_cannot_show_every_character(environ, tmp_path):
    """A Windows console's code page (cp1252) has no ▸: shown as ? rather than failing the print."""
    environ["PYTHONIOENCODING"] = "cp1252"
    code, lines = doctor(environ, "--python", str(tmp_path / "nowhere" / "python"), cwd=tmp_path)
    assert code == 1
    line, fix = row(lines, "Python for scripts")
    assert line.startswith("missing ") and "Edit ? Preferences ? Python interpreter" in line
    assert fix is not None and lines[-1].startswith("1 needed item(s) missing or broken")
