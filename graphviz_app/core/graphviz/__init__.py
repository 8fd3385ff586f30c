"""Graphviz: DOT writing, layout runs and their cache, composition and the one path to a picture."""
