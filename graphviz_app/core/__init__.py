"""The graph model and everything drawn from it, with neither torch nor Qt, in three rooms.

``model`` (the trace's schema, graph files, the networkx graph, values) is at the bottom; ``view``
(display graph, colours, looks, stepping, the chain rule) sits on it; ``graphviz`` (DOT, layout,
composition, the cost model, the one path to a picture) sits on the view. Exports, the HTML page,
lessons and the instance link are built on all three. Import contracts keep the order."""
