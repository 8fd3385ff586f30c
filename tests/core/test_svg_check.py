"""The SVG check of exports: Graphviz's SVG made well-formed XML (entities, control characters),
a drawing that is not XML or not an SVG refused; what needs no change is returned unchanged; a
drawing ``dot`` did not finish refused."""

from __future__ import annotations

import re

import pytest

from graphviz_app.core.export import (
    _SVG_NODE,
    _SVG_ROUTED_EDGE,
    SvgReading,
    _check_svg,
    _well_formed,
    well_formed_svg,
)
from graphviz_app.core.graphviz.arrange import Paint, picture
from graphviz_app.core.graphviz.layout import WARM_UP, LayoutJob, _Output
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.errors import ExportError, LayoutError

from .graphs import nested_modules

HEAD = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\n "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'


def svg(body: bytes) -> bytes:
    return HEAD + b'<svg xmlns="http://www.w3.org/2000/svg"><g><title>' + body + b"</title></g></svg>\n"


def test_what_graphviz_writes_everywhere_passes_unchanged():
    data = svg(b"a&#45;&gt;b &amp; &lt;c&gt; &quot;d&quot; &apos;e&apos; &#160;")
    assert well_formed_svg(data) == data


@pytest.mark.parametrize(
    ("body", "fixed"),
    [
        (b"a&nbsp;b", "a\u00a0b".encode()),
        (b"a & b", b"a &amp; b"),
        (b"a&#0;b", "a\ufffdb".encode()),
        (b"a\x01b", "a\ufffdb".encode()),
        (b"&unknownname;", b"&amp;unknownname;"),
    ],
)
def test_entities_and_control_characters_are_made_well_formed(body, fixed):
    assert well_formed_svg(svg(body)) == svg(fixed)


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (svg(b"x")[:-20], "not well-formed"),  # stopped before the end of the document
        (b"<html><body/></html>", "not an SVG document"),
        (b"<svg><g></svg>", "not well-formed"),
    ],
)
def test_a_broken_or_foreign_document_is_refused(data, why):
    with pytest.raises(ExportError, match=why):
        well_formed_svg(data)


def _drawn_svg(graph, tmp_path):
    """A real ``dot`` SVG of ``graph`` (with its legend) and the picture it draws."""
    drawn = picture(build_display(graph, ViewOptions()), graph, Paint(legend=True))
    out = tmp_path / "g.svg"
    LayoutJob(drawn.text, None, args=["-Tsvg", "-o", str(out)]).run()
    return out.read_bytes(), drawn


def test_a_finished_drawing_passes_and_an_unfinished_one_is_refused(tmp_path):
    """The SVG itself tells whether ``dot`` finished: every node drawn, placed, every edge routed
    (interrupted, ``dot`` exits 0 and writes what it has: no edge yet, every node at one place)."""
    data, drawn = _drawn_svg(nested_modules(), tmp_path)
    assert drawn.edges > 0 and len(drawn.names) > 2
    assert _check_svg(data, drawn, ()) == data
    no_edge = re.sub(rb'<g id="edge1" class="edge">.*?</g>\n', b"", data, count=1, flags=re.S)
    with pytest.raises(LayoutError, match="routing every edge"):
        _check_svg(no_edge, drawn, ())
    assert _check_svg(no_edge, drawn, ("Warning: unable to route an edge",)) == no_edge
    no_node = re.sub(rb'<g id="node1" class="node">.*?</g>\n', b"", data, count=1, flags=re.S)
    with pytest.raises(LayoutError, match="placing every node"):
        _check_svg(no_node, drawn, ())
    unplaced = re.sub(rb'viewBox="[^"]*"', b'viewBox="0.00 0.00 8.00 8.00"', data, count=1)
    with pytest.raises(LayoutError, match="positioning the nodes"):
        _check_svg(unplaced, drawn, ())


def _read(data: bytes, size: int) -> SvgReading:
    reading = SvgReading()
    for at in range(0, len(data), size):
        reading.feed(data[at : at + size])
    return reading


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 64, 4096])
def test_an_svg_checked_as_it_arrives_is_checked_as_a_whole(tmp_path, size):
    """In pieces of any size (``dot``'s stdout as it is written), the check says what it says
    on the whole document: a drawing needing no change passes as it is, anything else (a
    reference or character cut between two pieces included) is left to the whole check."""
    data, drawn = _drawn_svg(nested_modules(), tmp_path)
    assert _check_svg(data, drawn, (), _read(data, size)) == data
    reading = _read(data, size)
    assert reading.finish(data) == data.decode() and reading.complete
    assert reading.nodes == _SVG_NODE.findall(data.decode()) and len(reading.nodes) == len(drawn.names)
    assert reading.routed == len(_SVG_ROUTED_EDGE.findall(data.decode())) == drawn.edges
    for body in (b"a&#45;&gt;b &#39;c&#39; &#160;", b"x"):  # what Graphviz writes everywhere
        assert _read(svg(body), size).finish(svg(body)) == svg(body).decode()
    for body in (b"a&nbsp;b", b"a & b", b"a&#0;b", b"a\x01b", b"&unknownname;", "\ufffe".encode(), b"&amp"):
        whole = svg(body)
        assert _read(whole, size).finish(whole) is None
        assert _well_formed(whole, _read(whole, size)) == _well_formed(whole)


@pytest.mark.parametrize("size", [1, 7, 4096])
def test_a_document_cut_short_or_not_the_one_read_is_refused(tmp_path, size):
    data, drawn = _drawn_svg(nested_modules(), tmp_path)
    cut = data[: len(data) // 2]  # dot stopped while writing
    assert _read(cut, size).finish(cut) is None
    with pytest.raises(ExportError, match="not well-formed"):
        _check_svg(cut, drawn, (), _read(cut, size))
    other = data.replace(b"<title>", b"<title>x", 1)  # what was read is not what is checked
    assert _read(data, size).finish(other) is None
    twice = _read(data, size)
    twice.feed(data)  # (a failed run's output, then its fallback's)
    assert twice.finish(data) is None and _check_svg(data, drawn, (), twice) == data


def test_an_interrupted_started_dot_is_refused(tmp_path):
    """Interrupted while it waits for its text, a started ``dot`` draws its warm-up drawing
    again and exits 0: that is not the drawing asked for."""
    _, drawn = _drawn_svg(nested_modules(), tmp_path)
    warm = LayoutJob(WARM_UP.decode(), args=["-Tsvg"]).run()
    output = _Output(True, (reading := SvgReading()).feed)
    for at in range(0, 2 * len(warm), 100):
        output.add((warm + warm)[at : at + 100])
    assert output.data() == warm
    with pytest.raises(LayoutError, match="placing every node"):
        _check_svg(output.data(), drawn, (), reading)


@pytest.mark.parametrize("size", [1, 13, 4096])
def test_an_unfinished_drawing_read_as_it_arrives_is_refused(tmp_path, size):
    data, drawn = _drawn_svg(nested_modules(), tmp_path)
    no_edge = re.sub(rb'<g id="edge1" class="edge">.*?</g>\n', b"", data, count=1, flags=re.S)
    with pytest.raises(LayoutError, match="routing every edge"):
        _check_svg(no_edge, drawn, (), _read(no_edge, size))
    no_node = re.sub(rb'<g id="node1" class="node">.*?</g>\n', b"", data, count=1, flags=re.S)
    with pytest.raises(LayoutError, match="placing every node"):
        _check_svg(no_node, drawn, (), _read(no_node, size))
    unplaced = re.sub(rb'viewBox="[^"]*"', b'viewBox="0.00 0.00 8.00 8.00"', data, count=1)
    with pytest.raises(LayoutError, match="positioning the nodes"):
        _check_svg(unplaced, drawn, (), _read(unplaced, size))
