"""The view model: styles, search, steps, collapse and selection, each call saying what changed."""

from __future__ import annotations

import networkx as nx
import pytest

from graphviz_app.core.view import colors, look
from graphviz_app.core.view.display import MODULE_PREFIX, ViewOptions, build_display
from graphviz_app.core.view.look import NodeStyle
from graphviz_app.core.view.stepping import FORWARD
from graphviz_app.core.view.view_model import (
    CURRENT_MATCH_PEN,
    HIGHLIGHT_PEN,
    NOTHING,
    Change,
    ViewModel,
)

from .graphs import GraphBuilder, chain
from .test_compose import residual_stack


def blk_graph() -> nx.DiGraph:
    """w (leaf) -> PowBackward0 x -> AddBackward0 y (in module "blk") -> MeanBackward0 z."""
    b = GraphBuilder()
    w = b.leaf("w")
    x = b.op("PowBackward0", w, name="x")
    y = b.op("AddBackward0", x, name="y", module="blk")
    z = b.op("MeanBackward0", y, name="z", shape=[])
    return b.build(z)


def shown(graph: nx.DiGraph) -> ViewModel:
    model = ViewModel()
    model.set_graph(graph)
    return model


def test_a_change_is_falsy_when_nothing_changed_and_combines_what_did():
    assert not NOTHING and not Change(restyled=frozenset({"n1"}))
    a = Change(styles=True, restyled=frozenset({"n1"}))
    b = Change(styles=True, restyled=frozenset({"n2"}), selection=True)
    assert a | b == Change(styles=True, restyled=frozenset({"n1", "n2"}), selection=True)
    assert (a | Change(styles=True)).restyled is None  # any node may have changed
    assert (a | Change(step=True)).restyled == frozenset({"n1"})  # the step changed no style
    assert (Change(display=True) | a) == Change(display=True, styles=True, restyled=frozenset({"n1"}))


def test_a_new_graph_says_graph_and_selection_and_starts_fresh():
    model = ViewModel()
    change = model.set_graph(blk_graph())
    assert change.graph and change.selection and not change.step and not change.display
    assert model.selection is None and model.selected_edge is None
    assert model.display is not None and list(model.display.nodes) == ["n0", "n1", "n2", "n3"]
    assert model.modules() == ["blk"]
    cleared = model.set_graph(None)
    assert cleared.graph and model.display is None and model.fills() == {}


def test_subscribers_hear_each_call_that_changed_something_once_until_they_unsubscribe():
    model = ViewModel()
    heard: list[Change] = []
    also: list[Change] = []
    unsubscribe = model.subscribe(heard.append)
    model.subscribe(also.append)
    model.set_graph(blk_graph())
    assert len(heard) == 1 and heard[0].graph and heard[0].selection
    heard.clear()
    change = model.search("Pow")  # the search selects its first match: one change, not two
    assert heard == [change] and change.search and change.selection and change.styles
    heard.clear()
    model.select("n1")  # already selected: nothing changed, nothing heard
    assert heard == []
    change = model.set_step(FORWARD, 2)  # the step selects its node: one change
    assert heard == [change] and change.step and change.selection and change.restyled
    heard.clear()
    unsubscribe()
    unsubscribe()  # twice is harmless
    model.collapse("blk")
    assert heard == [] and also[-1].display  # the other subscriber still hears


def test_style_layers_stack_by_priority_without_a_new_display():
    model = shown(blk_graph())
    display = model.display
    change = model.set_style_layer(
        "step", {"n1": NodeStyle(fill="#123456", dashed=True), "n2": NodeStyle(ghost=True)}
    )
    assert change == Change(styles=True)
    change = model.search("Pow")
    assert change.styles and change.search and change.selection and not change.display
    styles = model.styles()
    assert styles["n1"].fill == "#123456" and styles["n1"].dashed  # the step layer...
    assert styles["n1"].pen == CURRENT_MATCH_PEN and styles["n1"].penwidth == 3.0  # ...under search
    assert styles["n2"].ghost
    assert model.set_color_mode("op") == Change(styles=True)
    assert model.fills() == colors.node_colors(model.graph, "op")
    assert model.set_color_mode("op") is NOTHING
    assert model.set_style_layer("step", None) == Change(styles=True)
    assert model.set_style_layer("step", None) is NOTHING  # nothing left to remove
    assert "n2" not in model.styles()
    assert model.display is display


def test_search_walks_its_matches_in_creation_order_and_selects_each():
    model = shown(blk_graph())
    model.search("backward0")  # every op but the leaf (AccumulateGrad)
    assert model.matches == ["n1", "n2", "n3"] and model.selection == "n1"
    assert model.style_layer("search")["n2"].pen == HIGHLIGHT_PEN
    change = model.next_match()
    assert change.search and change.selection and change.styles
    assert model.current_match() == "n2" and model.selection == "n2"
    model.next_match(-2)  # wraps around
    assert model.current_match() == "n3"
    assert set(model.style_layer("search")) == {"n1", "n2", "n3"}
    change = model.search("nothing like it")
    assert change.search and change.styles and not change.selection  # the highlight went
    assert model.matches == [] and model.next_match() is NOTHING


def test_collapse_keeps_the_selection_and_the_search_on_their_graph_nodes():
    model = shown(blk_graph())
    assert model.select_graph_node("n2") == Change(selection=True)
    change = model.collapse("blk")
    assert change.display and change.selection
    assert model.selection == MODULE_PREFIX + "blk" and model.selected_members() == ("n2",)
    model.search("y")
    assert model.matches == [MODULE_PREFIX + "blk"]
    model.expand("blk")
    assert model.selection == "n2" and model.matches == ["n2"]
    assert model.collapse("no.such.module") is NOTHING  # only the graph's modules collapse
    assert model.available_color_modes() == ["device", "op", "module"]  # no gradients yet


def test_view_options_say_display_only_when_they_change():
    model = shown(blk_graph())
    assert model.set_rankdir("LR") == Change(display=True)
    assert model.display is not None and model.display.rankdir == "LR"
    assert model.set_rankdir("LR") is NOTHING
    with pytest.raises(ValueError, match="TB"):
        model.set_rankdir("diagonal")
    assert model.set_label_detail("no such detail") is NOTHING
    assert model.set_split_hubs(model.options.split_hubs) is NOTHING
    assert model.set_view_options(ViewOptions(collapsed=frozenset({"blk", "gone"}))).display
    assert model.options.collapsed == frozenset({"blk"})
    assert model.collapse_to_depth(1) is NOTHING  # "blk" is already one node
    assert model.collapse_to_depth(0) == Change(display=True)  # nothing collapsed


def test_a_step_restyles_only_the_nodes_it_changes_and_follows_its_node():
    model = shown(chain(50))
    model.set_values(False)
    change = model.set_step(FORWARD, 10)
    assert change.step and change.styles and change.selection
    assert model.step is not None and model.selection == model.step.node
    change = model.set_step(FORWARD, 12, follow=False)
    assert change.restyled == {"n10", "n11", "n12"}  # a few nodes of fifty
    assert not change.selection and model.selection == "n10"
    assert model.set_step(FORWARD, 10_000).step and model.step is not None
    assert model.step.index == model.step_count(FORWARD) - 1  # clamped
    change = model.clear_step()
    assert change.step and change.styles and model.step is None and not model.style_layer("step")
    assert model.clear_step() is NOTHING


def test_values_on_and_off_lay_the_graph_out_again_only_when_shown_changes():
    model = shown(chain(5))
    assert model.values_shown()  # on for a small graph
    assert model.set_values(True) == Change(styles=True)  # the user's choice, shown already
    change = model.set_values(False)
    assert change.display and change.styles and not model.values_shown()
    model.set_step(FORWARD, 2)
    change = model.set_values(None)
    assert change.display and change.step  # the step's badges are drawn again with values


def test_selecting_an_edge_lets_the_node_go_and_the_look_draws_it():
    graph = chain(5)
    model = shown(graph)
    model.select("n1")
    assert model.select_edge("n2", "n3") == Change(selection=True)
    assert model.selection is None and model.selected_graph_edges() == (("n2", "n3"),)
    assert model.select_edge("n2", "n3") is NOTHING
    state = model.look_state()
    assert state.selected_edge == ("n2", "n3") and state.selected is None
    display = model.display
    assert display is not None
    transfers = colors.transfer_edges(graph)
    looks = {(e.source, e.target): look.edge_look(e, graph, transfers, state) for e in display.edges}
    chosen = looks[("n2", "n3")]
    assert chosen.selected_edge and chosen.color == look.SELECTION_COLOR
    assert chosen.width == look.EDGE_SELECTION_WIDTH
    assert all(v.kind == "plain" for k, v in looks.items() if k != ("n2", "n3"))
    assert model.select("n4") == Change(selection=True)
    assert model.selected_edge is None and model.look_state().selected_edge is None
    model.select_edge("n2", "n3")
    assert model.select(None) == Change(selection=True) and model.selected_edge is None
    model.select_edge("n2", "n3")
    assert model.select_edge("n0", "n4") == Change(selection=True)  # no such drawn edge: none
    assert model.selected_edge is None and model.selection is None


def test_a_selected_step_edge_keeps_its_flow_in_the_selection_colour():
    graph = chain(5)
    model = shown(graph)
    model.set_step(FORWARD, 2)  # n2 runs: its input edge n1 -> n2 is marked
    model.select_edge("n1", "n2")
    assert ("n1", "n2") in model.marked_edges()
    state = model.look_state()
    display = model.display
    assert display is not None
    edge = next(e for e in display.edges if (e.source, e.target) == ("n1", "n2"))
    marked = look.edge_look(edge, graph, set(), state)
    assert marked.kind == "step" and marked.flow == 1 and marked.selected_edge
    assert marked.color == look.SELECTION_COLOR


def test_a_collapse_keeps_the_selected_edge_on_the_drawn_edge_that_carries_it():
    model = shown(blk_graph())
    model.select_edge("n1", "n2")  # x -> y, y inside "blk"
    change = model.collapse("blk")
    assert change.display and change.selection
    edge = model.selected_edge
    assert edge is not None and (edge.source, edge.target) == ("n1", MODULE_PREFIX + "blk")
    assert ("n1", "n2") in model.selected_graph_edges()
    model.expand("blk")
    assert model.selected_edge is not None and model.selected_graph_edges() == (("n1", "n2"),)
    change = model.set_graph(blk_graph())  # another graph: the edge is gone
    assert change.selection and model.selected_edge is None


def test_a_reload_of_the_same_source_keeps_what_still_applies():
    model = shown(blk_graph())
    model.collapse("blk")
    model.select("n1")
    model.search("Pow")
    model.set_color_mode("op")
    model.set_graph(blk_graph(), keep=True)
    assert model.options.collapsed == frozenset({"blk"}) and model.selection == "n1"
    assert model.matches == ["n1"] and model.color_mode == "op"
    model.set_graph(chain(3))  # another source: collapsed modules and selection go
    assert model.options.collapsed == frozenset() and model.selection is None
    assert model.search_text == "Pow" and model.color_mode == "op"


def test_a_plan_decides_the_first_view_and_may_hand_over_its_display():
    graph = blk_graph()
    asked = []

    def plan(g: nx.DiGraph, options: ViewOptions):
        asked.append(options)
        chosen = ViewOptions(collapsed=frozenset({"blk"}))
        return chosen, build_display(g, chosen)

    model = ViewModel()
    model.set_graph(graph, plan=plan)
    assert asked == [ViewOptions()] and model.options.collapsed == frozenset({"blk"})
    assert model.display is not None and MODULE_PREFIX + "blk" in model.display.nodes


def test_the_first_expand_after_a_planned_view_patches_the_plans_display(monkeypatch):
    """The display a plan hands over is kept: expanding a module of it is a patch of it (a few
    ms), not a build of the whole graph (0.1-0.2 s at 20,000 nodes)."""
    from graphviz_app.core.view import view_model as view_model_module

    graph = residual_stack(stages=2, blocks=3)
    chosen = ViewOptions(collapsed=frozenset({"stages.0.1", "stages.1.1"}))
    handed = build_display(graph, chosen)
    model = ViewModel()
    model.set_graph(graph, plan=lambda g, options: (chosen, handed))
    assert model.display is handed

    def no_whole_build(*args, **kwargs):
        raise AssertionError("the display graph was built whole")

    monkeypatch.setattr(view_model_module, "build_display", no_whole_build)
    model.expand("stages.0.1")
    assert model.display is not handed and "m:stages.0.1" not in model.display.nodes
    assert list(model.display.nodes) == list(build_display(graph, chosen.toggled("stages.0.1")).nodes)
