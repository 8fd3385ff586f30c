"""The graph model and everything drawn from it, with neither torch nor Qt: schema, graph,
display graph, look, colours, DOT, layout and composition, the cost model, exports."""
