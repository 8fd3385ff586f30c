"""What the app's log says about a ``dot`` run and a saved graph's read (and its refusal)."""

from __future__ import annotations

import logging

import pytest

from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.core.model.saved_graph import read_saved_graph
from graphviz_app.wire.errors import GraphvizAppError

from .graphs import chain


def test_a_dot_run_is_logged_with_its_program_nodes_time_and_exit(caplog):
    with caplog.at_level(logging.DEBUG, logger="graphviz_app.core.graphviz.layout"):
        drawn = LayoutJob(
            'digraph { "a" [label="a"]; "b" [label="b"]; "c" [label="c"]; "a" -> "b" -> "c" }'
        ).result()
    assert len(drawn.nodes) == 3
    (record,) = [r for r in caplog.records if r.name == "graphviz_app.core.graphviz.layout"]
    assert record.levelno == logging.DEBUG
    assert record.getMessage().startswith("dot -Tjson0: 3 nodes in ")
    assert record.getMessage().endswith(" s, exit 0")


def test_a_saved_graph_read_and_a_refusal_are_logged(caplog, tmp_path):
    path = tmp_path / "chain.json"
    path.write_text(dumps_graph(chain(5)), encoding="utf-8")
    missing = tmp_path / "gone.json"
    with caplog.at_level(logging.INFO, logger="graphviz_app.core.model.saved_graph"):
        graph = read_saved_graph(path)
        with pytest.raises(GraphvizAppError):
            read_saved_graph(missing)
    read, refused = [
        r.getMessage() for r in caplog.records if r.name == "graphviz_app.core.model.saved_graph"
    ]
    size = path.stat().st_size
    assert read.startswith(f"read {path}: {size} bytes, {graph.number_of_nodes()} nodes, ")
    assert read.endswith(" s") and graph.number_of_nodes() > 0
    assert refused.startswith(f"refused {missing} after ") and f"No such file: {missing}" in refused
