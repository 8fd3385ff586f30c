"""Exports through the real Graphviz, and from a real capture of a bundled example."""

from __future__ import annotations

import os
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from graphviz_app.core.export import PNG_MAX_SIDE, export_graph, png_size
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.core.view.display import MODULE_PREFIX, ViewOptions
from graphviz_app.core.view.look import NodeStyle
from graphviz_app.errors import ExportError

from .graphs import chain, nested_modules, two_devices, with_grads


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf", ".dot", ".json"])
def test_every_format_writes_a_valid_file(tmp_path, suffix):
    graph = two_devices()
    out = tmp_path / f"graph{suffix}"
    assert export_graph(graph, out) == []
    data = out.read_bytes()
    if suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    elif suffix == ".svg":
        root = ET.fromstring(data)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert "cpu (4)" in texts  # the legend is drawn in exported images
    elif suffix == ".pdf":
        assert data.startswith(b"%PDF")
    elif suffix == ".dot":
        assert "__legend__" in LayoutJob(data.decode("utf-8")).result().nodes
    else:
        again = load_graph_json(out)
        assert dict(again.nodes(data=True)) == dict(graph.nodes(data=True))
        assert list(again.edges()) == list(graph.edges())
    assert leftovers(tmp_path) == [out.name]


def test_exported_file_has_ordinary_permissions(tmp_path):
    out = tmp_path / "g.svg"
    export_graph(chain(3), out)
    umask = os.umask(0o022)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask


def test_png_resolution_follows_scale(tmp_path):
    graph = nested_modules()
    export_graph(graph, tmp_path / "one.png")
    export_graph(graph, tmp_path / "two.png", scale=2.0)
    w1, h1 = png_size(tmp_path / "one.png")
    w2, h2 = png_size(tmp_path / "two.png")
    assert w2 == pytest.approx(2 * w1, abs=2) and h2 == pytest.approx(2 * h1, abs=2)


@pytest.mark.timeout(120)
def test_huge_png_is_scaled_below_the_cairo_limit_with_a_notice(tmp_path):
    out = tmp_path / "huge.png"
    notices = export_graph(chain(3000), out)
    width, height = png_size(out)
    assert max(width, height) <= PNG_MAX_SIDE < 32767
    assert len(notices) == 1 and "scaled down" in str(notices[0]) and "SVG or PDF" in str(notices[0])


def test_view_options_and_styles_reach_the_export(tmp_path):
    out = tmp_path / "g.dot"
    options = ViewOptions(collapsed=frozenset({"encoder"}))
    export_graph(
        nested_modules(),
        out,
        mode="module",
        options=options,
        styles={"n17": NodeStyle(pen="#00AA00", penwidth=3)},
    )
    text = out.read_text(encoding="utf-8")
    assert f'"{MODULE_PREFIX}encoder"' in text and "box3d" in text
    assert "#00AA00" in text


def test_grad_mode_without_gradients_gives_a_notice(tmp_path):
    notices = export_graph(chain(3), tmp_path / "g.svg", mode="grad")
    assert len(notices) == 1 and "backward" in str(notices[0])
    assert export_graph(with_grads(), tmp_path / "h.svg", mode="grad") == []


def test_unsupported_suffix_names_the_supported_ones(tmp_path):
    with pytest.raises(ExportError, match=r"\.png, \.svg, \.pdf, \.dot, \.json"):
        export_graph(chain(3), tmp_path / "graph.bmp")
    with pytest.raises(ExportError, match="not a supported file type"):
        export_graph(chain(3), tmp_path / "graph")
    assert leftovers(tmp_path) == []


def test_missing_folder_is_an_export_error(tmp_path):
    target = tmp_path / "no" / "such" / "graph.png"
    with pytest.raises(ExportError, match="does not exist") as info:
        export_graph(chain(3), target)
    assert str(target.parent) in str(info.value)
    assert leftovers(tmp_path) == []


def test_folder_that_is_a_file_or_unwritable(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    with pytest.raises(ExportError, match="is a file, not a folder"):
        export_graph(chain(3), blocker / "graph.png")
    with pytest.raises(ExportError, match="not writable"):
        export_graph(chain(3), Path("/proc/graph.svg"))  # unwritable even for root
    with pytest.raises(ExportError, match="is a folder"):
        export_graph(chain(3), tmp_path)
    assert leftovers(tmp_path) == ["file.txt"]


def test_failed_render_leaves_nothing_and_keeps_the_old_file(tmp_path):
    out = tmp_path / "graph.png"
    out.write_bytes(b"old contents")
    with pytest.raises(ExportError, match="longer than"):
        export_graph(chain(2000), out, timeout=0.001)
    assert out.read_bytes() == b"old contents"
    assert leftovers(tmp_path) == ["graph.png"]


def test_unknown_mode_and_bad_scale(tmp_path):
    with pytest.raises(ExportError, match="color mode"):
        export_graph(chain(3), tmp_path / "g.svg", mode="rainbow")
    with pytest.raises(ExportError, match="scale"):
        export_graph(chain(3), tmp_path / "g.png", scale=0)
    assert leftovers(tmp_path) == []


def test_json_export_keeps_the_view_without_touching_the_graph(tmp_path):
    graph = chain(3)
    export_graph(graph, tmp_path / "g.json", view={"step": 2, "mode": "forward"})
    assert load_graph_json(tmp_path / "g.json").graph["view"] == {"step": 2, "mode": "forward"}
    assert "view" not in graph.graph


def test_export_never_writes_over_the_graphs_own_script(tmp_path):
    script = tmp_path / "x.dot"  # a script with a data suffix, exported to its own name
    script.write_text("import torch\n")
    graph = chain(3)
    graph.graph["script"] = str(script)
    with pytest.raises(ExportError, match="it is the graph's own input file"):
        export_graph(graph, script)
    with pytest.raises(ExportError, match="it is the graph's own input file"):
        export_graph(chain(3), tmp_path / "." / "x.dot", protect=[script])
    assert script.read_text() == "import torch\n"
    assert leftovers(tmp_path) == ["x.dot"]


def test_export_keeps_files_it_cannot_safely_replace(tmp_path):
    locked = tmp_path / "locked.svg"
    locked.write_text("keep")
    locked.chmod(0o444)  # refused even for root, who may write anything
    with pytest.raises(ExportError, match="read-only, so it is not replaced"):
        export_graph(chain(3), locked)
    assert locked.read_text() == "keep"
    fifo = tmp_path / "pipe.dot"
    os.mkfifo(fifo)
    null = tmp_path / "null.svg"
    null.symlink_to("/dev/null")
    for target in (fifo, null):
        with pytest.raises(ExportError, match="not a regular file"):
            export_graph(chain(3), target)
    assert null.is_symlink() and leftovers(tmp_path) == ["locked.svg", "null.svg", "pipe.dot"]


def test_stale_part_files_of_dead_exports_are_removed(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / f".g.svg.{dead.pid}-abcdefgh.part"
    stale.write_text("half")
    live = tmp_path / f".g.svg.{os.getppid()}-abcdefgh.part"  # another export still writing
    live.write_text("busy")
    export_graph(chain(3), tmp_path / "g.svg")
    assert leftovers(tmp_path) == [live.name, "g.svg"]
