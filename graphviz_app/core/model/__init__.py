"""The graph model: the trace's schema, saved graph files, the networkx graph and its values."""
