"""Synthetic residual graph of about 20000 autograd nodes (see synthetic.py); a module script."""

from synthetic import build_residual


def build() -> dict:
    return build_residual(20000)
