"""The layout cache is a folder on disk anyone may have changed: tampered entries are dropped
(one log line) and laid out again, never trusted, and the folder is private and bounded."""

from __future__ import annotations

import json
import logging
import os
import shutil
import stat
import time

import pytest

from graphviz_app.core.graphviz.layout_cache import (
    FORMAT_VERSION,
    CachedLayoutJob,
    LayoutCache,
    layout_to_json,
)
from graphviz_app.core.model import limits

pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")

DOT = 'digraph g {\n  "a" [label="x"];\n  "b" [label="y"];\n  "a" -> "b";\n}\n'


def entry(cache: LayoutCache, **layout_changes) -> dict:
    """Return a genuine entry for DOT with parts of its layout replaced."""
    layout = layout_to_json(CachedLayoutJob(DOT, LayoutCache(cache.dir / "genuine")).result())
    layout.update(layout_changes)
    return {"format": FORMAT_VERSION, "key": cache.path_for(DOT).stem, "layout": layout}


def tampered(kind: str, cache: LayoutCache) -> None:
    """Put a tampered entry of ``kind`` where the layout of DOT is looked up."""
    path = cache.path_for(DOT)
    if kind == "no_nodes":
        path.write_text(json.dumps(entry(cache, nodes=[], edges=[])))
    elif kind == "ten_times_the_points_an_edge_may_hold":
        # far beyond the cap, as a crafted entry would be; the cap refuses the list by its length,
        # so ten times it shows the refusal as well as millions would
        data = entry(cache)
        data["layout"]["edges"][0]["points"] = [[1.0, 2.0]] * (10 * limits.MAX_POINTS_PER_EDGE)
        path.write_text(json.dumps(data))
    elif kind == "phantom_node":
        data = entry(cache)
        data["layout"]["nodes"].append(["ghost", 1, 1, 10, 10])
        path.write_text(json.dumps(data))
    elif kind == "edge_to_unknown_node":
        data = entry(cache)
        data["layout"]["edges"][0]["target"] = "zz"
        path.write_text(json.dumps(data))
    elif kind == "nan_coordinate":
        path.write_text(json.dumps(entry(cache, width=float("nan"))))
    elif kind == "huge_coordinate":
        data = entry(cache)
        data["layout"]["nodes"][0][1] = 1e300
        path.write_text(json.dumps(data))
    elif kind == "string_coordinate":
        data = entry(cache)
        data["layout"]["nodes"][0][2] = "12"
        path.write_text(json.dumps(data))
    elif kind == "deep_nesting":
        path.write_text(f'{{"format": {FORMAT_VERSION}, "layout": ' + "[" * 100_000 + "]" * 100_000 + "}")
    elif kind == "link_to_dev_zero":
        path.symlink_to("/dev/zero")
    elif kind == "link_to_genuine_entry":
        other = cache.dir / "elsewhere.txt"
        other.write_text(json.dumps(entry(cache)))
        path.symlink_to(other)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        raise AssertionError(kind)


KINDS = [
    "no_nodes",
    "ten_times_the_points_an_edge_may_hold",
    "phantom_node",
    "edge_to_unknown_node",
    "nan_coordinate",
    "huge_coordinate",
    "string_coordinate",
    "deep_nesting",
    "link_to_dev_zero",
    "link_to_genuine_entry",
    "fifo",
    "folder",
]


@pytest.mark.parametrize("kind", KINDS)
def test_tampered_entry_is_dropped_logged_and_laid_out_again(tmp_path, caplog, kind):
    cache = LayoutCache(tmp_path / "cache")
    cache.dir.mkdir()
    tampered(kind, cache)
    with caplog.at_level(logging.WARNING, logger="graphviz_app.core.graphviz.layout_cache"):
        layout = CachedLayoutJob(DOT, cache, 30).result()
    assert set(layout.nodes) == {"a", "b"} and len(layout.edges) == 1
    assert (cache.hits, cache.misses) == (0, 1)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "dropped the entry" in lines[0], lines
    path = cache.path_for(DOT)
    assert path.is_file() and not path.is_symlink()  # replaced by a genuine entry
    assert cache.get(DOT) == layout and cache.hits == 1


def test_cache_folder_is_private(tmp_path, monkeypatch):
    monkeypatch.delenv("GRAPHVIZ_APP_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    cache = LayoutCache()
    assert cache.dir == tmp_path / "xdg" / "graphviz_app" / "layouts"
    CachedLayoutJob(DOT, cache).result()
    for folder in (cache.dir, cache.dir.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    os.chmod(cache.dir, 0o755)  # made readable by someone: tightened again on the next store
    CachedLayoutJob(DOT.replace('"x"', '"x2"'), cache).result()
    assert stat.S_IMODE(cache.dir.stat().st_mode) == 0o700


def test_a_cache_folder_that_is_a_link_is_not_used(tmp_path, caplog):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    cache = LayoutCache(tmp_path / "link")
    with caplog.at_level(logging.WARNING, logger="graphviz_app.core.graphviz.layout_cache"):
        layout = CachedLayoutJob(DOT, cache).result()
    assert set(layout.nodes) == {"a", "b"}
    assert list(real.iterdir()) == []
    assert "not a folder of this user's" in caplog.text


def test_size_cap_evicts_oldest_first_and_stale_temp_files_go(tmp_path):
    cache = LayoutCache(tmp_path, max_bytes=10**9)
    texts = [DOT.replace('"x"', f'"x{i}"') for i in range(4)]
    for i, text in enumerate(texts):
        CachedLayoutJob(text, cache).result()
        os.utime(cache.path_for(text), (time.time() - 1000 + i, time.time() - 1000 + i))
    stale = tmp_path / ".tmp-abc.json"
    stale.write_text("half")
    os.utime(stale, (time.time() - 7200, time.time() - 7200))
    size = cache.path_for(texts[0]).stat().st_size
    cache.max_bytes = 2 * size + size // 2
    assert cache.evict() == 2
    assert [cache.path_for(t).exists() for t in texts] == [False, False, True, True]
    assert not stale.exists()


def test_limits_are_far_above_real_layouts():
    assert limits.MAX_POINTS_PER_EDGE >= 10_000 and limits.MAX_LAYOUT_POINTS >= 1_000_000
