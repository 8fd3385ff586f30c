"""Changing the language in Preferences offers "Restart now", which starts the app again on the
same file with the settings saved and closes this window; "Later", or a launch that fails,
keeps the window as it was."""

from __future__ import annotations

import os
import subprocess
import sys

from graphviz_app.qt.settings import Settings
from graphviz_app.qt.shell.restart import launch_detached, reopened_file, restart_command, restart_pythonpath
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS


def choose_language(window, code: str):
    """Choose ``code`` in Preferences and press OK; return the restart the window offers (None)."""
    window.restart_offer = None
    dialog = window.show_preferences()
    dialog.language.setCurrentIndex(dialog.language.findData(code))
    dialog.accept()
    return window.restart_offer


def test_restart_now_starts_the_app_again_on_the_same_file(window, load, qtbot):
    window.settings.set_language("en")
    basic = example("basic_autograd.py")
    load(basic)
    window.settings.set_arguments(basic, "--epochs 2")  # the script's arguments, kept for the new app
    offer = choose_language(window, "ko")
    assert offer is not None and offer.isVisible()
    assert "한국어" in offer.text()
    assert "basic_autograd.py" in offer.informativeText()
    launched: list[list[str]] = []
    offer.launch = lambda command: launched.append(command) or True
    offer.restart_button.click()
    assert launched == [[sys.executable, "-m", "graphviz_app", str(basic.resolve())]]
    assert Settings().language() == "ko"  # saved before the new app reads it
    assert Settings().arguments(basic) == "--epochs 2"
    assert not window.isVisible()


def test_the_restart_command_runs_this_graphviz_app(tmp_path):
    """The command's interpreter and module are this checkout's (asked for its usage, so no
    window opens)."""
    command = restart_command(None)
    assert command == [sys.executable, "-m", "graphviz_app"]
    env = {**os.environ, "PYTHONPATH": restart_pythonpath()}
    done = subprocess.run(
        [*command, "--help"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "usage: graphviz-app" in done.stdout


def test_a_detached_launch_really_starts_the_command(qtbot, tmp_path):
    """The launcher Restart Now uses, on a command that writes a file instead of opening a
    window: it starts, outlives nothing of ours, and sees this graphviz_app first on its path."""
    out = tmp_path / "started.txt"
    code = "import os, sys; open(sys.argv[1], 'w').write(os.environ['PYTHONPATH'])"
    assert launch_detached([sys.executable, "-c", code, str(out)])
    qtbot.waitUntil(lambda: out.exists() and bool(out.read_text()), timeout=30_000)
    assert out.read_text().split(os.pathsep)[0] == restart_pythonpath().split(os.pathsep)[0]
    assert not launch_detached([str(tmp_path / "no-such-program")])


def test_later_or_a_failed_launch_keeps_the_window(window, load, qtbot):
    window.settings.set_language("en")
    load(example("retain_grad.py"))
    offer = choose_language(window, "ko")
    offer.later_button.click()
    assert window.isVisible() and window.document.view_model.graph is not None
    assert "next start" in window.statusBar().currentMessage()
    offer = choose_language(window, "en")  # back to English: offered again
    assert offer is not None
    offer.launch = lambda command: False
    assert not offer.restart()
    assert window.isVisible() and window.document.view_model.graph is not None
    assert "could not be started again" in window.messages.plain_text()


def test_no_offer_when_the_language_stays(window, load):
    window.settings.set_language("en")
    load(example("basic_autograd.py"))
    assert choose_language(window, "en") is None


def test_a_refused_file_is_not_what_a_restart_opens(window, load, qtbot, tmp_path):
    """After a refused file the restart opens the graph still shown (the command line would
    refuse the other)."""
    basic = example("basic_autograd.py")
    load(basic)
    notes = tmp_path / "notes.txt"
    notes.write_text("hello", encoding="utf-8")
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS):
        window.open_path(notes)
    assert reopened_file(window.controller.source, window.document.path) == basic.resolve()
