"""Names for graph nodes: the script's own variables and the model's parameter and module names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import torch

MAX_CONTAINER = 256
"""Lists, tuples and dicts of tensors up to this size get per-item names (``params[0]``)."""


@dataclass
class Names:
    """Names keyed by ``id()`` of live objects (valid while the caller keeps the namespaces)."""

    nodes: dict[int, str] = field(default_factory=dict)
    """id(grad_fn) -> variable name of a non-leaf tensor."""
    leaves: dict[int, str] = field(default_factory=dict)
    """id(tensor) -> variable or parameter name of a leaf tensor."""
    leaf_modules: dict[int, str] = field(default_factory=dict)
    """id(parameter) -> path of the module owning it."""
    modules: dict[int, str] = field(default_factory=dict)
    """id(module) -> dotted module path ("" for a root module)."""
    module_types: dict[str, str] = field(default_factory=dict)
    """Dotted module path -> the module's class name (``"Linear"``)."""
    keep: list[Any] = field(default_factory=list)
    """References that keep the ids above valid."""

    def add_tensor(self, name: str, value: torch.Tensor) -> None:
        """Name a tensor: its autograd node, or the leaf itself."""
        node = value.grad_fn  # read once: before torch 2.2 each read may make a new object
        if node is not None:
            self.nodes.setdefault(id(node), name)
            self.keep.append(node)
        elif value.requires_grad:
            self.leaves.setdefault(id(value), name)
            self.keep.append(value)

    def add_module(self, prefix: str, module: torch.nn.Module) -> None:
        """Name a module tree: parameters as ``named_parameters`` gives them, under ``prefix``."""
        if id(module) in self.modules:
            return
        self.keep.append(module)
        for path, sub in module.named_modules(prefix=prefix):
            self.modules.setdefault(id(sub), path)
            self.module_types.setdefault(path, type(sub).__name__)
        for name, param in module.named_parameters(prefix=prefix, remove_duplicate=False):
            if id(param) not in self.leaves:
                self.leaves[id(param)] = name
                self.leaf_modules[id(param)] = name.rpartition(".")[0]
                self.keep.append(param)


def collect_names(namespaces: Iterable[Mapping[str, Any]]) -> Names:
    """Return the names found in ``namespaces`` (innermost scope first: its names win)."""
    names = Names()
    modules: list[tuple[str, torch.nn.Module]] = []
    for namespace in namespaces:
        for key, value in list(namespace.items()):
            if key.startswith("__"):
                continue
            if isinstance(value, torch.Tensor):
                names.add_tensor(key, value)
            elif isinstance(value, torch.nn.Module):
                modules.append((key, value))
            elif isinstance(value, (list, tuple)) and 0 < len(value) <= MAX_CONTAINER:
                for i, item in enumerate(value):
                    if isinstance(item, torch.Tensor):
                        names.add_tensor(f"{key}[{i}]", item)
            elif isinstance(value, dict) and 0 < len(value) <= MAX_CONTAINER:
                for item_key, item in value.items():
                    if isinstance(item, torch.Tensor):
                        names.add_tensor(f"{key}[{item_key!r}]", item)
                    elif isinstance(item, torch.nn.Module) and item_key == "model":
                        modules.append(("model", item))
    # module trees: ``model`` unprefixed (as named_parameters gives), others under their variable
    for key, module in sorted(modules, key=lambda item: item[0] != "model"):
        names.add_module("" if key == "model" else key, module)
    return names


def module_path(stack: tuple[torch.nn.Module, ...], names: Names) -> str | None:
    """Return the dotted path of the innermost module in ``stack``, or None outside any module.

    Modules unknown to ``names`` are named by their attribute name in the enclosing module,
    or by their class name when there is none. A root module's own ops get None.
    """
    path: str | None = None
    parent: torch.nn.Module | None = None
    for module in stack:
        known = names.modules.get(id(module))
        if known is not None:
            path = known
        else:
            children = parent.named_children() if parent is not None else ()
            part = next((str(name) for name, child in children if child is module), type(module).__name__)
            path = f"{path}.{part}" if path else part
            names.module_types.setdefault(path, type(module).__name__)
        parent = module
    return path or None
