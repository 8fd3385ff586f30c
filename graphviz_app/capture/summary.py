"""Bounded summaries of tensors: statistics plus the full values of small tensors only."""
from __future__ import annotations

import math
from typing import Any

import torch

from ..core.schema import MAX_VALUES, Summary


def dtype_name(dtype: torch.dtype) -> str:
    """Return ``"float32"`` for ``torch.float32``."""
    return str(dtype).removeprefix("torch.")


def device_name(device: torch.device | str) -> str:
    """Return ``"cpu"``, ``"cuda:0"``, ``"meta"``...: CUDA devices always carry their index."""
    device = torch.device(device)
    if device.type == "cuda" and device.index is None:
        return f"cuda:{torch.cuda.current_device()}"
    return str(device)


def describe(tensor: torch.Tensor) -> str:
    """Return a short type description: ``"float32[2, 2]"`` (plus the device when not cpu)."""
    text = f"{dtype_name(tensor.dtype)}{list(tensor.shape)}"
    if tensor.device.type != "cpu":
        text += f" {device_name(tensor.device)}"
    return text


def summarize(tensor: torch.Tensor | None) -> Summary | None:
    """Return the Summary of ``tensor`` (see schema), or None for None.

    Holds no reference to the tensor; values are kept only for at most MAX_VALUES elements.
    Meta tensors, and tensors without elements, get shape and dtype only.
    """
    if tensor is None or not isinstance(tensor, torch.Tensor):
        return None
    summary: dict[str, Any] = {
        "shape": list(tensor.shape),
        "dtype": dtype_name(tensor.dtype),
        "norm": None,
        "min": None,
        "max": None,
        "mean": None,
        "nan": 0,
        "inf": 0,
        "values": None,
    }
    if tensor.device.type == "meta" or tensor.numel() == 0 or tensor.is_sparse:
        return summary  # type: ignore[return-value]
    with torch.no_grad():
        data = tensor.detach()
        if data.is_complex():
            data = data.abs()
        if not data.is_floating_point():
            data = data.double()
        elif data.dtype in (torch.float16, torch.bfloat16):
            data = data.float()
        norm = float(torch.linalg.vector_norm(data))
        low, high = torch.aminmax(data)
        summary["norm"] = norm
        summary["min"] = float(low)
        summary["max"] = float(high)
        summary["mean"] = float(data.mean())
        if not math.isfinite(norm):
            summary["nan"] = int(torch.isnan(data).sum())
            summary["inf"] = int(torch.isinf(data).sum())
        if tensor.numel() <= MAX_VALUES:
            summary["values"] = tensor.detach().cpu().tolist()
    return summary  # type: ignore[return-value]
