"""Saved graphs are untrusted documents: every malformed one gives one typed error naming the
file and the field; valid ones with hostile names load and export as valid documents."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest
from hostile import HOSTILE_NAMES, hostile_trace, malformed_graphs, special_files, trace, write_malformed

from graphviz_app.core.export import export_graph
from graphviz_app.core.model import limits
from graphviz_app.core.model.graph import dumps_graph, load_graph_json
from graphviz_app.core.model.saved_graph import read_source_safely
from graphviz_app.errors import GraphFileError
from graphviz_app.wire.errors import GraphvizAppError

CASES = malformed_graphs()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_malformed_graph_gives_one_typed_error_naming_file_and_field(tmp_path, case):
    path = tmp_path / f"{case.name}.json"
    path.write_text(case.text, encoding="utf-8")
    with pytest.raises(GraphFileError) as info:
        load_graph_json(path)
    assert str(path) in info.value.message.english()
    assert case.phrase in info.value.message.english()
    assert "nothing was run" in info.value.message.english()


def test_undecodable_bytes_are_named(tmp_path):
    (path,) = [p for c, p in write_malformed(tmp_path) if c.name == "not_utf8"]
    with pytest.raises(GraphFileError, match="UTF-8 text, found a byte that is not UTF-8 at offset 11"):
        load_graph_json(path)


def test_special_files_are_refused_without_blocking(tmp_path):
    for special in special_files(tmp_path):
        with pytest.raises(GraphvizAppError) as info:
            load_graph_json(special.path)  # a FIFO with no writer would block a plain open()
        assert special.phrase in info.value.message.english(), special.name


def test_limits_are_stated_when_exceeded(tmp_path):
    path = tmp_path / "long.json"
    data = trace()
    data["nodes"][1]["module"] = "m" * (limits.MAX_TEXT + 1)
    path.write_text(json.dumps(data))
    with pytest.raises(
        GraphFileError,
        match=r"nodes\[1\]\.module must be at most 10,000 characters long, "
        r"found the string \"mmm",
    ):
        load_graph_json(path)


def test_non_finite_numbers_are_standard_json_and_read_back(tmp_path):
    data = trace()
    data["nodes"][1]["grad"] = {
        "shape": [3],
        "dtype": "float32",
        "norm": math.nan,
        "min": -math.inf,
        "max": math.inf,
        "mean": math.nan,
        "nan": 1,
        "inf": 2,
        "values": [math.nan, math.inf, -math.inf],
    }
    data["edges"][0]["grad"] = dict(data["nodes"][1]["grad"])
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))  # bare NaN / Infinity: files written before the fix
    assert "NaN" in old.read_text() and '"NaN"' not in old.read_text()
    graph = load_graph_json(old)
    out = tmp_path / "new.json"
    export_graph(graph, out)
    text = out.read_text()
    json.loads(text, parse_constant=lambda name: pytest.fail(f"bare {name} in the export"))
    assert '"norm": "NaN"' in text and '"min": "-Infinity"' in text and '"Infinity"' in text
    again = load_graph_json(out)
    grad = again.nodes["n1"]["grad"]
    assert math.isnan(grad["norm"]) and grad["min"] == -math.inf and grad["max"] == math.inf
    assert math.isnan(grad["values"][0]) and grad["values"][1:] == [math.inf, -math.inf]
    assert math.isnan(again.edges["n0", "n1"]["grad"]["mean"])
    assert math.isnan(graph.nodes["n1"]["grad"]["norm"])  # exporting did not change the graph


def test_hostile_names_load_and_export_as_valid_svg_with_exactly_the_graphs_nodes(tmp_path):
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(hostile_trace()))
    graph = load_graph_json(path)
    assert graph.nodes["n8"]["name"] == '<img src="/dev/zero">'
    for suffix in (".svg", ".dot", ".json", ".png", ".pdf"):
        export_graph(graph, tmp_path / f"out{suffix}", mode="module")
    root = ET.parse(tmp_path / "out.svg").getroot()
    titles = [
        g.findtext("{http://www.w3.org/2000/svg}title")
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if g.get("class") == "node"
    ]
    assert sorted(t for t in titles if t != "__legend__") == sorted(graph.nodes)
    assert len(titles) == len(HOSTILE_NAMES) + 1
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "<b>bold</b>" in texts and "\xa0" in texts  # markup kept as text, &nbsp; as its character
    assert load_graph_json(tmp_path / "out.json").nodes["n6"]["name"] == "a\x01b\x1fc"


def test_a_graph_never_opens_the_file_its_script_field_names(tmp_path):
    fifo = tmp_path / "pipe.py"
    import os

    os.mkfifo(fifo)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(trace(script=str(fifo))))
    graph = load_graph_json(path)  # would block forever if the reader opened the FIFO
    assert graph.graph["script"] == str(fifo)
    export_graph(graph, tmp_path / "g.svg")
    with pytest.raises(GraphvizAppError, match="FIFO"):
        read_source_safely(fifo)
    with pytest.raises(GraphvizAppError, match="a device"):
        read_source_safely("/dev/zero")
    big = tmp_path / "big.py"
    big.write_bytes(b"#" * 2000)
    with pytest.raises(GraphvizAppError, match="more than the 1,000 bytes"):
        read_source_safely(big, max_bytes=1000)
    (tmp_path / "ok.py").write_bytes(b"x = 1\n\xff\n")
    assert read_source_safely(tmp_path / "ok.py") == "x = 1\n\ufffd\n"


def test_a_real_export_round_trips(tmp_path):
    data = trace()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    graph = load_graph_json(path)
    assert json.loads(dumps_graph(graph))["nodes"] == data["nodes"]


def test_complex_values_spelled_as_text_load_and_export(tmp_path):
    data = trace()
    data["nodes"][0].update(
        dtype="complex64",
        value={
            "shape": [2],
            "dtype": "complex64",
            "norm": 3.87,
            "min": 2.24,
            "max": 3.16,
            "mean": 2.7,
            "nan": 0,
            "inf": 0,
            "values": ["1+2j", "3-1j"],
        },
    )
    path = tmp_path / "complex.json"
    path.write_text(json.dumps(data))
    graph = load_graph_json(path)
    assert graph.nodes["n0"]["value"]["values"] == ["1+2j", "3-1j"]
    export_graph(graph, tmp_path / "complex.svg")
    ET.parse(tmp_path / "complex.svg")


@pytest.mark.parametrize("chunk", [5, 1 << 16], ids=["split across reads", "one read"])
def test_spelled_non_finite_numbers_read_back_however_the_text_spells_them(tmp_path, monkeypatch, chunk):
    """A summary's ``"NaN"``, ``"Infinity"``, ``"-Infinity"`` read back as floats, also when a
    read ends inside one, or a JSON escape spells it."""
    from graphviz_app.core.model import saved_graph

    monkeypatch.setattr(saved_graph, "READ_CHUNK", chunk)
    data = trace()
    data["nodes"][1]["grad"] = {
        "shape": [2],
        "dtype": "float32",
        "norm": "NaN",
        "min": "-Infinity",
        "max": "Infinity",
        "mean": 0.5,
        "nan": 1,
        "inf": 1,
        "values": ["Infinity", 0.5],
    }
    plain = json.dumps(data)
    escaped = plain.replace('"NaN"', '"\\u004eaN"').replace('Infinity"', '\\u0049nfinity"')
    assert "NaN" not in escaped and "Infinity" not in escaped
    for text in (plain, escaped):
        path = tmp_path / "spelled.json"
        path.write_text(text)
        grad = saved_graph.read_saved_graph(path).nodes["n1"]["grad"]
        assert math.isnan(grad["norm"]) and grad["min"] == -math.inf and grad["max"] == math.inf
        assert grad["values"] == [math.inf, 0.5]
