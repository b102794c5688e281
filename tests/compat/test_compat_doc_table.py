"""docs/compat.md's table of the shipped OOD logs (original figures beside the paper profile's) is what
the code computes today: a changed classification that moves a figure fails here until the table (and
its reasons) are brought up to date."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prontocheck import check
from prontocheck.compat import OriginalSummary, Whitelist, compat_check_record
from prontocheck.io import Record, read_records

pytestmark = pytest.mark.shared

ROOT = Path(__file__).resolve().parents[3] / "shared" / "data" / "prontoqa-ood-onehop"
DOC = Path(__file__).resolve().parents[2] / "docs" / "compat.md"
ROW = re.compile(r"^\| (\S+) \| (\w+) \| (\d+) \| ([\d. /]+) \| ([\d. /]+) \|$", re.MULTILINE)
ORDER = ("strict", "broad", "non_atomic", "valid")


def _rows() -> dict[tuple[str, str], tuple[int, str, str]]:
    return {(m[1], m[2]): (int(m[3]), m[4].strip(), m[5].strip()) for m in ROW.finditer(DOC.read_text("utf-8"))}


def _figures(values: dict[str, float]) -> str:
    return " / ".join(f"{values[k]:.2f}" for k in ORDER)


def test_the_table_has_a_row_per_log() -> None:
    if not ROOT.is_dir():
        pytest.skip(f"{ROOT} is not available")
    assert len(_rows()) == len(list(ROOT.glob("*/*.log.gz"))) == 32


@pytest.mark.parametrize("log", sorted(ROOT.glob("*/*.log.gz")), ids=lambda p: p.name.split("_1hop_")[0])
def test_row_matches_the_code(log: Path, main_patterns: Whitelist) -> None:
    rule = re.search(r"_1hop_(\w+?)_(?:3shot_)?nodistractor", log.name)
    assert rule is not None
    n, original, paper = _rows()[(log.parent.name, rule[1])]
    records = [r for r in read_records(str(log)) if isinstance(r, Record)]
    summary = OriginalSummary("prontoqa-ood", source=log.name)
    results = []
    for record in records:
        summary.add(compat_check_record(record, profile="prontoqa-ood", bad_patterns=main_patterns))
        results.append(check(record.problem, record.output).proof)
    assert n == len(records)
    assert original == _figures(summary.build().to_json()["proof"])
    assert paper == _figures({k: sum(getattr(p, k) for p in results) / n for k in ORDER})
