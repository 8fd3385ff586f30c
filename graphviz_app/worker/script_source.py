"""Facts read from a script's source with ``ast`` (nothing runs): where each name is bound,
where ``.detach()`` is called, and whether a line that fails to parse holds two statements.

They let an explanation name the line to change: a name used before the line that assigns it,
the ``.detach()`` that cut the graph, the second statement a copied line lost its break before.
"""

from __future__ import annotations

import ast
import linecache
from dataclasses import dataclass


def _tree(path: str) -> ast.Module | None:
    """The parsed script, or None when it cannot be read or parsed."""
    source = "".join(linecache.getlines(path))
    if not source:
        return None
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def _target_names(target: ast.AST) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for item in target.elts for name in _target_names(item)]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return []


def bindings(path: str) -> dict[str, list[int]]:
    """Every name the script binds (assignments, loops, ``with ... as``, imports, ``def``,
    ``class``), with the lines that bind it, in order."""
    tree = _tree(path)
    found: dict[str, list[int]] = {}
    if tree is None:
        return found

    def add(name: str, line: int) -> None:
        found.setdefault(name, []).append(line)

    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(node.name, node.lineno)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                add(alias.asname or alias.name.split(".")[0], node.lineno)
        for target in targets:
            for name in _target_names(target):
                add(name, getattr(target, "lineno", getattr(node, "lineno", 0)))
    for lines in found.values():
        lines.sort()
    return found


@dataclass(frozen=True)
class DetachCall:
    """A ``.detach()`` call in the script."""

    line: int
    code: str
    """The line as written, stripped."""
    what: str
    """The expression detached, as written (``tensor1``)."""


def detach_calls(path: str) -> list[DetachCall]:
    """The script's ``x.detach()`` and ``torch.detach(x)`` calls, in line order."""
    tree = _tree(path)
    if tree is None:
        return []
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr != "detach":
            continue
        if node.args and ast.unparse(node.func.value) == "torch":
            what = ast.unparse(node.args[0])
        else:
            what = ast.unparse(node.func.value)
        code = linecache.getline(path, node.lineno).strip()
        calls.append(DetachCall(node.lineno, code, what))
    return sorted(calls, key=lambda call: call.line)


def asks_for_grad(path: str) -> bool:
    """Whether the script makes a tensor require grad (``requires_grad=True``,
    ``.requires_grad_()``), or builds ``torch.nn`` layers, whose parameters do."""
    tree = _tree(path)
    if tree is None:
        return False
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.keyword)
            and node.arg == "requires_grad"
            and not (isinstance(node.value, ast.Constant) and node.value.value is False)
        ):
            return True
        if isinstance(node, ast.Attribute) and node.attr in ("requires_grad_", "nn", "Parameter"):
            return True
    return False


def second_statement(line_text: str, offset: int | None) -> str | None:
    """The second statement of a line that holds two (``a = f(x) print(a)``: ``print(a)``),
    split where the parser stopped (``offset``, 1-based), or None when it is not two."""
    if not offset or offset <= 1:
        return None
    text = line_text.rstrip("\n")
    indent = len(text) - len(text.lstrip())
    first, second = text[indent : offset - 1].strip(), text[offset - 1 :].strip()
    if not first or not second:
        return None
    try:
        ast.parse(first)
        ast.parse(second)
    except SyntaxError:
        return None
    return second
