"""The benchmark runs end to end on a small synthetic graph (a 1,000-node chain) and prints its tables.

Only the shape of the output is checked (columns, entries, numbers present): timings vary from
machine to machine, so none is asserted.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed"),
]


@pytest.fixture(scope="module")
def bench_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "results.json"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.run",
            "--quick",
            "--repeat",
            "1",
            "--cap",
            "30",
            "--markdown",
            "--only",
            "chain_1000",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout, json.loads(out.read_text(encoding="utf-8"))


def _rows(text: str, title: str) -> tuple[list[str], dict[str, list[str]]]:
    block = text.split(title, 1)[1].strip().splitlines()
    start = next(i for i, line in enumerate(block) if line.startswith("|"))
    lines = []
    for line in block[start:]:
        if not line.startswith("|"):
            break
        lines.append(line)
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = cells
    return header, rows


NUMBER = re.compile(r"\d")


def test_stage_table_has_every_stage_with_numbers(bench_run):
    text, _ = bench_run
    header, rows = _rows(text, "Pipeline stages")
    for column in (
        "nodes",
        "edges",
        "run (Runner)",
        "bare walk",
        "capture",
        "backward",
        "rec. backward",
        "DOT",
        "layout",
        "Qt scene",
        "SVG",
        "PNG",
    ):
        assert column in header
    assert set(rows) == {"chain_1000"}
    chain = dict(zip(header, rows["chain_1000"]))
    for column in header[1:]:
        assert NUMBER.search(chain[column]), (column, chain[column])
    assert int(chain["nodes"].replace(",", "")) > 900


def test_target_table_has_ratios_references_and_memory(bench_run):
    text, _ = bench_run
    header, rows = _rows(text, "Targets")
    for column in (
        "capture ÷ walk (≤ 2)",
        "rec. ÷ plain backward (≤ 1.5)",
        "torchviz SVG",
        "ours ÷ torchviz (≤ 1; RNN ≤ 0.1)",
        "first picture (≤ 2 s)",
        "reopen (cached)",
        "capture memory (≤ +25%)",
    ):
        assert column in header
    chain = dict(zip(header, rows["chain_1000"]))
    for column in (
        "capture ÷ walk (≤ 2)",
        "rec. ÷ plain backward (≤ 1.5)",
        "first picture (≤ 2 s)",
        "restyle: color / step (≤ 50 ms)",
        "repaint: pan / zoom (≤ 16 ms)",
        "peak MB (plain → captured)",
    ):
        assert NUMBER.search(chain[column]), (column, chain[column])
    assert chain["capture ÷ walk (≤ 2)"][-1] in "✓✗"
    assert "Machine:" in text and "cores" in text


def test_json_results_hold_medians_and_the_machine(bench_run):
    _, data = bench_run
    assert data["machine"]["cores"] and data["machine"]["graphviz"]
    names = [r["name"] for r in data["results"]]
    assert names == ["chain_1000"]
    for result in data["results"]:
        for stage in ("run", "walk", "capture", "layout", "picture", "reopen"):
            timing = result["stages"][stage]
            assert timing["runs"] >= 1 and timing["seconds"] >= 0
    chain = data["results"][0]
    assert chain["memory"]["plain"] > 0 and chain["memory"]["capture"] > 0
    assert chain["info"]["plan"]["nodes"] > 0
