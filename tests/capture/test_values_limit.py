"""Values recorded up to a number of ops (``RunOptions.values_up_to``): a big graph's export
that draws no values asks for none, and gets none (nor saved tensors) on any node; a small
graph keeps them all.
Real torch in the real worker."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphviz_app import cli
from graphviz_app.core.model.values import AUTO_NODES
from graphviz_app.wire.run_options import RunOptionError, RunOptions

CHAIN = """
import torch
w = torch.ones(3, requires_grad=True)
x = w
for _ in range({ops}):
    x = x * 1.5
loss = x.sum()
"""


def valued(graph) -> list[str]:
    return [node for node, attrs in graph.nodes(data=True) if attrs.get("value")]


def test_a_graph_within_the_limit_keeps_every_value(runner, write_script) -> None:
    graph = runner.run(write_script(CHAIN.format(ops=5)), RunOptions(values_up_to=AUTO_NODES)).graph
    assert len(valued(graph)) == graph.number_of_nodes() == 7  # the leaf, five Mul, the Sum


def with_saved(graph) -> list[str]:
    return [node for node, attrs in graph.nodes(data=True) if attrs.get("saved")]


def test_past_the_limit_no_node_has_a_value(runner, write_script) -> None:
    script = write_script(CHAIN.format(ops=AUTO_NODES + 5))
    limited = runner.run(script, RunOptions(values_up_to=AUTO_NODES)).graph
    assert limited.number_of_nodes() == AUTO_NODES + 7
    assert valued(limited) == []  # not the first sixty ops', nor the leaf's
    assert with_saved(limited) == []  # nor the saved tensors an image never draws
    full = runner.run(script, RunOptions()).graph
    assert len(valued(full)) == full.number_of_nodes()
    # every Mul saved its scalar factor ("other=1.5"); the Sum saves its input's sizes
    assert len(with_saved(full)) == AUTO_NODES + 6
    assert set(limited.nodes) == set(full.nodes) and set(limited.edges) == set(full.edges)


def test_each_earlier_backward_pass_starts_the_count_again(runner, write_script) -> None:
    """A training loop captured at its third backward call: the two passes before it made
    more ops than the limit, together; the captured graph keeps its values."""
    loop = """
    import torch
    w = torch.ones(3, requires_grad=True)
    for step in range(3):
        x = w
        for _ in range(30):
            x = x * 1.5
        loss = x.sum()
        loss.backward()
    """
    options = RunOptions(values_up_to=AUTO_NODES, backward_call=3)
    graph = runner.run(write_script(loop), options).graph
    assert graph.number_of_nodes() == 32 and len(valued(graph)) == 32
    assert cli.VALUES_UP_TO >= AUTO_NODES


@pytest.mark.parametrize("limit", [-1, 1.5, True, "60"])
def test_an_unusable_limit_is_refused(limit) -> None:
    with pytest.raises(RunOptionError, match="not a number of nodes"):
        RunOptions(values_up_to=limit)


def test_the_wire_form_keeps_the_limit() -> None:
    assert RunOptions.from_wire(RunOptions(values_up_to=60).to_wire()).values_up_to == 60


@pytest.mark.parametrize(
    ("out", "given", "limit"),
    [
        ("g.svg", [], cli.VALUES_UP_TO),
        ("g.png", [], cli.VALUES_UP_TO),
        ("g.dot", [], cli.VALUES_UP_TO),
        ("g.svg", ["--values"], None),  # Values asked for: every value is drawn
        ("g.json", [], None),  # the graph file keeps every value
        ("g.html", [], None),  # the page shows them in its node details
    ],
)
def test_the_export_asks_for_values_only_where_it_may_draw_them(out, given, limit) -> None:
    args = cli.export_parser().parse_args(["s.py", "-o", out, *given])
    options = cli.values_needed(cli.run_options(args, []), args, Path(out))
    assert options.values_up_to == limit
