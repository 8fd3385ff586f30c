"""The Graphviz engine: the system's ``dot`` or the packaged graphviz-pure, chosen by a setting and
resolved in one place; each lays out the same DOT with the same ranks, Korean labels get boxes
that fit with either, and a missing one is named with its fix."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from graphviz_app.core.graphviz import engine as engine_module
from graphviz_app.core.graphviz.dot import (
    NODE_BOX,
    UNCLUSTERED_ATTRS,
    dot_graph,
    label_text,
    quote,
    wide_label_width,
)
from graphviz_app.core.graphviz.engine import ENGINE_ENV, choice, engine, packaged_program, set_choice
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.graphviz.layout_cache import layout_key
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.errors import GraphvizNotFoundError, LayoutError
from graphviz_app.wire.errors import SettingError

from .graphs import gru_like, rnn_like, transformer_like

pytestmark = [
    pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed"),
    pytest.mark.skipif(packaged_program() is None, reason="graphviz-pure is not installed"),
]

DOT = 'digraph { node [shape=box]; "a" -> "b"; "a" -> "c"; "b" -> "d"; "c" -> "d" }'


@pytest.fixture(autouse=True)
def chosen_engine(monkeypatch):
    """Each test starts on ``auto`` and leaves the process's choice as it found it."""
    monkeypatch.setattr(engine_module, "_choice", None)
    monkeypatch.delenv(ENGINE_ENV, raising=False)


def test_auto_takes_the_systems_dot_and_packaged_the_distributions_program():
    assert choice() == "auto"
    system = engine()
    assert system.kind == "system" and system.path == shutil.which("dot")
    packaged = engine("packaged")
    assert packaged.kind == "packaged" and os.path.basename(packaged.path).startswith("graphviz-pure")
    assert packaged.command("neato") == [packaged.path, "-Kneato"]
    assert not packaged.renders_pdf and system.renders_pdf
    assert "graphviz-pure" in packaged.version() and packaged.version_number()[0].isdigit()
    assert packaged.describe() == f"graphviz-pure {packaged.version_number()} (packaged)"


def test_auto_falls_back_to_the_packaged_engine_without_dot_on_path(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert engine().kind == "packaged"
    drawn = LayoutJob(DOT).result()
    assert set(drawn.nodes) == {"a", "b", "c", "d"}


def test_the_choice_comes_from_the_setting_then_the_environment(monkeypatch):
    monkeypatch.setenv(ENGINE_ENV, "packaged")
    assert choice() == "packaged" and engine().kind == "packaged"
    set_choice("system")
    assert choice() == "system" and os.environ[ENGINE_ENV] == "system"
    monkeypatch.setattr(engine_module, "_choice", None)
    monkeypatch.setenv(ENGINE_ENV, "fast")
    with pytest.raises(SettingError, match="GRAPHVIZ_APP_ENGINE=fast is not an engine"):
        choice()
    with pytest.raises(SettingError, match="engine=fast"):
        set_choice("fast")


def test_a_missing_system_dot_names_the_install_and_the_other_engine(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(GraphvizNotFoundError, match="apt-get install graphviz") as caught:
        engine("system")
    assert "--engine packaged" in str(caught.value) and caught.value.choice == "system"
    set_choice("system")
    with pytest.raises(GraphvizNotFoundError, match="engine setting is 'system'"):
        LayoutJob(DOT).result()


def test_no_engine_at_all_names_both_installs():
    error = GraphvizNotFoundError("auto", "/opt/python3")
    assert "pip install graphviz-pure" in str(error) and "apt-get install graphviz" in str(error)
    assert "/opt/python3" in str(error)
    assert "pip install graphviz-pure" in str(GraphvizNotFoundError("packaged", "/opt/python3"))


def test_both_engines_rank_the_same_graph_alike():
    system = LayoutJob(DOT).result()
    set_choice("packaged")
    packaged = LayoutJob(DOT).result()
    for drawn in (system, packaged):
        ys = {name: box.y for name, box in drawn.nodes.items()}
        assert ys["a"] < ys["b"] < ys["d"] and ys["b"] == pytest.approx(ys["c"])
        assert all(edge.points for edge in drawn.edges)


@pytest.mark.parametrize("chosen", ["system", "packaged"])
@pytest.mark.parametrize(
    "graph", [transformer_like(4), rnn_like(30), gru_like(12)], ids=["transformer", "rnn", "gru"]
)
def test_newrank_draws_a_graph_without_clusters_as_the_default_ranking_does(chosen, graph):
    """A drawing without clusters asks for ``newrank`` (faster with Graphviz 2.43); each engine
    draws it exactly as without (every node and edge in the same place)."""
    text = dot_graph(build_display(graph, ViewOptions(clusters=False)), graph).text()
    asked = "".join(f"  {key}={quote(value)};\n" for key, value in UNCLUSTERED_ATTRS.items())
    assert asked in text
    set_choice(chosen)
    faster, default = LayoutJob(text).result(), LayoutJob(text.replace(asked, "")).result()
    assert {name: (box.x, box.y) for name, box in faster.nodes.items()} == {
        name: (box.x, box.y) for name, box in default.nodes.items()
    }
    assert [edge.points for edge in faster.edges] == [edge.points for edge in default.edges]


def test_the_cache_key_names_the_engine():
    system = layout_key(DOT)
    set_choice("packaged")
    assert layout_key(DOT) != system


def test_neato_runs_through_the_chosen_engine():
    pinned = 'digraph { "a" [pos="10,10"]; "b" [pos="100,100"]; "a" -> "b" }'
    set_choice("packaged")
    drawn = LayoutJob(pinned, 30, args=["-n2", "-Tjson0"], program="neato").result()
    a, b = drawn.nodes["a"], drawn.nodes["b"]
    assert (b.x - a.x, a.y - b.y) == pytest.approx((90, 90))  # drawn where pinned (y down)


def test_the_packaged_program_has_no_pdf_output():
    done = subprocess.run(
        [*engine("packaged").command(), "-Tpdf"], input=b"digraph{a}", capture_output=True, timeout=30
    )
    assert done.returncode != 0 and b"pdf" in done.stderr.lower()


def test_korean_labels_get_boxes_that_fit_with_either_engine():
    label = ("손실함수값.가중치", "2×4")
    width = wide_label_width(label)
    assert width is not None and wide_label_width(("AddBackward0", "2×4")) is None  # Latin: as before
    text = (
        f"digraph {{ node [{NODE_BOX}]; "
        f'"sized" [label={label_text(label)}, width={quote(width)}]; "bare" [label={label_text(label)}] }}'
    )
    system = LayoutJob(text).result()  # measured with the system's fonts (fontconfig: a CJK font for Hangul)
    set_choice("packaged")
    packaged = LayoutJob(text).result()
    assert packaged.nodes["bare"].width < system.nodes["bare"].width  # its tables under-measure Hangul
    assert packaged.nodes["sized"].width >= system.nodes["bare"].width  # the text fits
    assert system.nodes["sized"].width >= system.nodes["bare"].width


def test_a_broken_dot_names_the_program_and_the_other_engine(monkeypatch, tmp_path):
    broken = tmp_path / "dot"
    broken.write_bytes(b"\x7fELF not a program")  # as a dot built for another machine
    broken.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert engine().path == str(broken)
    with pytest.raises(LayoutError, match="Could not start Graphviz") as caught:
        LayoutJob(DOT).result()
    assert str(broken) in str(caught.value) and "--engine system or packaged" in str(caught.value)
    set_choice("packaged")  # the fix it names
    assert set(LayoutJob(DOT).result().nodes) == {"a", "b", "c", "d"}


def test_the_gui_threads_cache_look_up_never_runs_the_engine(monkeypatch, tmp_path):
    """``dot -V`` (part of the cache key) can take seconds on a cold disk: the GUI thread's check
    answers "not cached" until the version is known, and the version is asked once elsewhere."""
    from graphviz_app.core.graphviz.engine import warm_version
    from graphviz_app.core.graphviz.layout_cache import LayoutCache

    asked = tmp_path / "asked"
    slow = tmp_path / "dot"
    slow.write_text(f'#!/bin/sh\necho run >> "{asked}"\necho "dot - graphviz version 9.9.9" >&2\n')
    slow.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert engine().path == str(slow)
    cache = LayoutCache(tmp_path / "cache")
    assert not cache.holds(DOT) and not asked.exists()  # answered without running it
    warm_version()
    assert asked.read_text() == "run\n" and engine().known_version() == "dot - graphviz version 9.9.9"
    cache.dir.mkdir()
    (cache.dir / f"{layout_key(DOT)}.json").write_text("{}")
    assert cache.holds(DOT) and asked.read_text() == "run\n"  # asked once
