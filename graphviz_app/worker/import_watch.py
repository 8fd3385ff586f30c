"""A module's first import, watched: a function is called with the module right after it (at
once when it is imported already), as the capture reaches ``torch._dynamo`` and matplotlib only
once the script imports them."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Callable
from typing import Any


class ImportWatch(importlib.abc.MetaPathFinder):
    """Calls a function with a module right after its first import (at once if it is imported)."""

    def __init__(self, name: str, then: Callable[[types.ModuleType], None]) -> None:
        self.name = name
        self.then = then

    @classmethod
    def call_after(cls, name: str, then: Callable[[types.ModuleType], None]) -> ImportWatch:
        """Call ``then(module)`` once ``name`` is imported; :meth:`cancel` stops waiting."""
        watch = cls(name, then)
        module = sys.modules.get(name)
        if module is not None:
            then(module)
        else:
            sys.meta_path.insert(0, watch)
        return watch

    def cancel(self) -> None:
        """Stop waiting for the import (nothing is called any more)."""
        if self in sys.meta_path:
            sys.meta_path.remove(self)

    def find_spec(
        self, fullname: str, path: Any, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The module's own spec, whose loader calls ``then`` once the module is executed."""
        if fullname != self.name or self not in sys.meta_path:
            return None
        self.cancel()
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _LoaderThen(spec.loader, self.then)
        return spec


class _LoaderThen(importlib.abc.Loader):
    """A module's loader that calls ``then(module)`` after executing it (and then steps aside)."""

    def __init__(self, loader: Any, then: Callable[[types.ModuleType], None]) -> None:
        self.loader = loader
        self.then = then

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        module: types.ModuleType | None = self.loader.create_module(spec)
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        spec = module.__spec__
        if spec is not None:  # the module keeps its own loader (source, resources)
            spec.loader = module.__loader__ = self.loader
        self.loader.exec_module(module)
        self.then(module)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loader, name)
