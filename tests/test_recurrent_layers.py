"""nn.GRU and nn.LSTM, captured from real torch, drawn and laid out by real dot.

On the CPU torch records them as one input projection for every step, then ``UnbindBackward0``
(one output per step) feeding each step all along the recurrence: the display draws the unbind
once more beside each far step (fan-out splitting), so no edge crosses the whole graph.
"""

from __future__ import annotations

import json
import shutil
import textwrap

import pytest

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.filterwarnings("ignore:TF32 acceleration on top of oneDNN")  # mkldnn.flags()

import graphviz_app  # noqa: E402
from graphviz_app.cli import main  # noqa: E402
from graphviz_app.core.graphviz import cost  # noqa: E402
from graphviz_app.core.model.graph import graph_from_trace  # noqa: E402
from graphviz_app.core.view.display import ViewOptions, build_display  # noqa: E402
from graphviz_app.core.view.stepping import FORWARD  # noqa: E402
from graphviz_app.core.view.view_model import ViewModel  # noqa: E402
from graphviz_app.worker.script import ScriptCapture  # noqa: E402

STEPS = 32

SCRIPT = """
import torch
from torch import nn

torch.manual_seed(0)
rnn = nn.LAYER(4, 4)
head = nn.Linear(4, 1)
# oneDNN records nn.LSTM as one op; without it (or switched off) it is recorded step by step
with torch.backends.mkldnn.flags(enabled=False):
    output, _ = rnn(torch.randn(STEPS, 1, 4))
    loss = head(output).pow(2).mean()
    loss.backward()
"""


@pytest.fixture(scope="module", params=["GRU", "LSTM"])
def trace(request, tmp_path_factory):
    """The trace of an ``nn.GRU`` or ``nn.LSTM`` over STEPS steps, captured as the app captures."""
    path = tmp_path_factory.mktemp("recurrent") / f"{request.param.lower()}.py"
    source = textwrap.dedent(SCRIPT).replace("LAYER", request.param).replace("STEPS", str(STEPS))
    path.write_text(source, encoding="utf-8")
    return ScriptCapture(path).run()


@pytest.fixture(scope="module")
def graph(trace):
    return graph_from_trace(trace)


def the_unbind(graph) -> str:
    (unbind,) = [n for n, op in graph.nodes(data="op") if op == "UnbindBackward0"]
    assert len(list(graph.successors(unbind))) == STEPS
    return unbind


def test_the_unbind_is_drawn_beside_each_far_step(graph):
    unbind = the_unbind(graph)
    display = build_display(graph, ViewOptions())
    copies = [i for i in display.display_ids(unbind) if i != unbind]
    assert len(copies) >= STEPS - 4  # the first steps stay with the op itself
    assert display.nodes[unbind].label[-1] == f"{STEPS - len(copies)} of {STEPS} uses drawn here"
    for copy in copies:
        node = display.nodes[copy]
        assert node.kind == "op" and node.members == (unbind,) and node.fans_out
        assert node.label[-1] == f"use {node.use[0]} of {STEPS}"
        assert [e.source for e in display.edges if copy in (e.source, e.target)] == [copy]  # one use
    # every graph edge out of the unbind is drawn exactly once, none of them long
    drawn = sorted(g for e in display.edges for g in e.graph_edges if g[0] == unbind)
    assert drawn == sorted((unbind, v) for v in graph.successors(unbind))
    ranks = cost.dot_ranks(list(display.nodes), [(e.source, e.target) for e in display.edges])
    spans = [ranks[e.target] - ranks[e.source] for e in display.edges if e.graph_edges[0][0] == unbind]
    assert max(spans) <= 3
    assert cost.estimate(display).category == "fast"
    assert cost.quick_estimate(graph, ViewOptions()).category == "fast"
    assert not cost.recommend(graph).changed  # shown whole, as drawn above
    assert cost.estimate(build_display(graph, ViewOptions(split_hubs=False))).category != "fast"


def test_a_copy_selects_and_steps_as_the_op(graph):
    unbind = the_unbind(graph)
    model = ViewModel()
    model.set_graph(graph)
    ids = model.display.display_ids(unbind)
    model.select(ids[-2])
    assert model.selection == ids[-2] and model.selected_members() == (unbind,)
    model.set_step(FORWARD, model.step_order(FORWARD).index(unbind))
    assert model.step.node == unbind and model.selected_members() == (unbind,)


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_the_export_lays_it_out(trace, tmp_path):
    saved = tmp_path / "rnn.json"
    saved.write_text(json.dumps(trace), encoding="utf-8")
    assert main(["export", str(saved), "-o", str(tmp_path / "g.svg")]) == 0
    assert f"use {STEPS} of {STEPS}" in (tmp_path / "g.svg").read_text(encoding="utf-8")


def test_an_op_used_twice_far_apart_keeps_its_skip_edge():
    x = torch.tanh(torch.randn(1, 8, requires_grad=True))
    y = x
    for _ in range(10):
        y = torch.tanh(y * 1.1)
    display = build_display(graphviz_app.trace((x + y).sum()), ViewOptions())
    assert not any(n.use for n in display.nodes.values() if n.kind == "op")
