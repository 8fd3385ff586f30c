"""Bounded summaries of tensors: statistics plus the full values of small tensors only.

:func:`summarize_many` summarizes many tensors at once: the small ones (at most BATCH_NUMEL
elements) of one dtype, device and size are stacked into one matrix and reduced row by row (one
reduction call per statistic for the whole group, one ``tolist()`` for all their statistics and
one for all their values); each bigger tensor gets its own reductions (one pass each for the norm,
min/max and mean), and the statistics of all of them come to Python together. A tensor's summary
never depends on the others in the call: torch reduces a row of a matrix exactly as it reduces
the same elements alone, so ``summarize_many(ts) == [summarize(t) for t in ts]``, and both give
what ``torch.linalg.vector_norm``, ``torch.aminmax`` and ``mean`` give on each (contiguous) tensor.

Every tensor a script can make is summarized without raising: sparse ones (COO, CSR...) the
statistics of their stored values with the zeros they do not store, meta and empty tensors shape
and dtype only, quantized ones the statistics of their dequantized
values, complex ones the statistics of their magnitudes (values as Python complex numbers,
which the worker writes to JSON as text), nested ones no summary (None), and one torch cannot reduce keeps shape and dtype.

A big tensor is reduced in the order of its storage (a transposed view gives the statistics of the
matrix it views, to the bit). Statistics are taken in the tensor's floating dtype (float32 for float16 and bfloat16, float64 for
integers and booleans, of the magnitudes for complex numbers).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

import torch

from ..wire.schema import MAX_VALUES, Summary

BATCH_NUMEL = 16384
"""Tensors with at most this many elements are summarized together with others of their kind.
Below torch's grain size (32768), where one reduction of a whole tensor runs on one thread, in
the order it reduces a row of a matrix in."""

BATCH_CHUNK = 32767
"""At most this many elements of small tensors are converted and reduced in one piece: below
torch's grain size, so each call runs on the calling thread (no parallel region to start: on a
busy machine, waiting for a second thread to be scheduled costs far more than the work)."""

_STRIDED = torch.strided
_DTYPE_NAMES: dict[torch.dtype, str] = {}
_BATCHABLE = (torch.Tensor, torch.nn.Parameter)
_UNUSUAL = {torch.qint8, torch.quint8, torch.qint32, torch.quint4x2, torch.quint2x4}


def dtype_name(dtype: torch.dtype) -> str:
    """Return ``"float32"`` for ``torch.float32``."""
    name = _DTYPE_NAMES.get(dtype)
    if name is None:
        name = _DTYPE_NAMES[dtype] = str(dtype).removeprefix("torch.")
    return name


def device_name(device: torch.device | str) -> str:
    """Return ``"cpu"``, ``"cuda:0"``, ``"meta"``...: CUDA devices always carry their index."""
    device = torch.device(device)
    if device.type == "cuda" and device.index is None:
        return f"cuda:{torch.cuda.current_device()}"
    return str(device)


def _empty_summary(tensor: torch.Tensor) -> dict[str, Any]:
    """The Summary of ``tensor`` with shape and dtype only (statistics still to be filled in)."""
    return {
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


def summarize(tensor: torch.Tensor | None) -> Summary | None:
    """Return the Summary of ``tensor`` (see schema), or None for None.

    Holds no reference to the tensor; values are kept only for at most MAX_VALUES elements.
    Meta, sparse and quantized-without-values tensors, and tensors without elements, get shape
    and dtype only; a tensor without a shape (nested) gets None. Never raises for a tensor.
    """
    if tensor is None or not isinstance(tensor, torch.Tensor):
        return None
    numel = tensor.numel()
    if (
        numel > BATCH_NUMEL
        or type(tensor) not in _BATCHABLE
        or tensor.dtype in _UNUSUAL
        or not numel
        or tensor.layout != _STRIDED
        or tensor.device.type == "meta"
        or tensor.is_nested
    ):
        return summarize_many((tensor,))[0]
    # One small tensor: what _summarize_rows computes for its row (torch reduces a row of a
    # matrix exactly as the same elements alone), without building the matrix.
    summary = _empty_summary(tensor)
    try:
        with torch.no_grad():
            data = _as_real(tensor.detach().contiguous())
            summary["norm"] = norm = float(torch.linalg.vector_norm(data))
            low, high = torch.aminmax(data)
            summary["min"], summary["max"], summary["mean"] = float(low), float(high), float(data.mean())
            if not math.isfinite(norm):
                summary["nan"] = int(torch.isnan(data).sum())
                summary["inf"] = int(torch.isinf(data).sum())
            if numel <= MAX_VALUES:
                summary["values"] = tensor.detach().cpu().tolist()
    except Exception:  # an unusual tensor torch cannot reduce: shape and dtype only
        return _empty_summary(tensor)  # type: ignore[return-value]
    return summary  # type: ignore[return-value]


def summarize_many(tensors: Sequence[torch.Tensor | None]) -> list[Summary | None]:
    """Return ``[summarize(t) for t in tensors]``, computed in few torch calls.

    Holds no reference to the tensors once it returns. Memory: at most BATCH_CHUNK elements of
    small tensors are copied at a time, and a big tensor is converted (when not floating point
    or of half precision) only while it is reduced.
    """
    out: list[Any] = [None] * len(tensors)
    groups: dict[tuple[Any, ...], list[int]] = {}
    large: list[int] = []
    for i, tensor in enumerate(tensors):
        if not isinstance(tensor, torch.Tensor) or tensor.is_nested:  # (nested: no single shape)
            continue
        out[i] = _empty_summary(tensor)
        numel = tensor.numel()
        if numel == 0:
            continue
        if tensor.layout != _STRIDED:  # sparse: statistics of the stored values and the zeros
            try:
                _summarize_sparse(tensor, out[i], numel)
            except Exception:  # a layout torch cannot reduce: shape and dtype only
                out[i] = _empty_summary(tensor)
            continue
        device = tensor.device
        if device.type == "meta":
            continue
        if numel <= BATCH_NUMEL and type(tensor) in _BATCHABLE and tensor.dtype not in _UNUSUAL:
            groups.setdefault((tensor.dtype, device, numel), []).append(i)
        else:
            large.append(i)
    if not groups and not large:
        return out
    with torch.no_grad():
        for (_, _, numel), members in groups.items():
            rows = max(1, BATCH_CHUNK // numel)
            for start in range(0, len(members), rows):
                piece = members[start : start + rows]
                try:
                    _summarize_rows(tensors, out, piece, numel)
                except Exception:  # one by one: only the tensors torch cannot reduce lose statistics
                    large.extend(piece)
        if large:
            try:
                _summarize_large(tensors, out, large)
            except Exception:
                for i in large:
                    try:
                        _summarize_large(tensors, out, [i])
                    except Exception:  # shape and dtype only
                        out[i] = _empty_summary(cast(torch.Tensor, tensors[i]))  # large holds tensors
    return out


def _summarize_sparse(tensor: torch.Tensor, summary: dict[str, Any], numel: int) -> None:
    """Fill in the statistics of a sparse tensor (COO, CSR...) from its stored values, counting
    the elements it does not store as zeros; the values too when it is small."""
    if tensor.device.type == "meta":
        return
    with torch.no_grad():
        stored = tensor.detach()
        stored = stored.coalesce() if stored.layout == torch.sparse_coo else stored
        data = _as_real(stored.values().reshape(-1))
        count = data.numel()
        implicit = count < numel  # some elements are zeros the tensor does not store
        low = float(data.amin()) if count else 0.0
        high = float(data.amax()) if count else 0.0
        summary["norm"] = float(torch.linalg.vector_norm(data)) if count else 0.0
        summary["min"] = min(low, 0.0) if implicit else low
        summary["max"] = max(high, 0.0) if implicit else high
        summary["mean"] = float(data.sum(dtype=torch.float64)) / numel
        if not math.isfinite(summary["norm"]):
            summary["nan"] = int(torch.isnan(data).sum())
            summary["inf"] = int(torch.isinf(data).sum())
        if numel <= MAX_VALUES:
            summary["values"] = stored.to_dense().tolist()


def _as_real(data: torch.Tensor) -> torch.Tensor:
    """Return the values statistics are taken of: magnitudes of complex numbers, floating point
    (float64 for integers and booleans, float32 for half precision)."""
    if data.is_quantized:
        data = data.dequantize()
    if data.is_complex():
        data = data.abs()
    if not data.is_floating_point():
        return data.double()
    if data.dtype in (torch.float16, torch.bfloat16):
        return data.float()
    return data


def _summarize_rows(tensors: Sequence[Any], out: list[Any], members: list[int], numel: int) -> None:
    """Summarize tensors of one dtype, device and size: one row each of a matrix."""
    flat = torch._C._nn.flatten_dense_tensors([tensors[i] for i in members]).view(len(members), numel)
    data = _as_real(flat)
    # amin and amax: aminmax along a dimension is not vectorized (tens of times slower)
    stats = torch.stack(
        (torch.linalg.vector_norm(data, dim=1), data.amin(1), data.amax(1), data.mean(1)), dim=1
    )
    table: list[list[float]] = stats.double().tolist()
    if not all(math.isfinite(row[0]) for row in table):
        counts = torch.stack((torch.isnan(data).sum(1), torch.isinf(data).sum(1)), dim=1).tolist()
        for i, (norm, *_), (nan, inf) in zip(members, table, counts):
            if not math.isfinite(norm):
                out[i]["nan"], out[i]["inf"] = nan, inf
    for i, (norm, low, high, mean) in zip(members, table):
        summary = out[i]
        summary["norm"], summary["min"], summary["max"], summary["mean"] = norm, low, high, mean
    if numel <= MAX_VALUES:
        for i, row in zip(members, flat.tolist()):
            shape = out[i]["shape"]
            out[i]["values"] = _nest(row, shape) if shape else row[0]


def _nest(row: list[Any], shape: list[int]) -> list[Any]:
    """Return ``row`` (a tensor's values in row-major order) nested as ``tolist()`` nests them."""
    for size in reversed(shape[1:]):
        row = [row[k : k + size] for k in range(0, len(row), size)]
    return row


def _storage_order(tensor: torch.Tensor) -> torch.Tensor:
    """Return ``tensor`` with its dimensions in the order of its strides (a transposed matrix
    becomes the contiguous one): the statistics of a view do not depend on its dimension order."""
    if tensor.is_contiguous():
        return tensor
    strides = tensor.stride()
    return tensor.permute(sorted(range(tensor.dim()), key=lambda d: -strides[d]))


def _summarize_large(tensors: Sequence[Any], out: list[Any], members: list[int]) -> None:
    """Summarize big tensors one by one; bring all their statistics to Python in one call."""
    rows: dict[torch.device, list[torch.Tensor]] = {}
    alone: list[list[float]] = []
    for i in members:
        data = _as_real(_storage_order(tensors[i].detach()))
        if data.is_contiguous():
            low, high = torch.aminmax(data)
        else:  # aminmax of a strided view is not vectorized (ten times slower than amin + amax)
            low, high = data.amin(), data.amax()
        row = (torch.linalg.vector_norm(data), low, high, data.mean())
        if len(members) == 1:  # one tensor: four scalars are cheaper to read than a stack
            alone.append([float(x) for x in row])
        else:
            rows.setdefault(data.device, []).append(torch.stack(row).double())
        del data, low, high, row
    by_device = {device: iter(torch.stack(device_rows).tolist()) for device, device_rows in rows.items()}
    for i in members:
        norm, lowest, highest, mean = alone[0] if alone else next(by_device[tensors[i].device])
        summary = out[i]
        summary["norm"], summary["min"], summary["max"], summary["mean"] = norm, lowest, highest, mean
        if not math.isfinite(norm):
            data = _as_real(_storage_order(tensors[i].detach()))
            summary["nan"] = int(torch.isnan(data).sum())
            summary["inf"] = int(torch.isinf(data).sum())
        if tensors[i].numel() <= MAX_VALUES:  # a small tensor of an unusual kind (a subclass)
            tensor = tensors[i].detach()
            summary["values"] = (tensor.dequantize() if tensor.is_quantized else tensor).cpu().tolist()
