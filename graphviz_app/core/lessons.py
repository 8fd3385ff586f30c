"""The bundled lessons: each example script's docstring, read without running it.

A lesson is a bundled example (``resources/examples/*.py``) whose module docstring starts with
``Lesson:``; its first sentence is the topic shown in Help ▸ Lessons, the rest is the card shown
beside the graph.  :data:`ORDER` puts them in teaching order (the README's table); others follow
by name.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

ORDER = (
    "basic_autograd.py",
    "retain_grad.py",
    "no_grad.py",
    "detach.py",
    "devices.py",
    "to_numpy.py",
    "view_reshape.py",
    "indexing.py",
    "matmul.py",
    "manual_gradients.py",
    "two_layer_training.py",
    "custom_function.py",
    "module_optimizer.py",
    "sequential_branches.py",
    "control_flow.py",
    "dynamic_graph.py",
    "small_cnn.py",
    "transformer_layer.py",
)
PREFIX = "Lesson:"

LEGEND = (
    ("rounded box", "a leaf: a tensor you made with requires_grad=True (its .grad is kept)"),
    ("square box", "an operation autograd recorded (its backward node, e.g. PowBackward0)"),
    ("double border", "an output: where backward starts"),
    ("dashed border", "not reached by backward (yet, when stepping)"),
    ("ghost (faded, dotted)", "not created yet at this forward step"),
    ("3-D box", "a collapsed module: double-click to expand it"),
    ("✂ tag", "a .detach() cut: no gradient flows back past it"),
    ("yellow tag", "values and gradients (View ▸ Values)"),
    (
        "magenta dashed edge",
        "the step's edge: forward, inputs used; backward, the gradient flowing back, arrow towards the input",
    ),
)
"""How to read the graph: each shape or edge style and what it means."""


@dataclass(frozen=True)
class Lesson:
    """One bundled lesson."""

    path: Path
    topic: str
    """The first sentence after ``Lesson:`` (one line)."""
    text: str
    """The rest of the docstring, paragraphs joined into lines."""


def docstring(path: Path) -> str | None:
    """Return a script's module docstring, read with ``ast`` (nothing runs), or None."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _docstring(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _docstring(path: Path, mtime_ns: int, size: int) -> str | None:
    """The docstring of ``path`` as it is at ``mtime_ns`` and ``size``: each new window's Lessons
    menu reads every lesson (18 files: 10 ms parsed, 1 ms from here)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        return None
    return ast.get_docstring(tree)


def read_lesson(path: Path) -> Lesson | None:
    """Return the lesson in ``path``'s docstring, or None when it is not a lesson."""
    doc = docstring(path)
    if not doc or not doc.startswith(PREFIX):
        return None
    head, _, rest = doc[len(PREFIX) :].strip().partition("\n\n")
    paragraphs = [" ".join(p.split()) for p in rest.split("\n\n") if p.strip()]
    return Lesson(Path(path), " ".join(head.split()), "\n\n".join(paragraphs))


def lessons(folder: Path) -> list[Lesson]:
    """Return the lessons in ``folder``, in teaching order."""
    rank = {name: i for i, name in enumerate(ORDER)}
    found = [lesson for path in sorted(folder.glob("*.py")) if (lesson := read_lesson(path))]
    return sorted(found, key=lambda lesson: (rank.get(lesson.path.name, len(ORDER)), lesson.path.name))
