"""A content-addressed disk cache of Graphviz layouts, so reopening an unchanged graph is instant.

The key is the SHA-256 of the DOT text (with its color attributes removed: colors never move a
node, so a color-mode change still hits) and of the ``dot`` version (a new Graphviz may lay out
differently).  Entries are JSON files ``<key>.json`` in :func:`default_cache_dir`; the folder is
bounded (``max_bytes``) by evicting the least recently used entries (by mtime, refreshed on every
hit).  A corrupt or foreign entry is ignored, removed, and counted as a miss.  Writes are atomic
(temporary file + rename), so readers in other threads or processes never see half an entry.

Use :func:`cached_layout` for a blocking call, or :class:`CachedLayoutJob` where the GUI needs a
cancellable job (it has the same ``result()`` / ``cancel()`` as :class:`~.layout.LayoutJob`).
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import subprocess
import tempfile
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..errors import GraphvizNotFoundError
from .layout import ClusterBox, EdgePath, Layout, LayoutCancelled, LayoutJob, NodeBox, dot_program

CACHE_ENV = "GRAPHVIZ_APP_CACHE_DIR"
"""Environment variable naming the cache folder (overrides the XDG default)."""
FORMAT_VERSION = 1
DEFAULT_MAX_BYTES = 256 * 1024 * 1024
_COLOR_ATTR = re.compile(r'(?<![\w\\])(?:fill|font)?color="#[0-9A-Fa-f]{6,8}"')


def default_cache_dir() -> Path:
    """Return ``$GRAPHVIZ_APP_CACHE_DIR``, else ``$XDG_CACHE_HOME/graphviz_app/layouts``, else
    ``~/.cache/graphviz_app/layouts``."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "graphviz_app" / "layouts"


@functools.lru_cache(maxsize=8)
def _version_of(program: str, mtime: float) -> str:
    try:
        done = subprocess.run([program, "-V"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return (done.stderr or done.stdout).decode("utf-8", "replace").strip() or "unknown"


def dot_version() -> str:
    """Return ``dot -V``'s text (asked once per installed binary), or ``"missing"``."""
    try:
        program = dot_program()
    except GraphvizNotFoundError:
        return "missing"
    try:
        mtime = os.stat(program).st_mtime
    except OSError:
        mtime = 0.0
    return _version_of(program, mtime)


def layout_key(dot_text: str, version: str | None = None) -> str:
    """Return the cache key of ``dot_text``: hex SHA-256 of the dot version and the colorless text."""
    version = dot_version() if version is None else version
    digest = hashlib.sha256()
    digest.update(f"graphviz_app layout v{FORMAT_VERSION}\0{version}\0".encode())
    digest.update(_COLOR_ATTR.sub("", dot_text).encode("utf-8"))
    return digest.hexdigest()


# --- serialization ---------------------------------------------------------------------------

def layout_to_json(layout: Layout) -> dict[str, Any]:
    """Return a plain JSON-serializable form of ``layout``."""
    return {
        "width": layout.width,
        "height": layout.height,
        "nodes": [[b.id, b.x, b.y, b.width, b.height] for b in layout.nodes.values()],
        "edges": [asdict(e) for e in layout.edges],
        "clusters": [asdict(c) for c in layout.clusters],
        "warnings": list(layout.warnings),
    }


def _points(value: Any) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in value)


def layout_from_json(data: dict[str, Any]) -> Layout:
    """Rebuild a Layout from :func:`layout_to_json`; raise ValueError (or KeyError/TypeError) if malformed."""
    nodes = {}
    for node_id, x, y, width, height in data["nodes"]:
        nodes[str(node_id)] = NodeBox(str(node_id), float(x), float(y), float(width), float(height))
    edges = []
    for e in data["edges"]:
        edges.append(EdgePath(
            source=str(e["source"]), target=str(e["target"]), points=_points(e["points"]),
            arrow=_points(e["arrow"]) if e.get("arrow") is not None else None,
            label=e.get("label"),
            label_pos=tuple(map(float, e["label_pos"])) if e.get("label_pos") is not None else None,  # type: ignore[arg-type]
        ))
    clusters = [ClusterBox(str(c["name"]), float(c["x"]), float(c["y"]), float(c["width"]),
                           float(c["height"]), str(c["label"])) for c in data["clusters"]]
    return Layout(width=float(data["width"]), height=float(data["height"]), nodes=nodes,
                  edges=edges, clusters=clusters, warnings=tuple(map(str, data.get("warnings", ()))))


# --- the cache -------------------------------------------------------------------------------

class LayoutCache:
    """Layouts on disk by DOT content. ``hits``/``misses`` count lookups (thread-safe)."""

    def __init__(self, dir: str | Path | None = None, *, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.dir = Path(dir) if dir is not None else default_cache_dir()
        self.max_bytes = max_bytes
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()

    def path_for(self, dot_text: str) -> Path:
        """Return the file that holds (or would hold) the layout of ``dot_text``."""
        return self.dir / f"{layout_key(dot_text)}.json"

    def get(self, dot_text: str) -> Layout | None:
        """Return the cached layout of ``dot_text``, or None (a miss; corrupt entries are removed)."""
        path = self.path_for(dot_text)
        layout = self._read(path)
        with self._lock:
            if layout is None:
                self.misses += 1
            else:
                self.hits += 1
        return layout

    def _read(self, path: Path) -> Layout | None:
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
            if data.get("format") != FORMAT_VERSION or data.get("key") != path.stem:
                raise ValueError("not an entry of this cache")
            layout = layout_from_json(data["layout"])
        except (ValueError, KeyError, TypeError, AttributeError):
            self._remove(path)
            return None
        try:
            os.utime(path)  # most recently used
        except OSError:
            pass
        return layout

    def put(self, dot_text: str, layout: Layout) -> None:
        """Store ``layout`` for ``dot_text`` (atomically), then trim the folder to ``max_bytes``.

        A cache that cannot be written (read-only disk, full disk) is silently skipped: it only
        ever saves time.
        """
        path = self.path_for(dot_text)
        entry = {"format": FORMAT_VERSION, "key": path.stem, "layout": layout_to_json(layout)}
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=self.dir)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    json.dump(entry, handle, separators=(",", ":"))
                os.replace(temp, path)
            except BaseException:
                self._remove(Path(temp))
                raise
        except OSError:
            return
        self.evict()

    def evict(self) -> int:
        """Remove least recently used entries until the folder holds at most ``max_bytes``;
        return how many were removed."""
        try:
            entries = []
            for item in os.scandir(self.dir):
                if item.name.endswith(".json") and not item.name.startswith(".tmp-"):
                    stat = item.stat()
                    entries.append((stat.st_mtime, stat.st_size, Path(item.path)))
        except OSError:
            return 0
        total = sum(size for _, size, _ in entries)
        removed = 0
        for _, size, path in sorted(entries):
            if total <= self.max_bytes:
                break
            self._remove(path)
            total -= size
            removed += 1
        return removed

    def clear(self) -> None:
        """Remove every entry."""
        try:
            for item in os.scandir(self.dir):
                if item.name.endswith(".json"):
                    self._remove(Path(item.path))
        except OSError:
            pass

    @staticmethod
    def _remove(path: Path) -> None:
        try:
            path.unlink()
        except OSError:
            pass


def cached_layout(dot_text: str, cache: LayoutCache | None, *, timeout: float | None = None) -> Layout:
    """Return the layout of ``dot_text`` from ``cache``, or run ``dot`` (then store it).

    ``cache=None`` always runs ``dot``.  Raises what :func:`~.layout.layout` raises on a miss.
    """
    return CachedLayoutJob(dot_text, cache, timeout).result()


class CachedLayoutJob:
    """A :class:`~.layout.LayoutJob` that looks in a cache first; ``cancel()`` from any thread."""

    def __init__(self, dot_text: str, cache: LayoutCache | None, timeout: float | None = None) -> None:
        self.dot_text = dot_text
        self.cache = cache
        self.job = LayoutJob(dot_text, timeout)
        self.from_cache = False

    def cancel(self) -> None:
        self.job.cancel()

    def result(self) -> Layout:
        """Return the layout (cached, or computed by ``dot`` and then cached); blocking.

        Raises LayoutCancelled after :meth:`cancel`, and what LayoutJob raises on a miss.
        """
        if self.job.cancelled:
            raise LayoutCancelled("The layout was cancelled.")
        if self.cache is not None:
            layout = self.cache.get(self.dot_text)
            if layout is not None:
                self.from_cache = True
                return layout
        layout = self.job.result()
        if self.cache is not None and not self.job.cancelled:
            self.cache.put(self.dot_text, layout)
        return layout
