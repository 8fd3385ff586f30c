"""What a file from outside may hold: the bounds checked before a saved graph or a cached layout is used.

A saved graph (``.json``) is a document people send each other and the layout cache is a folder
on disk; neither is under the app's control.  These limits keep a hostile or damaged file from
freezing the app or exhausting memory.  They sit far above what real captures produce (the
biggest bundled benchmark graph has about 5,000 nodes) and every error that reports one of them
states the limit.
"""

from __future__ import annotations

MAX_FILE_BYTES = 512 * 1024 * 1024
"""Largest saved graph read (bytes). A 100,000-node capture with values is about 150 MB."""
MAX_NODES = 200_000
"""Most nodes a saved graph may hold."""
MAX_EDGES = 1_000_000
"""Most edges a saved graph may hold."""
MAX_TEXT = 10_000
"""Longest string (characters) anywhere in a saved graph: labels, names, code lines."""
MAX_DEPTH = 32
"""Deepest nesting of lists and objects (a tensor's nested ``values`` stay far below it)."""
MAX_INT = 2**63
"""Integers must lie strictly between ``-MAX_INT`` and ``MAX_INT`` (int64, like tensor values)."""
MAX_INT_DIGITS = 20
"""Longer integer literals are refused while parsing, before Python converts them (its own
limit, 4,300 digits, raises a bare ValueError)."""

MAX_CACHE_ENTRY_BYTES = 256 * 1024 * 1024
"""Largest layout cache entry read (bytes)."""
MAX_POINTS_PER_EDGE = 20_000
"""Most spline control points one cached edge may hold (Graphviz writes tens)."""
MAX_LAYOUT_POINTS = 5_000_000
"""Most control points a whole cached layout may hold."""
MAX_COORDINATE = 1e7
"""Largest coordinate (points) in a cached layout: about 3.5 km of drawing."""

MAX_SOURCE_BYTES = 16 * 1024 * 1024
"""Largest script run, or shown in the Source panel (bytes)."""
