"""A bad setting in the environment does not stop the window: it starts, and a run explains the
setting and its fix where every failed run is explained."""

from __future__ import annotations

import pytest

from graphviz_app.wire.errors import SettingError

from .conftest import LOAD_TIMEOUT_MS


@pytest.mark.parametrize(
    ("variable", "value"), [("GRAPHVIZ_APP_MEMORY_LIMIT_GB", "inf"), ("GRAPHVIZ_APP_RUN_MODE", "spawn")]
)
def test_the_window_starts_and_explains_a_bad_setting(qtbot, monkeypatch, write_script, variable, value):
    from graphviz_app.qt.shell.main_window import MainWindow

    monkeypatch.setenv(variable, value)
    win = MainWindow()  # its own runner, made from the environment as the app makes it
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    try:
        script = write_script("import torch\nw = torch.ones(2, requires_grad=True)\nloss = (w * 2).sum()\n")
        with qtbot.waitSignal(win.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as failed:
            win.open_path(script)
        error = failed.args[0]
        assert isinstance(error, SettingError) and error.variable == variable
        expected = f"The environment variable {variable} is {value!r}, not "
        assert error.message.english().startswith(expected)
        assert expected in win.messages.plain_text() and expected in win.view.placeholder
    finally:
        win.close()
