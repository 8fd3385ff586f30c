"""A file is opened for what it is: only .py runs, .json is read, the rest is refused."""

from __future__ import annotations

import os

import pytest

from graphviz_app.core.model import limits
from graphviz_app.core.model.file_kind import classify_path


@pytest.mark.parametrize(
    "name, kind",
    [
        ("model.py", "script"),
        ("MODEL.PY", "script"),
        ("graph.json", "graph"),
        ("GRAPH.JSON", "graph"),
        ("graph.dot", "refused"),
        ("graph.gv", "refused"),
        ("notes.txt", "refused"),
        ("graph.svg", "refused"),
        ("Makefile", "refused"),
        ("model.pyc", "refused"),
        (".py", "refused"),
    ],
)
def test_kind_follows_the_suffix(tmp_path, name, kind):
    path = tmp_path / name
    path.write_text("print('hi')\n")
    decision = classify_path(path)
    assert decision.kind == kind and decision.path == path
    assert decision.refused == (kind == "refused")
    if name.endswith((".dot", ".gv")):
        assert decision.message.english() == (
            f"{path}: graphviz_app reads graphs it saved as .json; a {path.suffix} file is Graphviz "
            "text, not a script; it was not run. Open the .py script the graph came from, or its "
            ".json export."
        )
    elif kind == "refused":
        assert "is not a Python script or a saved graph; it was not run" in decision.message.english()


def test_running_another_name_is_an_explicit_choice_said_aloud(tmp_path):
    path = tmp_path / "train"
    path.write_text("x = 1\n")
    assert classify_path(path).refused
    decision = classify_path(path, run_anyway=True)
    assert decision.kind == "script"
    assert (
        decision.message.english()
        == "train runs as a Python script, as you asked, although its name does not end in .py."
    )
    saved = tmp_path / "g.json"
    saved.write_text("{}")
    assert classify_path(saved, run_anyway=True).kind == "graph"  # a saved graph never runs


def test_missing_paths_folders_and_fifos(tmp_path):
    assert classify_path(tmp_path / "nope.py").message.english() == f"No such file: {tmp_path / 'nope.py'}."
    folder = tmp_path / "pkg.py"
    folder.mkdir()
    assert "is a folder" in classify_path(folder).message.english()
    for name in ("pipe.py", "pipe.json"):
        fifo = tmp_path / name
        os.mkfifo(fifo)
        assert (
            classify_path(fifo)
            .message.english()
            .startswith(f"{fifo} is a FIFO (named pipe), not a regular file")
        )
    zero = tmp_path / "zero.py"
    zero.symlink_to("/dev/zero")  # would be read whole as a "script"
    assert "is a device, not a regular file: it was not read or run" in classify_path(zero).message.english()
    huge = tmp_path / "huge.py"
    with open(huge, "wb") as f:
        f.truncate(limits.MAX_SOURCE_BYTES + 1)
    assert "more than the 16,777,216 bytes of a script" in classify_path(huge).message.english()
