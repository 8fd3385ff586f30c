"""A ``dot`` started before its text is written (LayoutJob.start), then fed or cancelled."""

from __future__ import annotations

import shutil

import pytest

from graphviz_app.core.graphviz.layout import LayoutCancelled, LayoutJob

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")


def test_started_job_draws_the_text_set_afterwards() -> None:
    job = LayoutJob("", args=["-Tsvg"])
    job.start()
    job.dot_text = 'digraph { "a" -> "b" }'
    svg = job.run()
    assert b"<title>a</title>" in svg and b"<title>b</title>" in svg


def test_a_started_job_is_used_once() -> None:
    job = LayoutJob("digraph { x }", args=["-Tsvg"])
    job.start()
    first = job.run()
    job.dot_text = "digraph { y }"
    second = job.run()  # a new dot
    assert b"<title>x</title>" in first and b"<title>y</title>" in second


def test_cancel_ends_a_started_dot_that_never_got_its_text() -> None:
    job = LayoutJob("", args=["-Tsvg"])
    job.start()
    proc = job._proc
    assert proc is not None and proc.poll() is None
    job.cancel()
    assert proc.returncode is not None  # killed and reaped, no zombie left
    with pytest.raises(LayoutCancelled):
        job.run()


def test_a_started_svg_job_writes_the_bytes_of_a_dot_of_its_own() -> None:
    """Given a small drawing first (its fonts load while the text is written), a started
    ``dot -Tsvg`` returns the drawing of its text alone, byte for byte as ``dot`` writes it."""
    text = (
        'digraph autograd { fontname="Helvetica"; node [shape=box, fontname="Helvetica", fontsize=10];'
        ' "a" [label="AddBackward0\\n2×3 it\'s"]; "b" [label=<<B>bold</B>>]; "a" -> "b"; "b" -> "c" }'
    )
    alone = LayoutJob(text, args=["-Tsvg"]).run()
    job = LayoutJob("", args=["-Tsvg"])
    job.start()
    job.dot_text = text
    pieces: list[bytes] = []
    svg = job.run(pieces.append)
    assert svg == alone and b"".join(pieces) == svg
    assert svg.count(b"<svg") == 1 and b'<g id="graph0" class="graph"' in svg


def test_pieces_of_a_job_that_was_not_started_are_its_whole_output() -> None:
    pieces: list[bytes] = []
    svg = LayoutJob('digraph { "a" -> "b" }', args=["-Tsvg"]).run(pieces.append)
    assert b"".join(pieces) == svg and svg.startswith(b"<?xml")
