"""The CLI with no Graphviz installed: a bundled example exported as SVG, PNG, PDF and JSON by the
packaged engine (graphviz-pure) in a process whose PATH holds no ``dot``; ``--engine`` chooses,
and a missing engine is named with its fix."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from graphviz_app.cli import engine_argument, main
from graphviz_app.core.export import png_size
from graphviz_app.core.graphviz.engine import packaged_program
from graphviz_app.resources import example

pytestmark = pytest.mark.skipif(packaged_program() is None, reason="graphviz-pure is not installed")

ROOT = Path(__file__).resolve().parents[2]


def cli_without_dot(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the CLI as a process whose PATH is an empty folder (no ``dot``; Python is named by path)."""
    empty = folder / "no-graphviz"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "GRAPHVIZ_APP_ENGINE"}
    env.update(PATH=str(empty), PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "graphviz_app", "export", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture(scope="module")
def saved(tmp_path_factory, runner) -> Path:
    """The basic example run (by the session's warm worker) and saved as JSON by the CLI in this
    process, with no ``dot`` on PATH."""
    folder = tmp_path_factory.mktemp("no-dot")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", str(folder))
        patch.delenv("GRAPHVIZ_APP_ENGINE", raising=False)
        code = main(
            ["export", str(example("basic_autograd.py")), "-o", str(folder / "basic.json")], runner=runner
        )
    assert code == 0
    return folder / "basic.json"


def test_the_saved_graph_names_the_packaged_engine(saved):
    engine = json.loads(saved.read_text("utf-8"))["graph"]["layout_engine"]
    assert (
        engine["kind"] == "packaged" and engine["name"] == "graphviz-pure" and engine["version"][0].isdigit()
    )


@pytest.mark.parametrize("suffix", ["svg", "png", "pdf"])
def test_images_are_drawn_by_the_packaged_engine_without_dot(saved, suffix):
    out = saved.with_name(f"basic.{suffix}")
    done = cli_without_dot(saved.parent, str(saved), "-o", out.name)
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    if suffix == "svg":
        root = ET.fromstring(data)
        texts = {"".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")}
        assert "PowBackward0" in texts and "AddBackward0" in texts
    elif suffix == "png":
        width, height = png_size(out)
        assert width > 100 and height > 100
    else:
        assert data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]
        assert b"graphviz_app" in data  # drawn from the SVG by Qt (the engine writes no PDF)
        if shutil.which("pdftotext"):
            text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, timeout=30)
            assert "PowBackward0" in text.stdout  # text stays text


def test_the_system_engine_without_dot_names_the_fix(saved, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))  # (in this process: the graph is read, nothing runs)
    assert main(["export", str(saved), "-o", str(tmp_path / "g.svg"), "--engine", "system"]) == 1
    said = capsys.readouterr().err
    assert "'dot' program was not found on PATH" in said and "--engine packaged" in said
    assert not (tmp_path / "g.svg").exists()


def test_a_bad_engine_is_a_usage_error(saved, tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["export", str(saved), "-o", str(tmp_path / "g.svg"), "--engine", "fast"])
    assert stopped.value.code == 2 and "invalid choice: 'fast'" in capsys.readouterr().err


def test_the_window_command_takes_the_engine_before_the_script():
    assert engine_argument(["--engine", "packaged", "a.py"]) == ("packaged", ["a.py"], None)
    assert engine_argument(["--engine=system", "--python", "p"]) == ("system", ["--python", "p"], None)
    assert engine_argument(["a.py", "--", "--engine", "x"]) == (None, ["a.py", "--", "--engine", "x"], None)
    chosen, _rest, problem = engine_argument(["--engine", "fast"])
    assert chosen is None and problem is not None and "auto, system, packaged" in problem


def test_a_korean_png_is_drawn_with_the_systems_fonts(saved):
    """The packaged engine's fonts have no Hangul: Qt draws its SVG into the PNG (at 96 dpi, the
    size the SVG gives), with boxes sized for the Korean names."""
    graph = json.loads(saved.read_text("utf-8"))
    for node in graph["nodes"]:
        if node.get("name"):
            node["name"] = f"가중치_{node['name']}"
    korean = saved.with_name("korean.json")
    korean.write_text(json.dumps(graph), encoding="utf-8")
    for suffix in ("svg", "png"):
        done = cli_without_dot(saved.parent, str(korean), "-o", f"korean.{suffix}")
        assert done.returncode == 0, done.stderr
    svg = (saved.parent / "korean.svg").read_text("utf-8")
    assert "가중치_w" in svg
    width, height = re.search(r'viewBox="0\.00 0\.00 ([\d.]+) ([\d.]+)"', svg).groups()
    png = saved.parent / "korean.png"
    assert png_size(png) == (round(float(width) * 96 / 72), round(float(height) * 96 / 72))
    assert b"pHYs\x00\x00\x0e\xc4\x00\x00\x0e\xc4" in png.read_bytes()  # 3780 px/m: Qt's 96 dpi
