"""The SVG check of exports: Graphviz's SVG made well-formed XML (entities, control characters),
a drawing that is not XML or not an SVG refused; what needs no change is returned unchanged; a
drawing ``dot`` did not finish refused."""

from __future__ import annotations

import re

import pytest

from graphviz_app.core.export import _check_svg, well_formed_svg
from graphviz_app.core.graphviz.arrange import Paint, picture
from graphviz_app.core.graphviz.layout import LayoutJob
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
