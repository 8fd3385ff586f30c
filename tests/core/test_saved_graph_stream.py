"""Saved graphs are parsed as they are read: a file over a limit is refused as soon as the limit is
passed, a read can be stopped, and every answer is the one ``json.loads`` plus the validator gives
for the whole file, wherever the file's pieces happen to end."""

from __future__ import annotations

import json
import threading

import pytest
from hostile import big_graph, chain_file, hostile_trace, malformed_graphs, trace

from graphviz_app.core.model import limits, saved_graph
from graphviz_app.core.model.graph import graph_from_trace
from graphviz_app.core.model.saved_graph import ReadCancelled, ReadProgress, read_saved_graph
from graphviz_app.errors import GraphFileError
from graphviz_app.wire.errors import GraphvizAppError


def whole_file_answer(raw: bytes, path: str) -> str | dict:
    """What reading the whole file at once gives: the error message, or the graph's node-link data."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return f"a byte that is not UTF-8 at offset {exc.start}."
    try:
        data = json.loads(text, parse_int=saved_graph._parse_int)
    except saved_graph._NumberTooLongError as exc:
        return f"found one of {exc.digits:,} digits"
    except json.JSONDecodeError as exc:
        return f"found {exc.msg} at line {exc.lineno}, column {exc.colno}."
    except RecursionError:
        return "deeper nesting"
    try:
        saved_graph.validate_trace(data, path)
    except GraphFileError as exc:
        return exc.message.english()
    graph = graph_from_trace(data)
    return {
        "nodes": dict(graph.nodes(data=True)),
        "edges": list(graph.edges(data=True)),
        "graph": graph.graph,
    }


def streamed_answer(path, chunk: int, monkeypatch) -> str | dict:
    monkeypatch.setattr(saved_graph, "READ_CHUNK", chunk)
    try:
        graph = read_saved_graph(path)
    except GraphvizAppError as exc:
        return exc.message.english()
    return {
        "nodes": dict(graph.nodes(data=True)),
        "edges": list(graph.edges(data=True)),
        "graph": graph.graph,
    }


def agree(expected: str | dict, got: str | dict) -> bool:
    return expected == got if isinstance(expected, dict) else isinstance(got, str) and expected in got


def documents() -> list[tuple[str, bytes]]:
    """Every malformed graph but the one over the node limit (its message says "more than"),
    valid ones with hostile names and non-finite numbers, and byte-level oddities."""
    docs = [(c.name, c.text.encode()) for c in malformed_graphs() if c.name != "too_many_nodes"]
    valid = json.dumps(trace(), indent=1).encode()
    docs += [
        ("valid", valid),
        ("hostile", json.dumps(hostile_trace()).encode()),
        ("bom", b"\xef\xbb\xbf" + valid),
        ("two_boms", b"\xef\xbb\xbf\xef\xbb\xbf{}"),
        ("bad_byte_after_bom", b'\xef\xbb\xbf{"nodes": "\xff"}'),
        ("not_utf8", b'{"nodes": "\xff\xfe"}'),
        ("cut_utf8", valid + b"\xe2\x82"),
        ("bare_nan", valid.replace(b'"forward_index": 1', b'"forward_index": NaN')),
        ("top_level_list", b"[" + b", ".join([valid] * 3) + b"]"),
        ("extra_data", valid + b" {}"),
        ("unknown_arrays_dropped", valid[:-1] + b', "extra": [[1, 2], {"a": [3]}], "more": {"b": 1}}'),
        ("duplicate_nodes_last_wins", valid[:-1] + b', "nodes": 7}'),
        ("long_number_last", valid[:-1] + b', "x": ' + b"9" * 40 + b"}"),
        ("long_number_in_string", valid.replace(b'"cpu"', b'"' + b"1" * 30 + b'"')),
        ("surrogate_pair", valid.replace(b'"x"', b'"\\ud83d\\ude00"')),
    ]
    return docs


DOCS = documents()


@pytest.mark.parametrize(("name", "raw"), DOCS, ids=[name for name, _ in DOCS])
def test_every_answer_is_the_whole_files_wherever_its_pieces_end(tmp_path, monkeypatch, name, raw):
    path = tmp_path / f"{name}.json"
    path.write_bytes(raw)
    expected = whole_file_answer(raw, str(path))
    for chunk in (1, 2, 3, 7, 64, 1 << 20):
        assert agree(expected, streamed_answer(path, chunk, monkeypatch)), (chunk, expected)


def test_every_cut_of_a_valid_graph_gives_the_whole_files_error(tmp_path, monkeypatch):
    raw = json.dumps(trace(), indent=1).encode()
    path = tmp_path / "cut.json"
    for end in range(len(raw)):
        path.write_bytes(raw[:end])
        expected = whole_file_answer(raw[:end], str(path))
        for chunk in (1, 5, 1 << 20):
            assert agree(expected, streamed_answer(path, chunk, monkeypatch)), (end, chunk, expected)


def test_big_graphs_decoded_in_runs_read_as_a_whole(tmp_path, monkeypatch):
    """Items are decoded many at a time where the text read holds them whole: broken items
    anywhere (inside a run, across a piece's end) give the same answers."""
    path = big_graph(tmp_path / "big.json", 1_500)
    raw = path.read_bytes()
    indented = json.dumps(json.loads(raw), indent=1).encode()
    middle = len(indented) // 2
    variants = {
        "compact": raw,
        "indented": indented,
        "comma_dropped": indented[:middle] + indented[middle:].replace(b"},", b"}", 1),
        "brace_dropped": indented[:middle] + indented[middle:].replace(b"}", b"", 1),
        "late_unknown_node": indented.replace(b'"source": "n3"', b'"source": "n99999"'),
    }
    for name, text in variants.items():
        path.write_bytes(text)
        expected = whole_file_answer(text, str(path))
        for chunk in (997, 8_192, 65_536, 1 << 20):
            assert agree(expected, streamed_answer(path, chunk, monkeypatch)), (name, chunk, expected)


def test_a_million_nodes_are_refused_before_the_file_is_read_whole(tmp_path):
    path = chain_file(tmp_path / "million.json", 1_000_000)
    reads: list[ReadProgress] = []
    with pytest.raises(GraphFileError) as info:
        read_saved_graph(path, progress=reads.append)
    assert info.value.message.english().startswith(
        f"{path}: cannot open this saved graph: nodes must be a list of at most "
        f"{limits.MAX_NODES:,} items, found a list of more than {limits.MAX_NODES:,} items."
    )
    read = max(p.done for p in reads if p.stage == "reading")
    assert read < path.stat().st_size / 3  # the refusal came with the 200,001st node
    assert {p.stage for p in reads} == {"reading"}  # nothing was checked or built


def test_too_many_edges_are_refused_as_they_are_read(tmp_path, monkeypatch):
    monkeypatch.setattr(saved_graph, "_STREAMED", {**saved_graph._STREAMED, "edges": 50})
    path = chain_file(tmp_path / "edges.json", 100)
    with pytest.raises(
        GraphFileError, match="edges must be a list of at most 50 items, found a list of more than 50"
    ):
        read_saved_graph(path)


def test_progress_goes_from_reading_to_checking_to_building(tmp_path, monkeypatch):
    monkeypatch.setattr(saved_graph, "READ_CHUNK", 4_096)
    path = chain_file(tmp_path / "chain.json", 12_000)
    reports: list[ReadProgress] = []
    graph = read_saved_graph(path, progress=reports.append)
    assert graph.number_of_nodes() == 12_000 and graph.number_of_edges() == 11_999
    stages = [r.stage for r in reports]
    assert stages == sorted(stages, key=["reading", "checking", "building"].index)
    reading = [r for r in reports if r.stage == "reading" and r.done]
    assert reading[-1].done == reading[-1].total == path.stat().st_size
    assert [(r.done, r.total) for r in reports if r.stage == "checking"] == [
        (0, 12_000),
        (5_000, 12_000),
        (10_000, 12_000),
    ]
    assert [r.done for r in reports if r.stage == "building"] == [0, 5_000, 10_000, 15_000, 20_000]


@pytest.mark.parametrize("stage", ["reading", "checking", "building"])
def test_a_stopped_read_ends_at_its_next_report(tmp_path, stage):
    path = chain_file(tmp_path / "chain.json", 12_000)
    stop = threading.Event()

    def report(step: ReadProgress) -> None:
        if step.stage == stage and step.done:
            stop.set()

    with pytest.raises(ReadCancelled, match="was cancelled"):
        read_saved_graph(path, progress=report, stop=stop)


def test_a_read_stopped_before_it_starts_opens_nothing(tmp_path):
    stop = threading.Event()
    stop.set()
    with pytest.raises(ReadCancelled):
        read_saved_graph(tmp_path / "missing.json", stop=stop)
