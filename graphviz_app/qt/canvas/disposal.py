"""Deleting the drawings a scene dropped, a slice at a time between events.

A module's frame and its body (:class:`~.items.FrameBody`) hold each other: the body owns the
frame as its child, and the frame keeps its body. Out of the scene, that pair would keep the
module's whole drawing alive until a full collection found it (a second's stall at 20,000
nodes). Deleting the drawing at once instead holds the GUI thread about 0.2 s per 45,000 items,
right when the new picture should appear, and so does taking it out of the scene (Qt takes each
item out of the scene's item list in turn: 0.1-0.4 s per 43,000 items, more in a fuller scene).
:class:`Disposal` takes such a drawing once out of sight (transparent), or once out of the
scene, and takes it out and deletes it from the leaves up, a few milliseconds per turn of the
event loop. It lets go of the scene's big indexes of a drawing gone (:meth:`Disposal.drop`) the
same way: freeing their entries at once took 0.03-0.05 s at 20,000 nodes. The graph the drawing
showed goes last, in a turn of its own (:meth:`Disposal.release`).
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QGraphicsItem

SLICE_SECONDS = 0.008
"""The longest one turn of the event loop spends deleting (2,000 items take about 8 ms)."""
CHECK_EVERY = 256
"""Items deleted between two looks at the clock."""


class _Tree:
    """An item being taken apart: its children, and how many of them are gone."""

    __slots__ = ("children", "done", "root", "taken")

    def __init__(self, root: QGraphicsItem, taken: bool = False) -> None:
        self.root = root
        self.taken = taken
        """Whether it is the root of a tree taken (else: an item inside one)."""
        self.children: list[QGraphicsItem | None] | None = None
        self.done = 0


class Disposal:
    """Deletes item trees, children first, in slices of at most :data:`SLICE_SECONDS` between
    events: each child is taken out of its scene (a tree may be left there out of sight, at the
    top level) or detached from its parent, and the reference held here is then its last; the
    root goes once its children have."""

    def __init__(self, parent: QObject | None = None) -> None:
        self._trees: list[_Tree] = []
        self._held: list[dict[Any, Any] | list[Any]] = []
        """Containers whose entries are let go of a slice at a time (:meth:`drop`)."""
        self._last: list[object] = []
        """Objects let go of last, each in a turn of its own (:meth:`release`)."""
        self._timer = QTimer(parent, interval=0)
        self._timer.timeout.connect(self._slice)

    def take(self, root: QGraphicsItem) -> None:
        """Delete ``root`` and everything under it, soon: ``root`` is in no scene, or out of
        sight at the top level of one (nothing else may take it out or delete it meanwhile)."""
        self._trees.append(_Tree(root, taken=True))
        if not self._timer.isActive():
            self._timer.start()

    def drop(self, *held: dict[Any, Any] | list[Any]) -> None:
        """Let go of what ``held`` hold soon, a slice at a time (the caller lets go of them)."""
        self._held.extend(container for container in held if container)
        if self._held and not self._timer.isActive():
            self._timer.start()

    def release(self, thing: object) -> None:
        """Let go of ``thing`` once the trees taken are deleted, in a turn of the event loop of
        its own: an object many of their items refer to (the graph a drawing showed, which its
        nodes' hover texts read), freed with the last of them, would be freed inside a slice
        (20,000 nodes' data: 20 ms at once, on top of the slice's own 8 ms)."""
        self._last.append(thing)
        if not self._timer.isActive():
            self._timer.start()

    def pending(self) -> int:
        """The trees not deleted yet."""
        return len(self._trees)

    def finish(self) -> None:
        """Delete everything taken, now."""
        self._work(None)
        self._timer.stop()

    def _slice(self) -> None:
        self._work(time.perf_counter() + SLICE_SECONDS)
        if not self._trees and not self._held and not self._last:
            self._timer.stop()

    def _work(self, deadline: float | None) -> None:
        held, count = self._held, 0
        while held:
            container = held[-1]
            if not container:
                held.pop()
                continue
            if isinstance(container, dict):
                container.popitem()
            else:
                container.pop()
            count += 1
            if deadline is not None and count % CHECK_EVERY == 0 and time.perf_counter() > deadline:
                return
        trees = self._trees
        while trees:
            tree = trees[-1]
            children = tree.children
            if children is None:
                children = tree.children = list(tree.root.childItems())
            if tree.done == len(children):
                trees.pop()
                scene = tree.root.scene() if tree.taken else None
                if scene is not None:  # out of sight there until now
                    scene.removeItem(tree.root)
                count += 1
                continue  # its last reference goes: Qt deletes the root
            child = children[tree.done]
            children[tree.done] = None
            tree.done += 1
            assert child is not None
            if child.childItems():
                trees.append(_Tree(child))  # its own children first
                continue
            scene = child.scene()
            if scene is not None:
                scene.removeItem(child)  # out of the scene and off its parent: ours alone now
            else:
                child.setParentItem(None)  # ours alone now
            del child  # deleted here
            count += 1
            if deadline is not None and count % CHECK_EVERY == 0 and time.perf_counter() > deadline:
                return
        if deadline is None:
            self._last.clear()
        elif self._last and not count:  # alone in its turn
            self._last.pop()
