"""The bench zoo's registry: entries that need a package besides the app's own say so, and are left
out, when this Python cannot import it (``bench/zoo/__init__.py``'s ``NEEDS``).

``transformers`` is made unimportable by a ``None`` in ``sys.modules`` (what Python's import
system reads as "import halted"), so the tests run the same with and without it installed.
"""

from __future__ import annotations

import runpy
import sys

import pytest

from bench.zoo import NEEDS, ZOO_DIR, Entry, by_name, entries, missing, usable


def test_llama_32_is_named_with_only_and_needs_transformers():
    (entry,) = by_name(["llama_32"])
    assert entry.path == ZOO_DIR / "llama_32.py" and entry.path.is_file()
    assert entry.needs == NEEDS["llama_32"] == "transformers"
    assert "llama_32" not in {e.name for e in entries()}  # not in the default run


def test_an_entry_without_its_package_is_skipped_saying_why(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "transformers", None)
    (llama,) = by_name(["llama_32"])
    (chain,) = by_name(["chain_1000"])
    why = llama.missing()
    assert why is not None and why == missing("llama_32")
    assert "llama_32 needs transformers" in why and "pip install -e '.[bench]'" in why
    assert chain.missing() is None
    assert usable([llama, chain]) == [chain]
    assert capsys.readouterr().err == f"skipped: {why}\n"


def test_an_entry_with_its_package_is_kept(capsys):
    present = Entry("x", ZOO_DIR / "chain_1000.py", "model", "networkx")
    assert present.missing() is None
    assert usable([present]) == [present]
    assert capsys.readouterr().err == ""


def test_the_llama_script_without_transformers_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "transformers", None)
    with pytest.raises(ImportError, match=r"needs Hugging Face transformers.*pip install -e '\.\[bench\]'"):
        runpy.run_path(str(ZOO_DIR / "llama_32.py"))
