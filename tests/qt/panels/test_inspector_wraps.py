"""The Inspector shows values and chain-rule rows whole: the value column fits the panel (no
part of it past the edge) and a long value wraps onto as many lines as it needs."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtGui import QFontMetrics

from graphviz_app.qt.panels.inspector import FIXED, TEXT_MARGIN, wrapped_lines
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS
from ..test_stepping import watch_only


def rows(tree):
    for i in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(i)
        for j in range(group.childCount()):
            yield group.text(0), group.child(j)


def test_long_values_and_chain_rule_rows_wrap_inside_the_panel(laptop_window, qtbot):
    window = laptop_window
    watch_only()  # the step selects its node at once
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("basic_autograd.py"))
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.run_backward()
    window.timeline.start("backward")
    window.timeline.go(1)  # AddBackward0: its chain rule, its gradients
    tree = window.inspector.tree
    qtbot.waitUntil(lambda: tree.columnWidth(0) + tree.columnWidth(1) == tree.viewport().width())
    metrics = QFontMetrics(tree.font())
    groups = set()
    wrapped = 0
    for group, row in rows(tree):
        groups.add(group)
        cell = tree.visualRect(tree.indexFromItem(row, 1))
        assert cell.right() <= tree.viewport().width()  # nothing past the panel's edge
        text = row.text(1)
        if metrics.horizontalAdvance(text) > cell.width():
            assert tree.visualItemRect(row).height() >= 2 * metrics.lineSpacing(), (row.text(0), text)
            wrapped += 1
        assert row.toolTip(1)  # the whole value in a tooltip too
    assert "Chain rule" in groups
    assert wrapped >= 3
    rule = [row for group, row in rows(tree) if group == "Chain rule" and row.text(0) == "rule"]
    assert rule and rule[0].text(1) == "addition passes grad_out to each input unchanged"


def test_the_panels_own_names_break_between_words_never_inside_one(laptop_window, qtbot):
    """At 1024 x 700 the Inspector is narrow: a name it writes itself (``environment``,
    ``saved tensors``) wraps at its spaces, and the name column is as wide as its longest word."""
    window = laptop_window
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("basic_autograd.py"))
    tree = window.inspector.tree
    for select in (None, "PowBackward0"):
        if select is not None:
            node = next(n for n, op in window.document.view_model.graph.nodes(data="op") if op == select)
            window.document.view_model.select_graph_node(node)
        qtbot.waitUntil(lambda: tree.columnWidth(0) + tree.columnWidth(1) == tree.viewport().width())
        checked = 0
        for _group, row in rows(tree):
            if not row.data(0, FIXED):
                continue
            room = tree.visualRect(tree.indexFromItem(row, 0)).width() - 2 * TEXT_MARGIN
            lines = wrapped_lines(row.text(0), row.font(0), room)
            # each break falls at a space or before a parenthesis, never inside a word
            breaks = [a.endswith(" ") or b.startswith("(") for a, b in pairwise(lines)]
            assert all(breaks), (lines, room, tree.columnWidth(0), tree.viewport().width())
            checked += 1
        assert checked >= 3
