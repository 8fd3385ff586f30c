"""Synthetic autograd graphs of a chosen size: a chain, and a residual stack (real torch graphs).

``build_chain(n)`` and ``build_residual(n)`` return a module-script spec (model, inputs, target,
loss_fn) whose loss has about ``n`` autograd nodes. Blocks are grouped in stages of
``STAGE_BLOCKS`` (module paths ``stages.3.17``), so the graph collapses to a short overview.
Tensors are tiny (8 floats): the graph is big, the arithmetic is not.

* chain: ``x = tanh(x * w_i)``: 3 nodes per block (the leaf ``w_i``, Mul, Tanh), edges of span 1.
* residual: ``x = x + tanh(x * a_i) * b_i``: 6 nodes per block; each skip edge spans 4 ranks.
"""

from __future__ import annotations

import torch
from torch import nn

WIDTH = 8
STAGE_BLOCKS = 50
LOSS_NODES = 2  # PowBackward0 + MeanBackward0


class ChainBlock(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.w = nn.Parameter(torch.rand(WIDTH) + 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(x * self.w)


class ResidualBlock(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.a = nn.Parameter(torch.rand(WIDTH) + 0.5)
        self.b = nn.Parameter(torch.rand(WIDTH) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + torch.tanh(x * self.a) * self.b


class Stack(nn.Module):
    """``blocks`` blocks of one kind, in stages of STAGE_BLOCKS."""

    def __init__(self, block: type[nn.Module], blocks: int) -> None:
        super().__init__()
        sizes = [min(STAGE_BLOCKS, blocks - start) for start in range(0, blocks, STAGE_BLOCKS)]
        self.stages = nn.ModuleList(nn.Sequential(*(block() for _ in range(size))) for size in sizes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for stage in self.stages:
            x = stage(x)
        return x


def _square_mean(output: torch.Tensor) -> torch.Tensor:
    return output.pow(2).mean()


def _spec(model: nn.Module) -> dict:
    return {"model": model, "inputs": (torch.randn(1, WIDTH),), "loss_fn": _square_mean}


def build_chain(nodes: int) -> dict:
    """Return a chain whose loss graph has about ``nodes`` autograd nodes (3 per block)."""
    torch.manual_seed(0)
    return _spec(Stack(ChainBlock, max(1, (nodes - LOSS_NODES) // 3)))


def build_residual(nodes: int) -> dict:
    """Return a residual stack whose loss graph has about ``nodes`` autograd nodes (6 per block)."""
    torch.manual_seed(0)
    return _spec(Stack(ResidualBlock, max(1, (nodes - LOSS_NODES) // 6)))
