"""A content-addressed disk cache of Graphviz layouts, so reopening an unchanged graph is instant.

The key is the SHA-256 of the DOT text ``dot`` lays out and of the engine and its version (a new
Graphviz, or the other engine (:mod:`.engine`), may lay out differently).  That text is written from data to hold exactly what places
nodes and edges (:mod:`.arrange` lays out :meth:`~.dot.DotGraph.text` without its colours, so a
colour-mode change still hits; composed pieces are canonical texts, :mod:`.compose`).  Entries are JSON files ``<key>.json`` in :func:`default_cache_dir`, a folder only
the user can read (mode 0700); the folder is bounded (``max_bytes``) by evicting the least
recently used entries first (by mtime, refreshed on every hit).  Writes are atomic (temporary
file + rename), so readers in other threads or processes never see half an entry.

The cache is a cache, not a source of truth: an entry is a file anyone with access to the disk
may have changed, so before use it must be a regular file (no symlink, FIFO or device) of at
most :data:`~.limits.MAX_CACHE_ENTRY_BYTES`, and its layout must hold exactly the nodes of the
DOT text, edges between them and finite coordinates within :mod:`~.limits`' bounds.  Any other
entry is dropped (one warning in the log), counted as a miss and laid out again.

:class:`CachedLayoutJob` is the lookup, a job with the same ``result()`` / ``cancel()`` as
:class:`~.layout.LayoutJob`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import os
import shutil
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...errors import GraphvizNotFoundError
from ..model import limits
from .engine import engine
from .layout import (
    ClusterBox,
    EdgePath,
    Layout,
    LayoutCancelled,
    LayoutJob,
    NodeBox,
    holds_nodes_of,
)

CACHE_ENV = "GRAPHVIZ_APP_CACHE_DIR"
"""Environment variable naming the cache folder (overrides the XDG default)."""
FORMAT_VERSION = 2
"""2: tall drawings' boxes read to two decimals (those cached before were up to 50 points off)."""
DEFAULT_MAX_BYTES = 256 * 1024 * 1024
STALE_TEMP_SECONDS = 3600
"""A temporary entry older than this was left by a killed process and is removed."""
log = logging.getLogger(__name__)


def default_cache_dir() -> Path:
    """Return ``$GRAPHVIZ_APP_CACHE_DIR``, else ``$XDG_CACHE_HOME/graphviz_app/layouts``, else
    ``~/.cache/graphviz_app/layouts``."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "graphviz_app" / "layouts"


def dot_version(*, ask: bool = True) -> str | None:
    """Return the chosen engine's kind and ``-V`` text (asked once per installed binary), or
    ``"missing"``: the two engines lay out the same text differently. With ``ask=False`` the
    program is never run: None when its version is not known yet."""
    try:
        chosen = engine()
    except GraphvizNotFoundError:
        return "missing"
    version = chosen.version() if ask else chosen.known_version()
    return None if version is None else f"{chosen.kind}\0{version}"


def layout_key(dot_text: str, version: str | None = None) -> str:
    """Return the cache key of ``dot_text``: hex SHA-256 of the dot version and the text."""
    version = dot_version() if version is None else version
    assert version is not None
    digest = hashlib.sha256()
    digest.update(f"graphviz_app layout v{FORMAT_VERSION}\0{version}\0".encode())
    # surrogatepass: names may hold lone surrogates (dot_bytes draws them as U+FFFD), and two
    # texts that differ only there must not share a key
    digest.update(dot_text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


# --- serialization ---------------------------------------------------------------------------


def layout_to_json(layout: Layout) -> dict[str, Any]:
    """Return a plain JSON-serializable form of ``layout``."""
    return {
        "width": layout.width,
        "height": layout.height,
        "nodes": [[b.id, b.x, b.y, b.width, b.height] for b in layout.nodes.values()],
        "edges": [
            {
                "source": e.source,
                "target": e.target,
                "points": e.points,
                "arrow": e.arrow,
                "label": e.label,
                "label_pos": e.label_pos,
            }
            for e in layout.edges
        ],
        "clusters": [
            {"name": c.name, "x": c.x, "y": c.y, "width": c.width, "height": c.height, "label": c.label}
            for c in layout.clusters
        ],
        "warnings": list(layout.warnings),
        "rankdir": layout.rankdir,
    }


def _coordinate(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"a coordinate is {type(value).__name__}, not a number")
    number = float(value)
    if not math.isfinite(number) or abs(number) > limits.MAX_COORDINATE:
        raise ValueError(f"a coordinate ({number!r}) is not finite or beyond {limits.MAX_COORDINATE:g}")
    return number


def _points(value: Any, budget: list[int]) -> tuple[tuple[float, float], ...]:
    if not isinstance(value, list) or len(value) > limits.MAX_POINTS_PER_EDGE:
        raise ValueError(f"an edge's points are not a list of at most {limits.MAX_POINTS_PER_EDGE:,}")
    budget[0] -= len(value)
    if budget[0] < 0:
        raise ValueError(f"the layout holds more than {limits.MAX_LAYOUT_POINTS:,} points")
    points = []
    for point in value:
        if not isinstance(point, list) or len(point) != 2:
            raise ValueError("a point is not a pair of numbers")
        points.append((_coordinate(point[0]), _coordinate(point[1])))
    return tuple(points)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > limits.MAX_TEXT:
        raise ValueError(f"{what} is not a string of at most {limits.MAX_TEXT:,} characters")
    return value


def layout_from_json(data: dict[str, Any]) -> Layout:
    """Rebuild a Layout from :func:`layout_to_json`, checking every value and bound.

    Raises ValueError (or KeyError/TypeError) saying what is wrong when ``data`` is malformed,
    holds a non-finite or huge coordinate, an edge to an unknown node, more than
    :data:`~.limits.MAX_POINTS_PER_EDGE` points on an edge or :data:`~.limits.MAX_LAYOUT_POINTS`
    in all.
    """
    if not isinstance(data, dict):
        raise ValueError("the layout is not an object")
    raw_nodes, raw_edges, raw_clusters = data["nodes"], data["edges"], data["clusters"]
    if not all(isinstance(part, list) for part in (raw_nodes, raw_edges, raw_clusters)):
        raise ValueError("nodes, edges and clusters are not lists")
    if len(raw_nodes) > limits.MAX_NODES or len(raw_edges) > limits.MAX_EDGES:
        raise ValueError("more nodes or edges than a graph may hold")
    nodes = {}
    for item in raw_nodes:
        if not isinstance(item, list) or len(item) != 5:
            raise ValueError("a node is not [id, x, y, width, height]")
        node_id = _text(item[0], "a node id")
        x, y, width, height = (_coordinate(v) for v in item[1:])
        if width < 0 or height < 0:
            raise ValueError("a node has a negative size")
        nodes[node_id] = NodeBox(node_id, x, y, width, height)
    budget = [limits.MAX_LAYOUT_POINTS]
    edges = []
    for e in raw_edges:
        if not isinstance(e, dict):
            raise ValueError("an edge is not an object")
        source, target = _text(e["source"], "an edge's source"), _text(e["target"], "an edge's target")
        if source not in nodes or target not in nodes:
            raise ValueError("an edge joins a node the layout does not hold")
        label_pos = e.get("label_pos")
        edges.append(
            EdgePath(
                source=source,
                target=target,
                points=_points(e["points"], budget),
                arrow=_points(e["arrow"], budget) if e.get("arrow") is not None else None,
                label=_text(e["label"], "an edge label") if e.get("label") is not None else None,
                label_pos=_points([label_pos], budget)[0] if label_pos is not None else None,
            )
        )
    clusters = []
    for c in raw_clusters:
        if not isinstance(c, dict):
            raise ValueError("a cluster is not an object")
        clusters.append(
            ClusterBox(
                _text(c["name"], "a cluster name"),
                _coordinate(c["x"]),
                _coordinate(c["y"]),
                _coordinate(c["width"]),
                _coordinate(c["height"]),
                _text(c["label"], "a cluster label"),
            )
        )
    warnings = data.get("warnings", [])
    if not isinstance(warnings, list) or len(warnings) > 1000:
        raise ValueError("the warnings are not a list of at most 1,000")
    rankdir = data.get("rankdir", "TB")  # entries written before directions: top to bottom
    if rankdir not in ("TB", "LR"):
        raise ValueError("the direction is not TB or LR")
    return Layout(
        width=_coordinate(data["width"]),
        height=_coordinate(data["height"]),
        nodes=nodes,
        edges=edges,
        clusters=clusters,
        warnings=tuple(_text(w, "a warning") for w in warnings),
        rankdir=rankdir,
    )


# --- the cache -------------------------------------------------------------------------------


def _read_entry(path: Path) -> bytes:
    """Return the bytes of the cache entry ``path``; raise FileNotFoundError when there is none
    and ValueError when it is a symlink, not a regular file or too big (never blocks)."""
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)  # (POSIX only, as the flags after it)
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_CLOEXEC", 0)
        | getattr(os, "O_BINARY", 0)  # (Windows: no newline translation)
    )
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        if os.path.islink(path):
            raise ValueError("it is a symbolic link") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("it is not a regular file")
        if info.st_size > limits.MAX_CACHE_ENTRY_BYTES:
            raise ValueError(f"it holds more than {limits.MAX_CACHE_ENTRY_BYTES:,} bytes")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limits.MAX_CACHE_ENTRY_BYTES + 1)
        if len(data) > limits.MAX_CACHE_ENTRY_BYTES:
            raise ValueError(f"it holds more than {limits.MAX_CACHE_ENTRY_BYTES:,} bytes")
        return data
    finally:
        os.close(fd)


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

    def holds(self, dot_text: str) -> bool:
        """Whether an entry for ``dot_text`` exists, answered at once (for the GUI thread): False
        while the engine's version, part of the key, has not been asked yet."""
        version = dot_version(ask=False)
        return version is not None and (self.dir / f"{layout_key(dot_text, version)}.json").exists()

    def get(self, dot_text: str) -> Layout | None:
        """Return the cached layout of ``dot_text``, or None (a miss; bad entries are removed
        with a warning in the log)."""
        path = self.path_for(dot_text)
        layout = self._read(path, dot_text)
        with self._lock:
            if layout is None:
                self.misses += 1
            else:
                self.hits += 1
        log.debug("layout cache %s: %s", "miss" if layout is None else "hit", path.name)
        return layout

    def _read(self, path: Path, dot_text: str | None = None) -> Layout | None:
        try:
            raw = _read_entry(path)
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            self._drop(path, str(exc) if isinstance(exc, ValueError) else exc.strerror or str(exc))
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
            if (
                not isinstance(data, dict)
                or data.get("format") != FORMAT_VERSION
                or data.get("key") != path.stem
            ):
                raise ValueError("not an entry of this cache")
            layout = layout_from_json(data["layout"])
            if dot_text is not None and not holds_nodes_of(layout, dot_text):
                raise ValueError("its nodes are not those of the graph")
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            self._drop(path, f"{type(exc).__name__}: {exc}" if not isinstance(exc, ValueError) else str(exc))
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # most recently used
        return layout

    def put(self, dot_text: str, layout: Layout) -> None:
        """Store ``layout`` for ``dot_text`` (atomically), then trim the folder to ``max_bytes``.

        A cache that cannot be written (read-only disk, full disk) is silently skipped: it only
        ever saves time.
        """
        path = self.path_for(dot_text)
        entry = {"format": FORMAT_VERSION, "key": path.stem, "layout": layout_to_json(layout)}
        try:
            if not self._private_dir():
                return
            fd, temp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=self.dir)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    # dumps, not dump: only a one-shot encode uses the C encoder (10x faster)
                    handle.write(json.dumps(entry, separators=(",", ":")))
                os.replace(temp, path)
            except BaseException:
                self._remove(Path(temp))
                raise
        except OSError:
            return
        self.evict()

    def _private_dir(self) -> bool:
        """Create the cache folder (and an enclosing ``graphviz_app`` folder) with mode 0700;
        return False, with a log line, when it is not a folder of this user's (then nothing
        is stored)."""
        if self.dir.parent.name == "graphviz_app" and not self.dir.parent.exists():
            self.dir.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
        self.dir.mkdir(parents=True, mode=0o700, exist_ok=True)
        info = os.lstat(self.dir)
        if not stat.S_ISDIR(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
            log.warning("layout cache: %s is not a folder of this user's; layouts are not cached", self.dir)
            return False
        if info.st_mode & 0o077:
            os.chmod(self.dir, 0o700)
        return True

    def _drop(self, path: Path, reason: str) -> None:
        log.warning(
            "layout cache: dropped the entry %s (%s); the graph is laid out again", path.name, reason[:200]
        )
        self._remove(path)

    def evict(self) -> int:
        """Remove least recently used entries (oldest first) until the folder holds at most
        ``max_bytes``, and temporary files a killed process left; return how many entries were
        removed."""
        now = time.time()
        try:
            entries = []
            for item in os.scandir(self.dir):
                info = item.stat(follow_symlinks=False)
                if item.name.startswith(".tmp-"):
                    if now - info.st_mtime > STALE_TEMP_SECONDS:
                        self._remove(Path(item.path))
                elif item.name.endswith(".json"):
                    entries.append((info.st_mtime, info.st_size, Path(item.path)))
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
        with contextlib.suppress(OSError):
            for item in os.scandir(self.dir):
                if item.name.endswith(".json"):
                    self._remove(Path(item.path))

    @staticmethod
    def _remove(path: Path) -> None:
        try:
            path.unlink()
        except IsADirectoryError:  # a folder where an entry belongs: the cache's own, so emptied
            shutil.rmtree(path, ignore_errors=True)
        except OSError:
            pass


class CachedLayoutJob:
    """A :class:`~.layout.LayoutJob` that looks in a cache first; ``cancel()`` from any thread."""

    def __init__(
        self,
        dot_text: str,
        cache: LayoutCache | None,
        timeout: float | None = None,
        fallback: str | Callable[[], str] | None = None,
    ) -> None:
        self.dot_text = dot_text
        self.cache = cache
        self.job = LayoutJob(dot_text, timeout, fallback=fallback)
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
