"""A saved graph's figures (graph attribute ``plots``): a graph with figures reopens with them, and
a file whose figures are too many, too big, not PNG or not what a figure holds is refused with a
message naming the field and the bound."""

from __future__ import annotations

import json
import struct
import zlib

import pytest
from hostile import trace

from graphviz_app.core.model import plots
from graphviz_app.core.model.graph import dumps_graph, load_graph_json
from graphviz_app.errors import GraphFileError
from graphviz_app.wire.plots import MAX_PLOT_TEXT, MAX_PLOTS, PNG_SIGNATURE, encode_png


def png(width: int = 2, height: int = 2) -> bytes:
    """A real PNG of ``width`` x ``height`` grey pixels (what a figure's drawing holds)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def figure(**changes: object) -> dict[str, object]:
    entry: dict[str, object] = {
        "title": "Loss",
        "line": 12,
        "kind": "shown",
        "path": None,
        "png": encode_png(png()),
    }
    entry.update(changes)
    return entry


def saved(tmp_path, entries: object):
    data = trace()
    data["graph"]["plots"] = entries
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_graph_with_figures_reopens_with_them(tmp_path):
    entries = [figure(), figure(kind="saved", path="out/loss.png", line=None, title=""), figure(kind="open")]
    graph = load_graph_json(saved(tmp_path, entries))
    again = tmp_path / "again.json"
    again.write_text(dumps_graph(graph), encoding="utf-8")
    found = plots.plots_of(load_graph_json(again))
    assert [(p.kind, p.title, p.line, p.path) for p in found] == [
        ("shown", "Loss", 12, None),
        ("saved", "", None, "out/loss.png"),
        ("open", "Loss", 12, None),
    ]
    assert all(p.png == png() for p in found)
    assert [p.describe() for p in found] == [
        "shown on line 12",
        "saved to out/loss.png",
        "still open when the script ended, made on line 12",
    ]


def test_the_export_writes_each_figure_beside_the_output(tmp_path):
    graph = load_graph_json(saved(tmp_path, [figure(), figure(title="")]))
    notes = plots.write_plots(graph, tmp_path / "g.svg")
    assert (tmp_path / "g.plot-1.png").read_bytes() == png()
    assert (tmp_path / "g.plot-2.png").read_bytes() == png()
    assert notes == [
        f'the script\'s figure 1 "Loss" (shown on line 12) was written to {tmp_path / "g.plot-1.png"}',
        f"the script's figure 2 (shown on line 12) was written to {tmp_path / 'g.plot-2.png'}",
    ]


HOSTILE = {
    "too_many": ([figure()] * (MAX_PLOTS + 1), "graph.plots must be a list of at most 20 items"),
    "not_a_list": ({"png": "x"}, "graph.plots must be a list"),
    "not_an_object": (["a figure"], "graph.plots[0] must be an object"),
    "no_png": ([figure(png=None)], "graph.plots[0].png must be a PNG image as base64 text of at most"),
    "png_too_long": (
        [figure(png="A" * (MAX_PLOT_TEXT + 4))],
        "graph.plots[0].png must be a PNG image as base64 text of at most 1,333,336 characters",
    ),
    "not_base64": (
        [figure(png="<svg onload=alert(1)>")],
        "graph.plots[0].png must be a PNG image as base64 text",
    ),
    "not_png": (
        [figure(png=encode_png(b"GIF89a" + bytes(40)))],
        "graph.plots[0].png must be a PNG image as base64 text",
    ),
    "huge_png": (
        [figure(png=encode_png(png(1, 1)[:16] + struct.pack(">II", 100_000, 100_000) + png(1, 1)[24:]))],
        "graph.plots[0].png must be a PNG image at most 4,096 pixels on a side, found one of "
        "100,000 x 100,000 pixels",
    ),
    "bad_kind": ([figure(kind="window")], "graph.plots[0].kind must be 'shown' or 'saved' or 'open'"),
    "long_title": (
        [figure(title="t" * 10_001)],
        "graph.plots[0].title must be at most 10,000 characters long",
    ),
    "negative_line": ([figure(line=-3)], "graph.plots[0].line must be an integer of at least 0"),
    "path_not_text": ([figure(path=["a"])], "graph.plots[0].path must be a string or null"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_figures_are_refused_naming_the_field(tmp_path, name):
    entries, phrase = HOSTILE[name]
    with pytest.raises(GraphFileError) as info:
        load_graph_json(saved(tmp_path, entries))
    assert phrase in info.value.message.english()
    assert "nothing was run" in info.value.message.english()


def test_a_graph_built_in_memory_with_a_damaged_figure_shows_the_others(tmp_path):
    graph = load_graph_json(saved(tmp_path, [figure()]))
    graph.graph["plots"] = [{"png": "not base64!"}, "junk", figure(title="kept")]
    assert [p.title for p in plots.plots_of(graph)] == ["kept"]
