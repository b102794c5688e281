"""Fixtures of the relations tests: the synthetic item generator (loaded by path, as the tests run
in pytest's importlib mode, where test folders are not importable)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "relations"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (dataclasses look their module up while the class is made)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def synthetic() -> ModuleType:
    """The module :mod:`synthetic_relations` (``records(n, noise=, seed=)``)."""
    return _load("synthetic_relations")


@pytest.fixture(scope="session")
def fixtures() -> Path:
    """The folder ``fixtures/relations``."""
    return FIXTURES


@pytest.fixture(scope="session")
def ewok_templates() -> ModuleType:
    """The module :mod:`ewok_templates` (the held-out proxy built from EWoK's templates)."""
    return _load("ewok_templates")
