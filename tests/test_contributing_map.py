"""CONTRIBUTING's map of the code is made from the modules themselves, so it cannot go stale:
each module's line is the first line of its docstring, and a module added, removed or
re-described without updating the map fails here with the block to paste."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "graphviz_app"
START, END = "<!-- map: start -->", "<!-- map: end -->"
WIDTH = 88
"""Longest summary kept whole; a longer one is cut at a word and ends in an ellipsis."""


def summary(path: Path) -> str:
    """The first sentence of a module's (or package's) docstring, without its final period."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    paragraph = " ".join(doc.strip().split("\n\n")[0].split())
    end = paragraph.find(". ")
    sentence = (paragraph if end < 0 else paragraph[:end]).rstrip(".")
    return sentence if len(sentence) <= WIDTH else sentence[:WIDTH].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def expected_map() -> str:
    """The map: every package and module of graphviz_app, indented by depth, with its summary."""
    lines = ["```"]

    def walk(folder: Path, depth: int) -> None:
        for path in sorted(folder.iterdir()):
            if path.is_dir() and (path / "__init__.py").exists():
                name = f"{path.name}/"
                lines.append(
                    f"{'  ' * depth}{name:<{24 - 2 * depth}} {summary(path / '__init__.py')}".rstrip()
                )
                walk(path, depth + 1)
            elif path.suffix == ".py" and path.name not in ("__init__.py", "__main__.py"):
                lines.append(f"{'  ' * depth}{path.name:<{24 - 2 * depth}} {summary(path)}".rstrip())

    lines.append("graphviz_app/")
    walk(PACKAGE, 1)
    lines.append("```")
    return "\n".join(lines)


def test_contributing_maps_every_module_by_its_docstring():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert START in text and END in text, f"CONTRIBUTING.md needs a map between {START} and {END}"
    current = text.split(START, 1)[1].split(END, 1)[0].strip()
    expected = expected_map()
    assert current == expected, f"CONTRIBUTING.md's map is stale; paste this between the markers:\n{expected}"


def test_every_module_says_what_it_is():
    missing = [
        str(p.relative_to(ROOT))
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.name != "__main__.py" and not summary(p)
    ]
    assert not missing, f"modules without a docstring: {missing}"
