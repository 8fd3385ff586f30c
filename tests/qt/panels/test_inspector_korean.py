"""The Inspector in Korean: every group, label and worded value of a real captured graph is shown
in the window's language, names and numbers as they are; the English window reads as before."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from graphviz_app.core.model.durations import UNITS as DURATION_UNITS
from graphviz_app.core.model.kept_memory import UNITS
from graphviz_app.core.view.chain_rule import chain_rule
from graphviz_app.qt.i18n import i18n_dir

from ..test_stepping import run_backward

SCRIPT = """
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([0.5, 0.5], requires_grad=True)
h = w * 3
for _ in range(7):
    h = h * 1.5
cut = h.detach()
y = h * h + cut + b + w
loss = y.sum()
"""
"""``w`` is used at both ends of a long chain (two copies: "use 1 of 2"); ``h`` feeds ``h * h``
twice (its gradients are summed); ``cut`` reads a detached tensor (a graph cut)."""

DATA_LABELS = ("Operations", "Parameters", "Saved tensors", "Constant inputs")
"""Groups whose labels are the graph's own names (op names, parameters, argument names)."""
CORE_SAID = ("Chain rule/", "Ran with/chosen")
"""Rows whose values are core's messages (the chain rule's formulas, why an interpreter was
chosen), read in Korean by their own tests: here only their labels are checked."""
NAMES = {"NaN", "Inf", "Python", "torch", "g", *UNITS, "ns", *(unit for unit, _ in DURATION_UNITS)}
"""Words every language writes as they are (``‖g‖``: a gradient's norm; ``KiB``, ``ms``: units)."""


def kept_in_korean(contexts: tuple[str, ...]) -> set[str]:
    """ASCII words the Korean translations of ``contexts`` keep on purpose: names (``Ctrl+B``) and
    English beside the Korean (``모양(shape)``, ``연쇄 법칙(chain rule)``)."""
    words: set[str] = set()
    for context in ET.parse(i18n_dir() / "graphviz_app_ko.ts").iter("context"):
        if context.findtext("name") in contexts:
            for translation in context.iter("translation"):
                words.update(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", translation.text or ""))
    return words


def data_words(graph) -> set[str]:
    """Every ASCII word the graph itself holds (op names, names, code, files, dtypes, devices) and
    the chain rule's names for each op's inputs."""
    words: set[str] = set()

    def add(value: object) -> None:
        if isinstance(value, dict):
            for v in value.values():
                add(v)
        elif isinstance(value, list | tuple):
            for v in value:
                add(v)
        elif value is not None:
            words.update(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", str(value)))

    for node, data in graph.nodes(data=True):
        words.add(node)
        add(data)
        add([i.name for i in chain_rule(graph, node).inputs])  # ``a``, ``b``: the rule's symbols
    add(dict(graph.graph))
    return words


def english_left(shown: dict[str, str], keys: dict[str, str], data: set[str]) -> list[str]:
    """``"group/label: value"`` of each shown row (``keys``: the same rows keyed in English) that
    still shows an English word of the window's: one neither the graph's data nor kept by the
    Korean translation."""
    allowed = data | NAMES | kept_in_korean(("Inspector",))
    left = []
    for (key, value), english_key in zip(shown.items(), keys, strict=True):
        group, _, label = key.partition("/")
        checked = [group]
        if not any(english_key.startswith(g + "/") for g in DATA_LABELS):
            checked.append(label)
        if not english_key.startswith(CORE_SAID):
            checked.append(value)
        for text in checked:
            if any(w not in allowed for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text)):
                left.append(f"{key}: {value}")
                break
    return left


def everything_shown(window) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    """Select each drawn node and edge in turn: (what, English-keyed rows, shown rows)."""
    doc = window.document
    doc.view_model.clear_step()  # the whole graph after backward, not one step of it
    seen = []
    for display_id in list(doc.view_model.display.nodes):
        doc.view_model.select(display_id)
        seen.append((display_id, window.inspector.values(), window.inspector.shown()))
    for edge in list(doc.view_model.display.edges):
        doc.view_model.select_edge(edge.source, edge.target)
        seen.append((f"{edge.source}->{edge.target}", window.inspector.values(), window.inspector.shown()))
    doc.view_model.select(None)
    seen.append(("nothing", window.inspector.values(), window.inspector.shown()))
    return seen


def test_no_inspector_row_shows_english_in_the_korean_window(window, load, qtbot, qapp, write_script):
    from graphviz_app.qt.i18n import install_translators

    load(write_script(SCRIPT, "korean_inspector.py"))
    run_backward(window, qtbot)
    doc = window.document
    english = everything_shown(window)
    flat = [(k, v) for _, rows, _ in english for k, v in rows.items()]
    keys, values = {k for k, _ in flat}, [v for _, v in flat]
    # What the Korean window must translate is there in English first.
    assert {"Node/copy", "Gradient flow/accumulated", "Graph cut (.detach())/meaning"} <= keys
    assert "use 1 of 2" in values and "use 2 of 2" in values
    assert any(k.startswith("Gradient flow/from ") for k in keys)
    assert any(k.startswith("Gradient flow/to ") for k in keys)
    assert any(k.startswith("Chain rule/to ") for k in keys)
    assert any(v.startswith("line ") for v in values)
    assert "Edge/from" in keys and "Ran with/chosen" in keys

    data = data_words(doc.view_model.graph)
    assert install_translators(qapp, "ko") == "ko"
    try:
        korean = everything_shown(window)
        # stepping backward: a node the engine has not reached yet says so in Korean
        window.timeline.go(0)
        doc.view_model.select_graph_node(
            next(n for n, d in doc.view_model.graph.nodes(data=True) if d.get("name") == "w")
        )
        pending, pending_keys = window.inspector.shown(), window.inspector.values()
        title = window.inspector.title.text()
        doc.view_model.clear_step()
        doc.view_model.select(None)
        empty = window.inspector.title.text()
    finally:
        install_translators(qapp, "en")
    for (what, keys, rows), (_, english_keys, _) in zip(korean, english, strict=True):
        assert list(keys) == list(english_keys), what  # values() keys stay English
        assert not english_left(rows, keys, data), (what, english_left(rows, keys, data))
    shown = {k: v for _, _, rows in korean for k, v in rows.items()}
    said = [v for _, _, rows in korean for v in rows.values()]
    assert "2번 사용 중 1번째" in said and "2번 사용 중 2번째" in said
    assert any(k.startswith("기울기 흐름/") and k.endswith("에서") for k in shown)
    assert any(k.startswith("연쇄 법칙(chain rule)/") and k.endswith("쪽으로") for k in shown)
    assert any(v.startswith("기울기 2개의 합 = ‖g‖ = ") for v in said)
    assert "그래프 끊김 (.detach())/위치" in shown and "번째 줄: " in shown["그래프 끊김 (.detach())/위치"]
    assert "간선/시작" in shown and "실행 환경/고른 이유" in shown
    assert pending["기울기/기울기"].startswith("아직 도달하지 않음: ") and "w" in title
    assert not english_left(pending, pending_keys, data)
    assert empty == "선택된 것 없음"


def test_the_english_inspector_reads_as_before(window, load, qtbot, write_script):
    load(write_script(SCRIPT, "english_inspector.py"))
    run_backward(window, qtbot)
    doc = window.document
    doc.view_model.clear_step()
    w = next(n for n, d in doc.view_model.graph.nodes(data=True) if d.get("name") == "w")
    copy = next(i for i, n in doc.view_model.display.nodes.items() if n.members == (w,) and n.use == (2, 2))
    doc.view_model.select(copy)
    rows = window.inspector.values()
    assert rows["Node/kind"] == "leaf tensor" and rows["Node/copy"] == "use 2 of 2"
    assert rows["Gradient flow/stored in"] == "w.grad"
    assert window.inspector.shown() == rows  # English: shown as keyed
    h = next(n for n, d in doc.view_model.graph.nodes(data=True) if d.get("name") == "h")  # used by h * h
    doc.view_model.select_graph_node(h)
    rows = window.inspector.values()
    assert rows["Gradient flow/accumulated"].startswith("sum of 2 gradients = ‖g‖ = ")
    cut = next(n for n, d in doc.view_model.graph.nodes(data=True) if d.get("cuts"))
    doc.view_model.select_graph_node(cut)
    rows = window.inspector.values()
    assert re.fullmatch(r"line 9: cut = h\.detach\(\)", rows["Graph cut (.detach())/where"])
    assert rows["Graph cut (.detach())/detached from"].startswith("MulBackward0 output, shape [2]")
    assert rows["Source/at"] == "english_inspector.py, line 10"  # the op that read the cut
    doc.view_model.select(None)
    assert window.inspector.title.text() == "Nothing selected"
