"""The benchmark zoo: the bundled examples, hand-written real models and synthetic graphs.

Every entry is a script the app can open (module scripts: ``model``/``inputs``/``target``/
``loss_fn``, or ``build()``); :func:`entries` lists them in table order.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from graphviz_app.resources import examples_dir

ZOO_DIR = Path(__file__).resolve().parent
MODELS = ("resnet50", "transformer6", "gpt2_small", "lstm100", "lstm100_seq")
SIZES = (1000, 5000, 10000, 20000)
QUICK_SIZES = (1000, 5000)
SKIPPED_EXAMPLES = {"no_grad": "builds no graph (the lesson is the error message)"}


@dataclass(frozen=True)
class Entry:
    """One zoo model: its table name, script and group ("example", "model" or "synthetic")."""

    name: str
    path: Path
    group: str


def entries(*, quick: bool = False) -> list[Entry]:
    """Return the zoo in table order: examples, models, then synthetic graphs by size."""
    found = [
        Entry(p.stem, p, "example")
        for p in sorted(Path(examples_dir()).glob("*.py"))
        if p.stem not in SKIPPED_EXAMPLES
    ]
    found += [Entry(name, ZOO_DIR / f"{name}.py", "model") for name in MODELS]
    for size in QUICK_SIZES if quick else SIZES:
        for kind in ("chain", "residual"):
            found.append(Entry(f"{kind}_{size}", ZOO_DIR / f"{kind}_{size}.py", "synthetic"))
    return found


def by_name(names: list[str] | tuple[str, ...]) -> list[Entry]:
    """Return the entries called ``names`` (in that order); raise KeyError naming unknown ones."""
    known = {e.name: e for e in entries()}
    missing = [n for n in names if n not in known]
    if missing:
        raise KeyError(f"unknown zoo entries: {', '.join(missing)}; known: {', '.join(known)}")
    return [known[n] for n in names]
