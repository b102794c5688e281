"""Regular expressions compiled once per machine (prontocheck.common.patterns)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import prontocheck.syntax.reading  # noqa: F401 - compiles the reader's patterns through the cache
from prontocheck.common import cachefiles, patterns

ROOT = Path(__file__).resolve().parents[1]
PATTERN = r"(?P<name>[A-Z][a-z]+)\s+is\s+(?:not\s+)?(?:a|an)\s+(?P<kind>\w+)"


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """An empty cache directory and the module as a new process finds it (its at-exit write left to the test)."""
    monkeypatch.setenv(cachefiles.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(patterns, "_kept", None)
    monkeypatch.setattr(patterns, "_used", {})
    monkeypatch.setattr(patterns, "_added", True)  # (no at-exit registration from a test)
    yield tmp_path


def _new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patterns, "_kept", None)
    monkeypatch.setattr(patterns, "_used", {})


def test_every_pattern_the_reader_compiled_equals_re_compile() -> None:
    # Patterns compare by source, flags and code: the kept code is the code re.compile makes.
    assert len(patterns._used) > 100
    for (source, flags), parts in patterns._used.items():
        made = patterns._sre.compile(source, parts[0], list(memoryview(parts[1]).cast("I")), *parts[2:])
        assert made == re.compile(source, flags), source


def test_a_later_process_makes_the_pattern_from_the_kept_code(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = patterns.compile(PATTERN, re.IGNORECASE)
    patterns._save()
    assert len(list(fresh.glob("patterns-*.pickle"))) == 1
    _new_process(monkeypatch)
    monkeypatch.setattr(patterns, "_compile", lambda *a: pytest.fail("compiled again"))
    again = patterns.compile(PATTERN, re.IGNORECASE)
    assert again == first == re.compile(PATTERN, re.IGNORECASE)
    assert again.match("Fae is a wumpus").group("name", "kind") == ("Fae", "wumpus")
    assert again.groupindex == {"name": 1, "kind": 2} and again.flags == re.compile(PATTERN, re.I).flags


def test_flags_are_part_of_the_key(fresh: Path) -> None:
    plain, ignoring = patterns.compile(PATTERN), patterns.compile(PATTERN, re.IGNORECASE)
    assert plain != ignoring and plain.match("fae is a cat") is None and ignoring.match("fae is a cat")


def test_a_damaged_or_foreign_file_is_compiled_anew_and_replaced(fresh: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    patterns.compile(PATTERN)
    patterns._save()
    (path,) = fresh.glob("patterns-*.pickle")
    for bad in (b"not a pickle", __import__("pickle").dumps(Path("/")), __import__("pickle").dumps([1, 2])):
        path.write_bytes(bad)
        _new_process(monkeypatch)
        assert patterns.compile(PATTERN) == re.compile(PATTERN)
    patterns._save()
    _new_process(monkeypatch)
    assert (PATTERN, 0) in patterns._table()  # written back whole


def test_kept_data_that_does_not_fit_the_engine_is_compiled_as_usual(fresh: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    patterns._table()[(PATTERN, 0)] = (0, b"\xff\xff\xff\xff", 2, {}, ())  # (code the engine refuses)
    assert patterns.compile(PATTERN) == re.compile(PATTERN)


def test_no_cache_directory_means_re_compile(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(cachefiles.CACHE_ENV, "off")
    _new_process(monkeypatch)
    monkeypatch.setattr(patterns, "_added", True)
    assert patterns.compile(PATTERN) == re.compile(PATTERN)
    patterns._save()
    assert not list(tmp_path.iterdir())


def test_a_table_grown_too_big_starts_over_with_what_the_process_used(fresh: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patterns, "MAX_KEPT", 3)
    for n in range(5):
        patterns.compile(f"a{{{n}}}")
    _new_process(monkeypatch)
    patterns.compile("b+")
    patterns._table().update({(f"c{n}", 0): (0, b"", 0, {}, ()) for n in range(5)})
    patterns._save()
    _new_process(monkeypatch)
    assert set(patterns._table()) == {("b+", 0)}


def test_a_new_process_writes_what_it_compiled_when_it_ends(tmp_path: Path) -> None:
    code = (f"from prontocheck.common import patterns; import re; "
            f"assert patterns.compile({PATTERN!r}) == re.compile({PATTERN!r})")
    env = {"PYTHONPATH": str(ROOT), cachefiles.CACHE_ENV: str(tmp_path), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    (path,) = tmp_path.glob("patterns-*.pickle")
    assert (PATTERN, 0) in cachefiles.load_plain(path)
