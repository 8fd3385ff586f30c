"""Synthetic residual graph of about 1000 autograd nodes (see synthetic.py); a module script."""

from synthetic import build_residual


def build() -> dict:
    return build_residual(1000)
