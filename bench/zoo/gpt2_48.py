"""A 48-layer GPT-2-style decoder (about 2,800 autograd nodes): GPT-2's block, made narrow.

The same code as ``gpt2_small`` (pre-norm blocks: causal self-attention with a fused ``c_attn``,
a tanh-GELU MLP; the LM head tied to the token embedding; Hugging Face's module names
``h.17.attn.c_attn``), but 48 layers of width 128 (4 heads) over a vocabulary of 1,000, so its
graph is four times GPT-2-small's while its weights stay small (about 10M parameters).
``build_layers(n)`` gives the same model with ``n`` layers (the bench compares 12 with 48).
"""

import math

import torch
from torch import nn
from torch.nn import functional as F  # noqa: N812 (PyTorch's own convention)

VOCAB, CONTEXT, D_MODEL, HEADS, LAYERS = 1000, 256, 128, 4, 48
SEQ = 32


class Attention(nn.Module):
    """Causal multi-head self-attention."""

    def __init__(self) -> None:
        super().__init__()
        self.c_attn = nn.Linear(D_MODEL, 3 * D_MODEL)
        self.c_proj = nn.Linear(D_MODEL, D_MODEL)
        self.register_buffer("bias", torch.tril(torch.ones(SEQ, SEQ, dtype=torch.bool)), persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.c_attn(x).split(d, dim=2)
        q, k, v = (z.view(b, t, HEADS, d // HEADS).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) / math.sqrt(d // HEADS)
        att = att.masked_fill(~self.bias[:t, :t], float("-inf")).softmax(dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, d)
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.c_fc = nn.Linear(D_MODEL, 4 * D_MODEL)
        self.c_proj = nn.Linear(4 * D_MODEL, D_MODEL)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(D_MODEL)
        self.attn = Attention()
        self.ln_2 = nn.LayerNorm(D_MODEL)
        self.mlp = MLP()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT2(nn.Module):
    def __init__(self, layers: int = LAYERS) -> None:
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D_MODEL)
        self.wpe = nn.Embedding(CONTEXT, D_MODEL)
        self.h = nn.ModuleList(Block() for _ in range(layers))
        self.ln_f = nn.LayerNorm(D_MODEL)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(positions)
        for block in self.h:
            x = block(x)
        return F.linear(self.ln_f(x), self.wte.weight)  # the LM head shares the embedding


def next_token_loss(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    return F.cross_entropy(logits.view(-1, logits.shape[-1]), target.view(-1))


def build_layers(layers: int) -> dict:
    """Return the model with ``layers`` blocks, one batch of token ids, the next tokens, the loss."""
    torch.manual_seed(0)
    model = GPT2(layers)
    tokens = torch.randint(0, VOCAB, (1, SEQ + 1))
    return {"model": model, "inputs": (tokens[:, :-1],), "target": tokens[:, 1:], "loss_fn": next_token_loss}


def build() -> dict:
    """Return the 48-layer model, its batch, targets and loss."""
    return build_layers(LAYERS)


if __name__ == "__main__":
    parts = build()
    loss = parts["loss_fn"](parts["model"](*parts["inputs"]), parts["target"])
    print(f"loss = {loss.item():.4f}")
