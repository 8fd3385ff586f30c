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
