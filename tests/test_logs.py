"""The app's log: silent by default, on standard error at the level GRAPHVIZ_APP_LOG asks for."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphviz_app.logs import LOG_ENV, configure
from graphviz_app.wire.errors import SettingError

ROOT = Path(__file__).resolve().parents[1]
CACHE_MISS = (
    "from graphviz_app.logs import configure; configure(); "
    "from graphviz_app.core.graphviz.layout_cache import LayoutCache; "
    "LayoutCache(sys.argv[1]).get('digraph { a }')"
)


def _run(tmp_path: Path, level: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != LOG_ENV}
    if level is not None:
        env[LOG_ENV] = level
    done = subprocess.run(
        [sys.executable, "-c", "import sys; " + CACHE_MISS, str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    return done.stderr


def test_the_log_is_silent_unless_asked_for(tmp_path):
    assert _run(tmp_path, None) == ""
    assert _run(tmp_path, "info") == ""  # a cache miss is a debug record
    line = _run(tmp_path, "DEBUG")
    assert "graphviz_app.core.graphviz.layout_cache DEBUG: layout cache miss: " in line


@pytest.mark.parametrize(("level", "source"), [("loud", "--log-level"), (None, LOG_ENV)])
def test_an_unknown_level_is_refused_naming_where_it_came_from(level, source):
    with pytest.raises(SettingError) as caught:
        configure(level, environ={LOG_ENV: "loud"})
    assert caught.value.variable == source
    assert f"The log level 'loud' ({source}) is none of debug, info, warning, error." in str(caught.value)


def test_export_takes_a_log_level_and_refuses_an_unknown_one_before_running(tmp_path, capsys, monkeypatch):
    from graphviz_app import cli

    assert (
        cli.export_parser().parse_args(["s.py", "-o", "g.svg", "--log-level", "debug"]).log_level == "debug"
    )
    script = tmp_path / "never.py"
    script.write_text("open('ran', 'w')\n")
    monkeypatch.setenv(LOG_ENV, "loud")
    assert cli.main(["export", str(script), "-o", str(tmp_path / "g.json")]) == 2
    assert f"The log level 'loud' ({LOG_ENV}) is none of debug" in capsys.readouterr().err
    assert not (tmp_path / "ran").exists()


def test_each_run_is_an_info_record_of_the_client(runner, write_script, caplog):
    caplog.set_level(logging.INFO, logger="graphviz_app.capture.client")
    path = write_script("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n")
    runner.run(path, timeout=30)
    assert any(r.getMessage().startswith(f"ran {path} in ") for r in caplog.records)
