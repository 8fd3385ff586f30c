"""Dropped drawings are deleted a slice at a time, children before their parents."""

from __future__ import annotations

import gc
import weakref

import pytest
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene

from graphviz_app.qt.canvas import disposal as disposal_module
from graphviz_app.qt.canvas.disposal import Disposal


def _tree() -> tuple[QGraphicsRectItem, list[weakref.ref[QGraphicsRectItem]]]:
    """root > (a, b > (b1, b2), c): returned with weak references to a, b, b1, b2, c, root."""
    root = QGraphicsRectItem(0, 0, 10, 10)
    a, b, c = (QGraphicsRectItem(0, 0, 1, 1) for _ in range(3))
    b1, b2 = (QGraphicsRectItem(0, 0, 1, 1) for _ in range(2))
    for child in (a, b, c):
        child.setParentItem(root)
    for child in (b1, b2):
        child.setParentItem(b)
    return root, [weakref.ref(item) for item in (a, b, b1, b2, c, root)]


@pytest.fixture
def one_item_slices(qtbot, monkeypatch):
    """Each slice deletes one item, and the collector is off (what is deleted goes by its last
    reference)."""
    monkeypatch.setattr(disposal_module, "SLICE_SECONDS", 0.0)
    monkeypatch.setattr(disposal_module, "CHECK_EVERY", 1)
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_tree_goes_a_slice_at_a_time_children_first(one_item_slices) -> None:
    disposal = Disposal()
    root, refs = _tree()
    disposal.take(root)
    del root
    alive = [[ref() is not None for ref in refs]]
    while disposal.pending():
        disposal._slice()
        alive.append([ref() is not None for ref in refs])
    #     a      b      b1     b2     c      root
    assert alive == [
        [True, True, True, True, True, True],
        [False, True, True, True, True, True],
        [False, True, False, True, True, True],
        [False, True, False, False, True, True],
        [False, True, False, False, False, True],  # b (emptied) goes with root
        [False, False, False, False, False, False],
    ]


def test_trees_taken_go_between_events_or_at_once(qtbot) -> None:
    disposal = Disposal()
    first, first_refs = _tree()
    second, second_refs = _tree()
    gc.disable()
    try:
        disposal.take(first)
        disposal.take(second)
        del first, second
        assert disposal.pending() == 2 and all(ref() is not None for ref in first_refs)
        qtbot.waitUntil(lambda: disposal.pending() == 0)
        assert all(ref() is None for ref in first_refs + second_refs)
        third, third_refs = _tree()
        disposal.take(third)
        del third
        disposal.finish()
        assert disposal.pending() == 0 and all(ref() is None for ref in third_refs)
    finally:
        gc.enable()


def _tree_out_of_sight_taken() -> tuple[QGraphicsScene, Disposal, list[weakref.ref[QGraphicsRectItem]]]:
    """A tree (:func:`_tree`) out of sight (transparent, as the scene leaves a drawing it drops)
    at a scene's top level and taken by a new disposal: the scene, the disposal and the weak
    references."""
    scene = QGraphicsScene()
    disposal = Disposal()
    root, refs = _tree()
    scene.addItem(root)
    root.setOpacity(0.0)
    disposal.take(root)
    return scene, disposal, refs


def test_a_tree_out_of_sight_in_a_scene_leaves_it_a_slice_at_a_time(one_item_slices) -> None:
    """Taking a drawing out of a scene at once holds the GUI thread as long as deleting it: one
    out of sight at the scene's top level is taken out leaf by leaf, and deleted as it goes."""
    scene, disposal, refs = _tree_out_of_sight_taken()
    in_scene = [len(scene.items())]
    while disposal.pending():
        disposal._slice()
        in_scene.append(len(scene.items()))
    assert in_scene == [6, 5, 4, 3, 2, 0]  # a, b1, b2, c, then b (emptied) with root
    assert all(ref() is None for ref in refs)


def test_the_indexes_of_a_drawing_gone_are_let_go_of_a_slice_at_a_time(one_item_slices) -> None:
    """The scene's indexes of a drawing gone hold tens of thousands of entries: the disposal
    empties them an entry per slice here, then deletes the trees it has."""

    class Entry:
        pass

    by_key = {key: Entry() for key in "abc"}
    in_list = [Entry(), Entry()]
    refs = [weakref.ref(entry) for entry in (*by_key.values(), *in_list)]
    disposal = Disposal()
    root, tree_refs = _tree()
    disposal.take(root)
    disposal.drop(by_key, in_list, {})
    del by_key, in_list, root
    alive = [sum(ref() is not None for ref in refs)]
    while alive[-1]:
        disposal._slice()
        alive.append(sum(ref() is not None for ref in refs))
    assert alive == [5, 4, 3, 2, 1, 0]
    assert all(ref() is not None for ref in tree_refs) and disposal.pending() == 1  # then the tree
    disposal.finish()
    assert all(ref() is None for ref in tree_refs)


def test_what_is_released_goes_after_the_trees_in_a_turn_of_its_own(one_item_slices) -> None:
    """The graph a drawing showed is read by its nodes' hover texts: freed with the last of
    them, its 20,000 nodes' data took 20 ms inside a slice already spent.  Released to the
    disposal, it goes once the trees are deleted, in a slice that deletes nothing else."""

    class Graph:
        pass

    disposal = Disposal()
    root, refs = _tree()
    graph = Graph()
    held = [graph]  # (an item's hover text)
    root.setData(0, held)
    released = weakref.ref(graph)
    disposal.take(root)
    disposal.release(graph)
    del root, graph, held
    steps = []
    while disposal._timer.isActive():
        disposal._slice()
        steps.append((sum(ref() is not None for ref in refs), released() is not None))
    assert steps == [(5, True), (4, True), (3, True), (2, True), (0, True), (0, False)]
