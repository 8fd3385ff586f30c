"""Benchmark of graphviz_app on a model zoo: ``python -m bench.run`` (see bench/README.md)."""
