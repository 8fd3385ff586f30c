"""A collapsed big module's majority fill: counted once per fills mapping, the same answer."""

from __future__ import annotations

from graphviz_app.core.view import colors, look
from graphviz_app.core.view.display import DisplayNode


def module(members: int) -> DisplayNode:
    ids = tuple(f"n{i}" for i in range(members))
    return DisplayNode("m:big", "module", ids, ("big",), "big")


def test_a_big_module_keeps_its_majority_per_fills_mapping() -> None:
    node = module(look.MAJORITY_KEPT + 10)
    red = dict.fromkeys(node.members, "#ff0000") | {"n0": "#00ff00", "n1": "#00ff00"}
    first = look.node_fill(node, red)
    assert first == "#ff0000"
    assert look._majorities[node] == (red, "#ff0000")  # kept for this mapping
    assert look.node_fill(node, red) == first
    green = dict.fromkeys(node.members, "#00ff00")  # another mapping (another colour mode)
    assert look.node_fill(node, green) == "#00ff00"
    assert look._majorities[node] == (green, "#00ff00")


def test_kept_and_counted_fills_agree_on_ties() -> None:
    members = look.MAJORITY_KEPT * 2
    big, small = module(members), module(10)
    half = {f"n{i}": ("#0000ff" if i % 2 else "#ff0000") for i in range(members)}  # a tie
    assert look.node_fill(big, half) == look._majority_fill(big.members, half) == "#ff0000"
    assert look.node_fill(small, half) == "#ff0000"
    assert small not in look._majorities  # a small module is counted each time
    assert look.node_fill(module(look.MAJORITY_KEPT), {}) == colors.NEUTRAL_COLOR
