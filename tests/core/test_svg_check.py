"""The SVG check of exports: Graphviz's SVG made well-formed XML (entities, control characters),
a drawing that is not XML or not an SVG refused; what needs no change is returned unchanged."""

from __future__ import annotations

import pytest

from graphviz_app.core.export import well_formed_svg
from graphviz_app.errors import ExportError

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
