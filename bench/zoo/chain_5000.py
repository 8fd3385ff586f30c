"""Synthetic chain graph of about 5000 autograd nodes (see synthetic.py); a module script."""

from synthetic import build_chain


def build() -> dict:
    return build_chain(5000)
