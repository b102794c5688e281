"""Hypothesis profiles, and the tests that need the real data in ``../shared/data``.

Hypothesis: ``ci`` (default, fast) and ``deep``; choose with ``HYPOTHESIS_PROFILE=deep``.

A test that needs ``../shared/data`` (beside the checkout) is marked ``@pytest.mark.shared``. Where the folder is
absent it is skipped, and the run ends with one loud line, ``SKIPPED N tests that need ../shared/data (not found
at PATH)``. With ``PRONTOCHECK_REQUIRE_SHARED=1`` (``.ci/run`` sets it when the folder is there) a skip of such a
test is a failure: the real-data tests cannot silently stop running (a moved file, a renamed folder).

A test that needs Ray (the extra ``pip install 'prontocheck[ray]'``) is marked ``@pytest.mark.ray``, and is handled
the same way: skipped where Ray or Ray Data cannot be imported, with one loud line at the end, and a failure to skip
with ``PRONTOCHECK_REQUIRE_RAY=1`` (``.ci/run`` installs the extra and sets it).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from collections.abc import Generator
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


def _required(marker: str = "shared") -> bool:
    return os.environ.get(REQUIRE_SHARED if marker == "shared" else REQUIRE_RAY) == "1"


def _ray_missing() -> str | None:
    """Why Ray Data cannot be imported here (``None``: it can), found without importing it."""
    missing = [name for name in ("ray", "pyarrow", "pandas") if importlib.util.find_spec(name) is None]
    return f"{', '.join(missing)} not installed (pip install 'prontocheck[ray]')" if missing else None


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "shared: needs the real data in ../shared/data (skipped, and counted in the "
                                       f"summary, where it is absent; a failure to skip with {REQUIRE_SHARED}=1)")
    config.addinivalue_line("markers", "ray: needs Ray Data, the ray extra (skipped, and counted in the summary, where "
                                       f"it is not installed; a failure to skip with {REQUIRE_RAY}=1)")
    config.stash[_SKIPPED] = {"shared": [], "ray": []}


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ["PRONTOCHECK_CACHE_DIR"], ignore_errors=True)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("shared") is not None and not SHARED_DATA.is_dir():
        pytest.skip(f"needs ../shared/data (not found at {SHARED_DATA})")
    if item.get_closest_marker("ray") is not None and (why := _ray_missing()) is not None:
        pytest.skip(f"needs Ray: {why}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, None, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    marker = next((m for m in ("shared", "ray") if item.get_closest_marker(m) is not None), None)
    if not report.skipped or hasattr(report, "wasxfail") or marker is None:
        return
    item.config.stash[_SKIPPED][marker].append(item.nodeid)
    if _required(marker):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        what, variable = ("../shared/data", REQUIRE_SHARED) if marker == "shared" else ("Ray", REQUIRE_RAY)
        report.longrepr = f"{item.nodeid} needs {what} and was skipped although {variable}=1: {reason}"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    skipped = config.stash.get(_SKIPPED, {})
    if skipped.get("shared"):
        where = (f"not found at {SHARED_DATA}" if not SHARED_DATA.is_dir()
                 else f"present at {SHARED_DATA}, files missing")
        verdict = "FAILED" if _required() else "SKIPPED"
        terminalreporter.write_sep("=", f"{verdict} {len(skipped['shared'])} tests that need ../shared/data ({where})",
                                   red=_required(), yellow=not _required(), bold=True)
    if skipped.get("ray"):
        verdict = "FAILED" if _required("ray") else "SKIPPED"
        terminalreporter.write_sep("=", f"{verdict} {len(skipped['ray'])} tests that need Ray "
                                        f"({_ray_missing() or 'skipped'})",
                                   red=_required("ray"), yellow=not _required("ray"), bold=True)
