"""The benchmark zoo: the bundled examples, hand-written real models and synthetic graphs.

Every entry is a script the app can open (module scripts: ``model``/``inputs``/``target``/
``loss_fn``, or ``build()``); :func:`entries` lists them in table order. Entries that need a
package the app itself does not (``NEEDS``, from the ``bench`` extra) are named with ``--only``;
:func:`usable` leaves out those whose package this Python cannot import, saying so.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from graphviz_app.resources import examples_dir

ZOO_DIR = Path(__file__).resolve().parent
MODELS = ("resnet50", "transformer6", "gpt2_small", "lstm100", "lstm100_seq")
SIZES = (1000, 5000, 10000, 20000)
QUICK_SIZES = (1000, 5000)
SKIPPED_EXAMPLES = {"no_grad": "builds no graph (the lesson is the error message)"}
NEEDS = {"llama_32": "transformers"}
"""Models that need a package besides the app's own (all in the ``bench`` extra), by entry name:
not in the default run, named with ``--only``."""


@dataclass(frozen=True)
class Entry:
    """One zoo model: its table name, script, group ("example", "model" or "synthetic") and the
    package it needs besides the app's own, if any."""

    name: str
    path: Path
    group: str
    needs: str | None = None

    def missing(self) -> str | None:
        """Say why this entry cannot run here (its package is not importable), or None."""
        return _unimportable(self.name, self.needs)


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


def missing(name: str) -> str | None:
    """Say why the zoo script ``name`` cannot run here (a package of ``NEEDS`` not importable), or None."""
    return _unimportable(name, NEEDS.get(name))


def _unimportable(name: str, need: str | None) -> str | None:
    if need is None or importlib.util.find_spec(need) is not None:
        return None
    return (
        f"{name} needs {need}, which this Python cannot import: "
        "pip install -e '.[bench]' (or put a folder holding it on PYTHONPATH)"
    )


def by_name(names: list[str] | tuple[str, ...]) -> list[Entry]:
    """Return the entries called ``names`` (in that order), ``NEEDS``' among them; raise KeyError
    naming unknown ones."""
    known = {e.name: e for e in entries()}
    known.update((name, Entry(name, ZOO_DIR / f"{name}.py", "model", need)) for name, need in NEEDS.items())
    unknown = [n for n in names if n not in known]
    if unknown:
        raise KeyError(f"unknown zoo entries: {', '.join(unknown)}; known: {', '.join(known)}")
    return [known[n] for n in names]


def usable(chosen: list[Entry]) -> list[Entry]:
    """Return the entries of ``chosen`` that can run here; print a line for each left out."""
    kept = []
    for entry in chosen:
        why = entry.missing()
        if why is None:
            kept.append(entry)
        else:
            print(f"skipped: {why}", file=sys.stderr, flush=True)
    return kept
