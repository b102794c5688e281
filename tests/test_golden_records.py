"""Golden per-record outputs: every field ``prontocheck analyze FILE -o out.jsonl`` writes, pinned.

The embedded demo (``prontocheck analyze`` with no input) and one small hand-made file per input format in
``tests/data/formats/`` (native JSON Lines, the original PrOntoQA log of a True/False and of an OOD run, the
original JSON as one whole file and as JSON Lines, Logic-LM/chat style records with options and prompts, RL
rollouts read through ``--field``; a JSON array of records, lm-eval ``--log_samples`` and verl rollouts read
through their detected presets, an inspect log (``.eval`` and JSON), OpenAI batch output joined to its input, Parquet:
``tests/data/make_formats.py`` writes these; the two logs also under their compatibility profiles) are analysed
through the command line, and each output line is compared with ``tests/golden/records/<case>.json``. Any change
of a step's validity, premises, rule, assumptions or reason therefore shows in review, as a one-line change of
that step in the golden file.

After an intended change of output, regenerate every golden file (these and the others in ``tests/golden``) and
review the diff::

    PRONTOCHECK_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_records.py tests/test_report.py \
        tests/test_reading_agreement.py

A failing comparison lists the changed fields, one per line: record id, step index, field, old → new.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from prontocheck.analyze import demo_input
from prontocheck.cli import main

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ROOT / "tests" / "data" / "formats"
GOLDEN = ROOT / "tests" / "golden" / "records"
UPDATE_GOLDEN = os.environ.get("PRONTOCHECK_UPDATE_GOLDEN") == "1"
MAX_DIFF_LINES = 40
"""How many changed fields a failure lists before it only counts the rest."""


@dataclass(frozen=True, slots=True)
class Case:
    """One golden file: the ``analyze`` arguments (inputs relative to ``tests/data/formats``) and its name."""

    name: str
    args: tuple[str, ...]


_ROLLOUT_FIELDS = ("--field", "output=completion", "--field", "problem=sample.ground_truth",
                   "--field", "prompt=sample.prompt", "--field", "id=sample.uid")
CASES = (
    Case("demo", ()),
    Case("native", ("native.jsonl",)),
    Case("prontoqa-v1-log", ("prontoqa-v1.log",)),
    Case("prontoqa-ood-log", ("prontoqa-ood.log",)),
    Case("prontoqa-json", ("prontoqa.json",)),
    Case("prontoqa-json-lines", ("prontoqa-lines.jsonl",)),
    Case("logiclm", ("logiclm.jsonl",)),
    Case("rollouts", ("rollouts.jsonl", *_ROLLOUT_FIELDS)),
    Case("json-array", ("records-array.json",)),
    Case("lm-eval", ("lm-eval-samples.jsonl",)),
    Case("verl", ("verl-rollouts.jsonl",)),
    Case("inspect-eval", ("inspect.eval",)),
    Case("inspect-json", ("inspect-log.json",)),
    Case("openai-batch", ("batch-output.jsonl", "--batch-input", "batch-input.jsonl")),
    Case("parquet", ("records.parquet",)),
    Case("prontoqa-v1-log.compat", ("prontoqa-v1.log", "--profile", "prontoqa-v1")),
    Case("prontoqa-ood-log.compat", ("prontoqa-ood.log", "--profile", "prontoqa-ood")),
)


def normalise(value: Any, prefixes: dict[str, str]) -> Any:
    """``value`` with every string's machine path prefixes replaced (the demo's installed folder → nothing).

    >>> normalise({"file": "/x/y/demo.jsonl", "n": ["/x/y/demo.jsonl:3", 1]}, {"/x/y/": ""})
    {'file': 'demo.jsonl', 'n': ['demo.jsonl:3', 1]}
    """
    if isinstance(value, str):
        for prefix, replacement in prefixes.items():
            value = value.replace(prefix, replacement)
        return value
    if isinstance(value, list):
        return [normalise(v, prefixes) for v in value]
    if isinstance(value, dict):
        return {k: normalise(v, prefixes) for k, v in value.items()}
    return value


def render(records: list[dict[str, Any]]) -> str:
    """The golden text: a JSON array, one record member per line and one step or sentence per line.

    >>> print(render([{"id": "a", "steps": [{"index": 0}, {"index": 1}], "x": []}]))
    [
     {
      "id": "a",
      "steps": [
       {"index": 0},
       {"index": 1}
      ],
      "x": []
     }
    ]
    <BLANKLINE>
    """
    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["["]
    for r, record in enumerate(records):
        lines.append(" {")
        for k, (key, value) in enumerate(record.items()):
            comma = "," if k < len(record) - 1 else ""
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                lines.append(f"  {dumps(key)}: [")
                lines.extend(f"   {dumps(v)}{',' if i < len(value) - 1 else ''}" for i, v in enumerate(value))
                lines.append(f"  ]{comma}")
            else:
                lines.append(f"  {dumps(key)}: {dumps(value)}{comma}")
        lines.append(" }" + ("," if r < len(records) - 1 else ""))
    lines.append("]")
    return "\n".join(lines) + "\n"


def _changes(path: str, old: Any, new: Any) -> Iterator[str]:
    """Each changed leaf below ``path``: ``path: old → new``."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [*old, *(k for k in new if k not in old)]:
            sub = f"{path}.{key}" if path else key
            if key not in new:
                yield f"{sub}: removed (was {json.dumps(old[key], ensure_ascii=False)})"
            elif key not in old:
                yield f"{sub}: added {json.dumps(new[key], ensure_ascii=False)}"
            else:
                yield from _changes(sub, old[key], new[key])
    elif isinstance(old, list) and isinstance(new, list) and all(isinstance(v, dict) for v in [*old, *new]):
        for i in range(max(len(old), len(new))):
            sub = f"{path}[{i}]"
            if i >= len(new):
                yield f"{sub}: removed"
            elif i >= len(old):
                yield f"{sub}: added {json.dumps(new[i], ensure_ascii=False)}"
            else:
                yield from _changes(sub, old[i], new[i])
    elif old != new or type(old) is not type(new):
        yield f"{path}: {json.dumps(old, ensure_ascii=False)} → {json.dumps(new, ensure_ascii=False)}"


def diff(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[str]:
    """The changed fields between two runs' records, matched by position and named by id.

    >>> old = [{"id": "a", "steps": [{"index": 0, "premises": [1, 0], "rule": "Hop"}]}]
    >>> new = [{"id": "a", "steps": [{"index": 0, "premises": [1], "rule": "Hop"}]}]
    >>> diff(old, new)
    ["record 'a' (#1): steps[0].premises: [1, 0] → [1]"]
    >>> diff(old, [])
    ["record 'a' (#1): removed"]
    """
    lines = []
    for n in range(max(len(old), len(new))):
        if n >= len(new):
            lines.append(f"record {old[n].get('id')!r} (#{n + 1}): removed")
        elif n >= len(old):
            lines.append(f"record {new[n].get('id')!r} (#{n + 1}): added")
        else:
            name = repr(old[n].get("id")) if old[n].get("id") == new[n].get("id") else \
                f"{old[n].get('id')!r} → {new[n].get('id')!r}"
            lines.extend(f"record {name} (#{n + 1}): {change}" for change in _changes("", old[n], new[n]))
    return lines


def analyze(case: Case, out: Path, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The normalised per-record output of ``prontocheck analyze ARGS -o OUT`` run in ``tests/data/formats``."""
    monkeypatch.chdir(FORMATS)
    result = CliRunner().invoke(main, ["analyze", *case.args, "-q", "-f", "json", "-o", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    with demo_input() as demo:
        prefixes = {str(demo.parent) + os.sep: ""}
    records = [normalise(json.loads(line), prefixes) for line in out.read_text("utf-8").splitlines()]
    text = json.dumps(records, ensure_ascii=False)
    assert str(ROOT) not in text and str(out.parent) not in text, "a machine path is left in the output"
    return records


def _check(case: Case, records: list[dict[str, Any]]) -> None:
    path = GOLDEN / f"{case.name}.json"
    if UPDATE_GOLDEN:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(render(records), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing; see the module docstring to make it")
    pinned = json.loads(path.read_text("utf-8"))
    if pinned != records:
        changes = diff(pinned, records)
        shown = changes[:MAX_DIFF_LINES]
        more = [f"… and {len(changes) - len(shown)} more"] if len(changes) > len(shown) else []
        pytest.fail(f"{path.name}: {len(changes)} changed fields (regenerate with PRONTOCHECK_UPDATE_GOLDEN=1 and "
                    "review the diff; see the module docstring):\n" + "\n".join([*shown, *more]), pytrace=False)
    assert render(records) == path.read_text("utf-8"), f"{path} is not in the rendered form; regenerate it"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_per_record_output_is_pinned(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _check(case, analyze(case, tmp_path / "out.jsonl", monkeypatch))


def test_every_format_file_has_a_golden_case() -> None:
    inputs = {case.args[0] for case in CASES if case.args}
    inputs |= {case.args[i + 1] for case in CASES for i, arg in enumerate(case.args) if arg == "--batch-input"}
    assert inputs == {p.name for p in FORMATS.iterdir() if p.is_file()}
    assert {p.name for p in GOLDEN.glob("*.json")} == {f"{case.name}.json" for case in CASES}


def test_the_golden_files_cover_every_kind_of_step_and_record() -> None:
    steps, records = [], []
    for case in CASES:
        records += json.loads((GOLDEN / f"{case.name}.json").read_text("utf-8"))
    for record in records:
        steps += record.get("steps", [])
    kinds = {(s["validity"], s["atomic"], s["utility"]) for s in steps}
    assert {("strict", True, "useful"), ("strict", False, "useful"), ("broad", False, "useful"),
            ("strict", True, "misleading"), ("strict", True, "off_path"), ("invalid", None, None),
            ("unparseable", None, None)} <= kinds
    rules = {s["rule"] for s in steps}
    assert {"Ax", "Hop", "Repeat", "Composition", "AndIntro", "AndElim", "OrIntro", "OrElim", "Assume",
            "Contradiction"} <= rules
    assert any(s["redundant"] for s in steps) and any(s["assumptions"] for s in steps)
    assert any(s["text"].startswith(("She ", "So she ", "It ")) for s in steps)  # pronouns
    assert sum("error" in r for r in records) >= 6 and sum("compat" in r for r in records) == 7
    assert {r["label"]["predicted"] for r in records if "label" in r} == {True, False, None}


def test_the_output_does_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    """The native case again in a fresh process with hash randomisation off: the same records as pinned
    (the in-process run above has a random seed)."""
    out = tmp_path / "out.jsonl"
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    subprocess.run([sys.executable, "-m", "prontocheck.cli", "analyze", "native.jsonl", "-q", "-f", "json",
                    "-o", str(out)], cwd=FORMATS, capture_output=True, check=True,
                   env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": path})
    records = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert diff(json.loads((GOLDEN / "native.json").read_text("utf-8")), records) == []
