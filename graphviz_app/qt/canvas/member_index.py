"""Which drawn node items draw a graph node: the scene's index from graph node to items.

Most items draw one graph node (or a few) and are indexed per member. A collapsed module of
:data:`BIG` members or more is not: indexing each of 100,000 members one at a time would hold
the window for a tenth of a second when the picture is built, and as long again when the module
is expanded and its item dropped. Such an item is kept whole, with a set of its members (made at
C speed), and a lookup asks each of these few items whether it draws the node.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Iterator
from typing import Any, Generic, Protocol, TypeVar

BIG = 1000
"""An item of at least this many members is kept whole, not indexed per member."""


class _Drawn(Protocol):
    members: tuple[str, ...]


Item = TypeVar("Item", bound=_Drawn)


def discard(index: dict[Any, list[Any]], key: Any, item: object) -> None:
    """Remove ``item`` from ``index[key]``, and the key once its list is empty."""
    items = index.get(key)
    if items is not None:
        items[:] = [i for i in items if i is not item]
        if not items:
            del index[key]


class MemberIndex(Generic[Item]):
    """Graph node id -> the items drawing it, in the order they were added (per-member items
    first, then the big ones)."""

    def __init__(self) -> None:
        self._small: dict[str, list[Item]] = {}
        self._big: list[tuple[Item, frozenset[str]]] = []

    def add(self, item: Item) -> None:
        """Index ``item`` under each of its members."""
        if len(item.members) >= BIG:
            self._big.append((item, frozenset(item.members)))
            return
        small = self._small
        for member in item.members:
            small.setdefault(member, []).append(item)

    def discard(self, item: Item) -> None:
        """Forget ``item`` (nothing happens when it is not indexed)."""
        if len(item.members) >= BIG:
            self._big = [(big, members) for big, members in self._big if big is not item]
            return
        for member in item.members:
            discard(self._small, member, item)

    def get(self, member: str) -> list[Item]:
        """The items drawing graph node ``member`` (a new list)."""
        found = list(self._small.get(member, ()))
        found.extend(big for big, members in self._big if member in members)
        return found

    def drawing(self, members: Iterable[str]) -> Iterator[Item]:
        """The items drawing any of ``members`` (an item once per member it draws among the
        small ones, once in all among the big ones)."""
        wanted = members if isinstance(members, (set, frozenset)) else set(members)
        small = self._small
        for member in wanted:
            yield from small.get(member, ())
        for big, drawn in self._big:
            if not drawn.isdisjoint(wanted):
                yield big

    def items(self) -> ItemsView[str, list[Item]]:
        """Every indexed graph node with the items drawing it, as ``dict.items`` (for checks)."""
        found = {member: list(items) for member, items in self._small.items()}
        for big, _members in self._big:
            for member in big.members:
                found.setdefault(member, []).append(big)
        return found.items()

    def reorder(self, key: Callable[[Item], int]) -> None:
        """Put each graph node's items in the order of ``key`` (as if added in that order)."""
        for found in self._small.values():
            if len(found) > 1:
                found.sort(key=key)
        self._big.sort(key=lambda entry: key(entry[0]))

    def clear(self) -> None:
        self._small.clear()
        self._big.clear()
