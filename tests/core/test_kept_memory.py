"""Memory kept for backward, app side: bytes for people, sums per module, the largest holders,
and saved graphs with and without the fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile import node, trace

from graphviz_app.core.model.graph import graph_from_trace, load_graph_json
from graphviz_app.core.model.kept_memory import (
    Kept,
    format_bytes,
    graph_total,
    kept_by,
    largest_holders,
    module_kept,
    node_kept,
)
from graphviz_app.wire.errors import GraphvizAppError


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (0, "0 B"),
        (512, "512 B"),
        (1023, "1023 B"),
        (1024, "1 KiB"),
        (1536, "1.5 KiB"),
        (37 * 1024 * 1024, "37 MiB"),
        (1023 * 1024 + 1000, "1024 KiB"),  # rounds to 1024 in its unit: whole units
        (int(1.25 * 1024**3), "1.25 GiB"),
        (123_456_789, "118 MiB"),
    ],
)
def test_bytes_read_in_1024_based_units_with_three_digits(count, text):
    assert format_bytes(count) == text


def graph(*saved: int | None, modules: tuple[str | None, ...] = (), total: int | None = None):
    nodes = [
        node(k, saved_bytes=b, module=modules[k] if k < len(modules) else None, forward_index=k)
        for k, b in enumerate(saved)
    ]
    edges = [
        {"source": f"n{k}", "target": f"n{k + 1}", "slots": [0], "grad": None} for k in range(len(nodes) - 1)
    ]
    return graph_from_trace(trace(nodes=nodes, edges=edges, saved_bytes_total=total))


def test_a_module_sums_its_nodes_and_its_submodules():
    g = graph(100, 2048, None, 7, 0, modules=("enc.0", "enc.1", "enc.1", "head", None), total=2000)
    sums = module_kept(g)
    assert list(sums) == ["enc", "enc.0", "enc.1", "head"]
    assert sums["enc.0"] == Kept(100, 0)
    assert sums["enc.1"] == Kept(2048, 1)
    assert sums["enc"] == Kept(2148, 1)
    assert sums["head"] == Kept(7, 0)
    assert kept_by(g, ["n0", "n3", "n4"]) == Kept(107, 0)
    assert graph_total(g) == 2000


def test_words_say_unknown_and_at_least():
    assert Kept(1536, 0).words() == "1.5 KiB"
    assert Kept(0, 3).words().english() == "unknown"
    assert Kept(2048, 2).words().english() == "at least 2 KiB (2 unknown)"


def test_the_largest_holders_come_first_ties_in_forward_order():
    g = graph(5, 0, None, 9, 5, 1)
    assert largest_holders(g) == ["n3", "n0", "n4", "n5"]
    assert largest_holders(g, 2) == ["n3", "n0"]


def test_a_graph_saved_before_the_fields_opens_with_everything_unknown():
    g = load_graph_json(Path(__file__).parent / "golden" / "small_cnn.json")
    assert "saved_bytes_total" not in g.graph and graph_total(g) is None
    assert all(node_kept(g, n) == Kept(0, 1) for n in g)
    sums = module_kept(g)
    assert sums and all(k.known == 0 and k.unknown > 0 for k in sums.values())
    assert kept_by(g, list(g)).words().english() == "unknown"
    assert largest_holders(g) == []


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("bad", [-1, "12", 1.5, True])
def test_a_bad_saved_bytes_is_refused_naming_the_field(tmp_path, bad):
    data = trace(nodes=[node(0, op="AccumulateGrad", kind="leaf"), node(1, saved_bytes=bad)])
    with pytest.raises(GraphvizAppError) as caught:
        load_graph_json(write(tmp_path, data))
    assert "nodes[1].saved_bytes" in str(caught.value)
    with pytest.raises(GraphvizAppError) as caught:
        load_graph_json(write(tmp_path, trace(saved_bytes_total=bad)))
    assert "graph.saved_bytes_total" in str(caught.value)
