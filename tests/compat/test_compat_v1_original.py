"""The ``prontoqa-v1`` profile prints what the original v1 analyzer printed for the shipped v1 logs.

The files in ``tests/golden/v1-original/`` are the figure lines (from ``Correct steps:`` to the end)
that the original v1 analysis printed for each log of ../shared/data/prontoqa-v1-llama, run for this
test on 2026-11-30: ``analyze_results.py LOG`` with ``run_experiment.py`` of the fork
horenbergerb/prontoqa_llama @ ac6cd81 (the v1 branch plus debug prints), ``syntax.py`` of
asaparov/prontoqa @ 0053569 and ``fol.py`` @ 96eea01, and v1's ``bad_patterns.txt``. The fork's own
additions (debug prints, a 0-based id list) are left out. Five logs make the original stop on a
sentence it cannot parse; those files come from the same run with the stop switched off (the
sentence dropped), as prontocheck does, which says where the original would have stopped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prontocheck.compat import OriginalSummary, Whitelist, compat_check_record, render_original
from prontocheck.io import RecordError, read_records

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "prontoqa-v1-llama"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "v1-original"

# Where the original stops: the first sentence it refuses (without its full stop).
STOPS = {
    "llama-chat-13b-q8_0.llama_3hop": ("14", "Yumpuses are rompus"),
    "llama-chat-13b-q8_0.llama_4hop": ("14", "Sally is a dull"),
    "platypus2-instruct-70b.llama_4hop": ("37", "Shy is not aggressive"),
    "wizard-1.0-uncensored-33b.llama_1hop": ("11", "Numpus is not cold"),
    "wizard-1.0-uncensored-33b.llama_3hop": ("24", "Zumpuses are rompus"),
}


def test_a_golden_file_per_log() -> None:
    assert len(list(GOLDEN.glob("*.out"))) == 16


@pytest.mark.shared
@pytest.mark.parametrize("golden", sorted(GOLDEN.glob("*.out")), ids=lambda p: p.stem)
def test_render_original_equals_the_original_v1_analyzer(golden: Path, v1_patterns: Whitelist) -> None:
    model, hops = golden.stem.rsplit(".", 1)
    log = DATA / model / f"{hops}.log.gz"
    if not log.is_file():
        pytest.skip(f"{log} is not available")
    summary = OriginalSummary("prontoqa-v1", source=log.name.removesuffix(".gz"))
    for record in read_records(str(log)):
        assert not isinstance(record, RecordError), str(record)
        summary.add(compat_check_record(record, profile="prontoqa-v1", bad_patterns=v1_patterns))
    figures = summary.build()
    assert render_original(figures) == golden.read_text("utf-8")
    stop = STOPS.get(golden.stem)
    assert figures.would_abort == (stop is not None)
    if stop is not None:
        example, sentence = stop
        first_id, _, first_sentence, _ = figures.refused[0]
        assert (str(first_id).rsplit(":", 1)[-1], first_sentence) == (example, sentence)
