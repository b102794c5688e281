"""The fuzz targets under a bounded Hypothesis budget (the long run: ``python -m tests.fuzz``, see
tests/fuzz/__main__.py). Each input must give only the target's documented errors, finish, and lose no record.

The material is the repository's own (``fixtures/``, ``tests/data/``) plus ``../shared/data`` when present.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz import corpus as corpus_module
from tests.fuzz.files import InputFile, make_file
from tests.fuzz.mutate import mutate_text
from tests.fuzz.runner import confirm, run_one
from tests.fuzz.strategies import inputs
from tests.fuzz.targets import TARGETS, Outcome, bind, run_records

CORPUS = corpus_module.load()
bind(CORPUS)


@pytest.fixture(autouse=True)
def _quiet_rewards() -> Iterator[None]:
    """The rewards log each junk input's reason: keep this module's thousands of them out of the log, and give
    the level back (other modules' tests read those warnings)."""
    logger = logging.getLogger("prontocheck.rewards")
    level = logger.level
    logger.setLevel(logging.ERROR)
    yield
    logger.setLevel(level)


def _assert_clean(name: str, inp: object) -> None:
    kind, sig, error, outcome, spent = run_one(TARGETS[name], inp, 10.0)
    assert kind is None, f"{name}: {kind}: {sig}\ninput: {inp!r}" + (f"\n{error!r}" if error else "")


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_target_survives_mutated_real_inputs(name: str) -> None:
    @settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
              database=None)
    @given(inputs(name, CORPUS))
    def prop(inp: object) -> None:
        _assert_clean(name, inp)

    prop()


def test_the_corpus_works_without_shared_data() -> None:
    alone = corpus_module.load(shared=False)
    assert alone.pairs and alone.sentences and alone.native_lines and alone.log_blocks
    assert alone.modal_lines and alone.relation_lines
    assert all("shared" not in s for s in alone.sources)


def test_mutations_are_seeded() -> None:
    pool = CORPUS.sentences[:50]
    runs = [[mutate_text(s, random.Random(7), pool) for s in pool] for _ in range(2)]
    assert runs[0] == runs[1] and runs[0] != list(pool)


def test_a_lost_record_is_seen() -> None:
    """The harness' own check: a JSON Lines file whose lines give no results is reported as losing them."""
    data = b'{"output": "x", "context": "Fae is a cat.", "query": "Prove: Fae is a cat."}\n' * 2
    f = InputFile(data, "native", "none", False)
    assert run_records(f).lost == []
    from tests.fuzz import targets

    real = targets._named
    try:
        targets._named = lambda path, results, lines, whole, fmt: real(path, results[:1], lines, whole, fmt)
        assert run_records(f).lost == ["line 2: " + repr(data.decode().splitlines()[1][:80]) +
                                       " gave no record and no error"]
    finally:
        targets._named = real


def test_truncated_compression_keeps_what_is_readable() -> None:
    """Compressed files cut short: every complete line (or log block) before the cut is named, then the
    file's error; the harness computes what is readable with the decompressors alone."""
    seen = 0
    for seed in range(400):
        f = make_file(random.Random(seed), CORPUS.native_lines, CORPUS.log_blocks)
        if not f.truncated:
            continue
        seen += 1
        outcome = run_records(f)
        assert isinstance(outcome, Outcome) and outcome.lost == [], (seed, outcome.lost)
    assert seen >= 10


def test_a_hang_is_confirmed_by_running_the_input_again_alone() -> None:
    # The replay exits 1 on a finding: an input over a tiny limit is a hang alone too; under a wide one it is not
    # (an input over the limit in a long run but not alone is counted "slow", not a hang).
    assert confirm("check", 7, 3, 1e-6, shared=False)
    assert not confirm("check", 7, 3, 60.0, shared=False)
