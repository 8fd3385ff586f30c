"""Lesson: one Transformer encoder layer: multi-head self-attention, then a feed-forward block.

build() returns the model, inputs, target and loss_fn; the script computes the loss with them.
The graph is large: collapse modules (self_attn, linear1/linear2, norm1/norm2) to read it.
"""
import torch
from torch import nn


def build() -> dict:
    """Return the encoder layer, one input batch, a target and the loss to compare them."""
    torch.manual_seed(0)
    model = nn.TransformerEncoderLayer(
        d_model=32, nhead=4, dim_feedforward=64, batch_first=True, dropout=0.0
    )
    x = torch.randn(2, 5, 32)
    return {"model": model, "inputs": (x,), "target": torch.randn(2, 5, 32), "loss_fn": nn.MSELoss()}


if __name__ == "__main__":
    parts = build()
    model, loss_fn = parts["model"], parts["loss_fn"]
    out = model(*parts["inputs"])
    loss = loss_fn(out, parts["target"])
    print(f"output shape: {tuple(out.shape)}, loss = {loss.item():.4f}")
