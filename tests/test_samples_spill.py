"""The samples' memory stays bounded (prontocheck.report.samples, prontocheck.report.spill): beyond ``SPILL_LIMIT``
samples a builder moves them to a temporary SQLite database, and every summary is the same as in memory.

The command-line tests run ``analyze`` in a new process whose ``SPILL_LIMIT`` is made tiny (and whose ``$TMPDIR``
is a folder of the test, to see that the database is removed); the others compare spilled builders with builders
that keep everything in memory.
"""

from __future__ import annotations

import gc
import json
import math
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import prontocheck.report.samples as samples_module
from prontocheck import Problem, check
from prontocheck.prontoqa.results import ExampleResult
from prontocheck.report.aggregate import GroupedSummaryBuilder, SummaryBuilder
from prontocheck.report.samples import SampleKey, SamplesBuilder, summarize_samples
from prontocheck.report.spill import Spill

ROOT = Path(__file__).resolve().parent.parent
ROLLOUTS = ROOT / "tests" / "data" / "samples" / "rollouts-k4.jsonl"

# Runs `prontocheck` with SPILL_LIMIT = argv[1]; prints to stderr how many databases this process opened.
_WRAPPER = """
import atexit, sys
import prontocheck.report.samples as samples
from prontocheck.report.spill import Spill
samples.SPILL_LIMIT = int(sys.argv.pop(1))
opened = []
class Counted(Spill):
    def __init__(self):
        super().__init__()
        opened.append(1)
samples.Spill = Counted
atexit.register(lambda: print(f"spills: {len(opened)}", file=sys.stderr))
from prontocheck.cli import main
main()
"""


def _analyze(limit: int, tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp)}
    return subprocess.run([sys.executable, "-c", _WRAPPER, str(limit), "analyze", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def rollouts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rollouts file seven times over, as two models' runs: several samples per problem in each group, in
    chunks of more than one batch (a worker's chunk has 256 records, the file 2 × 7 × 9 + 1 = 127 records with
    jobs 1 in batches of 32).
    """
    lines = ROLLOUTS.read_text(encoding="utf-8").splitlines()
    out = []
    for model in ("m1", "m2"):
        for copy in range(7):
            for line in lines:
                record = json.loads(line)
                record["id"] = f"{record['id']}-{copy}"  # paired across the models on their ids
                record["model"] = model
                out.append(json.dumps(record))
    out.append('{"id": "bad"')  # a bad record, counted in the summary
    path = tmp_path_factory.mktemp("spill") / "rollouts.jsonl"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("grouped", [False, True])
def test_analyze_prints_the_same_summary_spilled_or_not(rollouts: Path, tmp_path: Path, jobs: str,
                                                        grouped: bool) -> None:
    args = [str(rollouts), "-f", "json", "-q", "--jobs", jobs, "--sample-logprob", "avg_logprob",
            *(["--group-by", "model", "--paired"] if grouped else [])]
    memory_tmp, spill_tmp = tmp_path / "memory", tmp_path / "spill"
    memory_tmp.mkdir()
    spill_tmp.mkdir()
    in_memory = _analyze(100_000, memory_tmp, *args)
    spilled = _analyze(2, spill_tmp, *args)
    assert in_memory.returncode == spilled.returncode == 0, spilled.stderr
    assert "spills: 0" in in_memory.stderr
    assert "spills: 0" not in spilled.stderr and "spills: " in spilled.stderr
    summary = json.loads(spilled.stdout)
    total = summary["total"] if grouped else summary
    samples = total["samples"]
    assert total["n_errors"] == 1
    if grouped:
        assert summary["paired"]["a"]["unmatched"]["n"] == 0 and summary["paired"]["a"]["records"] == 63
    assert (samples["problems"], samples["samples"]) == ((6, 126) if grouped else (3, 126))
    assert spilled.stdout == in_memory.stdout
    assert list(spill_tmp.iterdir()) == [] and list(memory_tmp.iterdir()) == []


def test_the_database_is_removed_on_close_and_when_the_builder_is_collected(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    p = Problem("Fae is a cat.", "True or false: Fae is a cat.")
    builder = SamplesBuilder(limit=1)
    for i in range(3):
        builder.add(check(p, "True", id=f"r{i}"), SampleKey("q"))
    assert builder.spilled and len(list(tmp_path.iterdir())) == 1
    assert builder.build() is not None
    builder.close()
    assert not builder.spilled and list(tmp_path.iterdir()) == [] and builder.build() is None
    for i in range(3):
        builder.add(check(p, "True", id=f"r{i}"), SampleKey("q"))
    assert len(list(tmp_path.iterdir())) == 1
    del builder
    gc.collect()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("error", ["KeyboardInterrupt", "RuntimeError('boom')"])
def test_the_database_is_removed_on_an_exception(tmp_path: Path, error: str) -> None:
    code = f"""
from prontocheck import Problem, check
from prontocheck.report.aggregate import SummaryBuilder
import prontocheck.report.samples as samples
samples.SPILL_LIMIT = 1
p = Problem("Fae is a cat.", "True or false: Fae is a cat.")
def run():
    builder = SummaryBuilder()
    for i in range(4):
        builder.add(check(p, "True", id=str(i)), samples.SampleKey("q"))
    assert builder.samples.spilled
    import os
    assert os.listdir({str(tmp_path)!r})
    raise {error}
run()
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode != 0 and error.split("(")[0] in run.stderr, run.stderr
    assert "AssertionError" not in run.stderr
    assert list(tmp_path.iterdir()) == []


# --- spilled and in-memory builders agree ----------------------------------------------------------------------

_P = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore.")
_Q = Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is not a carnivore.")
_OUTPUTS = ("Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True", "Fae is a carnivore. True",
            "Fae is a dog. False", "True", "", "Fae is a cat. False")
_KEYS = ("q0", "q1", "q\x00two", "\ud800", "id:x", None)
_IDS = st.text(max_size=3) | st.sampled_from(["\ud800", "a\x00", "\udfff\ud800"])
_LOGPROBS = st.one_of(st.none(), st.floats(max_value=0.0), st.sampled_from([-0.5, -0.05, math.nan, math.inf]))

_RESULTS: dict[tuple[int, int, str], ExampleResult] = {}


def _result(problem: int, output: int, id: str) -> ExampleResult:
    key = (problem, output, id)
    if key not in _RESULTS:
        _RESULTS[key] = check((_P, _Q)[problem], _OUTPUTS[output], id=id)
    return _RESULTS[key]


_ITEM = st.tuples(st.sampled_from(range(len(_KEYS))), st.integers(0, 1), st.integers(0, len(_OUTPUTS) - 1), _IDS,
                  _LOGPROBS, st.booleans())


def _fill(builder: SamplesBuilder, chunk: list[tuple[int, int, int, str, float | None, bool]]) -> SamplesBuilder:
    for key, problem, output, id, logprob, misleading in chunk:
        name = _KEYS[key]
        builder.add(_result(problem, output, id), None if name is None else SampleKey(name, logprob),
                    misleading=misleading)
    return builder


def _same(a: object, b: object) -> bool:
    """Equal, NaN equal to NaN (a NaN log-probability is kept as it was given)."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_ITEM, max_size=8), min_size=1, max_size=5), st.lists(st.integers(0, 4), min_size=5,
                                                                                max_size=5),
       st.booleans())
def test_spilled_and_in_memory_builders_agree(chunks: list[list[tuple[int, int, int, str, float | None, bool]]],
                                              limits: list[int], pickled: bool) -> None:
    whole = SamplesBuilder()
    for chunk in chunks:
        _fill(whole, chunk)
    # The same samples in chunks, each builder with its own tiny limit, merged in order (some through pickle).
    merged = SamplesBuilder(limit=limits[0])
    for chunk, limit in zip(chunks, limits):
        part = _fill(SamplesBuilder(limit=limit), chunk)
        merged.merge(pickle.loads(pickle.dumps(part)) if pickled else part)
    expected = [(key, s) for key, s in whole.samples()]
    assert _same([(key, tuple(s.__getattribute__(f) for f in s.__slots__)) for key, s in merged.samples()],
                 [(key, tuple(s.__getattribute__(f) for f in s.__slots__)) for key, s in expected])
    problems: dict[object, list[object]] = {}
    for i, (key, s) in enumerate(expected):
        problems.setdefault(key if key is not None else i, []).append(s)
    built = merged.build()
    assert repr(built) == repr(whole.build()) == repr(summarize_samples(list(problems.values())))  # type: ignore
    if built is not None:
        assert json.dumps(built.to_json()) == json.dumps(whole.build().to_json())  # type: ignore[union-attr]
    assert not whole.spilled
    merged.close()


def test_a_spilled_builder_pickles_with_its_samples_and_spills_again(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    builder = _fill(SamplesBuilder(limit=2), [(k % 3, 0, k % 4, str(k), None, False) for k in range(7)])
    assert builder.spilled
    copy = pickle.loads(pickle.dumps(builder))
    assert copy.spilled and len(list(tmp_path.iterdir())) == 2
    assert list(copy.samples()) == list(builder.samples()) and copy.build() == builder.build()


def test_grouped_builders_agree_spilled_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    items = [(f"m{i % 2}", f"q{i % 3}", _OUTPUTS[i % len(_OUTPUTS)], f"r{i}") for i in range(24)]

    def run() -> tuple[object, object]:
        whole = GroupedSummaryBuilder("model")
        merged = GroupedSummaryBuilder("model", limit=None)
        for start in range(0, len(items), 5):
            part = GroupedSummaryBuilder("model", limit=None)
            for model, problem, output, id in items[start:start + 5]:
                result = check(_P, output, id=id, metadata={"model": model})
                whole.add(result, sample=SampleKey(problem))
                part.add(result, sample=SampleKey(problem))
            merged.merge(pickle.loads(pickle.dumps(part)))
        assert merged.build() == whole.build()
        return whole.build().to_json(), merged._total.samples.spilled

    in_memory, spilled_before = run()
    monkeypatch.setattr(samples_module, "SPILL_LIMIT", 1)
    spilled, spilled_after = run()
    assert (spilled_before, spilled_after) == (False, True)
    assert json.dumps(spilled) == json.dumps(in_memory)


def test_a_summary_builder_spills_its_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(samples_module, "SPILL_LIMIT", 3)
    builder = SummaryBuilder()
    for i in range(5):
        builder.add(check(_P, _OUTPUTS[i % 2], id=str(i)), SampleKey("q"))
    assert builder.samples.spilled
    assert builder.build().samples is not None and builder.build().samples.samples == 5  # type: ignore[union-attr]


def test_a_spill_keeps_texts_and_numbers_exactly() -> None:
    spill = Spill()
    rows = [("\ud800\x00é", 305, bytes(12), float("nan"), None), ("", 0, b"\xff" * 12, -math.inf, 7),
            ("x", 1, b"a", 1e-300, 0)]
    assert spill.write([("k\x00\udfff", rows[:2]), (None, rows[2:])]) == 3
    [(key, kept), (none, single)] = list(spill.problems())
    assert key == "k\x00\udfff" and none is None and single == rows[2:]
    assert kept[0][3] is not None and math.isnan(kept[0][3]) and kept[0][:3] == rows[0][:3] and kept[1] == rows[1]
    assert spill.several()
    spill.close()
    singles = Spill()
    singles.write([(None, rows), ("k", rows[:1])])
    assert not singles.several()
    singles.close()
