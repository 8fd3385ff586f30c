"""Synthetic residual graph of about 10000 autograd nodes (see synthetic.py); a module script."""

from synthetic import build_residual


def build() -> dict:
    return build_residual(10000)
