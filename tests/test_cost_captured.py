"""The layout cost estimate on real captures: hubs of an unrolled RNN and big graphs are flagged
before dot runs.

Graphs come from real torch code through the real capture; nothing here times anything: the
estimate is a deterministic function of the graph's shape.
"""

from __future__ import annotations

import shutil
import textwrap

import pytest

torch = pytest.importorskip("torch")

import graphviz_app  # noqa: E402
from graphviz_app.core.graphviz import cost  # noqa: E402
from graphviz_app.core.graphviz.dot import dot_graph  # noqa: E402
from graphviz_app.core.graphviz.layout import LayoutJob  # noqa: E402
from graphviz_app.core.model.graph import graph_from_trace  # noqa: E402
from graphviz_app.core.view.display import ViewOptions, build_display  # noqa: E402
from graphviz_app.worker.script import ScriptCapture  # noqa: E402


def unrolled_rnn(steps: int = 60):
    """Return the graph of a hand-written RNN cell applied ``steps`` times (shared W, U, b)."""
    torch.manual_seed(0)
    W = torch.randn(4, 8, requires_grad=True)
    U = torch.randn(8, 8, requires_grad=True)
    b = torch.zeros(8, requires_grad=True)
    h = torch.zeros(1, 8)
    for x in torch.randn(steps, 1, 4):
        h = torch.tanh(x @ W + h @ U + b)
    loss = h.pow(2).sum()
    return graphviz_app.trace(loss)


@pytest.fixture(scope="module")
def rnn():
    return unrolled_rnn()


def test_unsplit_shared_weights_of_an_rnn_are_flagged_slow(rnn):
    found = cost.estimate(build_display(rnn, ViewOptions(split_hubs=False)))
    assert found.category != "fast"
    assert len(found.hubs) == 3  # W, U and b: each used at all 60 steps
    assert found.hub_virtual > 10 * found.nodes  # their edges cross far more ranks than there are nodes
    assert "shared tensors used far apart" in found.describe()


def test_split_hubs_make_the_same_rnn_fast(rnn):
    found = cost.estimate(build_display(rnn, ViewOptions(split_hubs=True)))
    assert found.category == "fast" and not found.hubs
    assert found.virtual < found.nodes


def test_recommend_splits_hubs_first(rnn):
    plan = cost.recommend(rnn, ViewOptions(split_hubs=False))
    assert plan.options.split_hubs and [str(a) for a in plan.actions] == ["shared tensors drawn once per use"]
    assert plan.planned.category == "fast" and not plan.graph_attrs
    assert "shared tensors drawn once per use" in str(plan.message())
    unchanged = cost.recommend(rnn, ViewOptions())
    assert not unchanged.changed and unchanged.options == ViewOptions() and str(unchanged.message()) == ""


CHAIN_SCRIPT = """
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.rand(4) + 0.5)

    def forward(self, x):
        return torch.tanh(x * self.w)


model = nn.Sequential(*(nn.Sequential(*(Block() for _ in range(50))) for _ in range(BLOCKS // 50)))
inputs = (torch.randn(1, 4),)
loss_fn = lambda out: out.sum()
"""


@pytest.fixture(scope="module")
def big_chain(tmp_path_factory):
    """A 12,000-node chain with modules (stage.block), captured as the app captures it."""
    path = tmp_path_factory.mktemp("chain") / "chain.py"
    path.write_text(textwrap.dedent(CHAIN_SCRIPT).replace("BLOCKS", "4000"), encoding="utf-8")
    return graph_from_trace(ScriptCapture(path).run())


def test_large_chain_is_flagged_by_its_size(big_chain):
    assert big_chain.number_of_nodes() > 12000
    found = cost.estimate(build_display(big_chain))
    assert found.category == "very slow"
    assert found.virtual < found.nodes and not found.hubs  # slow because it is big, not tangled
    plain = cost.estimate(build_display(big_chain, ViewOptions(clusters=False)))
    assert plain.category != "fast"


def test_large_chain_opens_collapsed_to_module_nodes(big_chain):
    plan = cost.recommend(big_chain)
    assert plan.collapse_depth is not None and plan.options.collapsed
    assert any(str(action).startswith("modules collapsed to depth") for action in plan.actions)
    display = build_display(big_chain, plan.options)
    modules = [n for n in display.nodes.values() if n.kind == "module"]
    assert modules and len(display.nodes) < big_chain.number_of_nodes() / 2
    assert cost.estimate(display).category == "fast"


def test_graph_without_modules_gets_iteration_limits():
    x = torch.ones(2, requires_grad=True)
    y = x
    for _ in range(9000):
        y = y * 1.0001
    graph = graphviz_app.trace(y.sum())
    plan = cost.recommend(graph)
    assert plan.collapse_depth is None
    assert plan.graph_attrs == cost.LIMIT_ATTRS and "Graphviz's iteration limits" in map(str, plan.actions)


def rnn_with_stacked_states(steps: int = 40):
    """The RNN above, with its state at every step gathered by ``torch.stack`` (a fan-in hub)."""
    torch.manual_seed(0)
    W = torch.randn(4, 8, requires_grad=True)
    U = torch.randn(8, 8, requires_grad=True)
    h = torch.zeros(1, 8)
    states = []
    for x in torch.randn(steps, 1, 4):
        h = torch.tanh(x @ W + h @ U)
        states.append(h)
    loss = torch.stack(states).pow(2).mean()
    return graphviz_app.trace(loss)


def test_an_op_gathering_far_apart_inputs_is_drawn_once_per_far_input():
    graph = rnn_with_stacked_states()
    (stack,) = [n for n, op in graph.nodes(data="op") if op == "StackBackward0"]
    display = build_display(graph, ViewOptions())
    ids = display.display_ids(stack)
    copies = [i for i in ids if i != stack]
    assert stack in ids and len(copies) >= 30  # the late, near states stay on the op itself
    incoming = {e.target: [] for e in display.edges}
    outgoing = {e.source: [] for e in display.edges}
    for e in display.edges:
        incoming[e.target].append(e)
        outgoing[e.source].append(e)
    for copy in copies:
        node = display.nodes[copy]
        assert node.kind == "op" and node.members == (stack,) and node.use[1] == 40
        assert f"input {node.use[0]} of 40" in node.label
        assert len(incoming[copy]) == 1 and copy not in outgoing  # one input, no result
    assert [display.nodes[e.target].label[0] for e in outgoing[stack]] == ["PowBackward0"]
    # every graph edge into the stack is drawn exactly once
    drawn = sorted(g for e in display.edges for g in e.graph_edges if g[1] == stack)
    assert drawn == sorted((u, stack) for u in graph.predecessors(stack))
    split = cost.estimate(display)
    whole = cost.estimate(build_display(graph, ViewOptions(split_hubs=False)))
    assert split.virtual < split.nodes < whole.virtual
    assert cost.quick_estimate(graph, ViewOptions()).virtual < split.nodes  # models the split too


def test_a_residual_add_keeps_its_skip_edge():
    torch.manual_seed(0)
    x = torch.randn(1, 8, requires_grad=True)
    y = x
    for _ in range(10):
        y = torch.tanh(y * 1.1)
    loss = (x + y).sum()  # two inputs made ten ranks apart: an ordinary skip connection
    display = build_display(graphviz_app.trace(loss), ViewOptions())
    assert not any(n.use for n in display.nodes.values() if n.kind == "op")


def test_quick_estimate_agrees_on_collapsed_views(big_chain):
    options = cost.recommend(big_chain).options
    exact = cost.estimate(build_display(big_chain, options))
    quick = cost.quick_estimate(big_chain, options)
    assert quick.nodes == exact.nodes and quick.category == exact.category


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_iteration_limits_are_valid_graphviz_attributes(rnn):
    display = build_display(rnn, ViewOptions())
    found = LayoutJob(dot_graph(display, rnn, graph_attrs=cost.LIMIT_ATTRS).text(), 60).result()
    assert set(found.nodes) == set(display.nodes)
