"""The layout cache: a reload of an unchanged graph is a hit, a changed graph a miss, bad files ignored."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from graphviz_app.core.graphviz import arrange, layout_cache
from graphviz_app.core.graphviz.dot import Paint, dot_graph
from graphviz_app.core.graphviz.layout import LayoutCancelled
from graphviz_app.core.graphviz.layout_cache import CachedLayoutJob, LayoutCache, layout_key
from graphviz_app.core.view.display import build_display

from .graphs import nested_modules

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")

DOT = 'digraph g { "a" [label="x", fillcolor="#AABBCC"]; "b" [label="y"]; "a" -> "b"; }\n'


def test_reload_of_the_same_dot_is_a_hit(tmp_path):
    cache = LayoutCache(tmp_path)
    first = CachedLayoutJob(DOT, cache, 30).result()
    assert (cache.hits, cache.misses) == (0, 1)
    assert len(list(tmp_path.glob("*.json"))) == 1

    again = CachedLayoutJob(DOT, LayoutCache(tmp_path), 30).result()  # a new session, same folder
    second_cache = LayoutCache(tmp_path)
    job = CachedLayoutJob(DOT, second_cache, timeout=30)
    third = job.result()
    assert job.from_cache and (second_cache.hits, second_cache.misses) == (1, 0)
    assert again == first == third
    assert set(first.nodes) == {"a", "b"} and first.edges[0].points


def test_changed_dot_misses_and_color_changes_hit(tmp_path):
    """A picture is laid out from its DOT without paint (core.graphviz.arrange): colors do not move
    nodes, so a color change is the same text and the same entry; a changed graph misses."""
    cache = LayoutCache(tmp_path)
    graph = nested_modules()
    display = build_display(graph)
    assert (
        dot_graph(display, graph, Paint(mode="device")).text()
        != dot_graph(display, graph, Paint(mode="module")).text()
    )
    first = arrange.layout_job(display, graph, cache=cache, mode="device").result()
    recolored = arrange.layout_job(display, graph, cache=cache, mode="module")
    assert recolored.cached() and recolored.result() == first
    assert (cache.hits, cache.misses) == (1, 1)
    CachedLayoutJob(DOT, cache).result()
    changed = DOT.replace('"a" -> "b"', '"b" -> "a"')
    layout = CachedLayoutJob(changed, cache).result()
    assert (cache.hits, cache.misses) == (1, 3)
    assert layout.nodes["b"].y < layout.nodes["a"].y  # b now above a (y grows down)
    assert layout_key(DOT) != layout_key(changed)


def test_dot_version_is_part_of_the_key():
    assert layout_key(DOT, "dot - graphviz version 2.43.0") != layout_key(DOT, "dot - graphviz version 9.0")


@pytest.mark.parametrize("content", [b"{not json", b'{"format": 2, "key": "x", "layout": {}}', b"\x00\xff"])
def test_corrupt_entry_is_ignored_and_removed(tmp_path, content):
    cache = LayoutCache(tmp_path)
    path = cache.path_for(DOT)
    path.write_bytes(content)
    assert cache.get(DOT) is None
    assert not path.exists()
    layout = CachedLayoutJob(DOT, cache).result()  # recomputed and stored again
    assert set(layout.nodes) == {"a", "b"}
    assert cache.get(DOT) == layout


def test_cache_dir_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(layout_cache.CACHE_ENV, str(tmp_path / "mine"))
    assert LayoutCache().dir == tmp_path / "mine"
    monkeypatch.delenv(layout_cache.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert LayoutCache().dir == tmp_path / "xdg" / "graphviz_app" / "layouts"


def test_eviction_removes_least_recently_used(tmp_path):
    cache = LayoutCache(tmp_path)
    texts = [DOT.replace('label="x"', f'label="x{i}"') for i in range(3)]
    for i, text in enumerate(texts):
        CachedLayoutJob(text, cache).result()
        os.utime(cache.path_for(text), (time.time() - 100 + i, time.time() - 100 + i))
    cache.get(texts[0])  # a hit makes the oldest the most recently used
    sizes = sorted(p.stat().st_size for p in tmp_path.glob("*.json"))
    cache.max_bytes = sizes[-1] + sizes[-2]  # room for two entries
    assert cache.evict() == 1
    assert not cache.path_for(texts[1]).exists()
    assert cache.path_for(texts[0]).exists() and cache.path_for(texts[2]).exists()


def test_cancelled_job_raises(tmp_path):
    job = CachedLayoutJob(DOT, LayoutCache(tmp_path))
    job.cancel()
    with pytest.raises(LayoutCancelled):
        job.result()


def test_unwritable_cache_still_lays_out(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    cache = LayoutCache(blocker / "layouts")
    layout = CachedLayoutJob(DOT, cache).result()
    assert set(layout.nodes) == {"a", "b"}


def test_an_entry_keeps_every_field_of_the_layout():
    """Every field of every edge and cluster box comes back from an entry as it went in."""
    from dataclasses import fields

    from graphviz_app.core.graphviz.layout import ClusterBox, EdgePath, Layout, NodeBox
    from graphviz_app.core.graphviz.layout_cache import layout_from_json, layout_to_json

    layout = Layout(
        width=120.5,
        height=80.0,
        nodes={"a": NodeBox("a", 10.0, 20.0, 30.0, 15.0), "b": NodeBox("b", 50.0, 60.0, 30.0, 15.0)},
        edges=[
            EdgePath(
                "a", "b", ((10.0, 27.5), (50.0, 52.5)), ((49.0, 50.0), (50.0, 52.5)), "2×3", (30.0, 40.0)
            ),
            EdgePath("b", "a", ((50.0, 52.5), (10.0, 27.5))),
        ],
        clusters=[ClusterBox("cluster_m", 0.0, 0.0, 100.0, 70.0, "block")],
        warnings=("a warning",),
        rankdir="LR",
    )
    entry = layout_to_json(layout)
    assert set(entry["edges"][0]) == {f.name for f in fields(EdgePath)}
    assert set(entry["clusters"][0]) == {f.name for f in fields(ClusterBox)}
    assert layout_from_json(json.loads(json.dumps(entry))) == layout
