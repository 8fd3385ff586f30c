"""A 6-layer Transformer encoder written by hand: d_model 256, 8 heads, pre-norm, random weights.

A module script: ``model``, ``inputs`` (2 sequences of 32 tokens), ``target``, ``loss_fn``.
Submodules are named like ``layers.3.attn.qkv``, so the graph collapses layer by layer.
"""

import math

import torch
from torch import nn


class SelfAttention(nn.Module):
    """Multi-head self-attention with one fused q/k/v projection."""

    def __init__(self, d_model: int, nhead: int) -> None:
        super().__init__()
        self.nhead = nhead
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q, k, v = (z.view(b, t, self.nhead, d // self.nhead).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) / math.sqrt(d // self.nhead)
        y = att.softmax(dim=-1) @ v
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class EncoderLayer(nn.Module):
    """x + attn(norm(x)), then x + ff(norm(x))."""

    def __init__(self, d_model: int, nhead: int, d_ff: int) -> None:
        super().__init__()
        self.norm1 = nn.LayerNorm(d_model)
        self.attn = SelfAttention(d_model, nhead)
        self.norm2 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Linear(d_ff, d_model))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.norm1(x))
        return x + self.ff(self.norm2(x))


class Encoder(nn.Module):
    def __init__(self, layers: int = 6, d_model: int = 256, nhead: int = 8, d_ff: int = 1024) -> None:
        super().__init__()
        self.layers = nn.ModuleList(EncoderLayer(d_model, nhead, d_ff) for _ in range(layers))
        self.norm = nn.LayerNorm(d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)


torch.manual_seed(0)
model = Encoder()
inputs = (torch.randn(2, 32, 256),)
target = torch.randn(2, 32, 256)
loss_fn = nn.MSELoss()

if __name__ == "__main__":
    print(f"loss = {loss_fn(model(*inputs), target).item():.4f}")
