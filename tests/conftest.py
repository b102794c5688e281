"""Hypothesis profiles, and the tests that need the real data in ``../shared/data``.

Hypothesis: ``ci`` (default, fast) and ``deep``; choose with ``HYPOTHESIS_PROFILE=deep``.

A test that needs ``../shared/data`` (beside the checkout) is marked ``@pytest.mark.shared``. Where the folder is
absent it is skipped, and the run ends with one loud line, ``SKIPPED N tests that need ../shared/data (not found
at PATH)``. With ``PRONTOCHECK_REQUIRE_SHARED=1`` (``.ci/run`` sets it when the folder is there) a skip of such a
test is a failure: the real-data tests cannot silently stop running (a moved file, a renamed folder).

A test that needs an optional extra is marked with it, and is handled the same way: skipped where the extra cannot
be imported, with one loud line at the end, and a failure to skip with its ``PRONTOCHECK_REQUIRE_…`` variable set to 1
(``.ci/run`` installs each extra and sets its variable): ``@pytest.mark.ray`` (Ray Data, ``prontocheck[ray]``,
``PRONTOCHECK_REQUIRE_RAY``), ``@pytest.mark.inspect`` (inspect_ai, ``prontocheck[inspect]``,
``PRONTOCHECK_REQUIRE_INSPECT``), ``@pytest.mark.lm_eval`` (lm-evaluation-harness, ``prontocheck[lm-eval]``,
``PRONTOCHECK_REQUIRE_LM_EVAL``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

# Built parsers are cached in a directory of this run's own (tests/test_parsers.py tests the cache itself), not
# in the user's cache: the CLI tests' subprocesses inherit it.
os.environ["PRONTOCHECK_CACHE_DIR"] = tempfile.mkdtemp(prefix="prontocheck-test-cache-")

settings.register_profile("ci", max_examples=25, deadline=None, print_blob=True)
settings.register_profile("deep", max_examples=1000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
"""The real data: ``../shared/data`` relative to the repository root."""
REQUIRE_SHARED = "PRONTOCHECK_REQUIRE_SHARED"
"""Set to 1 to make a skipped ``shared`` test a failure."""
REQUIRE_RAY = "PRONTOCHECK_REQUIRE_RAY"
"""Set to 1 to make a skipped ``ray`` test a failure."""
_SKIPPED = pytest.StashKey[dict[str, list[str]]]()


@dataclass(frozen=True, slots=True)
class Extra:
    """An optional extra some tests need: their marker, what it is called, the modules it must make importable, the
    variable that makes a skip a failure."""

    marker: str
    what: str
    extra: str
    modules: tuple[str, ...]
    variable: str

    def missing(self) -> str | None:
        """Why the extra cannot be imported here (``None``: it can), found without importing it."""
        missing = [name for name in self.modules if importlib.util.find_spec(name) is None]
        return f"{', '.join(missing)} not installed (pip install 'prontocheck[{self.extra}]')" if missing else None


EXTRAS = {extra.marker: extra for extra in (
    Extra("ray", "Ray", "ray", ("ray", "pyarrow", "pandas"), REQUIRE_RAY),
    Extra("inspect", "inspect_ai", "inspect", ("inspect_ai",), "PRONTOCHECK_REQUIRE_INSPECT"),
    Extra("lm_eval", "lm-eval", "lm-eval", ("lm_eval", "datasets"), "PRONTOCHECK_REQUIRE_LM_EVAL"),
)}
"""The optional extras tests are marked with, by marker."""


def _required(marker: str = "shared") -> bool:
    return os.environ.get(REQUIRE_SHARED if marker == "shared" else EXTRAS[marker].variable) == "1"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "shared: needs the real data in ../shared/data (skipped, and counted in the "
                                       f"summary, where it is absent; a failure to skip with {REQUIRE_SHARED}=1)")
    for extra in EXTRAS.values():
        config.addinivalue_line("markers", f"{extra.marker}: needs {extra.what}, the {extra.extra} extra (skipped, and "
                                           "counted in the summary, where it is not installed; a failure to skip with "
                                           f"{extra.variable}=1)")
    config.stash[_SKIPPED] = {"shared": [], **{marker: [] for marker in EXTRAS}}


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ["PRONTOCHECK_CACHE_DIR"], ignore_errors=True)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("shared") is not None and not SHARED_DATA.is_dir():
        pytest.skip(f"needs ../shared/data (not found at {SHARED_DATA})")
    for extra in EXTRAS.values():
        if item.get_closest_marker(extra.marker) is not None and (why := extra.missing()) is not None:
            pytest.skip(f"needs {extra.what}: {why}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, None, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    marker = next((m for m in ("shared", *EXTRAS) if item.get_closest_marker(m) is not None), None)
    if not report.skipped or hasattr(report, "wasxfail") or marker is None:
        return
    item.config.stash[_SKIPPED][marker].append(item.nodeid)
    if _required(marker):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        what, variable = (("../shared/data", REQUIRE_SHARED) if marker == "shared"
                          else (EXTRAS[marker].what, EXTRAS[marker].variable))
        report.longrepr = f"{item.nodeid} needs {what} and was skipped although {variable}=1: {reason}"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    skipped = config.stash.get(_SKIPPED, {})
    if skipped.get("shared"):
        where = (f"not found at {SHARED_DATA}" if not SHARED_DATA.is_dir()
                 else f"present at {SHARED_DATA}, files missing")
        verdict = "FAILED" if _required() else "SKIPPED"
        terminalreporter.write_sep("=", f"{verdict} {len(skipped['shared'])} tests that need ../shared/data ({where})",
                                   red=_required(), yellow=not _required(), bold=True)
    for extra in EXTRAS.values():
        if skipped.get(extra.marker):
            required = _required(extra.marker)
            terminalreporter.write_sep("=", f"{'FAILED' if required else 'SKIPPED'} {len(skipped[extra.marker])} "
                                            f"tests that need {extra.what} ({extra.missing() or 'skipped'})",
                                       red=required, yellow=not required, bold=True)
