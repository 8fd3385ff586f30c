"""A zoo script loaded in-process, so a benchmark can rebuild its autograd graph on demand.

:class:`Workload` runs the script once (as the app would: module scripts through their ``model``,
``inputs``, ``target`` and ``loss_fn``; other scripts as they are, stopped at their first
``backward()`` call so the graph is still whole) and then makes fresh graphs with
:meth:`Workload.roots`: a module script runs only its forward pass again, a plain script runs
again from the top. Nothing here is timed; the caller times what it wants.
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import torch

from graphviz_app.worker.recorder import ForwardRecorder
from graphviz_app.worker.script import seed_everything


class _StopAtBackwardError(Exception):
    """Raised in place of the script's first backward() call: its graph is what we want."""

    def __init__(self, tensors: list[torch.Tensor]) -> None:
        super().__init__("backward")
        self.tensors = tensors


class Workload:
    """One script; ``roots()`` returns freshly built output tensors (with their graphs)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).resolve()
        self.file = str(self.path)
        self.code = compile(self.path.read_text(encoding="utf-8"), self.file, "exec")
        if str(self.path.parent) not in sys.path:
            sys.path.insert(0, str(self.path.parent))
        self.namespace: dict[str, Any] = {}
        self.spec: dict[str, Any] | None = None
        self.names: list[str] = []
        self._load()

    # -- loading ------------------------------------------------------------------------------
    def _exec(self) -> list[torch.Tensor] | None:
        """Run the script from the top; return the tensors of its first backward() call, if any."""
        self.namespace = {"__name__": "__main__", "__file__": self.file, "__builtins__": builtins}
        seed_everything()
        original = torch.autograd.backward

        def stop(tensors: Any, *args: Any, **kwargs: Any) -> None:
            found = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
            raise _StopAtBackwardError(found)

        torch.autograd.backward = stop  # type: ignore[assignment]
        try:
            exec(self.code, self.namespace)
        except _StopAtBackwardError as stopped:
            return stopped.tensors
        finally:
            torch.autograd.backward = original  # type: ignore[assignment]
        return None

    def _load(self) -> None:
        stopped = self._exec()
        ns = self.namespace
        build = ns.get("build")
        if callable(build) and not isinstance(build, type):
            spec = build()
            self.spec = (
                dict(spec)
                if isinstance(spec, Mapping)
                else dict(zip(("model", "inputs", "target", "loss_fn"), spec))
            )
        elif isinstance(ns.get("model"), torch.nn.Module) and "inputs" in ns:
            self.spec = {k: ns.get(k) for k in ("model", "inputs", "target", "loss_fn")}
        if self.spec is None and stopped is None and not self._plain_outputs():
            raise RuntimeError(f"{self.path.name} builds no autograd graph")

    @property
    def model(self) -> torch.nn.Module | None:
        return self.spec["model"] if self.spec else self.namespace.get("model")

    def _plain_outputs(self) -> list[tuple[str, torch.Tensor]]:
        """Return the script's output tensors: ``loss`` if any, else those no other one uses."""
        tensors = [
            (k, v)
            for k, v in self.namespace.items()
            if isinstance(v, torch.Tensor) and v.grad_fn is not None and not k.startswith("_")
        ]
        for name, tensor in tensors:
            if name == "loss":
                return [(name, tensor)]
        fed: set[int] = set()
        stack = [n for _, t in tensors for n, _ in t.grad_fn.next_functions if n is not None]
        while stack:
            node = stack.pop()
            if id(node) not in fed:
                fed.add(id(node))
                stack.extend(n for n, _ in node.next_functions if n is not None)
        seen: set[int] = set()
        outputs = []
        for name, tensor in tensors:
            key = id(tensor.grad_fn)
            if key not in fed and key not in seen:
                seen.add(key)
                outputs.append((name, tensor))
        return outputs

    # -- fresh graphs ----------------------------------------------------------------------------
    def roots(self, *, recorded: bool = False) -> list[tuple[str, torch.Tensor]]:
        """Build the graph again; return ``(name, tensor)`` outputs. ``recorded`` runs the forward
        pass under the app's ForwardRecorder (module paths, source lines, value summaries)."""
        if self.spec is not None:
            model = self.spec["model"]
            model.zero_grad(set_to_none=True)
            recorder = ForwardRecorder(self.file) if recorded else None
            if recorder is not None:
                recorder.__enter__()
            try:
                output = self._forward()
            finally:
                if recorder is not None:
                    recorder.__exit__(None, None, None)
            return [("loss", output)] if self.spec.get("loss_fn") is not None else [("output", output)]
        if recorded:
            with ForwardRecorder(self.file):
                stopped = self._exec()
        else:
            stopped = self._exec()
        if stopped is not None:
            return [("loss", t) for t in stopped if t.grad_fn is not None]
        return self._plain_outputs()

    def _forward(self) -> torch.Tensor:
        spec = self.spec
        assert spec is not None
        inputs = spec["inputs"]
        if isinstance(inputs, Mapping):
            output = spec["model"](**inputs)
        else:
            output = spec["model"](*(inputs if isinstance(inputs, (tuple, list)) else (inputs,)))
        loss_fn = spec.get("loss_fn")
        if loss_fn is None:
            return (
                output
                if isinstance(output, torch.Tensor)
                else next(t for t in output if isinstance(t, torch.Tensor) and t.grad_fn is not None)
            )
        target = spec.get("target")
        return loss_fn(output, target) if target is not None else loss_fn(output)

    def scopes(self) -> list[Mapping[str, Any]]:
        """Return the namespaces to name tensors from (the script's, plus its spec's model)."""
        extra = {"model": self.spec["model"]} if self.spec else {}
        return [extra, self.namespace] if extra else [self.namespace]
