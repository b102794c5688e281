"""Shared fixtures of the compatibility-profile tests: the originals' whitelists from ../shared/data.

A test that uses one of them needs ../shared/data: it is marked ``shared`` here (see ``tests/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prontocheck.compat import Whitelist, load_bad_patterns

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
PATTERNS = DATA / "original-prontoqa"


def _patterns(version: str) -> Whitelist:
    path = PATTERNS / f"bad_patterns.{version}.txt"
    if not path.is_file():
        pytest.skip(f"{path} is not available (the originals' whitelists live in ../shared/data)")
    return load_bad_patterns(path)


@pytest.fixture(scope="session")
def main_patterns() -> Whitelist:
    """main's bad_patterns.txt (438 expressions)."""
    return _patterns("main")


@pytest.fixture(scope="session")
def v1_patterns() -> Whitelist:
    """v1's bad_patterns.txt (247 expressions)."""
    return _patterns("v1")


@pytest.fixture(scope="session")
def patterns(main_patterns: Whitelist, v1_patterns: Whitelist) -> dict[str, Whitelist]:
    """The whitelist of each profile."""
    return {"prontoqa-ood": main_patterns, "prontoqa-v1": v1_patterns}


_WHITELISTS = frozenset({"main_patterns", "v1_patterns", "patterns"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _WHITELISTS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.shared)
