"""Names a package exports but imports on first use, so that importing one of its light modules does not
import its heavy ones (PEP 562).

A package calls :func:`export_lazily` at the end of its ``__init__`` (with the same names imported under
``TYPE_CHECKING`` for type checkers). A name that is also a submodule's (``report.render``, the function,
and ``report/render.py``) stays the exported object: Python sets the submodule as the package's attribute
when it is imported, and the package takes the exported name from it instead.

>>> import sys, types
>>> sys.modules["pkg"] = types.ModuleType("pkg")
>>> export_lazily("pkg", {"math": "sqrt floor"})
>>> sys.modules["pkg"].sqrt(4.0), dir(sys.modules["pkg"])[-2:]
(2.0, ['floor', 'sqrt'])
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Mapping
from typing import Any


def export_lazily(package: str, modules: Mapping[str, str]) -> None:
    """Make ``package`` (imported, its ``__init__`` running) export the names ``modules`` gives each
    module (separated by spaces), the module imported when one of its names is first asked for (the name
    then kept in the package, so later lookups are plain).
    """
    names = {name: module for module, listed in modules.items() for name in listed.split()}

    class LazyPackage(types.ModuleType):
        def __getattr__(self, name: str) -> Any:
            module = names.get(name)
            if module is None:
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            value = getattr(importlib.import_module(module), name)
            setattr(self, name, value)
            return value

        def __dir__(self) -> list[str]:
            return sorted({*self.__dict__, *names})

        def __setattr__(self, name: str, value: Any) -> None:
            if isinstance(value, types.ModuleType) and names.get(name) == value.__name__:
                value = getattr(value, name)  # a submodule of the exported name's: the package exports its object
            super().__setattr__(name, value)

    sys.modules[package].__class__ = LazyPackage
