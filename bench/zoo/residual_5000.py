"""Synthetic residual graph of about 5000 autograd nodes (see synthetic.py); a module script."""

from synthetic import build_residual


def build() -> dict:
    return build_residual(5000)
