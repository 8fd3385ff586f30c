"""Saved graphs across schema versions: version 1 (notices and reasons as plain text) still opens
and shows its words as written; version 2 carries them as messages; a newer file is refused with
what to do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile import trace

from graphviz_app.core.model.file_kind import A_GRAPH
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.message_reader import read_message
from graphviz_app.wire.errors import GraphvizAppError
from graphviz_app.wire.message import Message
from graphviz_app.wire.schema import SCHEMA_VERSION


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_version_1_notices_are_plain_text_shown_as_written(tmp_path):
    graph = load_graph_json(write(tmp_path, trace(schema_version=1, notices=["Seeded with ones."])))
    (notice,) = graph.graph["notices"]
    assert read_message(notice).english() == "Seeded with ones."


def test_version_2_notices_are_messages_that_keep_their_template(tmp_path):
    sent = Message.of(A_GRAPH, name="g.json")  # (a template of the app's own catalogue)
    graph = load_graph_json(write(tmp_path, trace(schema_version=2, notices=[sent.to_wire()])))
    (notice,) = graph.graph["notices"]
    assert read_message(notice) == sent
    assert str(read_message(notice)) == "g.json is a saved graph: it is read, no code runs."


def test_a_file_from_a_newer_version_is_refused_with_the_fix(tmp_path):
    with pytest.raises(GraphvizAppError) as caught:
        load_graph_json(write(tmp_path, trace(schema_version=SCHEMA_VERSION + 1)))
    assert "newer graphviz_app" in str(caught.value)
