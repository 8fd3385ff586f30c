"""Synthetic chain graph of about 1000 autograd nodes (see synthetic.py); a module script."""

from synthetic import build_chain


def build() -> dict:
    return build_chain(1000)
