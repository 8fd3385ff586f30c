"""Gradient health over a training loop: after each of the script's first N ``backward()`` calls,
every parameter's gradient norm and its NaN and Inf element counts (run option ``health``).

Nothing of a call's graph is kept: the parameters' ``.grad`` are read right after the
intercepted call returns, as a training loop reads them before ``optimizer.step()``, and three
numbers per parameter stay (graph attribute ``health``, see ``wire/schema.py``). The parameters
are found once, at the first call, in the script's namespaces as the graph names them (a module
tree's ``named_parameters``, or a variable holding a leaf tensor); they are held by weak
references, so a model the script drops is not kept alive. Reading costs the norms' arithmetic
and one transfer per device per call (``tolist``); the gradients are never changed.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import torch

from .naming import collect_names
from .recorder import unrecorded


@dataclass
class _Parameter:
    """One parameter followed over the steps."""

    tensor: weakref.ref[torch.Tensor]
    module: str | None
    name: str
    norm: list[float | None] = field(default_factory=list)
    nan: list[int | None] = field(default_factory=list)
    inf: list[int | None] = field(default_factory=list)


class HealthRecorder:
    """Records gradient health for the first ``steps`` backward() calls it is told of."""

    def __init__(self, steps: int) -> None:
        self.steps = steps
        self.calls: list[int] = []
        """The backward call number of each step recorded."""
        self._parameters: list[_Parameter] | None = None

    @property
    def done(self) -> bool:
        """True once every step asked for was recorded."""
        return len(self.calls) >= self.steps

    def record(self, call: int, namespaces: Callable[[], Iterable[Mapping[str, Any]]]) -> None:
        """Read every parameter's ``.grad`` after backward() call number ``call`` (``namespaces``
        gives the script's scopes at the call, innermost first, where the parameters are found;
        asked the first time only)."""
        with unrecorded(), torch.no_grad():
            if self._parameters is None:
                self._parameters = _parameters(namespaces())
            rows: dict[torch.device, list[tuple[_Parameter, torch.Tensor]]] = {}
            missing: list[_Parameter] = []
            for parameter in self._parameters:
                tensor = parameter.tensor()
                grad = tensor.grad if tensor is not None else None
                if grad is None or grad.layout != torch.strided or grad.numel() == 0:
                    missing.append(parameter)
                    continue
                rows.setdefault(grad.device, []).append((parameter, _statistics(grad)))
            for parameter in missing:
                parameter.norm.append(None)
                parameter.nan.append(None)
                parameter.inf.append(None)
            for found in rows.values():
                numbers = torch.stack([row for _, row in found]).tolist()  # one sync per device
                for (parameter, _), (norm, nan, inf) in zip(found, numbers):
                    parameter.norm.append(norm if math.isfinite(norm) else None)
                    parameter.nan.append(int(nan))
                    parameter.inf.append(int(inf))
        self.calls.append(call)

    def to_wire(self) -> dict[str, Any]:
        """The graph attribute ``health`` (see ``wire/schema.py``): parameters that never had a
        gradient in the steps recorded are left out."""
        parameters = [
            {"module": p.module, "name": p.name, "norm": p.norm, "nan": p.nan, "inf": p.inf}
            for p in self._parameters or ()
            if any(count is not None for count in p.nan)
        ]
        return {"requested": self.steps, "calls": list(self.calls), "parameters": parameters}


def _statistics(grad: torch.Tensor) -> torch.Tensor:
    """``[norm, NaN count, Inf count]`` of ``grad`` as float64 on its device (the norm in float64,
    so a float32 gradient's large finite values do not overflow it)."""
    values = torch.view_as_real(grad) if grad.is_complex() else grad
    if not values.is_floating_point():
        values = values.to(torch.float64)
    norm = torch.linalg.vector_norm(values, dtype=torch.float64)
    nan = torch.isnan(values).sum().to(torch.float64)
    inf = torch.isinf(values).sum().to(torch.float64)
    return torch.stack([norm, nan, inf])


def _parameters(namespaces: Iterable[Mapping[str, Any]]) -> list[_Parameter]:
    """The leaf tensors that require grad named in ``namespaces``: model parameters by their
    ``named_parameters`` path and owning module, other leaves by their variable's name."""
    names = collect_names(namespaces)
    found: list[_Parameter] = []
    seen: set[int] = set()
    for kept in names.keep:
        if not isinstance(kept, torch.Tensor) or id(kept) in seen or id(kept) not in names.leaves:
            continue
        if not (kept.is_leaf and kept.requires_grad):
            continue
        seen.add(id(kept))
        module = names.leaf_modules.get(id(kept))  # "": the root module ``model``'s own
        found.append(_Parameter(weakref.ref(kept), module, names.leaves[id(kept)]))
    return found
