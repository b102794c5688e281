"""The real material mutations start from: problems with model outputs, sentences, record lines, log blocks,
modal and relational items.

It comes from the repository (``fixtures/``, ``tests/data/``: always there, so CI works alone) and, when
present, from the real data beside the checkout (``../shared/data``: model outputs on PrOntoQA, the original
experiment logs, the modal benchmark's items), read with the project's own readers.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from prontocheck.io import Record, read_records
from prontocheck.prontoqa.problem import Problem

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"

NATIVE_FILES = ("fixtures/demo.jsonl", "tests/data/reading/styles.jsonl")
SHARED_NATIVE = ("prontoqa-logiclm-gpt4o-mini/outputs.jsonl",)
SHARED_LOGS = ("prontoqa-v1-llama/llama-chat-13b-q8_0/llama_3hop.log.gz",
               "prontoqa-v1-llama/platypus2-instruct-70b/llama_2hop.log.gz",
               "prontoqa-ood-onehop/gemma_2_9b_it/gemma-2-9b-it_proofbycontra_1hop_ProofByContra_nodistractor.log.gz",
               "prontoqa-ood-onehop/gemma_2_9b_it/gemma-2-9b-it_orelim_1hop_OrElim_nodistractor.log.gz")
MODAL_FILES = ("fixtures/modal/items.jsonl",)
SHARED_MODAL = ("modal-holliday-dev/items.jsonl",)
RELATION_FILES = ("fixtures/relations/art_sample.jsonl", "fixtures/relations/art_table1.jsonl",
                  "fixtures/relations/planted.jsonl")
PER_FILE = 120
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Corpus:
    """Real inputs, grouped by what they feed.

    Attributes:
        pairs: (problem, model output) pairs.
        sentences: single sentences (context, gold and output sentences, queries).
        native_lines: native JSON Lines records, as written.
        log_blocks: original-log blocks (``Q:`` … ``n:``), each ending in a newline.
        modal_lines: modal items, one JSON object a line.
        relation_lines: relational items, one JSON object a line.
        sources: the files read.
    """

    pairs: tuple[tuple[Problem, str], ...]
    sentences: tuple[str, ...]
    native_lines: tuple[str, ...]
    log_blocks: tuple[str, ...]
    modal_lines: tuple[str, ...]
    relation_lines: tuple[str, ...]
    sources: tuple[str, ...]

    @property
    def outputs(self) -> tuple[str, ...]:
        return tuple(out for _, out in self.pairs)


def _lines(path: Path, limit: int = PER_FILE) -> list[str]:
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for _, line in zip(range(limit), f) if line.strip()]


def _records(path: Path, limit: int = PER_FILE) -> list[Record]:
    out = []
    for r in read_records(str(path)):
        if isinstance(r, Record) and r.output and r.problem.query:
            out.append(r)
        if len(out) >= limit:
            break
    return out


def _log_blocks(path: Path, limit: int = 40) -> list[str]:
    """The test blocks of a log (the last ``Q:`` question, its prediction, expectation and trial line)."""
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
        text = f.read()
    blocks, current = [], []
    for line in text.splitlines(keepends=True):
        current.append(line)
        if line.startswith("n: "):
            q = max((i for i, s in enumerate(current) if s.startswith("Q: ")), default=0)
            blocks.append("".join(current[q:]))
            current = []
            if len(blocks) >= limit:
                break
    return blocks


def _synthetic_block(problem: Problem, output: str, n: int) -> str:
    """A log block written as ``run_experiment.py`` writes one, from a real problem and output."""
    gold = " ".join(problem.gold_cot) if isinstance(problem.gold_cot, tuple) else (problem.gold_cot or "")
    label = "" if problem.gold_label is None else f"\n {problem.gold_label}"
    flat = output.replace("\n", " ")
    return (f"Q: {problem.context} {problem.query}\nA:\n\nPredicted answer: {flat}\n\n"
            f"Expected answer: {gold}{label}\nn: {n}, (beta prior) mean: 0.5\n")


def _sentences(pairs: list[tuple[Problem, str]]) -> list[str]:
    seen: dict[str, None] = {}
    for problem, output in pairs:
        texts = [problem.context, output, problem.query]
        if problem.gold_cot:
            texts += list(problem.gold_cot) if isinstance(problem.gold_cot, tuple) else [problem.gold_cot]
        for text in texts:
            for s in _SENTENCE_END.split(text):
                if 3 <= len(s) <= 300:
                    seen.setdefault(s.strip(), None)
    return list(seen)


@lru_cache(maxsize=2)
def load(shared: bool = True) -> Corpus:
    """The corpus: the repository's files, and ``../shared/data`` when ``shared`` and present."""
    sources: list[Path] = [ROOT / p for p in NATIVE_FILES]
    logs: list[Path] = []
    modal = [ROOT / p for p in MODAL_FILES]
    if shared and SHARED.is_dir():
        sources += [SHARED / p for p in SHARED_NATIVE if (SHARED / p).is_file()]
        logs = [SHARED / p for p in SHARED_LOGS if (SHARED / p).is_file()]
        modal += [SHARED / p for p in SHARED_MODAL if (SHARED / p).is_file()]
    records = [r for path in [*sources, *logs] for r in _records(path)]
    pairs = [(r.problem, r.output) for r in records]
    native = [line for path in sources for line in _lines(path)]
    blocks = [b for path in logs for b in _log_blocks(path)]
    blocks += [_synthetic_block(p, out, i) for i, (p, out) in enumerate(pairs[:200], start=1)]
    relation = [line for p in RELATION_FILES for line in _lines(ROOT / p)]
    modal_lines = [line for path in modal for line in _lines(path)]
    for line in modal_lines + relation + native:
        json.loads(line)  # the seeds themselves are well formed
    return Corpus(tuple(pairs), tuple(_sentences(pairs)), tuple(native), tuple(blocks), tuple(modal_lines),
                  tuple(relation), tuple(str(p) for p in [*sources, *logs, *modal]))
