"""The scene's index from graph node to drawn items: a big collapsed module is kept whole and
answers as if each of its members were indexed."""

from __future__ import annotations

from dataclasses import dataclass

from graphviz_app.qt.canvas.member_index import BIG, MemberIndex


@dataclass(eq=False)
class Drawn:
    name: str
    members: tuple[str, ...]


def per_member(items: list[Drawn]) -> dict[str, list[str]]:
    """What indexing every member one at a time gives."""
    found: dict[str, list[str]] = {}
    for item in items:
        for member in item.members:
            found.setdefault(member, []).append(item.name)
    return found


def test_big_and_small_items_answer_as_a_per_member_index() -> None:
    big = Drawn("m:big", tuple(f"n{i}" for i in range(BIG + 5)))
    other = Drawn("m:other", tuple(f"o{i}" for i in range(BIG)))
    small = [Drawn("a", ("a",)), Drawn("x:1", ("x",)), Drawn("x:2", ("x",)), Drawn("m:s", ("s1", "s2"))]
    index: MemberIndex[Drawn] = MemberIndex()
    for item in [small[0], big, *small[1:], other]:
        index.add(item)
    everything = [small[0], big, *small[1:], other]
    expected = per_member(everything)
    assert {m: [i.name for i in items] for m, items in index.items()} == expected
    for member in ("a", "x", "s2", "n0", f"n{BIG + 4}", "o7", "missing"):
        assert [i.name for i in index.get(member)] == expected.get(member, [])
    assert {i.name for i in index.drawing(["x", "n3", "zz"])} == {"x:1", "x:2", "m:big"}
    assert list(index.drawing([])) == []

    index.discard(big)
    index.discard(small[1])
    index.discard(Drawn("never", ("a",)))  # not indexed: nothing happens
    assert {m: [i.name for i in items] for m, items in index.items()} == per_member(
        [small[0], small[2], small[3], other]
    )
    assert index.get("n0") == []
    index.clear()
    assert not index.items()
