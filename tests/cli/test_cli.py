"""The headless CLI end to end: real worker, real torch, real Graphviz.

Most tests call ``graphviz_app.cli.main`` in this process (what the console script runs, minus
the interpreter's start); a few smoke tests run ``main.py`` and ``python -m graphviz_app`` as
processes, as a user does.
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from graphviz_app.cli import main
from graphviz_app.resources import example

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Done:
    """What one CLI call did: its exit status and what it printed."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(capsys, runner):
    """Return a function running the CLI in this process: ``cli("export", ...) -> Done``, with the
    session's warm runner (a process of its own starts its own: ``cli_process``)."""

    def run(*args: str) -> Done:
        capsys.readouterr()  # drop what came before
        code = main(list(args), runner=runner)
        out, err = capsys.readouterr()
        return Done(code, out, err)

    return run


def cli_process(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``main.py`` as a process, as a user does."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def basic_json(tmp_path_factory) -> Path:
    """The basic example run through the CLI once (a process), with backward, saved as JSON."""
    out = tmp_path_factory.mktemp("cli") / "basic.json"
    done = cli_process("export", str(example("basic_autograd.py")), "-o", str(out), "--backward")
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stdout and "4 nodes, 3 edges" in done.stdout
    return out


def test_script_straight_to_png(tmp_path, cli):
    out = tmp_path / "basic.png"
    done = cli("export", str(example("basic_autograd.py")), "-o", str(out), "--backward", "--color", "grad")
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf", ".dot", ".json"])
def test_export_every_format(suffix, tmp_path, basic_json, cli):
    out = tmp_path / f"basic{suffix}"
    done = cli("export", str(basic_json), "-o", str(out))
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    if suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    elif suffix == ".svg":
        root = ET.fromstring(data)
        assert root.tag.endswith("svg")
        text = data.decode()
        assert "PowBackward0" in text and "w" in text
    elif suffix == ".pdf":
        assert data.startswith(b"%PDF")
    elif suffix == ".dot":
        assert data.decode().lstrip().startswith(("digraph", "strict digraph"))
    else:
        graph = json.loads(data)
        leaf = next(n for n in graph["nodes"] if n["name"] == "w")
        assert leaf["grad"]["values"] == [[0.75, 3.0], [6.75, 3.0]]


def test_json_can_be_exported_again_without_running(tmp_path, basic_json, cli):
    svg = tmp_path / "g.svg"
    done = cli("export", str(basic_json), "-o", str(svg), "--color", "op")
    assert "Running" not in done.stdout + done.stderr and "z = 14.0000" not in done.stderr
    assert done.returncode == 0, done.stderr
    assert svg.read_bytes().lstrip().startswith((b"<?xml", b"<svg"))


def test_color_choices_are_the_registered_modes(capsys):
    """--color offers every mode of the colour-mode registry and refuses another, naming them."""
    from graphviz_app.cli import export_parser
    from graphviz_app.core.view.colors import COLOR_MODES

    color = next(a for a in export_parser()._actions if "--color" in a.option_strings)
    assert tuple(color.choices) == COLOR_MODES
    with pytest.raises(SystemExit):
        main(["export", "x.py", "-o", "g.svg", "--color", "rainbow"])
    assert "--color {device,op,module,grad,memory,time,health}" in capsys.readouterr().err  # the usage line


def test_module_names_and_grad_colors(tmp_path, cli):
    out = tmp_path / "t.svg"
    done = cli(
        "export", str(example("transformer_layer.py")), "-o", str(out), "--backward", "--color", "grad"
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    assert "linear1.weight" in text and "self_attn" in text


@pytest.mark.parametrize(
    "source, phrase, timeout",
    [
        ("x = (\n", "syntax error on line 1", "2"),
        (
            "import torch\nw = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    y = (w * 2).sum()\n",
            "torch.no_grad()",
            "2",
        ),
        ("import os\nos._exit(4)\n", "os._exit(4)", "2"),
        # A hang runs out whatever limit it gets: half a second shows it (and costs less CPU).
        ("while True:\n    pass\n", "did not finish within 0.5 s", "0.5"),
        ("import torch\nw = torch.tensor([1, 2], requires_grad=True)\n", "integers", "2"),
    ],
    ids=["syntax", "no_graph", "os_exit", "hang", "int_requires_grad"],
)
def test_bad_scripts_fail_clearly_and_write_nothing(source, phrase, timeout, tmp_path, cli):
    script = tmp_path / "bad.py"
    script.write_text(source)
    out = tmp_path / "out.svg"
    done = cli("export", str(script), "-o", str(out), "--timeout", timeout)
    assert done.returncode == 1
    assert phrase in done.stderr and "graphviz-app: error:" in done.stderr
    # a run that ran out of time names the option that gives it more
    assert ("The run time limit is raised with --timeout SECONDS." in done.stderr) == (timeout == "0.5")
    assert not out.exists() and list(tmp_path.iterdir()) == [script]


def test_users_traceback_is_shown(tmp_path, cli):
    script = tmp_path / "raises.py"
    script.write_text("import torch\n\ndef f():\n    raise KeyError('weights')\n\nf()\n")
    done = cli("export", str(script), "-o", str(tmp_path / "o.png"))
    assert done.returncode == 1
    assert f'{script}", line 4' in done.stderr and "KeyError: 'weights'" in done.stderr
    assert "graphviz_app/capture" not in done.stderr


def test_bad_paths(tmp_path, cli):
    missing = cli("export", str(tmp_path / "nope.py"), "-o", str(tmp_path / "o.svg"))
    assert missing.returncode == 1 and "No such file" in missing.stderr
    not_python = tmp_path / "weights.bin"
    not_python.write_bytes(b"\x00\x01\x02binary")
    done = cli("export", str(not_python), "-o", str(tmp_path / "o.svg"))
    assert done.returncode == 1 and "not a Python script" in done.stderr
    no_folder = cli(
        "export", str(example("basic_autograd.py")), "-o", str(tmp_path / "no" / "such" / "o.svg")
    )
    assert no_folder.returncode == 1 and "does not exist" in no_folder.stderr
    bad_suffix = cli("export", str(example("basic_autograd.py")), "-o", str(tmp_path / "o.gif"))
    assert bad_suffix.returncode == 1 and ".png" in bad_suffix.stderr
    assert not (tmp_path / "o.svg").exists() and not (tmp_path / "o.gif").exists()


def test_unwritable_location(basic_json, cli):
    # /proc refuses new files even to root, so this holds for any user.
    done = cli("export", str(basic_json), "-o", "/proc/graph.svg")
    assert done.returncode == 1 and "/proc" in done.stderr
    assert not Path("/proc/graph.svg").exists()


def test_python_m_and_main_py_agree():
    by_module = subprocess.run(
        [sys.executable, "-m", "graphviz_app", "export", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    by_main = cli_process("export", "--help")
    assert by_module.returncode == by_main.returncode == 0
    assert by_module.stdout == by_main.stdout and "--backward" in by_main.stdout


def test_export_at_a_backward_step(tmp_path, basic_json, cli):
    dot = tmp_path / "step4.dot"
    done = cli("export", str(basic_json), "-o", str(dot), "--step", "4", "--step-mode", "backward")
    assert done.returncode == 0, done.stderr
    text = dot.read_text()
    assert "Backward step 4/4" in text and "w.grad = [[0.75, 3], [6.75, 3]]" in text
    saved = tmp_path / "step2.json"
    assert (
        cli("export", str(basic_json), "-o", str(saved), "--step", "2", "--step-mode", "backward").returncode
        == 0
    )
    view = json.loads(saved.read_text())["graph"]["view"]["step"]
    assert view["mode"] == "backward" and view["index"] == 2 and view["count"] == 4


def test_one_image_per_step(tmp_path, basic_json, cli):
    folder = tmp_path / "steps"
    done = cli("export", str(basic_json), "--steps-dir", str(folder), "--step-mode", "forward")
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"step-00{k}.png" for k in range(1, 5)]
    assert all((folder / f).read_bytes().startswith(b"\x89PNG") for f in files)


def test_step_out_of_range_and_without_backward(tmp_path, basic_json, cli):
    done = cli(
        "export", str(basic_json), "-o", str(tmp_path / "s.png"), "--step", "9", "--step-mode", "backward"
    )
    assert done.returncode == 1 and "backward steps 1 to 4" in done.stderr
    assert not (tmp_path / "s.png").exists()
    forward_only = tmp_path / "f.json"
    assert cli("export", str(example("basic_autograd.py")), "-o", str(forward_only)).returncode == 0
    done = cli(
        "export", str(forward_only), "-o", str(tmp_path / "b.png"), "--step", "1", "--step-mode", "backward"
    )
    assert done.returncode == 1 and "--backward" in done.stderr


def test_a_bad_script_fails_with_status_1_as_a_process(tmp_path):
    """Smoke test of the real exit path: status 1, the cause on stderr, nothing written."""
    script = tmp_path / "bad.py"
    script.write_text("x = (\n")
    done = cli_process("export", str(script), "-o", str(tmp_path / "o.svg"))
    assert done.returncode == 1 and "syntax error on line 1" in done.stderr
    assert not (tmp_path / "o.svg").exists()


def _svg_size(path: Path) -> tuple[float, float]:
    root = ET.fromstring(path.read_bytes())
    return float(root.get("width", "0").removesuffix("pt")), float(root.get("height", "0").removesuffix("pt"))


def test_rankdir_lays_exports_out_left_to_right(tmp_path, basic_json, cli):
    dot, lr, tb = tmp_path / "lr.dot", tmp_path / "lr.svg", tmp_path / "tb.svg"
    assert cli("export", str(basic_json), "-o", str(dot), "--rankdir", "LR").returncode == 0
    assert 'rankdir="LR";' in dot.read_text(encoding="utf-8")
    assert cli("export", str(basic_json), "-o", str(lr), "--rankdir", "LR").returncode == 0
    assert cli("export", str(basic_json), "-o", str(tb)).returncode == 0  # TB by default
    (lr_w, lr_h), (tb_w, tb_h) = _svg_size(lr), _svg_size(tb)
    assert lr_w > tb_w and lr_h < tb_h  # the chain w -> pow -> mean runs across, not down
    with pytest.raises(SystemExit) as refused:  # argparse: usage and status 2
        cli("export", str(basic_json), "-o", str(dot), "--rankdir", "BT")
    assert refused.value.code == 2
