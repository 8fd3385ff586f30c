"""A diffusion-style UNet encoder/decoder with skip connections (about 5,700 autograd nodes).

The layout of Stable Diffusion's UNet, made small: a timestep embedding (sinusoid, two linears),
an encoder of four levels (channels 16, 32, 48, 64 on a 16×16 latent), each of two residual
blocks (GroupNorm, SiLU, 3×3 conv, the timestep added in, a 1×1 skip conv where the width
changes) followed by a spatial transformer of two blocks (self-attention, cross-attention to a 4-token
context, a GEGLU feed-forward), then a downsampling conv; a middle of resblock, transformer, resblock; a
decoder of four levels of three blocks, each block fed the matching encoder output by a
``torch.cat`` skip connection, then upsampling; GroupNorm, SiLU and a conv out.  The loss is the
noise-prediction MSE.  Module names follow diffusers' (``down_blocks.1.resnets.0.conv1``).
"""

import math

import torch
from torch import nn
from torch.nn import functional as F  # noqa: N812 (PyTorch's own convention)

CHANNELS = (16, 32, 48, 64)
LAYERS_PER_BLOCK = 2
HEADS = 2
TRANSFORMER_DEPTH = 2
CONTEXT_TOKENS, CONTEXT_DIM = 4, 32
SIZE = 16
TIME_DIM = 64


def norm(channels: int) -> nn.GroupNorm:
    return nn.GroupNorm(8, channels)


class ResnetBlock(nn.Module):
    def __init__(self, cin: int, cout: int) -> None:
        super().__init__()
        self.norm1, self.conv1 = norm(cin), nn.Conv2d(cin, cout, 3, padding=1)
        self.time_emb_proj = nn.Linear(TIME_DIM, cout)
        self.norm2, self.conv2 = norm(cout), nn.Conv2d(cout, cout, 3, padding=1)
        self.conv_shortcut = nn.Conv2d(cin, cout, 1) if cin != cout else None

    def forward(self, x: torch.Tensor, temb: torch.Tensor) -> torch.Tensor:
        h = self.conv1(F.silu(self.norm1(x)))
        h = h + self.time_emb_proj(F.silu(temb))[:, :, None, None]
        h = self.conv2(F.silu(self.norm2(h)))
        return (self.conv_shortcut(x) if self.conv_shortcut is not None else x) + h


class Attention(nn.Module):
    def __init__(self, dim: int, context_dim: int | None = None) -> None:
        super().__init__()
        context_dim = context_dim or dim
        self.to_q = nn.Linear(dim, dim, bias=False)
        self.to_k = nn.Linear(context_dim, dim, bias=False)
        self.to_v = nn.Linear(context_dim, dim, bias=False)
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, context: torch.Tensor | None = None) -> torch.Tensor:
        context = x if context is None else context
        b, n, d = x.shape
        q, k, v = self.to_q(x), self.to_k(context), self.to_v(context)
        q, k, v = (z.view(b, -1, HEADS, d // HEADS).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1) / math.sqrt(d // HEADS)).softmax(dim=-1)
        return self.to_out((att @ v).transpose(1, 2).reshape(b, n, d))


class FeedForward(nn.Module):
    """GEGLU: a linear to twice the width, one half gating the other through GELU."""

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, 8 * dim)
        self.out = nn.Linear(4 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, gate = self.proj(x).chunk(2, dim=-1)
        return self.out(h * F.gelu(gate))


class TransformerBlock(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.norm1, self.attn1 = nn.LayerNorm(dim), Attention(dim)
        self.norm2, self.attn2 = nn.LayerNorm(dim), Attention(dim, CONTEXT_DIM)
        self.norm3, self.ff = nn.LayerNorm(dim), FeedForward(dim)

    def forward(self, x: torch.Tensor, context: torch.Tensor) -> torch.Tensor:
        x = x + self.attn1(self.norm1(x))
        x = x + self.attn2(self.norm2(x), context)
        return x + self.ff(self.norm3(x))


class SpatialTransformer(nn.Module):
    def __init__(self, channels: int) -> None:
        super().__init__()
        self.norm = norm(channels)
        self.proj_in = nn.Conv2d(channels, channels, 1)
        self.transformer_blocks = nn.ModuleList(TransformerBlock(channels) for _ in range(TRANSFORMER_DEPTH))
        self.proj_out = nn.Conv2d(channels, channels, 1)

    def forward(self, x: torch.Tensor, context: torch.Tensor) -> torch.Tensor:
        b, c, h, w = x.shape
        y = self.proj_in(self.norm(x)).flatten(2).transpose(1, 2)
        for block in self.transformer_blocks:
            y = block(y, context)
        return x + self.proj_out(y.transpose(1, 2).reshape(b, c, h, w))


class DownBlock(nn.Module):
    def __init__(self, cin: int, cout: int, last: bool) -> None:
        super().__init__()
        self.resnets = nn.ModuleList(
            ResnetBlock(cin if i == 0 else cout, cout) for i in range(LAYERS_PER_BLOCK)
        )
        self.attentions = nn.ModuleList(SpatialTransformer(cout) for _ in range(LAYERS_PER_BLOCK))
        self.downsampler = None if last else nn.Conv2d(cout, cout, 3, stride=2, padding=1)

    def forward(self, x, temb, context, skips: list) -> torch.Tensor:
        for resnet, attention in zip(self.resnets, self.attentions):
            x = attention(resnet(x, temb), context)
            skips.append(x)
        if self.downsampler is not None:
            x = self.downsampler(x)
            skips.append(x)
        return x


class UpBlock(nn.Module):
    def __init__(self, cin: int, cout: int, skip_channels: list[int], last: bool) -> None:
        super().__init__()
        self.resnets = nn.ModuleList(
            ResnetBlock((cin if i == 0 else cout) + s, cout) for i, s in enumerate(skip_channels)
        )
        self.attentions = nn.ModuleList(SpatialTransformer(cout) for _ in skip_channels)
        self.upsampler = None if last else nn.Conv2d(cout, cout, 3, padding=1)

    def forward(self, x, temb, context, skips: list) -> torch.Tensor:
        for resnet, attention in zip(self.resnets, self.attentions):
            x = attention(resnet(torch.cat([x, skips.pop()], dim=1), temb), context)
        if self.upsampler is not None:
            x = self.upsampler(F.interpolate(x, scale_factor=2.0, mode="nearest"))
        return x


class UNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.time_embedding = nn.Sequential(
            nn.Linear(CHANNELS[0], TIME_DIM), nn.SiLU(), nn.Linear(TIME_DIM, TIME_DIM)
        )
        self.conv_in = nn.Conv2d(4, CHANNELS[0], 3, padding=1)
        self.down_blocks = nn.ModuleList()
        skip_channels = [CHANNELS[0]]
        cin = CHANNELS[0]
        for i, cout in enumerate(CHANNELS):
            last = i == len(CHANNELS) - 1
            self.down_blocks.append(DownBlock(cin, cout, last))
            skip_channels += [cout] * (LAYERS_PER_BLOCK + (0 if last else 1))
            cin = cout
        self.mid_resnet1 = ResnetBlock(cin, cin)
        self.mid_attention = SpatialTransformer(cin)
        self.mid_resnet2 = ResnetBlock(cin, cin)
        self.up_blocks = nn.ModuleList()
        for i, cout in enumerate(reversed(CHANNELS)):
            skips = [skip_channels.pop() for _ in range(LAYERS_PER_BLOCK + 1)]
            self.up_blocks.append(UpBlock(cin, cout, skips, i == len(CHANNELS) - 1))
            cin = cout
        self.conv_norm_out = norm(cin)
        self.conv_out = nn.Conv2d(cin, 4, 3, padding=1)

    def forward(self, sample: torch.Tensor, timestep: torch.Tensor, context: torch.Tensor) -> torch.Tensor:
        half = CHANNELS[0] // 2
        freqs = torch.exp(-math.log(10000.0) * torch.arange(half) / half)
        angles = timestep[:, None].float() * freqs[None]
        temb = self.time_embedding(torch.cat([angles.sin(), angles.cos()], dim=-1))
        x = self.conv_in(sample)
        skips = [x]
        for block in self.down_blocks:
            x = block(x, temb, context, skips)
        x = self.mid_resnet2(self.mid_attention(self.mid_resnet1(x, temb), context), temb)
        for block in self.up_blocks:
            x = block(x, temb, context, skips)
        return self.conv_out(F.silu(self.conv_norm_out(x)))


def build() -> dict:
    """Return the UNet, a noisy latent with its timestep and text context, the noise, the loss."""
    torch.manual_seed(0)
    inputs = (torch.randn(1, 4, SIZE, SIZE), torch.tensor([500]), torch.randn(1, CONTEXT_TOKENS, CONTEXT_DIM))
    return {"model": UNet(), "inputs": inputs, "target": torch.randn(1, 4, SIZE, SIZE), "loss_fn": F.mse_loss}


if __name__ == "__main__":
    parts = build()
    loss = parts["loss_fn"](parts["model"](*parts["inputs"]), parts["target"])
    print(f"loss = {loss.item():.4f}")
